/* Worker and gang routines of another unit (routine-xtu-2-aux.c),
   called from regions of 1 to 5 workers and the default.  That unit
   compiles them for 1, 2, 4 ... 32 workers: a region of 3 or 5 runs 2
   or 4, with a warning (its exact shape once had no code, and the
   program stopped at its launch; a shape of one worker once hung the
   compiler).  Results are compared with the host's; the launch log
   shows each region's workers.  */
/* { dg-do run } */
/* { dg-additional-sources "routine-xtu-2-aux.c" } */

#include <stdio.h>
#include <stdlib.h>

#define PLANES 3
#define ROWS 12
#define COLS 40

#pragma acc routine worker
extern void rows (long *out, int nrows, int ncols);
#pragma acc routine gang
extern void planes (long *out, int nplanes, int nrows, int ncols);

static long a[PLANES * ROWS * COLS];

/* Check the first N rows of A, then reset it.  */

static int
check (const char *what, int n)
{
  int bad = 0;
  for (int r = 0; r < n; r++)
    for (int c = 0; c < COLS; c++)
      if (a[r * COLS + c] != (long) (3 * r + 1) * c + r && bad++ < 4)
	fprintf (stderr, "%s: a[%d][%d] = %ld\n", what, r, c,
		 a[r * COLS + c]);
  for (int k = 0; k < PLANES * ROWS * COLS; k++)
    a[k] = -1;
  return bad;
}

int
main (void)
{
  int bad = 0;

  check ("init", 0);
#pragma acc parallel num_workers (1) copy (a)
  rows (a, ROWS, COLS);
  bad += check ("rows, num_workers (1)", ROWS);
#pragma acc parallel num_workers (2) copy (a)
  rows (a, ROWS, COLS);
  bad += check ("rows, num_workers (2)", ROWS);
#pragma acc parallel num_workers (3) copy (a) /* { dg-warning "using num_workers \\(2\\), ignoring 3: 'rows', a worker routine of another unit" } */
  rows (a, ROWS, COLS);
  bad += check ("rows, num_workers (3)", ROWS);
#pragma acc parallel num_workers (5) copy (a) /* { dg-warning "using num_workers \\(4\\), ignoring 5: 'rows'" } */
  rows (a, ROWS, COLS);
  bad += check ("rows, num_workers (5)", ROWS);
#pragma acc parallel copy (a)
  rows (a, ROWS, COLS);
  bad += check ("rows, default", ROWS);
#pragma acc parallel num_gangs (2) num_workers (1) copy (a)
  planes (a, PLANES, ROWS, COLS);
  bad += check ("planes, num_workers (1)", PLANES * ROWS);
#pragma acc parallel num_gangs (3) num_workers (3) copy (a) /* { dg-warning "using num_workers \\(2\\), ignoring 3: 'planes', a gang routine of another unit" } */
  planes (a, PLANES, ROWS, COLS);
  bad += check ("planes, num_workers (3)", PLANES * ROWS);
  if (bad)
    abort ();
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=1 workers=1 \[^\n\]*\n" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=cpu gangs=1 workers=2 \[^\n\]*\n" } */
/* { dg-output "gangway: launch main._omp_fn.2 device=cpu gangs=1 workers=2 \[^\n\]*\n" } */
/* { dg-output "gangway: launch main._omp_fn.3 device=cpu gangs=1 workers=4 \[^\n\]*\n" } */
/* { dg-output "gangway: launch main._omp_fn.4 device=cpu gangs=1 \[^\n\]*\n" } */
/* { dg-output "gangway: launch main._omp_fn.5 device=cpu gangs=2 workers=1 \[^\n\]*\n" } */
/* { dg-output "gangway: launch main._omp_fn.6 device=cpu gangs=3 workers=2 " } */
