/* Found by gangway-fuzz (seed 10004, -O0; reduced, then by hand).  A
   vector loop with a tile clause inside a worker loop inside a gang loop:
   only the first gang's iterations store anything, every other row stays
   as it was.  tile (*) or tile (2), any optimization level; without the
   worker loop, or without the tile clause, the rows are all written.
   The same on ptxsim (run-suite.sh): it happens before the targets.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 42
#define M 3
#define K 5

float out[N][M][K];

int
main (void)
{
#pragma acc parallel copy (out)
  {
#pragma acc loop gang
    for (int i = 0; i < N; i++)
      {
#pragma acc loop worker
	for (int j = 0; j < M; j++)
	  {
#pragma acc loop vector tile (*)
	    for (int k = 0; k < K; k++)
	      out[i][j][k] = i * 100 + j * 10 + k;
	  }
      }
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < K; k++)
	if (out[i][j][k] != i * 100 + j * 10 + k)
	  {
	    fprintf (stderr, "out[%d][%d][%d] = %g, expected %d\n", i, j, k,
		     out[i][j][k], i * 100 + j * 10 + k);
	    abort ();
	  }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=\[0-9\]+ vector=\[0-9\]+" } */
