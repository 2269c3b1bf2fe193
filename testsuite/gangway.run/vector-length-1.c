/* vector_length(8) sets the vector length of the region (one register on
   AVX2, half of one on AVX-512, two on SSE) and the loop is still right.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 1003

int
main (void)
{
  static int a[N], b[N];
  for (int i = 0; i < N; i++)
    {
      a[i] = i * 3 - 500;
      b[i] = 0;
    }

#pragma acc parallel loop vector vector_length(8) copyin(a) copyout(b)
  for (int i = 0; i < N; i++)
    b[i] = a[i] > 0 ? a[i] / 7 : a[i] * 2;

  for (int i = 0; i < N; i++)
    {
      int want = a[i] > 0 ? a[i] / 7 : a[i] * 2;
      if (b[i] != want)
	{
	  fprintf (stderr, "b[%d] = %d, expected %d\n", i, b[i], want);
	  abort ();
	}
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=1 workers=1 vector=8" } */
