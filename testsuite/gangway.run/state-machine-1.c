/* Irregular per-lane control flow: each lane parses its own string with a
   while loop, a switch on a state with fallthrough, continue, break and a
   goto (parse is always_inline, so it is in the region even at -O0).  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 1000
#define L 24

static inline __attribute__ ((always_inline)) int
parse (const char *s)
{
  int v = 0, sign = 1, k = 0, state = 0;
  while (k < L)
    {
      char ch = s[k++];
      if (ch == 0)
	break;
      switch (state)
	{
	case 0:
	  if (ch == ' ')
	    continue;
	  if (ch == '-')
	    {
	      sign = -1;
	      state = 1;
	      break;
	    }
	  state = 1;
	  /* Fall through.  */
	case 1:
	  if (ch >= '0' && ch <= '9')
	    {
	      v = v * 10 + (ch - '0');
	      break;
	    }
	  if (ch == '#')
	    goto done;
	  state = 2;
	  break;
	default:
	  v += 1;
	}
    }
 done:
  return sign * v;
}

int
main (void)
{
  static char text[N][L];
  static int val[N];
  for (int i = 0; i < N; i++)
    snprintf (text[i], L, "%*s%s%d%s%s", i % 5, "", i % 3 ? "" : "-",
	      (i * 7919) % 100000,
	      i % 4 == 0 ? "#xyz" : i % 4 == 1 ? "abc" : "", i % 7 ? "" : "??");

#pragma acc parallel loop copyin(text) copyout(val)
  for (int i = 0; i < N; i++)
    val[i] = parse (text[i]);

  for (int i = 0; i < N; i++)
    if (val[i] != parse (text[i]))
      {
	fprintf (stderr, "val[%d] = %d, expected %d (\"%s\")\n", i, val[i],
		 parse (text[i]), text[i]);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
