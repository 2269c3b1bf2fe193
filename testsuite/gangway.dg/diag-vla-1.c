/* A variable-length array in a region: the warning says so at its
   declaration, not '__builtin_stack_save' (what GCC wraps around its
   scope).  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret -fplugin-arg-gangway-targets=cpu" } */

void
f (int n, int *out)
{
#pragma acc parallel loop copyout(out[0:100])
  for (int i = 0; i < 100; i++)
    {
      int v[n]; /* { dg-warning "gangway: variable-length arrays are not supported on the device; this OpenACC parallel region runs on the host" } */
      for (int k = 0; k < n; k++)
	v[k] = i + k;
      out[i] = v[n - 1];
    }
}
