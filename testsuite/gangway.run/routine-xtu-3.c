/* A routine of another unit (routine-xtu-3-aux.c) that updates that
   unit's declared global: it reaches the global through its own unit's
   table of globals, not its caller's (on the ptx device an exported
   routine reads its unit's table from its module, gangway-abi.h,
   GW_PTX_TABLE_SUFFIX).  This unit declares a global of its own, first
   in its table, which the region uses too: a routine that took its
   caller's table would update it instead (GCC's pr96628-part1.f90 found
   that).  Results are compared with the host's.  */
/* { dg-do run } */
/* { dg-additional-sources "routine-xtu-3-aux.c" } */

#include <stdio.h>
#include <stdlib.h>

#define N 200

#pragma acc routine seq
extern void record_hit (int i);
extern void clear_hits (void);
extern int hit (int k);

int decoy[4];
#pragma acc declare create (decoy)

int
main (void)
{
  long want[4] = { 0 };
  for (int i = 0; i < N; i++)
    want[i % 4] += i;
  clear_hits ();
  for (int k = 0; k < 4; k++)
    decoy[k] = 7;
#pragma acc update device (decoy)

#pragma acc parallel loop
  for (int i = 0; i < N; i++)
    {
      record_hit (i);
      if (i < 4)
	{
#pragma acc atomic update
	  decoy[i] += 1;
	}
    }

#pragma acc update self (decoy)
  int bad = 0;
  for (int k = 0; k < 4; k++)
    if (hit (k) != want[k] || decoy[k] != 8)
      {
	fprintf (stderr, "hits[%d] = %d, not %ld; decoy[%d] = %d, not 8\n", k,
		 hit (k), want[k], k, decoy[k]);
	bad = 1;
      }
  if (bad)
    abort ();
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu " } */
