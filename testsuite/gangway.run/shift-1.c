/* Shifts by per-lane and constant counts: arithmetic right shift of
   negative ints, logical right shift of unsigned values, left shifts, at
   32 and 64 bits.  */
/* { dg-do run } */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (void)
{
  static int32_t a[N], sr[N];
  static uint32_t u[N], ur[N], ul[N];
  static int64_t la[N], lsr[N];
  static uint64_t lu[N], lur[N], lul[N];
  static int k[N];
  for (int i = 0; i < N; i++)
    {
      a[i] = -i * 1234567 - 1;
      u[i] = 0x80000000u | (uint32_t) i * 40503u;
      la[i] = -(int64_t) i * 0x123456789ll - 7;
      lu[i] = (1ull << 63) | (uint64_t) i * 0x9e3779b9ull;
      k[i] = i % 32;
    }

#pragma acc parallel loop copyin(a, u, la, lu, k) \
	copyout(sr, ur, ul, lsr, lur, lul)
  for (int i = 0; i < N; i++)
    {
      sr[i] = (a[i] >> k[i]) + (a[i] >> 3);
      ur[i] = (u[i] >> k[i]) + (u[i] >> 31);
      ul[i] = (u[i] << k[i]) ^ (u[i] << 5);
      lsr[i] = (la[i] >> (k[i] * 2)) + (la[i] >> 40);
      lur[i] = (lu[i] >> (k[i] * 2 + 1)) + (lu[i] >> 63);
      lul[i] = (lu[i] << (63 - k[i])) ^ (lu[i] << 1);
    }

  for (int i = 0; i < N; i++)
    if (sr[i] != (a[i] >> k[i]) + (a[i] >> 3)
	|| ur[i] != (u[i] >> k[i]) + (u[i] >> 31)
	|| ul[i] != ((u[i] << k[i]) ^ (u[i] << 5))
	|| lsr[i] != (la[i] >> (k[i] * 2)) + (la[i] >> 40)
	|| lur[i] != (lu[i] >> (k[i] * 2 + 1)) + (lu[i] >> 63)
	|| lul[i] != ((lu[i] << (63 - k[i])) ^ (lu[i] << 1)))
      {
	fprintf (stderr, "mismatch at %d (count %d)\n", i, k[i]);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
