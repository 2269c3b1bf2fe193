/* GCC's own checking (-fchecking) accepts the IPA state with device
   clones: they are not local functions whose callers are all known.  */
/* { dg-do compile } */
/* { dg-additional-options "-fchecking" } */

void
f (int n, float *x)
{
#pragma acc parallel loop copy(x[0:n])
  for (int i = 0; i < n; i++)
    x[i] *= 2;
}
