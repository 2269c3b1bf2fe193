/* __builtin_bswap16 and __builtin_bswap64 in a vector loop (the 16-bit
   form's argument reaches GIMPLE as a promoted int).  */
/* { dg-do run } */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (void)
{
  static uint16_t h[N], rh[N];
  static uint64_t q[N], rq[N];
  for (int i = 0; i < N; i++)
    {
      h[i] = (uint16_t) (i * 40503u);
      q[i] = (uint64_t) i * 0x9e3779b97f4a7c15ull;
    }

#pragma acc parallel loop copyin(h, q) copyout(rh, rq)
  for (int i = 0; i < N; i++)
    {
      rh[i] = __builtin_bswap16 (h[i]);
      rq[i] = __builtin_bswap64 (q[i]);
    }

  for (int i = 0; i < N; i++)
    if (rh[i] != __builtin_bswap16 (h[i]) || rq[i] != __builtin_bswap64 (q[i]))
      {
	fprintf (stderr, "%d: %#x %#llx\n", i, rh[i], (unsigned long long) rq[i]);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
