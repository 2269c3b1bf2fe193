/* acc_on_device with the builtin off (-fno-builtin-acc_on_device, as in
   GCC's acc-on-device-2.c): the call of the runtime's function is the
   device's answer in device code, as the builtin is, in a region and in
   a routine; such regions ran on the host ("'acc_on_device' is called,
   but it is not an OpenACC routine").  */
/* { dg-do run } */
/* { dg-additional-options "-fno-builtin-acc_on_device" } */

#include <openacc.h>
#include <stdlib.h>

#pragma acc routine seq
static int
where (void)
{
  return 2 * acc_on_device (acc_device_not_host) + acc_on_device (acc_device_host);
}

int
main (void)
{
  int dev = -1, host = -1, r[16];

#pragma acc parallel copyout (dev, host)
  {
    dev = acc_on_device (acc_device_not_host);
    host = acc_on_device (acc_device_host);
  }
#pragma acc parallel loop copyout (r)
  for (int i = 0; i < 16; i++)
    r[i] = where () + i;

  if (dev != 1 || host != 0)
    abort ();
  for (int i = 0; i < 16; i++)
    if (r[i] != 2 + i)
      abort ();
  /* On the host, the runtime's function says so.  */
  if (acc_on_device (acc_device_not_host) || !acc_on_device (acc_device_host))
    abort ();
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu \[^\n\]*\n" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=cpu " } */
