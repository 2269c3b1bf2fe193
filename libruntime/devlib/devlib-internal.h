/* The Gangway device math library: internal helpers.
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

#ifndef GW_DEVLIB_INTERNAL_H
#define GW_DEVLIB_INTERNAL_H

#include <stdint.h>
#include "devlib-math.h"

/* Only these builtins are used: each is one instruction on the devices.  */
#define gw_fma __builtin_fma
#define gw_sqrt __builtin_sqrt
#define gw_fabs __builtin_fabs
#define gw_rint __builtin_rint
#define gw_trunc __builtin_trunc
#define gw_floor __builtin_floor
#define gw_copysign __builtin_copysign

static inline uint64_t
gw_asu64 (double d)
{
  union { double d; uint64_t u; } v;
  v.d = d;
  return v.u;
}

static inline double
gw_asdbl (uint64_t u)
{
  union { double d; uint64_t u; } v;
  v.u = u;
  return v.d;
}

static inline uint32_t
gw_asu32 (float f)
{
  union { float f; uint32_t u; } v;
  v.f = f;
  return v.u;
}

static inline float
gw_asflt (uint32_t u)
{
  union { float f; uint32_t u; } v;
  v.u = u;
  return v.f;
}

/* 2^n for -1022 <= n <= 1023.  */
static inline double
gw_pow2 (int n)
{
  return gw_asdbl ((uint64_t) (n + 1023) << 52);
}

static inline int
gw_isnan (double x)
{
  return (gw_asu64 (x) & 0x7fffffffffffffffull) > 0x7ff0000000000000ull;
}

static inline int
gw_isinf (double x)
{
  return (gw_asu64 (x) & 0x7fffffffffffffffull) == 0x7ff0000000000000ull;
}

static inline int
gw_isfinite (double x)
{
  return (gw_asu64 (x) & 0x7ff0000000000000ull) != 0x7ff0000000000000ull;
}

/* Double-double arithmetic (Dekker, Knuth; products with fma).  */

/* s + e = a + b exactly, for |a| >= |b| or a = 0.  */
static inline double
gw_fast_two_sum (double a, double b, double *e)
{
  double s = a + b;
  *e = b - (s - a);
  return s;
}

/* s + e = a + b exactly.  */
static inline double
gw_two_sum (double a, double b, double *e)
{
  double s = a + b;
  double bb = s - a;
  *e = (a - (s - bb)) + (b - bb);
  return s;
}

/* p + e = a * b exactly (barring underflow).  */
static inline double
gw_two_prod (double a, double b, double *e)
{
  double p = a * b;
  *e = gw_fma (a, b, -p);
  return p;
}

/* (rh, rl) = (ah, al) * (bh, bl), relative error about 2^-104.  */
static inline double
gw_dd_mul (double ah, double al, double bh, double bl, double *rl)
{
  double e;
  double p = gw_two_prod (ah, bh, &e);
  e += ah * bl + al * bh;
  return gw_fast_two_sum (p, e, rl);
}

/* (rh, rl) = (ah, al) / (bh, bl), relative error about 2^-104.  */
static inline double
gw_dd_div (double ah, double al, double bh, double bl, double *rl)
{
  double q = ah / bh;
  double r = gw_fma (-q, bh, ah);
  r = (r + al - q * bl) / bh;
  return gw_fast_two_sum (q, r, rl);
}

/* (rh, rl) = (ah, al) + (bh, bl).  */
static inline double
gw_dd_add (double ah, double al, double bh, double bl, double *rl)
{
  double e;
  double s = gw_two_sum (ah, bh, &e);
  e += al + bl;
  return gw_fast_two_sum (s, e, rl);
}

/* Internal cores shared between files (defined in exp.c, log.c, trig.c,
   invtrig.c, gamma.c).  */

/* exp(xh + xl) = 2^*k * (hi + *lo), |hi + lo| in [0.7, 1.5], for
   |xh| <= 750 and |xl| <= 2^-40 |xh|; relative error about 2^-66.  */
GW_DEVLIB_ROUTINE double __gw_i_exp_core (double xh, double xl, int *k, double *lo);
/* (hi + lo) * 2^k rounded to nearest once (also into the subnormals
   and to infinity).  */
GW_DEVLIB_ROUTINE double __gw_i_ldexp_dd (double hi, double lo, int k);
/* expm1(x) as hi + *lo for -38 <= x <= 40.  */
GW_DEVLIB_ROUTINE double __gw_i_expm1_dd (double x, double *lo);
/* log(x) as hi + *lo for finite x > 0; relative error about 2^-66.  */
GW_DEVLIB_ROUTINE double __gw_i_log_dd (double x, double *lo);
/* log1p(xh + xl) as hi + *lo, xh + xl > -1.  */
GW_DEVLIB_ROUTINE double __gw_i_log1p_dd (double xh, double xl, double *lo);
/* Reduce x modulo pi/2: x = q pi/2 + (rh + *rl), |rh| <= pi/4 + tiny.
   Returns q mod 4.  */
GW_DEVLIB_ROUTINE int __gw_i_rem_pio2 (double x, double *rh, double *rl);
/* sin and cos of rh + rl, |rh| <= pi/4 + tiny, as hi + *lo.  */
GW_DEVLIB_ROUTINE double __gw_i_sin_k (double rh, double rl, double *lo);
GW_DEVLIB_ROUTINE double __gw_i_cos_k (double rh, double rl, double *lo);
/* atan(ah + al) for 0 <= ah <= 1.03 as hi + *lo.  */
GW_DEVLIB_ROUTINE double __gw_i_atan_dd (double ah, double al, double *lo);

#endif
