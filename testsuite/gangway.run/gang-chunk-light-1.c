/* The default schedule of a light region's gang loop (plugin/loops.cc):
   on the cpu device, a loop of a few hundred short iterations gives each
   gang a run of many iterations (cpu min_gang_chunk: a few thousand
   statements' worth), so that only the first gangs have work and the
   others find their runs empty; the runs stay contiguous, in gang order,
   and cover the loop once.  A gang loop with a loop inside it, and a
   region whose number of gangs is a constant of the program, keep GCC's
   schedule: gang g runs iterations g * ceil (N / gangs) on.  The ptx
   device keeps GCC's schedule everywhere.  */
/* { dg-do run } */

#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

#define GOMP_DIM_GANG 0

#define N 300

int light[N], heavy[N], asked[N];
int light_gangs, heavy_gangs, asked_gangs, on_ptx;
long sums[N];

/* Check that OWNER gives each of the N iterations to a gang below GANGS,
   in contiguous runs in gang order, and return how many gangs had work.
   Where EXACT, gang g must run iterations g * ceil (N / GANGS) on.  */

static int
check (const char *what, const int *owner, int gangs, int exact)
{
  int per = (N + gangs - 1) / gangs, used = 0;
  for (int i = 0; i < N; i++)
    {
      if (owner[i] < 0 || owner[i] >= gangs
	  || (i > 0 && owner[i] < owner[i - 1])
	  || (exact && owner[i] != i / per))
	{
	  fprintf (stderr, "%s: iteration %d ran on gang %d of %d\n", what, i,
		   owner[i], gangs);
	  abort ();
	}
      if (i == 0 || owner[i] != owner[i - 1])
	used++;
    }
  return used;
}

int
main (int argc, char **argv)
{
  int m = argc > 100 ? 1 : 3;

  /* Light: one gang loop, no loop inside, no call.  */
#pragma acc parallel copyout(light, light_gangs, on_ptx)
  {
    light_gangs = __builtin_goacc_parlevel_size (GOMP_DIM_GANG);
    on_ptx = acc_on_device (acc_device_nvidia);
#pragma acc loop gang
    for (int i = 0; i < N; i++)
      light[i] = __builtin_goacc_parlevel_id (GOMP_DIM_GANG);
  }

  /* A loop inside the gang loop: GCC's schedule.  */
#pragma acc parallel copyout(heavy, heavy_gangs, sums)
  {
    heavy_gangs = __builtin_goacc_parlevel_size (GOMP_DIM_GANG);
#pragma acc loop gang
    for (int i = 0; i < N; i++)
      {
	long s = 0;
	for (int j = 0; j < m; j++)
	  s += (long) i * j;
	sums[i] = s;
	heavy[i] = __builtin_goacc_parlevel_id (GOMP_DIM_GANG);
      }
  }

  /* The gangs the program asks for: GCC's schedule.  */
#pragma acc parallel num_gangs(8) copyout(asked, asked_gangs)
  {
    asked_gangs = __builtin_goacc_parlevel_size (GOMP_DIM_GANG);
#pragma acc loop gang
    for (int i = 0; i < N; i++)
      asked[i] = __builtin_goacc_parlevel_id (GOMP_DIM_GANG);
  }

  for (int i = 0; i < N; i++)
    if (sums[i] != (long) i * (m * (m - 1) / 2))
      {
	fprintf (stderr, "sums[%d] = %ld\n", i, sums[i]);
	abort ();
      }
  if (asked_gangs != 8)
    {
      fprintf (stderr, "num_gangs(8) ran %d gangs\n", asked_gangs);
      abort ();
    }
  int used = check ("light", light, light_gangs, on_ptx);
  check ("heavy", heavy, heavy_gangs, 1);
  check ("asked", asked, asked_gangs, 1);
  /* The cpu device runs 8 gangs a thread by default: at least 8.  */
  if (!on_ptx && (light_gangs < 8 || used * 2 > light_gangs))
    {
      fprintf (stderr, "light: %d of %d gangs had work\n", used,
	       light_gangs);
      abort ();
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu\[^\n\]*\n" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=cpu\[^\n\]*\n" } */
/* { dg-output "gangway: launch main._omp_fn.2 device=cpu gangs=8" } */
