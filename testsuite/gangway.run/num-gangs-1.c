/* num_gangs(3) launches three gangs, and the gang loop's iterations are
   shared between them without loss or duplication.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (void)
{
  static int a[N];
  for (int i = 0; i < N; i++)
    a[i] = 1;

#pragma acc parallel loop gang num_gangs(3) copy(a)
  for (int i = 0; i < N; i++)
    a[i] += i;

  for (int i = 0; i < N; i++)
    if (a[i] != i + 1)
      {
	fprintf (stderr, "a[%d] = %d, expected %d\n", i, a[i], i + 1);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=3 workers=1 vector=1" } */
