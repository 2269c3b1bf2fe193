/* Found by gangway-fuzz on the cpu device (seed 8021 of --set async=100
   --set async_launcher=60 --set reduction_implicit_loop=0, -O1
   -fno-math-errno -fplugin-arg-gangway-isa=x86-64-v4, reduced to a
   synchronous region; then by hand), and on ptxsim at -O0 too.  A local
   array declared in the body of a 'parallel loop seq' (gang-redundant
   code), whose address a worker routine gets, and whose vector loop
   stores every element: only the stores of the first lane of each
   vector reached the array (la[0], la[8], la[16] ... were 0, the rest
   kept 19).  GCC leaves the privatization level of a seq loop's
   variables unknown, and they stayed in each thread's own frame; they
   are the gang's, as those of the region's own body are
   (plugin/seq-private.cc).  */
/* { dg-do run } */

#include <stdint.h>
#include <stdio.h>
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

/* The host's reference (GCC's host compiler cannot inline a routine with
   a partitioned loop into host code: it leaves the loop's markers).  */
static _Bool
rw_host (int32_t n, double *out)
{
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

  double want[43];
  for (int32_t q = 0; q < 43; q++)
    want[q] = 19;
  _Bool v = rw_host (n, want);
  for (int32_t q = 0; q < 43; q++)
    if (res[q] != (int32_t) want[q] + v)
      {
	fprintf (stderr, "res[%d] = %d, expected %d\n", q, res[q],
		 (int32_t) want[q] + v);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=1 workers=1 vector=\[0-9\]+" } */
