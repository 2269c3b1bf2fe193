/* acc_on_device in a region running on the cpu device: it is a device
   that is not the host, so acc_device_not_host gives 1 and
   acc_device_host gives 0 in every lane.  */
/* { dg-do run } */

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
    if (r[i] != 10)
      {
	fprintf (stderr, "r[%d] = %d, expected 10\n", i, r[i]);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
