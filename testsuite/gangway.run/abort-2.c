/* Checks that end in abort () one after the other in a vector loop, none
   of them failing: the cpu image lays the abort blocks out one after
   the other, and the second one, which the first one's skip falls into,
   must test its mask (at -O0 it ran with no lane and trapped, SIGILL).
   gfortran's -fcheck=bounds makes the same layout.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (void)
{
  static int a[N];
  for (int i = 0; i < N; i++)
    a[i] = i;

#pragma acc parallel loop copy(a)
  for (int i = 0; i < N; i++)
    {
      if (a[i] < 0)
	abort ();
      if (a[i] > 5 * N)
	abort ();
      if (a[i] == -7)
	abort ();
      a[i] += 1;
    }

  for (int i = 0; i < N; i++)
    if (a[i] != i + 1)
      {
	fprintf (stderr, "a[%d] = %d, expected %d\n", i, a[i], i + 1);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
