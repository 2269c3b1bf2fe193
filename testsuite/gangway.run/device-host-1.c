/* GANGWAY_DEVICE=host runs the region on the host (the log says why) and
   the result is still right.  */
/* { dg-do run } */
/* { dg-set-target-env-var GANGWAY_DEVICE "host" } */

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
    a[i] = a[i] * a[i] - 3;

  for (int i = 0; i < N; i++)
    if (a[i] != i * i - 3)
      {
	fprintf (stderr, "a[%d] = %d, expected %d\n", i, a[i], i * i - 3);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=host gangs=1 workers=1 vector=1 reason=GANGWAY_DEVICE=host" } */
