/* ptxsim: a gang-vector loop (saxpy) and a gang-vector loop over doubles
   with a runtime trip count.  */

#include <stdio.h>
#include <stdlib.h>

#define N 10007

static float x[N], y[N], ref[N];
static double u[N], v[N], vref[N];

int
main (int argc, char **argv)
{
  float a = 2.5f;
  int n = N - (argc > 100);	/* Unknown at compile time.  */
  (void) argv;
  for (int i = 0; i < N; i++)
    {
      x[i] = i * 0.5f;
      y[i] = 1000 - i;
      ref[i] = a * x[i] + y[i];
      u[i] = i / 3.0;
      v[i] = -i;
      vref[i] = u[i] * u[i] - 2.0 * v[i];
    }

#pragma acc parallel loop copyin(x) copy(y)
  for (int i = 0; i < N; i++)
    y[i] = a * x[i] + y[i];

#pragma acc parallel loop gang vector copyin(u[0:n]) copy(v[0:n])
  for (int i = 0; i < n; i++)
    v[i] = u[i] * u[i] - 2.0 * v[i];

  int bad = 0;
  for (int i = 0; i < N; i++)
    {
      if (y[i] != ref[i] && bad++ < 10)
	fprintf (stderr, "y[%d] = %g, expected %g\n", i, y[i], ref[i]);
      if (v[i] != vref[i] && bad++ < 10)
	fprintf (stderr, "v[%d] = %g, expected %g\n", i, v[i], vref[i]);
    }
  if (bad)
    {
      fprintf (stderr, "saxpy: %d mismatches\n", bad);
      return 1;
    }
  return 0;
}
