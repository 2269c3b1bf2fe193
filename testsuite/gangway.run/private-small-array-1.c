/* Small private arrays in partitioned loops, as application kernels
   write them (a 4-point stencil of 4 variables, arrays of 4 filled and
   read by loops of 4): the device unrolls the loops and keeps the arrays
   in registers (unroll, promote-slots).  Also an array whose address
   escapes into a routine, a loop over one with a run-time bound, and one
   with an element read before this iteration writes it (the value the
   previous iteration left): those stay in memory.  Results are compared
   with the host's, bit for bit.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define NV 4
#define NZ 9
#define NX 37
#define HS 2
#define SZ ((NZ + 2 * HS) * (NX + 2 * HS))

static double state[NV * SZ], flux[NV][NZ][NX + 1], want[NV][NZ][NX + 1];
static double sums[NZ][NX], want_sums[NZ][NX];

#pragma acc routine seq
static double
total (const double *v, int n)
{
  double s = 0;
  for (int k = 0; k < n; k++)
    s += v[k];
  return s;
}

/* One iteration of the nest, for the device and for the host.  */
#define BODY(k, i)							\
  {									\
    for (int ll = 0; ll < NV; ll++)					\
      {									\
	for (int s = 0; s < 4; s++)					\
	  stencil[s] = state[ll * SZ + (k + HS) * (NX + 2 * HS) + i + s];	\
	vals[ll] = -stencil[0] / 12 + 7 * stencil[1] / 12		\
		   + 7 * stencil[2] / 12 - stencil[3] / 12;		\
	d3[ll] = -stencil[0] + 3 * stencil[1] - 3 * stencil[2]		\
		 + stencil[3];						\
      }									\
    double r = vals[0] + 1.5, u = vals[1] / r, w = vals[2] / r;		\
    double t = (vals[3] + 300) / r;					\
    out[0][k][i] = r * u - 0.25 * d3[0];				\
    out[1][k][i] = r * u * u + 2.5 * r * t - 0.25 * d3[1];		\
    out[2][k][i] = r * u * w - 0.25 * d3[2];				\
    out[3][k][i] = r * u * t - 0.25 * d3[3];				\
    if (i < NX)								\
      {									\
	/* Escapes into a routine; a run-time bound.  */		\
	double a[4];							\
	for (int s = 0; s < n4; s++)					\
	  a[s] = vals[s] * (s + 1);					\
	outs[k][i] += total (a, n4);					\
      }									\
    /* Read before written: the previous iteration's value.  */	\
    carry[1] = carry[0] + 1;						\
    carry[0] = i;							\
    if (carry[1] < 0)							\
      outs[0][0] = -1;							\
  }

static void
compute (double (*out)[NZ][NX + 1], double (*outs)[NX], int n4)
{
  double stencil[4], vals[NV], d3[NV];
  int carry[2] = { 0, 0 };
#pragma acc parallel loop collapse(2) private(stencil, vals, d3) \
  firstprivate(carry) copyin(state) copyout(out[0:NV]) copy(outs[0:NZ])
  for (int k = 0; k < NZ; k++)
    for (int i = 0; i < NX + 1; i++)
      BODY (k, i)
}

static void
compute_host (double (*out)[NZ][NX + 1], double (*outs)[NX], int n4)
{
  double stencil[4], vals[NV], d3[NV];
  int carry[2] = { 0, 0 };
  for (int k = 0; k < NZ; k++)
    for (int i = 0; i < NX + 1; i++)
      BODY (k, i)
}

int
main (int argc, char **argv)
{
  (void) argv;
  for (int e = 0; e < NV * SZ; e++)
    state[e] = 1 + (e % 17) * 0.01 + (e % 5) * 0.125;
  compute (flux, sums, 4 - (argc > 5));
  compute_host (want, want_sums, 4 - (argc > 5));
  for (int v = 0; v < NV; v++)
    for (int k = 0; k < NZ; k++)
      for (int i = 0; i < NX + 1; i++)
	if (flux[v][k][i] != want[v][k][i])
	  {
	    fprintf (stderr, "flux[%d][%d][%d] = %.17g, want %.17g\n", v, k, i,
		     flux[v][k][i], want[v][k][i]);
	    abort ();
	  }
  for (int k = 0; k < NZ; k++)
    for (int i = 0; i < NX; i++)
      if (sums[k][i] != want_sums[k][i])
	abort ();
  return 0;
}

/* { dg-output "gangway: launch compute._omp_fn.0 device=cpu" } */
