/* Conditional expressions in a vector loop: selects of loaded values,
   nested ternaries on per-lane conditions and a select of constants.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 1000
#define F(i, x, y) \
  ((x) > (y) ? (x) - (y) : (i) % 3 == 0 ? (y) * 2 : (i) % 3 == 1 ? -(x) : 5)

int
main (void)
{
  static int a[N], b[N], c[N], d[N];
  for (int i = 0; i < N; i++)
    {
      a[i] = (i * 37) % 100;
      b[i] = (i * 59) % 100;
    }

#pragma acc parallel loop copyin(a, b) copyout(c, d)
  for (int i = 0; i < N; i++)
    {
      c[i] = F (i, a[i], b[i]);
      d[i] = (a[i] & 1) ? 1000 : -1000;
    }

  for (int i = 0; i < N; i++)
    if (c[i] != F (i, a[i], b[i]) || d[i] != ((a[i] & 1) ? 1000 : -1000))
      {
	fprintf (stderr, "%d: c = %d, d = %d\n", i, c[i], d[i]);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
