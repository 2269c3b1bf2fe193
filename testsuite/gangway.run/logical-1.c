/* Logical && || ! in a vector loop, with short-circuit evaluation that
   guards an indirect load: lanes whose index is out of range must not
   read through it.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 1000
#define M 100

int
main (void)
{
  static int idx[N], r[N];
  static int table[M];
  for (int k = 0; k < M; k++)
    table[k] = k % 3;
  for (int i = 0; i < N; i++)
    /* Many indices are far out of the table.  */
    idx[i] = i % 4 == 0 ? 100000000 + i : i % 4 == 1 ? -100000000 - i : i % M;

#pragma acc parallel loop copyin(idx, table) copyout(r)
  for (int i = 0; i < N; i++)
    {
      int k = idx[i];
      r[i] = (k >= 0 && k < M && table[k] != 0)
	     + 2 * (!(k >= 0 && k < M) || table[k] == 2)
	     + 4 * !(i % 3);
    }

  for (int i = 0; i < N; i++)
    {
      int k = idx[i];
      int want = (k >= 0 && k < M && table[k] != 0)
		 + 2 * (!(k >= 0 && k < M) || table[k] == 2)
		 + 4 * !(i % 3);
      if (r[i] != want)
	{
	  fprintf (stderr, "r[%d] = %d, expected %d\n", i, r[i], want);
	  abort ();
	}
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
