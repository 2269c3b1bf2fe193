/* Found by gangway-fuzz on the cpu device (seed 8021 of --set async=100
   --set async_launcher=60 --set reduction_implicit_loop=0, -O1
   -fno-math-errno -fplugin-arg-gangway-isa=x86-64-v4, reduced to a
   synchronous region; then by hand), and on ptxsim at -O0 too.  A local
   array declared in the body of a 'parallel loop seq' (gang-single
   code), whose address a worker routine gets, and whose vector loop
   stores every element: only the stores of the first lane of each
   vector reach the array, the others are lost (on the cpu device at
   -O1 and above, at 8 lanes: la[0], la[8], la[16] ... are 0, the rest
   keep 19; on ptxsim at every level).  The same call from the body of a
   plain 'parallel' construct is right: the array of a seq loop's body
   seems private to each lane, and the routine's lanes write their own
   copies.  The generator passes the caller's local arrays to vector and
   worker routines as output arguments (routine_ptr_array), which the
   reference (the host) and the manual allow.  */
/* { dg-do run } */

#include <stdint.h>
#include <stdlib.h>

static _Bool rw (int32_t n, double *out);
#pragma acc routine (rw) worker

static _Bool
rw (int32_t n, double *out)
{
#pragma acc loop vector
  for (int32_t i = 0; i < n; i++)
    out[i] = 0;
  return 0;
}

int32_t res[43];
static volatile int32_t vn = 40;

int
main (void)
{
  int32_t n = vn;
#pragma acc parallel loop seq num_gangs (1) copyout (res)
  for (int32_t i = 0; i < 1; i++)
    {
      double la[43];
      for (int32_t q = 0; q < 43; q++)
	la[q] = 19;
      _Bool v = rw (n, &la[0]);
      for (int32_t q = 0; q < 43; q++)
	res[q] = (int32_t) la[q] + v;
    }
  for (int32_t q = 0; q < 43; q++)
    if (res[q] != (q < 40 ? 0 : 19))
      abort ();
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu " } */
