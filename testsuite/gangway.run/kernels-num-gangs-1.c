/* A kernels region with a run-time num_gangs whose code GCC does not
   parallelize is compiled for one gang: its code runs once, though the
   launch passes the clause's value (it ran once per gang, the increment
   below 8 times).  The compiler's gang count wins over the launch's, as
   in libgomp.  Found by gangway-fuzz.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

int c[1];

int
main (int argc, char **argv)
{
  int n = 7 + argc;
#pragma acc kernels num_gangs (n) copy (c)
  {
    c[0] += 1;
  }
  if (c[0] != 1)
    {
      fprintf (stderr, "c[0] = %d, expected 1\n", c[0]);
      abort ();
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=1 workers=1 vector=1" } */
