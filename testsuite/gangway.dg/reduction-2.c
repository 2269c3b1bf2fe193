/* What the cpu device does not reduce yet gets a located warning and runs
   on the host: && on floats (which GCC hands over as a bitwise and);
   complex values (GCC's complex lowering crashed on the first markers of
   complex type).  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret -fplugin-arg-gangway-targets=cpu" } */

float f[1000];

float
all (void)
{
  float ok = 1;
#pragma acc parallel loop reduction(&&:ok) /* { dg-warning "gangway: reductions by &, \\|, \\^, && or \\|\\| of floating-point values are not supported on the device; this OpenACC parallel region runs on the host" } */
  for (int i = 0; i < 1000; i++)
    ok = ok && f[i] > 0;
  return ok;
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
