/* && and || reductions of float and double values: the result is C's,
   1.0 or +0.0, whatever the receiver held (0, 1, 2.5, -0.0, a NaN, which
   is true), at gang, worker and vector level, all three on one loop, and
   on the compute construct.  Each data set has every element true, or
   one false element at a place that lands in a different gang, worker
   or lane each time, or every element false, or one true.  The result
   must equal the host loop's, sign included.  */
/* { dg-do run } */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000

static float fa[N];
static double da[N];
static int failures;

static void
check (const char *what, int k, double got, double want)
{
  if (got != want || signbit (got) != signbit (want))
    {
      printf ("%s, case %d: %g, want %g\n", what, k, got, want);
      failures++;
    }
}

/* Fill the data: case K of 8 (see above), with the odd element at AT.  */

static void
fill (int k, int at)
{
  for (int i = 0; i < N; i++)
    {
      int on = k < 4 ? 1 : 0;
      if ((k == 1 || k == 5) && i == at)
	on = !on;
      if (k == 2 && i == at)
	on = 0, fa[i] = 0.0f, da[i] = -0.0;
      else if (k == 3 && i % 3 == 0)
	on = 1, fa[i] = NAN, da[i] = NAN;
      else
	fa[i] = on ? (i % 5) + 0.5f : (i & 1 ? -0.0f : 0.0f),
	da[i] = on ? -(i % 3) - 0.25 : 0.0;
      (void) on;
    }
}

int
main (void)
{
  static const double starts[] = { 0.0, 1.0, 2.5, -0.0, NAN };
  for (int k = 0; k < 8; k++)
    for (int s = 0; s < 5; s++)
      {
	fill (k, (k * 131 + s * 37) % N);
	float f0 = starts[s];
	double d0 = starts[s];
	float fand = f0, forr = f0;
	double dand = d0, dorr = d0;
	for (int i = 0; i < N; i++)
	  {
	    fand = fand && fa[i];
	    forr = forr || fa[i];
	    dand = dand && da[i];
	    dorr = dorr || da[i];
	  }

	float g1 = f0, g2 = f0;
	double g3 = d0, g4 = d0;
#pragma acc parallel loop gang num_gangs(7) reduction(&&:g1, g3) reduction(||:g2, g4) copyin(fa, da)
	for (int i = 0; i < N; i++)
	  {
	    g1 = g1 && fa[i];
	    g2 = g2 || fa[i];
	    g3 = g3 && da[i];
	    g4 = g4 || da[i];
	  }
	check ("gang float &&", k * 5 + s, g1, fand);
	check ("gang float ||", k * 5 + s, g2, forr);
	check ("gang double &&", k * 5 + s, g3, dand);
	check ("gang double ||", k * 5 + s, g4, dorr);

	float w1 = f0;
	double w2 = d0;
#pragma acc parallel loop worker num_gangs(1) num_workers(8) reduction(&&:w1) reduction(||:w2) copyin(fa, da)
	for (int i = 0; i < N; i++)
	  {
	    w1 = w1 && fa[i];
	    w2 = w2 || da[i];
	  }
	check ("worker float &&", k * 5 + s, w1, fand);
	check ("worker double ||", k * 5 + s, w2, dorr);

	double v1 = d0;
	float v2 = f0;
#pragma acc parallel loop vector num_gangs(1) vector_length(32) reduction(&&:v1) reduction(||:v2) copyin(fa, da)
	for (int i = 0; i < N; i++)
	  {
	    v1 = v1 && da[i];
	    v2 = v2 || fa[i];
	  }
	check ("vector double &&", k * 5 + s, v1, dand);
	check ("vector float ||", k * 5 + s, v2, forr);

	float a1 = f0;
	double a2 = d0;
#pragma acc parallel loop gang worker vector num_gangs(3) num_workers(4) vector_length(16) reduction(||:a1) reduction(&&:a2) copyin(fa, da)
	for (int i = 0; i < N; i++)
	  {
	    a1 = a1 || fa[i];
	    a2 = a2 && da[i];
	  }
	check ("gang worker vector float ||", k * 5 + s, a1, forr);
	check ("gang worker vector double &&", k * 5 + s, a2, dand);

	double c1 = d0;
#pragma acc parallel num_gangs(5) reduction(&&:c1) copyin(da)
	{
#pragma acc loop gang vector reduction(&&:c1)
	  for (int i = 0; i < N; i++)
	    c1 = c1 && da[i];
	}
	check ("on the construct", k * 5 + s, c1, dand);
      }

  if (failures)
    abort ();
  return 0;
}

/* { dg-output "(gangway: launch main._omp_fn.\[0-4\] device=cpu \[^\n\]*(\n|\r\n|\r)){20}" } */
