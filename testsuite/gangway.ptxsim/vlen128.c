/* ptxsim: vector_length(128) with 2 workers: each worker is four warps,
   so vector broadcasts go through .shared memory around the worker's
   named barrier (bar.sync 1 + worker, 128), and worker broadcasts around
   bar.sync 0.  */

#include <stdio.h>
#include <stdlib.h>

#define G 4
#define W 5
#define V 300

static double out[G][W][V];
static long long first[G][W];

int
main (void)
{
  static double ref[G][W][V];
  static long long fref[G][W];

#pragma acc parallel num_gangs(2) num_workers(2) vector_length(128) \
  copyout(out, first)
#pragma acc loop gang
  for (int g = 0; g < G; g++)
    {
      double gscale = 1.0 / (g + 1);
#pragma acc loop worker
      for (int w = 0; w < W; w++)
	{
	  /* Vector-single, broadcast to 128 lanes.  */
	  long long key = (long long) (g + 1) << 40 | w * 977;
	  double off = w * gscale - 0.5;
	  int lim = V - w * 13;
	  first[g][w] = key;
#pragma acc loop vector
	  for (int v = 0; v < lim; v++)
	    out[g][w][v] = (double) (key % (v + 7)) * off + v * gscale;
	}
    }

  int bad = 0;
  for (int g = 0; g < G; g++)
    {
      double gscale = 1.0 / (g + 1);
      for (int w = 0; w < W; w++)
	{
	  long long key = (long long) (g + 1) << 40 | w * 977;
	  double off = w * gscale - 0.5;
	  int lim = V - w * 13;
	  fref[g][w] = key;
	  for (int v = 0; v < lim; v++)
	    ref[g][w][v] = (double) (key % (v + 7)) * off + v * gscale;
	  if (first[g][w] != fref[g][w] && bad++ < 10)
	    fprintf (stderr, "first[%d][%d] = %lld, expected %lld\n", g, w,
		     first[g][w], fref[g][w]);
	  for (int v = 0; v < V; v++)
	    if (out[g][w][v] != ref[g][w][v] && bad++ < 10)
	      fprintf (stderr, "out[%d][%d][%d] = %g, expected %g\n", g, w, v,
		       out[g][w][v], ref[g][w][v]);
	}
    }
  if (bad)
    {
      fprintf (stderr, "vlen128: %d mismatches\n", bad);
      return 1;
    }
  return 0;
}
