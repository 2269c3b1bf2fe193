/* routine-seq-loop-local-1.c at -O0, where the worker routine is not
   inlined and its call gets the array's address: ptxsim, which runs the
   execution tests at -O2 only, failed there too.  */
/* { dg-do run } */
/* { dg-additional-options "-O0" } */

#include "routine-seq-loop-local-1.c"

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=1 workers=1 vector=\[0-9\]+" } */
