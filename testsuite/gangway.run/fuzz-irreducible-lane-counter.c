/* Found by gangway-fuzz (seed 10037, -O1, a vector loop; reduced, then
   by hand: this one fails at -O0).  An irreducible cycle in each lane
   (lanes from 33 on enter it in the middle) whose back edge only odd
   lanes take: an even lane next to lanes still cycling gets its counter
   incremented (out[32] = 31 instead of 30).  config/cpu/masking.cc masks
   the writes whose old values lanes outside the mask still read.  */
/* { dg-do run } */
/* { dg-additional-options "-O0" } */

#include <stdio.h>
#include <stdlib.h>

#define N 46

long out[N];

int
main (void)
{
#pragma acc parallel loop gang vector copy (out)
  for (int i = 0; i < N; i++)
    {
      unsigned c = 0;
      if (i >= 33)
	goto mid;
    top:
      out[i] += 1;
    mid:
      out[i] += 2;
      if ((i & 1) && ++c < 3)
	goto top;
      out[i] = out[i] * 10 + c;
    }
  for (int i = 0; i < N; i++)
    {
      long want = (i >= 33 ? 2 : 3) + ((i & 1) ? 2 * 3 : 0);
      unsigned c = (i & 1) ? 3 : 0;
      want = want * 10 + c;
      if (out[i] != want)
	{
	  fprintf (stderr, "out[%d] = %ld, expected %ld\n", i, out[i], want);
	  abort ();
	}
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
