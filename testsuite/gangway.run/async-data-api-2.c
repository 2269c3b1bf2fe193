/* The async data API joins the cpu device's queue (shared memory,
   libruntime/data-api.c): acc_memcpy_from_device_async on queue 1, after
   a region queued there that waits for the host's signal, is queued
   behind the region instead of waiting for it, so it returns while the
   region still waits; after acc_wait (1) the copy holds what the region
   wrote, and acc_memcpy_to_device_async, queued behind the copy, has
   replaced it on the device.  A copy that waited for its queue would wait
   for the region, which waits for the host: the region gives up after
   about a second and the test fails.  */
/* { dg-do run } */
/* { dg-set-target-env-var GANGWAY_NUM_THREADS "2" } */

#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000

static int flag, seen;
static int a[N], b[N], c[N];

/* A region on queue 1 that waits for FLAG (at most about a second's worth
   of reads, then says so in SEEN), then makes A[I] = I + 1.  */

static void
hold (void)
{
#pragma acc parallel num_gangs(1) copy(flag, seen, a) async(1)
  {
    long i;
    int f = 0;
    for (i = 0; i < 4000000000L && !f; i++)
      {
#pragma acc atomic read
	f = flag;
      }
    seen = f ? 1 : 2;
    for (int k = 0; k < N; k++)
      a[k] = k + 1;
  }
}

int
main (void)
{
  int bad = 0;
  for (int i = 0; i < N; i++)
    c[i] = -i;
  hold ();
  acc_memcpy_from_device_async (b, acc_deviceptr (a), sizeof a, 1);
  acc_memcpy_to_device_async (acc_deviceptr (a), c, sizeof a, 1);
  if (acc_async_test (1))
    {
      fprintf (stderr, "queue 1 done before the host's signal\n");
      bad = 1;
    }
#pragma acc atomic write
  flag = 1;
  acc_wait (1);
  if (seen != 1)
    {
      fprintf (stderr, "the region did not see the signal (%d)\n", seen);
      bad = 1;
    }
  for (int i = 0; i < N; i++)
    if (b[i] != i + 1 || a[i] != -i)
      {
	fprintf (stderr, "b[%d] = %d, a[%d] = %d\n", i, b[i], i, a[i]);
	bad = 1;
	break;
      }
  if (bad)
    abort ();
  return 0;
}

/* { dg-output "gangway: launch hold._omp_fn.0 device=cpu gangs=1 workers=1 vector=1 async=1\r?\n" } */
