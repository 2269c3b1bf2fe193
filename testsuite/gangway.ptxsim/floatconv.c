/* ptxsim: float and double conversions (to and from integers of every
   width, between the two precisions, rounding to integral values) and
   comparisons where NaNs, infinities and signed zeros take part: ordered
   and unordered predicates, fmin/fmax, copysign, fabs, sqrt, fma, fdim,
   lrint, lround.  */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 64
#define NR 30

static float f[N], g[N];
static double d[N], e[N];
static double res[N][NR];

#define BODY(i, R)							\
  do {									\
    float a = f[i], b = g[i];						\
    double x = d[i], y = e[i];						\
    int fin = isfinite (a) && fabsf (a) < 1e9f;				\
    int dfin = isfinite (x) && fabs (x) < 1e15;				\
    R[0] = (a < b) + 2 * (a <= b) + 4 * (a > b) + 8 * (a >= b)		\
	   + 16 * (a == b) + 32 * (a != b);				\
    R[1] = !(x < y) + 2 * !(x <= y) + 4 * !(x > y) + 8 * !(x >= y)	\
	   + 16 * isunordered (x, y) + 32 * isnan (x);			\
    R[2] = fin ? (double) (int) a : -1.0;				\
    R[3] = dfin ? (double) (long long) x : -1.0;			\
    R[4] = fin && a >= 0 ? (double) (unsigned) a : -1.0;		\
    R[5] = dfin && x >= 0 ? (double) (unsigned long long) x : -1.0;	\
    R[6] = fin ? (double) (signed char) (int) a : -1.0;			\
    R[7] = fin ? (double) (short) (int) a : -1.0;			\
    R[8] = (float) x;							\
    R[9] = (double) a * b;						\
    R[10] = (float) (long long) (i * 123456789LL - 5000000000LL);	\
    R[11] = (double) (unsigned long long) (i * 0x123456789ABCDEFULL);	\
    R[12] = (float) (unsigned) (i * 0x9E3779B9u);			\
    R[13] = floorf (a) + ceilf (b);					\
    R[14] = trunc (x) - rint (y);					\
    R[15] = roundf (a) + round (x);					\
    R[16] = fminf (a, b);						\
    R[17] = fmax (x, y);						\
    R[18] = copysignf (1.5f, a) + copysign (x, -1.0);			\
    R[19] = fabsf (a) + fabs (y);					\
    R[20] = sqrtf (fabsf (a)) + sqrt (fabs (x));			\
    R[21] = fmaf (a, b, 1.0f);						\
    R[22] = fma (x, y, -x);						\
    R[23] = fdim (x, y) + fdimf (a, b);					\
    R[24] = fin && fabsf (a) < 1e6f ? (double) lrintf (a) : -1.0;	\
    R[25] = dfin && fabs (x) < 1e12 ? (double) llround (x) : -1.0;	\
    R[26] = a < b ? a : b;						\
    R[27] = x > y ? x : y;						\
    R[28] = a / b + (float) (x / y);					\
    R[29] = copysignf (1.0f, a - a) + 2 * copysign (1.0, -x * 0.0);	\
  } while (0)

int
main (void)
{
  static double ref[N][NR];
  static const float fs[] = { 0.0f, -0.0f, 1.5f, -2.5f, 2.5f, 0.49999997f,
			      3e9f, -3e9f, 1e-40f, 7.25f, -1e30f, 1e30f };
  static const double ds[] = { 0.0, -0.0, 1.5, -2.5, 3.5, 0.49999999999999994,
			       1e19, -1e19, 1e-310, 123456789.75, -1e300,
			       4503599627370497.0 };
  for (int i = 0; i < N; i++)
    {
      f[i] = fs[i % 12] * (i / 12 + 1);
      g[i] = fs[(i * 5 + 3) % 12];
      d[i] = ds[i % 12] * (i / 12 + 1);
      e[i] = ds[(i * 7 + 1) % 12];
      if (i % 9 == 4)
	f[i] = NAN;
      if (i % 11 == 6)
	e[i] = NAN;
      if (i % 13 == 7)
	g[i] = -INFINITY;
      if (i % 17 == 5)
	d[i] = INFINITY;
    }

#pragma acc parallel loop gang vector copyin(f, g, d, e) copyout(res)
  for (int i = 0; i < N; i++)
    BODY (i, res[i]);

  for (int i = 0; i < N; i++)
    BODY (i, ref[i]);
  int bad = 0;
  for (int i = 0; i < N; i++)
    for (int k = 0; k < NR; k++)
      {
	double u = res[i][k], v = ref[i][k];
	/* fmin and fmax may give either zero when both are.  */
	int same = (isnan (u) && isnan (v))
		   || (u == v && (signbit (u) == signbit (v)
				  || k == 16 || k == 17));
	if (!same && bad++ < 10)
	  fprintf (stderr, "res[%d][%d] = %.17g, expected %.17g\n", i, k,
		   u, v);
      }
  if (bad)
    {
      fprintf (stderr, "floatconv: %d mismatches\n", bad);
      return 1;
    }
  return 0;
}
