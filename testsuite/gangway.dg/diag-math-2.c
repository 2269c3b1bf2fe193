/* Math functions called through declarations without a prototype, with
   arguments that do not match their prototypes: no internal compiler
   error (frexp, modf and remquo read their pointer argument), a warning
   that says so, once per region, and the region runs on the host.  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret -fplugin-arg-gangway-targets=cpu,ptx -Wno-builtin-declaration-mismatch -Wno-int-conversion" } */

double frexp ();
double modf ();
double remquo ();
double nextafter ();

void
f (double *x)
{
#pragma acc parallel loop copy(x[0:10])
  for (int i = 0; i < 10; i++)
    x[i] = frexp (x[i]) + modf (x[i]) + remquo (x[i], 2.0) + nextafter (x[i]); /* { dg-warning "gangway: a call of 'frexp' whose arguments do not match its prototype" } */

#pragma acc parallel loop copy(x[0:10])
  for (int i = 0; i < 10; i++)
    x[i] = remquo (1, 2, 3, 4); /* { dg-warning "gangway: a call of 'remquo' whose arguments do not match its prototype" } */
}

/* { dg-final { scan-compiler-output-times "(?n)warning: gangway: a call of '(frexp|remquo)' whose arguments do not match its prototype; this OpenACC parallel region runs on the host" 2 } } */
/* { dg-final { scan-compiler-output-times "(?n)warning: gangway:" 2 } } */
