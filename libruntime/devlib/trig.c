/* The Gangway device math library: sin, cos, tan.
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

/* Argument reduction x = q pi/2 + r, r a double-double with |r| <= pi/4:
   below 2^20, Cody-Waite with pi/2 in three doubles (the first product
   subtracted exactly with an fma, the second with an exact product);
   above, Payne-Hanek: the significand times 192 bits of 2/pi taken from
   the right place of a table of its first 1216 bits, in 64-bit integer
   arithmetic, gives q mod 4 and 128 bits of the fraction.  The kernels:
   sin(r) = r - r^3/6 + r^5 S(r^2), cos(r) = 1 - r^2/2 + r^4 C(r^2),
   minimax polynomials of degree 6 in r^2 (gen/poly.sollya), with r^3/6,
   r^2/2 and the low part of r carried exactly; tan = sin/cos as a double-double quotient.  */

#include "devlib-internal.h"
#define GW_NEED_TWO_OVER_PI
#include "devlib-tables.h"
#include "devlib-poly.h"

/* High and low words of a * b.  */
GW_DEVLIB_ROUTINE
static inline uint64_t
mul64 (uint64_t a, uint64_t b, uint64_t *lo)
{
  uint64_t a0 = a & 0xffffffffull, a1 = a >> 32;
  uint64_t b0 = b & 0xffffffffull, b1 = b >> 32;
  uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffull) + (p10 & 0xffffffffull);
  *lo = (mid << 32) | (p00 & 0xffffffffull);
  return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

/* Leading zeros of a nonzero word.  */
GW_DEVLIB_ROUTINE
static inline int
clz64 (uint64_t x)
{
  int n = 0;
  if (!(x >> 32)) { n += 32; x <<= 32; }
  if (!(x >> 48)) { n += 16; x <<= 16; }
  if (!(x >> 56)) { n += 8; x <<= 8; }
  if (!(x >> 60)) { n += 4; x <<= 4; }
  if (!(x >> 62)) { n += 2; x <<= 2; }
  if (!(x >> 63)) n += 1;
  return n;
}

/* Payne-Hanek for finite ax >= 2^20.  */
GW_DEVLIB_ROUTINE
static int
rem_pio2_large (double ax, double *rh, double *rl)
{
  uint64_t u = gw_asu64 (ax);
  int e = (int) (u >> 52) - 1075;               /* ax = m 2^e */
  uint64_t m = (u & 0x000fffffffffffffull) | 0x0010000000000000ull;
  /* Bits i >= e - 1 of 2/pi matter (the others give multiples of 4):
     they start at bit p0 = e + 62 of the table (one word of zeros, then
     bit 1 of 2/pi).  */
  int p0 = e + 62, w = p0 >> 6, s = p0 & 63, q, neg = 0, sh;
  uint64_t t0 = TWO_OVER_PI_BITS[w], t1 = TWO_OVER_PI_BITS[w + 1];
  uint64_t t2 = TWO_OVER_PI_BITS[w + 2], t3 = TWO_OVER_PI_BITS[w + 3];
  uint64_t w0, w1, w2, h1, l1, h2, l2, r0, r1, r2, fh, fl;
  double dh, dl, ph, pl;
  if (s)
    {
      w0 = (t0 << s) | (t1 >> (64 - s));
      w1 = (t1 << s) | (t2 >> (64 - s));
      w2 = (t2 << s) | (t3 >> (64 - s));
    }
  else
    {
      w0 = t0;
      w1 = t1;
      w2 = t2;
    }
  /* m * (w0:w1:w2) mod 2^192 = r0:r1:r2; its value times 2^-190 is
     ax * 2/pi mod 4.  */
  h2 = mul64 (m, w2, &l2);
  h1 = mul64 (m, w1, &l1);
  r2 = l2;
  r1 = h2 + l1;
  r0 = m * w0 + h1 + (r1 < h2);
  q = (int) (r0 >> 62);
  fh = (r0 << 2) | (r1 >> 62);
  fl = (r1 << 2) | (r2 >> 62);
  if (fh >> 63)
    {
      /* Fraction >= 1/2: take fraction - 1.  */
      q = (q + 1) & 3;
      fl = ~fl + 1;
      fh = ~fh + (fl == 0);
      neg = 1;
    }
  sh = 0;
  if (fh == 0)
    {
      fh = fl;
      fl = 0;
      sh = 64;
    }
  if (fh == 0)
    {
      *rh = *rl = 0.0;
      return q;
    }
  {
    int lz = clz64 (fh);
    if (lz)
      {
        fh = (fh << lz) | (fl >> (64 - lz));
        fl <<= lz;
      }
    sh += lz;
  }
  /* fraction = fh 2^(-64-sh) + fl 2^(-128-sh): its first 106 bits.  */
  dh = (double) (fh >> 11) * gw_pow2 (-53 - sh);
  dl = (double) (((fh & 0x7ff) << 42) | (fl >> 22)) * gw_pow2 (-106 - sh);
  ph = gw_two_prod (dh, PIO2_H, &pl);
  pl += dh * PIO2_L + dl * PIO2_H;
  ph = gw_fast_two_sum (ph, pl, &pl);
  if (neg)
    {
      ph = -ph;
      pl = -pl;
    }
  *rh = ph;
  *rl = pl;
  return q;
}

