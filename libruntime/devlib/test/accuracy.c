/* Accuracy test of the Gangway device math library against MPFR.
   Copyright (C) 2026 The Gangway developers.

   This file is part of Gangway.

   Gangway is free software; you can redistribute it and/or modify it under
   the terms of the GNU General Public License as published by the Free
   Software Foundation; either version 3, or (at your option) any later
   version.

   Gangway is distributed in the hope that it will be useful, but WITHOUT ANY
   WARRANTY; without even the implied warranty of MERCHANTABILITY or FITNESS
   FOR A PARTICULAR PURPOSE.  See the GNU General Public License for more
   details.

   You should have received a copy of the GNU General Public License along
   with Gangway; see the file COPYING.  If not see
   <http://www.gnu.org/licenses/>.  */

/* For each function and precision: special values, samples of every
   binade, samples of the function's interesting intervals and hard spots,
   and random arguments; each result is compared with MPFR's value (128
   bits, 64 for float).  The error in ulps is |y - f(x)| / ulp(f(x)), where
   ulp(v) is the spacing of the format's numbers in v's binade (2^-1074 or
   2^-149 at least): a result just below a power of two is measured in
   the smaller ulp.  A NaN where the correctly rounded result is a number
   or the converse, a wrong infinity, or a zero of the wrong sign is a
   hard failure.  glibc's function is measured the same way, for
   reference.

   Usage: accuracy [-s SCALE] [-f NAME] [-d | -F] [-x]
     -s SCALE  multiply the number of random and sampled arguments
     -f NAME   only the functions whose name starts with NAME
     -d, -F    only the double, only the float functions
     -x        floats: every float (2^32 arguments; slow) for unary
               functions.
   Exits non-zero if a function exceeds CUDA's documented bound or gets
   a special case wrong.  CUDA states its bounds as the distance in ulps
   from the correctly rounded result, which is within 0.5 ulp of the exact
   value: a function passes if its error from the exact value is at most
   the bound plus 0.5 (0.5 for the exact functions: correct rounding).  */

#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <math.h>
#include <float.h>
#include <time.h>
#include <mpfr.h>
#include "../devlib-math.h"

/* ------------------------------------------------------------------ */

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint64_t
rnd64 (void)
{
  uint64_t x = rng_state;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  rng_state = x;
  return x * 0x2545f4914f6cdd1dull;
}

static double
rnd_unit (void)
{
  return (double) (rnd64 () >> 11) * 0x1p-53;
}

static double
asdbl (uint64_t u)
{
  double d;
  memcpy (&d, &u, sizeof d);
  return d;
}

static uint64_t
asu64 (double d)
{
  uint64_t u;
  memcpy (&u, &d, sizeof u);
  return u;
}

static float
asflt (uint32_t u)
{
  float f;
  memcpy (&f, &u, sizeof f);
  return f;
}

/* A random double of binade 2^e (subnormal when e < -1022).  */
static double
rnd_binade (int e, int neg)
{
  uint64_t m = rnd64 () & 0x000fffffffffffffull;
  uint64_t u;
  if (e < -1022)
    u = m >> (-1022 - e);
  else
    u = ((uint64_t) (e + 1023) << 52) | m;
  if (neg)
    u |= 0x8000000000000000ull;
  return asdbl (u);
}

static double
rnd_in (double a, double b)
{
  return a + (b - a) * rnd_unit ();
}

/* ------------------------------------------------------------------ */
/* The functions.  */

enum kind { K_1, K_2, K_LDEXP, K_ILOGB };

typedef int (*mpfr1_t) (mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);
typedef int (*mpfr2_t) (mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t);

static int
ref_lgamma (mpfr_ptr r, mpfr_srcptr a, mpfr_rnd_t rnd)
{
  int s;
  if (mpfr_zero_p (a) || (mpfr_integer_p (a) && mpfr_sgn (a) < 0))
    {
      mpfr_set_inf (r, 1);
      return 0;
    }
  return mpfr_lgamma (r, &s, a, rnd);
}

