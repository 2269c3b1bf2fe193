/* Eight host threads launch regions at once, each its own two regions
   (a gang vector loop and a gang worker loop) on its own data, 300 times:
   every launch runs on the cpu device and no update is lost or
   duplicated.  */
/* { dg-do run } */
/* { dg-additional-options "-pthread" } */

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gangway.h>

#define N 2000
#define THREADS 8
#define LAUNCHES 300

static int a[THREADS][N];
static double b[THREADS][N];
static int on_cpu[THREADS];

static void *
work (void *arg)
{
  int t = (int) (long) arg;
  int *p = a[t];
  double *q = b[t];
  for (int r = 0; r < LAUNCHES; r++)
    {
#pragma acc parallel loop gang vector copy(p[0:N])
      for (int i = 0; i < N; i++)
	p[i] += i % 7 + t;
      const char *d = gangway_last_launch_device ();
      on_cpu[t] += d && strcmp (d, "cpu") == 0;
#pragma acc parallel loop gang worker copy(q[0:N])
      for (int i = 0; i < N; i++)
	q[i] += 0.5 * t + 1.0;
      d = gangway_last_launch_device ();
      on_cpu[t] += d && strcmp (d, "cpu") == 0;
    }
  return NULL;
}

int
main (void)
{
  pthread_t th[THREADS];
  for (int t = 0; t < THREADS; t++)
    if (pthread_create (&th[t], NULL, work, (void *) (long) t) != 0)
      abort ();
  for (int t = 0; t < THREADS; t++)
    pthread_join (th[t], NULL);

  for (int t = 0; t < THREADS; t++)
    {
      if (on_cpu[t] != 2 * LAUNCHES)
	{
	  fprintf (stderr, "thread %d: %d launches on the cpu device\n", t,
		   on_cpu[t]);
	  abort ();
	}
      for (int i = 0; i < N; i++)
	if (a[t][i] != LAUNCHES * (i % 7 + t)
	    || b[t][i] != LAUNCHES * (0.5 * t + 1.0))
	  {
	    fprintf (stderr, "thread %d, %d: %d %g\n", t, i, a[t][i],
		     b[t][i]);
	    abort ();
	  }
    }
  return 0;
}

/* { dg-output "gangway: launch work._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
