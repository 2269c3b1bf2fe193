/* In the emitted SIMD C (16 lanes), the consecutive accesses x[i] and
   y[i] of saxpy are whole-vector masked loads and stores, never gathers
   or scatters; the scalar a is loaded once, outside the partition.  Each
   access is there twice: the whole vectors run in a copy of the loop's
   body, every lane busy (align-rows).  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-dump -fplugin-arg-gangway-isa=x86-64-v4" } */

void
saxpy (int n, float a, const float *restrict x, float *restrict y)
{
#pragma acc parallel loop copyin(x[0:n]) copy(y[0:n])
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

/* { dg-final { scan-gangway-dump "(?n)^;; After emit \\(cpu, x86-64-v4, 16 lanes\\)$" } } */
/* { dg-final { scan-gangway-dump-times "(?n)= gw_ld_f32x16 \\(" 4 "emit (cpu" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^  gw_st_f32x16 \\(" 2 "emit (cpu" } } */
/* { dg-final { scan-gangway-dump-times "(?n)gw_(gather|scatter)_" 0 "emit (cpu" } } */
/* { dg-final { scan-gangway-dump-times "(?n)= \\*\\(const float \\*\\)" 1 "emit (cpu" } } */
