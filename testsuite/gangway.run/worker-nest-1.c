/* Conditions and values computed in worker-single code decide which
   partitioned loops run and what they compute: a vector loop directly in
   the gang loop (worker-single: only worker 0 runs it, every lane of it),
   then, depending on FLAG[i], a worker loop with a vector loop and a
   sequential loop inside, or a worker-vector loop.  TMP is gang-private
   (declared in the gang loop, filled by the worker-single vector loop and
   read by every worker); ROW is worker-private (declared in the worker
   loop, filled by its vector loop and summed by its worker).  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define ROWS 23
#define COLS 29
#define K 13

#define STR(x) #x
#define PRAGMA(x) _Pragma (STR (x))

#define DEFINE(W, V)							\
static void								\
run_##W##_##V (const int *flag, int *a, int *b, int *c)			\
{									\
  PRAGMA (acc parallel num_gangs (2) num_workers (W) vector_length (V)	\
	  copyin (flag[0:ROWS])						\
	  copy (a[0:ROWS * K], b[0:ROWS * COLS], c[0:ROWS * COLS]))	\
  PRAGMA (acc loop gang)						\
  for (int i = 0; i < ROWS; i++)					\
    {									\
      int tmp[K];							\
      int go = flag[i] * 2 + 1;						\
      PRAGMA (acc loop vector)						\
      for (int k = 0; k < K; k++)					\
	{								\
	  tmp[k] = i + k * go;						\
	  a[i * K + k] += tmp[k];					\
	}								\
      if (flag[i])							\
	{								\
	  PRAGMA (acc loop worker)					\
	  for (int j = 0; j < COLS; j++)				\
	    {								\
	      int row[K];						\
	      PRAGMA (acc loop vector)					\
	      for (int k = 0; k < K; k++)				\
		row[k] = tmp[k] + j;					\
	      int s = 0;						\
	      for (int k = 0; k < K; k++)				\
		s += row[k];						\
	      b[i * COLS + j] += s;					\
	    }								\
	}								\
      else								\
	{								\
	  PRAGMA (acc loop worker vector)				\
	  for (int j = 0; j < COLS; j++)				\
	    c[i * COLS + j] += j * go;					\
	}								\
    }									\
}

DEFINE (1, 1)
DEFINE (4, 8)
DEFINE (2, 16)
DEFINE (8, 1)
DEFINE (3, 5)
DEFINE (16, 4)
DEFINE (16, 5)

static int flag[ROWS], a[ROWS * K], b[ROWS * COLS], c[ROWS * COLS];

static void
check (const char *what)
{
  for (int i = 0; i < ROWS; i++)
    {
      int go = flag[i] * 2 + 1;
      for (int k = 0; k < K; k++)
	if (a[i * K + k] != i + k * go)
	  {
	    fprintf (stderr, "%s: a[%d][%d] = %d, expected %d\n", what, i, k,
		     a[i * K + k], i + k * go);
	    abort ();
	  }
      for (int j = 0; j < COLS; j++)
	{
	  int s = 0;
	  for (int k = 0; k < K; k++)
	    s += i + k * go + j;
	  int eb = flag[i] ? s : 0, ec = flag[i] ? 0 : j * go;
	  if (b[i * COLS + j] != eb || c[i * COLS + j] != ec)
	    {
	      fprintf (stderr, "%s: b, c[%d][%d] = %d, %d, expected %d, %d\n",
		       what, i, j, b[i * COLS + j], c[i * COLS + j], eb, ec);
	      abort ();
	    }
	}
    }
  for (int i = 0; i < ROWS * K; i++)
    a[i] = 0;
  for (int i = 0; i < ROWS * COLS; i++)
    b[i] = c[i] = 0;
}

int
main (void)
{
  for (int i = 0; i < ROWS; i++)
    flag[i] = i % 3 != 1;
  run_1_1 (flag, a, b, c);
  check ("1x1");
  run_4_8 (flag, a, b, c);
  check ("4x8");
  run_2_16 (flag, a, b, c);
  check ("2x16");
  run_8_1 (flag, a, b, c);
  check ("8x1");
  run_3_5 (flag, a, b, c);
  check ("3x5");
  run_16_4 (flag, a, b, c);
  check ("16x4");
  run_16_5 (flag, a, b, c);
  check ("16x5");
  return 0;
}

/* { dg-output "gangway: launch run_1_1._omp_fn.0 device=cpu gangs=2 workers=1 vector=1(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch run_4_8._omp_fn.0 device=cpu gangs=2 workers=4 vector=8(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch run_2_16._omp_fn.0 device=cpu gangs=2 workers=2 vector=(16|8)(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch run_8_1._omp_fn.0 device=cpu gangs=2 workers=8 vector=1(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch run_3_5._omp_fn.0 device=cpu gangs=2 workers=3 vector=5(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch run_16_4._omp_fn.0 device=cpu gangs=2 workers=16 vector=4(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch run_16_5._omp_fn.0 device=cpu gangs=2 workers=16 vector=5" } */
