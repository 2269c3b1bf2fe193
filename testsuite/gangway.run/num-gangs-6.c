/* A negative run-time num_gangs ends the program with an error naming
   the region and the value, instead of crashing.  */
/* { dg-do run } */
/* { dg-shouldfail "num_gangs(-7)" } */

#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (int argc, char **argv)
{
  static int a[N];
  int n = -7 + (argc - 1);	/* -7, unknown to the compiler.  */

#pragma acc parallel loop gang vector num_gangs(n) copy(a)
  for (int i = 0; i < N; i++)
    a[i] = i;

  fprintf (stderr, "the launch returned\n");
  return 0;
}

/* { dg-output "gangway: fatal error: num_gangs\\(-7\\) in region main._omp_fn.0: the value must not be negative" } */
