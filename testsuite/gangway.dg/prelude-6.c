/* The same kernel as prelude-5.c with inline-gathers=4: four calls, which
   are inlined.  */
/* { dg-do compile } */
/* { dg-additional-options "-O2 -fplugin-arg-gangway-targets=cpu -fplugin-arg-gangway-isa=x86-64-v4 -fplugin-arg-gangway-inline-gathers=4 -fplugin-arg-gangway-keep-temps" } */

void
g (double *x, const int *idx, int n)
{
#pragma acc parallel loop copy(x[0:n]) copyin(idx[0:n])
  for (int i = 0; i < n; i++)
    x[idx[i]] = x[i] + x[idx[i]];
}

/* { dg-final { scan-cpu-image-times "(?n)^GW_INLINE \\S+ gw_(gather|scatter)_f64x8 " 2 } } */
/* { dg-final { scan-cpu-image-times "(?n)^GW_OUTLINE " 0 } } */
