/* In the emitted SIMD C (8 lanes of double), the stores of a
   collapse(2) nest whose subscripts GCC computes in unsigned arithmetic
   (after reassociation: the flux kernel of bench/app.c) are vector
   stores at lane 0's address, each behind a run-time test that the
   32-bit index does not wrap between the lanes, with a scatter at the
   lanes' own addresses otherwise (config/cpu/strides.cc, find_guards).
   Each store is there twice: the whole vectors run in a copy of the
   loop's body (align-rows).  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-dump -fplugin-arg-gangway-isa=x86-64-v4" } */

#define IS(ll, k, i) ((ll) * (nz + 4) * (nx + 4) + ((k) + 2) * (nx + 4) + (i))
#define IF(ll, k, i) ((ll) * (nz + 1) * (nx + 1) + (k) * (nx + 1) + (i))

void
flux (int nx, int nz, const double *restrict s, double *restrict f)
{
#pragma acc parallel loop collapse(2) copyin(s[0:4 * (nz + 4) * (nx + 4)]) \
  copyout(f[0:4 * (nz + 1) * (nx + 1)])
  for (int k = 0; k < nz; k++)
    for (int i = 0; i < nx + 1; i++)
      {
	f[IF (0, k, i)] = s[IS (0, k, i)] - s[IS (0, k, i + 1)];
	f[IF (1, k, i)] = s[IS (1, k, i)] - s[IS (1, k, i + 1)];
	f[IF (2, k, i)] = s[IS (2, k, i)] - s[IS (2, k, i + 1)];
	f[IF (3, k, i)] = s[IS (3, k, i)] - s[IS (3, k, i + 1)];
      }
}

/* { dg-final { scan-gangway-dump-times "(?n)^  if \\(!__builtin_expect \\(\\(int64_t\\) \\(int32_t\\) r\[0-9\]+ \\+ INT64_C \\(7\\) == " 6 "emit (cpu" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^    gw_scatter_f64x8 \\(" 6 "emit (cpu" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^  gw_st_f64x8 \\(" 8 "emit (cpu" } } */
/* { dg-final { scan-gangway-dump-not "(?n)^  gw_scatter_f64x8 \\(" "emit (cpu" } } */
