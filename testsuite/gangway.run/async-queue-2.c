/* Queued launches run while the host goes on: a region that waits for
   the host's signal is still running when the launch returns, and the
   queue's tests say so.  */
/* { dg-do run } */
/* { dg-set-target-env-var GANGWAY_NUM_THREADS "2" } */

#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

/* The region waits for *FLAG, at most about a second's worth of reads
   (then it says so in *SEEN): a synchronous launch fails, not hangs.  */

static void
hold (int *flag, int *seen)
{
#pragma acc parallel num_gangs(1) copy(flag[0:1], seen[0:1]) async(1)
  {
    long i;
    int f = 0;
    for (i = 0; i < 400000000L && !f; i++)
      {
#pragma acc atomic read
	f = flag[0];
      }
    seen[0] = f ? 1 : 2;
  }
}

/* Queue a region that adds K and the stack array W to A, then return:
   the region must see them as they were at the launch.  */

static void
add (double *a, int n, int k)
{
  double w[4] = { k, 2 * k, 3 * k, 4 * k };
#pragma acc parallel loop present(a[0:n]) copyin(w) async(1)
  for (int i = 0; i < n; i++)
    a[i] += k + w[i % 4];
  w[0] = -1000;
  k = -1000;
}

int
main (void)
{
  /* Static: the host's memory, which the device shares (a queued region
     copies the launching thread's stack objects that are not present,
     as a device would).  */
  static int flag, seen;
  int n = 1000, bad = 0;
  double *a = malloc (n * sizeof *a);

  for (int i = 0; i < n; i++)
    a[i] = i;
#pragma acc data copy(a[0:n])
  {
    hold (&flag, &seen);
    for (int k = 1; k <= 3; k++)
      add (a, n, k);
    if (acc_async_test (1) != 0 || acc_async_test_all () != 0)
      {
	printf ("the queue is done before the host lets it run\n");
	bad++;
      }
    if (seen != 0 || a[1] != 1)
      {
	printf ("a queued region ran before the host let it\n");
	bad++;
      }
    __atomic_store_n (&flag, 1, __ATOMIC_RELEASE);
#pragma acc wait(1)
    if (acc_async_test (1) == 0 || acc_async_test_all () == 0)
      {
	printf ("the queue is not done after the wait\n");
	bad++;
      }
  }
  if (seen != 1)
    {
      printf ("the first region %s\n",
	      seen == 2 ? "never saw the host's signal" : "did not run");
      bad++;
    }
  for (int i = 0; i < n; i++)
    {
      double want = i;
      for (int k = 1; k <= 3; k++)
	want += k + (i % 4 + 1) * k;
      if (a[i] != want)
	{
	  printf ("a[%d] = %g, not %g\n", i, a[i], want);
	  bad++;
	  break;
	}
    }
  printf ("%s\n", bad ? "FAIL" : "ok");
  return bad != 0;
}

/* { dg-output "gangway: launch hold._omp_fn.0 device=cpu gangs=1 workers=1 vector=\[0-9\]+ async=1\[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "(gangway: launch add._omp_fn.0 device=cpu \[^\n\]* async=1\[^\n\]*(\n|\r\n|\r)){3}" } */
/* { dg-output "ok" } */
