/* C routines without prototypes ('int f ()'), as in GCC's own
   loop-auto-1.c: the device call takes its parameters from the routine's
   definition, an old-style one among them, whose float parameter the
   caller passes as a double.  Every result is compared with the host's;
   the launch log shows the region on the device.  */
/* { dg-do run } */

#define GOMP_DIM_GANG 0
#define GOMP_DIM_WORKER 1
#include <stdlib.h>

#pragma acc routine seq
static int
gang_of ()
{
  return __builtin_goacc_parlevel_id (GOMP_DIM_GANG);
}

#pragma acc routine seq
static float
scale (x, n)
     float x;
     int n;
{
  return x * n;
}

#define N 64

int
main (void)
{
  float a[N];
  int g[N];
#pragma acc parallel loop gang num_gangs (4) copyout (a, g)
  for (int i = 0; i < N; i++)
    {
      a[i] = scale (i + 0.5f, 3);
      g[i] = gang_of ();
    }
  for (int i = 0; i < N; i++)
    if (a[i] != (i + 0.5f) * 3 || g[i] < 0 || g[i] >= 4)
      abort ();
  return 0;
}

/* { dg-output "^gangway: launch \[^\n\]* device=cpu gangs=4 " } */
