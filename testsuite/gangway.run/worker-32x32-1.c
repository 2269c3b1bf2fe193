/* The largest gang the issue asks for, 32 workers x 32 lanes (1024 lanes,
   several SIMD registers per value): worker-single and vector-single
   side effects counted exactly, values of single code read by every
   worker and lane.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define ROWS 5
#define COLS 70
#define K 40

int
main (void)
{
  static int once[ROWS], perw[ROWS * COLS], m[ROWS * COLS * K];

#pragma acc parallel num_gangs (2) num_workers (32) vector_length (32) \
	copy (once, perw, m)
#pragma acc loop gang
  for (int i = 0; i < ROWS; i++)
    {
      once[i] += 1;
      int base = once[i] * 100 + i;
#pragma acc loop worker
      for (int j = 0; j < COLS; j++)
	{
	  perw[i * COLS + j] += base;
	  int t = perw[i * COLS + j] + j;
#pragma acc loop vector
	  for (int k = 0; k < K; k++)
	    m[(i * COLS + j) * K + k] += t * k;
	}
    }

  for (int i = 0; i < ROWS; i++)
    {
      if (once[i] != 1)
	{
	  fprintf (stderr, "once[%d] = %d, expected 1\n", i, once[i]);
	  abort ();
	}
      for (int j = 0; j < COLS; j++)
	{
	  if (perw[i * COLS + j] != 100 + i)
	    {
	      fprintf (stderr, "perw[%d][%d] = %d, expected %d\n", i, j,
		       perw[i * COLS + j], 100 + i);
	      abort ();
	    }
	  for (int k = 0; k < K; k++)
	    if (m[(i * COLS + j) * K + k] != (100 + i + j) * k)
	      {
		fprintf (stderr, "m[%d][%d][%d] = %d, expected %d\n", i, j, k,
			 m[(i * COLS + j) * K + k], (100 + i + j) * k);
		abort ();
	      }
	}
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=2 workers=32 vector=(32|16|8)" } */
