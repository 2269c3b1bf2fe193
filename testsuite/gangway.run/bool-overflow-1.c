/* A comparison of booleans converted to float, which GCC at -O2 turns
   into the overflow flag of a one-bit subtraction (.ADD_OVERFLOW or
   .SUB_OVERFLOW with a complex _Bool result), runs on the cpu device
   (found by gangway-fuzz, seed 194 of make check's set at -O2: the region
   ran on the host, "the internal function 'ADD_OVERFLOW' on these
   types").  */
/* { dg-do run } */

#include <stdlib.h>

#define N 79

struct s { float f3; int x; };
struct s out[N], ref[N];

int
main (void)
{
  for (int i = 0; i < N; i++)
    ref[i].f3 = ((float) (((_Bool) (((int) (i & 1)) == 0))
			  < ((_Bool) ((unsigned) i))));
#pragma acc serial copy (out)
  {
#pragma acc loop vector
    for (int i = 0; i < N; i++)
      out[i].f3 = ((float) (((_Bool) (((int) (i & 1)) == 0))
			    < ((_Bool) ((unsigned) i))));
  }
  for (int i = 0; i < N; i++)
    if (out[i].f3 != ref[i].f3)
      abort ();
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu " } */
