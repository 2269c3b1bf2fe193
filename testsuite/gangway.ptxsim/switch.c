/* ptxsim: switches: one on each lane's own value in a vector loop (the
   lanes of a warp take different cases), one in worker-partitioned code,
   one in vector-single code, with fall-through, a sparse case list and
   a default.  */

#include <stdio.h>
#include <stdlib.h>

#define G 6
#define W 9
#define V 70

static int out[G][W][V];
static int wout[G][W];

#pragma acc routine seq
static inline __attribute__ ((always_inline)) int
classify (int x)
{
  int r = 0;
  switch (x % 11)
    {
    case 0:
      r = 7;
      break;
    case 1:
    case 2:
      r = x * 3;
      /* Fall through.  */
    case 5:
      r += 100;
      break;
    case -3:
      r = -x;
      break;
    case 9:
      return x ^ 0x55;
    default:
      r = x / 3 - 1;
    }
  return r + 1;
}

int
main (void)
{
  static int ref[G][W][V], wref[G][W];

#pragma acc parallel num_gangs(3) num_workers(4) vector_length(32) \
  copyout(out, wout)
#pragma acc loop gang
  for (int g = 0; g < G; g++)
    {
#pragma acc loop worker
      for (int w = 0; w < W; w++)
	{
	  int k;
	  switch ((g * W + w) & 3)
	    {
	    case 0: k = 2; break;
	    case 1: k = -5; break;
	    case 3: k = 11; break;
	    default: k = g;
	    }
	  wout[g][w] = classify (g * 100 - w * 7) + k;
#pragma acc loop vector
	  for (int v = 0; v < V; v++)
	    {
	      int x = (g * 31 + w * 17 + v * 5) - 300;
	      switch (v % 5)
		{
		case 0:
		  out[g][w][v] = classify (x);
		  break;
		case 3:
		  out[g][w][v] = -classify (x + 1);
		  break;
		default:
		  out[g][w][v] = x * 2;
		}
	    }
	}
    }

  for (int g = 0; g < G; g++)
    for (int w = 0; w < W; w++)
      {
	int k;
	switch ((g * W + w) & 3)
	  {
	  case 0: k = 2; break;
	  case 1: k = -5; break;
	  case 3: k = 11; break;
	  default: k = g;
	  }
	wref[g][w] = classify (g * 100 - w * 7) + k;
	for (int v = 0; v < V; v++)
	  {
	    int x = (g * 31 + w * 17 + v * 5) - 300;
	    ref[g][w][v] = v % 5 == 0 ? classify (x)
			   : v % 5 == 3 ? -classify (x + 1) : x * 2;
	  }
      }
  int bad = 0;
  for (int g = 0; g < G; g++)
    for (int w = 0; w < W; w++)
      {
	if (wout[g][w] != wref[g][w] && bad++ < 10)
	  fprintf (stderr, "wout[%d][%d] = %d, expected %d\n", g, w,
		   wout[g][w], wref[g][w]);
	for (int v = 0; v < V; v++)
	  if (out[g][w][v] != ref[g][w][v] && bad++ < 10)
	    fprintf (stderr, "out[%d][%d][%d] = %d, expected %d\n", g, w, v,
		     out[g][w][v], ref[g][w][v]);
      }
  if (bad)
    {
      fprintf (stderr, "switch: %d mismatches\n", bad);
      return 1;
    }
  return 0;
}
