/* The result of a vector routine, called by one worker (a gang loop's
   worker-single code) and by several (a worker loop), with arguments
   that differ between the callers and with the same arguments: the cpu
   device once refused a uniform result of a vector routine called in a
   region of several workers ("routine-vector-result-workers", from
   gangway-fuzz), and ran such regions on the host.  Results are
   compared with the host's; the launch log shows every region on the
   device.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define ROWS 10
#define COLS 50

#pragma acc routine vector
static long
sum_row (const int *p, int n)
{
  long s = 0;
#pragma acc loop vector reduction (+:s)
  for (int i = 0; i < n; i++)
    s += p[i];
  return s;
}

#pragma acc routine vector
static int
fill (int *p, int n, int k)
{
#pragma acc loop vector
  for (int i = 0; i < n; i++)
    p[i] = k * i;
  return p[1];
}

static int m[ROWS * COLS];
static long s[ROWS], t[8], u[ROWS];
static int f[COLS], g;

int
main (void)
{
  int bad = 0;
  for (int k = 0; k < ROWS * COLS; k++)
    m[k] = (k * 7) % 23 - 11;

#pragma acc parallel loop gang num_gangs (3) num_workers (2) copyin (m) copyout (s)
  for (int r = 0; r < ROWS; r++)
    s[r] = sum_row (&m[r * COLS], COLS);
#pragma acc parallel num_workers (4) copyin (m) copyout (t)
  {
#pragma acc loop worker
    for (int w = 0; w < 8; w++)
      t[w] = sum_row (m, COLS) + w;
  }
#pragma acc parallel num_workers (4) copyin (m) copyout (u)
  {
#pragma acc loop worker
    for (int r = 0; r < ROWS; r++)
      u[r] = sum_row (&m[r * COLS], COLS);
  }
#pragma acc parallel num_workers (2) copy (f, g)
  g = fill (f, COLS, 3) + 1;

  for (int r = 0; r < ROWS; r++)
    {
      long want = 0;
      for (int c = 0; c < COLS; c++)
	want += m[r * COLS + c];
      if (s[r] != want || u[r] != want)
	{
	  fprintf (stderr, "row %d: %ld %ld, want %ld\n", r, s[r], u[r], want);
	  bad++;
	}
      if (r == 0)
	for (int w = 0; w < 8; w++)
	  if (t[w] != want + w)
	    {
	      fprintf (stderr, "t[%d] = %ld, want %ld\n", w, t[w], want + w);
	      bad++;
	    }
    }
  for (int c = 0; c < COLS; c++)
    if (f[c] != 3 * c)
      bad++;
  if (g != 4)
    {
      fprintf (stderr, "g = %d\n", g);
      bad++;
    }
  if (bad)
    abort ();
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=3 workers=2 \[^\n\]*\n" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=cpu gangs=1 workers=4 \[^\n\]*\n" } */
/* { dg-output "gangway: launch main._omp_fn.2 device=cpu gangs=1 workers=4 \[^\n\]*\n" } */
/* { dg-output "gangway: launch main._omp_fn.3 device=cpu gangs=1 workers=2 " } */
