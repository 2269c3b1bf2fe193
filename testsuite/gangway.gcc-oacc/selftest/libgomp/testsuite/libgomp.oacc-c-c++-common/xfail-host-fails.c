/* Harness self-test: a region Gangway runs on the host, and the test
   fails there (it expects to run on a device); the list says both:
   XFAIL (host: ...).
   gw-expect xfail "\(host: atomic; fails on the host: .*\)$" */

#include <openacc.h>

int
main (void)
{
  long double s = 0;
  int dev = 0;
#pragma acc parallel loop copy(s, dev)
  for (int i = 0; i < 64; i++)
    {
#pragma acc atomic update
      s += i;
      dev = acc_on_device (acc_device_not_host);
    }
  return !dev;
}
