/* A pipeline on two queues with memory of its own (data-map.c,
   gw_map_queue; device-cpu.c): each chunk's enter data copyin, region and
   exit data copyout go on queue c % 2, and none of them waits for the
   queue.  The first chunk's region waits for the host's signal (through
   a deviceptr to the host's flag), so while the host queues the whole
   pipeline queue 0 is not done and the host's copy of the data is as it
   was; after the signal and acc_wait_all every chunk is back.  An exit
   data that waited for its queue would wait for the signal that comes
   only after it: the region gives up after a bounded spin and the test
   fails (as it does under GANGWAY_CHECK=data, which runs everything
   synchronously).  */
/* { dg-do run } */
/* { dg-set-target-env-var GANGWAY_NUM_THREADS "2" } */

#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000
#define CHUNKS 4

static int flag;
static int a[CHUNKS * N];

int
main (void)
{
  int *fp = &flag, bad = 0;

  for (int i = 0; i < CHUNKS * N; i++)
    a[i] = i;
  for (int c = 0; c < CHUNKS; c++)
    {
      int *p = a + c * N;
#pragma acc enter data copyin (p[0:N]) async (c % 2)
      if (c == 0)
	{
#pragma acc parallel num_gangs (1) deviceptr (fp) present (p[0:N]) async (0)
	  {
	    int f = 0;
	    for (long i = 0; i < 2000000000L && !f; i++)
	      {
#pragma acc atomic read
		f = *fp;
	      }
	    if (!f)
	      p[0] = -1;
	  }
	}
#pragma acc parallel loop present (p[0:N]) async (c % 2)
      for (int i = 0; i < N; i++)
	p[i] = 2 * p[i] + 1;
#pragma acc exit data copyout (p[0:N]) async (c % 2)
    }
  if (acc_async_test (0) || a[N - 1] != N - 1)
    {
      fprintf (stderr, "queue 0 done before the host's signal\n");
      bad = 1;
    }
#pragma acc atomic write
  flag = 1;
  acc_wait_all ();
  for (int i = 0; i < CHUNKS * N; i++)
    if (a[i] != 2 * i + 1)
      {
	fprintf (stderr, "a[%d] = %d, not %d\n", i, a[i], 2 * i + 1);
	bad = 1;
	break;
      }
  if (bad)
    abort ();
  return 0;
}

/* { dg-output "(gangway: launch main._omp_fn.1 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+ async=\[01\]\r?\n.*){4}" } */
