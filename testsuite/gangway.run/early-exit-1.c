/* A break out of a sequential search loop inside a vector loop: each lane
   stops at its own first match (or at the end of the row).  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 777
#define M 64

int
main (void)
{
  static int key[N], pos[N], ref[N];
  static int table[M];
  for (int k = 0; k < M; k++)
    table[k] = (k * 29) % M;
  for (int i = 0; i < N; i++)
    {
      key[i] = (i * 5) % 80;	/* Keys >= 64 are not in the table.  */
      ref[i] = -1;
      for (int k = 0; k < M; k++)
	if (table[k] == key[i])
	  {
	    ref[i] = k;
	    break;
	  }
      pos[i] = -2;
    }

#pragma acc parallel loop copyin(key, table) copyout(pos)
  for (int i = 0; i < N; i++)
    {
      int found = -1;
      for (int k = 0; k < M; k++)
	if (table[k] == key[i])
	  {
	    found = k;
	    break;
	  }
      pos[i] = found;
    }

  for (int i = 0; i < N; i++)
    if (pos[i] != ref[i])
      {
	fprintf (stderr, "pos[%d] = %d, expected %d\n", i, pos[i], ref[i]);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
