/* Harness self-test: a region Gangway runs on the host (a reduction),
   named in the expected list: XFAIL (host: ...).
   gw-expect xfail "\(host: reduction\)$" */

int
main (void)
{
  int s = 0;
#pragma acc parallel loop reduction(+:s)
  for (int i = 0; i < 64; i++)
    s += i;
  return s != 2016;
}
