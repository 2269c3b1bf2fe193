/* The correctly rounded double libm functions in a vector loop (sqrt,
   fabs, fmin, fmax, floor, ceil, round, trunc, fmod): results are exactly
   the host's.  */
/* { dg-do run } */

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 1000
#define NF 9
#define MAX_ULPS 0

/* The distance in ulps between X and Y (both finite, or equal).  */

static uint64_t
ulps (double x, double y)
{
  uint64_t a, b;
  if (x == y)
    return 0;
  memcpy (&a, &x, sizeof a);
  memcpy (&b, &y, sizeof b);
  if ((a ^ b) >> (sizeof a * 8 - 1))
    return ~(uint64_t) 0;		/* Opposite signs.  */
  return a > b ? a - b : b - a;
}

int
main (void)
{
  static double in[N], out[N][NF];
  for (int i = 0; i < N; i++)
    in[i] = (i - 500) * 0.0371 + (i % 7) * 0.5;

#pragma acc parallel loop copyin(in) copyout(out)
  for (int i = 0; i < N; i++)
    {
      double x = in[i], y = fabs (x) + 0.5;
      out[i][0] = sqrt (y);
      out[i][1] = fabs (x);
      out[i][2] = fmin (x, y - 10);
      out[i][3] = fmax (x, y - 10);
      out[i][4] = floor (x);
      out[i][5] = ceil (x);
      out[i][6] = round (x);
      out[i][7] = trunc (x);
      out[i][8] = fmod (x, y);
    }

  for (int i = 0; i < N; i++)
    {
      double x = in[i], y = fabs (x) + 0.5;
      double want[NF] = {
	sqrt (y),
	fabs (x),
	fmin (x, y - 10),
	fmax (x, y - 10),
	floor (x),
	ceil (x),
	round (x),
	trunc (x),
	fmod (x, y)
      };
      for (int k = 0; k < NF; k++)
	if (ulps (out[i][k], want[k]) > MAX_ULPS)
	  {
	    fprintf (stderr, "function %d of x = %a: %a, expected %a\n", k, x,
		     out[i][k], want[k]);
	    abort ();
	  }
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
