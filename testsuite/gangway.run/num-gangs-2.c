/* num_gangs(n) with n known only at run time (5 here) launches n gangs,
   each of which runs a vector loop.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 10007

int
main (int argc, char **argv)
{
  static int a[N];
  int n = argc + 4;		/* 5, unknown to the compiler.  */
  for (int i = 0; i < N; i++)
    a[i] = -i;

#pragma acc parallel loop gang vector num_gangs(n) copy(a)
  for (int i = 0; i < N; i++)
    a[i] = a[i] * 3 + 7;

  for (int i = 0; i < N; i++)
    if (a[i] != -3 * i + 7)
      {
	fprintf (stderr, "a[%d] = %d, expected %d\n", i, a[i], -3 * i + 7);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=5 workers=1 vector=\[0-9\]+" } */
