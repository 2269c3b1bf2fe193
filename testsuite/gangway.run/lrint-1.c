/* Math functions with integer results (lrintf, lroundf, ilogbf) run on the
   cpu device and agree with the host's libm.  */
/* { dg-do run } */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1001

int
main (void)
{
  static float a[N];
  static long r[N];
  static int e[N];
  for (int i = 0; i < N; i++)
    a[i] = (i - 500) * 0.37f;

#pragma acc parallel loop copyin(a) copyout(r, e)
  for (int i = 0; i < N; i++)
    {
      r[i] = lrintf (a[i]) + lroundf (a[i] * 2);
      e[i] = ilogbf (a[i] + 1000.0f);
    }

  for (int i = 0; i < N; i++)
    if (r[i] != lrintf (a[i]) + lroundf (a[i] * 2)
	|| e[i] != ilogbf (a[i] + 1000.0f))
      {
	fprintf (stderr, "element %d: %ld %d\n", i, r[i], e[i]);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu" } */
