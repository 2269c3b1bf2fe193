/* A call through a function pointer in a region: the warning says so,
   at the call.  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret -fplugin-arg-gangway-targets=cpu" } */

void
f (int (*g) (int), int *out)
{
#pragma acc parallel loop copyout(out[0:100])
  for (int i = 0; i < 100; i++)
    out[i] = g (i); /* { dg-warning "gangway: calls through function pointers are not supported on the device; this OpenACC parallel region runs on the host" } */
}
