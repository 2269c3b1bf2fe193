/* Harness self-test: a region that runs on the device and a correct
   result: PASS (device).
   gw-expect pass "\(device\)$" */

#include <stdlib.h>

int
main (void)
{
  int a[64];
#pragma acc parallel loop copyout(a)
  for (int i = 0; i < 64; i++)
    a[i] = 2 * i;
  for (int i = 0; i < 64; i++)
    if (a[i] != 2 * i)
      abort ();
  return 0;
}
