/* A histogram by "#pragma acc atomic update" runs on the cpu device and
   counts every update, when the lanes of a vector hit the same bin and
   when they hit different ones.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 10007
#define BINS 10

int
main (void)
{
  static int a[N], hist[BINS], ref[BINS];
  for (int i = 0; i < N; i++)
    {
      a[i] = (i * 7919) % 1000;
      ref[a[i] % BINS]++;
    }

#pragma acc parallel loop copyin(a) copy(hist)
  for (int i = 0; i < N; i++)
    {
#pragma acc atomic update
      hist[a[i] % BINS]++;
    }

  for (int b = 0; b < BINS; b++)
    if (hist[b] != ref[b])
      {
	fprintf (stderr, "hist[%d] = %d, expected %d\n", b, hist[b], ref[b]);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu " } */
