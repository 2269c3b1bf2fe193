/* Harness self-test: a region on the device whose result the program
   finds wrong: FAIL.
   gw-expect fail "\(exit status 1\)$" */

int
main (void)
{
  int a[64];
#pragma acc parallel loop copyout(a)
  for (int i = 0; i < 64; i++)
    a[i] = i;
  return a[63] != 64;
}
