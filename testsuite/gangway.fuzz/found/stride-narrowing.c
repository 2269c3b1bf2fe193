/* Found by gangway-fuzz (seed 10077, -O1, a gang worker vector loop with
   num_workers (3); reduced, then by hand).  The cpu target computes a
   value that steps by a constant from lane to lane as "base + lane *
   step" (config/cpu/strides.cc), through a narrowing conversion too: here
   (int8_t) (i * 3) becomes (int8_t) (base * 3) + lane * 3, which is wrong
   in the lanes past the wrap-around at 128 when it falls inside a SIMD
   group (i = 43 with 16, 8 or 4 lanes: out[43] = 11 instead of 42).  Any
   optimization level; ptxsim is right.  The fuzzer's case, with
   (int8_t) (i * 4), fails only where the groups are not aligned on 32:
   with 3 workers.  */
/* { dg-do run } */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 64

uint32_t out[N];

int
main (void)
{
#pragma acc parallel loop gang vector copy (out)
  for (int i = 0; i < N; i++)
    out[i] = (uint32_t) (int8_t) (i * 3) % 59;
  for (int i = 0; i < N; i++)
    if (out[i] != (uint32_t) (int8_t) (i * 3) % 59)
      {
	fprintf (stderr, "out[%d] = %u, expected %u\n", i, out[i],
		 (uint32_t) (int8_t) (i * 3) % 59);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
