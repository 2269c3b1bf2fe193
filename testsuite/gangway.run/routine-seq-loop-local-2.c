/* The local arrays of a 'parallel loop seq' body (gang-redundant code)
   belong to the gang: a vector routine and a worker routine store into
   them, each element by another thread, and the single thread reads them
   all back.  The routines are not inlined, so the arrays' addresses go
   to device calls at every level (routine-seq-loop-local-1.c has the
   routine inlined at -O1 and above).  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 37
#define ROWS 5
#define K 3

static int failures;

#define CHECK(what, i, got, want)					\
  do { if ((got) != (want)) { failures++;				\
      fprintf (stderr, "%s [%d]: got %ld, expected %ld\n", what, (int) (i), \
	       (long) (got), (long) (want)); } } while (0)

/* Fills A[0..N-1], each lane its elements; returns their sum.  */
#pragma acc routine vector
__attribute__ ((noinline)) static int
vfill (int *a, int n, int k)
{
  int s = 0;
#pragma acc loop vector reduction (+:s)
  for (int i = 0; i < n; i++)
    {
      a[i] = i * 3 + k;
      s += a[i];
    }
  return s;
}

/* Fills the ROWS x N matrix A, a row per worker.  */
#pragma acc routine worker
__attribute__ ((noinline)) static void
wfill (int *a, int rows, int n, int k)
{
#pragma acc loop worker
  for (int r = 0; r < rows; r++)
#pragma acc loop vector
    for (int i = 0; i < n; i++)
      a[r * n + i] = r * 100 + i + k;
}

int va[K][N + 1], vs[K], wa[K][ROWS * N + 1];
static volatile int vn = N;

int
main (void)
{
  int n = vn;

#pragma acc parallel loop seq num_gangs (1) copyout (va, vs)
  for (int k = 0; k < K; k++)
    {
      int la[N + 1];
      for (int i = 0; i <= N; i++)
	la[i] = -1;
      vs[k] = vfill (la, n, k);
      for (int i = 0; i <= N; i++)
	va[k][i] = la[i];
    }

#pragma acc parallel loop seq num_gangs (1) num_workers (4) copyout (wa)
  for (int k = 0; k < K; k++)
    {
      int lb[ROWS * N + 1];
      for (int i = 0; i <= ROWS * N; i++)
	lb[i] = -1;
      wfill (lb, ROWS, n, k);
      for (int i = 0; i <= ROWS * N; i++)
	wa[k][i] = lb[i];
    }

  for (int k = 0; k < K; k++)
    {
      int s = 0;
      for (int i = 0; i < N; i++)
	{
	  CHECK ("vector routine's array", k * 100 + i, va[k][i], i * 3 + k);
	  s += i * 3 + k;
	}
      CHECK ("vector routine's array, past the end", k, va[k][N], -1);
      CHECK ("vector routine's sum", k, vs[k], s);
      for (int r = 0; r < ROWS; r++)
	for (int i = 0; i < N; i++)
	  CHECK ("worker routine's array", (k * ROWS + r) * 100 + i,
		 wa[k][r * N + i], r * 100 + i + k);
      CHECK ("worker routine's array, past the end", k, wa[k][ROWS * N], -1);
    }
  if (failures)
    abort ();
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=1 workers=1 vector=\[0-9\]+\[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=cpu gangs=1 workers=4 vector=\[0-9\]+" } */
