/* A vector loop whose runtime trip count is 0, 1, or around the vector
   length (fewer iterations than lanes, exactly one vector, one lane more):
   exactly the iterations asked for run, each once.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 1000
#define TRIALS 10

static int a[N];

static void
bump (int n, int k)
{
#pragma acc parallel loop copy(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] += k;
}

int
main (void)
{
  static const int ns[TRIALS] = { 0, 1, 3, 4, 5, 15, 16, 17, 65, 1000 };
  for (int t = 0; t < TRIALS; t++)
    bump (ns[t], 1 << t);

  for (int i = 0; i < N; i++)
    {
      int want = 0;
      for (int t = 0; t < TRIALS; t++)
	if (i < ns[t])
	  want += 1 << t;
      if (a[i] != want)
	{
	  fprintf (stderr, "a[%d] = %#x, expected %#x\n", i, a[i], want);
	  abort ();
	}
    }
  return 0;
}

/* The zero-trip launch is a launch too.  */
/* { dg-output "(gangway: launch bump._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+(\n|\r\n|\r)+){10}" } */
