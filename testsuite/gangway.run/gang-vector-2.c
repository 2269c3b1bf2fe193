/* A gang loop with two vector loops in sequence and gang-level code
   before, between and after them (a per-row value written by the gang
   after the first vector loop is read by the second).  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define ROWS 29
#define COLS 250

int
main (void)
{
  static int a[ROWS * COLS], b[ROWS * COLS], rowtag[ROWS];
  static int refb[ROWS * COLS], reftag[ROWS];
  for (int k = 0; k < ROWS * COLS; k++)
    a[k] = (k * 17) % 97;
  for (int i = 0; i < ROWS; i++)
    {
      int off = i * COLS;
      for (int j = 0; j < COLS; j++)
	refb[off + j] = a[off + j] + i;
      int tag = i * i + 3;
      reftag[i] = tag;
      for (int j = 0; j < COLS; j++)
	refb[off + j] = refb[off + j] * 2 - tag;
    }

#pragma acc parallel loop gang copyin(a) copyout(b, rowtag)
  for (int i = 0; i < ROWS; i++)
    {
      int off = i * COLS;
#pragma acc loop vector
      for (int j = 0; j < COLS; j++)
	b[off + j] = a[off + j] + i;
      int tag = i * i + 3;
      rowtag[i] = tag;
#pragma acc loop vector
      for (int j = 0; j < COLS; j++)
	b[off + j] = b[off + j] * 2 - tag;
    }

  for (int i = 0; i < ROWS; i++)
    {
      if (rowtag[i] != reftag[i])
	{
	  fprintf (stderr, "rowtag[%d] = %d, expected %d\n", i, rowtag[i],
		   reftag[i]);
	  abort ();
	}
      for (int j = 0; j < COLS; j++)
	if (b[i * COLS + j] != refb[i * COLS + j])
	  {
	    fprintf (stderr, "b[%d][%d] = %d, expected %d\n", i, j,
		     b[i * COLS + j], refb[i * COLS + j]);
	    abort ();
	  }
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
