/* 2D indexing a[i * n + j] with a runtime n through pointers: a transpose
   over a collapse(2) loop nest (one consecutive and one strided side).  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

int
main (int argc, char **argv)
{
  int m = 37 + argc - 1, n = 101;	/* m is unknown to the compiler.  */
  float *a = malloc (m * n * sizeof *a), *t = malloc (m * n * sizeof *t);
  for (int k = 0; k < m * n; k++)
    {
      a[k] = k * 0.5f;
      t[k] = -1.0f;
    }

#pragma acc parallel loop collapse(2) copyin(a[0:m*n]) copyout(t[0:m*n])
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      t[j * m + i] = a[i * n + j] + 1.0f;

  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      if (t[j * m + i] != a[i * n + j] + 1.0f)
	{
	  fprintf (stderr, "t[%d][%d] = %g, expected %g\n", j, i, t[j * m + i],
		   a[i * n + j] + 1.0f);
	  abort ();
	}
  free (a);
  free (t);
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
