/* A GCC vector type in a region: the warning names the type as the user
   wrote it, with its vector_size attribute, where a vector is made.  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret -fplugin-arg-gangway-targets=cpu" } */

typedef int v4si __attribute__ ((vector_size (16)));

void
f (v4si *out)
{
#pragma acc parallel loop copyout(out[0:100])
  for (int i = 0; i < 100; i++)
    {
      v4si a = { i, i + 1, i + 2, i + 3 }; /* { dg-warning "gangway: the vector type '__attribute__ \\(\\(vector_size \\(16\\)\\)\\) int' is not supported on the device; this OpenACC parallel region runs on the host" } */
      out[i] = a * a;
    }
}