static int
ref_logb (mpfr_ptr r, mpfr_srcptr a, mpfr_rnd_t rnd)
{
  (void) rnd;
  if (mpfr_nan_p (a))
    mpfr_set_nan (r);
  else if (mpfr_inf_p (a))
    mpfr_set_inf (r, 1);
  else if (mpfr_zero_p (a))
    mpfr_set_inf (r, -1);
  else
    mpfr_set_si (r, mpfr_get_exp (a) - 1, MPFR_RNDN);
  return 0;
}

static int
ref_atan2 (mpfr_ptr r, mpfr_srcptr y, mpfr_srcptr x, mpfr_rnd_t rnd)
{
  return mpfr_atan2 (r, y, x, rnd);
}

static int
ref_ldexp (mpfr_ptr r, mpfr_srcptr a, long n)
{
  return mpfr_mul_2si (r, a, n, MPFR_RNDN);
}

static double lgamma_nosign (double x) { int s; return lgamma_r (x, &s); }
static float lgammaf_nosign (float x) { int s; return lgammaf_r (x, &s); }

/* Argument intervals sampled densely for a function, beyond the binades.  */
typedef struct { double a, b; } ival;

typedef struct
{
  const char *name;
  enum kind kind;
  double (*d1) (double);
  float (*f1) (float);
  double (*d2) (double, double);
  float (*f2) (float, float);
  double (*g1) (double);
  float (*gf1) (float);
  double (*g2) (double, double);
  float (*gf2) (float, float);
  mpfr1_t m1;
  mpfr2_t m2;
  double cuda_d, cuda_f;
  ival iv[4];
} fn;

#define U(n, ref, cd, cf, ...) \
  { #n, K_1, __gw_##n, __gw_##n##f, 0, 0, n, n##f, 0, 0, ref, 0, cd, cf, \
    { __VA_ARGS__ } }
#define B(n, ref, cd, cf, ...) \
  { #n, K_2, 0, 0, __gw_##n, __gw_##n##f, 0, 0, n, n##f, 0, ref, cd, cf, \
    { __VA_ARGS__ } }

static const fn fns[] = {
  U (exp, mpfr_exp, 1, 2, { -746, 710 }, { -1, 1 }),
  U (exp2, mpfr_exp2, 1, 2, { -1080, 1025 }, { -1, 1 }),
  U (expm1, mpfr_expm1, 1, 1, { -40, 710 }, { -1, 1 }),
  U (log, mpfr_log, 1, 1, { 0.5, 2 }, { 0.99, 1.01 }, { 0, 1e4 }),
  U (log2, mpfr_log2, 1, 1, { 0.5, 2 }, { 0.99, 1.01 }, { 0, 1e4 }),
  U (log10, mpfr_log10, 1, 2, { 0.5, 2 }, { 0.99, 1.01 }, { 0, 1e4 }),
  U (log1p, mpfr_log1p, 1, 1, { -1, 1 }, { -1e-3, 1e-3 }, { -1, -0.99 }),
  U (cbrt, mpfr_cbrt, 1, 1, { -10, 10 }),
  U (sin, mpfr_sin, 2, 2, { -10, 10 }, { -1e6, 1e6 }, { -1e22, 1e22 }),
  U (cos, mpfr_cos, 2, 2, { -10, 10 }, { -1e6, 1e6 }, { -1e22, 1e22 }),
  U (tan, mpfr_tan, 2, 4, { -10, 10 }, { -1e6, 1e6 }, { -1e22, 1e22 }),
  U (asin, mpfr_asin, 2, 2, { -1, 1 }, { 0.99, 1 }, { -1, -0.99 }),
  U (acos, mpfr_acos, 2, 2, { -1, 1 }, { 0.99, 1 }, { -1, -0.99 }),
  U (atan, mpfr_atan, 2, 2, { -4, 4 }, { -100, 100 }),
  U (sinh, mpfr_sinh, 2, 3, { -711, 711 }, { -2, 2 }),
  U (cosh, mpfr_cosh, 1, 2, { -711, 711 }, { -2, 2 }),
  U (tanh, mpfr_tanh, 1, 2, { -20, 20 }, { -1, 1 }),
  U (asinh, mpfr_asinh, 3, 3, { -10, 10 }, { -1, 1 }),
  U (acosh, mpfr_acosh, 3, 4, { 1, 10 }, { 1, 1.01 }),
  U (atanh, mpfr_atanh, 2, 3, { -1, 1 }, { 0.99, 1 }),
  U (erf, mpfr_erf, 2, 2, { -6, 6 }, { -1, 1 }),
  U (erfc, mpfr_erfc, 5, 4, { -6, 28 }, { 26, 27.3 }, { -1, 1 }),
  U (tgamma, mpfr_gamma, 10, 5, { -185, 172 }, { 0, 10 }, { -10, 0 }),
  { "lgamma", K_1, __gw_lgamma, __gw_lgammaf, 0, 0, lgamma_nosign,
    lgammaf_nosign, 0, 0, ref_lgamma, 0, 4, 6,
    { { 0, 10 }, { -2.2637, 0 }, { 0.9, 2.1 }, { 1e3, 1e306 } } },
  B (pow, mpfr_pow, 2, 4),
  B (hypot, mpfr_hypot, 2, 3),
  { "atan2", K_2, 0, 0, __gw_atan2, __gw_atan2f, 0, 0, atan2, atan2f, 0,
    ref_atan2, 2, 3, { { 0 } } },
  B (fmod, mpfr_fmod, 0, 0),
  B (remainder, mpfr_remainder, 0, 0),
  { "logb", K_1, __gw_logb, __gw_logbf, 0, 0, logb, logbf, 0, 0, ref_logb,
    0, 0, 0, { { 0 } } },
  { "ldexp", K_LDEXP, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, { { 0 } } },
  { "ilogb", K_ILOGB, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, { { 0 } } },
};

