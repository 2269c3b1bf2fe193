/* A pointer chosen per lane between two arrays (p = c ? &x[i] : &y[i])
   and then stored through: adjacent lanes' addresses are not consecutive,
   although each candidate's are.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (void)
{
  static int a[N], b[N], x[N], y[N], rx[N], ry[N];
  for (int i = 0; i < N; i++)
    {
      a[i] = (i * 37) % 100;
      b[i] = (i * 59) % 100;
    }
  for (int i = 0; i < N; i++)
    {
      int *p = a[i] < b[i] ? &rx[i] : &ry[i];
      *p = i + 1;
    }

#pragma acc parallel loop copyin(a, b) copy(x, y)
  for (int i = 0; i < N; i++)
    {
      int *p = a[i] < b[i] ? &x[i] : &y[i];
      *p = i + 1;
    }

  for (int i = 0; i < N; i++)
    if (x[i] != rx[i] || y[i] != ry[i])
      {
	fprintf (stderr, "x[%d] = %d, y[%d] = %d, expected %d, %d\n", i, x[i],
		 i, y[i], rx[i], ry[i]);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
