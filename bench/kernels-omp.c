/* The benchmark kernels in OpenMP: the loops of kernels-acc.c with
   "parallel for" for gang and "simd" for vector.  Compiled with
   -O3 -march=native -fopenmp as -DPREFIX=omp_, and with
   -ffp-contract=off added as -DPREFIX=ompnc_.  */

#include "kernels.h"

#ifndef PREFIX
#define PREFIX omp_
#endif

void
BENCH_NAME (PREFIX, saxpy) (int n, float a, const float *restrict x,
			    float *restrict y)
{
#pragma omp parallel for simd
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

void
BENCH_NAME (PREFIX, saxpy_blk) (int n, float a, const float *restrict x,
				float *restrict y)
{
  int bs = (n + SAXPY_BLOCKS - 1) / SAXPY_BLOCKS;
#pragma omp parallel for
  for (int b = 0; b < SAXPY_BLOCKS; b++)
    {
      int lo = b * bs, hi = lo + bs < n ? lo + bs : n;
#pragma omp simd
      for (int i = lo; i < hi; i++)
	y[i] = a * x[i] + y[i];
    }
}

void
BENCH_NAME (PREFIX, mandel) (int w, int h, int maxit, int *restrict img)
{
#pragma omp parallel for
  for (int y = 0; y < h; y++)
#pragma omp simd
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

void
BENCH_NAME (PREFIX, sweep) (int n, const float *restrict a, float *restrict b)
{
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
#pragma omp simd
    for (int j = 1; j < n - 1; j++)
      b[i * n + j] = 0.25f * (a[(i - 1) * n + j] + a[(i + 1) * n + j]
			      + a[i * n + j - 1] + a[i * n + j + 1]);
}

/* Reductions and atomics.  */

float
BENCH_NAME (PREFIX, dot) (int n, const float *restrict x,
			  const float *restrict y)
{
  float sum = 0;
#pragma omp parallel for simd reduction(+:sum)
  for (int i = 0; i < n; i++)
    sum += x[i] * y[i];
  return sum;
}

void
BENCH_NAME (PREFIX, histogram) (int n, const int *restrict v,
				int *restrict hist)
{
  for (int b = 0; b < HIST_BINS; b++)
    hist[b] = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    {
#pragma omp atomic update
      hist[v[i]]++;
    }
}

void
BENCH_NAME (PREFIX, maxloc) (int n, const float *restrict a, float *m,
			     int *idx)
{
  float mx = a[0];
  int ix = n;
#pragma omp parallel for simd reduction(max:mx)
  for (int i = 0; i < n; i++)
    mx = a[i] > mx ? a[i] : mx;
#pragma omp parallel for simd reduction(min:ix)
  for (int i = 0; i < n; i++)
    if (a[i] == mx && i < ix)
      ix = i;
  *m = mx;
  *idx = ix;
}

float
BENCH_NAME (PREFIX, rowsum) (int rows, int cols, const float *restrict a,
			     float *restrict row)
{
  float total = 0;
#pragma omp parallel for reduction(+:total)
  for (int r = 0; r < rows; r++)
    {
      float s = 0;
#pragma omp simd reduction(+:s)
      for (int c = 0; c < cols; c++)
	s += a[r * cols + c];
      row[r] = s;
      total += s;
    }
  return total;
}
