/* The correctly rounded float libm functions in a vector loop (sqrtf,
   fabsf, fminf, fmaxf, floorf, ceilf, roundf, truncf, fmodf): results are
   exactly the host's.  */
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

static uint32_t
ulps (float x, float y)
{
  uint32_t a, b;
  if (x == y)
    return 0;
  memcpy (&a, &x, sizeof a);
  memcpy (&b, &y, sizeof b);
  if ((a ^ b) >> (sizeof a * 8 - 1))
    return ~(uint32_t) 0;		/* Opposite signs.  */
  return a > b ? a - b : b - a;
}

int
main (void)
{
  static float in[N], out[N][NF];
  for (int i = 0; i < N; i++)
    in[i] = (i - 500) * 0.0371f + (i % 7) * 0.5f;

#pragma acc parallel loop copyin(in) copyout(out)
  for (int i = 0; i < N; i++)
    {
      float x = in[i], y = fabsf (x) + 0.5f;
      out[i][0] = sqrtf (y);
      out[i][1] = fabsf (x);
      out[i][2] = fminf (x, y - 10);
      out[i][3] = fmaxf (x, y - 10);
      out[i][4] = floorf (x);
      out[i][5] = ceilf (x);
      out[i][6] = roundf (x);
      out[i][7] = truncf (x);
      out[i][8] = fmodf (x, y);
    }

  for (int i = 0; i < N; i++)
    {
      float x = in[i], y = fabsf (x) + 0.5f;
      float want[NF] = {
	sqrtf (y),
	fabsf (x),
	fminf (x, y - 10),
	fmaxf (x, y - 10),
	floorf (x),
	ceilf (x),
	roundf (x),
	truncf (x),
	fmodf (x, y)
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
