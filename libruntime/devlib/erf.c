/* The Gangway device math library: erf, erfc.
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

/* |x| < 0.75: erf(x) = x E(x^2), E a minimax polynomial of degree 11 in
   x^2 with a double-double constant term; erfc = 1 - erf there.
   0.75 <= x < 27.3: erfc(x) = exp(-x^2) R(x), R(x) = erfc(x) exp(x^2)
   approximated on twelve pieces [a, b] by minimax polynomials in x - c,
   c = (a + b)/2, of degree 13 to 17 with a double-double constant term (relative error
   below 2^-56, gen/erf.sollya); exp(-x^2) from the exp core on the exact
   double-double x^2, the product rounded once (also into the
   subnormals).  erf = 1 - erfc there, erfc(-x) = 2 - erfc(x).  */

#include "devlib-internal.h"
#include "devlib-erf.h"

static const double ERFC_A[12] = {
  ERFC_P0_A, ERFC_P1_A, ERFC_P2_A, ERFC_P3_A, ERFC_P4_A, ERFC_P5_A,
  ERFC_P6_A, ERFC_P7_A, ERFC_P8_A, ERFC_P9_A, ERFC_P10_A, ERFC_P11_A
};
#pragma acc declare copyin (ERFC_A)
static const double ERFC_MID[12] = {
  ERFC_P0_C, ERFC_P1_C, ERFC_P2_C, ERFC_P3_C, ERFC_P4_C, ERFC_P5_C,
  ERFC_P6_C, ERFC_P7_C, ERFC_P8_C, ERFC_P9_C, ERFC_P10_C, ERFC_P11_C
};
#pragma acc declare copyin (ERFC_MID)
static const double ERFC_C0[12][2] = {
  { ERFC_P0_C0H, ERFC_P0_C0L }, { ERFC_P1_C0H, ERFC_P1_C0L },
  { ERFC_P2_C0H, ERFC_P2_C0L }, { ERFC_P3_C0H, ERFC_P3_C0L },
  { ERFC_P4_C0H, ERFC_P4_C0L }, { ERFC_P5_C0H, ERFC_P5_C0L },
  { ERFC_P6_C0H, ERFC_P6_C0L }, { ERFC_P7_C0H, ERFC_P7_C0L },
  { ERFC_P8_C0H, ERFC_P8_C0L }, { ERFC_P9_C0H, ERFC_P9_C0L },
  { ERFC_P10_C0H, ERFC_P10_C0L }, { ERFC_P11_C0H, ERFC_P11_C0L }
};
#pragma acc declare copyin (ERFC_C0)
static const int ERFC_N[12] = {
  ERFC_P0_N, ERFC_P1_N, ERFC_P2_N, ERFC_P3_N, ERFC_P4_N, ERFC_P5_N,
  ERFC_P6_N, ERFC_P7_N, ERFC_P8_N, ERFC_P9_N, ERFC_P10_N, ERFC_P11_N
};
#pragma acc declare copyin (ERFC_N)
/* The coefficients of degree 1..N of every piece, one after the other.  */
static const double ERFC_TAIL[] = {
  ERFC_P0_COEFFS ERFC_P1_COEFFS ERFC_P2_COEFFS ERFC_P3_COEFFS
  ERFC_P4_COEFFS ERFC_P5_COEFFS ERFC_P6_COEFFS ERFC_P7_COEFFS
  ERFC_P8_COEFFS ERFC_P9_COEFFS ERFC_P10_COEFFS ERFC_P11_COEFFS
};
#pragma acc declare copyin (ERFC_TAIL)
static const double ERF_E[11] = { ERF_E_COEFFS };
#pragma acc declare copyin (ERF_E)

/* erf(x) for |x| < 0.75 as hi + *lo: the last two Horner steps and the
   product by x in double-double.  */
GW_DEVLIB_ROUTINE
static double
erf_small (double x, double *lo)
{
  double zl, zh = gw_two_prod (x, x, &zl);
  double t = ERF_E[10], th, tl, ph, pl, eh, el, e;
  int i;
  for (i = 9; i >= 1; i--)
    t = ERF_E[i] + zh * t;
  /* E1 + z t, then E0 + z (E1 + z t).  */
  th = gw_two_sum (ERF_E[0], zh * t, &tl);
  ph = gw_dd_mul (th, tl, zh, zl, &pl);
  eh = gw_two_sum (ERF_E0H, ph, &e);
  el = e + pl + ERF_E0L;
  ph = gw_two_prod (x, eh, &pl);
  pl += x * el;
  return gw_fast_two_sum (ph, pl, lo);
}

/* erfc(x) = 2^*k (hi + *lo) for 0.75 <= x < 27.5.  */
GW_DEVLIB_ROUTINE
static double
erfc_core (double x, int *k, double *lo)
{
  int p = 0, off = 0, i, n;
  double s, t, rh, rl, e, ph, pl, qh, ql, eh, el;
  while (p < 11 && x >= ERFC_A[p + 1])
    off += ERFC_N[p++];
  n = ERFC_N[p];
  s = x - ERFC_MID[p];                     /* exact */
  t = ERFC_TAIL[off + n - 1];
  for (i = n - 2; i >= 1; i--)
    t = ERFC_TAIL[off + i] + s * t;
  /* w = C1 + s t and R = C0 + s w as double-doubles.  */
  ph = gw_two_prod (s, t, &pl);
  rh = gw_two_sum (ERFC_TAIL[off], ph, &e);
  rl = e + pl;
  ph = gw_dd_mul (s, 0.0, rh, rl, &pl);
  rh = gw_two_sum (ERFC_C0[p][0], ph, &e);
  rl = e + pl + ERFC_C0[p][1];
  rh = gw_fast_two_sum (rh, rl, &rl);
  /* exp(-x^2).  */
  qh = gw_two_prod (x, x, &ql);
  eh = __gw_i_exp_core (-qh, -ql, k, &el);
  return gw_dd_mul (eh, el, rh, rl, lo);
}

double
__gw_erf (double x)
{
  double a = gw_fabs (x), h, l, s, e;
  int k;
  if (gw_isnan (x))
    return x + x;
  if (a < 0x1p-900)
    {
      /* 2x/sqrt(pi), rounded once into the subnormals.  */
      h = gw_two_prod (x * 0x1p200, ERF_E0H, &l);
      l += x * 0x1p200 * ERF_E0L;
      return __gw_i_ldexp_dd (h, l, -200);
    }
  if (a < 0.75)
    {
      h = erf_small (x, &l);
      return h + l;
    }
  if (a >= 6.0)
    return gw_copysign (1.0, x);
  h = erfc_core (a, &k, &l);
  h *= gw_pow2 (k);
  l *= gw_pow2 (k);
  s = gw_fast_two_sum (1.0, -h, &e);
  return gw_copysign (s + (e - l), x);
}

double
__gw_erfc (double x)
{
  double a = gw_fabs (x), h, l, s, e;
  int k;
  if (gw_isnan (x))
    return x + x;
  if (a < 0.75)
    {
      h = erf_small (x, &l);
      s = gw_fast_two_sum (1.0, -h, &e);
      return s + (e - l);
    }
  if (x >= 27.3)
    return 0.0;
  if (x <= -6.0)
    return 2.0;
  h = erfc_core (a, &k, &l);
  if (x > 0.0)
    return __gw_i_ldexp_dd (h, l, k);
  h *= gw_pow2 (k);
  l *= gw_pow2 (k);
  s = gw_fast_two_sum (2.0, -h, &e);
  return s + (e - l);
}
