/* Temporal divergence of an affine value: k starts at i (consecutive
   across lanes) and a data-dependent loop advances it a different number
   of times per lane, so a[k] after the loop is not a consecutive access.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (void)
{
  static int a[N + 8], d[N];
  for (int i = 0; i < N + 8; i++)
    a[i] = 3 * i + 1;

#pragma acc parallel loop copyin(a) copyout(d)
  for (int i = 0; i < N; i++)
    {
      int k = i;
      while (k % 7 != 0)
	k++;
      d[i] = a[k];
    }

  for (int i = 0; i < N; i++)
    {
      int k = i;
      while (k % 7 != 0)
	k++;
      if (d[i] != a[k])
	{
	  fprintf (stderr, "d[%d] = %d, expected %d\n", i, d[i], a[k]);
	  abort ();
	}
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
