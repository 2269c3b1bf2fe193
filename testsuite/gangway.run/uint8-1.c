/* uint8_t in a vector loop: loads and stores of unsigned bytes, wrapping
   sums and products, unsigned division, remainder, shift, comparison.  */
/* { dg-do run } */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1003
#define F(x, y) ((uint8_t) ((x) * (y) + (x) / ((y) | 1) - (x) % 7 \
	+ ((x) >> 3) + ((x) > (y))))

int
main (void)
{
  static uint8_t a[N], b[N], c[N];
  uint64_t s = 12345;
  for (int i = 0; i < N; i++)
    {
      s = s * 6364136223846793005ull + 1442695040888963407ull;
      uint64_t r = s >> 11;
      a[i] = (uint8_t) r;
      b[i] = (uint8_t) (r >> 20);
      c[i] = 0;
    }

#pragma acc parallel loop copyin(a, b) copyout(c)
  for (int i = 0; i < N; i++)
    c[i] = F (a[i], b[i]);

  for (int i = 0; i < N; i++)
    {
      uint8_t want = F (a[i], b[i]);
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
