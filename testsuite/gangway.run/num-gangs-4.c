/* A gang loop with a large step under a run-time num_gangs of 2^20: the
   loop schedule's products of gangs, lanes and step leave the range of
   the loop's int, and must not wrap.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 2000000000
#define STEP 1000000
#define M (N / STEP)

int
main (int argc, char **argv)
{
  static int a[M];
  int n = argc << 20;		/* 2^20, unknown to the compiler.  */

#pragma acc parallel loop gang vector num_gangs(n) copy(a)
  for (int i = 0; i < N; i += STEP)
    a[i / STEP] += i / STEP + 1;

#pragma acc parallel loop gang vector num_gangs(n) copy(a)
  for (int i = N - 1; i >= 0; i -= STEP)
    a[i / STEP] += 1;

  for (int k = 0; k < M; k++)
    if (a[k] != k + 2)
      {
	fprintf (stderr, "a[%d] = %d, expected %d\n", k, a[k], k + 2);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=1048576 workers=1 vector=\[0-9\]+(\n|\r\n|\r)+" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=cpu gangs=1048576 " } */
