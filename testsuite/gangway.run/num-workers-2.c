/* A negative run-time num_workers ends the program with an error naming
   the region and the value, although the cpu device fixes the number of
   workers at compile time and would ignore a positive one; the regions
   before it, with a positive run-time num_workers, run normally.  */
/* { dg-do run } */
/* { dg-shouldfail "num_workers(-1)" } */

#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (int argc, char **argv)
{
  static int a[N];
  int w = argc + 1;		/* 2, unknown to the compiler.  */

#pragma acc parallel loop gang worker num_workers(w) copy(a) /* { dg-warning "gangway: using num_workers \\(\[0-9\]+\\), ignoring runtime setting" } */
  for (int i = 0; i < N; i++)
    a[i] = i + 1;

  for (int i = 0; i < N; i++)
    if (a[i] != i + 1)
      abort ();
  fprintf (stderr, "first region done\n");

  w = argc - 2;			/* -1.  */
#pragma acc parallel loop gang worker num_workers(w) copy(a) /* { dg-warning "gangway: using num_workers \\(\[0-9\]+\\), ignoring runtime setting" } */
  for (int i = 0; i < N; i++)
    a[i] = i;

  fprintf (stderr, "the launch returned\n");
  return 0;
}

/* { dg-output "first region done(\n|\r\n|\r)+" } */
/* { dg-output "gangway: fatal error: num_workers\\(-1\\) in region main._omp_fn.1: the value must not be negative" } */