int
__gw_i_rem_pio2 (double x, double *rh, double *rl)
{
  double ax = gw_fabs (x);
  int q;
  if (ax <= 0x1.921fb54442d18p-1)
    {
      *rh = x;
      *rl = 0.0;
      return 0;
    }
  if (ax < 0x1p20)
    {
      double kd = gw_rint (x * TWOOPI);
      double y1 = gw_fma (-kd, PIO2_1, x);      /* exact */
      double pl, sl, t;
      double ph = gw_two_prod (kd, PIO2_2, &pl);
      double sh = gw_two_sum (y1, -ph, &sl);
      t = (sl - pl) - kd * PIO2_3;
      sh = gw_two_sum (sh, t, &t);
      *rh = sh;
      *rl = t;
      return (int) ((int64_t) kd & 3);
    }
  q = rem_pio2_large (ax, rh, rl);
  if (x < 0)
    {
      *rh = -*rh;
      *rl = -*rl;
      q = (4 - q) & 3;
    }
  return q;
}

double
__gw_i_sin_k (double rh, double rl, double *lo)
{
  /* r - r^3/6 + r^5 S(r^2): r^3/6 as an exact double-double.  */
  double zl, zh = gw_two_prod (rh, rh, &zl);
  double cl, ch = gw_two_prod (rh, zh, &cl);
  double th, tl, s, e, l, q;
  cl += rh * zl;
  th = gw_two_prod (ch, INV6_H, &tl);
  tl += ch * INV6_L + cl * INV6_H;
  q = SIN_S0 + zh * (SIN_S1 + zh * (SIN_S2 + zh * (SIN_S3 + zh * (SIN_S4
        + zh * (SIN_S5 + zh * SIN_S6)))));
  s = gw_two_sum (rh, -th, &e);
  l = e - tl + rl * (1.0 - 0.5 * zh) + ch * zh * q;
  return gw_fast_two_sum (s, l, lo);
}

double
__gw_i_cos_k (double rh, double rl, double *lo)
{
  double zl, zh = gw_two_prod (rh, rh, &zl);
  double hz = 0.5 * zh, t = 1.0 - hz;
  double c = COS_C0 + zh * (COS_C1 + zh * (COS_C2 + zh * (COS_C3
               + zh * (COS_C4 + zh * (COS_C5 + zh * COS_C6)))));
  double l = ((1.0 - t) - hz) - 0.5 * zl - rh * rl + zh * zh * c;
  return gw_fast_two_sum (t, l, lo);
}

double
__gw_sin (double x)
{
  double rh, rl, h, l;
  int q;
  if (gw_fabs (x) < 0x1p-26)
    return x;
  if (!gw_isfinite (x))
    return x - x;
  q = __gw_i_rem_pio2 (x, &rh, &rl);
  h = (q & 1) ? __gw_i_cos_k (rh, rl, &l) : __gw_i_sin_k (rh, rl, &l);
  h = h + l;
  return (q & 2) ? -h : h;
}

double
__gw_cos (double x)
{
  double rh, rl, h, l;
  int q;
  if (gw_fabs (x) < 0x1p-27)
    return 1.0;
  if (!gw_isfinite (x))
    return x - x;
  q = __gw_i_rem_pio2 (x, &rh, &rl);
  h = (q & 1) ? __gw_i_sin_k (rh, rl, &l) : __gw_i_cos_k (rh, rl, &l);
  h = h + l;
  return ((q + 1) & 2) ? -h : h;
}

double
__gw_tan (double x)
{
  double rh, rl, sh, sl, ch, cl, h, l;
  int q;
  if (gw_fabs (x) < 0x1p-27)
    return x;
  if (!gw_isfinite (x))
    return x - x;
  q = __gw_i_rem_pio2 (x, &rh, &rl);
  sh = __gw_i_sin_k (rh, rl, &sl);
  ch = __gw_i_cos_k (rh, rl, &cl);
  if (q & 1)
    {
      h = gw_dd_div (ch, cl, sh, sl, &l);
      return -(h + l);
    }
  h = gw_dd_div (sh, sl, ch, cl, &l);
  return h + l;
}
