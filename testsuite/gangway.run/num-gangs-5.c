/* A run-time num_gangs, num_workers or vector_length of 0 takes the
   device's default, as GCC's own offloading does (an NPB benchmark
   computes num_gangs ((ISIZ1 * ISIZ2) / 1024), which is 0 for its small
   class): the regions run, and the launch log says that 0 was asked.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (int argc, char **argv)
{
  static int a[N];
  int zero = argc - 1;		/* 0, unknown to the compiler.  */
  int isiz1 = 12 + zero, isiz2 = 12;

#pragma acc parallel loop gang vector num_gangs((isiz1 * isiz2) / 1024) copy(a)
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma acc parallel loop gang worker num_workers(zero) copy(a) /* { dg-warning "gangway: using num_workers \\(\[0-9\]+\\), ignoring runtime setting" } */
  for (int i = 0; i < N; i++)
    a[i] += 2 * i;
#pragma acc parallel loop gang vector vector_length(zero) num_gangs(zero) copy(a) /* { dg-warning "gangway: using vector_length \\(\[0-9\]+\\), ignoring runtime setting" } */
  for (int i = 0; i < N; i++)
    a[i] += 1;

  for (int i = 0; i < N; i++)
    if (a[i] != 3 * i + 1)
      {
	fprintf (stderr, "a[%d] = %d, expected %d\n", i, a[i], 3 * i + 1);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[1-9\]\[0-9\]* workers=1 vector=\[0-9\]+ num_gangs=0(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=cpu gangs=\[1-9\]\[0-9\]* workers=\[0-9\]+ vector=1 num_workers=0(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.2 device=cpu gangs=\[1-9\]\[0-9\]* workers=1 vector=\[0-9\]+ num_gangs=0 vector_length=0(\n|\r\n|\r)" } */
