/* A reduction of an array in an OpenACC loop outside a compute construct
   (a gang routine's): GCC 12's gimplifier crashes on it, and there is no
   construct to run on the host instead, so it is an error at the clause,
   not an internal compiler error.  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret" } */

#pragma acc routine gang
void
f (int *a, int n)
{
  int h[4] = { 0 };
#pragma acc loop gang reduction(+:h) /* { dg-error "gangway: GCC 12 cannot compile the reduction of an array in an OpenACC loop outside a compute construct" } */
  for (int i = 0; i < n; i++)
    h[i % 4] += a[i];
  a[0] = h[0];
}
