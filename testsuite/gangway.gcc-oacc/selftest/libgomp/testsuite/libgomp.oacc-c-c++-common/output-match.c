/* Harness self-test: dg-output sees the program's output without the
   launch log, which comes between the two lines: PASS.
   gw-expect pass "\(device\)$" */

#include <stdio.h>

int
main (void)
{
  int x = 0;
  fprintf (stderr, "before\n");
#pragma acc parallel copy(x)
  x = 1;
  fprintf (stderr, "after %d\n", x);
  return 0;
}

/* { dg-output "before(\n|\r\n|\r)after 1(\n|\r\n|\r)$" } */
