/* Nested divergent ifs in a vector loop: an if/else inside each branch of
   an outer if/else, all on per-lane conditions.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 1001

static int
host_f (int x, int i)
{
  int r;
  if (x % 3 == 0)
    {
      if (x & 1)
	r = x + 100;
      else
	r = x - 100;
    }
  else
    {
      if (i % 5 < 2)
	r = x * x;
      else if (i % 5 == 2)
	r = -x;
      else
	r = 7;
    }
  return r;
}

int
main (void)
{
  static int a[N], b[N];
  for (int i = 0; i < N; i++)
    {
      a[i] = (i * 7919) % 211;
      b[i] = 0;
    }

#pragma acc parallel loop copyin(a) copyout(b)
  for (int i = 0; i < N; i++)
    {
      int x = a[i], r;
      if (x % 3 == 0)
	{
	  if (x & 1)
	    r = x + 100;
	  else
	    r = x - 100;
	}
      else
	{
	  if (i % 5 < 2)
	    r = x * x;
	  else if (i % 5 == 2)
	    r = -x;
	  else
	    r = 7;
	}
      b[i] = r;
    }

  for (int i = 0; i < N; i++)
    if (b[i] != host_f (a[i], i))
      {
	fprintf (stderr, "b[%d] = %d, expected %d\n", i, b[i],
		 host_f (a[i], i));
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
