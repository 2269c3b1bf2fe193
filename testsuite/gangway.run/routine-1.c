/* A region calling a routine GCC may not inline ("acc routine" with
   noinline, noclone) runs on the device, calling the routine's device
   code, and computes the right values.  */
/* { dg-do run } */

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

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu " } */
