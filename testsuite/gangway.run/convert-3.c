/* unsigned <-> floating conversions: uint32 and uint64 values with the
   top bit set to float and double, and back from values above INT_MAX /
   INT64_MAX.  */
/* { dg-do run } */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (void)
{
  static uint32_t u[N], fu[N];
  static uint64_t lu[N], du[N];
  static float uf[N], f[N];
  static double ud[N], d[N];
  for (int i = 0; i < N; i++)
    {
      u[i] = 0xffffffffu - (uint32_t) i * 4000037u;
      lu[i] = ~0ull - (uint64_t) i * 0x10000000000001ull;
      f[i] = 3.0e9f + i * 1024.0f;	/* Above INT_MAX, below 2^32.  */
      d[i] = 1.7e19 - i * 1.0e15;	/* Above INT64_MAX, below 2^64.  */
    }

#pragma acc parallel loop copyin(u, lu, f, d) copyout(uf, ud, fu, du)
  for (int i = 0; i < N; i++)
    {
      uf[i] = (float) u[i];
      ud[i] = (double) lu[i];
      fu[i] = (uint32_t) f[i];
      du[i] = (uint64_t) d[i];
    }

  for (int i = 0; i < N; i++)
    if (uf[i] != (float) u[i] || ud[i] != (double) lu[i]
	|| fu[i] != (uint32_t) f[i] || du[i] != (uint64_t) d[i])
      {
	fprintf (stderr, "%d: %a (want %a) %a (want %a) %u (want %u) "
		 "%llu (want %llu)\n", i, uf[i], (float) u[i], ud[i],
		 (double) lu[i], fu[i], (uint32_t) f[i],
		 (unsigned long long) du[i], (unsigned long long) (uint64_t) d[i]);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
