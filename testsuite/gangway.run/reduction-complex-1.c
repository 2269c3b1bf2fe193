/* Sums of _Complex float and _Complex double values: at gang, worker and
   vector level, all three on one loop, on the compute construct, several
   in one clause, and one private to an outer sequential loop.  The parts
   are small multiples of powers of two, so every order of summing gives
   the exact value: each result must equal the host's.  The complex values
   go through phis and copies at -O0 (GCC's complex lowering leaves them
   whole there).  */
/* { dg-do run } */

#include <complex.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000

typedef double _Complex C;
typedef float _Complex F;

static C a[N];
static F b[N];
static int failures;

static void
check (const char *what, C got, C want)
{
  if (got != want)
    {
      printf ("%s: (%g, %g), want (%g, %g)\n", what, creal (got),
	      cimag (got), creal (want), cimag (want));
      failures++;
    }
}

int
main (void)
{
  C ref = 0;
  F reff = 0;
  for (int i = 0; i < N; i++)
    {
      a[i] = i * 0.5 + (N - i) * 0.25 * I;
      b[i] = (i % 7) - (i % 5) * I;
      ref += a[i];
      reff += b[i];
    }

  C s1 = 1.0 + 2.0 * I;
#pragma acc parallel loop gang num_gangs(7) reduction(+:s1) copyin(a)
  for (int i = 0; i < N; i++)
    s1 += a[i];
  check ("gang", s1, ref + 1.0 + 2.0 * I);

  C s2 = -3.0 * I;
#pragma acc parallel loop worker num_workers(8) reduction(+:s2) copyin(a)
  for (int i = 0; i < N; i++)
    s2 += a[i];
  check ("worker", s2, ref - 3.0 * I);

  C s3 = 0;
#pragma acc parallel loop vector vector_length(32) reduction(+:s3) copyin(a)
  for (int i = 0; i < N; i++)
    s3 += conj (a[i]);
  check ("vector", s3, conj (ref));

  C s4 = 0;
  F f1 = 0;
#pragma acc parallel loop gang worker vector num_gangs(5) num_workers(4) vector_length(16) reduction(+:s4, f1) copyin(a, b)
  for (int i = 0; i < N; i++)
    {
      s4 += a[i];
      f1 -= b[i];
    }
  check ("gang worker vector, double", s4, ref);
  check ("gang worker vector, float", f1, -reff);

  F f2 = 0;
#pragma acc parallel num_gangs(3) reduction(+:f2) copyin(b)
  {
#pragma acc loop gang worker vector reduction(+:f2)
    for (int i = 0; i < N; i++)
      f2 += b[i];
  }
  check ("on the construct", f2, reff);

  /* A vector reduction private to each iteration of a sequential loop.  */
  C rows[4];
#pragma acc parallel num_gangs(1) vector_length(32) copyin(a) copyout(rows)
  {
#pragma acc loop seq
    for (int r = 0; r < 4; r++)
      {
	C t = r;
#pragma acc loop vector reduction(+:t)
	for (int i = 0; i < N; i++)
	  t += a[i] * (double) r;
	rows[r] = t;
      }
  }
  for (int r = 0; r < 4; r++)
    check ("private to a sequential loop", rows[r], r + ref * (double) r);

  if (failures)
    abort ();
  return 0;
}

/* { dg-output "(gangway: launch main._omp_fn.\[0-5\] device=cpu \[^\n\]*(\n|\r\n|\r)){6}" } */
