/* The Gangway device math library: exp, exp2, expm1.
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

/* Tang's table-driven method: x = (64 k + j) ln2/64 + r with |r| <=
   ln2/128, r kept as a double-double (Cody-Waite with an fma: k ln2/64
   is subtracted exactly), exp(x) = 2^k 2^(j/64) exp(r), 2^(j/64) from a
   double-double table and exp(r) - 1 - r - r^2/2 from a minimax
   polynomial of degree 3 in r (gen/poly.sollya).  The result hi + lo
   has a relative error near 2^-66 and is rounded once by the final
   scaling, also into the subnormal range.  */

#include "devlib-internal.h"
#define GW_NEED_EXP_TABLE
#include "devlib-tables.h"
#include "devlib-poly.h"

/* exp(rh + rl) * 2^(j/64), |r| <= ln2/128 + tiny, as hi + *lo.  */
GW_DEVLIB_ROUTINE
static inline double
exp_tail (int j, double rh, double rl, double *lo)
{
  double th = EXP_T[j][0], tl = EXP_T[j][1];
  double r2 = rh * rh;
  /* pb = exp(r) - 1 - rh, up to about 2^-66 relative to exp(r).  */
  double q = r2 * rh * (EXP_C3 + rh * (EXP_C4 + rh * (EXP_C5 + rh * EXP_C6)));
  double pb = rl + (0.5 * r2 + q) + rh * rl;
  double sl, e;
  double sh = gw_two_prod (th, rh, &sl);
  double h = gw_fast_two_sum (th, sh, &e);
  e += sl + th * pb + tl * (1.0 + rh);
  return gw_fast_two_sum (h, e, lo);
}

double
__gw_i_exp_core (double xh, double xl, int *k, double *lo)
{
  double kd = gw_rint (xh * EXP_INVLN2_64);
  int64_t ki = (int64_t) kd;
  /* Exact: |xh - kd L| <= ln2/128 + tiny is a multiple of ulp(L) / 2.  */
  double rh = gw_fma (-kd, EXP_LN2_64_H, xh);
  double rl = gw_fma (-kd, EXP_LN2_64_L, xl);
  double e;
  rh = gw_fast_two_sum (rh, rl, &e);
  *k = (int) (ki >> 6);
  return exp_tail ((int) (ki & 63), rh, e, lo);
}

double
__gw_i_ldexp_dd (double hi, double lo, int k)
{
  uint64_t u = gw_asu64 (hi);
  int ed = (int) ((u >> 52) & 0x7ff) - 1023;   /* hi is normal */
  double d, hs, ls, z, res, s;
  if (hi == 0.0)
    return hi;
  if (ed + k > -1022)
    {
      /* Normal result (or overflow): one rounding, then exact scaling.  */
      d = hi + lo;
      if (k > 1023)
        return (d * 0x1p1023) * gw_pow2 (k - 1023 > 1023 ? 1023 : k - 1023);
      if (k < -1022)
        return (d * gw_pow2 (k + 1022)) * 0x1p-1022;
      return d * gw_pow2 (k);
    }
  if (ed + k < -1080)
    return hi * 0.0;
  /* Subnormal result: bring hi to [1, 2) and round (hi + lo) 2^k once.
     z = RN(hi 2^k); the residual (hi 2^k - z) + lo 2^k, scaled by 2^1000
     so that it is exact, then corrects z by at most one unit.  */
  hi = gw_asdbl ((u & 0x800fffffffffffffull) | 0x3ff0000000000000ull);
  lo = lo * gw_pow2 (-(ed / 2)) * gw_pow2 (-(ed - ed / 2));
  k += ed;                                /* -1080 <= k <= -1022 */
  s = gw_pow2 (k + 1000);
  hs = hi * s;
  ls = lo * s;
  z = hs * 0x1p-1000;
  res = (hs - z * 0x1p1000) + ls;
  return z + res * 0x1p-1000;
}

double
__gw_exp (double x)
{
  double lo, hi;
  int k;
  if (!(x < 709.8))
    {
      if (gw_isnan (x))
        return x + x;
      if (x >= 709.8)
        return 0x1p1023 * 2.0;
    }
  if (x < -745.2)
    return 0.0;
  if (gw_fabs (x) < 0x1p-54)
    return 1.0 + x;
  hi = __gw_i_exp_core (x, 0.0, &k, &lo);
  return __gw_i_ldexp_dd (hi, lo, k);
}

double
__gw_exp2 (double x)
{
  double kd, f, rh, rl, lo, hi;
  int64_t ki;
  if (!(x < 1024.0))
    {
      if (gw_isnan (x))
        return x + x;
      return 0x1p1023 * 2.0;
    }
  if (x < -1076.0)
    return 0.0;
  if (gw_fabs (x) < 0x1p-54)
    return 1.0 + x;
  kd = gw_rint (x * 64.0);
  ki = (int64_t) kd;
  f = x - kd * 0x1p-6;                  /* exact */
  rh = gw_two_prod (f, LN2_H, &rl);
  rl += f * LN2_L;
  rh = gw_fast_two_sum (rh, rl, &rl);
  hi = exp_tail ((int) (ki & 63), rh, rl, &lo);
  return __gw_i_ldexp_dd (hi, lo, (int) (ki >> 6));
}

/* expm1 for -38 <= x <= 700 as hi + lo.  */
double
__gw_i_expm1_dd (double x, double *lo)
{
  int k;
  double l, h;
  if (gw_fabs (x) < 0x1.6p-8)
    {
      /* |x| < ln2/128: the polynomial of exp_tail alone.  */
      double x2 = x * x;
      l = x2 * x * (EXP_C3 + x * (EXP_C4 + x * (EXP_C5 + x * EXP_C6)));
      return gw_fast_two_sum (x, 0.5 * x2 + l, lo);
    }
  h = __gw_i_exp_core (x, 0.0, &k, &l);
  if (k <= 60)
    {
      /* 2^k (h + l) - 1, exact but for the final sums.  */
      double s = gw_pow2 (k), e;
      double a = gw_two_sum (h * s, -1.0, &e);
      e += l * s;
      return gw_fast_two_sum (a, e, lo);
    }
  /* 2^-k is below half an ulp of the result's 2^-53.  */
  *lo = l * gw_pow2 (k);
  return h * gw_pow2 (k);
}

double
__gw_expm1 (double x)
{
  double lo, hi;
  int k;
  if (!(x < 709.8))
    {
      if (gw_isnan (x))
        return x + x;
      return 0x1p1023 * 2.0;
    }
  if (x < -38.0)
    return -1.0;
  if (gw_fabs (x) < 0x1p-54)
    return x;
  if (x <= 700.0)
    {
      hi = __gw_i_expm1_dd (x, &lo);
      return hi + lo;
    }
  hi = __gw_i_exp_core (x, 0.0, &k, &lo);
  return __gw_i_ldexp_dd (hi, lo, k);
}
