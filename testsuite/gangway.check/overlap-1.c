/* enter data of a range that straddles a mapping: the error names the
   variable and the directive.  */
/* { dg-do run } */
/* { dg-shouldfail "partial overlap" } */

#include <stdlib.h>

#define N 1000

int
main (void)
{
  double *a = malloc (N * sizeof *a);
#pragma acc enter data copyin(a[0:N / 2])
#pragma acc enter data copyin(a[N / 4:N / 2])
  return 0;
}

/* { dg-output "gangway: fatal error: \\\[0x\[0-9a-f\]+,\\+4000\\\] not mapped\r?\n" } */
/* { dg-output "gangway: note: 'a' in the enter data at \[^\n\]*overlap-1.c:15\r?\n" } */
