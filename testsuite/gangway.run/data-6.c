/* host_data use_device gives the device address of mapped data, which a
   region then uses through deviceptr inside the data region.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (void)
{
  float *x = malloc (N * sizeof (float));
  for (int i = 0; i < N; i++)
    x[i] = i + 1.0f;

#pragma acc data copy(x[0:N])
  {
    float *xd;
#pragma acc host_data use_device(x)
    xd = x;
#pragma acc parallel loop deviceptr(xd)
    for (int i = 0; i < N; i++)
      xd[i] *= 2.0f;
  }

  for (int i = 0; i < N; i++)
    if (x[i] != 2.0f * (i + 1.0f))
      {
	fprintf (stderr, "x[%d] = %g, expected %g\n", i, x[i],
		 2.0f * (i + 1.0f));
	abort ();
      }
  free (x);
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
