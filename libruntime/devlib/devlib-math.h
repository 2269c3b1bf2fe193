/* The Gangway device math library: declarations.
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

#ifndef GW_DEVLIB_MATH_H
#define GW_DEVLIB_MATH_H

/* Each __gw_F has the C99 (Annex F) semantics of the standard F in
   round-to-nearest, without errno and without floating-point exception
   flags.  The float functions take and return float.  Each is an
   OpenACC seq routine (GW_DEVLIB_ROUTINE): the library is compiled for
   the GPU by Gangway itself (libruntime/Makefile.am), and the ptx
   target calls them for the C library's math functions.  */

#ifdef _OPENACC
#define GW_DEVLIB_ROUTINE _Pragma ("acc routine seq")
#else
#define GW_DEVLIB_ROUTINE
#endif

#define GW_DEVLIB_DECL2(name) \
  GW_DEVLIB_ROUTINE double __gw_##name (double); \
  GW_DEVLIB_ROUTINE float __gw_##name##f (float);

GW_DEVLIB_DECL2 (exp)
GW_DEVLIB_DECL2 (exp2)
GW_DEVLIB_DECL2 (expm1)
GW_DEVLIB_DECL2 (log)
GW_DEVLIB_DECL2 (log2)
GW_DEVLIB_DECL2 (log10)
GW_DEVLIB_DECL2 (log1p)
GW_DEVLIB_DECL2 (cbrt)
GW_DEVLIB_DECL2 (sin)
GW_DEVLIB_DECL2 (cos)
GW_DEVLIB_DECL2 (tan)
GW_DEVLIB_DECL2 (asin)
GW_DEVLIB_DECL2 (acos)
GW_DEVLIB_DECL2 (atan)
GW_DEVLIB_DECL2 (sinh)
GW_DEVLIB_DECL2 (cosh)
GW_DEVLIB_DECL2 (tanh)
GW_DEVLIB_DECL2 (asinh)
GW_DEVLIB_DECL2 (acosh)
GW_DEVLIB_DECL2 (atanh)
GW_DEVLIB_DECL2 (erf)
GW_DEVLIB_DECL2 (erfc)
GW_DEVLIB_DECL2 (tgamma)
GW_DEVLIB_DECL2 (lgamma)
GW_DEVLIB_DECL2 (logb)

#undef GW_DEVLIB_DECL2

GW_DEVLIB_ROUTINE double __gw_pow (double, double);
GW_DEVLIB_ROUTINE float __gw_powf (float, float);
GW_DEVLIB_ROUTINE double __gw_hypot (double, double);
GW_DEVLIB_ROUTINE float __gw_hypotf (float, float);
GW_DEVLIB_ROUTINE double __gw_atan2 (double, double);
GW_DEVLIB_ROUTINE float __gw_atan2f (float, float);
GW_DEVLIB_ROUTINE double __gw_fmod (double, double);
GW_DEVLIB_ROUTINE float __gw_fmodf (float, float);
GW_DEVLIB_ROUTINE double __gw_remainder (double, double);
GW_DEVLIB_ROUTINE float __gw_remainderf (float, float);
GW_DEVLIB_ROUTINE double __gw_ldexp (double, int);
GW_DEVLIB_ROUTINE float __gw_ldexpf (float, int);
GW_DEVLIB_ROUTINE int __gw_ilogb (double);
GW_DEVLIB_ROUTINE int __gw_ilogbf (float);

/* lgamma with the sign of Gamma(x) in *SIGN (+1 or -1); the result is
   that of __gw_lgamma.  */
GW_DEVLIB_ROUTINE double __gw_lgamma_r (double, int *);
GW_DEVLIB_ROUTINE float __gw_lgammaf_r (float, int *);

/* ilogb of zero and of a NaN, and of an infinity (glibc's values on
   x86-64).  */
#define GW_FP_ILOGB0 (-2147483647 - 1)
#define GW_FP_ILOGBNAN (-2147483647 - 1)
#define GW_FP_ILOGBINF 2147483647

#endif
