/* A run-time num_gangs of 0 ends the program with an error naming the
   region and the value, instead of running no gang or crashing.  */
/* { dg-do run } */
/* { dg-shouldfail "num_gangs(0)" } */

#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (int argc, char **argv)
{
  static int a[N];
  int n = argc - 1;		/* 0, unknown to the compiler.  */

#pragma acc parallel loop gang vector num_gangs(n) copy(a)
  for (int i = 0; i < N; i++)
    a[i] = i;

  fprintf (stderr, "the launch returned\n");
  return 0;
}

/* { dg-output "gangway: fatal error: num_gangs\\(0\\) in region main._omp_fn.0: the value must be positive" } */
