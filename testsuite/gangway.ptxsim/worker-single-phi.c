/* A value chosen in worker-single code by a branch only the single
   thread takes (the switch below), then read by every worker, reaches the
   workers.  After the neuter pass the values meet in a phi of constants
   from the single thread's paths and undef from the neutering skip edge,
   which the propagate pass once took for uniform: no broadcast, and
   workers 1-3 computed with uninitialized registers.  ptxsim found it
   (gangway.run/worker-cfg-1.c failed the same way with more than one
   worker); the cpu target, whose workers share one thread, hid it.  Test
   of the fix: gangway.dg/propagate-phi-const-1.c.  */

#include <stdio.h>
#include <stdlib.h>

#define R 8
#define C 16

int out[R * C], cnt[R];

int
main (void)
{
  for (int i = 0; i < R * C; i++)
    out[i] = -1;
#pragma acc parallel num_gangs(2) num_workers(4) vector_length(32) \
  copy(out, cnt)
#pragma acc loop gang
  for (int i = 0; i < R; i++)
    {
      int mode, scale;
      switch (i % 4)
	{
	case 0: mode = 1; scale = 3; break;
	case 1: mode = 2; scale = 5; break;
	case 3: mode = 0; scale = 0; break;
	default: mode = 1; scale = 7; break;
	}
      if (mode == 0)
	goto done;
#pragma acc loop worker
      for (int j = 0; j < C; j++)
	out[i * C + j] = j * scale + mode;
      cnt[i] += mode;
    done:
      cnt[i] += 100;
    }
  int bad = 0;
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      {
	int k = i % 4;
	int scale = k == 0 ? 3 : k == 1 ? 5 : k == 3 ? 0 : 7;
	int mode = k == 1 ? 2 : k == 3 ? 0 : 1;
	int want = mode == 0 ? -1 : j * scale + mode;
	if (out[i * C + j] != want && bad++ < 5)
	  fprintf (stderr, "out[%d][%d] = %d, expected %d\n", i, j,
		   out[i * C + j], want);
      }
  if (bad)
    fprintf (stderr, "worker-single-phi: %d mismatches\n", bad);
  return bad != 0;
}
