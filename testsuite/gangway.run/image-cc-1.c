/* When the cpu image's compiler fails (status 1, an error after a
   note), the compilation succeeds with one warning at the unit's first
   region that says why, and the regions run on the host (reason
   no-cpu-code) with the right results.  */
/* { dg-do run } */
/* { dg-additional-options "-fplugin-arg-gangway-targets=cpu -fplugin-arg-gangway-image-cc=$srcdir/gangway.run/image-cc-fail.sh" } */

#include <stdlib.h>

#define N 100

int
main (void)
{
  static int a[N];

#pragma acc parallel loop copy(a) /* { dg-warning "gangway: cannot build the cpu image of this unit: the image compiler \\(\[^)\]*\\) failed with status 1: image.c:12:1: error: unknown type name 'gw_s32x64'; its OpenACC regions have no cpu code" } */
  for (int i = 0; i < N; i++)
    a[i] = i + 1;
#pragma acc parallel loop copy(a)
  for (int i = 0; i < N; i++)
    a[i] *= 2;
  for (int i = 0; i < N; i++)
    if (a[i] != 2 * (i + 1))
      abort ();
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=host \[^\n\]*reason=no-cpu-code(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=host \[^\n\]*reason=no-cpu-code(\n|\r\n|\r)" } */
