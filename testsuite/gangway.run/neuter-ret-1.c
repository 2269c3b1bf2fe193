/* A gang loop with as many iterations as gangs, which GCC folds away: the
   region's vector-single store ends up in the block that returns, and is
   still made by one lane only (the verifier checks it).  */
/* { dg-do run } */

#include <stdlib.h>

int arr[32];

int
main (void)
{
#pragma acc parallel num_gangs(32) vector_length(32)
  {
#pragma acc loop gang
    for (int i = 0; i < 32; i++)
      arr[i] += 1;
  }
  for (int i = 0; i < 32; i++)
    if (arr[i] != 1)
      abort ();
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=32 workers=1 vector=(32|16|8)" } */
