/* The serial reference the other versions are checked against.  Built
   with plain -O2 (baseline x86-64: no FMA, so no contraction).  */

#include "kernels.h"

void
ref_saxpy (int n, float a, const float *restrict x, float *restrict y)
{
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

void
ref_saxpy_blk (int n, float a, const float *restrict x, float *restrict y)
{
  ref_saxpy (n, a, x, y);
}

void
ref_mandel (int w, int h, int maxit, int *restrict img)
{
  for (int y = 0; y < h; y++)
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
ref_sweep (int n, const float *restrict a, float *restrict b)
{
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      b[i * n + j] = 0.25f * (a[(i - 1) * n + j] + a[(i + 1) * n + j]
			      + a[i * n + j - 1] + a[i * n + j + 1]);
}
