/* acc_memcpy_from_device from an address that is no device memory (a
   host address, a GPU user's classic slip): an OpenACC runtime error, not
   a read of whatever lies there.  */
/* { dg-do run } */
/* { dg-shouldfail "acc_memcpy_from_device of a host address" } */

#include <openacc.h>

static int a[16], b[16];

int
main (void)
{
  acc_copyin (a, sizeof a);
  acc_memcpy_from_device (b, a, sizeof b);
  return 0;
}

/* { dg-output "gangway: fatal error: acc_memcpy_from_device: \\\[0x\[0-9a-f\]+,\\+64\\\] is not device memory \\(from acc_malloc, or of present data\\)" } */
