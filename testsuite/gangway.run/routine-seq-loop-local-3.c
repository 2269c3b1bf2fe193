/* A seq loop nested in a gang loop (worker-single code) and in a worker
   loop (vector-single code): the local array of its body belongs to the
   gang in the first and to the worker in the second, as a variable
   declared in the gang or worker loop's own body does; the routines'
   threads store into the one array, and every gang and worker reads
   back only its own.  The routines may be inlined (at -O1 and above).  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define G 8
#define W 4
#define N 37
#define ROWS 3
#define K 3

static int failures;

#define CHECK(what, i, got, want)					\
  do { if ((got) != (want)) { failures++;				\
      fprintf (stderr, "%s [%d]: got %ld, expected %ld\n", what, (int) (i), \
	       (long) (got), (long) (want)); } } while (0)

#pragma acc routine vector
static void
vfill (int *a, int n, int k)
{
#pragma acc loop vector
  for (int i = 0; i < n; i++)
    a[i] = i * 3 + k;
}

#pragma acc routine worker
static void
wfill (int *a, int rows, int n, int k)
{
#pragma acc loop worker
  for (int r = 0; r < rows; r++)
#pragma acc loop vector
    for (int i = 0; i < n; i++)
      a[r * n + i] = r * 100 + i + k;
}

int ga[G][K][ROWS * N], wa[G * W][K][N];
static volatile int vn = N;

int
main (void)
{
  int n = vn;

#pragma acc parallel loop gang num_gangs (G) num_workers (2) copyout (ga)
  for (int g = 0; g < G; g++)
#pragma acc loop seq
    for (int k = 0; k < K; k++)
      {
	int la[ROWS * N];
	for (int i = 0; i < ROWS * N; i++)
	  la[i] = -1;
	wfill (la, ROWS, n, g * 10 + k);
	for (int i = 0; i < ROWS * N; i++)
	  ga[g][k][i] = la[i];
      }

#pragma acc parallel loop gang worker num_gangs (G) num_workers (W) \
  copyout (wa)
  for (int w = 0; w < G * W; w++)
#pragma acc loop seq
    for (int k = 0; k < K; k++)
      {
	int lb[N];
	for (int i = 0; i < N; i++)
	  lb[i] = -1;
	vfill (lb, n, w * 10 + k);
	for (int i = 0; i < N; i++)
	  wa[w][k][i] = lb[i];
      }

  for (int g = 0; g < G; g++)
    for (int k = 0; k < K; k++)
      for (int r = 0; r < ROWS; r++)
	for (int i = 0; i < N; i++)
	  CHECK ("worker routine in a gang loop", (g * K + k) * 1000 + r * N + i,
		 ga[g][k][r * N + i], r * 100 + i + g * 10 + k);
  for (int w = 0; w < G * W; w++)
    for (int k = 0; k < K; k++)
      for (int i = 0; i < N; i++)
	CHECK ("vector routine in a worker loop", (w * K + k) * 100 + i,
	       wa[w][k][i], i * 3 + w * 10 + k);
  if (failures)
    abort ();
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=8 workers=2 vector=\[0-9\]+\[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=cpu gangs=8 workers=4 vector=\[0-9\]+" } */
