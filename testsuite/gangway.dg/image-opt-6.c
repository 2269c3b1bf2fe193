/* -fplugin-arg-gangway-image-opt sets the cpu image compile's -O option
   whatever the build's: -O2 in a -O3 build here (docs/manual.md, Plugin
   options), as the kept source says.  */
/* { dg-do compile } */
/* { dg-additional-options "-O3 -fplugin-arg-gangway-targets=cpu -fplugin-arg-gangway-keep-temps -fplugin-arg-gangway-image-opt=2" } */

void
f (float *x, int n)
{
#pragma acc parallel loop copy(x[0:n])
  for (int i = 0; i < n; i++)
    x[i] = 2 * x[i];
}

/* { dg-final { scan-cpu-image-times "(?n)^/\\* Compiled with: \\S+ -std=gnu11 -O2 -march=" 1 } } */
/* { dg-final { scan-cpu-image-times "(?n) -O\\d " 1 } } */
