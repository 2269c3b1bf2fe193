/* A GOMP_OPENACC_DIM that is not GANGS:WORKERS:VECTOR gets one warning
   naming it, and what it spelt before the error still counts: here the
   gangs (6); the region runs and its launch log says so.  */
/* { dg-do run } */
/* { dg-set-target-env-var GOMP_OPENACC_DIM "6:x" } */

#include <stdlib.h>

#define N 100

int
main (void)
{
  static int a[N];

#pragma acc parallel loop gang copy(a)
  for (int i = 0; i < N; i++)
    a[i] = i + 1;
  for (int i = 0; i < N; i++)
    if (a[i] != i + 1)
      abort ();
  return 0;
}

/* { dg-output "gangway: warning: invalid GOMP_OPENACC_DIM=6:x \\(want GANGS:WORKERS:VECTOR, each a number or empty\\); the rest of it is ignored(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=6 workers=1 vector=1(\n|\r\n|\r)" } */
