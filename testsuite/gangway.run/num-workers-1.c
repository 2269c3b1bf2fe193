/* num_workers(4) on a gang worker loop runs on the cpu device with four
   workers and covers every iteration once; so does the default number of
   workers (the compiler's notes are checked by gangway.dg/num-workers-*.c).  */
/* { dg-do run } */

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

#pragma acc parallel loop gang worker copy(a)
  for (int i = 0; i < N; i++)
    a[i] = a[i] + 5;

  for (int i = 0; i < N; i++)
    if (a[i] != 3 * i - 2)
      {
	fprintf (stderr, "a[%d] = %d, expected %d\n", i, a[i], 3 * i - 2);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=4 vector=1(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=cpu gangs=\[0-9\]+ workers=(4|8|16) vector=1" } */
