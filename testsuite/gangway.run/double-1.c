/* double arithmetic in a vector loop (+ - * / and a comparison), exact
   like the host; a float constant mixed in is widened.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 1003
#define F(x, y) ((x) * (y) - (x) / (y) + ((x) >= (y) ? (x) - 0.3f : (y) * 1e-3))

int
main (void)
{
  static double a[N], b[N], c[N];
  for (int i = 0; i < N; i++)
    {
      a[i] = (i % 89) * 0.731 - 31.5;
      b[i] = (i % 23) * -2.17 + 25.01;
      c[i] = 0;
    }

#pragma acc parallel loop copyin(a, b) copyout(c)
  for (int i = 0; i < N; i++)
    c[i] = F (a[i], b[i]);

  for (int i = 0; i < N; i++)
    {
      double want = F (a[i], b[i]);
      if (c[i] != want)
	{
	  fprintf (stderr, "c[%d] = %a, expected %a\n", i, c[i], want);
	  abort ();
	}
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
