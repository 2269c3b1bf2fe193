/* acc_on_device with a device type known only at run time, differing per
   lane, on the cpu device: 1 for acc_device_not_host, 0 for the host,
   none, default, nvidia and radeon.  */
/* { dg-do run } */

#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (void)
{
  static const acc_device_t kinds[6] = {
    acc_device_none, acc_device_default, acc_device_host,
    acc_device_not_host, acc_device_nvidia, acc_device_radeon
  };
  static int kind[N], r[N];
  for (int i = 0; i < N; i++)
    kind[i] = kinds[(i * 7) % 6];

#pragma acc parallel loop copyin(kind) copyout(r)
  for (int i = 0; i < N; i++)
    r[i] = acc_on_device ((acc_device_t) kind[i]);

  for (int i = 0; i < N; i++)
    if (r[i] != (kind[i] == acc_device_not_host))
      {
	fprintf (stderr, "acc_on_device (%d) = %d in lane %d\n", kind[i], r[i],
		 i);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
