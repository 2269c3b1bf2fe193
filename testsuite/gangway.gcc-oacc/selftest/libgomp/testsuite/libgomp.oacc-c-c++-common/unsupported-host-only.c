/* Harness self-test: a test for the host device only: UNSUPPORTED.
   gw-expect unsupported "" */
/* { dg-do run { target openacc_host_selected } } */

int
main (void)
{
  return 1;
}
