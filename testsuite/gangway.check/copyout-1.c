/* The missing copyout: a region writes b, which the data construct maps
   copyin only, and the host reads b after it.  The checker finds the
   host's read of the stale copy by page protection; the program goes on
   with the host's old values, as on a GPU.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 100000

int
main (void)
{
  double *a = malloc (N * sizeof *a), *b = malloc (N * sizeof *b);
  for (int i = 0; i < N; i++)
    {
      a[i] = i;
      b[i] = 0;
    }
#pragma acc data copyin(a[0:N], b[0:N])
  {
#pragma acc parallel loop present(a[0:N], b[0:N])
    for (int i = 0; i < N; i++)
      b[i] = 2 * a[i];
  }
  double s = 0;
  for (int i = 0; i < N; i++)
    s += b[i];
  printf ("sum %g\n", s);
  return 0;
}

/* { dg-output "gangway: data check: the host reads, at \[^\n\]*, data that 'b' in the parallel at \[^\n\]*copyout-1.c:23 wrote only on the device: its host copy is stale \\(a copyout or update self is missing; found by page protection\\)\r?\n" } */
/* { dg-output "(\[^\n\]*\n)*gangway: data check: 1 problem found\r?\n" } */
