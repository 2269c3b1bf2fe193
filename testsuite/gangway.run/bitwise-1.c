/* Bitwise & | ^ ~ on 8-, 32- and 64-bit values in a vector loop.  */
/* { dg-do run } */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000
#define F(x, y) (((x) & (y)) ^ (~(x) | ((y) >> 1)) ^ ((x) | 0x5a))

int
main (void)
{
  static uint8_t a8[N], b8[N], c8[N];
  static int32_t a[N], b[N], c[N];
  static uint64_t la[N], lb[N], lc[N];
  for (int i = 0; i < N; i++)
    {
      a8[i] = (uint8_t) (i * 37);
      b8[i] = (uint8_t) (i * 91 + 5);
      a[i] = (int32_t) ((uint32_t) i * 2654435761u);
      b[i] = -i * 40503;
      la[i] = (uint64_t) i * 0x9e3779b97f4a7c15ull;
      lb[i] = ~((uint64_t) i << 40);
    }

#pragma acc parallel loop copyin(a8, b8, a, b, la, lb) copyout(c8, c, lc)
  for (int i = 0; i < N; i++)
    {
      c8[i] = F (a8[i], b8[i]);
      c[i] = F (a[i], b[i]);
      lc[i] = F (la[i], lb[i]);
    }

  for (int i = 0; i < N; i++)
    if (c8[i] != (uint8_t) F (a8[i], b8[i]) || c[i] != F (a[i], b[i])
	|| lc[i] != F (la[i], lb[i]))
      {
	fprintf (stderr, "%d: %#x %#x %#llx\n", i, c8[i], c[i],
		 (unsigned long long) lc[i]);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
