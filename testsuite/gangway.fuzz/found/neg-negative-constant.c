/* Found by gangway-fuzz on ptxsim's cpu image (knob math_exact: seed
   50080, -O0 -fno-math-errno; then by hand).  At -O0, the value of modff
   of a constant, which the expander computes (-0.375), negated: the cpu
   target prints the negation of the negative constant as
   "r8 = (--0x1.8p-2f);", a decrement, and the image compiler stops,
   "lvalue required as decrement operand": the unit does not build.  At
   -O1 and above GCC folds it first.  ptx code builds.  */
/* { dg-do run } */

#include <math.h>
#include <stdlib.h>

float out[4];

int
main (void)
{
#pragma acc parallel copyout (out)
  {
#pragma acc loop vector
    for (int k = 0; k < 4; k++)
      out[k] = fmodf (-({ float i = 0; float f = modff (-0x1.258p+6f, &i); f; }),
		      2.0f);
  }
  for (int k = 0; k < 4; k++)
    if (out[k] != 0.375f)
      abort ();
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu " } */
