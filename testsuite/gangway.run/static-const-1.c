/* A static const lookup table (file scope) and a function-local static
   const table indexed per lane in a region.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 1000

static const int primes[16] = {
  2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53
};

int
main (void)
{
  static const float weight[5] = { 0.5f, 1.25f, -2.0f, 3.75f, 8.0f };
  static float out[N];

#pragma acc parallel loop copyout(out)
  for (int i = 0; i < N; i++)
    out[i] = primes[(i * 7) % 16] * weight[i % 5];

  for (int i = 0; i < N; i++)
    {
      float want = primes[(i * 7) % 16] * weight[i % 5];
      if (out[i] != want)
	{
	  fprintf (stderr, "out[%d] = %g, expected %g\n", i, out[i], want);
	  abort ();
	}
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
