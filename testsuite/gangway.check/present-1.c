/* A present clause on data that is not present: the error names the
   variable and the region, under the check as in any separate memory.  */
/* { dg-do run } */
/* { dg-shouldfail "present" } */

#include <stdlib.h>

#define N 1000

int
main (void)
{
  double *a = malloc (N * sizeof *a), *b = malloc (N * sizeof *b);
#pragma acc enter data copyin(a[0:N])
#pragma acc parallel loop present(a[0:N], b[0:N])
  for (int i = 0; i < N; i++)
    b[i] = a[i];
  return 0;
}

/* { dg-output "gangway: fatal error: present clause: !acc_is_present \\(0x\[0-9a-f\]+, 8000 \\(0x1f40\\)\\)\r?\n" } */
/* { dg-output "gangway: note: 'b' in the parallel at \[^\n\]*present-1.c:15\r?\n" } */
