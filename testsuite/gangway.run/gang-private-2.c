/* private(row) on a gang loop makes one copy of the array per gang,
   shared by its vector lanes: one vector loop fills it, a second vector
   loop reads elements that other lanes wrote.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define ROWS 20
#define COLS 100

int
main (void)
{
  static float m[ROWS * COLS], out[ROWS * COLS];
  float row[COLS];
  for (int k = 0; k < ROWS * COLS; k++)
    m[k] = k % 37;

#pragma acc parallel loop gang private(row) copyin(m) copyout(out)
  for (int i = 0; i < ROWS; i++)
    {
#pragma acc loop vector
      for (int j = 0; j < COLS; j++)
	row[j] = m[i * COLS + j] * 2.0f;
#pragma acc loop vector
      for (int j = 0; j < COLS; j++)
	out[i * COLS + j] = row[COLS - 1 - j] + 1.0f;
    }

  for (int i = 0; i < ROWS; i++)
    for (int j = 0; j < COLS; j++)
      {
	float want = m[i * COLS + COLS - 1 - j] * 2.0f + 1.0f;
	if (out[i * COLS + j] != want)
	  {
	    fprintf (stderr, "out[%d][%d] = %g, expected %g\n", i, j,
		     out[i * COLS + j], want);
	    abort ();
	  }
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
