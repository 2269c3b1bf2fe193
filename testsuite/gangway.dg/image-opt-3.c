/* The cpu image's compile follows the build: -O1 compiles it
   at -O1 (docs/manual.md, Plugin options), as the kept source says.  */
/* { dg-do compile } */
/* { dg-additional-options "-O1 -fplugin-arg-gangway-targets=cpu -fplugin-arg-gangway-keep-temps " } */

void
f (float *x, int n)
{
#pragma acc parallel loop copy(x[0:n])
  for (int i = 0; i < n; i++)
    x[i] = 2 * x[i];
}

/* { dg-final { scan-cpu-image-times "(?n)^/\\* Compiled with: \\S+ -std=gnu11 -O1 -march=" 1 } } */
/* { dg-final { scan-cpu-image-times "(?n) -O\\d " 1 } } */
