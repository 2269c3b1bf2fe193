/* The benchmark kernels in OpenACC.  Compiled with -DPREFIX=acc_ and the
   Gangway plugin, and with -DPREFIX=hacc_ under GCC's host fallback.  */

#include "kernels.h"

#ifndef PREFIX
#define PREFIX acc_
#endif

/* y = a*x + y, the loop as a user writes it: GCC partitions it over gangs
   and vector lanes.  */

void
BENCH_NAME (PREFIX, saxpy) (int n, float a, const float *restrict x,
			    float *restrict y)
{
#pragma acc parallel loop copyin(x[0:n]) copy(y[0:n])
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

/* The same saxpy, cut by hand into SAXPY_BLOCKS contiguous blocks: gangs
   over blocks, vector lanes within a block.  The difference from saxpy
   shows what the distribution of iterations over gangs costs: for a loop
   that is both gang and vector, GCC's lowering (in a host compiler, i.e.
   without ACCEL_COMPILER) makes the gangs stride through the iteration
   space in steps of num_gangs * vector_length instead of giving each gang
   a contiguous run.  */

void
BENCH_NAME (PREFIX, saxpy_blk) (int n, float a, const float *restrict x,
				float *restrict y)
{
  int bs = (n + SAXPY_BLOCKS - 1) / SAXPY_BLOCKS;
#pragma acc parallel loop gang copyin(x[0:n]) copy(y[0:n])
  for (int b = 0; b < SAXPY_BLOCKS; b++)
    {
      int lo = b * bs, hi = lo + bs < n ? lo + bs : n;
#pragma acc loop vector
      for (int i = lo; i < hi; i++)
	y[i] = a * x[i] + y[i];
    }
}

/* Mandelbrot: gangs over rows, vector lanes over columns; every lane
   leaves the iteration loop when its pixel escapes.  */

void
BENCH_NAME (PREFIX, mandel) (int w, int h, int maxit, int *restrict img)
{
#pragma acc parallel loop gang copyout(img[0:w*h])
  for (int y = 0; y < h; y++)
#pragma acc loop vector
    for (int x = 0; x < w; x++)
      {
	float cr = MANDEL_CR (x, w), ci = MANDEL_CI (y, h);
	float zr = 0, zi = 0;
	int k = 0;
	while (k < maxit && zr * zr + zi * zi <= 4.0f)
	  {
	    float t = zr * zr - zi * zi + cr;
	    zi = 2 * zr * zi + ci;
	    zr = t;
	    k++;
	  }
	img[y * w + x] = k;
      }
}

/* One Jacobi sweep of the five-point stencil from A into B (interior
   points only): gangs over rows, vector lanes over columns.  */

void
BENCH_NAME (PREFIX, sweep) (int n, const float *restrict a, float *restrict b)
{
#pragma acc parallel loop gang copyin(a[0:n*n]) copy(b[0:n*n])
  for (int i = 1; i < n - 1; i++)
#pragma acc loop vector
    for (int j = 1; j < n - 1; j++)
      b[i * n + j] = 0.25f * (a[(i - 1) * n + j] + a[(i + 1) * n + j]
			      + a[i * n + j - 1] + a[i * n + j + 1]);
}

/* Reductions and atomics.  */

/* The dot product, as a user writes it: the default partitioning (GCC
   makes it gang + vector) and a + reduction.  */

float
BENCH_NAME (PREFIX, dot) (int n, const float *restrict x,
			  const float *restrict y)
{
  float sum = 0;
#pragma acc parallel loop reduction(+:sum) copyin(x[0:n], y[0:n])
  for (int i = 0; i < n; i++)
    sum += x[i] * y[i];
  return sum;
}

/* A histogram of N values in [0, HIST_BINS): one atomic increment per
   value.  */

void
BENCH_NAME (PREFIX, histogram) (int n, const int *restrict v,
				int *restrict hist)
{
  for (int b = 0; b < HIST_BINS; b++)
    hist[b] = 0;
#pragma acc parallel loop copyin(v[0:n]) copy(hist[0:HIST_BINS])
  for (int i = 0; i < n; i++)
    {
#pragma acc atomic update
      hist[v[i]]++;
    }
}

/* The largest value of A and the smallest index where it occurs, the
   usual OpenACC way: a max reduction, then a min reduction over the
   indices holding that value.  */

void
BENCH_NAME (PREFIX, maxloc) (int n, const float *restrict a, float *m,
			     int *idx)
{
  float mx = a[0];
  int ix = n;
#pragma acc data copyin(a[0:n])
  {
#pragma acc parallel loop reduction(max:mx)
    for (int i = 0; i < n; i++)
      mx = a[i] > mx ? a[i] : mx;
#pragma acc parallel loop reduction(min:ix)
    for (int i = 0; i < n; i++)
      if (a[i] == mx && i < ix)
	ix = i;
  }
  *m = mx;
  *idx = ix;
}

/* Row sums and their total: gangs over rows (a + reduction into the
   total), vector lanes over the columns of a row (a + reduction into the
   row's sum).  */

float
BENCH_NAME (PREFIX, rowsum) (int rows, int cols, const float *restrict a,
			     float *restrict row)
{
  float total = 0;
#pragma acc parallel loop gang reduction(+:total) \
  copyin(a[0:rows*cols]) copyout(row[0:rows])
  for (int r = 0; r < rows; r++)
    {
      float s = 0;
#pragma acc loop vector reduction(+:s)
      for (int c = 0; c < cols; c++)
	s += a[r * cols + c];
      row[r] = s;
      total += s;
    }
  return total;
}
