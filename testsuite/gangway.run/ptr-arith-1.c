/* Pointer arithmetic in a vector loop: a per-lane pointer walked with ++,
   pointer differences and pointer comparisons.  */
/* { dg-do run } */

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000
#define W 4

int
main (void)
{
  static int data[N * W], out[N];
  static long dist[N];
  for (int k = 0; k < N * W; k++)
    data[k] = (k * 31) % 17 - 8;

#pragma acc parallel loop copyin(data) copyout(out, dist)
  for (int i = 0; i < N; i++)
    {
      const int *p = data + i * W, *end = p + W, *best = p;
      int acc = 0;
      for (; p < end; p++)
	{
	  acc += *p;
	  if (*p > *best)
	    best = p;
	}
      out[i] = acc;
      dist[i] = best - (data + i * W);
    }

  for (int i = 0; i < N; i++)
    {
      int acc = 0, best = 0;
      for (int k = 0; k < W; k++)
	{
	  acc += data[i * W + k];
	  if (data[i * W + k] > data[i * W + best])
	    best = k;
	}
      if (out[i] != acc || dist[i] != best)
	{
	  fprintf (stderr, "out[%d] = %d, dist[%d] = %ld, expected %d, %d\n",
		   i, out[i], i, dist[i], acc, best);
	  abort ();
	}
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
