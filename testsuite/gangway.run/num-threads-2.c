/* GANGWAY_NUM_THREADS=3 (more threads than this machine's cores, and not
   a divisor of the gang count): every gang runs exactly once.  */
/* { dg-do run } */
/* { dg-set-target-env-var GANGWAY_NUM_THREADS "3" } */

#include <stdio.h>
#include <stdlib.h>
#include <gangway.h>

#define N 10007

int
main (void)
{
  static int a[N];
  for (int i = 0; i < N; i++)
    a[i] = 1;

#pragma acc parallel loop gang vector num_gangs(20) copy(a)
  for (int i = 0; i < N; i++)
    a[i] += i;

  for (int i = 0; i < N; i++)
    if (a[i] != i + 1)
      {
	fprintf (stderr, "a[%d] = %d, expected %d\n", i, a[i], i + 1);
	abort ();
      }
  if (gangway_num_threads () != 3)
    {
      fprintf (stderr, "%d threads, expected 3\n", gangway_num_threads ());
      abort ();
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=20 workers=1 vector=\[0-9\]+" } */
