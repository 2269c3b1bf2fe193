/* alloca in a region: the warning names it, at the call.  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret -fplugin-arg-gangway-targets=cpu" } */

void
f (int n, int *out)
{
#pragma acc parallel loop copyout(out[0:100])
  for (int i = 0; i < 100; i++)
    {
      int *v = __builtin_alloca (n * sizeof (int)); /* { dg-warning "gangway: 'alloca' is not supported on the device; this OpenACC parallel region runs on the host" } */
      for (int k = 0; k < n; k++)
	v[k] = i + k;
      out[i] = v[n - 1];
    }
}
