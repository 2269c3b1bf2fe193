/* A pipeline on two queues whose regions move their own data, with
   memory of its own (data-map.c, gw_map and gw_unmap on the queue;
   device-cpu.c): each chunk's region copies its input in and its output
   out by its own clauses, async (c % 2), and no launch waits for its
   queue.  A first region on queue 0 waits for the host's signal
   (through a deviceptr to the host's flag), so while the host queues the
   whole pipeline queue 0 is not done and the host's output is as it
   was; after the signal and acc_wait_all every chunk is back.  A launch
   that waited for its queue to copy out would wait for the signal that
   comes only after it: the region gives up after a bounded spin and the
   test fails (as it does under GANGWAY_CHECK=data, which runs everything
   synchronously).  The input changes after each launch: the region must
   see it as it was at its launch.  Everything the regions copy out is
   static: a local copied out makes its launch wait (async-5.c).  */
/* { dg-do run } */
/* { dg-set-target-env-var GANGWAY_NUM_THREADS "2" } */
/* { dg-set-target-env-var GANGWAY_LOG "launch" } */

#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000
#define CHUNKS 6

static int flag, spun;
static int in[CHUNKS * N], out[CHUNKS * N];

int
main (void)
{
  int *fp = &flag, bad = 0;

#pragma acc parallel num_gangs (1) deviceptr (fp) copy (spun) async (0)
  {
    int f = 0;
    for (long i = 0; i < 2000000000L && !f; i++)
      {
#pragma acc atomic read
	f = *fp;
      }
    spun = !f;
  }
  for (int i = 0; i < CHUNKS * N; i++)
    in[i] = i, out[i] = -1;
  for (int c = 0; c < CHUNKS; c++)
    {
      int *p = in + c * N, *q = out + c * N;
#pragma acc parallel loop copyin (p[0:N]) copyout (q[0:N]) async (c % 2)
      for (int i = 0; i < N; i++)
	q[i] = 3 * p[i] + c;
      /* The region copied its input at its launch.  */
      for (int i = 0; i < N; i++)
	p[i] = -7;
    }
  if (acc_async_test (0) || out[0] != -1 || spun != 0)
    {
      fprintf (stderr, "queue 0 done before the host's signal\n");
      bad = 1;
    }
#pragma acc atomic write
  flag = 1;
  acc_wait_all ();
  if (spun)
    {
      fprintf (stderr, "the first region never saw the signal\n");
      bad = 1;
    }
  for (int c = 0; c < CHUNKS; c++)
    for (int i = 0; i < N; i++)
      if (out[c * N + i] != 3 * (c * N + i) + c)
	{
	  fprintf (stderr, "out[%d] = %d, not %d\n", c * N + i,
		   out[c * N + i], 3 * (c * N + i) + c);
	  bad = 1;
	  c = CHUNKS;
	  break;
	}
  if (bad)
    abort ();
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=1 workers=1 vector=\[0-9\]+ async=0\r?\n" } */
/* { dg-output "(gangway: launch main._omp_fn.1 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+ async=\[01\]\r?\n){6}" } */