/* lgamma is bounded by CUDA outside [-23.0001, -2.2637] (double) and
   [-10.001, -2.264] (float) only.  */
static int
unbounded_arg (const fn *f, int isf, double x)
{
  if (strcmp (f->name, "lgamma") == 0)
    return isf ? (x > -10.001 && x < -2.264) : (x > -23.0001 && x < -2.2637);
  return 0;
}

/* ------------------------------------------------------------------ */
/* Measuring.  */

typedef struct
{
  long n;
  double max_ulp, worst_x, worst_y;
  double g_max_ulp;
  long hard;
  char hard_msg[200];
  double inside_max;    /* lgamma inside its unbounded interval */
} stat;

static mpfr_t ref, tmp, ma, mb;
static int isfloat;

/* Error of Y against REF in ulps of the format, or -1 for a hard failure
   (with *why set).  */
static double
ulp_err (double y, const char **why)
{
  double cr;
  int prec = isfloat ? 24 : 53, emin = isfloat ? -125 : -1021;
  mpfr_exp_t e;
  if (mpfr_nan_p (ref))
    {
      if (isnan (y))
        return 0;
      *why = "number instead of NaN";
      return -1;
    }
  if (isnan (y))
    {
      *why = "NaN instead of a number";
      return -1;
    }
  cr = isfloat ? (double) mpfr_get_flt (ref, MPFR_RNDN) : mpfr_get_d (ref, MPFR_RNDN);
  if (isinf (cr) || isinf (y))
    {
      if (cr == y)
        return 0;
      *why = "wrong infinity";
      return -1;
    }
  if (mpfr_zero_p (ref))
    {
      if (y == 0 && signbit (y) == mpfr_signbit (ref))
        return 0;
      if (y == 0)
        {
          *why = "wrong sign of zero";
          return -1;
        }
    }
  if (cr == 0 && y == 0 && signbit (y) != signbit (cr))
    {
      *why = "wrong sign of zero";
      return -1;
    }
  mpfr_set_d (tmp, y, MPFR_RNDN);
  mpfr_sub (tmp, tmp, ref, MPFR_RNDN);
  mpfr_abs (tmp, tmp, MPFR_RNDN);
  e = mpfr_zero_p (ref) ? emin : mpfr_get_exp (ref);
  if (e < emin)
    e = emin;
  mpfr_mul_2si (tmp, tmp, prec - e, MPFR_RNDN);
  return mpfr_get_d (tmp, MPFR_RNDN);
}

