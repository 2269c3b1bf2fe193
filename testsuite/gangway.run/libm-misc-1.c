/* cabs and cabsf (which were refused: "an SSA name without a
   definition"), carg and hypot within one ulp of the host's results,
   cbrt within four (glibc's is 3.2 ulps off at worst, the ptx device's
   0.5), and the rest of C99's <math.h> that GCC knows as builtins
   and the device computes exactly (fdim, fmin, fmax, fma, ilogb, logb,
   the rounding functions, copysign, nan, and the classification macros)
   bit for bit the host's (fmin and fmax of zeros of both signs may give
   either zero: glibc's x86-64 ones give the second operand), in double
   and float.  */
/* { dg-do run } */

#include <complex.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 2048
#define NA 4			/* Results within an ulp.  */
#define NX 13			/* Exact results.  */
#define NI 12			/* Integer results.  */

static double x[N], y[N];
static float xf[N], yf[N];

struct res
{
  double ad[NA], xd[NX];
  float af[NA], xf[NX];
  long i[2][NI];
};
static struct res dev[N], host[N];

#define REAL_BODY(T, S, A, B, R, AR, XR, IR)				\
  do {									\
    T a = (A), b = (B);							\
    _Complex T z = a + b * (_Complex T) I;				\
    AR[0] = cabs##S (z);						\
    AR[1] = carg##S (z);						\
    AR[2] = hypot##S (b, a);						\
    AR[3] = cbrt##S (a);						\
    XR[0] = fdim##S (a, b);						\
    XR[1] = fmin##S (a, b);						\
    XR[2] = fmax##S (a, b);						\
    XR[3] = fma##S (a, b, a);						\
    XR[4] = logb##S (a);						\
    XR[5] = nearbyint##S (a);						\
    XR[6] = rint##S (b);						\
    XR[7] = round##S (a);						\
    XR[8] = trunc##S (b);						\
    XR[9] = ceil##S (a) + floor##S (b);					\
    XR[10] = copysign##S (a, b);					\
    XR[11] = nan##S ("") + a;						\
    XR[12] = fabs##S (b);						\
    IR[0] = ilogb##S (a);						\
    /* In range for the conversions: C leaves the others undefined.  */\
    T c = fabs##S (a) < 1e9 ? a : 0;					\
    IR[1] = lrint##S (c);						\
    IR[2] = llround##S (c) + 3 * lround##S (c) + 5 * llrint##S (c);	\
    IR[3] = isnan (a) + 2 * isinf (a) + 4 * isfinite (a)		\
	    + 8 * isnormal (a) + 16 * !!signbit (a);			\
    IR[4] = fpclassify (a);						\
    IR[5] = isgreater (a, b) + 2 * isgreaterequal (a, b)		\
	    + 4 * isless (a, b) + 8 * islessequal (a, b)		\
	    + 16 * islessgreater (a, b) + 32 * isunordered (a, b);	\
  } while (0)

#define BODY(I, R)							\
  do {									\
    REAL_BODY (double, , x[I], y[I], R, (R).ad, (R).xd, (R).i[0]);	\
    REAL_BODY (float, f, xf[I], yf[I], R, (R).af, (R).xf, (R).i[1]);	\
  } while (0)

/* The distance in ulps between A and B, 0 for two NaNs, huge for one.  */

static uint64_t
ulps (double a, double b)
{
  uint64_t u, v;
  if (isnan (a) || isnan (b))
    return isnan (a) && isnan (b) ? 0 : ~(uint64_t) 0;
  if (a == b)
    return 0;
  memcpy (&u, &a, sizeof u);
  memcpy (&v, &b, sizeof v);
  if ((u ^ v) >> 63)
    return ~(uint64_t) 0;
  return u > v ? u - v : v - u;
}

static uint32_t
ulpsf (float a, float b)
{
  uint32_t u, v;
  if (isnan (a) || isnan (b))
    return isnan (a) && isnan (b) ? 0 : ~(uint32_t) 0;
  if (a == b)
    return 0;
  memcpy (&u, &a, sizeof u);
  memcpy (&v, &b, sizeof v);
  if ((u ^ v) >> 31)
    return ~(uint32_t) 0;
  return u > v ? u - v : v - u;
}

