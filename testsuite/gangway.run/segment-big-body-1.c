/* A collapsed nest's vector loop runs a row's whole vectors in a copy of
   its body and the rest under a mask (align-rows); a body of more than
   400 instructions is not copied, and the tail loop alone runs every
   vector of the row, masked.  Both, with halo subscripts, extents that
   are not multiples of the vector length (rows shorter and longer than
   a vector) and run-time bounds, against the host's results.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define NO 24
#define NZ 9
#define HS 2
#define MAXX 75

static double in[NZ + 2 * HS][MAXX + 2 * HS];
static double out[NO][NZ][MAXX], want[NO][NZ][MAXX];

/* One output of the big body: a few loads and some arithmetic.  */
#define TERM(o, k, i)							\
  ((o + 1) * in[(k) + HS][(i) + HS]					\
   - in[(k) + HS - 1][(i) + HS + 1] / (o + 2)				\
   + in[(k) + HS + 1][(i) + HS - 2] * in[(k) + HS][(i) + HS - 1])

#define BODY(dst, k, i)							\
  do									\
    {									\
      for (int o = 0; o < NO; o++)					\
	dst[o][k][i] = TERM (o, k, i);					\
    }									\
  while (0)

static void
big (int nz, int nx)
{
#pragma acc parallel loop collapse(2) copyin(in) copy(out)
  for (int k = 0; k < nz; k++)
    for (int i = 0; i < nx; i++)
      {
	/* Written out: the unrolled loop makes the body big.  */
#define B(o) out[o][k][i] = TERM (o, k, i)
	B (0); B (1); B (2); B (3); B (4); B (5); B (6); B (7);
	B (8); B (9); B (10); B (11); B (12); B (13); B (14); B (15);
	B (16); B (17); B (18); B (19); B (20); B (21); B (22); B (23);
#undef B
      }
}

static void
small (int nz, int nx)
{
#pragma acc parallel loop collapse(2) copyin(in) copy(out)
  for (int k = 0; k < nz; k++)
    for (int i = 0; i < nx; i++)
      out[0][k][i] = TERM (0, k, i);
}

static void
check (const char *what, int nz, int nx, int outs)
{
  for (int o = 0; o < outs; o++)
    for (int k = 0; k < nz; k++)
      for (int i = 0; i < nx; i++)
	if (out[o][k][i] != want[o][k][i])
	  {
	    fprintf (stderr, "%s nx=%d: out[%d][%d][%d] = %g, want %g\n", what,
		     nx, o, k, i, out[o][k][i], want[o][k][i]);
	    abort ();
	  }
}

int
main (void)
{
  for (int k = 0; k < NZ + 2 * HS; k++)
    for (int i = 0; i < MAXX + 2 * HS; i++)
      in[k][i] = (k * 37 + i * 11) % 29 - 7.5;

  static const int widths[] = { 1, 3, 7, 8, 13, 16, 31, 64, 75 };
  for (unsigned w = 0; w < sizeof widths / sizeof *widths; w++)
    {
      int nx = widths[w];
      for (int k = 0; k < NZ; k++)
	for (int i = 0; i < nx; i++)
	  BODY (want, k, i);
      for (int o = 0; o < NO; o++)
	for (int k = 0; k < NZ; k++)
	  for (int i = 0; i < MAXX; i++)
	    out[o][k][i] = -1;
      big (NZ, nx);
      check ("big", NZ, nx, NO);
      small (NZ, nx);
      check ("small", NZ, nx, 1);
    }
  return 0;
}

/* { dg-output "gangway: launch big._omp_fn.0 device=cpu\[^\n\]*\n" } */
/* { dg-output "(\[^\n\]*\n)*gangway: launch small._omp_fn.0 device=cpu" } */
