/* ACC_DEVICE_TYPE=host (OpenACC's own variable) runs the region on the
   host, even with GANGWAY_DEVICE=cpu, and the result is still right.  */
/* { dg-do run } */
/* { dg-set-target-env-var ACC_DEVICE_TYPE "host" } */
/* { dg-set-target-env-var GANGWAY_DEVICE "cpu" } */

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
    a[i] = a[i] * 5 + 1;

  for (int i = 0; i < N; i++)
    if (a[i] != i * 5 + 1)
      {
	fprintf (stderr, "a[%d] = %d, expected %d\n", i, a[i], i * 5 + 1);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=host gangs=1 workers=1 vector=1 reason=ACC_DEVICE_TYPE=host" } */
