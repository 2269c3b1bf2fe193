/* Found by gangway-fuzz on the cpu device (seed 8 of make check's set,
   -O0 -fplugin-arg-gangway-check-lanes at x86-64-v2; knob
   reduction_implicit; then by hand).  A serial construct that calls a
   worker or vector routine runs with the ISA's vector lanes ("gangway:
   using vector_length (16) due to a call of a vector-partitionable
   routine, ignoring 1"), so its own loops that GCC partitions (a bare
   'loop', 'loop auto' or 'independent', a 'loop vector') run on 16 lanes
   instead of one thread: a serial construct's reduction updated in such
   a loop without the clause, which plugin/loop-reductions.cc leaves alone
   because a serial construct is one thread, loses the lanes' updates
   (s = 7 instead of 100 in one run); so does a plain scalar the loop
   updates (t).  The same on ptxsim (a warp).  Without the routine call
   both are right.  */
/* { dg-do run } */

#include <stdlib.h>

#pragma acc routine worker
static void
rw (void)
{
}

int
main (void)
{
  int s = 0, t = 0, n = 100;
#pragma acc serial copy(s, t) reduction(+:s) /* { dg-warning "using vector_length" } */
  {
#pragma acc loop gang
    for (int i = 0; i < 1; i++)
      rw ();
#pragma acc loop
    for (int j = 0; j < n; j++)
      s += 1;
#pragma acc loop
    for (int j = 0; j < n; j++)
      t += 2;
  }
  if (s != 100 || t != 200)
    abort ();
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu " } */
