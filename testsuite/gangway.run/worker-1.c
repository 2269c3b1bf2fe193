/* Gang, worker and vector loops nested, without num_workers: the region
   runs on the cpu device with one worker per gang, the worker loop runs
   sequentially in each gang and every element is written once.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define BLOCKS 7
#define ROWS 9
#define COLS 333

int
main (void)
{
  static int m[BLOCKS * ROWS * COLS];

#pragma acc parallel loop gang copyout(m)
  for (int b = 0; b < BLOCKS; b++)
    {
#pragma acc loop worker
      for (int r = 0; r < ROWS; r++)
	{
	  int row = b * ROWS + r;
#pragma acc loop vector
	  for (int c = 0; c < COLS; c++)
	    m[row * COLS + c] = row * 1000 + c;
	}
    }

  for (int k = 0; k < BLOCKS * ROWS * COLS; k++)
    if (m[k] != (k / COLS) * 1000 + k % COLS)
      {
	fprintf (stderr, "m[%d] = %d, expected %d\n", k, m[k],
		 (k / COLS) * 1000 + k % COLS);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
