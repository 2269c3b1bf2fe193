/* The ptx device's math library, measured where it runs: each function
   of the C library's math that the ptx target calls the device math
   library for (libruntime/devlib/), in double and float, evaluated in a
   region on ptxsim over arguments that cover its domain (special values,
   every binade, the intervals where it is hard, random ones), and
   compared
   - bit for bit with the same library's host build (the archive's host
     code, from the same C): so the host measurements of
     libruntime/devlib/test/accuracy.c, over millions of arguments, hold
     for the device's code;
   - with the correctly rounded value (MPFR): the largest error in ulps,
     against CUDA's documented bound (CUDA C++ Programming Guide,
     "Mathematical Functions", as docs/devlib.md lists them); a NaN, an
     infinity or a sign of zero where the correct result has none is a
     failure.
   Prints one line per function and precision, the table of
   docs/devlib.md; exits non-zero on any failure.  -n N sets the random
   arguments per function (default 1000).

   Built by run-tests.sh with the plugin for the ptx target, linked with
   ptxsim-run.o, the interpreter and the device library's archive (whole:
   its units register its ptx images), MPFR and GMP.  */

#define _GNU_SOURCE
#include <math.h>
#include <mpfr.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../libruntime/devlib/devlib-math.h"

static int n_random = 1000;

/* A generator of its own: the same arguments on every run.  */
static uint64_t rng = 0x2545f4914f6cdd1dull;

static uint64_t
next (void)
{
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

/* A random double of [A, B], or of every binade between them when they
   are far apart: log-uniform in magnitude.  */

static double
arg_in (double a, double b)
{
  double u = (next () >> 11) * 0x1p-53;
  if (a > 0 && b / a > 64)
    return exp (log (a) + u * (log (b) - log (a)));
  if (b < 0 && a / b > 64)
    return -exp (log (-b) + u * (log (-a) - log (-b)));
  if (a < 0 && b > 0 && (b - a) > 1e3)
    {
      double m = u < 0.5 ? -a : b, v = (next () >> 11) * 0x1p-53;
      double x = exp (log (1e-300) + v * (log (m) - log (1e-300)));
      return u < 0.5 ? -x : x;
    }
  return a + u * (b - a);
}

static const double specials[] = {
  0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, 10.0, 1e-310, -1e-310,
  0x1p-1022, 0x1p-1074, 1e300, -1e300, 0x1.fffffffffffffp1023, 710.0,
  -745.0, 1e-8, 3.141592653589793, 1.5707963267948966, 88.7, -103.0,
  __builtin_inf (), -__builtin_inf (), __builtin_nan ("")
};
#define NSPECIALS (sizeof specials / sizeof specials[0])

/* The functions: their names, the device's evaluation of N arguments
   (a region), the host build of the same library, MPFR's, CUDA's bound
   in double and float, and the intervals to sample.  */
typedef int (*mpfr1) (mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);
typedef int (*mpfr2) (mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t);

struct fn
{
  const char *name;
  void (*dev_d) (const double *, const double *, double *, int);
  void (*dev_f) (const float *, const float *, float *, int);
  double (*host_d1) (double);
  float (*host_f1) (float);
  double (*host_d2) (double, double);
  float (*host_f2) (float, float);
  mpfr1 m1;
  mpfr2 m2;
  double bound_d, bound_f;
  double iv[3][2];
};

/* The regions: each lane the function of its argument(s).  */
#define DEV1(NAME)							\
  static void dev_##NAME (const double *x, const double *y, double *r,	\
			  int n)					\
  {									\
    (void) y;								\
    _Pragma ("acc parallel loop copyin (x[0:n]) copyout (r[0:n])")	\
    for (int i = 0; i < n; i++)						\
      r[i] = NAME (x[i]);						\
  }									\
  static void dev_##NAME##f (const float *x, const float *y, float *r,	\
			     int n)					\
  {									\
    (void) y;								\
    _Pragma ("acc parallel loop copyin (x[0:n]) copyout (r[0:n])")	\
    for (int i = 0; i < n; i++)						\
      r[i] = NAME##f (x[i]);						\
  }
