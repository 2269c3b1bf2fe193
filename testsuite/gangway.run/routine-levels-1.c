/* Routines of every level called from the levels OpenACC allows: vector
   routines from gang loops (vector-single, worker-single code) and from
   worker loops (once per worker, with its lanes); worker routines from
   gang loops and gang-redundant code; a gang routine from gang-redundant
   code; routines calling routines (a worker routine calls a vector one in
   its worker loop, a vector one calls a seq one in its vector loop);
   reductions in routines; results of every routine checked against the
   host, every region on the device.  Mirrors GCC's routine-{g,w,v,wv,gwv}
   tests, with results instead of positions.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 37
#define M 100

static int failures;

#define CHECK(what, i, got, want)					\
  do { if ((got) != (want)) { failures++;				\
      fprintf (stderr, "%s [%d]: got %ld, expected %ld\n", what, (int) (i), \
	       (long) (got), (long) (want)); } } while (0)

#pragma acc routine seq
static int
weight (int i)
{
  return (i * 7) % 11 - 5;
}

/* Fills a row with the weights (each lane its elements) and returns their
   sum (a vector reduction), which every lane of the caller gets.  */
#pragma acc routine vector
static int
vrow (int *row, int n, int k)
{
  int s = 0;
#pragma acc loop vector reduction (+:s)
  for (int i = 0; i < n; i++)
    {
      row[i] = weight (i + k);
      s += row[i];
    }
  return s;
}

/* Each worker a row, through the vector routine.  */
#pragma acc routine worker
static long
wmat (int *m, int rows, int n, int k)
{
  long t = 0;
#pragma acc loop worker reduction (+:t)
  for (int r = 0; r < rows; r++)
    t += vrow (m + r * n, n, k + r);
  return t;
}

/* Each gang a block of rows.  */
#pragma acc routine gang
static void
gfill (int *m, int rows, int n)
{
#pragma acc loop gang worker vector
  for (int r = 0; r < rows * n; r++)
    m[r] = weight (r) * 2;
}

static int
vrow_host (int *row, int n, int k)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += (row[i] = weight (i + k));
  return s;
}

int
main (void)
{
  static int a[N][M], b[N][8][M], c[N * M];
  int sa[N], sb[N][8];
  long sw[N];

  /* A vector routine from a gang loop.  */
#pragma acc parallel loop gang copyout (a, sa)
  for (int g = 0; g < N; g++)
    sa[g] = vrow (a[g], M, g);
  for (int g = 0; g < N; g++)
    {
      int row[M];
      CHECK ("vrow from gangs", g, sa[g], vrow_host (row, M, g));
      for (int i = 0; i < M; i++)
	CHECK ("vrow's row", g * M + i, a[g][i], row[i]);
    }

  /* A vector routine from a worker loop: each worker its row.  */
#pragma acc parallel loop gang num_workers (4) copyout (b, sb)
  for (int g = 0; g < N; g++)
#pragma acc loop worker
    for (int w = 0; w < 8; w++)
      sb[g][w] = vrow (b[g][w], M - w, g + w);
  for (int g = 0; g < N; g++)
    for (int w = 0; w < 8; w++)
      {
	int row[M];
	CHECK ("vrow from workers", g * 8 + w, sb[g][w],
	       vrow_host (row, M - w, g + w));
	for (int i = 0; i < M - w; i++)
	  CHECK ("vrow's row from workers", i, b[g][w][i], row[i]);
      }

  /* A worker routine (calling the vector one) from a gang loop.  */
#pragma acc parallel loop gang num_workers (4) copyout (b, sw)
  for (int g = 0; g < N; g++)
    sw[g] = wmat (&b[g][0][0], 8, M, g);
  for (int g = 0; g < N; g++)
    {
      long t = 0;
      for (int r = 0; r < 8; r++)
	{
	  int row[M];
	  t += vrow_host (row, M, g + r);
	  for (int i = 0; i < M; i++)
	    CHECK ("wmat's rows", i, b[g][r][i], row[i]);
	}
      CHECK ("wmat from gangs", g, sw[g], t);
    }

  /* A gang routine from gang-redundant code.  */
#pragma acc parallel num_gangs (4) num_workers (2) copyout (c)
  gfill (c, N, M);
  for (int r = 0; r < N * M; r++)
    CHECK ("gfill", r, c[r], weight (r) * 2);

  if (failures)
    abort ();
  return 0;
}

/* { dg-output "^(gangway: launch \[^\n\]* device=cpu \[^\n\]*(\n|\r\n|\r)){3}gangway: launch \[^\n\]* device=cpu " } */
