/* acc_free of device memory that acc_map_data still maps is refused.  */
/* { dg-do run } */
/* { dg-shouldfail "acc_free of mapped memory" } */

#include <openacc.h>

static int a[16];

int
main (void)
{
  void *d = acc_malloc (sizeof a);
  acc_map_data (a, d, sizeof a);
  acc_free (d);
  return 0;
}

/* { dg-output "gangway: fatal error: acc_free: refusing to free device memory space at 0x\[0-9a-f\]+ that is still mapped at \\\[0x\[0-9a-f\]+,\\+64\\\]" } */