static void
note (stat *s, const fn *f, double x, double x2, double y, double g)
{
  const char *why = 0;
  double e = ulp_err (y, &why);
  s->n++;
  if (e < 0)
    {
      if (!s->hard && f->kind == K_1)
        snprintf (s->hard_msg, sizeof s->hard_msg, "%s(%a) = %a: %s",
                  f->name, x, y, why);
      else if (!s->hard)
        snprintf (s->hard_msg, sizeof s->hard_msg, "%s(%a, %a) = %a: %s",
                  f->name, x, x2, y, why);
      s->hard++;
    }
  else if (unbounded_arg (f, isfloat, x))
    {
      if (e > s->inside_max)
        s->inside_max = e;
    }
  else if (e > s->max_ulp)
    {
      s->max_ulp = e;
      s->worst_x = x;
      s->worst_y = x2;
    }
  why = 0;
  e = ulp_err (g, &why);
  if (e > s->g_max_ulp && !unbounded_arg (f, isfloat, x))
    s->g_max_ulp = e;
}

static void
run1 (stat *s, const fn *f, double x)
{
  double y, g;
  if (isfloat)
    {
      float xf = (float) x;
      x = xf;
      y = f->f1 (xf);
      g = f->gf1 (xf);
    }
  else
    {
      y = f->d1 (x);
      g = f->g1 (x);
    }
  mpfr_set_d (ma, x, MPFR_RNDN);
  f->m1 (ref, ma, MPFR_RNDN);
  note (s, f, x, 0, y, g);
}

static void
run2 (stat *s, const fn *f, double x, double x2)
{
  double y, g;
  if (isfloat)
    {
      float xf = (float) x, x2f = (float) x2;
      x = xf;
      x2 = x2f;
      y = f->f2 (xf, x2f);
      g = f->gf2 (xf, x2f);
    }
  else
    {
      y = f->d2 (x, x2);
      g = f->g2 (x, x2);
    }
  mpfr_set_d (ma, x, MPFR_RNDN);
  mpfr_set_d (mb, x2, MPFR_RNDN);
  f->m2 (ref, ma, mb, MPFR_RNDN);
  note (s, f, x, x2, y, g);
}

static void
run_ldexp (stat *s, const fn *f, double x, int n)
{
  double y, g;
  if (isfloat)
    {
      float xf = (float) x;
      x = xf;
      y = __gw_ldexpf (xf, n);
      g = ldexpf (xf, n);
    }
  else
    {
      y = __gw_ldexp (x, n);
      g = ldexp (x, n);
    }
  mpfr_set_d (ma, x, MPFR_RNDN);
  ref_ldexp (ref, ma, n);
  note (s, f, x, n, y, g);
}

static void
run_ilogb (stat *s, const fn *f, double x)
{
  int y, g;
  if (isfloat)
    {
      float xf = (float) x;
      x = xf;
      y = __gw_ilogbf (xf);
      g = ilogbf (xf);
    }
  else
    {
      y = __gw_ilogb (x);
      g = ilogb (x);
    }
  (void) g;
  s->n++;
  {
    int want;
    if (isnan (x))
      want = FP_ILOGBNAN;
    else if (isinf (x))
      want = INT_MAX;
    else if (x == 0)
      want = FP_ILOGB0;
    else
      {
        mpfr_set_d (ma, x, MPFR_RNDN);
        want = (int) mpfr_get_exp (ma) - 1;
      }
    if (y != want)
      {
        if (!s->hard)
          snprintf (s->hard_msg, sizeof s->hard_msg, "ilogb(%a) = %d, not %d",
                    x, y, want);
        s->hard++;
      }
  }
}

/* ------------------------------------------------------------------ */
/* Arguments.  */

