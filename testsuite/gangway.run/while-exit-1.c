/* A while loop with a data-dependent exit (Mandelbrot escape count) in a
   vector loop: lanes iterate different numbers of times.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define W 203
#define H 61
#define MAXIT 200

static int
escape (int x, int y)
{
  float cr = -2.0f + 2.5f * x / W, ci = -1.25f + 2.5f * y / H;
  float zr = 0, zi = 0;
  int k = 0;
  while (k < MAXIT && zr * zr + zi * zi <= 4.0f)
    {
      float t = zr * zr - zi * zi + cr;
      zi = 2 * zr * zi + ci;
      zr = t;
      k++;
    }
  return k;
}

int
main (void)
{
  static int img[W * H];

#pragma acc parallel loop copyout(img)
  for (int p = 0; p < W * H; p++)
    {
      int x = p % W, y = p / W;
      float cr = -2.0f + 2.5f * x / W, ci = -1.25f + 2.5f * y / H;
      float zr = 0, zi = 0;
      int k = 0;
      while (k < MAXIT && zr * zr + zi * zi <= 4.0f)
	{
	  float t = zr * zr - zi * zi + cr;
	  zi = 2 * zr * zi + ci;
	  zr = t;
	  k++;
	}
      img[p] = k;
    }

  int inside = 0;
  for (int p = 0; p < W * H; p++)
    {
      int want = escape (p % W, p / W);
      if (img[p] != want)
	{
	  fprintf (stderr, "img[%d] = %d, expected %d\n", p, img[p], want);
	  abort ();
	}
      inside += want == MAXIT;
    }
  /* The picture must have both escaping and bounded points.  */
  if (inside == 0 || inside == W * H)
    abort ();
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
