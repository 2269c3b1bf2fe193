/* Eight OpenMP host threads launch regions at once, each its own region
   on its own data, 300 times, with OMP_PROC_BIND set (libgomp binds its
   threads): every launch runs on the cpu device, with exact results.  */
/* { dg-do run } */
/* { dg-additional-options "-fopenmp" } */
/* { dg-set-target-env-var OMP_PROC_BIND "true" } */

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gangway.h>

#define N 2000
#define THREADS 8
#define LAUNCHES 300

static long a[THREADS][N];
static int on_cpu[THREADS], seen[THREADS];

/* The launches of OpenMP thread T (GCC allows no OpenACC construct
   inside an OpenMP one).  */

static void
work (int t)
{
  long *p = a[t];
  seen[t] = 1;
  for (int r = 0; r < LAUNCHES; r++)
    {
#pragma acc parallel loop copy(p[0:N])
      for (int i = 0; i < N; i++)
	p[i] += (long) i * (t + 1);
      const char *d = gangway_last_launch_device ();
      on_cpu[t] += d && strcmp (d, "cpu") == 0;
    }
}

int
main (void)
{
#pragma omp parallel num_threads(THREADS)
  work (omp_get_thread_num ());

  for (int t = 0; t < THREADS; t++)
    {
      if (!seen[t] || on_cpu[t] != LAUNCHES)
	{
	  fprintf (stderr, "thread %d: %d launches on the cpu device\n", t,
		   on_cpu[t]);
	  abort ();
	}
      for (int i = 0; i < N; i++)
	if (a[t][i] != (long) LAUNCHES * i * (t + 1))
	  {
	    fprintf (stderr, "a[%d][%d] = %ld\n", t, i, a[t][i]);
	    abort ();
	  }
    }
  return 0;
}

/* { dg-output "gangway: launch work._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
