/* Found by gangway-fuzz (seed 10423, -O3; reduced, then by hand).  An
   index (i * j) & 1: GCC computes the low bit of the product from the
   low bits of its factors, in _Bool arithmetic, and the expander refuses
   it: "gangway: arithmetic on booleans", the region runs on the host.
   -O1 and -O2 (-O3 rewrites it otherwise).  See also ptx-neg-bool.c.  */
/* { dg-do run } */
/* { dg-additional-options "-O2" } */

#include <stdint.h>
#include <stdlib.h>

int8_t out[22][65][2];

int
main (void)
{
#pragma acc parallel loop gang copy (out)
  for (int i = 0; i < 22; i++)
    {
#pragma acc loop vector
      for (int j = 0; j < 65; j++)
	out[i][j][((uint32_t) i * (uint32_t) j) & 1] = 1;
    }
  for (int i = 0; i < 22; i++)
    for (int j = 0; j < 65; j++)
      if (out[i][j][(i * j) & 1] != 1 || out[i][j][!((i * j) & 1)] != 0)
	abort ();
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
