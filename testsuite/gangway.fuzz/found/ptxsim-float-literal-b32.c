/* Found by gangway-fuzz on ptxsim (seeds 20, 24, 32, 40 and others at
   -O0; reduced by hand).  ilogbf of a float constant (a local at -O0):
   the ptx target folds the constant's bits into the integer code, as

     mov.b32 %r395, 0f80000000;

   which ptxas accepts, but ptxsim refuses the module: "the float literal
   0f80000000 in a 32-bit integer operand" (and the same for 0d...
   literals in 64-bit moves).  A ptxsim gap, not a compiler bug.
   run-suite.sh compiles at -O2, where the call folds away; at -O0,

     testsuite/gangway.fuzz/fuzz.sh --builddir BUILD --classify FILE ptxsim -O0 -

   says "ptxsim-error ... cannot load the PTX".  */
/* { dg-do run } */
/* { dg-additional-options "-O0" } */

#include <math.h>
#include <stdlib.h>

int r[32];

int
main (void)
{
#pragma acc parallel loop copy (r)
  for (int i = 0; i < 32; i++)
    {
      float c = -0.0f;
      r[i] = i + ilogbf (c);
    }
  for (int i = 0; i < 32; i++)
    if (r[i] != i + ilogbf (-0.0f))
      abort ();
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
