/* Gang loops with and without gang(static:K) chunks, downward and with a
   step: every iteration runs exactly once (the device lowers the loop
   schedules itself, contiguous runs per gang by default).  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 10007

int
main (void)
{
  int *a = calloc (N, sizeof *a), *b = calloc (N, sizeof *b);
  int *c = calloc (N, sizeof *c), *d = calloc (N, sizeof *d);

#pragma acc parallel loop gang(static:1) copy(a[0:N])
  for (int i = 0; i < N; i++)
    a[i] += i;
#pragma acc parallel loop gang(static:7) vector copy(b[0:N])
  for (int i = 0; i < N; i++)
    b[i] += 2 * i;
#pragma acc parallel loop gang(static:*) copy(c[0:N])
  for (int i = N - 1; i >= 0; i -= 3)
    c[i] += 3 * i;
#pragma acc parallel loop gang vector copy(d[0:N])
  for (int i = 5; i < N; i += 2)
    d[i] += 4 * i;

  for (int i = 0; i < N; i++)
    if (a[i] != i || b[i] != 2 * i
	|| c[i] != ((N - 1 - i) % 3 == 0 ? 3 * i : 0)
	|| d[i] != (i >= 5 && (i - 5) % 2 == 0 ? 4 * i : 0))
      {
	fprintf (stderr, "element %d: %d %d %d %d\n", i, a[i], b[i], c[i],
		 d[i]);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu\[^\n\]*\n" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=cpu\[^\n\]*\n" } */
/* { dg-output "gangway: launch main._omp_fn.2 device=cpu\[^\n\]*\n" } */
/* { dg-output "gangway: launch main._omp_fn.3 device=cpu" } */
