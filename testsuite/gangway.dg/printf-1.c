/* printf and its kin in a region are calls of the device's C library:
   on the cpu device the host's own functions, on ptx CUDA's vprintf, with
   the arguments in a buffer each aligned to its size, and the module's
   own formats for puts and putchar.  No warning: the region has code for
   both devices.  The cpu device runs the loop's whole vectors in a copy
   of its body (align-rows), so its code calls printf twice.  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-dump=expand,emit -fplugin-arg-gangway-targets=cpu,ptx" } */

#include <stdio.h>

void
report (int n)
{
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    {
      printf ("%d %f\n", i, i * 0.5);
      puts ("done");
    }
}

/* { dg-final { scan-gangway-dump-times "(?n)= dcall\\.i32 library printf\\(%\\d+, %\\d+, %\\d+\\)$" 2 } } */
/* { dg-final { scan-gangway-dump-times "(?n)= dcall\\.i32 library puts\\(%\\d+\\)$" 2 } } */
/* { dg-final { scan-gangway-dump-times "(?n)call \\(gw_rv\\), vprintf, \\(gw_a0, gw_a1\\)" 2 } } */
/* { dg-final { scan-gangway-dump-times "(?n)st\\.u32 .%rd\\d+\\+0., %r\\d+;$" 1 } } */
/* { dg-final { scan-gangway-dump-times "(?n)st\\.f64 .%rd\\d+\\+8., %fd\\d+;$" 1 } } */
/* { dg-final { scan-gangway-dump-times "(?n)^\\.global \\.align 1 \\.b8 gw_k0_report__omp_fn_0_fmt0.4. = .37, 115, 10, 0.;$" 1 } } */
/* { dg-final { scan-gangway-dump-times "(?n)gw_lib_printf\\) \\(\\(uint64_t\\)" 2 } } */
