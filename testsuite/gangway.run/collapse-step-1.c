/* Collapsed nests whose indices the device steps instead of dividing
   (step-divisions): every element of every nest exactly once, with its own
   indices, for nests whose linear subscript is the collapsed iteration
   number itself, nests with halo offsets, odd extents that are not
   multiples of the vector length, bounds known only at run time, lower
   bounds other than 0, steps other than 1, descending loops, unsigned and
   64-bit induction variables, and each partitioning.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define NV 4
#define NZ 7
#define NX 37
#define HS 2

static double s[NV][NZ + 2 * HS][NX + 2 * HS], t[NV][NZ][NX];
static int idx3[NV * NZ * NX][3], hits[NV * NZ * NX];

static void
check_hits (const char *what, int n)
{
  for (int e = 0; e < n; e++)
    if (hits[e] != 1)
      {
	fprintf (stderr, "%s: element %d run %d times\n", what, e, hits[e]);
	abort ();
      }
}

static void
clear (int n)
{
  for (int e = 0; e < n; e++)
    hits[e] = 0;
}

int
main (int argc, char **argv)
{
  int nv = NV, nz = NZ + (argc > 5), nx = NX - (argc > 5);
  (void) argv;

  for (int v = 0; v < NV; v++)
    for (int k = 0; k < NZ; k++)
      for (int i = 0; i < NX; i++)
	t[v][k][i] = v * 1000 + k * 50 + i;

  /* The dense linear subscript: the collapsed number itself.  */
#pragma acc parallel loop collapse(3) copy(idx3, hits)
  for (int v = 0; v < NV; v++)
    for (int k = 0; k < NZ; k++)
      for (int i = 0; i < NX; i++)
	{
	  int e = (v * NZ + k) * NX + i;
	  idx3[e][0] = v;
	  idx3[e][1] = k;
	  idx3[e][2] = i;
	  hits[e]++;
	}
  check_hits ("dense", NV * NZ * NX);
  for (int e = 0; e < NV * NZ * NX; e++)
    if (idx3[e][0] != e / (NZ * NX) || idx3[e][1] != e / NX % NZ
	|| idx3[e][2] != e % NX)
      abort ();

  /* Halo offsets, with run-time extents.  */
#pragma acc parallel loop collapse(3) copy(s) copyin(t)
  for (int v = 0; v < nv; v++)
    for (int k = 0; k < nz; k++)
      for (int i = 0; i < nx; i++)
	s[v][k + HS][i + HS] += 0.5 * t[v][k][i];
  for (int v = 0; v < NV; v++)
    for (int k = 0; k < NZ + 2 * HS; k++)
      for (int i = 0; i < NX + 2 * HS; i++)
	{
	  int in = k >= HS && k < NZ + HS && i >= HS && i < NX + HS;
	  double want = in ? 0.5 * t[v][k - HS][i - HS] : 0;
	  if (s[v][k][i] != want)
	    {
	      fprintf (stderr, "halo: s[%d][%d][%d] = %g, want %g\n", v, k, i,
		       s[v][k][i], want);
	      abort ();
	    }
	}

  /* Gang over two collapsed loops, vector over the inner one.  */
  clear (NV * NZ * NX);
#pragma acc parallel loop gang collapse(2) copy(hits, idx3)
  for (int v = 0; v < NV; v++)
    for (int k = 0; k < NZ; k++)
#pragma acc loop vector
      for (int i = 0; i < NX; i++)
	{
	  int e = (v * NZ + k) * NX + i;
	  idx3[e][0] = v + 1;
	  hits[e]++;
	}
  check_hits ("gang collapse(2)", NV * NZ * NX);

  /* Lower bounds, steps and a descending loop.  */
  clear (NV * NZ * NX);
#pragma acc parallel loop collapse(3) copy(hits)
  for (int v = 3; v < 3 + 2 * NV; v += 2)
    for (int k = NZ - 1; k >= 0; k--)
      for (int i = -5; i < NX - 5; i++)
	hits[(((v - 3) / 2) * NZ + k) * NX + i + 5]++;
  check_hits ("bounds and steps", NV * NZ * NX);

  /* Unsigned and 64-bit induction variables.  */
  clear (NV * NZ * NX);
#pragma acc parallel loop collapse(2) copy(hits)
  for (unsigned v = 0; v < NV * NZ; v++)
    for (unsigned i = 0; i < NX; i++)
      hits[v * NX + i]++;
  check_hits ("unsigned", NV * NZ * NX);
  clear (NV * NZ * NX);
#pragma acc parallel loop collapse(3) copy(hits)
  for (long v = 0; v < NV; v++)
    for (long k = 0; k < NZ; k++)
      for (long i = 0; i < NX; i++)
	hits[(v * NZ + k) * NX + i]++;
  check_hits ("long", NV * NZ * NX);

  /* Gang only, and worker and vector.  */
  clear (NV * NZ * NX);
#pragma acc parallel loop gang collapse(3) copy(hits)
  for (int v = 0; v < NV; v++)
    for (int k = 0; k < NZ; k++)
      for (int i = 0; i < NX; i++)
	hits[(v * NZ + k) * NX + i]++;
  check_hits ("gang", NV * NZ * NX);
  clear (NV * NZ * NX);
#pragma acc parallel num_workers(3) vector_length(8) copy(hits)
#pragma acc loop gang
  for (int v = 0; v < NV; v++)
#pragma acc loop worker vector collapse(2)
    for (int k = 0; k < NZ; k++)
      for (int i = 0; i < NX; i++)
	hits[(v * NZ + k) * NX + i]++;
  check_hits ("worker vector", NV * NZ * NX);
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu\[^\n\]*\n" } */
/* { dg-output "(\[^\n\]*\n)*gangway: launch main._omp_fn.7 device=cpu" } */
