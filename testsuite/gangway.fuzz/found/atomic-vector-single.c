/* Found by gangway-fuzz's first atomic programs on the cpu device: make
   check's seeds 134 (-O2 x86-64-v4), 138 (-O2 -fno-math-errno
   x86-64-v4), 155 and 179 (-O3 check-lanes), 1001 on the sanitized
   runtime (-O1 -fno-math-errno x86-64-v4), and 6 of 100 programs of a
   run with more atomics; then by hand.  An atomic construct in
   vector-single code of a worker-partitioned loop (the body of a 'worker'
   or 'gang worker' loop, outside any vector loop, and of loops that
   GCC's auto partitioning gives the worker axis) runs once per vector
   lane, not once: here c[2] and c[4] come out vector_length times too
   big.  Updates, captures (the counter and the update of the value
   captured) and updates of the iteration's own element all do it.  The
   same atomics in a gang loop's body (worker- and vector-single), in a
   vector loop's body and in the region's own code are right, and ptxsim
   runs all of them right.  Every optimization level and ISA shows it;
   the verifier (-fplugin-arg-gangway-verify), which stops a store left
   un-neutered in vector-single code, does not stop these.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

static long c[7];

int
main (void)
{
#pragma acc parallel num_gangs (2) num_workers (2) vector_length (8) copy (c)
  {
#pragma acc loop gang
    for (int i = 0; i < 4; i++)
      {
#pragma acc atomic update
	c[1]++;			/* A gang loop's body: 4.  */
#pragma acc loop worker
	for (int j = 0; j < 4; j++)
	  {
#pragma acc atomic update
	    c[2]++;		/* A worker loop's body: 16 (was 128).  */
#pragma acc loop vector
	    for (int k = 0; k < 4; k++)
	      {
#pragma acc atomic update
		c[3]++;		/* A vector loop's body: 64.  */
	      }
	  }
      }
#pragma acc loop gang worker
    for (int i = 0; i < 4; i++)
      {
#pragma acc atomic update
	c[4]++;			/* A gang worker loop's body: 4 (was 32).  */
      }
#pragma acc loop gang worker vector
    for (int i = 0; i < 4; i++)
      {
#pragma acc atomic update
	c[5]++;			/* 4.  */
      }
#pragma acc loop gang vector
    for (int i = 0; i < 4; i++)
      {
#pragma acc atomic update
	c[6]++;			/* 4.  */
      }
  }
  static const long want[7] = { 0, 4, 16, 64, 4, 4, 4 };
  int bad = 0;
  for (int k = 0; k < 7; k++)
    if (c[k] != want[k])
      {
	fprintf (stderr, "c[%d] = %ld, want %ld\n", k, c[k], want[k]);
	bad = 1;
      }
  if (bad)
    abort ();
  return 0;
}

/* { dg-output "gangway: launch \[^\n\]* device=cpu " } */
