/* What the cpu device does not reduce yet gets a located warning and runs
   on the host: && on floats (which GCC hands over as a bitwise and); a
   reduction across workers that the cpu device runs in several chunks of
   lanes (4 workers of 32 lanes); complex values (GCC's complex lowering
   crashed on the first markers of complex type).  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret -fplugin-arg-gangway-targets=cpu" } */

float f[1000];
int a[1000];

float
all (void)
{
  float ok = 1;
#pragma acc parallel loop reduction(&&:ok) /* { dg-warning "gangway: reductions by &, \\|, \\^, && or \\|\\| of floating-point values are not supported on the device; this OpenACC parallel region runs on the host" } */
  for (int i = 0; i < 1000; i++)
    ok = ok && f[i] > 0;
  return ok;
}

long
wide (void)
{
  long s = 0;
#pragma acc parallel loop gang worker vector num_workers(4) vector_length(32) reduction(+:s) /* { dg-warning "gangway: the cpu device cannot run a reduction across workers that run in several chunks of lanes yet; this OpenACC parallel region runs on the host" } */
  for (int i = 0; i < 1000; i++)
    s += a[i];
  return s;
}

_Complex float c[1000];

_Complex float
csum (void)
{
  _Complex float s = 0;
#pragma acc parallel loop reduction(+:s) /* { dg-warning "gangway: reductions of complex values are not supported on the device; this OpenACC parallel region runs on the host" } */
  for (int i = 0; i < 1000; i++)
    s += c[i];
  return s;
}
