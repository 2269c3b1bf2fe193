/* A uniform -0.0 keeps its sign when every lane reads it: the lanes' copy
   of a float must not be made by adding +0.0.  */
/* { dg-do run } */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 100

int
main (void)
{
  float z = -0.0f, r[N], q[N];
  double zd = -0.0, rd[N];

#pragma acc parallel loop copyout(r, q, rd)
  for (int i = 0; i < N; i++)
    {
      r[i] = z;
      q[i] = 1.0f / (z * (i + 1));
      rd[i] = zd;
    }

  for (int i = 0; i < N; i++)
    if (!signbit (r[i]) || q[i] != -INFINITY || !signbit (rd[i]))
      {
	fprintf (stderr, "element %d: %g %g %g\n", i, r[i], q[i], rd[i]);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu" } */
