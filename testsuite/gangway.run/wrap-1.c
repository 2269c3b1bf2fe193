/* Unsigned wraparound: 32- and 64-bit sums, differences and products
   that overflow, and negation of unsigned values.  */
/* { dg-do run } */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000
#define F32(x) ((x) * 2654435761u + 0xfffffff0u - ((x) << 3) + -(x))
#define F64(x) ((x) * 0x9e3779b97f4a7c15ull - 0x8000000000000001ull + -(x))

int
main (void)
{
  static uint32_t a[N], c[N];
  static uint64_t la[N], lc[N];
  for (int i = 0; i < N; i++)
    {
      a[i] = 0xffffff00u + (uint32_t) i * 977u;
      la[i] = ~0ull - (uint64_t) i * 0x10000000001ull;
    }

#pragma acc parallel loop copyin(a, la) copyout(c, lc)
  for (int i = 0; i < N; i++)
    {
      c[i] = F32 (a[i]);
      lc[i] = F64 (la[i]);
    }

  for (int i = 0; i < N; i++)
    if (c[i] != F32 (a[i]) || lc[i] != F64 (la[i]))
      {
	fprintf (stderr, "%d: %u, %llu; expected %u, %llu\n", i, c[i],
		 (unsigned long long) lc[i], F32 (a[i]),
		 (unsigned long long) F64 (la[i]));
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
