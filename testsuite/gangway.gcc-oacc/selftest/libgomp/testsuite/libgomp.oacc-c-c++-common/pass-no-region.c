/* Harness self-test: the acc_* API only, no region: PASS (no region).
   gw-expect pass "\(no region\)$" */

#include <openacc.h>

int
main (void)
{
  return acc_get_num_devices (acc_device_host) < 1;
}
