/* Reductions as applications write them, on the cpu device: row sums
   and a total over a 2D array (gang + vector), a maximum with its index
   (two reductions), a reduction on the parallel construct itself, several
   variables in one clause, a reduction variable private to an outer
   loop, a reduction under divergent control flow, on serial and kernels
   constructs, and a float dot product within a bound the test computes
   from the data.  Every result is checked against the host's.  */
/* { dg-do run } */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define R 123
#define C 457

static double a[R][C];
static float x[R * C], y[R * C];
static int failures;

static void
check (const char *what, double got, double want, double bound)
{
  if (fabs (got - want) > bound)
    {
      fprintf (stderr, "%s: got %.17g, expected %.17g (bound %g)\n", what,
	       got, want, bound);
      failures++;
    }
}

int
main (void)
{
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      a[i][j] = ((i * 31 + j * 17) % 101) - 50;
  for (int k = 0; k < R * C; k++)
    {
      x[k] = (float) ((k * 7919) % 1000) / 997.0f - 0.5f;
      y[k] = (float) (((long) k * 104729) % 1000) / 991.0f;
    }

  /* Row sums (vector) and the total (gang).  */
  double rows[R], total = 0;
#pragma acc parallel loop gang reduction(+:total) copyin(a) copyout(rows)
  for (int i = 0; i < R; i++)
    {
      double s = 0;
#pragma acc loop vector reduction(+:s)
      for (int j = 0; j < C; j++)
	s += a[i][j];
      rows[i] = s;
      total += s;
    }
  double htotal = 0;
  for (int i = 0; i < R; i++)
    {
      double s = 0;
      for (int j = 0; j < C; j++)
	s += a[i][j];
      check ("row sum", rows[i], s, 0);
      htotal += s;
    }
  check ("total", total, htotal, 0);

  /* The maximum and (the smallest) index of it: two reductions.  */
  float mx = -INFINITY;
  int at = R * C;
#pragma acc parallel loop reduction(max:mx) copyin(y)
  for (int k = 0; k < R * C; k++)
    mx = y[k] > mx ? y[k] : mx;
#pragma acc parallel loop reduction(min:at) copyin(y)
  for (int k = 0; k < R * C; k++)
    if (y[k] == mx)
      at = k < at ? k : at;
  float hmx = -INFINITY;
  int hat = 0;
  for (int k = 0; k < R * C; k++)
    if (y[k] > hmx)
      {
	hmx = y[k];
	hat = k;
      }
  check ("max", mx, hmx, 0);
  check ("argmax", at, hat, 0);

  /* A dot product of floats: the device adds in another order; the
     bound is n * eps * sum |x y|, the worst rounding of any order.  */
  float dot = 0;
  double hdot = 0, mag = 0;
#pragma acc parallel loop reduction(+:dot) copyin(x, y)
  for (int k = 0; k < R * C; k++)
    dot += x[k] * y[k];
  for (int k = 0; k < R * C; k++)
    {
      hdot += (double) x[k] * y[k];
      mag += fabs ((double) x[k] * y[k]);
    }
  check ("dot", dot, hdot, R * C * 0x1p-24 * mag);

  /* On the construct itself, and several variables in one clause, one of
     them only under a condition (divergent lanes).  */
  long n_neg = 0, n_all = 0;
  double pos = 0;
#pragma acc parallel num_gangs(7) vector_length(32) reduction(+:n_neg, n_all, pos) copyin(a)
  {
#pragma acc loop gang vector collapse(2) reduction(+:n_neg, n_all, pos)
    for (int i = 0; i < R; i++)
      for (int j = 0; j < C; j++)
	{
	  if (a[i][j] < 0)
	    n_neg++;
	  else
	    pos += a[i][j];
	  n_all++;
	}
  }
  long hn_neg = 0;
  double hpos = 0;
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      if (a[i][j] < 0)
	hn_neg++;
      else
	hpos += a[i][j];
  check ("negatives", n_neg, hn_neg, 0);
  check ("count", n_all, R * C, 0);
  check ("positives", pos, hpos, 0);

  /* Worker and vector levels on nested loops, the worker's variable
     private to the gang loop.  */
  int prod_ok = 0;
#pragma acc parallel loop gang num_workers(4) vector_length(16) reduction(+:prod_ok) copyin(a)
  for (int i = 0; i < R; i++)
    {
      double m = -1e300;
#pragma acc loop worker reduction(max:m)
      for (int j = 0; j < C / 8; j++)
	{
	  double t = 0;
#pragma acc loop vector reduction(+:t)
	  for (int k = 0; k < 8; k++)
	    t += a[i][j * 8 + k];
	  m = t > m ? t : m;
	}
      double hm = -1e300;
      for (int j = 0; j < C / 8; j++)
	{
	  double t = 0;
	  for (int k = 0; k < 8; k++)
	    t += a[i][j * 8 + k];
	  hm = t > hm ? t : hm;
	}
      prod_ok += m == hm;
    }
  check ("worker max", prod_ok, R, 0);

  /* serial and kernels constructs.  */
  long ss = 0, ks = 0;
#pragma acc serial reduction(+:ss) copyin(a)
  for (int i = 0; i < R; i++)
    ss += (long) a[i][i % C];
#pragma acc kernels copyin(a)
  {
#pragma acc loop reduction(+:ks)
    for (int i = 0; i < R; i++)
      ks += (long) a[i][0];
  }
  long hss = 0, hks = 0;
  for (int i = 0; i < R; i++)
    {
      hss += (long) a[i][i % C];
      hks += (long) a[i][0];
    }
  check ("serial", ss, hss, 0);
  check ("kernels", ks, hks, 0);

  if (failures)
    abort ();
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu \[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=cpu \[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.2 device=cpu \[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.3 device=cpu \[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.4 device=cpu gangs=7 workers=1 vector=(32|16|8)(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.5 device=cpu gangs=\[0-9\]+ workers=4 vector=(16|8)(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.6 device=cpu \[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.7 device=cpu " } */
