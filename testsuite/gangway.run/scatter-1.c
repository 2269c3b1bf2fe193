/* Indirect writes b[perm[i]] = ... (a scatter through a permutation) in a
   vector loop.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 10007

int
main (void)
{
  static int a[N], b[N], perm[N], ref[N];
  for (int i = 0; i < N; i++)
    {
      a[i] = 3 * i - 11;
      perm[i] = (int) (((long) i * 5003) % N);	/* N is prime.  */
      b[i] = -1;
    }
  for (int i = 0; i < N; i++)
    ref[perm[i]] = a[i] * 2;

#pragma acc parallel loop copyin(a, perm) copy(b)
  for (int i = 0; i < N; i++)
    b[perm[i]] = a[i] * 2;

  for (int i = 0; i < N; i++)
    if (b[i] != ref[i])
      {
	fprintf (stderr, "b[%d] = %d, expected %d\n", i, b[i], ref[i]);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
