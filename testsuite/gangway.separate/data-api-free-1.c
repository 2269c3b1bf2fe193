/* Freeing device memory twice is an OpenACC runtime error, reported
   with the call and the address, never a crash of the allocator.  */
/* { dg-do run } */
/* { dg-shouldfail "acc_free twice" } */

#include <openacc.h>
#include <stdio.h>

int
main (void)
{
  void *d = acc_malloc (64);
  acc_free (d);
  fprintf (stderr, "freed once\n");
  acc_free (d);
  return 0;
}

/* { dg-output "freed once(\n|\r\n|\r)" } */
/* { dg-output "gangway: fatal error: acc_free: 0x\[0-9a-f\]+ is not device memory from acc_malloc \\(or was freed already\\)" } */
