/* A division guarded by a divergent test of its divisor: lanes whose
   divisor is zero (or whose division would overflow, INT_MIN / -1) take
   the other branch and must not trap.  */
/* { dg-do run } */

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (void)
{
  static int a[N], b[N], c[N];
  for (int i = 0; i < N; i++)
    {
      a[i] = i % 7 == 3 ? INT_MIN : i * 13 - 4000;
      b[i] = i % 5 == 0 ? 0 : i % 7 == 3 ? -1 : i % 9 - 4;
    }

#pragma acc parallel loop copyin(a, b) copyout(c)
  for (int i = 0; i < N; i++)
    {
      if (b[i] != 0 && !(a[i] == INT_MIN && b[i] == -1))
	c[i] = a[i] / b[i] + a[i] % b[i];
      else
	c[i] = -1;
    }

  for (int i = 0; i < N; i++)
    {
      int want = (b[i] != 0 && !(a[i] == INT_MIN && b[i] == -1))
		 ? a[i] / b[i] + a[i] % b[i] : -1;
      if (c[i] != want)
	{
	  fprintf (stderr, "c[%d] = %d, expected %d\n", i, c[i], want);
	  abort ();
	}
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
