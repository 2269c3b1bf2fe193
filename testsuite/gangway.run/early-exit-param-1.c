/* An escape-time loop whose bound is a run-time parameter, as in the
   benchmark's Mandelbrot kernel: GCC merges the iteration count at the
   two exits into one phi that takes the bound itself on one edge.  That
   bound comes from code before the vector loop (lane 0's), the counts
   differ per lane: every pixel against the host.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define W 203
#define H 61

static void __attribute__ ((noinline))
mandel (int w, int h, int maxit, int *restrict img)
{
#pragma acc parallel loop gang copyout(img[0:w*h])
  for (int y = 0; y < h; y++)
#pragma acc loop vector
    for (int x = 0; x < w; x++)
      {
	float cr = -2.0f + 2.5f * x / w, ci = -1.1f + 2.2f * y / h;
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

int
main (int argc, char **argv)
{
  static int img[W * H];
  int maxit = 100 + argc;	/* Unknown to the compiler.  */
  mandel (W, H, maxit, img);
  int inside = 0;
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      {
	float cr = -2.0f + 2.5f * x / W, ci = -1.1f + 2.2f * y / H;
	float zr = 0, zi = 0;
	int k = 0;
	while (k < maxit && zr * zr + zi * zi <= 4.0f)
	  {
	    float t = zr * zr - zi * zi + cr;
	    zi = 2 * zr * zi + ci;
	    zr = t;
	    k++;
	  }
	if (img[y * W + x] != k)
	  {
	    fprintf (stderr, "pixel %d,%d: %d, expected %d\n", x, y,
		     img[y * W + x], k);
	    abort ();
	  }
	inside += k == maxit;
      }
  /* Both exits taken.  */
  if (inside == 0 || inside == W * H)
    abort ();
  return 0;
}

/* { dg-output "gangway: launch mandel._omp_fn.0 device=cpu" } */
