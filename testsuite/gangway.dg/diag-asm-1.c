/* Inline assembly in a region: the warning says so, at the asm.  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret -fplugin-arg-gangway-targets=cpu" } */

void
f (int *out)
{
#pragma acc parallel loop copyout(out[0:100])
  for (int i = 0; i < 100; i++)
    {
      int x = i;
      __asm__ volatile ("" : "+r" (x)); /* { dg-warning "gangway: inline assembly \\('asm'\\) is not supported on the device; this OpenACC parallel region runs on the host" } */
      out[i] = x;
    }
}
