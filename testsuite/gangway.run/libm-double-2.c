/* Double transcendental libm functions in a vector loop (exp, log, sin,
   cos, pow, atan2, tanh): within 2 ulps of the host's results.  */
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
      out[i][0] = exp (x * 0.05);
      out[i][1] = log (y);
      out[i][2] = sin (x);
      out[i][3] = cos (x * 0.7);
      out[i][4] = pow (y, x * 0.1);
      out[i][5] = atan2 (x, y - 10);
      out[i][6] = tanh (x * 0.2);
    }

  for (int i = 0; i < N; i++)
    {
      double x = in[i], y = fabs (x) + 0.5;
      double want[NF] = {
	exp (x * 0.05),
	log (y),
	sin (x),
	cos (x * 0.7),
	pow (y, x * 0.1),
	atan2 (x, y - 10),
	tanh (x * 0.2)
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
