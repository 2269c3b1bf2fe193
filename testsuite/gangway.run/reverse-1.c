/* Accesses at a negative stride (a reversed index n - 1 - i) in a vector
   loop, through pointers: a load and a store walking downwards.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (void)
{
  int n = N;
  double *in = malloc (n * sizeof *in), *out = malloc (n * sizeof *out);
  double *rev = malloc (n * sizeof *rev);
  for (int i = 0; i < n; i++)
    {
      in[i] = i * 0.75;
      out[i] = rev[i] = -1.0;
    }

#pragma acc parallel loop copyin(in[0:n]) copyout(out[0:n], rev[0:n])
  for (int i = 0; i < n; i++)
    {
      out[i] = in[n - 1 - i] + 1.0;
      rev[n - 1 - i] = in[i] * 2.0;
    }

  for (int i = 0; i < n; i++)
    {
      if (out[i] != in[n - 1 - i] + 1.0)
	{
	  fprintf (stderr, "out[%d] = %g, expected %g\n", i, out[i],
		   in[n - 1 - i] + 1.0);
	  abort ();
	}
      if (rev[n - 1 - i] != in[i] * 2.0)
	{
	  fprintf (stderr, "rev[%d] = %g, expected %g\n", n - 1 - i,
		   rev[n - 1 - i], in[i] * 2.0);
	  abort ();
	}
    }
  free (in);
  free (out);
  free (rev);
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