static const double specials[] = {
  0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, -3.0, 1.5, -1.5, 10.0,
  -10.0, 0x1p-1074, -0x1p-1074, 0x1.fffffffffffffp-1023,
  -0x1.fffffffffffffp-1023, 0x1p-1022, -0x1p-1022, DBL_MAX, -DBL_MAX,
  0x1p-149, -0x1p-149, 0x1p-126, -0x1p-126, FLT_MAX, -FLT_MAX,
  0x1.fffffep-1, 0x1.000002p0, 0x1.fffffffffffffp-1, 0x1.0000000000001p0,
  -0x1.fffffffffffffp-1, -0x1.0000000000001p0,
  1e-300, -1e-300, 1e300, -1e300, 1e-30, -1e-30, 1e30, -1e30,
  0x1p-60, -0x1p-60, 0x1p-27, -0x1p-27, 0x1p-54, -0x1p-54,
  709.782712893384, 709.7827128933841, -708.3964185322641, -745.1332191019411,
  -745.1332191019412, 710.4758600739439, 88.72283935546875, -103.97208404541016,
  -87.33654022216797, 1024.0, -1074.0, -1075.0, 128.0, -149.0, -150.0,
  171.6243769563027, 171.62437695630274, 35.04, 35.0401, 27.2627, 27.2628,
  10.0542, 10.05, 4.0, 5.0, 6.0, -2.5, -3.5, -171.5, -184.5, -0.00001,
  0x1.6ac5b262ca1ffp+851, -0x1.6ac5b262ca1ffp+851, 0x1.921fb54442d18p+0,
  0x1.921fb54442d18p+1, 0x1.921fb54442d18p+2, 1e22, 0x1p1023, 0x1p1000,
  0x1p52, 0x1p53, 0x1p63, -0x1p52, -0x1p53, 3.0 * 0x1p51, 4.5, -4.5,
  INFINITY, -INFINITY, NAN, -NAN,
};
#define NSPECIALS (sizeof specials / sizeof specials[0])

/* lgamma's zeros on the negative axis and a few hard points.  */
static const double lgamma_spots[] = {
  -2.457024738220800, -2.747682646727412, -3.143580888778101,
  -3.955294284858598, -4.039361839740537, -4.991544640560048,
  -5.008218168077707, 1.461632144968362, -0.5, -1.5, -2.2637, -2.2638,
  -23.0001, -23.5, -100.5, 2.0, 1.0,
};

static long scale = 1;
static int exhaustive, only_double, only_float;

static void
test_unary (stat *s, const fn *f)
{
  int e, neg, i, k;
  int emin = isfloat ? -149 : -1074, emax = isfloat ? 127 : 1023;
  long nb = (isfloat ? 8 : 10) * scale, nr = (isfloat ? 20000 : 40000) * scale;
  for (i = 0; i < (int) NSPECIALS; i++)
    {
      run1 (s, f, specials[i]);
      run1 (s, f, nextafter (specials[i], INFINITY));
      run1 (s, f, nextafter (specials[i], -INFINITY));
    }
  for (e = emin; e <= emax; e++)
    for (neg = 0; neg < 2; neg++)
      for (i = 0; i < nb; i++)
        run1 (s, f, rnd_binade (e, neg));
  for (k = 0; k < 4; k++)
    if (f->iv[k].a < f->iv[k].b)
      for (i = 0; i < nr; i++)
        run1 (s, f, rnd_in (f->iv[k].a, f->iv[k].b));
  for (i = 0; i < nr; i++)
    run1 (s, f, asdbl (rnd64 ()));
  /* Near multiples of pi/2 (trig), integers and half-integers.  */
  for (k = 1; k < 2000; k++)
    {
      double m = k * 0x1.921fb54442d18p+0;
      double t = (double) k * 0.5;
      run1 (s, f, m);
      run1 (s, f, -m);
      run1 (s, f, nextafter (m, 0));
      run1 (s, f, t);
      run1 (s, f, -t);
      run1 (s, f, nextafter (-t, 0));
      run1 (s, f, nextafter (-t, -INFINITY));
      run1 (s, f, ldexp (1.0, k % 2200 - 1100));
    }
  if (strcmp (f->name, "lgamma") == 0 || strcmp (f->name, "tgamma") == 0)
    for (k = 0; k < (int) (sizeof lgamma_spots / sizeof lgamma_spots[0]); k++)
      {
        double x = lgamma_spots[k];
        for (i = 0; i < 200; i++)
          {
            run1 (s, f, x);
            x = nextafter (x, INFINITY);
          }
        x = lgamma_spots[k];
        for (i = 0; i < 200; i++)
          {
            x = nextafter (x, -INFINITY);
            run1 (s, f, x);
          }
      }
  if (isfloat)
    {
      /* Every float, or every float of a stride.  */
      uint64_t step = exhaustive ? 1 : (uint64_t) (4099 / scale) | 1;
      uint64_t u;
      for (u = 0; u < 0x100000000ull; u += step)
        run1 (s, f, asflt ((uint32_t) u));
    }
}

