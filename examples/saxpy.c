/* saxpy: y = a*x + y over 16M floats, on the OpenACC device.

   Build:  gcc -O2 $(pkg-config --cflags --libs gangway) saxpy.c
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
  int n = 1 << 24;
  float a = 2.0f;
  float *x = malloc (n * sizeof *x), *y = malloc (n * sizeof *y);
  for (int i = 0; i < n; i++)
    {
      x[i] = i % 1000;
      y[i] = 1.0f;
    }

  double t0 = now ();
#pragma acc parallel loop copyin(x[0:n]) copy(y[0:n])
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
  double t1 = now ();

  int bad = 0;
  for (int i = 0; i < n; i++)
    bad += y[i] != a * (i % 1000) + 1.0f;
  printf ("saxpy: n=%d, y[999]=%.1f, %d wrong, %.2f ms\n", n, y[999], bad,
	  (t1 - t0) * 1e3);
  free (x);
  free (y);
  return bad != 0;
}
