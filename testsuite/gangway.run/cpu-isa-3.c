/* An image compiled for x86-64-v3 (AVX2) does not run on a CPU that (per
   GANGWAY_CPU_ISA) only has x86-64-v2: the launch falls back to the host
   with reason cpu-lacks-x86-64-v3, and the result is right.  */
/* { dg-do run } */
/* { dg-additional-options "-fplugin-arg-gangway-isa=x86-64-v3" } */
/* { dg-set-target-env-var GANGWAY_CPU_ISA "x86-64-v2" } */

#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (void)
{
  static float a[N];
  for (int i = 0; i < N; i++)
    a[i] = i;

#pragma acc parallel loop copy(a)
  for (int i = 0; i < N; i++)
    a[i] = a[i] * 0.5f + 1.0f;

  for (int i = 0; i < N; i++)
    if (a[i] != i * 0.5f + 1.0f)
      {
	fprintf (stderr, "a[%d] = %g, expected %g\n", i, a[i],
		 i * 0.5f + 1.0f);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=host gangs=1 workers=1 vector=1 reason=cpu-lacks-x86-64-v3" } */
