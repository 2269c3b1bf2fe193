/* A region the ptx target cannot compile (it calls expf, and ptx has no
   device math library yet) when ptx is asked for: with the cpu target
   too, the warning says the region has no ptx code (it runs on the cpu
   device); with ptx alone, that it runs on the host.  The warnings come at
   the end of the unit, once every target has had its go.  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret -fplugin-arg-gangway-targets=cpu,ptx" } */

#include <math.h>

float a[100];

void
f (void)
{
#pragma acc parallel loop copy (a) /* { dg-warning "gangway: ptx: no device math library yet \\('expf' is called\\); this OpenACC parallel region has no ptx code" } */
  for (int i = 0; i < 100; i++)
    a[i] = signbit (a[i]) ? expf (a[i]) : a[i];
}
