/* A sequential inner loop whose trip count differs per lane (i % 17)
   inside a vector loop: lanes leave it at different iterations.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (void)
{
  static int a[N], s[N], ref[N];
  for (int i = 0; i < N; i++)
    {
      a[i] = i % 13 + 1;
      int t = 0;
      for (int k = 0; k < i % 17; k++)
	t += a[i] * k + 1;
      ref[i] = t;
      s[i] = -1;
    }

#pragma acc parallel loop copyin(a) copyout(s)
  for (int i = 0; i < N; i++)
    {
      int t = 0;
      for (int k = 0; k < i % 17; k++)
	t += a[i] * k + 1;
      s[i] = t;
    }

  for (int i = 0; i < N; i++)
    if (s[i] != ref[i])
      {
	fprintf (stderr, "s[%d] = %d, expected %d\n", i, s[i], ref[i]);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
