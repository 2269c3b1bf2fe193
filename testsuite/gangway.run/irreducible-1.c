/* Lanes of a vector loop enter an irreducible loop at different blocks
   (a goto into its middle) and leave it after different numbers of trips;
   a second irreducible loop follows, entered at a block chosen by the
   first one's result, and a third is nested in a sequential loop.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 333

static int
body (int i, int *trips)
{
  int x = i, c = 0, t = 0;
  if (i & 1)
    goto mid;
top:
  x += 3;
  c++;
mid:
  x ^= 5;
  c += 2;
  if (x < 100 + i % 7 && c < 50)
    goto top;
  /* Entered at one of two blocks according to the first loop.  */
  int y = c;
  if (x % 3 == 0)
    goto second;
first:
  y = y * 3 + 1;
  t++;
second:
  y -= 2;
  if (y % 5 != 0 && t < 20)
    goto first;
  /* Nested in a sequential loop.  */
  int z = 0;
  for (int k = 0; k < (i % 4) + 1; k++)
    {
      int w = k + i;
      if (w & 2)
	goto inner_mid;
    inner_top:
      w += 7;
      z++;
    inner_mid:
      w -= 3;
      if (w % 11 != 0 && w < 3 * i + 40)
	goto inner_top;
      z += w;
    }
  *trips = t;
  return x * 1000 + c * 10 + y + z;
}

int
main (void)
{
  static int r[N], t[N], ref[N], reft[N];
  for (int i = 0; i < N; i++)
    {
      r[i] = t[i] = -1;
      ref[i] = body (i, &reft[i]);
    }

#pragma acc parallel loop gang vector copyout(r, t)
  for (int i = 0; i < N; i++)
    {
      int x = i, c = 0, tt = 0;
      if (i & 1)
	goto mid;
    top:
      x += 3;
      c++;
    mid:
      x ^= 5;
      c += 2;
      if (x < 100 + i % 7 && c < 50)
	goto top;
      int y = c;
      if (x % 3 == 0)
	goto second;
    first:
      y = y * 3 + 1;
      tt++;
    second:
      y -= 2;
      if (y % 5 != 0 && tt < 20)
	goto first;
      int z = 0;
      for (int k = 0; k < (i % 4) + 1; k++)
	{
	  int w = k + i;
	  if (w & 2)
	    goto inner_mid;
	inner_top:
	  w += 7;
	  z++;
	inner_mid:
	  w -= 3;
	  if (w % 11 != 0 && w < 3 * i + 40)
	    goto inner_top;
	  z += w;
	}
      t[i] = tt;
      r[i] = x * 1000 + c * 10 + y + z;
    }

  for (int i = 0; i < N; i++)
    if (r[i] != ref[i] || t[i] != reft[i])
      {
	fprintf (stderr, "%d: r %d t %d, expected %d %d\n", i, r[i], t[i],
		 ref[i], reft[i]);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
