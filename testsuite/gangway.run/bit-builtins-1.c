/* __builtin_popcount, __builtin_clz, __builtin_ctz (nonzero arguments),
   __builtin_bswap32 and their 64-bit forms in a vector loop.  */
/* { dg-do run } */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000
#define F(x) (__builtin_popcount (x) + 100 * __builtin_clz (x) \
	      + 10000 * __builtin_ctz (x))
#define LF(x) (__builtin_popcountll (x) + 100 * __builtin_clzll (x) \
	       + 10000 * __builtin_ctzll (x))

int
main (void)
{
  static uint32_t a[N], sw[N];
  static uint64_t la[N];
  static int r[N], lr[N];
  for (int i = 0; i < N; i++)
    {
      a[i] = ((uint32_t) (i + 1) * 2654435761u) >> (i % 29);
      if (a[i] == 0)
	a[i] = 1;
      la[i] = ((uint64_t) (i + 1) * 0x9e3779b97f4a7c15ull) >> (i % 61);
      if (la[i] == 0)
	la[i] = 1u << 7;
    }

#pragma acc parallel loop copyin(a, la) copyout(r, lr, sw)
  for (int i = 0; i < N; i++)
    {
      r[i] = F (a[i]);
      lr[i] = LF (la[i]);
      sw[i] = __builtin_bswap32 (a[i]);
    }

  for (int i = 0; i < N; i++)
    if (r[i] != F (a[i]) || lr[i] != LF (la[i])
	|| sw[i] != __builtin_bswap32 (a[i]))
      {
	fprintf (stderr, "%d: %d (want %d) %d (want %d) %#x (want %#x)\n", i,
		 r[i], F (a[i]), lr[i], LF (la[i]), sw[i],
		 __builtin_bswap32 (a[i]));
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
