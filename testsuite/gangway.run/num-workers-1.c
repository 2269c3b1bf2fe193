/* num_workers(4) on a gang worker loop runs on the cpu device with
   workers=1 and still covers every iteration once (the compiler's note is
   checked by gangway.dg/num-workers-1.c).  */
/* { dg-do run } */
/* { dg-additional-options "-w" } */

#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (void)
{
  static int a[N];
  for (int i = 0; i < N; i++)
    a[i] = i;

#pragma acc parallel loop gang worker num_workers(4) copy(a)
  for (int i = 0; i < N; i++)
    a[i] = a[i] * 3 - 7;

  for (int i = 0; i < N; i++)
    if (a[i] != 3 * i - 7)
      {
	fprintf (stderr, "a[%d] = %d, expected %d\n", i, a[i], 3 * i - 7);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=1" } */
