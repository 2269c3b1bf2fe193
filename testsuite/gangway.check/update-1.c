/* An update in the wrong direction: after a region doubled a on the
   device, update device copies the host's stale copy over the device's
   results.  Reported when the update copies, not when the host reads:
   the copyout then brings the stale values back.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 100000

int
main (void)
{
  double *a = malloc (N * sizeof *a);
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma acc enter data copyin(a[0:N])
#pragma acc parallel loop present(a[0:N])
  for (int i = 0; i < N; i++)
    a[i] = 2 * a[i];
#pragma acc update device(a[0:N])
#pragma acc exit data copyout(a[0:N])
  if (a[3] != 3)
    abort ();
  return 0;
}

/* { dg-output "gangway: data check: 'a' in the update at \[^\n\]*update-1.c:22 copies to the device host data that 'a' in the parallel at \[^\n\]*update-1.c:19 wrote only on the device: the host's copy is stale \\(a copyout or update self is missing before it, or it should be an update self\\)\r?\n" } */
/* { dg-output "gangway: data check: 1 problem found\r?\n" } */