#define DEV2(NAME)							\
  static void dev_##NAME (const double *x, const double *y, double *r,	\
			  int n)					\
  {									\
    _Pragma ("acc parallel loop copyin (x[0:n], y[0:n]) copyout (r[0:n])") \
    for (int i = 0; i < n; i++)						\
      r[i] = NAME (x[i], y[i]);						\
  }									\
  static void dev_##NAME##f (const float *x, const float *y, float *r,	\
			     int n)					\
  {									\
    _Pragma ("acc parallel loop copyin (x[0:n], y[0:n]) copyout (r[0:n])") \
    for (int i = 0; i < n; i++)						\
      r[i] = NAME##f (x[i], y[i]);					\
  }

DEV1 (exp) DEV1 (exp2) DEV1 (expm1) DEV1 (log) DEV1 (log2) DEV1 (log10)
DEV1 (log1p) DEV1 (cbrt) DEV1 (sin) DEV1 (cos) DEV1 (tan) DEV1 (asin)
DEV1 (acos) DEV1 (atan) DEV1 (sinh) DEV1 (cosh) DEV1 (tanh) DEV1 (asinh)
DEV1 (acosh) DEV1 (atanh) DEV1 (erf) DEV1 (erfc) DEV1 (tgamma)
DEV1 (lgamma) DEV1 (logb)
DEV2 (pow) DEV2 (hypot) DEV2 (atan2) DEV2 (fmod) DEV2 (remainder)

static int
ref_lgamma (mpfr_ptr r, mpfr_srcptr a, mpfr_rnd_t rnd)
{
  int sign;
  return mpfr_lgamma (r, &sign, a, rnd);
}

static int
ref_logb (mpfr_ptr r, mpfr_srcptr a, mpfr_rnd_t rnd)
{
  if (mpfr_nan_p (a))
    return mpfr_set (r, a, rnd);
  if (mpfr_inf_p (a))
    return mpfr_set_inf (r, 1), 0;
  if (mpfr_zero_p (a))
    return mpfr_set_inf (r, -1), 0;
  return mpfr_set_si (r, mpfr_get_exp (a) - 1, rnd);
}

#define U(N, REF, BD, BF, ...)						\
  { #N, dev_##N, dev_##N##f, __gw_##N, __gw_##N##f, 0, 0, REF, 0, BD, BF, \
    { __VA_ARGS__ } }
#define B(N, REF, BD, BF, ...)						\
  { #N, dev_##N, dev_##N##f, 0, 0, __gw_##N, __gw_##N##f, 0, REF, BD, BF, \
    { __VA_ARGS__ } }

