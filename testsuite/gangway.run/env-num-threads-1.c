/* An invalid GANGWAY_NUM_THREADS (0) gets a runtime warning and the
   default thread count; the region still runs on the cpu device.  */
/* { dg-do run } */
/* { dg-set-target-env-var GANGWAY_NUM_THREADS "0" } */

#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (void)
{
  static int a[N];
  for (int i = 0; i < N; i++)
    a[i] = i;

#pragma acc parallel loop copy(a)
  for (int i = 0; i < N; i++)
    a[i] = a[i] * 7 - 3;

  for (int i = 0; i < N; i++)
    if (a[i] != i * 7 - 3)
      {
	fprintf (stderr, "a[%d] = %d, expected %d\n", i, a[i], i * 7 - 3);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: warning: invalid GANGWAY_NUM_THREADS=0 \\(want 1..4096\\); using \[0-9\]+(\n|\r\n|\r)+" } */
/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
