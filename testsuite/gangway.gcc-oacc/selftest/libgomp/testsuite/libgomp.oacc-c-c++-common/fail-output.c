/* Harness self-test: output that dg-output does not match: FAIL.
   gw-expect fail "\(output does not match dg-output" */

#include <stdio.h>

int
main (void)
{
  fprintf (stderr, "this\n");
  return 0;
}

/* { dg-output "that" } */
