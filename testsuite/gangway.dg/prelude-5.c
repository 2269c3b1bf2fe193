/* An image with more gather and scatter calls than inline-gathers calls
   them all, as functions of their own, and keeps RTL GCSE (its functions
   are small: config/cpu/target.cc).  The kernel has a gather and a
   scatter in its loop's main part and in its tail.  */
/* { dg-do compile } */
/* { dg-additional-options "-O2 -fplugin-arg-gangway-targets=cpu -fplugin-arg-gangway-isa=x86-64-v4 -fplugin-arg-gangway-inline-gathers=3 -fplugin-arg-gangway-keep-temps" } */

void
g (double *x, const int *idx, int n)
{
#pragma acc parallel loop copy(x[0:n]) copyin(idx[0:n])
  for (int i = 0; i < n; i++)
    x[idx[i]] = x[i] + x[idx[i]];
}

/* { dg-final { scan-cpu-image-times "(?n)^\[^G\].*gw_(gather|scatter)_f64x8 \\(" 4 } } */
/* { dg-final { scan-cpu-image-times "(?n)^GW_OUTLINE \\S+ gw_(gather|scatter)_f64x8 " 2 } } */
/* { dg-final { scan-cpu-image-times "gcse" 0 } } */
