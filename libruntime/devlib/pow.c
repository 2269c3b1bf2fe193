/* The Gangway device math library: pow.
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

/* pow(x, y) = exp(y log|x|): log|x| as a double-double with a relative
   error near 2^-66 (__gw_i_log_dd), its product by y as a double-double,
   and the exp core on that double-double argument, rounded once.  The
   absolute error of y log|x| stays below 2^-56 where the result is finite
   and nonzero, so the result is within about 0.52 ulp.  The special cases
   are those of C99 Annex F.10.4.4.  */

#include "devlib-internal.h"

/* 2 if y is an odd integer, 1 if an even integer, 0 if not an integer
   (y finite).  */
GW_DEVLIB_ROUTINE
static inline int
int_kind (double y)
{
  double a = gw_fabs (y);
  if (a >= 0x1p53)
    return 1;
  if (gw_trunc (a) != a)
    return 0;
  return ((uint64_t) a & 1) ? 2 : 1;
}

double
__gw_pow (double x, double y)
{
  double ax = gw_fabs (x), lh, ll, yh, yl, hi, lo;
  int neg = 0, kind, k;
  if (y == 0.0 || x == 1.0)
    return 1.0;
  if (gw_isnan (x) || gw_isnan (y))
    return x + y;
  if (gw_isinf (y))
    {
      if (ax == 1.0)
        return 1.0;
      if ((ax < 1.0) == (y < 0.0))
        return 1.0 / 0.0;
      return 0.0;
    }
  kind = int_kind (y);
  if (x == 0.0 || gw_isinf (x))
    {
      /* |x|^y is 0 or inf; negative for x < 0 and odd integer y.  */
      double r = ((x == 0.0) == (y < 0.0)) ? 1.0 / 0.0 : 0.0;
      if (kind == 2 && gw_asu64 (x) >> 63)
        r = -r;
      return r;
    }
  if (x < 0.0)
    {
      if (kind == 0)
        return 0.0 / 0.0;
      neg = kind == 2;
    }
  lh = __gw_i_log_dd (ax, &ll);
  yh = gw_two_prod (y, lh, &yl);
  if (!(yh < 709.8))
    hi = 0x1p1023 * 2.0;
  else if (yh < -745.2)
    hi = 0.0;
  else
    {
      yl += y * ll;
      yh = gw_fast_two_sum (yh, yl, &yl);
      if (gw_fabs (yh) < 0x1p-60)
        hi = 1.0 + yh;
      else
        {
          hi = __gw_i_exp_core (yh, yl, &k, &lo);
          hi = __gw_i_ldexp_dd (hi, lo, k);
        }
    }
  return neg ? -hi : hi;
}
