/* Regions in two functions (one static, one extern) of a unit run on the
   cpu device, each with its own arguments.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 777

static void
fill (int *a, int n, int k)
{
#pragma acc parallel loop copyout(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = i * k;
}

void
add (int *restrict dst, const int *restrict src, int n)
{
#pragma acc parallel loop copyin(src[0:n]) copy(dst[0:n])
  for (int i = 0; i < n; i++)
    dst[i] += src[i];
}

int
main (void)
{
  static int a[N], b[N];
  fill (a, N, 3);
  fill (b, N, -1);
  add (a, b, N);

  for (int i = 0; i < N; i++)
    if (a[i] != 2 * i || b[i] != -i)
      {
	fprintf (stderr, "a[%d] = %d, b[%d] = %d\n", i, a[i], i, b[i]);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch fill._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch fill._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch add._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
