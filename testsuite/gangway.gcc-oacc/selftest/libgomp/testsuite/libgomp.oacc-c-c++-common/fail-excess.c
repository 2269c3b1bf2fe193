/* Harness self-test: a warning the test does not expect: FAIL.
   gw-expect fail "\(excess errors: .*unexpected-warning" */

#warning unexpected-warning

int
main (void)
{
  return 0;
}
