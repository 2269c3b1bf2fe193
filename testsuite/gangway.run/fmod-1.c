/* fmodf and fmod in a vector loop, exactly the host's: quotients from 0 to
   2^250, subnormal operands and results, negative operands, equal
   magnitudes, infinite divisors; and NaN where the host has one (zero
   divisor, infinite dividend).  The ptx target computes it by long
   division of the significands (gangway.ptxsim runs this test's PTX).  */
/* { dg-do run } */

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 1024

/* Same bits, or both NaN.  */

static int
same_f (float a, float b)
{
  return (isnan (a) && isnan (b)) || memcmp (&a, &b, sizeof a) == 0;
}

static int
same_d (double a, double b)
{
  return (isnan (a) && isnan (b)) || memcmp (&a, &b, sizeof a) == 0;
}

int
main (void)
{
  static float fx[N], fy[N], rf[N];
  static double dx[N], dy[N], rd[N];
  const float sf[][2] = {
    { 5.5f, 0.0f }, { INFINITY, 2.0f }, { 3.0f, INFINITY }, { NAN, 1.0f },
    { 1.0f, NAN }, { 7.0f, 7.0f }, { -7.0f, 7.0f }, { -0.0f, 3.0f },
    { FLT_MAX, FLT_TRUE_MIN }, { FLT_MAX, 3.0f }, { FLT_MIN, FLT_TRUE_MIN * 3 },
    { FLT_TRUE_MIN * 7, FLT_TRUE_MIN * 2 }, { 1e30f, 1e-30f }, { -1e20f, 3.3f }
  };
  const double sd[][2] = {
    { 5.5, 0.0 }, { -INFINITY, 2.0 }, { 3.0, -INFINITY }, { NAN, 1.0 },
    { 7.0, 7.0 }, { -0.0, 3.0 }, { DBL_MAX, DBL_TRUE_MIN },
    { DBL_MAX, 3.0 }, { DBL_MIN, DBL_TRUE_MIN * 5 }, { 1e300, 1e-300 },
    { -1e200, 3.3 }, { DBL_TRUE_MIN * 9, DBL_TRUE_MIN * 4 }
  };
  const int nsf = sizeof sf / sizeof sf[0], nsd = sizeof sd / sizeof sd[0];
  for (int i = 0; i < N; i++)
    {
      if (i < nsf)
	fx[i] = sf[i][0], fy[i] = sf[i][1];
      else
	{
	  fx[i] = (i - 512) * 1.37e3f * (float) (1 << (i % 24));
	  fy[i] = (i % 3 ? 1 : -1) * (0.71f + i % 13) / (float) (1 << (i % 17));
	}
      if (i < nsd)
	dx[i] = sd[i][0], dy[i] = sd[i][1];
      else
	{
	  dx[i] = (512 - i) * 9.1e40 * ldexp (1.0, i % 500);
	  dy[i] = (i % 5 ? 1 : -1) * (1.3 + i % 11) * ldexp (1.0, -(i % 300));
	}
    }

#pragma acc parallel loop copyin(fx, fy, dx, dy) copyout(rf, rd)
  for (int i = 0; i < N; i++)
    {
      rf[i] = fmodf (fx[i], fy[i]);
      rd[i] = fmod (dx[i], dy[i]);
    }

  for (int i = 0; i < N; i++)
    if (!same_f (rf[i], fmodf (fx[i], fy[i]))
	|| !same_d (rd[i], fmod (dx[i], dy[i])))
      {
	fprintf (stderr, "mismatch at %d: fmodf (%a, %a) = %a, expected %a; "
		 "fmod (%a, %a) = %a, expected %a\n", i, fx[i], fy[i], rf[i],
		 fmodf (fx[i], fy[i]), dx[i], dy[i], rd[i],
		 fmod (dx[i], dy[i]));
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
