/* A serial region (one gang, one lane) accumulating into a scalar with
   copy(total): the scalar comes back to the host.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (void)
{
  static int v[N];
  long total = 5;
  for (int i = 0; i < N; i++)
    v[i] = i % 13 - 6;

#pragma acc serial copy(total) copyin(v)
  for (int i = 0; i < N; i++)
    total += v[i] * (i & 1 ? -1 : 1);

  long want = 5;
  for (int i = 0; i < N; i++)
    want += v[i] * (i & 1 ? -1 : 1);
  if (total != want)
    {
      fprintf (stderr, "total = %ld, expected %ld\n", total, want);
      abort ();
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=1 workers=1 vector=1" } */
