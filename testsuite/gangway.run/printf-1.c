/* A region calling printf, not supported on the device yet, runs on the
   host (reason=no-cpu-code) and its output appears.  The compiler's
   warning is checked by gangway.dg/printf-1.c.  */
/* { dg-do run } */
/* { dg-additional-options "-w" } */

#include <stdio.h>

int
main (void)
{
  int answer = 42;

#pragma acc serial copyin(answer)
  printf ("the answer is %d\n", answer);

  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=host gangs=1 workers=1 vector=1 reason=no-cpu-code(\n|\r\n|\r)+" } */
/* { dg-output "the answer is 42" } */
