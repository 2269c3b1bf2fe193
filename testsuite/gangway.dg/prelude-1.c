/* The cpu image's prelude holds only the types and helpers the unit's code
   uses (config/cpu/prelude.cc): a scaling loop at 16 lanes of AVX-512 needs
   its loads and stores of floats, three splats, two comparisons, any and
   all, none of the other widths' and types' helpers (the whole prelude of
   width 16 has 119 of them).  */
/* { dg-do compile } */
/* { dg-additional-options "-O2 -fplugin-arg-gangway-targets=cpu -fplugin-arg-gangway-isa=x86-64-v4 -fplugin-arg-gangway-keep-temps" } */

void
f (float *x, int n)
{
#pragma acc parallel loop copy(x[0:n])
  for (int i = 0; i < n; i++)
    x[i] = 2 * x[i];
}

/* The helpers and the kernel's own gang function.  */
/* { dg-final { scan-cpu-image-times "(?n)^GW_INLINE" 10 } } */
/* { dg-final { scan-cpu-image-times "(?n)^GW_INLINE \\S+ gw_(ld|st)_f32x16 " 2 } } */
/* { dg-final { scan-cpu-image-times "(?n)^GW_INLINE \\S+ gw_(ld|st|gather|scatter)_" 2 } } */
/* { dg-final { scan-cpu-image-times "(?n)^GW_INLINE \\S+ gw_splat_" 3 } } */
/* { dg-final { scan-cpu-image-times "(?n)^GW_INLINE \\S+ gw_blend_" 0 } } */
/* The mask, the data's types and two of the x86 vector types.  */
/* { dg-final { scan-cpu-image-times "(?n)^typedef" 8 } } */
/* { dg-final { scan-cpu-image-times "(?n)^typedef \\S+ gw_\\w+x16 " 5 } } */
/* { dg-final { scan-cpu-image-times "(?n)^GW_EXPORT const unsigned int gw_image_abi_version = " 1 } } */
/* { dg-final { scan-cpu-image-times "(?n)^GW_EXPORT void \\*const \\*gw_image_globals;" 1 } } */
