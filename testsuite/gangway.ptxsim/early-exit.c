/* ptxsim: loops left early: a search in a vector loop whose lanes leave
   their sequential inner loop by break at different times, a while loop
   with a data-dependent exit in worker-single code, and a worker loop
   whose iterations return early (continue) on some rows.  */

#include <stdio.h>
#include <stdlib.h>

#define G 5
#define W 7
#define V 50
#define LEN 64

static int data[G][LEN];
static int pos[G][W][V];
static int steps[G];
static int rows[G][W];

int
main (void)
{
  static int pref[G][W][V], sref[G], rref[G][W];
  for (int g = 0; g < G; g++)
    for (int i = 0; i < LEN; i++)
      data[g][i] = (g * 37 + i * 11) % 97;

#pragma acc parallel num_gangs(2) num_workers(4) vector_length(32) \
  copyin(data) copyout(pos, steps, rows)
#pragma acc loop gang
  for (int g = 0; g < G; g++)
    {
      /* Worker-single: a while loop with an exit in its middle.  */
      int n = 0, x = g + 3;
      while (1)
	{
	  x = x * 5 % 101;
	  if (x < 10)
	    break;
	  n++;
	  if (n > 60)
	    break;
	}
      steps[g] = n;
#pragma acc loop worker
      for (int w = 0; w < W; w++)
	{
	  rows[g][w] = -1;
	  if ((w + g) % 3 == 0)
	    continue;
	  rows[g][w] = w * n;
#pragma acc loop vector
	  for (int v = 0; v < V; v++)
	    {
	      int target = (v * 7 + w) % 97, i;
	      for (i = 0; i < LEN; i++)
		if (data[g][i] == target)
		  break;
	      pos[g][w][v] = i;
	    }
	}
    }

  for (int g = 0; g < G; g++)
    {
      int n = 0, x = g + 3;
      while (1)
	{
	  x = x * 5 % 101;
	  if (x < 10)
	    break;
	  n++;
	  if (n > 60)
	    break;
	}
      sref[g] = n;
      for (int w = 0; w < W; w++)
	{
	  rref[g][w] = -1;
	  if ((w + g) % 3 == 0)
	    continue;
	  rref[g][w] = w * n;
	  for (int v = 0; v < V; v++)
	    {
	      int target = (v * 7 + w) % 97, i;
	      for (i = 0; i < LEN; i++)
		if (data[g][i] == target)
		  break;
	      pref[g][w][v] = i;
	    }
	}
    }
  int bad = 0;
  for (int g = 0; g < G; g++)
    {
      if (steps[g] != sref[g] && bad++ < 10)
	fprintf (stderr, "steps[%d] = %d, expected %d\n", g, steps[g],
		 sref[g]);
      for (int w = 0; w < W; w++)
	{
	  if (rows[g][w] != rref[g][w] && bad++ < 10)
	    fprintf (stderr, "rows[%d][%d] = %d, expected %d\n", g, w,
		     rows[g][w], rref[g][w]);
	  if (rref[g][w] < 0)
	    continue;
	  for (int v = 0; v < V; v++)
	    if (pos[g][w][v] != pref[g][w][v] && bad++ < 10)
	      fprintf (stderr, "pos[%d][%d][%d] = %d, expected %d\n", g, w, v,
		       pos[g][w][v], pref[g][w][v]);
	}
    }
  if (bad)
    {
      fprintf (stderr, "early-exit: %d mismatches\n", bad);
      return 1;
    }
  return 0;
}
