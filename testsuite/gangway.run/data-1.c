/* copyin, copyout and create on one parallel construct over malloc'ed
   arrays: the create'd scratch array is written then read in the region,
   copyout carries the result back.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (void)
{
  int n = N;
  double *in = malloc (n * sizeof *in);
  double *out = malloc (n * sizeof *out);
  double *tmp = malloc (n * sizeof *tmp);
  for (int i = 0; i < n; i++)
    {
      in[i] = i * 0.75;
      out[i] = -1.0;
    }

#pragma acc parallel loop copyin(in[0:n]) copyout(out[0:n]) create(tmp[0:n])
  for (int i = 0; i < n; i++)
    {
      tmp[i] = in[i] * 2.0;
      out[i] = tmp[i] + 1.0;
    }

  for (int i = 0; i < n; i++)
    {
      double want = in[i] * 2.0 + 1.0;
      if (out[i] != want)
	{
	  fprintf (stderr, "out[%d] = %g, expected %g\n", i, out[i], want);
	  abort ();
	}
    }
  free (in);
  free (out);
  free (tmp);
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
