/* The Gangway device math library: sinh, cosh, tanh, asinh, acosh, atanh.
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

/* All in double-double on the exp and log cores:
   sinh |x| = (u + u/(u+1))/2 with u = expm1|x|, cosh = (E + 1/E)/2 with
   E = exp|x|, tanh |x| = u/(u+2) with u = expm1(2|x|); beyond |x| = 40
   sinh and cosh are exp(|x|)/2, scaled once.
   asinh |x| = log1p(|x| + x^2/(1 + sqrt(1 + x^2))),
   acosh x = log1p(t + sqrt(t (t + 2))) with t = x - 1,
   atanh |x| = log1p(2|x|/(1 - |x|))/2, each argument of log1p formed as
   a double-double; beyond 2^28, asinh and acosh are log|x| + log 2.  */

#include "devlib-internal.h"
#include "devlib-tables.h"

/* exp(a)/2 for a > 40, rounded once.  */
GW_DEVLIB_ROUTINE
static inline double
half_exp (double a)
{
  double h, l;
  int k;
  if (a > 711.0)
    return 0x1p1023 * 2.0;
  h = __gw_i_exp_core (a, 0.0, &k, &l);
  return __gw_i_ldexp_dd (h, l, k - 1);
}

double
__gw_sinh (double x)
{
  double a = gw_fabs (x), uh, ul, dh, dl, vh, vl, sh, sl, r;
  if (!gw_isfinite (x))
    return x + x;
  if (a < 0x1p-26)
    return x;
  if (a > 40.0)
    r = half_exp (a);
  else
    {
      uh = __gw_i_expm1_dd (a, &ul);
      dh = gw_fast_two_sum (1.0, uh, &dl);
      dl += ul;
      vh = gw_dd_div (uh, ul, dh, dl, &vl);
      sh = gw_two_sum (uh, vh, &sl);
      r = 0.5 * (sh + (sl + ul + vl));
    }
  return gw_copysign (r, x);
}

double
__gw_cosh (double x)
{
  double a = gw_fabs (x), eh, el, ih, il, sh, sl;
  int k;
  if (!gw_isfinite (x))
    return x * x;
  if (a < 0x1p-27)
    return 1.0;
  if (a > 40.0)
    return half_exp (a);
  eh = __gw_i_exp_core (a, 0.0, &k, &el);
  eh *= gw_pow2 (k);
  el *= gw_pow2 (k);
  ih = 1.0 / eh;
  il = (gw_fma (-ih, eh, 1.0) - ih * el) / eh;
  sh = gw_two_sum (eh, ih, &sl);
  return 0.5 * (sh + (sl + el + il));
}

double
__gw_tanh (double x)
{
  double a = gw_fabs (x), uh, ul, dh, dl, r, rl;
  if (gw_isnan (x))
    return x + x;
  if (a < 0x1p-27)
    return x;
  if (a > 22.0)
    return gw_copysign (1.0, x);
  uh = __gw_i_expm1_dd (2.0 * a, &ul);
  dh = gw_two_sum (2.0, uh, &dl);
  dl += ul;
  r = gw_dd_div (uh, ul, dh, dl, &rl);
  return gw_copysign (r + rl, x);
}

double
__gw_asinh (double x)
{
  double a = gw_fabs (x), ph, pl, dh, dl, sh, sl, eh, el, wh, wl, h, l;
  if (!gw_isfinite (x))
    return x + x;
  if (a < 0x1p-26)
    return x;
  if (a > 0x1p28)
    {
      h = __gw_i_log_dd (a, &l);
      h = gw_two_sum (h, LN2_H, &dl);
      return gw_copysign (h + (dl + l + LN2_L), x);
    }
  /* w = a + a^2 / (1 + sqrt(1 + a^2)).  */
  ph = gw_two_prod (a, a, &pl);
  dh = gw_two_sum (1.0, ph, &dl);
  dl += pl;
  sh = gw_sqrt (dh);
  sl = (gw_fma (-sh, sh, dh) + dl) / (2.0 * sh);
  eh = gw_fast_two_sum (1.0, sh, &el);
  el += sl;
  wh = gw_dd_div (ph, pl, eh, el, &wl);
  wh = gw_dd_add (a, 0.0, wh, wl, &wl);
  h = __gw_i_log1p_dd (wh, wl, &l);
  return gw_copysign (h + l, x);
}

double
__gw_acosh (double x)
{
  double th, tl, ph, pl, sh, sl, wh, wl, h, l, d;
  if (gw_isnan (x))
    return x + x;
  if (x < 1.0)
    return 0.0 / 0.0;
  if (x == 1.0)
    return 0.0;
  if (!gw_isfinite (x))
    return x;
  if (x > 0x1p28)
    {
      h = __gw_i_log_dd (x, &l);
      h = gw_two_sum (h, LN2_H, &d);
      return h + (d + l + LN2_L);
    }
  /* t = x - 1, w = t + sqrt(t (t + 2)).  */
  th = gw_two_sum (x, -1.0, &tl);
  ph = gw_dd_add (th, tl, 2.0, 0.0, &pl);
  ph = gw_dd_mul (th, tl, ph, pl, &pl);
  sh = gw_sqrt (ph);
  sl = (gw_fma (-sh, sh, ph) + pl) / (2.0 * sh);
  wh = gw_dd_add (th, tl, sh, sl, &wl);
  h = __gw_i_log1p_dd (wh, wl, &l);
  return h + l;
}

double
__gw_atanh (double x)
{
  double a = gw_fabs (x), dh, dl, wh, wl, h, l;
  if (gw_isnan (x))
    return x + x;
  if (a > 1.0)
    return 0.0 / 0.0;
  if (a == 1.0)
    return x / 0.0;
  if (a < 0x1p-27)
    return x;
  /* w = 2a / (1 - a).  */
  dh = gw_two_sum (1.0, -a, &dl);
  wh = gw_dd_div (2.0 * a, 0.0, dh, dl, &wl);
  h = __gw_i_log1p_dd (wh, wl, &l);
  return gw_copysign (0.5 * (h + l), x);
}
