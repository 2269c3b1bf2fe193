/* float arithmetic in a vector loop (+ - * / and a comparison): the
   device rounds every operation like the host, so results are exact.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 1003
#define F(x, y) ((x) * (y) - (x) / (y) + ((x) < (y) ? (y) - (x) : (x) + 0.1f))

int
main (void)
{
  static float a[N], b[N], c[N];
  for (int i = 0; i < N; i++)
    {
      a[i] = (i % 97) * 0.37f - 15.0f;
      b[i] = (i % 31) * -1.13f + 17.3f;
      c[i] = 0;
    }

#pragma acc parallel loop copyin(a, b) copyout(c)
  for (int i = 0; i < N; i++)
    c[i] = F (a[i], b[i]);

  for (int i = 0; i < N; i++)
    {
      float want = F (a[i], b[i]);
      if (c[i] != want)
	{
	  fprintf (stderr, "c[%d] = %a, expected %a\n", i, c[i], want);
	  abort ();
	}
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
