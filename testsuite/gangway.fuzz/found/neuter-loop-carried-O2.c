/* Found by gangway-fuzz (seed 10119, -O3; reduced, then by hand).  The
   -O2 face of neuter-seq-loop-O0.c: in single code, a 'loop seq' whose
   body may 'continue' before a vector loop, after a store that makes GCC
   keep x[0] in a register across the loop (partial redundancy
   elimination: a phi at the loop head, the value reloaded in the body).
   The reload is in neutered code, which does not dominate the back edge
   any more:

     internal compiler error: gangway: ... invalid after neuter:
       %15 = phi.f32 [@5: %13], [@15: %30]  ; error: an incoming value
       whose definition does not dominate its edge

   -O2 and -O3; without the store to g before the loop it compiles.  */
/* { dg-do run } */
/* { dg-additional-options "-O2" } */

#include <stdlib.h>

float x[1];
int g, a[8][4];

__attribute__ ((noipa)) static void
f (int n)
{
#pragma acc parallel num_gangs (1) copy (x, g, a)
  {
    g = x[0] != 0;
#pragma acc loop seq
    for (int t = 0; t < n; t++)
      {
	if (x[0] == 0)
	  continue;
#pragma acc loop vector
	for (int i = 0; i < 4; i++)
	  a[t][i] = t + i;
      }
  }
}

int
main (void)
{
  x[0] = 1;
  f (8);
  if (g != 1)
    abort ();
  for (int t = 0; t < 8; t++)
    for (int i = 0; i < 4; i++)
      if (a[t][i] != t + i)
	abort ();
  return 0;
}

/* { dg-output "gangway: launch f._omp_fn.0 device=cpu gangs=1 workers=1 vector=\[0-9\]+" } */
