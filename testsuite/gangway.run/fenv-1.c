/* The launching thread's floating-point environment holds in the cpu
   device's threads (issue 38, item 4): after a first region has started
   the pool under the default rounding, regions under FE_UPWARD,
   FE_DOWNWARD and FE_TOWARDZERO, synchronous and queued (the host
   changing its rounding before the wait), round every element as the
   host does; a division by zero in a region raises the host's
   FE_DIVBYZERO (at the wait, for a queued one).  The ptx device rounds
   to nearest whatever the host's mode (docs/manual.md).  */
/* { dg-do run } */
/* { dg-set-target-env-var GANGWAY_NUM_THREADS "2" } */

#include <fenv.h>
#include <stdio.h>
#include <stdlib.h>

#define N (1 << 22)

static float x[N], y[N], h[N];
static int failures;

static void
compare (const char *what)
{
  long bad = 0;
  for (int i = 0; i < N; i++)
    bad += y[i] != h[i];
  if (bad)
    {
      fprintf (stderr, "%s: %ld of %d elements rounded otherwise\n", what,
	       bad, N);
      failures++;
    }
}

int
main (void)
{
  static const int modes[] = { FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO };
  static const char *const names[] = { "upward", "downward", "toward zero" };
  int n = N;

  for (int i = 0; i < N; i++)
    x[i] = (float) (i % 1000 + 1);
#pragma acc parallel loop copyin(x) copyout(y)
  for (int i = 0; i < n; i++)
    y[i] = x[i];

  for (int m = 0; m < 3; m++)
    {
      char what[64];
      fesetround (modes[m]);
      for (int i = 0; i < N; i++)
	h[i] = x[i] / 3.0f + x[i] * 0.1f;
#pragma acc parallel loop copyin(x) copyout(y)
      for (int i = 0; i < n; i++)
	y[i] = x[i] / 3.0f + x[i] * 0.1f;
      snprintf (what, sizeof what, "%s", names[m]);
      compare (what);

#pragma acc parallel loop copyin(x) copyout(y) async(1)
      for (int i = 0; i < n; i++)
	y[i] = x[i] / 3.0f + x[i] * 0.1f;
      fesetround (FE_TONEAREST);
#pragma acc wait(1)
      snprintf (what, sizeof what, "%s, queued", names[m]);
      compare (what);
    }

  /* Every thread divides by zero somewhere.  */
  volatile float zero = 0;
  float z = zero;
  feclearexcept (FE_ALL_EXCEPT);
#pragma acc parallel loop copyin(x) copyout(y) firstprivate(z)
  for (int i = 0; i < n; i++)
    y[i] = i % 100000 == 99999 ? x[i] / z : x[i];
  if (!fetestexcept (FE_DIVBYZERO))
    {
      fprintf (stderr, "no FE_DIVBYZERO after the region\n");
      failures++;
    }
  feclearexcept (FE_ALL_EXCEPT);
#pragma acc parallel loop copyin(x) copyout(y) firstprivate(z) async(1)
  for (int i = 0; i < n; i++)
    y[i] = i % 100000 == 99999 ? x[i] / z : x[i];
#pragma acc wait(1)
  if (!fetestexcept (FE_DIVBYZERO))
    {
      fprintf (stderr, "no FE_DIVBYZERO after the queued region\n");
      failures++;
    }
  if (failures)
    abort ();
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu \[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "(gangway: launch main._omp_fn.1 device=cpu \[^\n\]*(\n|\r\n|\r)gangway: launch main._omp_fn.2 device=cpu \[^\n\]*async=1(\n|\r\n|\r)){3}" } */
/* { dg-output "gangway: launch main._omp_fn.3 device=cpu \[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.4 device=cpu \[^\n\]*async=1" } */
