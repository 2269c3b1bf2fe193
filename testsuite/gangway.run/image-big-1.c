/* Gathers and scatters as functions of their own (image-big=1: every
   image is big) give the host's results, at every lane mask: a loop whose
   iterations gather and scatter under a condition, and a whole-mask one.  */
/* { dg-do run } */
/* { dg-additional-options "-fplugin-arg-gangway-targets=cpu -fplugin-arg-gangway-image-big=1" } */

#include <stdlib.h>

#define N 1000

int
main (void)
{
  static double x[N], y[N], ref[N];
  static int idx[N];
  static float f[N];
  for (int i = 0; i < N; i++)
    {
      idx[i] = (i * 37) % N;
      x[i] = i * 0.5;
      y[i] = 0;
      f[i] = i;
    }

#pragma acc parallel loop copyin(x, idx) copy(y)
  for (int i = 0; i < N; i++)
    if (i % 3 != 0)
      y[idx[i]] = x[idx[(i + 1) % N]] + 1;
#pragma acc parallel loop copyin(idx) copy(f)
  for (int i = 0; i < N / 2; i++)
    f[idx[2 * i]] = f[idx[2 * i]] * 2;

  for (int i = 0; i < N; i++)
    ref[i] = 0;
  for (int i = 0; i < N; i++)
    if (i % 3 != 0)
      ref[idx[i]] = x[idx[(i + 1) % N]] + 1;
  for (int i = 0; i < N; i++)
    if (y[i] != ref[i])
      abort ();
  for (int i = 0; i < N; i++)
    {
      /* idx[2i] = 74i mod 1000 is even, and each even number once.  */
      float want = i % 2 == 0 ? 2.0f * i : i;
      if (f[i] != want)
	abort ();
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu \[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=cpu \[^\n\]*(\n|\r\n|\r)" } */
