/* The negation of a negative float constant (found by gangway-fuzz,
   knob math_exact: at -O0, the expander's value of modff of a constant,
   negated): the cpu target printed it "(--0x1.8p-2f)", a decrement, and
   the unit did not build ("lvalue required as decrement operand").  */
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
