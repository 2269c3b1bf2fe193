/* ptx-missing-1.c with the ptx target alone: the region that calls expf
   has no device code at all, and runs on the host.  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret -fplugin-arg-gangway-targets=ptx" } */

#include <math.h>

float a[100];

void
f (void)
{
#pragma acc parallel loop copy (a) /* { dg-warning "gangway: ptx: no device math library yet \\('expf' is called\\); this OpenACC parallel region runs on the host" } */
  for (int i = 0; i < 100; i++)
    a[i] = signbit (a[i]) ? expf (a[i]) : a[i];
}
