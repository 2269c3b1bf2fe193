/* Harness self-test: a region Gangway runs on the host (an atomic update
   of a long double, which GCC makes a critical section),
   named in the expected list: XFAIL (host: ...).
   gw-expect xfail "\(host: atomic\)$" */

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
