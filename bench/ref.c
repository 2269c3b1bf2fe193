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

/* Reductions and atomics: the serial loops, in the precision of the
   kernels (the "serial" variant), ...  */

float
ref_dot (int n, const float *restrict x, const float *restrict y)
{
  float sum = 0;
  for (int i = 0; i < n; i++)
    sum += x[i] * y[i];
  return sum;
}

void
ref_histogram (int n, const int *restrict v, int *restrict hist)
{
  for (int b = 0; b < HIST_BINS; b++)
    hist[b] = 0;
  for (int i = 0; i < n; i++)
    hist[v[i]]++;
}

/* The largest value and the first index holding it.  */

void
ref_maxloc (int n, const float *restrict a, float *m, int *idx)
{
  float mx = a[0];
  int ix = 0;
  for (int i = 1; i < n; i++)
    if (a[i] > mx)
      {
	mx = a[i];
	ix = i;
      }
  *m = mx;
  *idx = ix;
}

float
ref_rowsum (int rows, int cols, const float *restrict a,
	    float *restrict row)
{
  float total = 0;
  for (int r = 0; r < rows; r++)
    {
      float s = 0;
      for (int c = 0; c < cols; c++)
	s += a[r * cols + c];
      row[r] = s;
      total += s;
    }
  return total;
}

/* ... and the float sums once more in double, which the float results are
   compared with: the products of two floats are exact in double, and a
   double sum of 2^25 of them is within 2^-28 of the exact value relative
   to the sum of their magnitudes.  Each also returns the sum of the
   magnitudes of its terms in *ABS (per row in ROWABS for rowsum), from
   which the bench computes its error bounds.  */

double
ref_dot_exact (int n, const float *restrict x, const float *restrict y,
	       double *abs)
{
  double sum = 0, a = 0;
  for (int i = 0; i < n; i++)
    {
      double p = (double) x[i] * y[i];
      sum += p;
      a += p < 0 ? -p : p;
    }
  *abs = a;
  return sum;
}

double
ref_rowsum_exact (int rows, int cols, const float *restrict a,
		  double *restrict row, double *restrict rowabs, double *abs)
{
  double total = 0, ta = 0;
  for (int r = 0; r < rows; r++)
    {
      double s = 0, sa = 0;
      for (int c = 0; c < cols; c++)
	{
	  double v = a[r * cols + c];
	  s += v;
	  sa += v < 0 ? -v : v;
	}
      row[r] = s;
      rowabs[r] = sa;
      total += s;
      ta += sa;
    }
  *abs = ta;
  return total;
}
