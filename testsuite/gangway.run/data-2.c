/* present clauses on two compute regions inside a structured
   "#pragma acc data" region: the data stays in place and the second
   region sees the first one's writes.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 1001

int
main (void)
{
  int n = N;
  int *a = malloc (n * sizeof *a), *b = malloc (n * sizeof *b);
  for (int i = 0; i < n; i++)
    a[i] = i;

#pragma acc data copyin(a[0:n]) copyout(b[0:n])
  {
#pragma acc parallel loop present(a[0:n], b[0:n])
    for (int i = 0; i < n; i++)
      b[i] = a[i] * 3;
#pragma acc parallel loop present(b[0:n])
    for (int i = 0; i < n; i++)
      b[i] = b[i] - 1;
  }

  for (int i = 0; i < n; i++)
    if (b[i] != 3 * i - 1)
      {
	fprintf (stderr, "b[%d] = %d, expected %d\n", i, b[i], 3 * i - 1);
	abort ();
      }
  free (a);
  free (b);
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
