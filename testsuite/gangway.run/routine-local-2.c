/* A vector routine's own variables are one per call, and a vector
   routine is called by each worker on its own (plugin/routine-locals.cc):
   called in a worker loop, each worker's array and scalar are its own,
   shared by its lanes.  A local of a `loop seq' at the routine's top
   level is the call's too; the variables of the vector loops' bodies
   (an array whose address is taken, one that is not) stay each
   iteration's own.  Also called from gang-redundant code, and by a
   worker routine.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define M 29

#pragma acc routine seq
static void
bump (int *p, int k)
{
  *p += k;
}

#pragma acc routine vector
static int
vrow (const int *a, int i)
{
  int t[M];
  int base = i * 3;		/* Its address is taken: memory.  */
  bump (&base, 1);
#pragma acc loop vector
  for (int j = 0; j < M; ++j)
    {
      int u[2];			/* The iteration's own.  */
      int w = 0;		/* Its address is taken: the iteration's own.  */
      bump (&w, j);
      u[0] = a[i * M + j];
      u[1] = base + w;
      t[j] = u[0] + u[1];
    }
  int sum = 0;
#pragma acc loop seq
  for (int k = 0; k < 2; ++k)
    {
      int v[M];			/* The call's, in single code.  */
#pragma acc loop vector
      for (int j = 0; j < M; ++j)
	v[j] = t[M - 1 - j] * (k + 1);
      for (int j = 0; j < M; ++j)
	sum += v[j] * (j % 5);
    }
  return sum + t[0] + t[M - 1];
}

static int
vrow_host (const int *a, int i)
{
  int t[M], sum = 0;
  for (int j = 0; j < M; ++j)
    t[j] = a[i * M + j] + i * 3 + 1 + j;
  for (int k = 0; k < 2; ++k)
    for (int j = 0; j < M; ++j)
      sum += t[M - 1 - j] * (k + 1) * (j % 5);
  return sum + t[0] + t[M - 1];
}

#pragma acc routine worker
static void
wrows (const int *a, int *out, int g)
{
#pragma acc loop worker
  for (int r = 0; r < 8; ++r)
    out[g * 8 + r] = vrow (a, g * 8 + r);
}

#define G 6
#define N (G * 8)

int
main (void)
{
  int a[N * M], out[N], out2[N], out3[G];
  for (int i = 0; i < N * M; ++i)
    a[i] = (i * 7) % 23;
#pragma acc parallel loop gang worker num_gangs(G) num_workers(4) \
  copyin(a) copyout(out)
  for (int i = 0; i < N; ++i)
    out[i] = vrow (a, i);
#pragma acc parallel loop gang num_workers(2) copyin(a) \
  copyout(out2)
  for (int g = 0; g < G; ++g)
    wrows (a, out2, g);
#pragma acc parallel num_gangs(G) copyin(a) copyout(out3)
  {
    int g = __builtin_goacc_parlevel_id (0);
    out3[g] = vrow (a, g);
  }
  for (int i = 0; i < N; ++i)
    if (out[i] != vrow_host (a, i) || out2[i] != out[i]
	|| (i < G && out3[i] != out[i]))
      {
	fprintf (stderr, "row %d: %d %d %d, expected %d\n", i, out[i],
		 out2[i], i < G ? out3[i] : -1, vrow_host (a, i));
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=6 workers=4 vector=\[0-9\]+.*" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=cpu gangs=\[0-9\]+ workers=2 vector=\[0-9\]+.*" } */
/* { dg-output "gangway: launch main._omp_fn.2 device=cpu gangs=6 workers=1 vector=\[0-9\]+" } */
