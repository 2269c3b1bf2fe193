/* File-scope arrays (one static, one extern-visible) read and written in
   a region without data clauses (implicitly copied).  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 1000

static double coef[N];
float result[N];

int
main (void)
{
  for (int i = 0; i < N; i++)
    coef[i] = 1.0 / (i + 1);

#pragma acc parallel loop
  for (int i = 0; i < N; i++)
    result[i] = (float) (coef[i] * 3.0 + coef[N - 1 - i]);

  for (int i = 0; i < N; i++)
    {
      float want = (float) (coef[i] * 3.0 + coef[N - 1 - i]);
      if (result[i] != want)
	{
	  fprintf (stderr, "result[%d] = %a, expected %a\n", i, result[i],
		   want);
	  abort ();
	}
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
