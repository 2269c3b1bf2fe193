/* Queued regions never read the launching frame after it changed or
   returned (issue 38, item 2): scalars declared inside a data construct,
   which GCC maps by reference (tofrom), among them a loop's counter that
   the region reads and the host goes on counting; a function's local
   scalar and local array in copyin clauses, the function returning
   before the region runs; a reduction into the caller's local, copied
   back when the region is done; a stack array a data construct makes
   present, which a chain of queued regions uses in place (the second
   reads what the first wrote, through a copyin clause).  */
/* { dg-do run } */
/* { dg-set-target-env-var GANGWAY_NUM_THREADS "2" } */

#include <stdio.h>
#include <stdlib.h>

#define N 16
#define M 4096

static int failures;

static void
check (const char *what, long got, long want)
{
  if (got != want)
    {
      fprintf (stderr, "%s: got %ld, expected %ld\n", what, got, want);
      failures++;
    }
}

/* Some work, so that the region is still queued when its launching
   function returns.  */

#pragma acc routine seq
static int
slow (int x)
{
  for (int k = 0; k < 2000; k++)
    x = (x * 1103515245 + 12345) & 0x7fffffff;
  return x;
}

/* Queue a region that stores V + W[0..3] into OUT[I]: V and W are this
   function's locals, which it leaves at once.  */

static void
launch (int *out, int i)
{
  int v = i + 1;
  int w[4] = { i, 2 * i, 3 * i, 4 * i };
#pragma acc parallel num_gangs(1) present(out[0:N]) copyin(v, w) async(1)
  {
    int junk = slow (v) & 0;
    out[i] = v + w[0] + w[1] + w[2] + w[3] + junk;
  }
}

int
main (void)
{
  int out[N];

  /* Scalars declared inside the data construct: GCC maps them tofrom.  */
  for (int i = 0; i < N; i++)
    out[i] = 0;
#pragma acc data copy(out)
  {
    for (int i = 0; i < N; i++)
      {
	int v = i * i;
#pragma acc parallel num_gangs(1) async(1)
	{
	  int junk = slow (i) & 0;
	  out[i] = v + i + junk;
	}
      }
#pragma acc wait(1)
  }
  for (int i = 0; i < N; i++)
    check ("declared in the data construct", out[i], i * i + i);

  /* A function's locals, the function gone before its region runs.  */
  for (int i = 0; i < N; i++)
    out[i] = 0;
#pragma acc data copy(out)
  {
    for (int i = 0; i < N; i++)
      launch (out, i);
#pragma acc wait(1)
  }
  for (int i = 0; i < N; i++)
    check ("a returning function's locals", out[i], i + 1 + 10 * i);

  /* A reduction into a local of the caller, waited for later.  */
  int in[M];
  long want = 0;
  for (int i = 0; i < M; i++)
    {
      in[i] = i % 7;
      want += i % 7;
    }
  int sum = 0;
#pragma acc parallel loop reduction(+:sum) copyin(in) async(2)
  for (int i = 0; i < M; i++)
    sum += in[i] + (slow (i) & 0);
#pragma acc wait(2)
  check ("async reduction", sum, want);

  /* A present stack array, used in place by a chain of regions.  */
  int a[M], b[M];
#pragma acc data create(a) copyout(b)
  {
#pragma acc parallel loop present(a) async(3)
    for (int i = 0; i < M; i++)
      a[i] = i + (slow (i) & 0);
#pragma acc parallel loop copyin(a) present(b) async(3)
    for (int i = 0; i < M; i++)
      b[i] = 2 * a[i];
#pragma acc wait(3)
  }
  for (int i = 0; i < M; i += 97)
    check ("present array through a chain", b[i], 2 * i);

  if (failures)
    abort ();
  return 0;
}

/* { dg-output "(gangway: launch main._omp_fn.0 device=cpu \[^\n\]* async=1(\n|\r\n|\r)){16}" } */
/* { dg-output "(gangway: launch launch._omp_fn.0 device=cpu \[^\n\]* async=1(\n|\r\n|\r)){16}" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=cpu \[^\n\]* async=2(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.2 device=cpu \[^\n\]* async=3(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.3 device=cpu \[^\n\]* async=3" } */
