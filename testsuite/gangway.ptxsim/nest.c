/* ptxsim: a gang, worker and vector nest with worker-single and
   vector-single code between the loops: values computed by one thread
   are broadcast to the workers (through .shared memory) and to the lanes
   (shuffles), including 64-bit values, booleans and narrow integers.  */

#include <stdio.h>
#include <stdlib.h>

#define G 7
#define W 5
#define V 45

static long long out[G][W][V];
static int rowsum[G][W];
static short tag[G];

int
main (void)
{
  static long long ref[G][W][V];
  static int rref[G][W];
  static short tref[G];
  int seed = 12345;

#pragma acc parallel num_workers(4) vector_length(32) copyout(out, rowsum, tag)
#pragma acc loop gang
  for (int g = 0; g < G; g++)
    {
      /* Worker-single: computed by one thread of the gang.  */
      long long base = (long long) g * 1000000007LL + seed;
      short t = (short) (g * 7 - 20);
      int odd = g & 1;
      tag[g] = t;
#pragma acc loop worker
      for (int w = 0; w < W; w++)
	{
	  /* Vector-single: one lane per worker.  */
	  long long wb = base + w * 31;
	  int scale = odd ? w + 2 : 3 - w;
	  int sum = 0;
#pragma acc loop vector
	  for (int v = 0; v < V; v++)
	    out[g][w][v] = wb * scale + v * (long long) t;
	  /* Vector-single again, after the vector loop.  */
	  for (int v = 0; v < V; v++)
	    sum += v * scale;
	  rowsum[g][w] = sum + t;
	}
    }

  for (int g = 0; g < G; g++)
    {
      long long base = (long long) g * 1000000007LL + seed;
      short t = (short) (g * 7 - 20);
      tref[g] = t;
      for (int w = 0; w < W; w++)
	{
	  long long wb = base + w * 31;
	  int scale = (g & 1) ? w + 2 : 3 - w;
	  int sum = 0;
	  for (int v = 0; v < V; v++)
	    {
	      ref[g][w][v] = wb * scale + v * (long long) t;
	      sum += v * scale;
	    }
	  rref[g][w] = sum + t;
	}
    }
  int bad = 0;
  for (int g = 0; g < G; g++)
    {
      if (tag[g] != tref[g] && bad++ < 10)
	fprintf (stderr, "tag[%d] = %d, expected %d\n", g, tag[g], tref[g]);
      for (int w = 0; w < W; w++)
	{
	  if (rowsum[g][w] != rref[g][w] && bad++ < 10)
	    fprintf (stderr, "rowsum[%d][%d] = %d, expected %d\n", g, w,
		     rowsum[g][w], rref[g][w]);
	  for (int v = 0; v < V; v++)
	    if (out[g][w][v] != ref[g][w][v] && bad++ < 10)
	      fprintf (stderr, "out[%d][%d][%d] = %lld, expected %lld\n", g, w,
		       v, out[g][w][v], ref[g][w][v]);
	}
    }
  if (bad)
    {
      fprintf (stderr, "nest: %d mismatches\n", bad);
      return 1;
    }
  return 0;
}
