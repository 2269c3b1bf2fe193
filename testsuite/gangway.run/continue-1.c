/* A continue that skips the rest of a vector loop's body for some lanes,
   and one inside a sequential inner loop.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 1003

int
main (void)
{
  static int a[N], b[N], ref[N];
  for (int i = 0; i < N; i++)
    {
      a[i] = (i * 13) % 29;
      b[i] = ref[i] = -5;
    }
  for (int i = 0; i < N; i++)
    {
      if (a[i] % 4 == 1)
	continue;
      int t = 0;
      for (int k = 0; k < a[i]; k++)
	{
	  if (k % 3 == 0)
	    continue;
	  t += k;
	}
      ref[i] = t;
    }

#pragma acc parallel loop copyin(a) copy(b)
  for (int i = 0; i < N; i++)
    {
      if (a[i] % 4 == 1)
	continue;
      int t = 0;
      for (int k = 0; k < a[i]; k++)
	{
	  if (k % 3 == 0)
	    continue;
	  t += k;
	}
      b[i] = t;
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
