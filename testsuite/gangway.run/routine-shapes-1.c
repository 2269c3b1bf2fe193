/* A worker routine called from regions of every worker count, 1 to 5:
   the routine is compiled for each region's shape, one worker included
   (its worker partitions then run as one worker's code: a routine's
   shape of one worker once made the cpu image's compilation loop
   forever, and a seq call's result in it was refused).  Each iteration
   of the routine's worker loop runs vector-single code (a seq call
   whose result it keeps) before a vector loop.  Results are compared
   with the host's; the launch log shows each region's workers.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define ROWS 12
#define COLS 40

#pragma acc routine seq
__attribute__ ((noinline)) static int
weight (int x)
{
  return 3 * x + 1;
}

#pragma acc routine worker
static void
rows (long *out, int nrows, int ncols)
{
#pragma acc loop worker
  for (int r = 0; r < nrows; r++)
    {
      int w = weight (r);
#pragma acc loop vector
      for (int c = 0; c < ncols; c++)
	out[r * ncols + c] = (long) w * c + r;
    }
}

static long a[ROWS * COLS];

static int
check (const char *what)
{
  int bad = 0;
  for (int r = 0; r < ROWS; r++)
    for (int c = 0; c < COLS; c++)
      if (a[r * COLS + c] != (long) (3 * r + 1) * c + r)
	{
	  if (bad++ < 4)
	    fprintf (stderr, "%s: a[%d][%d] = %ld\n", what, r, c,
		     a[r * COLS + c]);
	}
  for (int k = 0; k < ROWS * COLS; k++)
    a[k] = -1;
  return bad;
}

int
main (void)
{
  int bad = 0;

  for (int k = 0; k < ROWS * COLS; k++)
    a[k] = -1;

#pragma acc parallel num_workers (1) copy (a)
  rows (a, ROWS, COLS);
  bad += check ("num_workers (1)");
#pragma acc parallel num_workers (2) copy (a)
  rows (a, ROWS, COLS);
  bad += check ("num_workers (2)");
#pragma acc parallel num_workers (3) copy (a)
  rows (a, ROWS, COLS);
  bad += check ("num_workers (3)");
#pragma acc parallel num_workers (5) copy (a)
  rows (a, ROWS, COLS);
  bad += check ("num_workers (5)");
#pragma acc parallel copy (a)
  rows (a, ROWS, COLS);
  bad += check ("default");
  if (bad)
    abort ();
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=1 workers=1 \[^\n\]*\n" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=cpu gangs=1 workers=2 \[^\n\]*\n" } */
/* { dg-output "gangway: launch main._omp_fn.2 device=cpu gangs=1 workers=3 \[^\n\]*\n" } */
/* { dg-output "gangway: launch main._omp_fn.3 device=cpu gangs=1 workers=5 \[^\n\]*\n" } */
/* { dg-output "gangway: launch main._omp_fn.4 device=cpu gangs=1 " } */
