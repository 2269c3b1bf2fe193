/* In the emitted SIMD C (16 lanes), an indirect read a[idx[i]] is a
   gather and an indirect write c[idx[i]] a scatter, while idx[i], a[i],
   b[i] stay whole-vector loads and stores.  Each access is there twice:
   the whole vectors run in a copy of the loop's body (align-rows).  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-dump -fplugin-arg-gangway-isa=x86-64-v4" } */

void
permute (int n, const int *restrict idx, const float *restrict a,
	 float *restrict b, float *restrict c)
{
#pragma acc parallel loop copyin(idx[0:n], a[0:n]) copyout(b[0:n], c[0:n])
  for (int i = 0; i < n; i++)
    {
      b[i] = a[idx[i]];
      c[idx[i]] = a[i];
    }
}

/* { dg-final { scan-gangway-dump-times "(?n)= gw_gather_f32x16 \\(" 2 "emit (cpu" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^  gw_scatter_f32x16 \\(" 2 "emit (cpu" } } */
/* { dg-final { scan-gangway-dump-times "(?n)= gw_ld_u32x16 \\(" 2 "emit (cpu" } } */
/* { dg-final { scan-gangway-dump-times "(?n)= gw_ld_f32x16 \\(" 2 "emit (cpu" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^  gw_st_f32x16 \\(" 2 "emit (cpu" } } */
