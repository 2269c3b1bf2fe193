/* acc_on_device in a region forced onto the host (GANGWAY_DEVICE=host):
   acc_device_host gives 1 and acc_device_not_host gives 0.  */
/* { dg-do run } */
/* { dg-set-target-env-var GANGWAY_DEVICE "host" } */

#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (void)
{
  static int r[N];

#pragma acc parallel loop copyout(r)
  for (int i = 0; i < N; i++)
    r[i] = acc_on_device (acc_device_not_host) * 10
	   + acc_on_device (acc_device_host);

  for (int i = 0; i < N; i++)
    if (r[i] != 1)
      {
	fprintf (stderr, "r[%d] = %d, expected 1\n", i, r[i]);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=host gangs=1 workers=1 vector=1 reason=GANGWAY_DEVICE=host" } */
