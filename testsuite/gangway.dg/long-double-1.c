/* long double in a region makes the compiler warn, at the statement, that
   the type is not supported and the region runs on the host.  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret" } */

long double x[100];

void
f (void)
{
#pragma acc parallel loop
  for (int i = 0; i < 100; i++)
    x[i] = x[i] * 2; /* { dg-warning "gangway: the floating-point type 'long double/_Float128/_Float16' is not supported on the device; this OpenACC parallel region runs on the host" } */
}

/* GCC names the region's function in a context line.  */
