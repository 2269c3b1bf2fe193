/* x * copysign (1, y), which GCC turns into the internal function
   XORSIGN (x with its sign flipped where y's sign bit is set) at -O2 and
   above: the region used to run on the host.  Signed zeros, infinities
   and NaNs included; the results are compared bit for bit (NaNs for being
   NaNs).  Found by
   gangway-fuzz (seed 1003, -O3).  */
/* { dg-do run } */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 64

double x[N], y[N], r[N];
float xf[N], yf[N], rf[N];

int
main (void)
{
  static const double v[8] = { 1.5, -2.25, 0.0, -0.0, INFINITY, -INFINITY,
			       NAN, -NAN };
  for (int i = 0; i < N; i++)
    {
      x[i] = v[i % 8] * (i / 8 + 1);
      y[i] = v[(i / 8 + i) % 8];
      xf[i] = x[i];
      yf[i] = y[i];
    }
#pragma acc parallel loop gang vector copyin (x, y, xf, yf) copyout (r, rf)
  for (int i = 0; i < N; i++)
    {
      r[i] = x[i] * copysign (1.0, y[i]);
      rf[i] = xf[i] * copysignf (1.0f, yf[i]);
    }
  for (int i = 0; i < N; i++)
    {
      double w = signbit (y[i]) ? -x[i] : x[i];
      float wf = signbit (yf[i]) ? -xf[i] : xf[i];
      /* The sign of a NaN product is not specified: a NaN is enough.  */
      int bad = isnan (w) ? !isnan (r[i]) : memcmp (&w, &r[i], sizeof w) != 0;
      bad |= isnan (wf) ? !isnan (rf[i])
			: memcmp (&wf, &rf[i], sizeof wf) != 0;
      if (bad)
	{
	  fprintf (stderr, "%d: %g %g -> %g %g, want %g %g\n", i, x[i], y[i],
		   r[i], rf[i], w, wf);
	  abort ();
	}
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
