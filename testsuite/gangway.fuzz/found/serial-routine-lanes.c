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
   (s = 7 instead of 100 in a loop of s += 1 at -O0); so does a plain
   scalar the loop updates (t).  The same on ptxsim (a warp).  Without
   the routine call (or where GCC inlines it: noinline here) both are
   right.  */
/* { dg-do run } */

#include <stdlib.h>

#pragma acc routine worker
__attribute__ ((noinline)) static void
rw (int *b, int n)
{
#pragma acc loop vector
  for (int i = 0; i < n; i++)
    b[i] = i;
}

int a[100], b[100];

int
main (void)
{
  int s = 0, t = 0, n = 100;
  for (int j = 0; j < n; j++)
    a[j] = j % 3 + 1;
#pragma acc serial copy(s, t) copyin(a) copyout(b) reduction(+:s) /* { dg-warning "using vector_length" } */
  {
#pragma acc loop gang
    for (int i = 0; i < 1; i++)
      rw (b, n);
#pragma acc loop
    for (int j = 0; j < n; j++)
      s += a[j];
#pragma acc loop
    for (int j = 0; j < n; j++)
      t += 2 * a[j];
  }
  if (s != 199 || t != 398)
    abort ();
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu " } */
