/* A vector loop with a tile clause inside a worker loop inside a gang
   loop: too few axes are left to partition both the tile and the element
   loop, so GCC makes the tile loop sequential (with a warning) and leaves
   its element loop the placeholder mask -1, which gangway-loops took for
   every axis: only the first gang's rows were written.  An unpartitioned
   element loop is sequential.  Found by gangway-fuzz.  */
/* { dg-do run } */
/* { dg-prune-output "\[^\n\]*: warning: insufficient partitioning available to parallelize tile loop\[^\n\]*" } */

#include <stdio.h>
#include <stdlib.h>

#define N 42
#define M 3
#define K 5

float out[N][M][K], out2[N][M][K];

int
main (void)
{
#pragma acc parallel copy (out, out2)
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
#pragma acc loop vector tile (2)
	    for (int k = 0; k < K; k++)
	      out2[i][j][k] = i * 100 + j * 10 - k;
	  }
      }
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < K; k++)
	if (out[i][j][k] != i * 100 + j * 10 + k
	    || out2[i][j][k] != i * 100 + j * 10 - k)
	  {
	    fprintf (stderr, "[%d][%d][%d]: %g %g\n", i, j, k, out[i][j][k],
		     out2[i][j][k]);
	    abort ();
	  }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=\[0-9\]+ vector=\[0-9\]+" } */
