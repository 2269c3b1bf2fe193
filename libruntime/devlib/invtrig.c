/* The Gangway device math library: atan, atan2, asin, acos.
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

/* One kernel, atan of a double-double a in [0, 1]: with c = j/16 the
   nearest sixteenth, atan(a) = atan(c) + atan(t), t = (a - c)/(1 + a c)
   a double-double quotient with |t| <= 1/32, atan(c) from a double-double
   table and atan(t) = t + t^3 A(t^2), A a minimax polynomial of degree 4
   in t^2 (gen/poly.sollya).  atan of |x| > 1 is pi/2 - atan(1/|x|);
   atan2 takes the smaller of |x|, |y| over the larger; asin and acos are
   atan of x/sqrt(1 - x^2) or of its inverse, 1 - x^2 formed exactly as a
   double-double, so that no cancellation occurs near +-1.  */

#include "devlib-internal.h"
#define GW_NEED_ATAN_TABLE
#include "devlib-tables.h"
#include "devlib-poly.h"

double
__gw_i_atan_dd (double ah, double al, double *lo)
{
  int j = (int) gw_rint (ah * 16.0);
  double c;
  if (j > 16)
    j = 16;                     /* s/a in asin reaches 1.02 */
  c = (double) j * 0.0625;
  double nl, nh = gw_fast_two_sum (ah - c, al, &nl);   /* ah - c exact */
  double pl, ph = gw_two_prod (ah, c, &pl);
  double dl, dh = gw_fast_two_sum (1.0, ph, &dl);
  double th, tl, r, z, s, e, l;
  dl += pl + al * c;
  th = nh / dh;
  r = gw_fma (-th, dh, nh);
  tl = (r + nl - th * dl) / dh;
  z = th * th;
  s = gw_two_sum (ATAN_T[j][0], th, &e);
  l = th * z * (ATAN_A0 + z * (ATAN_A1 + z * (ATAN_A2 + z * (ATAN_A3
        + z * ATAN_A4))));
  l += e + ATAN_T[j][1] + tl;
  return gw_fast_two_sum (s, l, lo);
}

/* c + sgn (vh + vl) rounded, c = (ch, cl).  */
GW_DEVLIB_ROUTINE
static inline double
add_const (double ch, double cl, double vh, double vl)
{
  double e, s = gw_two_sum (ch, vh, &e);
  return s + (e + cl + vl);
}

double
__gw_atan (double x)
{
  double a = gw_fabs (x), h, l, u, ul;
  if (gw_isnan (x))
    return x + x;
  if (a < 0x1p-27)
    return x;
  if (a > 0x1p60)
    return gw_copysign (PIO2_H, x);
  if (a <= 1.0)
    {
      h = __gw_i_atan_dd (a, 0.0, &l);
      h = h + l;
    }
  else
    {
      u = 1.0 / a;
      ul = gw_fma (-u, a, 1.0) / a;
      h = __gw_i_atan_dd (u, ul, &l);
      h = add_const (PIO2_H, PIO2_L, -h, -l);
    }
  return gw_copysign (h, x);
}

double
__gw_atan2 (double y, double x)
{
  double ax = gw_fabs (x), ay = gw_fabs (y), r, th, tl, h, l;
  int xneg = (int) (gw_asu64 (x) >> 63);
  if (gw_isnan (x) || gw_isnan (y))
    return x + y;
  if (ay == 0.0)
    r = xneg ? PI_H : 0.0;
  else if (ax == 0.0)
    r = PIO2_H;
  else if (gw_isinf (ay))
    r = gw_isinf (ax) ? (xneg ? PI3O4 : PIO4) : PIO2_H;
  else if (gw_isinf (ax))
    r = xneg ? PI_H : 0.0;
  else
    {
      /* Keep the smaller away from the subnormals, so that the low part
         of the quotient is exact, where the larger allows it.  */
      if ((ax < 0x1p-900 || ay < 0x1p-900) && ax < 0x1p100 && ay < 0x1p100)
        {
          ax *= 0x1p900;
          ay *= 0x1p900;
        }
      if (ay <= ax)
        {
          th = ay / ax;
          if (th < 0x1p-500 && !xneg)
            return gw_copysign (th, y);   /* atan(t) = t, rounded once */
          tl = gw_fma (-th, ax, ay) / ax;
          h = __gw_i_atan_dd (th, tl, &l);
          r = xneg ? add_const (PI_H, PI_L, -h, -l) : h + l;
        }
      else
        {
          th = ax / ay;
          tl = gw_fma (-th, ay, ax) / ay;
          h = __gw_i_atan_dd (th, tl, &l);
          r = xneg ? add_const (PIO2_H, PIO2_L, h, l)
                   : add_const (PIO2_H, PIO2_L, -h, -l);
        }
    }
  return gw_copysign (r, y);
}

/* sqrt(1 - a^2) as sh + *sl for 0 <= a <= 1.  */
GW_DEVLIB_ROUTINE
static inline double
sqrt1m (double a, double *sl)
{
  double pl, ph = gw_two_prod (a, a, &pl);
  double dl, dh = gw_two_sum (1.0, -ph, &dl);
  double sh;
  dl -= pl;
  dh = gw_fast_two_sum (dh, dl, &dl);
  sh = gw_sqrt (dh);
  *sl = sh > 0.0 ? (gw_fma (-sh, sh, dh) + dl) / (2.0 * sh) : 0.0;
  return sh;
}

/* atan(a / s) for a <= 0.7 (then <= 1), or atan(s / a).  */
GW_DEVLIB_ROUTINE
static inline double
atan_ratio (double nh, double nl, double dh, double dl, double *lo)
{
  double th = nh / dh;
  double r = gw_fma (-th, dh, nh);
  double tl = (r + nl - th * dl) / dh;
  return __gw_i_atan_dd (th, tl, lo);
}

double
__gw_asin (double x)
{
  double a = gw_fabs (x), sh, sl, h, l;
  if (gw_isnan (x))
    return x + x;
  if (a > 1.0)
    return 0.0 / 0.0;
  if (a < 0x1p-26)
    return x;
  sh = sqrt1m (a, &sl);
  if (a <= 0.7)
    {
      h = atan_ratio (a, 0.0, sh, sl, &l);
      h = h + l;
    }
  else
    {
      h = atan_ratio (sh, sl, a, 0.0, &l);
      h = add_const (PIO2_H, PIO2_L, -h, -l);
    }
  return gw_copysign (h, x);
}

double
__gw_acos (double x)
{
  double a = gw_fabs (x), sh, sl, h, l;
  if (gw_isnan (x))
    return x + x;
  if (a > 1.0)
    return 0.0 / 0.0;
  if (a < 0x1p-55)
    return PIO2_H;
  sh = sqrt1m (a, &sl);
  if (a <= 0.7)
    {
      h = atan_ratio (a, 0.0, sh, sl, &l);
      if (x < 0.0)
        return add_const (PIO2_H, PIO2_L, h, l);
      return add_const (PIO2_H, PIO2_L, -h, -l);
    }
  h = atan_ratio (sh, sl, a, 0.0, &l);
  if (x < 0.0)
    return add_const (PI_H, PI_L, -h, -l);
  return h + l;
}
