/* Found by gangway-fuzz (seed 10001, -O1; reduced, then by hand).
   A kernels region with a run-time num_gangs runs its code outside loops
   once per gang instead of once: the launch asks for N gangs and nothing
   keeps the single code to gang 0, so the increment below happens 8
   times.  With a constant num_gangs, or none, the region runs on one gang
   and is right.  Every optimization level, the cpu device and ptxsim.
   A gang vector loop in such a region runs whole in every gang (seed
   10037), which breaks it just the same.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

int c[1];

int
main (void)
{
  int n = 8;
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

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=1" } */
