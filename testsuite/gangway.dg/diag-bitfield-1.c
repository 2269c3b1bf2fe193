/* A bit-field read in a region: the warning names the field, at the
   statement.  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret -fplugin-arg-gangway-targets=cpu" } */

struct s { int a : 3; int b : 5; };

void
f (struct s *in, int *out)
{
#pragma acc parallel loop copyin(in[0:100]) copyout(out[0:100])
  for (int i = 0; i < 100; i++)
    out[i] = in[i].a + 1; /* { dg-warning "gangway: the bit-field 'a' is not supported on the device; this OpenACC parallel region runs on the host" } */
}
