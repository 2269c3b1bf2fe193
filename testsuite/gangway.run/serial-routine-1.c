/* A serial construct that calls a worker routine runs at the routine's
   vector length (a warning says so), and its own loops stay sequential
   (found by gangway-fuzz, knob reduction_implicit): a bare 'loop' GCC
   would have made vector-partitioned updates the construct's reduction
   and a plain scalar on one thread (plugin/serial-loops.cc); they raced
   on 16 lanes (s = 7 instead of 100 at -O0).  The routine is noinline, so
   that GCC keeps the call at every level.  */
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
