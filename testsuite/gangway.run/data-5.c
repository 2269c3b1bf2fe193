/* The runtime data API: acc_copyin maps an array, a region updates it
   with present, acc_copyout brings it back.  */
/* { dg-do run } */

#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (void)
{
  float *x = malloc (N * sizeof (float));
  for (int i = 0; i < N; i++)
    x[i] = i;

  acc_copyin (x, N * sizeof (float));
  if (!acc_is_present (x, N * sizeof (float)))
    abort ();
#pragma acc parallel loop present(x[0:N])
  for (int i = 0; i < N; i++)
    x[i] = x[i] * 3.0f + 1.0f;
  acc_copyout (x, N * sizeof (float));

  for (int i = 0; i < N; i++)
    if (x[i] != i * 3.0f + 1.0f)
      {
	fprintf (stderr, "x[%d] = %g, expected %g\n", i, x[i], i * 3.0f + 1.0f);
	abort ();
      }
  free (x);
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
