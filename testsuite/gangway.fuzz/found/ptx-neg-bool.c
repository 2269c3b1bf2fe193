/* Found by gangway-fuzz on ptxsim (seeds 50079, 50111 at -O3; reduced,
   then by hand).  An ordered comparison of two booleans, which GCC
   rewrites with a negation of a boolean: the ptx target refuses it,
   "gangway: ptx: 'neg' on booleans; this OpenACC parallel region has no
   ptx code", and the region runs on the cpu device instead (on ptxsim:
   exit status 2).  -O2; the cpu target compiles it.  Run on ptxsim with
   testsuite/gangway.ptxsim/run-suite.sh (which compiles at -O2) and
   without PTXSIM_ALLOW_HOST to see it.  */
/* { dg-do run } */
/* { dg-additional-options "-O2 -fplugin-arg-gangway-targets=cpu,ptx" } */

#include <stdlib.h>

int out[15];

int
main (void)
{
#pragma acc parallel loop gang copy (out)
  for (int i = 0; i < 15; i++)
    out[i] = (_Bool) i <= (_Bool) (i & 1);
  for (int i = 0; i < 15; i++)
    if (out[i] != ((_Bool) i <= (_Bool) (i & 1)))
      abort ();
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
