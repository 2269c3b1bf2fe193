/* Products of _Complex float and _Complex double values: reductions by *
   at gang, worker and vector level, all three on one loop, on the
   compute construct, several in one clause, and one private to an outer
   sequential loop; and complex multiplication itself with infinite and
   NaN operands, which C's Annex G defines (GCC calls __mulsc3 and
   __muldc3 when the plain product's parts are both NaN).  The factors
   are units (1, -1, i, -i) and one in ten 1 + i or 1 - i, so every order
   of multiplying gives the exact value: each result must equal the
   host's (only the sign of a zero part depends on the order).  Each
   product of two operands must equal the host's bit for bit, NaNs
   aside.  */
/* { dg-do run } */

#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 100

typedef double _Complex C;
typedef float _Complex F;

static C a[N];
static F b[N];
static int failures;

static int
same (double x, double y)
{
  return isnan (x) ? isnan (y) : x == y && signbit (x) == signbit (y);
}

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

#define M 10
static C x[M * M], y[M * M], z[M * M];
static F xf[M * M], yf[M * M], zf[M * M];

int
main (void)
{
  static const C units[] = { 1, -1, I, -I };
  C ref = 1;
  F reff = 1;
  for (int i = 0; i < N; i++)
    {
      a[i] = i % 10 == 3 ? 1 + I : i % 10 == 7 ? 1 - I : units[i * 7 % 4];
      b[i] = i % 10 == 5 ? 1 - I : units[i * 3 % 4];
      ref *= a[i];
      reff *= b[i];
    }

  C p1 = 2 + I;
#pragma acc parallel loop gang num_gangs(7) reduction(*:p1) copyin(a)
  for (int i = 0; i < N; i++)
    p1 *= a[i];
  check ("gang", p1, ref * (2 + I));

  C p2 = -3 * I;
#pragma acc parallel loop worker num_gangs(1) num_workers(8) reduction(*:p2) copyin(a)
  for (int i = 0; i < N; i++)
    p2 *= a[i];
  check ("worker", p2, ref * (-3 * I));

  F p3 = 1;
#pragma acc parallel loop vector num_gangs(1) vector_length(32) reduction(*:p3) copyin(b)
  for (int i = 0; i < N; i++)
    p3 *= conjf (b[i]);
  check ("vector", p3, conjf (reff));

  C p4 = 1;
  F f1 = 1;
#pragma acc parallel loop gang worker vector num_gangs(5) num_workers(2) vector_length(16) reduction(*:p4, f1) copyin(a, b)
  for (int i = 0; i < N; i++)
    {
      p4 *= a[i];
      f1 *= b[i];
    }
  check ("gang worker vector, double", p4, ref);
  check ("gang worker vector, float", f1, reff);

  F f2 = I;
#pragma acc parallel num_gangs(3) reduction(*:f2) copyin(b)
  {
#pragma acc loop gang worker vector reduction(*:f2)
    for (int i = 0; i < N; i++)
      f2 *= b[i];
  }
  check ("on the construct", f2, reff * I);

  /* A vector reduction private to each iteration of a sequential loop,
     beside a sum.  */
  C rows[4], sums[4];
#pragma acc parallel num_gangs(1) vector_length(32) copyin(a) copyout(rows, sums)
  {
#pragma acc loop seq
    for (int r = 0; r < 4; r++)
      {
	C t = r + 1, u = 0;
#pragma acc loop vector reduction(*:t) reduction(+:u)
	for (int i = 0; i < N; i++)
	  {
	    t *= a[(i + r) % N];
	    u += a[i] * (double) r;
	  }
	rows[r] = t;
	sums[r] = u;
      }
  }
  C sum = 0;
  for (int i = 0; i < N; i++)
    sum += a[i];
  for (int r = 0; r < 4; r++)
    {
      check ("private to a sequential loop", rows[r], ref * (r + 1));
      check ("sum beside it", sums[r], sum * (double) r);
    }

  /* Annex G: every pair of these operands.  */
  static const double parts[] = { 0.0, -0.0, 1.5, -2.0, HUGE_VAL, -HUGE_VAL,
				  NAN, 1e300, -1e-300, 3.0 };
  for (int i = 0; i < M * M; i++)
    {
      x[i] = CMPLX (parts[i % M], parts[i / M]);
      y[i] = CMPLX (parts[(i * 3) % M], parts[(i * 7 + 1) % M]);
      xf[i] = CMPLXF (parts[i % M], parts[i / M]);
      yf[i] = CMPLXF (parts[(i * 3) % M], parts[(i * 7 + 1) % M]);
    }
  for (int j = 0; j < M * M; j += 10)
    {
#pragma acc parallel loop vector vector_length(16) copyin(x, y, xf, yf) copy(z, zf)
      for (int i = 0; i < M * M; i++)
	{
	  z[i] = x[i] * y[(i + j) % (M * M)];
	  zf[i] = xf[i] * yf[(i + j) % (M * M)];
	}
      for (int i = 0; i < M * M; i++)
	{
	  C want = x[i] * y[(i + j) % (M * M)];
	  F wantf = xf[i] * yf[(i + j) % (M * M)];
	  if (!same (creal (z[i]), creal (want))
	      || !same (cimag (z[i]), cimag (want))
	      || !same (crealf (zf[i]), crealf (wantf))
	      || !same (cimagf (zf[i]), cimagf (wantf)))
	    {
	      printf ("Annex G, %d %d: (%g, %g) * (%g, %g) = (%g, %g), "
		      "want (%g, %g)\n", i, j, creal (x[i]), cimag (x[i]),
		      creal (y[(i + j) % (M * M)]),
		      cimag (y[(i + j) % (M * M)]), creal (z[i]),
		      cimag (z[i]), creal (want), cimag (want));
	      failures++;
	    }
	}
    }

  if (failures)
    abort ();
  return 0;
}

/* { dg-output "(gangway: launch main._omp_fn.\[0-6\] device=cpu \[^\n\]*(\n|\r\n|\r)){16}" } */