static void
test_binary (stat *s, const fn *f)
{
  int i, j, e;
  long nr = (isfloat ? 30000 : 60000) * scale;
  int ispow = strcmp (f->name, "pow") == 0;
  for (i = 0; i < (int) NSPECIALS; i++)
    for (j = 0; j < (int) NSPECIALS; j++)
      run2 (s, f, specials[i], specials[j]);
  for (i = 0; i < nr; i++)
    run2 (s, f, asdbl (rnd64 ()), asdbl (rnd64 ()));
  for (i = 0; i < nr; i++)
    {
      int e1 = (int) (rnd64 () % 200) - 100, e2 = e1 + (int) (rnd64 () % 80) - 40;
      run2 (s, f, rnd_binade (e1, rnd64 () & 1), rnd_binade (e2, rnd64 () & 1));
    }
  if (!ispow)
    for (e = (isfloat ? -149 : -1074); e <= (isfloat ? 127 : 1023); e++)
      for (i = 0; i < 4 * scale; i++)
        {
          run2 (s, f, rnd_binade (e, i & 1), rnd_binade ((int) (rnd64 () % 2098) - 1074, i & 2));
          run2 (s, f, rnd_binade ((int) (rnd64 () % 2098) - 1074, i & 2), rnd_binade (e, i & 1));
        }
  if (ispow)
    {
      for (i = 0; i < nr; i++)
        {
          /* x near 1, large y; integer and half-integer y; negative x;
             results near overflow and in the subnormals.  */
          double x = 1.0 + (rnd_unit () - 0.5) * 0x1p-20;
          double y = (rnd_unit () - 0.5) * 0x1p32;
          run2 (s, f, x, y);
          x = rnd_in (0, 100);
          y = (double) ((int) (rnd64 () % 400) - 200);
          run2 (s, f, x, y);
          run2 (s, f, -x, y);
          run2 (s, f, x, y + 0.5);
          run2 (s, f, -x, y + 0.5);
          x = rnd_in (0.5, 2);
          y = rnd_in (-1, 1) * (isfloat ? 200 : 1500) / log (x);
          run2 (s, f, x, y);
          run2 (s, f, asdbl (rnd64 () & 0x7fffffffffffffffull), rnd_in (-2, 2));
        }
      for (i = 2; i < 60; i++)
        for (j = -40; j < 40; j++)
          {
            run2 (s, f, (double) i, (double) j);
            run2 (s, f, (double) -i, (double) j);
            run2 (s, f, (double) i * i, 0.5);
            run2 (s, f, 1.0 / i, (double) j);
          }
    }
  if (strcmp (f->name, "fmod") == 0 || strcmp (f->name, "remainder") == 0)
    for (i = 0; i < nr; i++)
      {
        double y = rnd_in (0.1, 10);
        double q = (double) (int) (rnd64 () % 1000000) + 0.5 * (rnd64 () % 3);
        run2 (s, f, q * y, y);
        run2 (s, f, -q * y, y);
        run2 (s, f, nextafter (q * y, 0), -y);
      }
}

static void
test_ldexp (stat *s, const fn *f)
{
  int i, j;
  for (i = 0; i < (int) NSPECIALS; i++)
    for (j = -2200; j <= 2200; j += 7)
      run_ldexp (s, f, specials[i], j);
  for (i = 0; i < 100000 * scale; i++)
    run_ldexp (s, f, asdbl (rnd64 ()), (int) (rnd64 () % 4400) - 2200);
  run_ldexp (s, f, 1.0, INT_MAX);
  run_ldexp (s, f, 1.0, INT_MIN);
  run_ldexp (s, f, 0x1.8p-1000, -74);
  run_ldexp (s, f, 0x1.8p-100, -1024);
}

