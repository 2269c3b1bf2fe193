/* Harness self-test: a dg-warning that no warning matches: FAIL.
   gw-expect fail "\(missing warning .no such warning. at line 7\)$" */

int
main (void)
{
  return 0; /* { dg-warning "no such warning" } */
}
