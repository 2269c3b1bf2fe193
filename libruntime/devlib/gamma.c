/* The Gangway device math library: lgamma, tgamma.
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

/* lgamma for x > 0, as a double-double:
     x < 0.75: lgamma(x + 1) - log(x);  0.75 <= x < 2.75: Taylor series of
     lgamma around 1, 3/2, 2 or 5/2 for |x - c| <= 1/4 (coefficients
     psi^(k-1)(c)/k! from zeta values, gen/gentables.c; 18 to 31 terms,
     the last steps in double-double, the zeros at 1 and 2 exact);
     2.75 <= x < 10: lgamma(x - n) + log((x - 1) ... (x - n)), the product
     as a double-double;  x >= 10: Stirling's series with ten terms,
     (x - 1/2) log x - x + log(2 pi)/2 in double-double.
   For x < 0 the reflection lgamma(x) = log(pi) - log|x sin(pi x)| -
   lgamma(-x), sin(pi x) reduced exactly and evaluated with the sin and
   cos kernels.  tgamma(x) = +-exp(lgamma(x)): exp of the double-double,
   whose absolute error stays near 2^-57, rounded once.  */

#include "devlib-internal.h"
#include "devlib-tables.h"

static const double LG1_C[LG1_N - 1] = { LG1_COEFFS };
#pragma acc declare copyin (LG1_C)
static const double LG15_C[LG15_N - 1] = { LG15_COEFFS };
#pragma acc declare copyin (LG15_C)
static const double LG2_C[LG2_N - 1] = { LG2_COEFFS };
#pragma acc declare copyin (LG2_C)
static const double LG25_C[LG25_N - 1] = { LG25_COEFFS };
#pragma acc declare copyin (LG25_C)
static const double STIRLING[10] = { STIRLING_COEFFS };
#pragma acc declare copyin (STIRLING)

/* s (a1 + a2 s + a3 s^2 + ...) as hi + *lo, where C holds a2, a3, ...
   (N of them) and a1 = (a1h, a1l).  */
GW_DEVLIB_ROUTINE
static double
taylor (const double *c, int n, double a1h, double a1l, double s, double *lo)
{
  double t = c[n - 1], wh, wl, e, ph, pl, vh, vl;
  int i;
  for (i = n - 2; i >= 1; i--)
    t = c[i] + s * t;
  /* w = a2 + s t; v = a1 + s w; both double-doubles.  */
  ph = gw_two_prod (s, t, &pl);
  wh = gw_two_sum (c[0], ph, &e);
  wl = e + pl;
  ph = gw_dd_mul (s, 0.0, wh, wl, &pl);
  vh = gw_two_sum (a1h, ph, &e);
  vl = e + pl + a1l;
  return gw_dd_mul (s, 0.0, vh, vl, lo);
}

/* lgamma(x) for 0.75 <= x < 2.75 as hi + *lo: every shift is exact.  */
GW_DEVLIB_ROUTINE
static double
lgamma_mid (double x, double *lo)
{
  double h, l;
  if (x < 1.25)
    return taylor (LG1_C, LG1_N - 1, LG1_H, LG1_L, x - 1.0, lo);
  if (x < 1.75)
    {
      h = taylor (LG15_C, LG15_N - 1, LG15_H, LG15_L, x - 1.5, &l);
      return gw_dd_add (LGAMMA_1P5_H, LGAMMA_1P5_L, h, l, lo);
    }
  if (x < 2.25)
    return taylor (LG2_C, LG2_N - 1, LG2_H, LG2_L, x - 2.0, lo);
  h = taylor (LG25_C, LG25_N - 1, LG25_H, LG25_L, x - 2.5, &l);
  return gw_dd_add (LGAMMA_2P5_H, LGAMMA_2P5_L, h, l, lo);
}

/* lgamma(x) for finite x > 0 as hi + *lo (hi may be +inf).  */
GW_DEVLIB_ROUTINE
static double
lgamma_pos (double x, double *lo)
{
  double h, l, gh, gl, ph, pl;
  if (x < 0.75)
    {
      if (x < 0.25)
        h = taylor (LG1_C, LG1_N - 1, LG1_H, LG1_L, x, &l);
      else
        {
          h = taylor (LG15_C, LG15_N - 1, LG15_H, LG15_L, x - 0.5, &l);
          h = gw_dd_add (LGAMMA_1P5_H, LGAMMA_1P5_L, h, l, &l);
        }
      gh = __gw_i_log_dd (x, &gl);
      return gw_dd_add (h, l, -gh, -gl, lo);
    }
  if (x < 2.75)
    return lgamma_mid (x, lo);
  if (x < 10.0)
    {
      /* lgamma(x) = lgamma(y) + log((x - 1) ... y), y in [1.75, 2.75);
         every x - i is exact.  */
      double y = x;
      ph = 1.0;
      pl = 0.0;
      while (y >= 2.75)
        {
          y -= 1.0;
          ph = gw_dd_mul (ph, pl, y, 0.0, &pl);
        }
      h = lgamma_mid (y, &l);
      gh = __gw_i_log_dd (ph, &gl);
      gl += pl / ph;
      return gw_dd_add (h, l, gh, gl, lo);
    }
  {
    /* Stirling: x (log x - 1) - log(x)/2 + log(2 pi)/2 + S(1/x).  */
    double lh, ll, mh, ml, t, t2, s;
    int i;
    lh = __gw_i_log_dd (x, &ll);
    mh = gw_two_sum (lh, -1.0, &ml);
    ml += ll;
    if (gw_isinf (x * mh))
      {
        *lo = 0.0;
        return x * mh;
      }
    ph = gw_dd_mul (x, 0.0, mh, ml, &pl);
    ph = gw_dd_add (ph, pl, -0.5 * lh, -0.5 * ll, &pl);
    t = 1.0 / x;
    t2 = t * t;
    s = STIRLING[9];
    for (i = 8; i >= 0; i--)
      s = STIRLING[i] + t2 * s;
    return gw_dd_add (ph, pl, HLOG2PI_H, HLOG2PI_L + t * s, lo);
  }
}

