/* Found by gangway-fuzz on the cpu device (seeds 20, 28, 48, 88, 136,
   152 of make check's set at -O0, 133 and 165 at -O1, 143 and 159 at
   -O3; then by hand).  A reduction below the gang level of a variable
   with a receiver (a mapped global: the result goes back to it), on a
   'gang worker' loop, on a worker loop nested in a gang loop that
   repeats the clause, or on the element loop of a 'gang tile' loop: the
   store of the result to the receiver (the reduction's teardown) was
   left in vector-single code un-neutered, in the block of the reduce,
   and the verifier stopped the compiler, "the device RTL of ... is
   invalid after neuter: a store in vector-single code that is not
   neutered" (fixed: split-markers gives each reduce a block of its own).
   This one failed at -O0 only; the seeds above at -O1 and -O3 in bigger
   regions.  */
/* { dg-do run } */
/* { dg-additional-options "-O0 -fplugin-arg-gangway-verify" } */

#include <stdlib.h>

static double lo;
static short x;
double a[100];

int
main (void)
{
  for (int i = 0; i < 100; i++)
    a[i] = i * 7 % 13 + 1;
  lo = 5;
  x = 5;
#pragma acc parallel num_gangs (4) num_workers (2) vector_length (8) copy (lo, x) copyin (a)
  {
#pragma acc loop gang worker reduction (min:lo)
    for (int i = 0; i < 100; i++)
      lo = a[i] < lo ? a[i] : lo;
#pragma acc loop gang reduction (^:x)
    for (int i = 0; i < 10; i++)
#pragma acc loop worker reduction (^:x)
      for (int j = 0; j < 10; j++)
	x = x ^ (short) a[i * 10 + j];
  }
  short want = 5;
  for (int i = 0; i < 100; i++)
    want ^= (short) a[i];
  if (lo != 1 || x != want)
    abort ();
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=4 workers=2 vector=\[0-9\]+" } */
