/* deviceptr: memory from acc_malloc is written by a region through a
   deviceptr clause and read back with acc_memcpy_from_device.  */
/* { dg-do run } */

#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (void)
{
  float *d = acc_malloc (N * sizeof (float));
  float *h = malloc (N * sizeof (float));
  if (!d || !h)
    abort ();

#pragma acc parallel loop deviceptr(d)
  for (int i = 0; i < N; i++)
    d[i] = i * 0.5f - 3.0f;

  acc_memcpy_from_device (h, d, N * sizeof (float));
  for (int i = 0; i < N; i++)
    if (h[i] != i * 0.5f - 3.0f)
      {
	fprintf (stderr, "h[%d] = %g, expected %g\n", i, h[i], i * 0.5f - 3.0f);
	abort ();
      }
  acc_free (d);
  free (h);
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
