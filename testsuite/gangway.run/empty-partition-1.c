/* Partitioned loops with empty bodies (GCC leaves a fork that jumps
   straight to its join) do nothing and return: an empty vector loop, an
   empty worker loop, and both next to a loop that does work.  The cpu
   emitter once made an empty partition a SIMD region that never left
   (libgomp's pr85381.c hung).  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 100

int
main (void)
{
  static int a[N];
  int v;

#pragma acc parallel vector_length (64)
#pragma acc loop vector
  for (v = 0; v < 20; v += 2)
    ;

#pragma acc parallel num_workers (4) vector_length (8) copy (a)
  {
#pragma acc loop worker
    for (int i = 0; i < 10; i++)
      ;
#pragma acc loop worker vector
    for (int i = 0; i < N; i++)
      a[i] += i;
#pragma acc loop vector
    for (int i = 0; i < 10; i++)
      ;
  }

  for (int i = 0; i < N; i++)
    if (a[i] != i)
      {
	fprintf (stderr, "a[%d] = %d, expected %d\n", i, a[i], i);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=1 workers=1 vector=(32|16|8)(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=cpu gangs=1 workers=4 vector=8" } */
