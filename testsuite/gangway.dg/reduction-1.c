/* A reduction clause makes the compiler warn, at the construct, that the
   region runs on the host.  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret" } */

int a[1000];

long
sum (void)
{
  long s = 0;
#pragma acc parallel loop reduction(+:s) /* { dg-warning "gangway: reductions are not supported on the device yet; this OpenACC parallel region runs on the host" } */
  for (int i = 0; i < 1000; i++)
    s += a[i];
  return s;
}
