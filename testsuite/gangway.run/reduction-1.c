/* A region with a reduction clause, not supported on the device yet, runs
   on the host (reason=no-cpu-code) and its sum is right.  The compiler's
   warning is checked by gangway.dg/reduction-1.c.  */
/* { dg-do run } */
/* { dg-additional-options "-w" } */

#include <stdio.h>
#include <stdlib.h>

#define N 10007

int
main (void)
{
  static int a[N];
  long sum = 0, ref = 0;
  for (int i = 0; i < N; i++)
    {
      a[i] = i % 97 - 40;
      ref += a[i];
    }

#pragma acc parallel loop reduction(+:sum) copyin(a)
  for (int i = 0; i < N; i++)
    sum += a[i];

  if (sum != ref)
    {
      fprintf (stderr, "sum = %ld, expected %ld\n", sum, ref);
      abort ();
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=host gangs=1 workers=1 vector=1 reason=no-cpu-code" } */
