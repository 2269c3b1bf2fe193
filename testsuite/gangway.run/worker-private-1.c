/* What partitioned loops read from the stack frame reaches every thread:
   a firstprivate array (in each thread's own frame, copied in by the
   single thread, broadcast at the worker and vector forks), an array
   declared in the region outside every loop, a variable whose address is
   taken, a gang-private array and a private(...) array of a worker loop
   that its vector loop fills and its worker then reads.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define ROWS 19
#define COLS 27
#define K 9

#define STR(x) #x
#define PRAGMA(x) _Pragma (STR (x))

#define DEFINE(W, V)							\
static void								\
run_##W##_##V (int seed, int *out, int *sums)				\
{									\
  int bias[4] = { seed, 2 * seed, 3 * seed, 4 * seed };			\
  PRAGMA (acc parallel num_gangs (2) num_workers (W) vector_length (V)	\
	  copy (out[0:ROWS * COLS], sums[0:ROWS * COLS])		\
	  firstprivate (bias))						\
  {									\
    int table[K];							\
    int scale = seed;							\
    int *ps = &scale;							\
    for (int k = 0; k < K; k++)						\
      table[k] = k * k + seed;						\
    *ps += 2;								\
    PRAGMA (acc loop gang)						\
    for (int i = 0; i < ROWS; i++)					\
      {									\
	int g[K];							\
	for (int k = 0; k < K; k++)					\
	  g[k] = table[k] + i;						\
	int w[K];							\
	PRAGMA (acc loop worker private (w))				\
	for (int j = 0; j < COLS; j++)					\
	  {								\
	    PRAGMA (acc loop vector)					\
	    for (int k = 0; k < K; k++)					\
	      w[k] = g[k] * j + *ps + bias[k % 4];			\
	    int s = 0;							\
	    for (int k = 0; k < K; k++)					\
	      s += w[k];						\
	    sums[i * COLS + j] = s;					\
	    out[i * COLS + j] = table[j % K] * scale;			\
	  }								\
      }									\
  }									\
}

DEFINE (1, 1)
DEFINE (4, 8)
DEFINE (3, 5)
DEFINE (8, 1)
DEFINE (16, 8)

static int out[ROWS * COLS], sums[ROWS * COLS];

static void
check (const char *what, int seed)
{
  int scale = seed + 2;
  for (int i = 0; i < ROWS; i++)
    for (int j = 0; j < COLS; j++)
      {
	int s = 0;
	for (int k = 0; k < K; k++)
	  s += (k * k + seed + i) * j + scale + (k % 4 + 1) * seed;
	int t = ((j % K) * (j % K) + seed) * scale;
	if (sums[i * COLS + j] != s || out[i * COLS + j] != t)
	  {
	    fprintf (stderr, "%s: sums, out[%d][%d] = %d, %d, expected %d, "
		     "%d\n", what, i, j, sums[i * COLS + j], out[i * COLS + j],
		     s, t);
	    abort ();
	  }
      }
  for (int i = 0; i < ROWS * COLS; i++)
    out[i] = sums[i] = 0;
}

int
main (void)
{
  run_1_1 (3, out, sums);
  check ("1x1", 3);
  run_4_8 (5, out, sums);
  check ("4x8", 5);
  run_3_5 (7, out, sums);
  check ("3x5", 7);
  run_8_1 (11, out, sums);
  check ("8x1", 11);
  run_16_8 (13, out, sums);
  check ("16x8", 13);
  return 0;
}

/* { dg-output "gangway: launch run_1_1._omp_fn.0 device=cpu gangs=2 workers=1 vector=1(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch run_4_8._omp_fn.0 device=cpu gangs=2 workers=4 vector=8(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch run_3_5._omp_fn.0 device=cpu gangs=2 workers=3 vector=5(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch run_8_1._omp_fn.0 device=cpu gangs=2 workers=8 vector=1(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch run_16_8._omp_fn.0 device=cpu gangs=2 workers=16 vector=8" } */
