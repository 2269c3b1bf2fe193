/* Found by gangway-fuzz (seeds 10042, 10063, 10158 at -O1 to -O3;
   reduced, then by hand).  GCC narrows the index (uint8_t) j & 3, hoisted
   out of the inner while loop, to an integer type of 2 bits
   (<unnamed-unsigned:2> in the optimized dump); the expander refuses it,
   "gangway: an integer of 2 bits in a wider field", and the region runs
   on the host.  The same with 3 bits (& 7), and (seed 10570, -O1) with
   62 bits: g below, where (int64_t) n & 0x3fffffffffffffff becomes a
   62-bit integer (the fuzzer's masked signed arithmetic); 30 bits too.
   The cpu and the ptx targets.  */
/* { dg-do run } */
/* { dg-additional-options "-O1" } */

#include <stdint.h>
#include <stdlib.h>

uint16_t out[5][39][4];
int8_t in[1] = { -5 };

float fin[79];
int16_t res[8];

__attribute__ ((noipa)) static void
g (int n, int m)
{
#pragma acc parallel loop gang copyin (fin) copy (res)
  for (int i = 0; i < 8; i++)
    for (int k = 0; k < n; k++)
      res[i] = fin[(uint64_t) ((uint64_t) (int64_t) k
			      * (uint64_t) ((((int64_t) m & 0x3fffffffffffffffLL)
					     - 0x2000000000000000LL)
					    + ((0LL & 0x3fffffffffffffffLL)
					       - 0x2000000000000000LL)))
		   % 79];
}

int
main (void)
{
#pragma acc parallel loop gang copy (out) copyin (in)
  for (int i = 0; i < 1; i++)
    for (int j = 0; j < 5; j++)
      for (long k = 0; k < 39; k++)
	{
	  int8_t x = -in[0];
	  unsigned c = 0;
	  while (c++ < 42 && x > 0)
	    out[j][k][(uint8_t) j & 3] = 1;
	}
  for (int j = 0; j < 5; j++)
    for (int k = 0; k < 39; k++)
      if (out[j][k][j & 3] != 1)
	abort ();
  for (int i = 0; i < 79; i++)
    fin[i] = i;
  g (4, 5);
  for (int i = 0; i < 8; i++)
    if (res[i] != (int16_t) fin[(uint64_t) ((uint64_t) 3 * (uint64_t) (5 - 0x4000000000000000LL)) % 79])
      abort ();
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch g._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
