/* A gang loop over rows containing a vector loop over columns, with
   gang-level code between them: the row offset and a row scale are
   computed once per row, outside the vector loop.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define ROWS 37
#define COLS 333

int
main (void)
{
  static float m[ROWS * COLS], out[ROWS * COLS], scale[ROWS];
  for (int i = 0; i < ROWS; i++)
    scale[i] = 1.0f + i * 0.125f;
  for (int k = 0; k < ROWS * COLS; k++)
    m[k] = (k % 71) * 0.5f - 9.0f;

#pragma acc parallel loop gang copyin(m, scale) copyout(out)
  for (int i = 0; i < ROWS; i++)
    {
      int base = i * COLS;
      float s = scale[i] * 2.0f;
#pragma acc loop vector
      for (int j = 0; j < COLS; j++)
	out[base + j] = m[base + j] * s + j;
    }

  for (int i = 0; i < ROWS; i++)
    for (int j = 0; j < COLS; j++)
      {
	float want = m[i * COLS + j] * (scale[i] * 2.0f) + j;
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
