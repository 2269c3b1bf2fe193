/* An async kernels region in a function that returns at once: its
   scalars are copied in and out (OpenACC's default in kernels), by
   reference to the launcher's frame, which is gone when the queue runs.
   With memory of its own the copy out of those scalars must not land in
   whatever frame is there then (device-cpu.c, gw_unmap_writes_frames:
   the launch waits for its queue); the arrays, static, go on the queue.
   Each round's victim fills a local array where the launcher's frame
   was, waits for the queue, and checks that nothing wrote into it.  */
/* { dg-do run } */
/* { dg-set-target-env-var GANGWAY_NUM_THREADS "2" } */

#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 4096
#define ROUNDS 20

static int in[N], out[N];

__attribute__ ((noipa)) static void
launch (int n, int m, int c)
{
#pragma acc kernels copyin (in[0:N]) copy (out[0:N]) async (1)
  {
#pragma acc loop independent
    for (int i = 0; i < n; i++)
      out[i] += m * in[i] + c;
  }
}

__attribute__ ((noipa)) static int
victim (void)
{
  volatile unsigned char b[4096];
  for (int i = 0; i < 4096; i++)
    b[i] = (unsigned char) (i * 37 + 11);
  acc_wait (1);
  for (int i = 0; i < 4096; i++)
    if (b[i] != (unsigned char) (i * 37 + 11))
      return i;
  return -1;
}

int
main (void)
{
  for (int i = 0; i < N; i++)
    in[i] = i, out[i] = 0;
  for (int r = 0; r < ROUNDS; r++)
    {
      launch (N, r + 1, r);
      int at = victim ();
      if (at >= 0)
	{
	  fprintf (stderr, "round %d: the victim's byte %d changed\n", r, at);
	  abort ();
	}
    }
  for (int i = 0; i < N; i++)
    {
      long want = (long) i * (ROUNDS * (ROUNDS + 1) / 2)
		  + ROUNDS * (ROUNDS - 1) / 2;
      if (out[i] != want)
	{
	  fprintf (stderr, "out[%d] = %d, not %ld\n", i, out[i], want);
	  abort ();
	}
    }
  return 0;
}
