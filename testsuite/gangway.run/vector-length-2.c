/* vector_length(32) (more lanes than one SIMD register holds) on a gang
   and vector loop.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 10007

int
main (void)
{
  static float a[N], b[N];
  for (int i = 0; i < N; i++)
    {
      a[i] = (i % 101) * 0.25f;
      b[i] = 0;
    }

#pragma acc parallel loop gang vector vector_length(32) copyin(a) copyout(b)
  for (int i = 0; i < N; i++)
    {
      float x = a[i];
      b[i] = x < 10.0f ? x * x : x - 10.0f;
    }

  for (int i = 0; i < N; i++)
    {
      float x = a[i];
      float want = x < 10.0f ? x * x : x - 10.0f;
      if (b[i] != want)
	{
	  fprintf (stderr, "b[%d] = %g, expected %g\n", i, b[i], want);
	  abort ();
	}
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=(32|16|8)" } */
