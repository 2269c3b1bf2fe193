/* Float transcendental libm functions in a vector loop (expf, logf, sinf,
   cosf, powf, atan2f, tanhf): within 2 ulps of the host's results.  */
/* { dg-do run } */

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 1000
#define NF 7
#define MAX_ULPS 2

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
      out[i][0] = expf (x * 0.05f);
      out[i][1] = logf (y);
      out[i][2] = sinf (x);
      out[i][3] = cosf (x * 0.7f);
      out[i][4] = powf (y, x * 0.1f);
      out[i][5] = atan2f (x, y - 10);
      out[i][6] = tanhf (x * 0.2f);
    }

  for (int i = 0; i < N; i++)
    {
      float x = in[i], y = fabsf (x) + 0.5f;
      float want[NF] = {
	expf (x * 0.05f),
	logf (y),
	sinf (x),
	cosf (x * 0.7f),
	powf (y, x * 0.1f),
	atan2f (x, y - 10),
	tanhf (x * 0.2f)
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
