/* A region with "#pragma acc atomic", not supported on the device yet,
   runs on the host (reason=no-cpu-code) and the histogram it builds is
   right.  The compiler's warning is checked by gangway.dg/atomic-1.c.  */
/* { dg-do run } */
/* { dg-additional-options "-w" } */

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

/* { dg-output "gangway: launch main._omp_fn.0 device=host gangs=1 workers=1 vector=1 reason=no-cpu-code" } */
