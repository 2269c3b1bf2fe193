/* A kernels region with an independent loop and a loop with a
   loop-carried dependence (prefix sum), which must run in order: the
   region runs on the cpu device and both loops are right.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (void)
{
  static long b[N];

#pragma acc kernels copyout(b)
  {
    for (int i = 0; i < N; i++)
      b[i] = i;
    for (int i = 1; i < N; i++)
      b[i] += b[i - 1];
  }

  for (int i = 0; i < N; i++)
    if (b[i] != (long) i * (i + 1) / 2)
      {
	fprintf (stderr, "b[%d] = %ld, expected %ld\n", i, b[i],
		 (long) i * (i + 1) / 2);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
