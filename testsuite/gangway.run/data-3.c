/* Unstructured data: enter data copyin/create, compute regions using the
   data with present, update self, and exit data copyout/delete.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 999

int
main (void)
{
  int n = N;
  float *x = malloc (n * sizeof *x), *y = malloc (n * sizeof *y);
  for (int i = 0; i < n; i++)
    x[i] = i * 0.5f;

#pragma acc enter data copyin(x[0:n]) create(y[0:n])
#pragma acc parallel loop present(x[0:n], y[0:n])
  for (int i = 0; i < n; i++)
    y[i] = x[i] + 10.0f;
#pragma acc update self(y[0:n])
  for (int i = 0; i < n; i++)
    if (y[i] != i * 0.5f + 10.0f)
      {
	fprintf (stderr, "after update: y[%d] = %g, expected %g\n", i, y[i],
		 i * 0.5f + 10.0f);
	abort ();
      }
  /* Change x on the host and send it to the device.  */
  for (int i = 0; i < n; i++)
    x[i] = -x[i];
#pragma acc update device(x[0:n])
#pragma acc parallel loop present(x[0:n], y[0:n])
  for (int i = 0; i < n; i++)
    y[i] = y[i] * x[i];
#pragma acc exit data copyout(y[0:n]) delete(x[0:n])

  for (int i = 0; i < n; i++)
    {
      float want = (i * 0.5f + 10.0f) * -(i * 0.5f);
      if (y[i] != want)
	{
	  fprintf (stderr, "y[%d] = %g, expected %g\n", i, y[i], want);
	  abort ();
	}
    }
  free (x);
  free (y);
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
