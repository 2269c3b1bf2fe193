/* __builtin_goacc_parlevel_id and __builtin_goacc_parlevel_size on the
   device: the thread's position on each axis and the axes' sizes, in a
   gang worker vector loop over 3 gangs of 4 workers of 32 lanes, each of
   the 384 threads taking 5 iterations; and in gang-redundant code.  The
   cpu device runs a vector as its ISA's most SIMD lanes (8 with SSE, 16
   with AVX2): its threads take 5 * 32 / lanes iterations each.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

/* GCC's axis numbers (gomp-constants.h, not installed).  */
#define GOMP_DIM_GANG 0
#define GOMP_DIM_WORKER 1
#define GOMP_DIM_VECTOR 2

#define G 3
#define W 4
#define V 32
#define N (G * W * V * 5)

int pos[N], size[N], seen[G][W][V], red[G], vlen;

int
main (void)
{
#pragma acc parallel num_gangs(G) num_workers(W) vector_length(V) copyout(pos, size, red, vlen)
  {
    vlen = __builtin_goacc_parlevel_size (GOMP_DIM_VECTOR);
    red[__builtin_goacc_parlevel_id (GOMP_DIM_GANG)]
      = __builtin_goacc_parlevel_size (GOMP_DIM_GANG) * 100
	+ __builtin_goacc_parlevel_id (GOMP_DIM_WORKER) * 10
	+ __builtin_goacc_parlevel_id (GOMP_DIM_VECTOR);
#pragma acc loop gang worker vector
    for (int i = 0; i < N; i++)
      {
	pos[i] = __builtin_goacc_parlevel_id (GOMP_DIM_GANG) * 10000
		 + __builtin_goacc_parlevel_id (GOMP_DIM_WORKER) * 100
		 + __builtin_goacc_parlevel_id (GOMP_DIM_VECTOR);
	size[i] = __builtin_goacc_parlevel_size (GOMP_DIM_GANG) * 10000
		  + __builtin_goacc_parlevel_size (GOMP_DIM_WORKER) * 100
		  + __builtin_goacc_parlevel_size (GOMP_DIM_VECTOR);
      }
  }
  int bad = 0;
  if (vlen != 8 && vlen != 16 && vlen != V)
    {
      fprintf (stderr, "vector length %d\n", vlen);
      abort ();
    }
  for (int i = 0; i < N; i++)
    {
      int g = pos[i] / 10000, w = pos[i] / 100 % 100, v = pos[i] % 100;
      if (size[i] != G * 10000 + W * 100 + vlen || g >= G || w >= W
	  || v >= vlen)
	{
	  fprintf (stderr, "%d: position %d, sizes %d\n", i, pos[i], size[i]);
	  bad = 1;
	}
      else
	seen[g][w][v]++;
    }
  for (int g = 0; g < G; g++)
    {
      if (red[g] != G * 100)
	{
	  fprintf (stderr, "gang %d's redundant code: %d\n", g, red[g]);
	  bad = 1;
	}
      for (int w = 0; w < W; w++)
	for (int v = 0; v < V; v++)
	  if (seen[g][w][v] != (v < vlen ? 5 * V / vlen : 0))
	    {
	      fprintf (stderr, "(%d, %d, %d) ran %d iterations\n", g, w, v,
		       seen[g][w][v]);
	      bad = 1;
	    }
    }
  if (bad)
    abort ();
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=3 workers=4 vector=(32|16|8)" } */
