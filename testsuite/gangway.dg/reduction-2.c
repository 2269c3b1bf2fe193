/* What the cpu device does not reduce yet gets a located warning and runs
   on the host: a product of complex values (GCC's complex lowering
   crashed on the first markers of complex type).  && on floats (which
   GCC hands over as a bitwise and) and a sum of complex values run on
   the device, without a warning.  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret -fplugin-arg-gangway-targets=cpu" } */

float f[1000];

float
all (void)
{
  float ok = 1;
#pragma acc parallel loop reduction(&&:ok)
  for (int i = 0; i < 1000; i++)
    ok = ok && f[i] > 0;
  return ok;
}

_Complex float c[1000];

_Complex float
csum (void)
{
  _Complex float s = 0;
#pragma acc parallel loop reduction(+:s)
  for (int i = 0; i < 1000; i++)
    s += c[i];
  return s;
}

_Complex float
cprod (void)
{
  _Complex float s = 1;
#pragma acc parallel loop reduction(*:s) /* { dg-warning "gangway: a '\\*' reduction of complex values is not supported on the device; this OpenACC parallel region runs on the host" } */
  for (int i = 0; i < 1000; i++)
    s *= c[i];
  return s;
}
