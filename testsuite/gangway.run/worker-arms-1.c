/* Worker loops whose iterations take different if/else arms around
   vector loops: each worker runs its own arm's vector loop, and every row
   must be written by the arm its worker took.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define W 8
#define V 4

int
main (void)
{
  static int r[W][V], q[3][W][V];

#pragma acc parallel loop gang num_workers(4) vector_length(4) copyout(r)
  for (int g = 0; g < 1; g++)
    {
#pragma acc loop worker
      for (int w = 0; w < W; w++)
	{
	  if (w == 3)
	    {
#pragma acc loop vector
	      for (int v = 0; v < V; v++)
		r[w][v] = -1;
	    }
	  else
	    {
#pragma acc loop vector
	      for (int v = 0; v < V; v++)
		r[w][v] = w;
	    }
	}
    }

  /* Three arms, a worker-single value computed differently in each, and
     more gangs than rows of work.  */
#pragma acc parallel loop gang num_workers(4) vector_length(4) copyout(q)
  for (int g = 0; g < 3; g++)
    {
#pragma acc loop worker
      for (int w = 0; w < W; w++)
	{
	  int k;
	  if ((w + g) % 3 == 0)
	    {
	      k = w * 10;
#pragma acc loop vector
	      for (int v = 0; v < V; v++)
		q[g][w][v] = k + v;
	    }
	  else if ((w + g) % 3 == 1)
	    {
	      k = -w;
#pragma acc loop vector
	      for (int v = 0; v < V; v++)
		q[g][w][v] = k - v;
	    }
	  else
	    {
	      k = 100 + g;
#pragma acc loop vector
	      for (int v = 0; v < V; v++)
		q[g][w][v] = k * (v + 1);
	    }
	}
    }

  for (int w = 0; w < W; w++)
    for (int v = 0; v < V; v++)
      if (r[w][v] != (w == 3 ? -1 : w))
	{
	  fprintf (stderr, "r[%d][%d] = %d\n", w, v, r[w][v]);
	  abort ();
	}
  for (int g = 0; g < 3; g++)
    for (int w = 0; w < W; w++)
      for (int v = 0; v < V; v++)
	{
	  int m = (w + g) % 3;
	  int want = m == 0 ? w * 10 + v : m == 1 ? -w - v : (100 + g) * (v + 1);
	  if (q[g][w][v] != want)
	    {
	      fprintf (stderr, "q[%d][%d][%d] = %d, expected %d\n", g, w, v,
		       q[g][w][v], want);
	      abort ();
	    }
	}
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=4 vector=4(\n|\r\n|\r).*" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=cpu gangs=\[0-9\]+ workers=4 vector=4" } */
