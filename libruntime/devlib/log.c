/* The Gangway device math library: log, log2, log10, log1p.
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

/* Tang's table-driven method: x = 2^e m, m in [1, 2) (m/2 and e + 1
   when m >= 1 + 26/64); c ~ 1/m from a 64-entry table indexed by the top
   six bits of m, with -log(c) as a double-double (c = 1 near 1, so that
   log(x) keeps its relative accuracy there).  z = m c - 1 is exact as a
   double-double (an fma product), |z| < 0.016, and
   log1p(z) = z - z^2/2 + z^3 Q(z) with Q a minimax polynomial of degree
   7 (gen/poly.sollya).  The sum e ln2 - log(c) + log1p(z) is formed as
   a double-double whose relative error is about 2^-66, enough for pow.
   log2 and log10 multiply it by 1/ln2 or 1/ln10 as double-doubles.  */

#include "devlib-internal.h"
#define GW_NEED_LOG_TABLE
#include "devlib-tables.h"
#include "devlib-poly.h"

double
__gw_i_log_dd (double x, double *lo)
{
  uint64_t u = gw_asu64 (x);
  int e, j;
  double m, c, ph, pl, zh, zl, qh, ql, a1, a2, b1, b2, c1, c2, l, z3, ed;
  if (u < 0x0010000000000000ull)
    {
      /* Subnormal.  */
      u = gw_asu64 (x * 0x1p54);
      e = -54;
    }
  else
    e = 0;
  e += (int) (u >> 52) - 1023;
  j = (int) ((u >> 46) & 63);
  m = gw_asdbl ((u & 0x000fffffffffffffull) | 0x3ff0000000000000ull);
  if (j >= 26)
    {
      m *= 0.5;
      e += 1;
    }
  c = LOG_T[j][0];
  ph = gw_two_prod (m, c, &pl);
  zh = gw_two_sum (ph - 1.0, pl, &zl);      /* ph - 1 is exact */
  qh = gw_two_prod (zh, zh, &ql);           /* z^2 */
  ed = (double) e;
  a1 = gw_two_sum (ed * LN2_42H, LOG_T[j][1], &a2);
  b1 = gw_two_sum (a1, zh, &b2);
  c1 = gw_two_sum (b1, -0.5 * qh, &c2);
  z3 = zh * qh;
  l = z3 * (LOG_Q0 + zh * (LOG_Q1 + zh * (LOG_Q2 + zh * (LOG_Q3
        + zh * (LOG_Q4 + zh * (LOG_Q5 + zh * (LOG_Q6 + zh * LOG_Q7)))))));
  l += (zl - 0.5 * ql - zh * zl) + (ed * LN2_42L + LOG_T[j][2])
       + (a2 + b2 + c2);
  return gw_fast_two_sum (c1, l, lo);
}

double
__gw_i_log1p_dd (double xh, double xl, double *lo)
{
  double sl, h, l, t, tl;
  double sh = gw_two_sum (1.0, xh, &sl);
  sl += xl;
  /* log(sh + sl) = log(sh) + log1p(sl/sh).  */
  h = __gw_i_log_dd (sh, &l);
  t = sl / sh;
  tl = gw_fma (-t, sh, sl) / sh - 0.5 * t * t;
  h = gw_two_sum (h, t, &t);
  return gw_fast_two_sum (h, t + (l + tl), lo);
}

/* Special cases of log, log2, log10: returns nonzero and sets *r.  */
GW_DEVLIB_ROUTINE
static inline int
log_special (double x, double *r)
{
  uint64_t u = gw_asu64 (x);
  if (u - 0x0000000000000001ull >= 0x7fefffffffffffffull)
    {
      /* x <= +0 (including -0 and negatives), +inf or NaN.  */
      if (gw_isnan (x))
        *r = x + x;
      else if (x == 0.0)
        *r = -1.0 / 0.0;
      else if (x < 0.0)
        *r = (x - x) / (x - x);
      else
        *r = x;
      return 1;
    }
  return 0;
}

double
__gw_log (double x)
{
  double r, lo;
  if (log_special (x, &r))
    return r;
  r = __gw_i_log_dd (x, &lo);
  return r + lo;
}

double
__gw_log2 (double x)
{
  double r, lo, h, l;
  if (log_special (x, &r))
    return r;
  r = __gw_i_log_dd (x, &lo);
  h = gw_two_prod (r, INVLN2_H, &l);
  l += r * INVLN2_L + lo * INVLN2_H;
  return h + l;
}

double
__gw_log10 (double x)
{
  double r, lo, h, l;
  if (log_special (x, &r))
    return r;
  r = __gw_i_log_dd (x, &lo);
  h = gw_two_prod (r, INVLN10_H, &l);
  l += r * INVLN10_L + lo * INVLN10_H;
  return h + l;
}

double
__gw_log1p (double x)
{
  double r, lo;
  if (!(x > -1.0))
    {
      if (x == -1.0)
        return -1.0 / 0.0;
      return (x - x) / (x - x);             /* NaN, also for a NaN */
    }
  if (gw_isinf (x))
    return x;
  if (gw_fabs (x) < 0x1p-20)
    /* x - x^2/2 + x^3/3 - x^4/4, the rest below 2^-100 |x|.  */
    return x + x * x * (-0.5 + x * (0x1.5555555555555p-2 - 0.25 * x));
  r = __gw_i_log1p_dd (x, 0.0, &lo);
  return r + lo;
}
