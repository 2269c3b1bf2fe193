/* A sequential loop in single code around a partitioned loop, whose
   latch (the index's increment, a block of its own at -O0) is neutered
   code that exits into the loop's head, itself neutered: the latch's
   region must leave through the head's neuter block (an ICE in the
   verifier after neuter, "an incoming value whose definition does not
   dominate its edge").  In gang-redundant code, in a gang loop's body
   (vector-single) and around a worker loop.  Found by gangway-fuzz.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

int a[3][8], b[4][3][8], c[4][3][8];

int
main (void)
{
#pragma acc parallel num_gangs (1) copy (a)
  for (int t = 0; t < 3; t++)
    {
#pragma acc loop vector
      for (int i = 0; i < 8; i++)
	a[t][i] = t + i;
    }

#pragma acc parallel loop gang copy (b)
  for (int g = 0; g < 4; g++)
    for (int t = 0; t < 3; t++)
      {
#pragma acc loop vector
	for (int i = 0; i < 8; i++)
	  b[g][t][i] = g * 100 + t * 10 + i;
      }

#pragma acc parallel loop gang num_workers (4) copy (c)
  for (int g = 0; g < 4; g++)
    for (int t = 0; t < 3; t++)
      {
#pragma acc loop worker
	for (int i = 0; i < 8; i++)
	  c[g][t][i] = g * 100 + t * 10 - i;
      }

  for (int g = 0; g < 4; g++)
    for (int t = 0; t < 3; t++)
      for (int i = 0; i < 8; i++)
	if ((g == 0 && a[t][i] != t + i)
	    || b[g][t][i] != g * 100 + t * 10 + i
	    || c[g][t][i] != g * 100 + t * 10 - i)
	  {
	    fprintf (stderr, "%d %d %d: %d %d %d\n", g, t, i, a[t][i],
		     b[g][t][i], c[g][t][i]);
	    abort ();
	  }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=1 workers=1 vector=\[0-9\]+\[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+\[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.2 device=cpu gangs=\[0-9\]+ workers=4 vector=1" } */
