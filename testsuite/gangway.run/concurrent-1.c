/* Four host threads launch regions concurrently (200 launches each, on
   their own arrays): every launch runs on the cpu device and no update is
   lost or duplicated.  */
/* { dg-do run } */
/* { dg-additional-options "-pthread" } */

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gangway.h>

#define N 1000
#define THREADS 4
#define LAUNCHES 200

static int a[THREADS][N];
static int on_cpu[THREADS];

static void *
work (void *arg)
{
  int t = (int) (long) arg;
  int *p = a[t];
  for (int r = 0; r < LAUNCHES; r++)
    {
#pragma acc parallel loop copy(p[0:N])
      for (int i = 0; i < N; i++)
	p[i] += i + t;
      const char *d = gangway_last_launch_device ();
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
      if (on_cpu[t] != LAUNCHES)
	{
	  fprintf (stderr, "thread %d: %d launches on the cpu device\n", t,
		   on_cpu[t]);
	  abort ();
	}
      for (int i = 0; i < N; i++)
	if (a[t][i] != LAUNCHES * (i + t))
	  {
	    fprintf (stderr, "a[%d][%d] = %d, expected %d\n", t, i, a[t][i],
		     LAUNCHES * (i + t));
	    abort ();
	  }
    }
  return 0;
}

/* { dg-output "gangway: launch work._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
