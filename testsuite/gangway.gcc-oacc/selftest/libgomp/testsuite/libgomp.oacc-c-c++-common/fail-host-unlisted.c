/* Harness self-test: a region Gangway runs on the host (a reduction),
   which the expected list does not name: FAIL.
   gw-expect fail "\(regions on the host \(reduction\), not in expected-host.txt\)$" */

int
main (void)
{
  int s = 0;
#pragma acc parallel loop reduction(+:s)
  for (int i = 0; i < 64; i++)
    s += i;
  return s != 2016;
}
