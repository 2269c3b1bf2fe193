/* An array declared inside the vector loop's body is private to each
   lane: every lane fills its own copy with per-lane values, sorts it and
   reads it back.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 1000
#define K 6

int
main (void)
{
  static int med[N], lo[N];

#pragma acc parallel loop copyout(med, lo)
  for (int i = 0; i < N; i++)
    {
      int v[K];
      for (int k = 0; k < K; k++)
	v[k] = ((i + 3) * (k + 7) * 31) % 101;
      /* Insertion sort, per lane.  */
      for (int k = 1; k < K; k++)
	{
	  int x = v[k], j = k - 1;
	  while (j >= 0 && v[j] > x)
	    {
	      v[j + 1] = v[j];
	      j--;
	    }
	  v[j + 1] = x;
	}
      med[i] = v[K / 2];
      lo[i] = v[0];
    }

  for (int i = 0; i < N; i++)
    {
      int v[K];
      for (int k = 0; k < K; k++)
	v[k] = ((i + 3) * (k + 7) * 31) % 101;
      for (int k = 1; k < K; k++)
	{
	  int x = v[k], j = k - 1;
	  while (j >= 0 && v[j] > x)
	    {
	      v[j + 1] = v[j];
	      j--;
	    }
	  v[j + 1] = x;
	}
      if (med[i] != v[K / 2] || lo[i] != v[0])
	{
	  fprintf (stderr, "med[%d] = %d, lo[%d] = %d, expected %d, %d\n", i,
		   med[i], i, lo[i], v[K / 2], v[0]);
	  abort ();
	}
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
