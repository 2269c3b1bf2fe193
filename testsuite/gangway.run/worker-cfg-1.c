/* Any control flow inside worker and vector loops: a switch and a goto in
   worker-single code, continue and a sequential loop left by break in
   worker loops, per-lane trip
   counts (a Collatz count) and an irreducible graph (a cycle entered at
   two points) in vector loops nested in worker loops.  Every result is
   compared with the same code run on the host.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define ROWS 17
#define COLS 21
#define K 11

#define STR(x) #x
#define PRAGMA(x) _Pragma (STR (x))

/* The steps of the Collatz sequence from N down to 1.  */
#define COLLATZ(N, OUT)							\
  do {									\
    unsigned z_ = (N), c_ = 0;						\
    while (z_ > 1)							\
      {									\
	z_ = z_ & 1 ? 3 * z_ + 1 : z_ / 2;				\
	c_++;								\
      }									\
    (OUT) = c_;								\
  } while (0)

/* A cycle with two entries, by the parity of V.  */
#define IRREDUCIBLE(V0, OUT)						\
  do {									\
    int v_ = (V0), s_ = 0;						\
    if (v_ & 1)								\
      goto l2_;								\
  l1_:									\
    s_ += v_;								\
    v_ = v_ / 2;							\
    if (v_ <= 3)							\
      goto out_;							\
  l2_:									\
    s_ ^= 5;								\
    v_ -= 1;								\
    if (v_ > 0)								\
      goto l1_;								\
  out_:									\
    (OUT) = s_ + v_;							\
  } while (0)

#define BODY(PRE)							\
  for (int i = 0; i < ROWS; i++)					\
    {									\
      int mode, scale;							\
      switch (i % 4)							\
	{								\
	case 0: mode = 1; scale = 3; break;				\
	case 1: mode = 2; scale = 5; break;				\
	case 3: mode = 0; scale = 0; break;				\
	default: mode = 1; scale = 7; break;				\
	}								\
      if (mode == 0)							\
	goto done;							\
      PRE (acc loop worker)						\
      for (int j = 0; j < COLS; j++)					\
	{								\
	  if (j % 5 == 4)						\
	    continue;							\
	  if (mode == 2 && j > 15)					\
	    continue;							\
	  int base = (i * COLS + j) * scale, q;				\
	  for (q = 0; q < 10; q++)					\
	    if (q * j > 40)						\
	      break;							\
	  base += q;							\
	  PRE (acc loop vector)						\
	  for (int k = 0; k < K; k++)					\
	    {								\
	      int n = base + k + 1, c, r;				\
	      COLLATZ (n, c);						\
	      IRREDUCIBLE (n + mode, r);				\
	      out[(i * COLS + j) * K + k] = c * 1000 + r;		\
	    }								\
	}								\
      cnt[i] += mode;							\
    done:								\
      cnt[i] += 100;							\
    }

#define NOTHING(x)

static void
host (int *out, int *cnt)
{
  BODY (NOTHING)
}

#define DEFINE(W, V)							\
static void								\
run_##W##_##V (int *out, int *cnt)					\
{									\
  PRAGMA (acc parallel num_gangs (3) num_workers (W) vector_length (V)	\
	  copy (out[0:ROWS * COLS * K], cnt[0:ROWS]))			\
  PRAGMA (acc loop gang)						\
  BODY (PRAGMA)								\
}

DEFINE (1, 1)
DEFINE (4, 8)
DEFINE (3, 5)
DEFINE (8, 1)
DEFINE (2, 32)
DEFINE (32, 3)

static int out[ROWS * COLS * K], cnt[ROWS];
static int ref[ROWS * COLS * K], rcnt[ROWS];

static void
check (const char *what)
{
  for (int i = 0; i < ROWS; i++)
    if (cnt[i] != rcnt[i])
      {
	fprintf (stderr, "%s: cnt[%d] = %d, expected %d\n", what, i, cnt[i],
		 rcnt[i]);
	abort ();
      }
  for (int i = 0; i < ROWS * COLS * K; i++)
    if (out[i] != ref[i])
      {
	fprintf (stderr, "%s: out[%d] = %d, expected %d\n", what, i, out[i],
		 ref[i]);
	abort ();
      }
  for (int i = 0; i < ROWS * COLS * K; i++)
    out[i] = -1;
  for (int i = 0; i < ROWS; i++)
    cnt[i] = 0;
}

int
main (void)
{
  for (int i = 0; i < ROWS * COLS * K; i++)
    out[i] = ref[i] = -1;
  host (ref, rcnt);
  run_1_1 (out, cnt);
  check ("1x1");
  run_4_8 (out, cnt);
  check ("4x8");
  run_3_5 (out, cnt);
  check ("3x5");
  run_8_1 (out, cnt);
  check ("8x1");
  run_2_32 (out, cnt);
  check ("2x32");
  run_32_3 (out, cnt);
  check ("32x3");
  return 0;
}

/* { dg-output "gangway: launch run_1_1._omp_fn.0 device=cpu gangs=3 workers=1 vector=1(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch run_4_8._omp_fn.0 device=cpu gangs=3 workers=4 vector=8(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch run_3_5._omp_fn.0 device=cpu gangs=3 workers=3 vector=5(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch run_8_1._omp_fn.0 device=cpu gangs=3 workers=8 vector=1(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch run_2_32._omp_fn.0 device=cpu gangs=3 workers=2 vector=(32|16|8)(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch run_32_3._omp_fn.0 device=cpu gangs=3 workers=32 vector=3" } */
