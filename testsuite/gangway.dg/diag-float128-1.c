/* __float128 in a region: the warning names the type, _Float128 (the
   same type in GCC), at the statement.  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret -fplugin-arg-gangway-targets=cpu" } */

__float128 x[100];

void
f (void)
{
#pragma acc parallel loop
  for (int i = 0; i < 100; i++)
    x[i] = x[i] * 3; /* { dg-warning "gangway: '_Float128' is not supported on the device; this OpenACC parallel region runs on the host" } */
}
