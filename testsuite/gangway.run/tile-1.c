/* Tiled loops: tile(2) and tile(*) on one loop (spans of 2 and of the
   vector length), tile(*,4) on a nest whose tiles straddle its rows.
   Every element exactly once.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 37
#define M 53

int
main (void)
{
  static int a[N], b[N][M], c[1000];

#pragma acc parallel loop tile(2) copyout(a)
  for (int i = 0; i < N; i++)
    a[i] = i * 3;

#pragma acc parallel loop tile(*) copy(c)
  for (int i = 0; i < 1000; i++)
    c[i] += i;

#pragma acc parallel loop tile(*, 4) copyout(b)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      b[i][j] = i * 100 + j;

  for (int i = 0; i < 1000; i++)
    if (c[i] != i)
      abort ();
  for (int i = 0; i < N; i++)
    {
      if (a[i] != i * 3)
	abort ();
      for (int j = 0; j < M; j++)
	if (b[i][j] != i * 100 + j)
	  {
	    fprintf (stderr, "b[%d][%d] = %d\n", i, j, b[i][j]);
	    abort ();
	  }
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu\[^\n\]*\n" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=cpu\[^\n\]*\n" } */
/* { dg-output "gangway: launch main._omp_fn.2 device=cpu" } */
