/* Loop-invariant scalars from outside the region (int, float, double and
   a uniform condition) are read by every lane.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (int argc, char **argv)
{
  static double out[N], ref[N];
  /* Values the compiler cannot fold into the region.  */
  volatile int vk = 7, vflag = 1;
  volatile float vs = 0.25f;
  volatile double vd = -3.5;
  int k = vk, flag = vflag + argc - 1;
  float s = vs;
  double d = vd;

  for (int i = 0; i < N; i++)
    ref[i] = flag ? (i % k) * s + d : 0.0;

#pragma acc parallel loop copyout(out)
  for (int i = 0; i < N; i++)
    out[i] = flag ? (i % k) * s + d : 0.0;

  for (int i = 0; i < N; i++)
    if (out[i] != ref[i])
      {
	fprintf (stderr, "out[%d] = %g, expected %g\n", i, out[i], ref[i]);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
