/* A gang-vector loop (saxpy) runs on the cpu device and matches the host.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 10007

int
main (void)
{
  static float x[N], y[N], ref[N];
  float a = 2.5f;
  for (int i = 0; i < N; i++)
    {
      x[i] = i * 0.5f;
      y[i] = 1000 - i;
      ref[i] = a * x[i] + y[i];
    }

#pragma acc parallel loop copyin(x) copy(y)
  for (int i = 0; i < N; i++)
    y[i] = a * x[i] + y[i];

  for (int i = 0; i < N; i++)
    if (y[i] != ref[i])
      {
	fprintf (stderr, "y[%d] = %g, expected %g\n", i, y[i], ref[i]);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
