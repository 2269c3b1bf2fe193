/* A negative run-time vector_length ends the program with an error
   naming the region and the value, although the cpu device fixes the
   vector length at compile time and would ignore a positive one.  */
/* { dg-do run } */
/* { dg-shouldfail "vector_length(-3)" } */

#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (int argc, char **argv)
{
  static int a[N];
  int n = -3 + (argc - 1);	/* -3, unknown to the compiler.  */

#pragma acc parallel loop gang vector vector_length(n) copy(a) /* { dg-warning "gangway: using vector_length \\(\[0-9\]+\\), ignoring runtime setting" } */
  for (int i = 0; i < N; i++)
    a[i] = i;

  fprintf (stderr, "the launch returned\n");
  return 0;
}

/* { dg-output "gangway: fatal error: vector_length\\(-3\\) in region main._omp_fn.0: the value must not be negative" } */
