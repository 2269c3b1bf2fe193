/* GOMP_OPENACC_DIM, libgomp's variable (GANGS:WORKERS:VECTOR), gives
   the number of gangs of a launch that neither the compiler nor the
   program fixes, as in GCC's own offloading (its loop-default-runtime.c
   sets "8::" and counts the gangs): a run-time num_gangs of 0 takes it
   too, a constant or positive run-time num_gangs wins over it.  */
/* { dg-do run } */
/* { dg-set-target-env-var GOMP_OPENACC_DIM "5::" } */

#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (int argc, char **argv)
{
  static int a[N];
  int zero = argc - 1;		/* 0, unknown to the compiler.  */
  int seven = zero + 7;

#pragma acc parallel loop gang copy(a)
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma acc parallel loop gang vector num_gangs(zero) copy(a)
  for (int i = 0; i < N; i++)
    a[i] += 2 * i;
#pragma acc parallel loop gang num_gangs(seven) copy(a)
  for (int i = 0; i < N; i++)
    a[i] += 1;
#pragma acc parallel loop gang num_gangs(3) copy(a)
  for (int i = 0; i < N; i++)
    a[i] += 1;

  for (int i = 0; i < N; i++)
    if (a[i] != 3 * i + 2)
      {
	fprintf (stderr, "a[%d] = %d, expected %d\n", i, a[i], 3 * i + 2);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=5 workers=1 vector=1(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=cpu gangs=5 workers=1 vector=\[0-9\]+ num_gangs=0(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.2 device=cpu gangs=7 workers=1 vector=1(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.3 device=cpu gangs=3 workers=1 vector=1(\n|\r\n|\r)" } */
