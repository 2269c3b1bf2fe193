/* -fopenacc-dim=G:W sizes the gang and worker axes of regions that
   partition them and leave their sizes unset: 5 gangs and 3 workers
   here, as each loop iteration records from __builtin_goacc_parlevel_size
   and the launch log says; a region's own num_gangs still wins, and an
   unpartitioned axis stays 1.  */
/* { dg-do run } */
/* { dg-additional-options "-fopenacc-dim=5:3" } */

#define GOMP_DIM_GANG 0
#define GOMP_DIM_WORKER 1
#include <stdio.h>
#include <stdlib.h>

#define N 60

int
main (void)
{
  int g[N], w[N], gid[N];
#pragma acc parallel loop gang worker copyout (g, w, gid)
  for (int i = 0; i < N; i++)
    {
      g[i] = __builtin_goacc_parlevel_size (GOMP_DIM_GANG);
      w[i] = __builtin_goacc_parlevel_size (GOMP_DIM_WORKER);
      gid[i] = __builtin_goacc_parlevel_id (GOMP_DIM_GANG);
    }
  int seen[5] = { 0 };
  for (int i = 0; i < N; i++)
    {
      if (g[i] != 5 || w[i] != 3 || gid[i] < 0 || gid[i] >= 5)
	{
	  fprintf (stderr, "%d: %d gangs, %d workers, gang %d\n", i, g[i],
		   w[i], gid[i]);
	  abort ();
	}
      seen[gid[i]] = 1;
    }
  for (int k = 0; k < 5; k++)
    if (!seen[k])
      abort ();

  int n = 0;
#pragma acc parallel loop gang num_gangs (2) copyout (n)
  for (int i = 0; i < N; i++)
    if (i == 0)
      n = __builtin_goacc_parlevel_size (GOMP_DIM_GANG);
  if (n != 2)
    abort ();
  return 0;
}

/* { dg-output "^gangway: launch \[^\n\]* device=cpu gangs=5 workers=3 vector=1\[\n\r\]+gangway: launch \[^\n\]* device=cpu gangs=2 workers=1 vector=1" } */
