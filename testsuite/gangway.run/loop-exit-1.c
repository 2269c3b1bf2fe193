/* Loops inside a vector loop that lanes leave through several exits.  A
   uniform test in the loop's header lets every lane still in the loop out
   in the same iteration, so the counter read after it is one value for
   them all; the lanes that leave by the divergent test leave in different
   iterations and read different counters.  Against the host.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 1000

/* Loaded inside the loop, so GCC cannot fold the uniform test.  */
static int lim[16] = { 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1 };

static int
search (int i)
{
  int k = 0;
  for (;;)
    {
      if (lim[k] == 0)
	return k * 1000 + i;
      k++;
      if (k >= i % 13)
	return k * 10 - i;
    }
}

int
main (void)
{
  static int a[N];

#pragma acc parallel loop copyin(lim) copyout(a)
  for (int i = 0; i < N; i++)
    {
      int k = 0;
      for (;;)
	{
	  if (lim[k] == 0)
	    {
	      a[i] = k * 1000 + i;
	      break;
	    }
	  k++;
	  if (k >= i % 13)
	    {
	      a[i] = k * 10 - i;
	      break;
	    }
	}
    }

  for (int i = 0; i < N; i++)
    if (a[i] != search (i))
      {
	fprintf (stderr, "a[%d] = %d, expected %d\n", i, a[i], search (i));
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu" } */
