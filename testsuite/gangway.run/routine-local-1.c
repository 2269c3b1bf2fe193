/* A worker routine's own array, declared outside its loops: a worker
   loop fills it, a second worker loop reads it back in another order,
   and its single code reads it once more.  The array is the call's one
   variable, which the gang's workers share (plugin/routine-locals.cc);
   it used to stay in each thread's own frame, and each thread read back
   only its own iterations' stores (garbage on both targets, an ICE at
   -O1 and above where the routine was inlined).  Called from a gang
   loop, with several workers and lanes.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 48
#define M 37

#pragma acc routine worker
static void
row (const float *a, float *out, int i)
{
  float t[M];
  int hits = 0;
#pragma acc loop worker
  for (int j = 0; j < M; ++j)
    t[j] = a[i * M + j] * 2.0f;
  float s = 0;
#pragma acc loop worker reduction(+:s)
  for (int j = 0; j < M; ++j)
    s += t[j] * (j + 1) + t[M - 1 - j];
  /* Single code: the first and last elements, stored by different
     workers.  */
  if (t[0] == a[i * M] * 2.0f)
    hits++;
  if (t[M - 1] == a[i * M + M - 1] * 2.0f)
    hits++;
  out[i] = s + t[M / 2] + 1000.0f * hits;
}

static void
row_host (const float *a, float *out, int i)
{
  float t[M];
  int hits = 2;
  for (int j = 0; j < M; ++j)
    t[j] = a[i * M + j] * 2.0f;
  float s = 0;
  for (int j = 0; j < M; ++j)
    s += t[j] * (j + 1) + t[M - 1 - j];
  out[i] = s + t[M / 2] + 1000.0f * hits;
}

int
main (void)
{
  float a[N * M], out[N], want[N];
  for (int i = 0; i < N * M; ++i)
    a[i] = (i % 17) * 0.5f;
#pragma acc parallel loop gang num_workers(4) copyin(a) copyout(out)
  for (int i = 0; i < N; ++i)
    row (a, out, i);
  for (int i = 0; i < N; ++i)
    {
      row_host (a, want, i);
      if (out[i] != want[i])
	{
	  fprintf (stderr, "out[%d] = %g, expected %g\n", i, out[i], want[i]);
	  abort ();
	}
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=4 vector=\[0-9\]+" } */
