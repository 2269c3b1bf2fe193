/* double -> float rounding (round to nearest even, overflow to infinity,
   subnormals) and float -> double widening in a vector loop.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (void)
{
  static double d[N], w[N];
  static float f[N], n[N];
  for (int i = 0; i < N; i++)
    {
      d[i] = i % 10 == 0 ? 1e39 * (i % 20 ? 1 : -1)
	     : i % 10 == 1 ? 1e-42 * i
	     : 1.0 + i * 1.1102230246251565e-16 * 3 + i / 7.0;
      f[i] = i * 0.1f - 50.0f;
    }

#pragma acc parallel loop copyin(d, f) copyout(n, w)
  for (int i = 0; i < N; i++)
    {
      n[i] = (float) d[i];
      w[i] = (double) f[i] * 3.0;
    }

  for (int i = 0; i < N; i++)
    if (n[i] != (float) d[i] || w[i] != (double) f[i] * 3.0)
      {
	fprintf (stderr, "%d: %a (want %a) %a (want %a)\n", i, n[i],
		 (float) d[i], w[i], (double) f[i] * 3.0);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
