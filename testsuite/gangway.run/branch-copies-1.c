/* A loop that every lane leaves at the same trip but by a divergent
   branch (the exit test varies by lane; here all lanes reach the trip
   cap together).  Its counter is uniform, a scalar of the SIMD code, and
   the branch's two edges were emitted one after the other: the back
   edge's copy wrote the next count before the exit edge's copy read the
   count, and every lane got one more.  A divergent branch now reads the
   sources of all its edges first.  Found by gangway-fuzz (seed 300349,
   cpu, -O1, x86-64-v2).  */
/* { dg-do run } */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 41

int32_t out[N];
volatile int n_rt = N;

__attribute__ ((noipa)) static void
compute (int on_dev, int32_t n37, int32_t *out41)
{
#pragma acc parallel num_gangs (1) if (on_dev) copy (out41[0:41])
  {
#pragma acc loop gang vector
    for (int32_t i38 = 0; i38 < n37; i38++)
      {
	uint32_t x39 = ((uint32_t) -(uint32_t) ({ double f_497 = ((double) i38); f_497 > -1.0 && f_497 < 4294967296.0 ? (uint32_t) f_497 : (uint32_t) 0; }));
	uint32_t c40 = 0;
	while (c40++ < 27 && (x39 > 0u))
	  x39 = (0 ? 0u : ((uint32_t) (x39 / 2u)));
	out41[i38] = ((int32_t) -(uint32_t) ((int32_t) c40));
      }
  }
}

int
main (void)
{
  compute (1, n_rt, out);
  for (int i = 0; i < N; i++)
    {
      uint32_t x = -(uint32_t) i, c = 0;
      while (c++ < 27 && x > 0u)
	x = x / 2u;
      if (out[i] != -(int32_t) c)
	{
	  fprintf (stderr, "%d: %d, want %d\n", i, out[i], -(int32_t) c);
	  abort ();
	}
    }
  return 0;
}

/* { dg-output "gangway: launch compute._omp_fn.0 device=cpu gangs=1 workers=1 vector=\[0-9\]+" } */