/* |sin(pi y)| for y > 0 not an integer, y < 2^52, as hi + *lo.  */
GW_DEVLIB_ROUTINE
static double
sinpi_abs (double y, double *lo)
{
  double f = y - gw_floor (y), ph, pl;
  if (f > 0.5)
    f = 1.0 - f;
  if (f <= 0.25)
    {
      ph = gw_two_prod (f, PI_H, &pl);
      pl += f * PI_L;
      ph = gw_fast_two_sum (ph, pl, &pl);
      return __gw_i_sin_k (ph, pl, lo);
    }
  f = 0.5 - f;
  ph = gw_two_prod (f, PI_H, &pl);
  pl += f * PI_L;
  ph = gw_fast_two_sum (ph, pl, &pl);
  return __gw_i_cos_k (ph, pl, lo);
}

/* lgamma(x) for x < 0 not an integer, x > -2^52, as hi + *lo.  */
GW_DEVLIB_ROUTINE
static double
lgamma_neg (double x, double *lo)
{
  double y = -x, sh, sl, qh, ql, gh, gl, h, l;
  if (y < 0x1p-60)
    {
      h = __gw_i_log_dd (y, &l);
      *lo = -l;
      return -h;
    }
  sh = sinpi_abs (y, &sl);
  qh = gw_dd_mul (y, 0.0, sh, sl, &ql);
  h = __gw_i_log_dd (qh, &l);
  l += ql / qh;
  gh = lgamma_pos (y, &gl);
  if (gw_isinf (gh))
    {
      *lo = 0.0;
      return -gh;
    }
  h = gw_dd_add (LOGPI_H, LOGPI_L, -h, -l, &l);
  return gw_dd_add (h, l, -gh, -gl, lo);
}

/* Whether x < 0 has Gamma(x) < 0 (x not an integer, |x| < 2^52).  */
GW_DEVLIB_ROUTINE
static inline int
gamma_neg_sign (double x)
{
  double f = gw_floor (x);
  return ((int64_t) f & 1) != 0;
}

double
__gw_lgamma_r (double x, int *sign)
{
  double h, l;
  *sign = 1;
  if (gw_isnan (x))
    return x + x;
  if (gw_isinf (x))
    return x * x;
  if (x == 0.0)
    {
      if (gw_asu64 (x) >> 63)
        *sign = -1;
      return 1.0 / 0.0;
    }
  if (x > 0.0)
    {
      if (x == 1.0 || x == 2.0)
        return 0.0;
      h = lgamma_pos (x, &l);
      return h + l;
    }
  if (x <= -0x1p52 || gw_floor (x) == x)
    return 1.0 / 0.0;
  if (gamma_neg_sign (x))
    *sign = -1;
  h = lgamma_neg (x, &l);
  return h + l;
}

double
__gw_lgamma (double x)
{
  int s;
  return __gw_lgamma_r (x, &s);
}

double
__gw_tgamma (double x)
{
  double h, l;
  int k, neg = 0;
  if (gw_isnan (x))
    return x + x;
  if (x == 0.0)
    return 1.0 / x;
  if (gw_isinf (x))
    return x > 0.0 ? x : 0.0 / 0.0;
  if (x > 0.0)
    {
      if (x > 172.0)
        return 0x1p1023 * 2.0;
      h = lgamma_pos (x, &l);
    }
  else
    {
      if (x <= -0x1p52 || gw_floor (x) == x)
        return 0.0 / 0.0;
      neg = gamma_neg_sign (x);
      if (x < -190.0)
        return neg ? -0.0 : 0.0;
      if (x > -0x1p-60)
        return 1.0 / x;
      h = lgamma_neg (x, &l);
    }
  if (h > 709.8)
    h = 0x1p1023 * 2.0;
  else if (h < -745.2)
    h = 0.0;
  else
    {
      h = __gw_i_exp_core (h, l, &k, &l);
      h = __gw_i_ldexp_dd (h, l, k);
    }
  return neg ? -h : h;
}
