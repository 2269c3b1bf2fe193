/* Harness self-test: a failure the expected list calls a bug:
   XFAIL (bug: ...).
   gw-expect xfail "\(bug: .*\)$" */

int
main (void)
{
  int a[64];
#pragma acc parallel loop copyout(a)
  for (int i = 0; i < 64; i++)
    a[i] = i;
  return a[63] != 64;
}
