/* An if/else whose condition differs between the lanes of a vector loop:
   each lane takes its own branch and the results match the host.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (void)
{
  static int a[N], b[N], ref[N];
  for (int i = 0; i < N; i++)
    {
      a[i] = (i * 37) % 101 - 50;
      b[i] = -1;
      if (a[i] > 0)
	ref[i] = a[i] * 3 + i;
      else
	ref[i] = -a[i] - 2 * i;
    }

#pragma acc parallel loop copyin(a) copyout(b)
  for (int i = 0; i < N; i++)
    {
      if (a[i] > 0)
	b[i] = a[i] * 3 + i;
      else
	b[i] = -a[i] - 2 * i;
    }

  for (int i = 0; i < N; i++)
    if (b[i] != ref[i])
      {
	fprintf (stderr, "b[%d] = %d, expected %d\n", i, b[i], ref[i]);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
