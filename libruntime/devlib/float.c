/* The Gangway device math library: the float functions.
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

/* Each float function evaluates its double counterpart on the exactly
   converted argument and rounds the result to float once.  The double
   functions are accurate to about 0.5 ulp of double, so the float result
   is the correctly rounded one but in the rare cases where the exact
   value lies within about 2^-29 ulp of a midpoint between two floats:
   the error is at most 0.5 ulp of float plus a tiny fraction.
   (Float-only kernels with float arithmetic would be faster on GPUs whose
   double rate is low; they can replace these one by one.)  */

#include "devlib-internal.h"

#define GW_FLOAT1(name) \
  float __gw_##name##f (float x) { return (float) __gw_##name ((double) x); }
#define GW_FLOAT2(name) \
  float __gw_##name##f (float x, float y) \
  { return (float) __gw_##name ((double) x, (double) y); }

GW_FLOAT1 (exp)
GW_FLOAT1 (exp2)
GW_FLOAT1 (expm1)
GW_FLOAT1 (log)
GW_FLOAT1 (log2)
GW_FLOAT1 (log10)
GW_FLOAT1 (log1p)
GW_FLOAT1 (cbrt)
GW_FLOAT1 (sin)
GW_FLOAT1 (cos)
GW_FLOAT1 (tan)
GW_FLOAT1 (asin)
GW_FLOAT1 (acos)
GW_FLOAT1 (atan)
GW_FLOAT1 (sinh)
GW_FLOAT1 (cosh)
GW_FLOAT1 (tanh)
GW_FLOAT1 (asinh)
GW_FLOAT1 (acosh)
GW_FLOAT1 (atanh)
GW_FLOAT1 (erf)
GW_FLOAT1 (erfc)
GW_FLOAT1 (tgamma)
GW_FLOAT1 (lgamma)
GW_FLOAT2 (pow)
GW_FLOAT2 (hypot)
GW_FLOAT2 (atan2)
/* Exact: the remainders of two floats are floats.  */
GW_FLOAT2 (fmod)
GW_FLOAT2 (remainder)

float
__gw_lgammaf_r (float x, int *sign)
{
  return (float) __gw_lgamma_r ((double) x, sign);
}

/* Exact: the double is exponent of the float.  */
float
__gw_logbf (float x)
{
  return (float) __gw_logb ((double) x);
}

int
__gw_ilogbf (float x)
{
  return __gw_ilogb ((double) x);
}

/* x 2^n is exact in double for |n| <= 800 unless it is far out of the
   float range, and then 2^+-800 keeps it there; one rounding to float.  */
float
__gw_ldexpf (float x, int n)
{
  if (n > 800)
    n = 800;
  if (n < -800)
    n = -800;
  return (float) __gw_ldexp ((double) x, n);
}
