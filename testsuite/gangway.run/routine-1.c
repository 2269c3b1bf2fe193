/* A region calling a non-inlined "acc routine" runs on the host
   (reason=no-cpu-code) and computes the right values (the compiler's
   warning is checked by gangway.dg/routine-1.c).  */
/* { dg-do run } */
/* { dg-additional-options "-w" } */

#include <stdio.h>
#include <stdlib.h>

#define N 1000

#pragma acc routine seq
__attribute__ ((noinline, noclone)) int
cube (int x)
{
  return x * x * x;
}

int
main (void)
{
  static int a[N];

#pragma acc parallel loop copyout(a)
  for (int i = 0; i < N; i++)
    a[i] = cube (i - 500) + 1;

  for (int i = 0; i < N; i++)
    if (a[i] != (i - 500) * (i - 500) * (i - 500) + 1)
      {
	fprintf (stderr, "a[%d] = %d\n", i, a[i]);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=host gangs=1 workers=1 vector=1 reason=no-cpu-code" } */
