/* Harness self-test: dg-shouldfail, but the program succeeds: FAIL.
   gw-expect fail "expected a failure \(dg-shouldfail\)\)$" */

int
main (void)
{
  return 0;
}

/* { dg-shouldfail "" } */
