/* An array of structs with an array member (s[i].v[k]), read with a
   sequential inner loop per lane and written back by field.
   `vector`: without it, a loop whose accesses are all strided runs one
   lane on the cpu device (plugin/lanes.cc).  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 333
#define K 5

struct rec
{
  int v[K];
  long sum;
  int max;
};

static struct rec s[N];

int
main (void)
{
  for (int i = 0; i < N; i++)
    for (int k = 0; k < K; k++)
      s[i].v[k] = ((i + 1) * (k + 3) * 7919) % 1000 - 500;

#pragma acc parallel loop gang vector copy(s)
  for (int i = 0; i < N; i++)
    {
      long sum = 0;
      int max = s[i].v[0];
      for (int k = 0; k < K; k++)
	{
	  sum += s[i].v[k];
	  if (s[i].v[k] > max)
	    max = s[i].v[k];
	}
      s[i].sum = sum;
      s[i].max = max;
    }

  for (int i = 0; i < N; i++)
    {
      long sum = 0;
      int max = s[i].v[0];
      for (int k = 0; k < K; k++)
	{
	  sum += s[i].v[k];
	  if (s[i].v[k] > max)
	    max = s[i].v[k];
	}
      if (s[i].sum != sum || s[i].max != max)
	{
	  fprintf (stderr, "s[%d] = {%ld, %d}, expected {%ld, %d}\n", i,
		   s[i].sum, s[i].max, sum, max);
	  abort ();
	}
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
