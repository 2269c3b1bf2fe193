/* Math functions the device does not have yet: the warning names the
   function and says so (not "'cexp' is called, but it is not an OpenACC
   routine (declare it with '#pragma acc routine')", which no directive
   could mend, or "an SSA name without a definition" for a complex
   argument), once per region; the math functions that run on the device
   now (frexp, cabs, nextafter...) get no warning.  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret -fplugin-arg-gangway-targets=cpu,ptx" } */

#define _GNU_SOURCE
#include <complex.h>
#include <math.h>

void
f (double *x, _Complex double *z)
{
#pragma acc parallel loop copy(x[0:100])
  for (int i = 0; i < 100; i++)
    x[i] = exp10 (x[i]); /* { dg-warning "gangway: the math function 'exp10' is not supported on the device yet; this OpenACC parallel region runs on the host" } */

#pragma acc parallel loop copy(z[0:100])
  for (int i = 0; i < 100; i++)
    z[i] = cexp (z[i]); /* { dg-warning "gangway: the math function 'cexp' is not supported on the device yet; this OpenACC parallel region runs on the host" } */

#pragma acc parallel loop copy(x[0:100], z[0:100])
  for (int i = 0; i < 100; i++)
    {
      int e;
      x[i] = frexp (x[i], &e) + e + cabs (z[i]) + nextafter (x[i], 0.0)
	     + scalbn (x[i], e);
    }
}

/* { dg-final { scan-compiler-output-times "(?n)warning: gangway: the math function 'exp10'" 1 } } */
/* { dg-final { scan-compiler-output-times "(?n)warning: gangway: the math function 'cexp'" 1 } } */
/* { dg-final { scan-compiler-output-times "(?n)warning: gangway:" 2 } } */
