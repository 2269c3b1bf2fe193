/* A region whose loop only makes strided accesses (a halo exchange: the
   collapsed loop walks down the rows, and each iteration copies a few
   elements of its row) runs one lane per gang on the cpu device
   (plugin/lanes.cc): the launch log says vector=1.  Its gang loop goes on
   while the counter differs from the bound, entered only below it, and
   its divisions by the run-time row count are stepped (step-divisions).
   A loop with one consecutive access, the same otherwise, keeps its
   vectors.  Both against the host's results, at row counts that are not
   multiples of anything.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define NV 3
#define HS 2
#define MAXZ 61
#define MAXX 40
#define W (MAXX + 2 * HS)

static double state[NV][MAXZ][W], want[NV][MAXZ][W];
static double row[NV * MAXZ];

/* The exchange of row K of variable V of A, in the region and on the
   host.  */
#define HALO(a, v, k, nx)						\
  do									\
    {									\
      a[v][k][0] = a[v][k][nx];						\
      a[v][k][1] = a[v][k][nx + 1];					\
      a[v][k][nx + HS] = a[v][k][HS];					\
      a[v][k][nx + HS + 1] = a[v][k][HS + 1];				\
    }									\
  while (0)

static void
halo (int nz, int nx)
{
#pragma acc parallel loop collapse(2) copy(state)
  for (int v = 0; v < NV; v++)
    for (int k = 0; k < nz; k++)
      HALO (state, v, k, nx);
}

/* The same walk, and one consecutive store: vectors pay.  */
static void
halo_and_row (int nz, int nx)
{
#pragma acc parallel loop collapse(2) copy(state) copyout(row)
  for (int v = 0; v < NV; v++)
    for (int k = 0; k < nz; k++)
      {
	state[v][k][0] = state[v][k][nx];
	row[v * nz + k] = state[v][k][HS];
      }
}

static void
fill (void)
{
  for (int v = 0; v < NV; v++)
    for (int k = 0; k < MAXZ; k++)
      for (int i = 0; i < W; i++)
	state[v][k][i] = want[v][k][i] = v * 1000 + k * 50 + i + 0.25;
}

static void
check (const char *what, int nz, int nx)
{
  for (int v = 0; v < NV; v++)
    for (int k = 0; k < MAXZ; k++)
      for (int i = 0; i < W; i++)
	if (state[v][k][i] != want[v][k][i])
	  {
	    fprintf (stderr, "%s nz=%d nx=%d: state[%d][%d][%d] = %g, "
		     "want %g\n", what, nz, nx, v, k, i, state[v][k][i],
		     want[v][k][i]);
	    abort ();
	  }
}

int
main (void)
{
  static const int rows[] = { 1, 2, 5, 16, 17, 61 };
  for (unsigned r = 0; r < sizeof rows / sizeof rows[0]; r++)
    {
      int nz = rows[r], nx = 7 + 6 * r;
      fill ();
      halo (nz, nx);
      for (int v = 0; v < NV; v++)
	for (int k = 0; k < nz; k++)
	  HALO (want, v, k, nx);
      check ("halo", nz, nx);

      fill ();
      halo_and_row (nz, nx);
      for (int v = 0; v < NV; v++)
	for (int k = 0; k < nz; k++)
	  {
	    want[v][k][0] = want[v][k][nx];
	    if (row[v * nz + k] != want[v][k][HS])
	      {
		fprintf (stderr, "row nz=%d: row[%d] = %g, want %g\n", nz,
			 v * nz + k, row[v * nz + k], want[v][k][HS]);
		abort ();
	      }
	  }
      check ("halo_and_row", nz, nx);
    }
  return 0;
}

/* { dg-output "gangway: launch halo._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=1\n" } */
/* { dg-output "gangway: launch halo_and_row._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[2-9\]\[0-9\]*\n" } */
