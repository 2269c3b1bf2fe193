/* ilogbf and ilogb in a vector loop, special values included: zeros,
   subnormals, infinities and NaNs (INT_MIN, INT_MAX on glibc), the
   extremes of the normal range.  The ptx target computes them from the
   bits (gangway.ptxsim runs this test's PTX).  */
/* { dg-do run } */

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 512

int
main (void)
{
  static float f[N];
  static double d[N];
  static int rf[N], rd[N];
  const float fs[] = { 0.0f, -0.0f, FLT_MIN, FLT_MIN / 2, FLT_TRUE_MIN,
		       FLT_TRUE_MIN * 3, FLT_MAX, -FLT_MAX, INFINITY, -INFINITY,
		       NAN, -NAN, 1.0f, 0.75f, -1e-30f };
  const double ds[] = { 0.0, -0.0, DBL_MIN, DBL_MIN / 2, DBL_TRUE_MIN,
			DBL_TRUE_MIN * 5, DBL_MAX, -DBL_MAX, INFINITY,
			-INFINITY, NAN, -NAN, 1.0, 0.75, -1e-300 };
  const int nf = sizeof fs / sizeof fs[0], nd = sizeof ds / sizeof ds[0];
  for (int i = 0; i < N; i++)
    {
      f[i] = i < nf ? fs[i] : (i - 256) * 1.7e-3f * (float) (1 << (i % 20));
      d[i] = i < nd ? ds[i] : (256 - i) * 3.1e-7 * (double) (1LL << (i % 50));
    }

#pragma acc parallel loop copyin(f, d) copyout(rf, rd)
  for (int i = 0; i < N; i++)
    {
      rf[i] = ilogbf (f[i]);
      rd[i] = ilogb (d[i]);
    }

  for (int i = 0; i < N; i++)
    if (rf[i] != ilogbf (f[i]) || rd[i] != ilogb (d[i]))
      {
	fprintf (stderr, "mismatch at %d: ilogbf (%a) = %d, expected %d; "
		 "ilogb (%a) = %d, expected %d\n", i, f[i], rf[i],
		 ilogbf (f[i]), d[i], rd[i], ilogb (d[i]));
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
