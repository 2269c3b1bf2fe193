/* sinf and cosf of the same per-lane value (which GCC combines into one
   sincos/cexpi computation) in a vector loop: within 2 ulps of the host.  */
/* { dg-do run } */

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 1000
#define MAX_ULPS 2

/* The distance in ulps between X and Y.  */

static uint32_t
ulps (float x, float y)
{
  uint32_t a, b;
  if (x == y)
    return 0;
  memcpy (&a, &x, sizeof a);
  memcpy (&b, &y, sizeof b);
  if ((a ^ b) >> 31)
    return ~(uint32_t) 0;		/* Opposite signs.  */
  return a > b ? a - b : b - a;
}

int
main (void)
{
  static float angle[N], x[N], y[N];
  for (int i = 0; i < N; i++)
    angle[i] = (i - 500) * 0.0123f;

#pragma acc parallel loop copyin(angle) copyout(x, y)
  for (int i = 0; i < N; i++)
    {
      float t = angle[i];
      x[i] = 2.0f * cosf (t);
      y[i] = 2.0f * sinf (t);
    }

  for (int i = 0; i < N; i++)
    {
      float t = angle[i];
      float wx = 2.0f * cosf (t), wy = 2.0f * sinf (t);
      if (ulps (x[i], wx) > MAX_ULPS || ulps (y[i], wy) > MAX_ULPS)
	{
	  fprintf (stderr, "angle %a: (%a, %a), expected (%a, %a)\n", t, x[i],
		   y[i], wx, wy);
	  abort ();
	}
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
