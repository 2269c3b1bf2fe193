/* Worker-single and vector-single code between the levels of a
   gang/worker/vector nest runs exactly as often as OpenACC says: code in
   the gang loop outside the worker loop once per gang iteration (not once
   per worker or lane), code in the worker loop outside the vector loop
   once per worker iteration (not once per lane).  A value computed in
   worker-single code (BASE) is read by every worker, one computed in
   vector-single code (T) by every lane.  Each region runs at its own
   num_workers x vector_length, from 1 x 1 up to 32 x 4, including vector
   lengths that are not powers of two and gangs of more than 64 lanes,
   which the cpu device runs in chunks of workers.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define ROWS 37
#define COLS 45
#define K 19

#define STR(x) #x
#define PRAGMA(x) _Pragma (STR (x))

#define DEFINE(W, V)							\
static void								\
run_##W##_##V (int *once, int *perw, int *m)				\
{									\
  PRAGMA (acc parallel num_gangs (3) num_workers (W) vector_length (V)	\
	  copy (once[0:ROWS], perw[0:ROWS * COLS], m[0:ROWS * COLS * K])) \
  PRAGMA (acc loop gang)						\
  for (int i = 0; i < ROWS; i++)					\
    {									\
      once[i] += 1;							\
      int base = once[i] * 100;						\
      PRAGMA (acc loop worker)						\
      for (int j = 0; j < COLS; j++)					\
	{								\
	  perw[i * COLS + j] += 1 + base;				\
	  int t = perw[i * COLS + j];					\
	  PRAGMA (acc loop vector)					\
	  for (int k = 0; k < K; k++)					\
	    m[(i * COLS + j) * K + k] += t + k;				\
	}								\
      once[i] *= 3;							\
    }									\
}

DEFINE (1, 1)
DEFINE (4, 8)
DEFINE (2, 16)
DEFINE (3, 5)
DEFINE (8, 1)
DEFINE (1, 32)
DEFINE (16, 5)
DEFINE (32, 4)

static int once[ROWS], perw[ROWS * COLS], m[ROWS * COLS * K];

static void
check (const char *what)
{
  for (int i = 0; i < ROWS; i++)
    {
      if (once[i] != 3)
	{
	  fprintf (stderr, "%s: once[%d] = %d, expected 3\n", what, i,
		   once[i]);
	  abort ();
	}
      for (int j = 0; j < COLS; j++)
	{
	  if (perw[i * COLS + j] != 101)
	    {
	      fprintf (stderr, "%s: perw[%d][%d] = %d, expected 101\n", what,
		       i, j, perw[i * COLS + j]);
	      abort ();
	    }
	  for (int k = 0; k < K; k++)
	    if (m[(i * COLS + j) * K + k] != 101 + k)
	      {
		fprintf (stderr, "%s: m[%d][%d][%d] = %d, expected %d\n", what,
			 i, j, k, m[(i * COLS + j) * K + k], 101 + k);
		abort ();
	      }
	}
    }
  for (int i = 0; i < ROWS; i++)
    once[i] = 0;
  for (int i = 0; i < ROWS * COLS; i++)
    perw[i] = 0;
  for (int i = 0; i < ROWS * COLS * K; i++)
    m[i] = 0;
}

int
main (void)
{
  run_1_1 (once, perw, m);
  check ("1x1");
  run_4_8 (once, perw, m);
  check ("4x8");
  run_2_16 (once, perw, m);
  check ("2x16");
  run_3_5 (once, perw, m);
  check ("3x5");
  run_8_1 (once, perw, m);
  check ("8x1");
  run_1_32 (once, perw, m);
  check ("1x32");
  run_16_5 (once, perw, m);
  check ("16x5");
  run_32_4 (once, perw, m);
  check ("32x4");
  return 0;
}

/* { dg-output "gangway: launch run_1_1._omp_fn.0 device=cpu gangs=3 workers=1 vector=1(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch run_4_8._omp_fn.0 device=cpu gangs=3 workers=4 vector=8(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch run_2_16._omp_fn.0 device=cpu gangs=3 workers=2 vector=(16|8)(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch run_3_5._omp_fn.0 device=cpu gangs=3 workers=3 vector=5(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch run_8_1._omp_fn.0 device=cpu gangs=3 workers=8 vector=1(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch run_1_32._omp_fn.0 device=cpu gangs=3 workers=1 vector=(32|16|8)(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch run_16_5._omp_fn.0 device=cpu gangs=3 workers=16 vector=5(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch run_32_4._omp_fn.0 device=cpu gangs=3 workers=32 vector=4" } */
