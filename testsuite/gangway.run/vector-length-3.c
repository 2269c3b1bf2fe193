/* vector_length(5), not a power of two: five lanes are active, the loop
   covers every index exactly once.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 1001

int
main (void)
{
  static int a[N], b[N];
  for (int i = 0; i < N; i++)
    {
      a[i] = i;
      b[i] = 0;
    }

#pragma acc parallel loop gang vector vector_length(5) copyin(a) copy(b)
  for (int i = 0; i < N; i++)
    b[i] += a[i] * 2 + 1;

  for (int i = 0; i < N; i++)
    if (b[i] != 2 * i + 1)
      {
	fprintf (stderr, "b[%d] = %d, expected %d\n", i, b[i], 2 * i + 1);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=5" } */
