/* Loops in a vector loop whose latch is reached several ways in one
   iteration (continue statements), and a sequential inner loop that
   continues the outer one (goto to its head) at different trips.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 257

static int
f (int i)
{
  int acc = 0, k = 0, c = 0;
  while (k < 40 + i % 9)
    {
      k++;
      if (k % 3 == i % 3)
	{
	  acc += 2;
	  continue;
	}
      if (k % 5 == 0)
	{
	  acc -= k;
	  continue;
	}
      acc ^= k;
    }
  for (int a = 0; a < 6; a++)
    {
    again:
      c++;
      for (int b = 0; b < 10; b++)
	{
	  if ((a * 7 + b + i) % 13 == 0 && c < 30)
	    goto again;
	  acc += b;
	}
    }
  return acc * 100 + c;
}

int
main (void)
{
  static int r[N], ref[N];
  for (int i = 0; i < N; i++)
    {
      r[i] = 0;
      ref[i] = f (i);
    }

#pragma acc parallel loop gang vector copyout(r)
  for (int i = 0; i < N; i++)
    {
      int acc = 0, k = 0, c = 0;
      while (k < 40 + i % 9)
	{
	  k++;
	  if (k % 3 == i % 3)
	    {
	      acc += 2;
	      continue;
	    }
	  if (k % 5 == 0)
	    {
	      acc -= k;
	      continue;
	    }
	  acc ^= k;
	}
      for (int a = 0; a < 6; a++)
	{
	again:
	  c++;
	  for (int b = 0; b < 10; b++)
	    {
	      if ((a * 7 + b + i) % 13 == 0 && c < 30)
		goto again;
	      acc += b;
	    }
	}
      r[i] = acc * 100 + c;
    }

  for (int i = 0; i < N; i++)
    if (r[i] != ref[i])
      {
	fprintf (stderr, "r[%d] = %d, expected %d\n", i, r[i], ref[i]);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
