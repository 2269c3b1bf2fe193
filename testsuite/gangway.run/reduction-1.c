/* A sum reduction runs on the cpu device and is right.  The device RTL
   and the code of the targets are checked by gangway.dg/reduction-1.c.  */
/* { dg-do run } */

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

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