static const struct fn fns[] = {
  U (exp, mpfr_exp, 1, 2, { -746, 710 }, { -1, 1 }),
  U (exp2, mpfr_exp2, 1, 2, { -1080, 1025 }, { -1, 1 }),
  U (expm1, mpfr_expm1, 1, 1, { -40, 710 }, { -1, 1 }),
  U (log, mpfr_log, 1, 1, { 0.5, 2 }, { 1e-300, 1e300 }),
  U (log2, mpfr_log2, 1, 1, { 0.5, 2 }, { 1e-300, 1e300 }),
  U (log10, mpfr_log10, 1, 2, { 0.5, 2 }, { 1e-300, 1e300 }),
  U (log1p, mpfr_log1p, 1, 1, { -1, 1 }, { -1e-3, 1e-3 }, { 1, 1e300 }),
  U (cbrt, mpfr_cbrt, 1, 1, { -10, 10 }, { -1e300, 1e300 }),
  U (sin, mpfr_sin, 2, 2, { -10, 10 }, { -1e22, 1e22 }),
  U (cos, mpfr_cos, 2, 2, { -10, 10 }, { -1e22, 1e22 }),
  U (tan, mpfr_tan, 2, 4, { -10, 10 }, { -1e22, 1e22 }),
  U (asin, mpfr_asin, 2, 2, { -1, 1 }, { 0.99, 1 }),
  U (acos, mpfr_acos, 2, 2, { -1, 1 }, { 0.99, 1 }),
  U (atan, mpfr_atan, 2, 2, { -4, 4 }, { -1e300, 1e300 }),
  U (sinh, mpfr_sinh, 2, 3, { -711, 711 }, { -2, 2 }),
  U (cosh, mpfr_cosh, 1, 2, { -711, 711 }, { -2, 2 }),
  U (tanh, mpfr_tanh, 1, 2, { -20, 20 }, { -1, 1 }),
  U (asinh, mpfr_asinh, 3, 3, { -10, 10 }, { -1e300, 1e300 }),
  U (acosh, mpfr_acosh, 3, 4, { 1, 10 }, { 1, 1e300 }),
  U (atanh, mpfr_atanh, 2, 3, { -1, 1 }, { 0.99, 1 }),
  U (erf, mpfr_erf, 2, 2, { -6, 6 }, { -1, 1 }),
  U (erfc, mpfr_erfc, 5, 4, { -6, 28 }, { -1, 1 }),
  U (tgamma, mpfr_gamma, 10, 5, { -185, 172 }, { 0, 10 }),
  U (lgamma, ref_lgamma, 4, 6, { 0, 10 }, { -2.2637, 0 }, { 1e3, 1e300 }),
  U (logb, ref_logb, 0, 0, { -1e300, 1e300 }),
  B (pow, mpfr_pow, 2, 4, { 0, 10 }, { -10, 10 }),
  B (hypot, mpfr_hypot, 2, 3, { -1e300, 1e300 }, { -1e300, 1e300 }),
  B (atan2, mpfr_atan2, 2, 3, { -10, 10 }, { -10, 10 }),
  B (fmod, mpfr_fmod, 0, 0, { -1e10, 1e10 }, { -10, 10 }),
  B (remainder, mpfr_remainder, 0, 0, { -1e10, 1e10 }, { -10, 10 }),
};

/* Is X, an argument of lgamma, where CUDA states no bound?  */

static int
unbounded (const struct fn *f, int isf, double x)
{
  return !strcmp (f->name, "lgamma")
	 && (isf ? x > -10.001 && x < -2.264 : x > -23.0001 && x < -2.2637);
}

/* The error of Y in ulps of the precision (float if ISF) from the exact
   value REF; HUGE_VAL for a wrong special value.  */

static double
ulp_error (mpfr_srcptr ref, double y, int isf)
{
  double r = isf ? (double) mpfr_get_flt (ref, MPFR_RNDN)
		 : mpfr_get_d (ref, MPFR_RNDN);
  if (isnan (r) || isnan (y))
    return isnan (r) && isnan (y) ? 0 : HUGE_VAL;
  if (isinf (r) || isinf (y) || r == 0 || y == 0)
    {
      if (r == y && signbit (r) == signbit (y))
	return 0;
      if (isinf (r) || isinf (y) || signbit (r) != signbit (y))
	return HUGE_VAL;
    }
  /* ulp = 2^(e - p), e the exponent of REF (0.5 <= m < 1), at least the
     smallest subnormal's.  */
  int p = isf ? 24 : 53, emin = isf ? -125 : -1021;
  long e = mpfr_zero_p (ref) ? emin : mpfr_get_exp (ref);
  if (e < emin)
    e = emin;
  mpfr_t d;
  mpfr_init2 (d, 200);
  mpfr_set_d (d, y, MPFR_RNDN);
  mpfr_sub (d, d, ref, MPFR_RNDN);
  mpfr_abs (d, d, MPFR_RNDN);
  mpfr_mul_2si (d, d, p - e, MPFR_RNDN);
  double err = mpfr_get_d (d, MPFR_RNDN);
  mpfr_clear (d);
  return err;
}

/* Bits of a result, NaNs all alike.  */

static uint64_t
bits (double v)
{
  uint64_t u;
  if (isnan (v))
    return 0x7ff8000000000000ull;
  memcpy (&u, &v, sizeof u);
  return u;
}

/* Test F in double (ISF 0) or float: N arguments X (and Y), the device's
   results against the host build's and MPFR's.  Returns the number of
   failures; prints the line of the table.  */

