/* Queued launches against the host: a chain of regions on two queues,
   each launched by a function that returns before it runs (its
   firstprivate scalars live in that function's frame), waited for by
   the wait directive, acc_wait, acc_wait_all and the wait clause, and
   followed by regions that must see their results: a synchronous
   launch, a host-run region (if clause), a data construct's end.  */
/* { dg-do run } */
/* { dg-set-target-env-var GANGWAY_NUM_THREADS "2" } */

#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

#define N 20000
#define STEPS 150

static void
step (double *a, int n, int k)
{
  double c = k * 0.5;
#pragma acc parallel loop present(a[0:n]) async(k % 2)
  for (int i = 0; i < n; i++)
    a[i] = a[i] * 0.75 + c;
}

static void
host_step (double *r, int n, int k)
{
  for (int i = 0; i < n; i++)
    r[i] = r[i] * 0.75 + k * 0.5;
}

static int
compare (const char *what, const double *a, const double *r, int n)
{
  for (int i = 0; i < n; i++)
    if (a[i] != r[i])
      {
	printf ("%s: a[%d] = %g, not %g\n", what, i, a[i], r[i]);
	return 1;
      }
  return 0;
}

int
main (void)
{
  double *a = malloc (N * sizeof *a), *r = malloc (N * sizeof *r);
  double sum = 0, want = 0;
  int bad = 0, n = N, k = 0;

  for (int i = 0; i < n; i++)
    a[i] = r[i] = i % 97;

#pragma acc data copy(a[0:n])
  {
    /* More launches than the ring holds, on queues 0 and 1.  */
    for (; k < STEPS; k++)
      step (a, n, k);
#pragma acc wait(0, 1)
    for (int j = 0; j < STEPS; j++)
      host_step (r, n, j);
    bad += compare ("wait directive", a, r, n);

    for (; k < 2 * STEPS; k++)
      step (a, n, k);
    acc_wait (0);
    acc_wait (1);
    for (int j = STEPS; j < 2 * STEPS; j++)
      host_step (r, n, j);
    bad += compare ("acc_wait", a, r, n);

    step (a, n, k++);
    step (a, n, k++);
    acc_wait_all ();
    host_step (r, n, k - 2);
    host_step (r, n, k - 1);
    bad += compare ("acc_wait_all", a, r, n);

    /* A synchronous region sees what the queue did before it.  */
    step (a, n, k++);
#pragma acc parallel loop present(a[0:n]) reduction(+:sum)
    for (int i = 0; i < n; i++)
      sum += a[i];
    host_step (r, n, k - 1);
    for (int i = 0; i < n; i++)
      want += r[i];
    if (sum != want)
      {
	printf ("synchronous region: sum %g, not %g\n", sum, want);
	bad++;
      }

    /* So does a region the if clause sends to the host, and a region
       that waits for queue 1 on queue 2.  */
    step (a, n, k++);
#pragma acc parallel loop present(a[0:n]) if(n < 0)
    for (int i = 0; i < n; i++)
      a[i] += 1;
    host_step (r, n, k - 1);
    for (int i = 0; i < n; i++)
      r[i] += 1;
    step (a, n, k++);
#pragma acc parallel loop present(a[0:n]) async(2) wait(1)
    for (int i = 0; i < n; i++)
      a[i] *= 2;
    host_step (r, n, k - 1);
    for (int i = 0; i < n; i++)
      r[i] *= 2;

    /* The last steps are waited for by the data construct's end.  */
    for (int j = 0; j < 3; j++)
      step (a, n, k++);
    for (int j = 3; j > 0; j--)
      host_step (r, n, k - j);
  }
  bad += compare ("data construct's end", a, r, n);

  printf ("%s\n", bad ? "FAIL" : "ok");
  return bad != 0;
}

/* { dg-output "(gangway: launch step._omp_fn.0 device=cpu \[^\n\]* async=\[01\]\[^\n\]*(\n|\r\n|\r))+" } */
/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+( ptx=\[a-z-\]+)?(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch step._omp_fn.0 device=cpu \[^\n\]* async=1\[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=host \[^\n\]*reason=if-clause\[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch step._omp_fn.0 device=cpu \[^\n\]* async=0\[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.2 device=cpu \[^\n\]* async=2\[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "(gangway: launch step._omp_fn.0 device=cpu \[^\n\]* async=\[01\]\[^\n\]*(\n|\r\n|\r)){3}" } */
/* { dg-output "ok" } */