/* Bit for bit (NaN for NaN: a NaN's bits are the device's).  */

static int
same (double a, double b)
{
  if (isnan (a) || isnan (b))
    return isnan (a) && isnan (b);
  return memcmp (&a, &b, sizeof a) == 0;
}

static int
samef (float a, float b)
{
  if (isnan (a) || isnan (b))
    return isnan (a) && isnan (b);
  return memcmp (&a, &b, sizeof a) == 0;
}

static uint64_t seed = 0x2545f4914f6cdd1dull;

static uint64_t
rnd (void)
{
  seed ^= seed << 13;
  seed ^= seed >> 7;
  seed ^= seed << 17;
  return seed;
}

int
main (void)
{
  static const double special[] = {
    0.0, -0.0, 1.0, -1.0, 0.5, -2.5, 3.5, -1e300, 1e-310, -0x1p-1074,
    0x1.fffffffffffffp+1023, 0x1p-1022, HUGE_VAL, -HUGE_VAL, NAN, 1e10,
    -4.5, 2.5
  };
  int ns = sizeof special / sizeof *special;
  for (int i = 0; i < N; i++)
    {
      if (i < ns * ns)
	{
	  x[i] = special[i % ns];
	  y[i] = special[i / ns];
	}
      else
	{
	  /* Random values of moderate exponents, and random bits.  */
	  x[i] = ((int64_t) rnd () >> 11) * 0x1p-40;
	  y[i] = ((int64_t) rnd () >> 11) * 0x1p-45;
	  if (i % 5 == 0)
	    {
	      uint64_t u = rnd ();
	      memcpy (&x[i], &u, sizeof u);
	    }
	}
      xf[i] = (float) x[i];
      yf[i] = (float) y[i];
    }

#pragma acc parallel loop copyin(x, y, xf, yf) copyout(dev)
  for (int i = 0; i < N; i++)
    BODY (i, dev[i]);

  for (int i = 0; i < N; i++)
    BODY (i, host[i]);

  for (int i = 0; i < N; i++)
    {
      for (int j = 0; j < NA; j++)
	if (ulps (dev[i].ad[j], host[i].ad[j]) > (j == 3 ? 4 : 1)
	    || ulpsf (dev[i].af[j], host[i].af[j]) > 1)
	  {
	    fprintf (stderr, "%d: result %d of %a, %a (%a, %a): %a %a, "
		     "expected %a %a\n", i, j, x[i], y[i], xf[i], yf[i],
		     dev[i].ad[j], dev[i].af[j], host[i].ad[j],
		     host[i].af[j]);
	    abort ();
	  }
      for (int j = 0; j < NX; j++)
	if (j == 1 || j == 2
	    ? !(dev[i].xd[j] == host[i].xd[j]
		|| (isnan (dev[i].xd[j]) && isnan (host[i].xd[j])))
	      || !(dev[i].xf[j] == host[i].xf[j]
		   || (isnan (dev[i].xf[j]) && isnan (host[i].xf[j])))
	    : !same (dev[i].xd[j], host[i].xd[j])
	      || !samef (dev[i].xf[j], host[i].xf[j]))
	  {
	    fprintf (stderr, "%d: exact result %d of %a, %a (%a, %a): %a %a, "
		     "expected %a %a\n", i, j, x[i], y[i], xf[i], yf[i],
		     dev[i].xd[j], dev[i].xf[j], host[i].xd[j],
		     host[i].xf[j]);
	    abort ();
	  }
      for (int t = 0; t < 2; t++)
	for (int j = 0; j < 6; j++)
	  if (dev[i].i[t][j] != host[i].i[t][j])
	    {
	      fprintf (stderr, "%d: integer result %d (%s) of %a, %a: %ld, "
		       "expected %ld\n", i, j, t ? "float" : "double",
		       t ? xf[i] : x[i], t ? yf[i] : y[i], dev[i].i[t][j],
		       host[i].i[t][j]);
	      abort ();
	    }
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
