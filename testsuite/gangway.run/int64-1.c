/* int64_t in a vector loop: 64-bit products, signed division and
   remainder with negative operands, arithmetic right shift of negatives,
   comparison.  */
/* { dg-do run } */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1003
#define F(x, y) ((x) * 1000003 / ((y) | 1) + (x) % ((y) | 1) - ((x) >> 9) \
	+ ((x) < (y)) + (x) * 1024)

int
main (void)
{
  static int64_t a[N], b[N], c[N];
  uint64_t s = 12345;
  for (int i = 0; i < N; i++)
    {
      s = s * 6364136223846793005ull + 1442695040888963407ull;
      uint64_t r = s >> 11;
      a[i] = (int64_t) (r % (1ull << 41)) - (1ll << 40);
      b[i] = (int64_t) ((r >> 7) % (1ull << 37)) - (1ll << 36);
      c[i] = 0;
    }

#pragma acc parallel loop copyin(a, b) copyout(c)
  for (int i = 0; i < N; i++)
    c[i] = F (a[i], b[i]);

  for (int i = 0; i < N; i++)
    {
      int64_t want = F (a[i], b[i]);
      if (c[i] != want)
	{
	  fprintf (stderr, "c[%d] = %lld, expected %lld (a = %lld, b = %lld)\n",
		   i, (long long) c[i], (long long) want, (long long) a[i],
		   (long long) b[i]);
	  abort ();
	}
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
