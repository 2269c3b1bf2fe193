/* GANGWAY_NUM_THREADS=1: the cpu device runs every gang on the launching
   thread alone, and the result is still right.  */
/* { dg-do run } */
/* { dg-set-target-env-var GANGWAY_NUM_THREADS "1" } */

#include <stdio.h>
#include <stdlib.h>
#include <gangway.h>

#define N 10007

int
main (void)
{
  static int a[N], b[N];
  for (int i = 0; i < N; i++)
    a[i] = i % 251;

#pragma acc parallel loop gang vector copyin(a) copyout(b)
  for (int i = 0; i < N; i++)
    b[i] = a[i] * a[i] - i;

  for (int i = 0; i < N; i++)
    if (b[i] != a[i] * a[i] - i)
      {
	fprintf (stderr, "b[%d] = %d, expected %d\n", i, b[i],
		 a[i] * a[i] - i);
	abort ();
      }
  if (gangway_num_threads () != 1)
    {
      fprintf (stderr, "%d threads, expected 1\n", gangway_num_threads ());
      abort ();
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
