/* long double in a region makes the compiler warn, at the statement, that
   'long double' is not supported and the region runs on the host.  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret -fplugin-arg-gangway-targets=cpu" } */

long double x[100];

void
f (void)
{
#pragma acc parallel loop
  for (int i = 0; i < 100; i++)
    x[i] = x[i] * 2; /* { dg-warning "gangway: 'long double' is not supported on the device; this OpenACC parallel region runs on the host" } */
}
