/* A worker loop with tile (*) around a vector loop: GCC 12's auto
   partitioner gives the worker axis to the element loop, as it should,
   and to the tile loop too.  Each worker then ran one element of its own
   tile (17 elements in tiles of 4 workers: elements 0, 5, 10, 15) and the
   rest stayed unwritten.  gangway-loops leaves the tile loop the axes its
   element loop does not take.  Found by gangway-fuzz (seed 14, ptxsim,
   where the default dimensions have 8 workers).  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 3
#define M 17
#define K 6

long out[N][M][K];

int
main (void)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < K; k++)
	out[i][j][k] = -1;
#pragma acc parallel loop gang num_workers (4) vector_length (8) copy (out)
  for (int i = 0; i < N; i++)
    {
#pragma acc loop worker tile (*)
      for (int j = 0; j < M; j++)
	{
#pragma acc loop vector
	  for (int k = 0; k < K; k++)
	    out[i][j][k] = i * 1000 + j * 10 + k;
	}
    }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < K; k++)
	if (out[i][j][k] != i * 1000 + j * 10 + k)
	  {
	    fprintf (stderr, "[%d][%d][%d]: %ld\n", i, j, k, out[i][j][k]);
	    abort ();
	  }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=4 vector=8" } */
