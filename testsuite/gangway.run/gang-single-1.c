/* Gang-level code around a vector loop runs once per gang iteration, not
   once per lane: read-modify-write updates before and after the vector
   loop happen exactly once.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define ROWS 50
#define COLS 100

int
main (void)
{
  static int hits[ROWS], m[ROWS * COLS];

#pragma acc parallel loop gang copy(hits, m)
  for (int i = 0; i < ROWS; i++)
    {
      hits[i] += 1;
#pragma acc loop vector
      for (int j = 0; j < COLS; j++)
	m[i * COLS + j] += hits[i] + j;
      hits[i] *= 3;
    }

  for (int i = 0; i < ROWS; i++)
    {
      if (hits[i] != 3)
	{
	  fprintf (stderr, "hits[%d] = %d, expected 3\n", i, hits[i]);
	  abort ();
	}
      for (int j = 0; j < COLS; j++)
	if (m[i * COLS + j] != 1 + j)
	  {
	    fprintf (stderr, "m[%d][%d] = %d, expected %d\n", i, j,
		     m[i * COLS + j], 1 + j);
	    abort ();
	  }
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
