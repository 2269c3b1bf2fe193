/* The Gangway device math library: cbrt, hypot, fmod, remainder, ilogb, logb, ldexp.
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

/* cbrt: x = 2^(3q) m', m' in [1, 8); a first guess from the exponent
   bits divided by three, four Newton steps, then one correction with the
   exact residual m' - y^3 (fma products), rounded once.
   hypot: a^2 + b^2 as an exact double-double (after scaling by a power
   of two when needed), its square root corrected with the exact residual
   of the rounded root.
   fmod and remainder: exact integer long division of the significands,
   eleven quotient bits at a time.
   ldexp: at most three multiplications by powers of two, arranged so that
   only the last one can round.  */

#include "devlib-internal.h"

double
__gw_ldexp (double x, int n)
{
  if (x == 0.0 || !gw_isfinite (x))
    return x + x;
  if (n > 1023)
    {
      x *= 0x1p1023;
      n -= 1023;
      if (n > 1023)
        {
          x *= 0x1p1023;
          n -= 1023;
          if (n > 1023)
            n = 1023;
        }
    }
  else if (n < -1022)
    {
      /* 2^-969 = 2^-1022 * 2^53: keeps x normal while it can be.  */
      x *= 0x1p-969;
      n += 969;
      if (n < -1022)
        {
          x *= 0x1p-969;
          n += 969;
          if (n < -1022)
            n = -1022;
        }
    }
  return x * gw_pow2 (n);
}

int
__gw_ilogb (double x)
{
  uint64_t u = gw_asu64 (x) & 0x7fffffffffffffffull;
  int e = (int) (u >> 52);
  if (e == 0x7ff)
    return u > 0x7ff0000000000000ull ? GW_FP_ILOGBNAN : GW_FP_ILOGBINF;
  if (e == 0)
    {
      if (u == 0)
        return GW_FP_ILOGB0;
      /* Subnormal: -1023 minus the leading zeros of the fraction after
         the exponent field.  */
      e = -1022;
      while (u < 0x0010000000000000ull)
        {
          u <<= 1;
          e--;
        }
      return e;
    }
  return e - 1023;
}

double
__gw_logb (double x)
{
  if (!gw_isfinite (x))
    return x * x;                           /* NaN or +inf */
  if (x == 0.0)
    return -1.0 / 0.0;
  return (double) __gw_ilogb (x);
}

double
__gw_cbrt (double x)
{
  uint64_t u = gw_asu64 (x), sign = u & 0x8000000000000000ull;
  int e, q, r, i;
  double m, y, s, sl, t, tl, res;
  u &= 0x7fffffffffffffffull;
  if (u == 0 || u >= 0x7ff0000000000000ull)
    return x + x;
  e = 0;
  if (u < 0x0010000000000000ull)
    {
      u = gw_asu64 (gw_asdbl (u) * 0x1p54);
      e = -54;
    }
  e += (int) (u >> 52) - 1023;
  /* e = 3q + r, 0 <= r < 3.  */
  q = (e + 3 * 400) / 3 - 400;
  r = e - 3 * q;
  m = gw_asdbl ((u & 0x000fffffffffffffull)
                | ((uint64_t) (1023 + r) << 52));       /* [1, 8) */
  /* First guess: the exponent field divided by three (about 3 bits).  */
  y = gw_asdbl (gw_asu64 (m) / 3 + ((uint64_t) 682 << 52));
  for (i = 0; i < 4; i++)
    y = y - (y - m / (y * y)) * (1.0 / 3.0);
  /* y^3 = s*y + sl*y as t + tl + sl*y, all but the last exact.  */
  s = gw_two_prod (y, y, &sl);
  t = gw_two_prod (s, y, &tl);
  res = ((m - t) - tl) - sl * y;
  y = y + res / (3.0 * s);
  return gw_asdbl (gw_asu64 (y * gw_pow2 (q)) | sign);
}

double
__gw_hypot (double x, double y)
{
  double a = gw_fabs (x), b = gw_fabs (y), t, scale = 1.0;
  double ah, al, bh, bl, sh, sl, r;
  if (gw_isinf (x) || gw_isinf (y))
    return 1.0 / 0.0;
  if (gw_isnan (x) || gw_isnan (y))
    return x + y;
  if (a < b)
    {
      t = a;
      a = b;
      b = t;
    }
  if (b == 0.0)
    return a;
  if ((int) (gw_asu64 (a) >> 52) - (int) (gw_asu64 (b) >> 52) > 60)
    return a + b;
  if (a > 0x1p500)
    {
      a *= 0x1p-600;
      b *= 0x1p-600;
      scale = 0x1p600;
    }
  else if (b < 0x1p-500)
    {
      a *= 0x1p600;
      b *= 0x1p600;
      scale = 0x1p-600;
    }
  ah = gw_two_prod (a, a, &al);
  bh = gw_two_prod (b, b, &bl);
  sh = gw_two_sum (ah, bh, &sl);
  sl += al + bl;
  r = gw_sqrt (sh);
  r = r + (gw_fma (-r, r, sh) + sl) / (2.0 * r);
  return r * scale;
}

/* Decompose finite nonzero |x| = m 2^e with m in [2^52, 2^53).  */
GW_DEVLIB_ROUTINE
static inline uint64_t
split_int (double x, int *e)
{
  uint64_t u = gw_asu64 (x) & 0x7fffffffffffffffull;
  int ex = (int) (u >> 52);
  uint64_t m = u & 0x000fffffffffffffull;
  if (ex == 0)
    {
      ex = 1;
      while (m < 0x0010000000000000ull)
        {
          m <<= 1;
          ex--;
        }
    }
  else
    m |= 0x0010000000000000ull;
  *e = ex - 1075;
  return m;
}

/* |x| mod |y| for finite nonzero x, y with |x| >= |y|, exactly.  */
GW_DEVLIB_ROUTINE
static double
fmod_core (double x, double y)
{
  int ex, ey, d, sh;
  uint64_t mx = split_int (x, &ex), my = split_int (y, &ey);
  uint64_t r = mx % my;
  d = ex - ey;
  while (d > 0)
    {
      sh = d > 11 ? 11 : d;
      r = (r << sh) % my;
      d -= sh;
    }
  if (r == 0)
    return 0.0;
  return __gw_ldexp ((double) r, ey);
}

double
__gw_fmod (double x, double y)
{
  double a = gw_fabs (x), b = gw_fabs (y), r;
  if (gw_isnan (x) || gw_isnan (y))
    return x + y;
  if (gw_isinf (x) || b == 0.0)
    return 0.0 / 0.0;
  if (a < b)
    return x;
  r = fmod_core (a, b);
  return gw_copysign (r, x);
}

double
__gw_remainder (double x, double y)
{
  double a = gw_fabs (x), b = gw_fabs (y);
  int odd = 0, half;
  if (gw_isnan (x) || gw_isnan (y))
    return x + y;
  if (gw_isinf (x) || b == 0.0)
    return 0.0 / 0.0;
  if (gw_isinf (y))
    return x;
  if (b <= 0x1.fffffffffffffp1022 && a >= 2.0 * b)
    a = fmod_core (a, 2.0 * b);
  if (a >= b)
    {
      a -= b;
      odd = 1;
    }
  /* Now a = |x| - k |y| with 0 <= a < b and k odd iff ODD.  */
  if (b < 1.0)
    half = 2.0 * a > b ? 1 : (2.0 * a == b ? odd : 0);
  else
    half = a > 0.5 * b ? 1 : (a == 0.5 * b ? odd : 0);
  if (half)
    a -= b;
  return gw_asu64 (x) >> 63 ? -a : a;
}
