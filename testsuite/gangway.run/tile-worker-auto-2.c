/* The collapsed form of tile-worker-auto-1.c: a worker loop with
   tile (6, 3) whose body is sequential.  GCC 12's auto partitioner gives
   the tile loop the worker axis and the element loops worker and vector;
   the tile loop's step is the product of the two tile sizes, which
   gangway-loops did not trace back to the tiles, so it kept the worker
   axis, and only the tiles of worker 0 were run.  Found by gangway-fuzz
   (seed 200073, ptxsim).  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 5
#define M 14
#define K 7

short out[N][M][K];
volatile int k_rt = K;

int
main (void)
{
  int k_n = k_rt;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < K; k++)
	out[i][j][k] = -1;
#pragma acc parallel num_workers (4) vector_length (8) copy (out)
  {
#pragma acc loop gang
    for (int i = 0; i < N; i++)
      {
#pragma acc loop worker tile (6, 3)
	for (unsigned j = 0; j < M; j += 2)
	  for (int k = 0; k < k_n; k++)
	    {
#pragma acc loop seq
	      for (unsigned l = 0; l < 2; l++)
		out[i][j + l][k] = i * 100 + (j + l) * 10 + k;
	    }
      }
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < K; k++)
	if (out[i][j][k] != i * 100 + j * 10 + k)
	  {
	    fprintf (stderr, "[%d][%d][%d]: %d\n", i, j, k, out[i][j][k]);
	    abort ();
	  }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=4 vector=8" } */
