/* Worker-single code between worker loops: the cpu device against GCC's
   host fallback of the same region, in the same run (see README.md).
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   Each gang iteration (a row) runs a serial recurrence in worker-single
   code (a logistic map, SERIAL steps, which no level can share), then a
   worker-vector loop that scales the row by its result, then a second
   serial step that reads the row, then a worker loop with a vector loop
   inside.  The region's "if" clause sends it to the host fallback when
   ON_DEVICE is 0.

     workers [ROWS COLS SERIAL REPS]  */

#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void
step (int on_device, int rows, int cols, int serial, float *restrict a,
      float *restrict r)
{
#pragma acc parallel num_workers (4) vector_length (16) if (on_device) \
	copy (a[0:rows * cols], r[0:rows])
#pragma acc loop gang
  for (int i = 0; i < rows; i++)
    {
      float x = 0.25f + 0.5f * (float) (i % 7) / 7.0f;
      for (int s = 0; s < serial; s++)
	x = 3.7f * x * (1.0f - x);
#pragma acc loop worker vector
      for (int j = 0; j < cols; j++)
	a[i * cols + j] = a[i * cols + j] * 0.5f + x;
      float y = a[i * cols] + a[i * cols + cols - 1];
      for (int s = 0; s < serial; s++)
	y = y * 0.999f + x;
#pragma acc loop worker
      for (int j = 0; j < cols; j += 16)
	{
#pragma acc loop vector
	  for (int k = 0; k < 16; k++)
	    if (j + k < cols)
	      a[i * cols + j + k] -= y * 1e-3f;
	}
      r[i] = y;
    }
}

static double
now (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static int
cmp (const void *x, const void *y)
{
  double a = *(const double *) x, b = *(const double *) y;
  return a < b ? -1 : a > b;
}

int
main (int argc, char **argv)
{
  int rows = argc > 1 ? atoi (argv[1]) : 2048;
  int cols = argc > 2 ? atoi (argv[2]) : 1024;
  int serial = argc > 3 ? atoi (argv[3]) : 2000;
  int reps = argc > 4 ? atoi (argv[4]) : 7;
  size_t n = (size_t) rows * cols;
  float *a0 = malloc (n * sizeof *a0), *a = malloc (n * sizeof *a);
  float *ref = malloc (n * sizeof *ref), *r = malloc (rows * sizeof *r);
  float *rref = malloc (rows * sizeof *rref);
  if (!a0 || !a || !ref || !r || !rref)
    return 1;
  for (size_t k = 0; k < n; k++)
    a0[k] = (float) (k % 101) / 101.0f;

  /* The host fallback is the reference; the device must match it.  */
  memcpy (ref, a0, n * sizeof *ref);
  step (0, rows, cols, serial, ref, rref);
  memcpy (a, a0, n * sizeof *a);
  step (1, rows, cols, serial, a, r);
  if (memcmp (a, ref, n * sizeof *a) || memcmp (r, rref, rows * sizeof *r))
    {
      fprintf (stderr, "workers: the cpu device and the host differ\n");
      return 1;
    }

  double t[2][64];
  if (reps > 64)
    reps = 64;
  for (int k = 0; k < reps; k++)
    for (int d = 0; d < 2; d++)
      {
	memcpy (a, a0, n * sizeof *a);
	double t0 = now ();
	step (d == 0, rows, cols, serial, a, r);
	t[d][k] = now () - t0;
      }
  qsort (t[0], reps, sizeof t[0][0], cmp);
  qsort (t[1], reps, sizeof t[1][0], cmp);
  double dev = t[0][reps / 2], host = t[1][reps / 2];
  printf ("workers %dx%d serial %d, median of %d: cpu device %.2f ms, "
	  "host fallback %.2f ms, ratio host/cpu %.2fx (minima %.2fx)\n",
	  rows, cols, serial, reps, dev * 1e3, host * 1e3, host / dev,
	  t[1][0] / t[0][0]);
  return 0;
}
