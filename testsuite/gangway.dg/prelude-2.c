/* A helper the code uses brings the helpers it uses (config/cpu/prelude.cc):
   a gather of doubles at 8 lanes calls gw_consecutive8 (and through it the
   splat and the lane numbers of u64), gw_bits8 and gw_ld_f64x8 (and through
   that gw_all8 and the AVX-512 types of its masked load).  */
/* { dg-do compile } */
/* { dg-additional-options "-O2 -fplugin-arg-gangway-targets=cpu -fplugin-arg-gangway-isa=x86-64-v4 -fplugin-arg-gangway-keep-temps" } */

void
g (double *x, const int *idx, int n)
{
#pragma acc parallel loop copy(x[0:n]) copyin(idx[0:n])
  for (int i = 0; i < n; i++)
    x[i] += x[idx[i]];
}

/* { dg-final { scan-cpu-image-times "(?n)^GW_INLINE" 13 } } */
/* { dg-final { scan-cpu-image-times "(?n)^GW_INLINE \\S+ gw_gather_f64x8 " 1 } } */
/* { dg-final { scan-cpu-image-times "(?n)^GW_INLINE \\S+ gw_scatter_" 0 } } */
/* { dg-final { scan-cpu-image-times "(?n)^GW_INLINE \\S+ gw_(consecutive8|bits8|all8|ld_f64x8|splat_u64x8) " 5 } } */
/* { dg-final { scan-cpu-image-times "(?n)^static const gw_u64x8 gw_iota_u64x8 = " 1 } } */
/* { dg-final { scan-cpu-image-times "(?n)^typedef double gw_v8df " 1 } } */
/* { dg-final { scan-cpu-image-times "(?n)^typedef" 10 } } */
/* A small image: its gathers are inlined, RTL GCSE is on (prelude-3.c).  */
/* { dg-final { scan-cpu-image-times "(?n)^GW_OUTLINE " 0 } } */
/* { dg-final { scan-cpu-image-times "gcse" 0 } } */
