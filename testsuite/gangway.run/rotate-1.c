/* Rotates written as (x << k) | (x >> (32 - k)) with per-lane counts
   (1..31) and constant counts, 32 and 64 bits.  */
/* { dg-do run } */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000
#define ROTL32(x, k) (((x) << (k)) | ((x) >> (32 - (k))))
#define ROTR64(x, k) (((x) >> (k)) | ((x) << (64 - (k))))

int
main (void)
{
  static uint32_t a[N], r[N], rc[N];
  static uint64_t la[N], lr[N];
  static int k[N];
  for (int i = 0; i < N; i++)
    {
      a[i] = 0x80000001u ^ (uint32_t) i * 2654435761u;
      la[i] = 0x8000000000000003ull ^ (uint64_t) i * 0x9e3779b97f4a7c15ull;
      k[i] = i % 31 + 1;
    }

#pragma acc parallel loop copyin(a, la, k) copyout(r, rc, lr)
  for (int i = 0; i < N; i++)
    {
      r[i] = ROTL32 (a[i], k[i]);
      rc[i] = ROTL32 (a[i], 13);
      lr[i] = ROTR64 (la[i], k[i] + 20);
    }

  for (int i = 0; i < N; i++)
    if (r[i] != ROTL32 (a[i], k[i]) || rc[i] != ROTL32 (a[i], 13)
	|| lr[i] != ROTR64 (la[i], k[i] + 20))
      {
	fprintf (stderr, "%d: %#x %#x %#llx\n", i, r[i], rc[i],
		 (unsigned long long) lr[i]);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
