/* routine-seq-loop-local-3.c at -O0, where the routines are not inlined
   and their calls get the arrays' addresses (ptxsim runs the execution
   tests at -O2 only).  */
/* { dg-do run } */
/* { dg-additional-options "-O0" } */

#include "routine-seq-loop-local-3.c"

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=8 workers=2 vector=\[0-9\]+\[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=cpu gangs=8 workers=4 vector=\[0-9\]+" } */
