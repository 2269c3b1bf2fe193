/* Several regions in one function run in order on the cpu device, each
   seeing the previous one's results: a parallel loop, a kernels loop and
   a serial region.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (void)
{
  static int a[N], b[N], first[2];
  for (int i = 0; i < N; i++)
    a[i] = i;

#pragma acc parallel loop copy(a)
  for (int i = 0; i < N; i++)
    a[i] = a[i] * 2;

#pragma acc kernels loop independent copyin(a) copyout(b)
  for (int i = 0; i < N; i++)
    b[i] = a[i] + 5;

#pragma acc serial copyin(b) copyout(first)
  {
    first[0] = b[0];
    first[1] = b[N - 1];
  }

  for (int i = 0; i < N; i++)
    if (b[i] != 2 * i + 5)
      {
	fprintf (stderr, "b[%d] = %d, expected %d\n", i, b[i], 2 * i + 5);
	abort ();
      }
  if (first[0] != 5 || first[1] != 2 * (N - 1) + 5)
    {
      fprintf (stderr, "first = %d %d\n", first[0], first[1]);
      abort ();
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.2 device=cpu gangs=1 workers=1 vector=1" } */
