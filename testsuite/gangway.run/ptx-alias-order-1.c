/* A worker loop placed, in the device code's layout, before the worker
   vector loop that dominates it: value numbering made the second loop's
   worker position a copy of the first's, which the ptx emitter names
   %tid.y without a register; the copy, emitted first, named the register
   instead, which nothing set (ptxas accepts reading it).  Every worker
   but 0 stored to a wild address (ptxsim stops on it).  Found by
   gangway-fuzz (seed 200179, ptxsim, -O3; this shape fails from -O1).  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 33

signed char sel[6] = { 1, 77, 3, 4, 77, 6 };
double a[N][52];
float b[N][11][4][7];
long v = 5;

int
main (void)
{
#pragma acc parallel loop gang vector_length (32) copyin (sel, v) \
  copy (a, b)
  for (int i = N - 1; i >= 1; i--)
    if (sel[i % 6] != 77)
      {
#pragma acc loop seq
	for (int s = 0; s < 1; s++)
	  {
	    for (int t = 0; t < 1; t++)
	      {
#pragma acc loop worker vector
		for (int k = 0; k < 1; k++)
		  a[i][k] = 1.0;
	      }
#pragma acc loop worker independent
	    for (int j = 0; j < 11; j++)
	      {
#pragma acc loop seq
		for (unsigned long l = 1; l < 2; l++)
		  for (unsigned m = 1; m < 2; m += 2)
		    b[i][j][l][m] = -(float) v;
	      }
	  }
      }
  for (int i = 0; i < N; i++)
    {
      int on = i >= 1 && sel[i % 6] != 77;
      if (a[i][0] != (on ? 1.0 : 0.0))
	{
	  fprintf (stderr, "a[%d][0] = %g\n", i, a[i][0]);
	  abort ();
	}
      for (int j = 0; j < 11; j++)
	if (b[i][j][1][1] != (on ? -5.0f : 0.0f))
	  {
	    fprintf (stderr, "b[%d][%d][1][1] = %g\n", i, j, b[i][j][1][1]);
	    abort ();
	  }
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=(32|16|8)" } */