static void
test_ilogb (stat *s, const fn *f)
{
  int i, e;
  for (i = 0; i < (int) NSPECIALS; i++)
    run_ilogb (s, f, specials[i]);
  for (e = -1074; e <= 1023; e++)
    for (i = 0; i < 4; i++)
      run_ilogb (s, f, rnd_binade (e, i & 1));
}

int
main (int argc, char **argv)
{
  const char *only = 0;
  int i, fails = 0;
  for (i = 1; i < argc; i++)
    if (strcmp (argv[i], "-s") == 0 && i + 1 < argc)
      scale = atol (argv[++i]);
    else if (strcmp (argv[i], "-f") == 0 && i + 1 < argc)
      only = argv[++i];
    else if (strcmp (argv[i], "-x") == 0)
      exhaustive = 1;
    else if (strcmp (argv[i], "-d") == 0)
      only_double = 1;
    else if (strcmp (argv[i], "-F") == 0)
      only_float = 1;
    else
      {
        fprintf (stderr, "usage: %s [-s SCALE] [-f NAME] [-d | -F] [-x]\n",
                 argv[0]);
        return 2;
      }
  if (scale < 1)
    scale = 1;
  mpfr_inits2 (128, ref, tmp, ma, mb, (mpfr_ptr) 0);
  printf ("%-10s %-6s %10s %10s  %-40s %5s %10s  %s\n", "function", "prec",
          "args", "max ulp", "worst argument", "CUDA", "glibc ulp", "status");
  for (i = 0; i < (int) (sizeof fns / sizeof fns[0]); i++)
    for (isfloat = 0; isfloat < 2; isfloat++)
      {
        const fn *f = &fns[i];
        stat s;
        double bound = isfloat ? f->cuda_f : f->cuda_d;
        char arg[80];
        const char *status;
        clock_t t0 = clock ();
        if (only && strncmp (f->name, only, strlen (only)) != 0)
          continue;
        if ((isfloat && only_double) || (!isfloat && only_float))
          continue;
        memset (&s, 0, sizeof s);
        mpfr_set_prec (ref, isfloat ? 64 : 128);
        mpfr_set_prec (tmp, 160);
        switch (f->kind)
          {
          case K_1: test_unary (&s, f); break;
          case K_2: test_binary (&s, f); break;
          case K_LDEXP: test_ldexp (&s, f); break;
          case K_ILOGB: test_ilogb (&s, f); break;
          }
        if (f->kind == K_1)
          snprintf (arg, sizeof arg, "%a", s.worst_x);
        else
          snprintf (arg, sizeof arg, "%a, %a", s.worst_x, s.worst_y);
        if (s.hard)
          status = "FAIL (special case)";
        else if (s.max_ulp > bound + 0.5)
          status = "FAIL (above bound)";
        else
          status = "ok";
        if (s.hard || s.max_ulp > bound + 0.5)
          fails++;
        printf ("%-10s %-6s %10ld %10.3f  %-40s %5g %10.3f  %s\n", f->name,
                isfloat ? "float" : "double", s.n, s.max_ulp,
                s.max_ulp > 0 ? arg : "-", bound, s.g_max_ulp, status);
        if (s.hard)
          printf ("    %ld hard failures, first: %s\n", s.hard, s.hard_msg);
        if (s.inside_max > 0)
          printf ("    (inside CUDA's unbounded interval: max %.3f ulp)\n",
                  s.inside_max);
        fflush (stdout);
        fprintf (stderr, "  %s %s: %.1f s\n", f->name,
                 isfloat ? "float" : "double",
                 (double) (clock () - t0) / CLOCKS_PER_SEC);
      }
  mpfr_clears (ref, tmp, ma, mb, (mpfr_ptr) 0);
  printf ("%s\n", fails ? "FAILED" : "PASSED");
  return fails != 0;
}
