/* An image with a function of more than image-big lines of C calls its
   gathers and scatters, which are functions of their own, and is compiled
   without RTL GCSE (config/cpu/target.cc); with 20 lines this kernel is
   one.  prelude-2.c is the same kernel under the default, 2,000.  */
/* { dg-do compile } */
/* { dg-additional-options "-O2 -fplugin-arg-gangway-targets=cpu -fplugin-arg-gangway-isa=x86-64-v4 -fplugin-arg-gangway-image-big=20 -fplugin-arg-gangway-keep-temps" } */

void
g (double *x, const int *idx, int n)
{
#pragma acc parallel loop copy(x[0:n]) copyin(idx[0:n])
  for (int i = 0; i < n; i++)
    x[idx[i]] = x[i] + x[idx[i]];
}

/* { dg-final { scan-cpu-image-times "(?n)^GW_OUTLINE \\S+ gw_gather_f64x8 " 1 } } */
/* { dg-final { scan-cpu-image-times "(?n)^GW_OUTLINE \\S+ gw_scatter_f64x8 " 1 } } */
/* { dg-final { scan-cpu-image-times "(?n)^GW_OUTLINE " 2 } } */
/* { dg-final { scan-cpu-image-times "(?n)^/\\* Compiled with: .* -fno-gcse -fno-gcse-after-reload --param=sccvn-max-alias-queries-per-access=100 --param=dse-max-alias-queries-per-store=64 " 1 } } */
