/* Harness self-test: dg-shouldfail with an abort and its message: PASS.
   gw-expect pass "\(no region\)$" */

#include <stdio.h>
#include <stdlib.h>

int
main (void)
{
  fprintf (stderr, "CheCKpOInT\n");
  abort ();
}

/* { dg-output "CheCKpOInT" } */
/* { dg-shouldfail "" } */
