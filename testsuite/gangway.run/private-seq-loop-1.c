/* Variables private to the threads of a partitioned loop stay theirs: a
   local array of a vector loop's body, and one of the body of a seq loop
   nested in a vector loop, are each lane's own (each lane fills its own
   with values of its iteration and a seq routine reads it), and one of a
   worker loop's body is each worker's, filled by a vector routine the
   worker calls.  plugin/seq-private.cc gives a seq loop's variables the
   level of the loop around it: here the vector level, a thread's own.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 300
#define G 4
#define W 4
#define M 37

static int failures;

#define CHECK(what, i, got, want)					\
  do { if ((got) != (want)) { failures++;				\
      fprintf (stderr, "%s [%d]: got %ld, expected %ld\n", what, (int) (i), \
	       (long) (got), (long) (want)); } } while (0)

#pragma acc routine seq
static int
wsum (const int *a, int n)
{
  int s = 0;
  for (int j = 0; j < n; j++)
    s += a[j] * (j + 1);
  return s;
}

#pragma acc routine vector
static void
vfill (int *a, int n, int k)
{
#pragma acc loop vector
  for (int i = 0; i < n; i++)
    a[i] = i * 3 + k;
}

int out1[N], out2[N], out3[G * W][M];
static volatile int vn = M;

int
main (void)
{
  int n = vn;

#pragma acc parallel loop gang vector copyout (out1)
  for (int i = 0; i < N; i++)
    {
      int le[8];
      for (int j = 0; j < 8; j++)
	le[j] = i * 8 + j * 3;
      out1[i] = wsum (le, 8);
    }

#pragma acc parallel loop gang vector copyout (out2)
  for (int i = 0; i < N; i++)
    {
      int s = 0;
#pragma acc loop seq
      for (int k = 0; k < 3; k++)
	{
	  int lf[4];
	  for (int j = 0; j < 4; j++)
	    lf[j] = i + k * 10 + j;
	  s += wsum (lf, 4);
	}
      out2[i] = s;
    }

#pragma acc parallel loop gang worker num_gangs (G) num_workers (W) \
  copyout (out3)
  for (int w = 0; w < G * W; w++)
    {
      int lw[M];
      vfill (lw, n, w);
      for (int i = 0; i < M; i++)
	out3[w][i] = lw[i];
    }

  for (int i = 0; i < N; i++)
    {
      int le[8], s = 0;
      for (int j = 0; j < 8; j++)
	le[j] = i * 8 + j * 3;
      for (int j = 0; j < 8; j++)
	s += le[j] * (j + 1);
      CHECK ("vector loop's array", i, out1[i], s);
      s = 0;
      for (int k = 0; k < 3; k++)
	for (int j = 0; j < 4; j++)
	  s += (i + k * 10 + j) * (j + 1);
      CHECK ("seq loop's array in a vector loop", i, out2[i], s);
    }
  for (int w = 0; w < G * W; w++)
    for (int i = 0; i < M; i++)
      CHECK ("worker loop's array", w * 100 + i, out3[w][i], i * 3 + w);
  if (failures)
    abort ();
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+\[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+\[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.2 device=cpu gangs=4 workers=4 vector=\[0-9\]+" } */
