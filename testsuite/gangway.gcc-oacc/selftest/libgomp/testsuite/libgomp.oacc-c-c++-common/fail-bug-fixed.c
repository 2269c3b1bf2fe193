/* Harness self-test: the expected list calls this test a bug, but it
   passes: FAIL, the line must go.
   gw-expect fail "\(passes now: remove it from expected-host.txt:[0-9]+\)$" */

int
main (void)
{
  int a[64];
#pragma acc parallel loop copyout(a)
  for (int i = 0; i < 64; i++)
    a[i] = i;
  return a[63] != 63;
}