static int
test (const struct fn *f, int isf)
{
  int n = (int) (NSPECIALS + 3 * n_random);
  double *x = malloc (n * sizeof *x), *y = malloc (n * sizeof *y);
  double *r = malloc (n * sizeof *r);
  float *xf = malloc (n * sizeof *xf), *yf = malloc (n * sizeof *yf);
  float *rf = malloc (n * sizeof *rf);
  int k = 0;
  for (size_t s = 0; s < NSPECIALS; s++, k++)
    {
      x[k] = specials[s];
      y[k] = specials[(s * 7 + 3) % NSPECIALS];
    }
  for (int v = 0; v < 3 && f->iv[v][0] != f->iv[v][1]; v++)
    for (int j = 0; j < n_random; j++, k++)
      {
	x[k] = arg_in (f->iv[v][0], f->iv[v][1]);
	y[k] = f->m2 ? arg_in (f->iv[v == 0 ? 1 : 0][0],
			       f->iv[v == 0 ? 1 : 0][1]) : 0;
      }
  n = k;
  for (int i = 0; i < n; i++)
    {
      xf[i] = (float) x[i];
      yf[i] = (float) y[i];
      if (isf)
	x[i] = xf[i], y[i] = yf[i];
    }
  if (isf)
    f->dev_f (xf, yf, rf, n);
  else
    f->dev_d (x, y, r, n);

  mpfr_t ma, mb, ref;
  mpfr_inits2 (isf ? 24 : 53, ma, mb, (mpfr_ptr) 0);
  mpfr_init2 (ref, 160);
  int mismatches = 0, bad = 0;
  double worst = 0, worst_x = 0;
  for (int i = 0; i < n; i++)
    {
      double dev = isf ? rf[i] : r[i];
      double host = isf ? (f->host_f1 ? f->host_f1 (xf[i])
			   : f->host_f2 (xf[i], yf[i]))
		    : (f->host_d1 ? f->host_d1 (x[i]) : f->host_d2 (x[i], y[i]));
      if (bits (dev) != bits (host))
	{
	  if (mismatches++ < 3)
	    printf ("  %s%s (%.17g, %.17g): the device gives %.17g, its host "
		    "build %.17g\n", f->name, isf ? "f" : "", x[i], y[i], dev,
		    host);
	}
      mpfr_set_d (ma, x[i], MPFR_RNDN);
      mpfr_set_d (mb, y[i], MPFR_RNDN);
      if (f->m1)
	f->m1 (ref, ma, MPFR_RNDN);
      else
	f->m2 (ref, ma, mb, MPFR_RNDN);
      double e = ulp_error (ref, dev, isf);
      if (unbounded (f, isf, x[i]) && e != HUGE_VAL)
	continue;
      if (e > worst)
	worst = e, worst_x = x[i];
    }
  double bound = isf ? f->bound_f : f->bound_d;
  /* CUDA's bounds are from the correctly rounded result: half an ulp
     more from the exact value.  */
  if (worst > bound + 0.5)
    bad++;
  printf ("| %s%s | %d | %.3f | %.17g | %g | %s |\n", f->name,
	  isf ? "f" : "", n, worst == HUGE_VAL ? -1.0 : worst, worst_x, bound,
	  mismatches ? "FAIL: differs from its host build"
	  : bad ? "FAIL: above CUDA's bound" : "ok");
  mpfr_clears (ma, mb, ref, (mpfr_ptr) 0);
  free (x), free (y), free (r), free (xf), free (yf), free (rf);
  return mismatches + bad;
}

int
main (int argc, char **argv)
{
  if (argc == 3 && !strcmp (argv[1], "-n"))
    n_random = atoi (argv[2]);
  int failures = 0;
  printf ("| function | arguments | max ulp | worst argument | CUDA's bound "
	  "| |\n|---|---|---|---|---|---|\n");
  for (size_t k = 0; k < sizeof fns / sizeof fns[0]; k++)
    for (int isf = 0; isf < 2; isf++)
      failures += test (&fns[k], isf);
  printf ("%d failures\n", failures);
  return failures != 0;
}
