/* A compute construct's reduction updated inside partitioned loops that
   carry no reduction clause (issue 38, item 1): the plugin reduces each
   such loop as the construct does, with a warning naming the variable
   and the clause.  The shapes of an NPB norm routine and of the
   conformance tests of `parallel reduction': one loop of each level,
   `loop independent', gang/worker/vector nests with a clause only on the
   outer loop or on none, a seq loop between, every operator on int,
   long, float and double, and a loop that only reads the variable
   (no warning).  Each result is checked against the host's.  */
/* { dg-do run } */
/* { dg-prune-output "(\n|^)\[^\n\]*note: the reduction of \[^\n\]*" } */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 10000
#define G 24

static int a[N];
static double b[G][G][G];
static int failures;

static void
check_int (const char *what, long got, long want)
{
  if (got != want)
    {
      fprintf (stderr, "%s: got %ld, expected %ld\n", what, got, want);
      failures++;
    }
}

static void
check_dbl (const char *what, double got, double want)
{
  if (fabs (got - want) > 1e-9 * fabs (want))
    {
      fprintf (stderr, "%s: got %.17g, expected %.17g\n", what, got, want);
      failures++;
    }
}

int
main (void)
{
  int n = N;
  for (int i = 0; i < N; i++)
    a[i] = i % 6;
  for (int i = 0; i < G; i++)
    for (int j = 0; j < G; j++)
      for (int k = 0; k < G; k++)
	b[i][j][k] = sin (i * G * G + j * G + k) * 3;
  long want = 0;
  for (int i = 0; i < N; i++)
    want += a[i];

  /* One loop, of each level and of none.  */
  int s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0;
#pragma acc parallel copyin(a[0:n]) reduction(+:s0)
  {
#pragma acc loop /* { dg-warning "nested loop in reduction needs reduction clause for .s0.: this loop updates it without one; gangway reduces it here as .reduction\\(\\+:s0\\)." } */
    for (int x = 0; x < n; ++x)
      s0 = s0 + a[x];
  }
#pragma acc parallel copyin(a[0:n]) reduction(+:s1)
  {
#pragma acc loop independent /* { dg-warning "reduction clause for .s1." } */
    for (int x = 0; x < n; ++x)
      s1 += a[x];
  }
#pragma acc parallel copyin(a[0:n]) reduction(+:s2) num_workers(4)
  {
#pragma acc loop gang worker /* { dg-warning "reduction clause for .s2." } */
    for (int x = 0; x < n; ++x)
      s2 += a[x];
  }
#pragma acc parallel copyin(a[0:n]) reduction(+:s3) vector_length(32)
  {
#pragma acc loop vector /* { dg-warning "reduction clause for .s3." } */
    for (int x = 0; x < n; ++x)
      s3 += a[x];
  }
#pragma acc parallel copyin(a[0:n]) reduction(+:s4) num_workers(2)
  {
#pragma acc loop gang worker vector /* { dg-warning "reduction clause for .s4." } */
    for (int x = 0; x < n; ++x)
      s4 += a[x];
  }
  check_int ("loop", s0, want);
  check_int ("loop independent", s1, want);
  check_int ("loop gang worker", s2, want);
  check_int ("loop vector", s3, want);
  check_int ("loop gang worker vector", s4, want);

  /* The norm routine: a clause on the gang loop only.  */
  double sum = 0, mx = 0;
#pragma acc parallel loop gang reduction(+:sum) reduction(max:mx) num_gangs(32) num_workers(8) vector_length(128) copyin(b) /* { dg-warning "gangway: using vector_length \\(\[0-9\]+\\), ignoring 128" } */
  for (int i = 0; i < G; i++)
    {
#pragma acc loop worker /* { dg-warning "reduction clause for .sum." } */
    /* { dg-warning "reduction clause for .mx." "" { target *-*-* } 101 } */
      for (int j = 0; j < G; j++)
	{
#pragma acc loop vector /* { dg-warning "reduction clause for .sum." } */
    /* { dg-warning "reduction clause for .mx." "" { target *-*-* } 105 } */
	  for (int k = 0; k < G; k++)
	    {
	      double r = b[i][j][k];
	      sum += r * r;
	      mx = fmax (mx, fabs (r));
	    }
	}
    }
  double hsum = 0, hmx = 0;
  for (int i = 0; i < G; i++)
    for (int j = 0; j < G; j++)
      for (int k = 0; k < G; k++)
	{
	  hsum += b[i][j][k] * b[i][j][k];
	  hmx = fmax (hmx, fabs (b[i][j][k]));
	}
  check_dbl ("norm sum", sum, hsum);
  check_dbl ("norm max", mx, hmx);

  /* No clause on any loop; a seq loop between the gang and the vector
     loop.  */
  long ls = 0;
#pragma acc parallel reduction(+:ls) copyin(b) num_gangs(5)
  {
#pragma acc loop gang /* { dg-warning "reduction clause for .ls." } */
    for (int i = 0; i < G; i++)
#pragma acc loop seq /* { dg-warning "reduction clause for .ls." } */
      for (int j = 0; j < G; j++)
#pragma acc loop vector /* { dg-warning "reduction clause for .ls." } */
	for (int k = 0; k < G; k++)
	  ls += (long) (b[i][j][k] * 1000);
  }
  long hls = 0;
  for (int i = 0; i < G; i++)
    for (int j = 0; j < G; j++)
      for (int k = 0; k < G; k++)
	hls += (long) (b[i][j][k] * 1000);
  check_int ("gang/seq/vector", ls, hls);

  /* Every operator, the variables updated in a worker and vector nest
     under a gang loop that has the clauses.  */
  int ip = 1, iand = ~0, ior = 0, ixor = 0, imax = -1000, imin = 1000;
  int land = 1, lor = 0;
  float fsum = 0, fprod = 1;
  double dmin = 1e300, dprod = 1;
  long lsum = 0;
#pragma acc parallel loop gang copyin(a) reduction(*:ip) reduction(&:iand) reduction(|:ior) reduction(^:ixor) reduction(max:imax) reduction(min:imin) reduction(&&:land) reduction(||:lor) reduction(+:fsum) reduction(*:fprod) reduction(min:dmin) reduction(*:dprod) reduction(+:lsum) num_workers(2)
  for (int i = 0; i < 100; i++)
#pragma acc loop worker vector /* { dg-warning "reduction clause for .ip." } */
    /* { dg-warning "reduction clause for .iand." "" { target *-*-* } 155 } */
    /* { dg-warning "reduction clause for .ior." "" { target *-*-* } 155 } */
    /* { dg-warning "reduction clause for .ixor." "" { target *-*-* } 155 } */
    /* { dg-warning "reduction clause for .imax." "" { target *-*-* } 155 } */
    /* { dg-warning "reduction clause for .imin." "" { target *-*-* } 155 } */
    /* { dg-warning "reduction clause for .land." "" { target *-*-* } 155 } */
    /* { dg-warning "reduction clause for .lor." "" { target *-*-* } 155 } */
    /* { dg-warning "reduction clause for .fsum." "" { target *-*-* } 155 } */
    /* { dg-warning "reduction clause for .fprod." "" { target *-*-* } 155 } */
    /* { dg-warning "reduction clause for .dmin." "" { target *-*-* } 155 } */
    /* { dg-warning "reduction clause for .dprod." "" { target *-*-* } 155 } */
    /* { dg-warning "reduction clause for .lsum." "" { target *-*-* } 155 } */
    for (int j = 0; j < 100; j++)
      {
	int v = a[i * 100 + j];
	if ((i * 100 + j) % 997 == 0)
	  ip *= 2;
	iand &= ~(1 << (v + (i % 3) * 6));
	ior |= 1 << (v + (j % 4) * 6);
	ixor ^= (i * 100 + j) * 2654435761u;
	imax = v * i > imax ? v * i : imax;
	imin = v - j < imin ? v - j : imin;
	land = land && (v < 6);
	lor = lor || (v == 5 && i == 99 && j == 99);
	fsum += v * 0.25f;
	if ((i * 100 + j) % 1999 == 0)
	  {
	    fprod *= 1.5f;
	    dprod *= 0.5;
	  }
	dmin = fmin (dmin, v * 1.5 - i);
	lsum += (long) v << 33;
      }
  int hip = 1, hiand = ~0, hior = 0, hixor = 0, himax = -1000, himin = 1000;
  int hland = 1, hlor = 0;
  float hfsum = 0, hfprod = 1;
  double hdmin = 1e300, hdprod = 1;
  long hlsum = 0;
  for (int i = 0; i < 100; i++)
    for (int j = 0; j < 100; j++)
      {
	int v = a[i * 100 + j];
	if ((i * 100 + j) % 997 == 0)
	  hip *= 2;
	hiand &= ~(1 << (v + (i % 3) * 6));
	hior |= 1 << (v + (j % 4) * 6);
	hixor ^= (i * 100 + j) * 2654435761u;
	himax = v * i > himax ? v * i : himax;
	himin = v - j < himin ? v - j : himin;
	hland = hland && (v < 6);
	hlor = hlor || (v == 5 && i == 99 && j == 99);
	hfsum += v * 0.25f;
	if ((i * 100 + j) % 1999 == 0)
	  {
	    hfprod *= 1.5f;
	    hdprod *= 0.5;
	  }
	hdmin = fmin (hdmin, v * 1.5 - i);
	hlsum += (long) v << 33;
      }
  check_int ("*", ip, hip);
  check_int ("&", iand, hiand);
  check_int ("|", ior, hior);
  check_int ("^", ixor, hixor);
  check_int ("max", imax, himax);
  check_int ("min", imin, himin);
  check_int ("&&", land, hland);
  check_int ("||", lor, hlor);
  check_dbl ("float +", fsum, hfsum);
  check_dbl ("float *", fprod, hfprod);
  check_dbl ("double min", dmin, hdmin);
  check_dbl ("double *", dprod, hdprod);
  check_int ("long +", lsum, hlsum);

  /* A loop that only reads the variable gets no clause: the gang-level
     update after it is the construct's.  */
  int base = 0;
  int out[N];
#pragma acc parallel copyin(a) copyout(out) reduction(+:base) num_gangs(4)
  {
#pragma acc loop gang vector
    for (int x = 0; x < n; x++)
      out[x] = a[x] + base;
    base += 1;
  }
  for (int x = 0; x < n; x++)
    check_int ("read only", out[x], a[x]);
  check_int ("gang-redundant update", base, 4);

  if (failures)
    abort ();
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu \[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=cpu \[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.2 device=cpu \[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.3 device=cpu \[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.4 device=cpu \[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.5 device=cpu gangs=32 workers=8 \[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.6 device=cpu gangs=5 \[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.7 device=cpu \[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.8 device=cpu gangs=4 " } */
