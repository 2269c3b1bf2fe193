/* An image compiled in parts (config/cpu/target.cc): with image-part=1
   every function of the unit's image is a part of its own, compiled
   alone, then all are linked.  The first part defines the image's data
   (its version, its globals table, the imports table); the others
   declare them.  The routine the kernels call is local to the image
   (GW_LOCAL: not static, so that the other parts reach it, and hidden
   by -fvisibility=hidden).  gangway.run/image-part-1.c runs such an
   image.  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-targets=cpu -fplugin-arg-gangway-keep-temps -fplugin-arg-gangway-isa=x86-64-v4 -fplugin-arg-gangway-image-part=1" } */

#pragma acc routine seq
static int __attribute__ ((noinline))
twice (int x)
{
  return 2 * x;
}

void
f (int n, int *restrict a, int *restrict b, int *restrict c)
{
#pragma acc parallel loop copy(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = twice (a[i]);
#pragma acc parallel loop copy(b[0:n])
  for (int i = 0; i < n; i++)
    b[i] = twice (b[i]) + 1;
#pragma acc parallel loop copy(c[0:n])
  for (int i = 0; i < n; i++)
    c[i] += i;
}

/* Four parts: three kernels and the routine; the routine declared in
   each, defined in one.  */
/* { dg-final { scan-cpu-image-parts-times "(?n)^#define GW_LOCAL$" 4 4 } } */
/* { dg-final { scan-cpu-image-parts-times "(?n)^GW_EXPORT const unsigned int gw_image_abi_version = 1;$" 4 1 } } */
/* { dg-final { scan-cpu-image-parts-times "(?n)^GW_EXPORT void \\*const \\*gw_image_globals;$" 4 1 } } */
/* { dg-final { scan-cpu-image-parts-times "(?n)^GW_EXPORT extern void \\*const \\*gw_image_globals;$" 4 3 } } */
/* { dg-final { scan-cpu-image-parts-times "(?n)^GW_LOCAL uint32_t$" 4 5 } } */
/* { dg-final { scan-cpu-image-times "(?n)^/\\* Compiled with: .* -c -x c PART\\.c, then linked with the other parts: -shared -o IMAGE\\.so PART\\.o \\.\\.\\. -lm  \\*\\/$" 1 } } */
