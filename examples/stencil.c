/* A 2D five-point stencil (Jacobi sweeps), checked against the host.

   Build:  gcc -O2 $(pkg-config --cflags --libs gangway) stencil.c
   Run:    GANGWAY_LOG=launch,time ./a.out  */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double
now (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

/* One sweep of the stencil from A into B.  */
static void
sweep (int n, const float *restrict a, float *restrict b)
{
#pragma acc parallel loop gang copyin(a[0:n*n]) copy(b[0:n*n])
  for (int i = 1; i < n - 1; i++)
#pragma acc loop vector
    for (int j = 1; j < n - 1; j++)
      b[i * n + j] = 0.25f * (a[(i - 1) * n + j] + a[(i + 1) * n + j]
			      + a[i * n + j - 1] + a[i * n + j + 1]);
}

int
main (void)
{
  const int n = 1024, sweeps = 8;
  float *a = calloc (n * n, sizeof *a), *b = calloc (n * n, sizeof *b);
  float *ra = calloc (n * n, sizeof *a), *rb = calloc (n * n, sizeof *b);
  for (int j = 0; j < n; j++)
    a[j] = b[j] = ra[j] = rb[j] = 100.0f;	/* A hot edge.  */

  double t0 = now ();
  for (int s = 0; s < sweeps; s++)
    {
      sweep (n, a, b);
      float *t = a; a = b; b = t;
    }
  double t1 = now ();

  /* The same sweeps on the host.  */
  for (int s = 0; s < sweeps; s++)
    {
      for (int i = 1; i < n - 1; i++)
	for (int j = 1; j < n - 1; j++)
	  rb[i * n + j] = 0.25f * (ra[(i - 1) * n + j] + ra[(i + 1) * n + j]
				   + ra[i * n + j - 1] + ra[i * n + j + 1]);
      float *t = ra; ra = rb; rb = t;
    }
  int bad = 0;
  for (int i = 0; i < n * n; i++)
    bad += a[i] != ra[i];
  printf ("stencil: %dx%d, %d sweeps, a[4][n/2]=%.6f, %d differ from the host, "
	  "%.2f ms\n", n, n, sweeps, a[4 * n + n / 2], bad,
	  (t1 - t0) * 1e3);
  return bad != 0;
}
