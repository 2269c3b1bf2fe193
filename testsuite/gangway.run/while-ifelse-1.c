/* Data-dependent while loops in a vector loop whose bodies are an
   if/else: GCC copies the exit test into one arm, so the latch is
   reached by two paths in one iteration, each carrying the loop's values
   for its own lanes; the lanes leave after different numbers of trips.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 200

int
main (void)
{
  static int r[N], s[N], u[N], ref_r[N], ref_s[N], ref_u[N];
  for (int i = 0; i < N; i++)
    {
      int x = i + 1, c = 0;
      while (x > 1)
	{
	  x = (x & 1) ? x + 1 : x / 2;
	  c++;
	}
      ref_r[i] = x;
      ref_s[i] = c;
      /* Collatz, capped.  */
      unsigned y = i + 7;
      int n = 0;
      while (y != 1 && n < 500)
	{
	  if (y % 2)
	    y = 3 * y + 1;
	  else
	    y /= 2;
	  n++;
	}
      ref_u[i] = n;
    }

#pragma acc parallel loop gang vector copyout(r, s, u)
  for (int i = 0; i < N; i++)
    {
      int x = i + 1, c = 0;
      while (x > 1)
	{
	  x = (x & 1) ? x + 1 : x / 2;
	  c++;
	}
      r[i] = x;
      s[i] = c;
      unsigned y = i + 7;
      int n = 0;
      while (y != 1 && n < 500)
	{
	  if (y % 2)
	    y = 3 * y + 1;
	  else
	    y /= 2;
	  n++;
	}
      u[i] = n;
    }

  for (int i = 0; i < N; i++)
    if (r[i] != ref_r[i] || s[i] != ref_s[i] || u[i] != ref_u[i])
      {
	fprintf (stderr, "%d: %d %d %d, expected %d %d %d\n", i, r[i], s[i],
		 u[i], ref_r[i], ref_s[i], ref_u[i]);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
