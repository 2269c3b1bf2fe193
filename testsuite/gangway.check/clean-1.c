/* Programs whose data clauses are right get no report: a scratch array
   created on the device and written before it is read, results copied
   out or brought back by update self, host arrays that the host writes
   before it reads them again, a region that reads what an earlier one
   wrote.  The checker prints nothing (the test fails on any "data
   check" line, check.exp) and the results are the host's.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 100000

int
main (void)
{
  double *a = malloc (N * sizeof *a), *b = malloc (N * sizeof *b);
  double *t = malloc (N * sizeof *t), *c = malloc (N * sizeof *c);
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma acc data copyin(a[0:N]) create(t[0:N]) copyout(c[0:N])
  {
#pragma acc parallel loop present(a[0:N], t[0:N])
    for (int i = 0; i < N; i++)
      t[i] = a[i] + 1;
#pragma acc parallel loop present(t[0:N], c[0:N])
    for (int i = 0; i < N; i++)
      c[i] = 2 * t[i];
#pragma acc parallel loop present(a[0:N])
    for (int i = 0; i < N; i++)
      a[i] = -a[i];
#pragma acc update self(a[0:N])
  }
  /* t's host copy is stale, but the host writes it before reading it.  */
  for (int i = 0; i < N; i++)
    t[i] = 0;
#pragma acc parallel loop copyin(c[0:N]) copyout(b[0:N])
  for (int i = 0; i < N; i++)
    b[i] = c[i] + 1;
  for (int i = 0; i < N; i++)
    if (c[i] != 2 * (i + 1) || a[i] != -i || b[i] != c[i] + 1 || t[i] != 0)
      abort ();
  printf ("ok\n");
  return 0;
}

/* { dg-output "ok\r?\n" } */
