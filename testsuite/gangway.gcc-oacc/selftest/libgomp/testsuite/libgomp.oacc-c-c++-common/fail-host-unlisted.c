/* Harness self-test: a region Gangway runs on the host (an atomic update
   of a long double, which GCC makes a critical section),
   which the expected list does not name: FAIL.
   gw-expect fail "\(regions on the host \(atomic\), not in expected-host.txt\)$" */

int
main (void)
{
  long double s = 0;
#pragma acc parallel loop copy(s)
  for (int i = 0; i < 64; i++)
#pragma acc atomic update
    s += i;
  return s != 2016;
}
