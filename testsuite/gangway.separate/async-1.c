/* With memory of its own the cpu device queues an async launch whose
   data is present for something else (device-cpu.c,
   gw_cpu_launch_separate): a region queued on queue 1 inside a data
   construct, which waits for the host's signal (read through a
   deviceptr to the host's flag: the device's memory shares the host's
   address space), is running when the launch returns; the host's work
   goes on meanwhile, an update self on the queue is behind the region,
   and after acc_wait (1) the host has the region's results.  A
   synchronous launch would wait for a signal that never comes: the
   region gives up after a bounded spin and the test fails.  */
/* { dg-do run } */
/* { dg-set-target-env-var GANGWAY_NUM_THREADS "2" } */

#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000

static int flag;
static int a[N], seen[1];

int
main (void)
{
  int *fp = &flag, bad = 0;
  long s = 0;

#pragma acc data create(a[0:N], seen[0:1])
  {
#pragma acc parallel num_gangs(1) deviceptr(fp) present(a[0:N], seen[0:1]) async(1)
    {
      int f = 0;
      for (long i = 0; i < 2000000000L && !f; i++)
	{
#pragma acc atomic read
	  f = *fp;
	}
      seen[0] = f ? 1 : 2;
      for (int k = 0; k < N; k++)
	a[k] = k + 1;
    }
#pragma acc update self(a[0:N], seen[0:1]) async(1)
    if (acc_async_test (1) || a[N - 1] != 0 || seen[0] != 0)
      {
	fprintf (stderr, "queue 1 done before the host's signal\n");
	bad = 1;
      }
    /* The host's work while the region runs.  */
    for (int k = 0; k < N; k++)
      s += k;
#pragma acc atomic write
    flag = 1;
    acc_wait (1);
  }
  if (seen[0] != 1)
    {
      fprintf (stderr, "the region did not see the signal (%d)\n", seen[0]);
      bad = 1;
    }
  for (int k = 0; k < N; k++)
    if (a[k] != k + 1)
      {
	fprintf (stderr, "a[%d] = %d\n", k, a[k]);
	bad = 1;
	break;
      }
  if (bad || s != (long) N * (N - 1) / 2)
    abort ();
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=1 workers=1 vector=1 async=1\r?\n" } */
