/* Indirect reads a[idx[i]] (a gather) in a vector loop.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 10007

int
main (void)
{
  static float a[N], b[N];
  static int idx[N];
  for (int i = 0; i < N; i++)
    {
      a[i] = i * 1.5f - 7.0f;
      idx[i] = (int) (((long) i * 7919) % N);
      b[i] = 0;
    }

#pragma acc parallel loop copyin(a, idx) copyout(b)
  for (int i = 0; i < N; i++)
    b[i] = a[idx[i]] + 1.0f;

  for (int i = 0; i < N; i++)
    if (b[i] != a[idx[i]] + 1.0f)
      {
	fprintf (stderr, "b[%d] = %g, expected %g\n", i, b[i],
		 a[idx[i]] + 1.0f);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
