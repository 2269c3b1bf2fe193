/* acc_unmap_data of data that acc_map_data did not map (acc_copyin
   did): an OpenACC runtime error with the address, and the data stays
   mapped as acc_copyin made it.  */
/* { dg-do run } */
/* { dg-shouldfail "acc_unmap_data of unmapped data" } */

#include <openacc.h>

static int a[16];

int
main (void)
{
  acc_copyin (a, sizeof a);
  acc_unmap_data (a);
  return 0;
}

/* { dg-output "gangway: fatal error: acc_unmap_data: refusing to unmap block \\\[0x\[0-9a-f\]+,\\+64\\\] that has not been mapped by 'acc_map_data'" } */
