/* Mandelbrot: each pixel iterates until it escapes, so the vector lanes
   of a row leave their loop at different times.

   Build:  gcc -O2 $(pkg-config --cflags --libs gangway) mandelbrot.c
   Run:    GANGWAY_LOG=launch,time ./a.out  */

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double
now (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

int
main (void)
{
  const int w = 1024, h = 768, maxit = 256;
  int *img = malloc (w * h * sizeof *img);

  double t0 = now ();
#pragma acc parallel loop gang copyout(img[0:w*h])
  for (int y = 0; y < h; y++)
#pragma acc loop vector
    for (int x = 0; x < w; x++)
      {
	float cr = -2.0f + 2.5f * x / w, ci = -1.25f + 2.5f * y / h;
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
  double t1 = now ();

  /* A coarse picture and a checksum.  */
  long sum = 0;
  for (int i = 0; i < w * h; i++)
    sum += img[i];
  for (int y = 0; y < h; y += h / 16)
    {
      for (int x = 0; x < w; x += w / 64)
	putchar (img[y * w + x] == maxit ? '#' : img[y * w + x] > 8 ? '+' : '.');
      putchar ('\n');
    }
  printf ("mandelbrot: %dx%d, %d iterations max, checksum %ld, %.2f ms\n",
	  w, h, maxit, sum, (t1 - t0) * 1e3);
  free (img);
  return 0;
}
