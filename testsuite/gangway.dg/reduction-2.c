/* Reductions GCC hands over in forms of their own run on the device,
   without a warning: && on floats (a bitwise and, for GCC), sums and
   products of complex values (GCC's complex lowering crashed on the
   first markers of complex type; a product's is one marker of complex
   type, whose parts the expander takes).  */
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
#pragma acc parallel loop reduction(*:s)
  for (int i = 0; i < 1000; i++)
    s *= c[i];
  return s;
}
