/* A region compiled with -fsanitize=undefined carries the front end's
   checks, calls of UndefinedBehaviorSanitizer's runtime: the warning
   names the option, not the runtime's function (at the region: the
   first check is of the region's argument block).  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret -fplugin-arg-gangway-targets=cpu -fsanitize=undefined" } */

int a[100];

void
f (int k)
{
#pragma acc parallel loop /* { dg-warning "gangway: code instrumented by -fsanitize=undefined is not supported on the device; this OpenACC parallel region runs on the host" } */
  for (int i = 0; i < 100; i++)
    a[i] = a[i] << k;
}
