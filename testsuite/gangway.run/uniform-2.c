/* Loops with uniform trip counts and uniform branches nested under a
   divergent if/else: only the lanes that took each side run its loop
   (one side also has a per-lane break).  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 1000

static int
host_f (int i, int x, int m, const int *c)
{
  int t = i;
  if (x > 0)
    for (int k = 0; k < m; k++)
      {
	t += c[k];
	if (m > 100)
	  t = 0;
	if (t > 500)
	  break;
      }
  else
    for (int k = 0; k < i % 7; k++)
      if (m > 3)
	t -= k;
      else
	t += 1000;
  return t;
}

int
main (int argc, char **argv)
{
  static int a[N], s[N], c[64];
  int m = 20 + argc;		/* 21, uniform but unknown to the compiler.  */
  for (int k = 0; k < 64; k++)
    c[k] = k * 3 - 7;
  for (int i = 0; i < N; i++)
    a[i] = (i * 37) % 11 - 5;

#pragma acc parallel loop copyin(a, c) copyout(s)
  for (int i = 0; i < N; i++)
    {
      int t = i;
      if (a[i] > 0)
	for (int k = 0; k < m; k++)
	  {
	    t += c[k];
	    if (m > 100)
	      t = 0;
	    if (t > 500)
	      break;
	  }
      else
	for (int k = 0; k < i % 7; k++)
	  if (m > 3)
	    t -= k;
	  else
	    t += 1000;
      s[i] = t;
    }

  for (int i = 0; i < N; i++)
    if (s[i] != host_f (i, a[i], m, c))
      {
	fprintf (stderr, "s[%d] = %d, expected %d\n", i, s[i],
		 host_f (i, a[i], m, c));
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
