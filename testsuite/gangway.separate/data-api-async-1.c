/* An async queue number out of range in a data call: an OpenACC runtime
   error naming the call and the number.  */
/* { dg-do run } */
/* { dg-shouldfail "invalid async-argument" } */

#include <openacc.h>

static int a[16];

int
main (void)
{
  acc_copyin_async (a, sizeof a, -7);
  return 0;
}

/* { dg-output "gangway: fatal error: acc_copyin_async: invalid async-argument: -7" } */
