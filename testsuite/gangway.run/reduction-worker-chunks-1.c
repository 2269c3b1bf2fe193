/* Reductions across workers whose lanes the cpu device runs in several
   chunks (more than 64 lanes of workers x vector lanes): each chunk
   combines its lanes, then the chunks' results combine in a fixed order.
   Gang worker vector loops with every operator on several types; 5
   workers of 32 lanes and 20 of 5 (the last chunk partly empty: its
   missing workers must count as the identity, which matters for *, &,
   min and max); 3 workers of 64 lanes (one worker a chunk); a worker
   loop around a vector loop with the worker's variable private to the
   gang loop.  Every result against the host's; a float sum over one
   gang's workers twice, the same bits both times.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 3001

static int in[N];
static float fin[N];
static int failures;

#define PRAGMA(x) _Pragma (#x)

/* Reduce VAL (an expression of k) with OP starting from INIT, the host
   combining by R = EXPR (of r and v).  */
#define TEST(T, OP, INIT, EXPR, VAL, NW, VL)				\
  {									\
    T r = INIT, h = INIT;						\
    PRAGMA (acc parallel loop gang worker vector num_workers(NW)	\
	    vector_length(VL) reduction(OP:r) copyin(in, fin))		\
    for (int k = 0; k < N; k++)						\
      {									\
	T v = VAL;							\
	r = EXPR;							\
      }									\
    for (int k = 0; k < N; k++)						\
      {									\
	T v = VAL, r = h;						\
	h = EXPR;							\
      }									\
    if (r != h)								\
      {									\
	fprintf (stderr, "line %d: %s %s with %d workers of %d: got "	\
		 "%lld, expected %lld\n", __LINE__, #T, #OP, NW, VL,	\
		 (long long) r, (long long) h);				\
	failures++;							\
      }									\
  }

static float
fsum (void)
{
  float s = 0.5f;
#pragma acc parallel loop gang worker vector num_gangs(1) num_workers(8) vector_length(16) reduction(+:s) copyin(fin)
  for (int k = 0; k < N; k++)
    s += fin[k];
  return s;
}

int
main (void)
{
  for (int k = 0; k < N; k++)
    {
      in[k] = (k * 7919) % 2001 - 1000;
      fin[k] = (float) ((k * 104729) % 1000) / 997.0f - 0.25f;
    }
  /* 5 workers of 32 lanes: chunks of 2 workers, the last one worker.  */
  TEST (int, +, 3, r + v, in[k], 5, 32)
  TEST (long long, *, -1, r * v, (in[k] % 3 == 0) ? -1 : 1, 5, 32)
  TEST (int, max, -5000, r > v ? r : v, in[k] - 2000, 5, 32)
  TEST (int, min, 5000, r < v ? r : v, in[k] + 2000, 5, 32)
  TEST (unsigned, max, 0, r > v ? r : v, (unsigned) in[k] % 77, 5, 32)
  TEST (unsigned, min, ~0u, r < v ? r : v, (unsigned) in[k] + 5000, 5, 32)
  TEST (int, &, -1, r & v, ~(1 << (k % 31)) | (k == 7 ? 0 : 1 << 30), 5, 32)
  TEST (short, |, 0, r | v, (short) (k % 13 == 0 ? 1 << (k % 15) : 0), 5, 32)
  TEST (char, ^, 0, r ^ v, (char) (k * 3), 5, 32)
  TEST (int, &&, 1, r && v, k != 2999, 5, 32)
  TEST (int, ||, 0, r || v, k == 1234, 5, 32)
  TEST (double, max, -1e300, r > v ? r : v, fin[k] - 10, 5, 32)
  TEST (float, min, 1e30f, r < v ? r : v, fin[k] + 10, 5, 32)
  /* 4 workers of 32 lanes: two full chunks.  */
  TEST (long, +, 0, r + v, (long) in[k] << 20, 4, 32)
  TEST (double, *, 1, r * v, (k % 50 == 0) ? 2.0 : 1.0, 4, 32)
  /* 20 workers of 5 lanes: chunks of 12, the last of 8, no power of
     two.  */
  TEST (int, +, 0, r + v, in[k], 20, 5)
  TEST (int, min, 0, r < v ? r : v, in[k] + 1000, 20, 5)
  TEST (unsigned char, max, 0, r > v ? r : v, (unsigned char) (k % 200), 20, 5)
  /* 3 workers of 64 lanes: one worker a chunk.  */
  TEST (long long, +, 0, r + v, in[k], 3, 64)
  TEST (int, max, -2000, r > v ? r : v, in[k], 3, 64)

  /* A worker loop around a vector loop, the worker's variable private to
     the gang loop.  */
  static long rows[N / 100];
#pragma acc parallel loop gang num_workers(6) vector_length(32) copyin(in) copyout(rows)
  for (int i = 0; i < N / 100; i++)
    {
      long s = i;
#pragma acc loop worker reduction(+:s)
      for (int j = 0; j < 10; j++)
	{
	  long t = 0;
#pragma acc loop vector reduction(+:t)
	  for (int k = 0; k < 10; k++)
	    t += in[i * 100 + j * 10 + k];
	  s += t * (j + 1);
	}
      rows[i] = s;
    }
  for (int i = 0; i < N / 100; i++)
    {
      long s = i;
      for (int j = 0; j < 10; j++)
	for (int k = 0; k < 10; k++)
	  s += (long) in[i * 100 + j * 10 + k] * (j + 1);
      if (rows[i] != s)
	{
	  fprintf (stderr, "row %d: got %ld, expected %ld\n", i, rows[i], s);
	  failures++;
	}
    }

  /* The same float sum twice: the same bits.  */
  float s1 = fsum (), s2 = fsum ();
  if (memcmp (&s1, &s2, sizeof s1) != 0)
    {
      fprintf (stderr, "float sum: %a, then %a\n", s1, s2);
      failures++;
    }
  double hs = 0.5, mag = 0.5;
  for (int k = 0; k < N; k++)
    {
      hs += fin[k];
      mag += fin[k] < 0 ? -fin[k] : fin[k];
    }
  if ((s1 > hs ? s1 - hs : hs - s1) > N * 0x1p-24 * mag)
    {
      fprintf (stderr, "float sum: got %g, expected %g\n", s1, hs);
      failures++;
    }

  if (failures)
    abort ();
  return 0;
}

/* { dg-output "(gangway: launch main._omp_fn.\[0-9\]+ device=cpu gangs=\[0-9\]+ workers=(5|4|20|3) vector=(32|16|8|5)(\n|\r\n|\r)){20}" } */
/* { dg-output "gangway: launch main._omp_fn.20 device=cpu gangs=\[0-9\]+ workers=6 vector=(32|16|8)(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch fsum._omp_fn.0 device=cpu gangs=1 workers=8 vector=(16|8)(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch fsum._omp_fn.0 device=cpu " } */
