/* Strided accesses in a vector loop: reads of every third element and a
   write at a stride of two (array of interleaved pairs).
   `vector`: without it, a loop whose accesses are all strided runs one
   lane on the cpu device (plugin/lanes.cc).  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (void)
{
  static double a[3 * N], b[2 * N], ref[2 * N];
  for (int i = 0; i < 3 * N; i++)
    a[i] = i * 0.5 - 100.0;
  for (int i = 0; i < 2 * N; i++)
    b[i] = ref[i] = 42.0;
  for (int i = 0; i < N; i++)
    ref[2 * i + 1] = a[3 * i] - a[3 * i + 2];

#pragma acc parallel loop gang vector copyin(a) copy(b)
  for (int i = 0; i < N; i++)
    b[2 * i + 1] = a[3 * i] - a[3 * i + 2];

  for (int i = 0; i < 2 * N; i++)
    if (b[i] != ref[i])
      {
	fprintf (stderr, "b[%d] = %g, expected %g\n", i, b[i], ref[i]);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
