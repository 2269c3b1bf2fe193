/* An image compiled for x86-64-v2 still runs on the cpu device when
   GANGWAY_CPU_ISA caps the CPU at that same level.  */
/* { dg-do run } */
/* { dg-additional-options "-fplugin-arg-gangway-isa=x86-64-v2" } */
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

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=4" } */
