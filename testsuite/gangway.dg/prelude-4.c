/* Under image-big=0 no image calls its gathers and scatters, however big
   its functions (config/cpu/target.cc).  */
/* { dg-do compile } */
/* { dg-additional-options "-O2 -fplugin-arg-gangway-targets=cpu -fplugin-arg-gangway-isa=x86-64-v4 -fplugin-arg-gangway-image-big=0 -fplugin-arg-gangway-keep-temps" } */

void
g (double *x, const int *idx, int n)
{
#pragma acc parallel loop copy(x[0:n]) copyin(idx[0:n])
  for (int i = 0; i < n; i++)
    x[idx[i]] = x[i] + x[idx[i]];
}

/* { dg-final { scan-cpu-image-times "(?n)^GW_INLINE \\S+ gw_gather_f64x8 " 1 } } */
/* { dg-final { scan-cpu-image-times "(?n)^GW_INLINE \\S+ gw_scatter_f64x8 " 1 } } */
/* { dg-final { scan-cpu-image-times "(?n)^GW_OUTLINE " 0 } } */
/* { dg-final { scan-cpu-image-times "gcse" 0 } } */
