/* irreducible-1.c at -O1, where GCC keeps the irreducible loops as they
   are written (at -O2 it duplicates blocks and makes some reducible).  */
/* { dg-do run } */
/* { dg-additional-options "-O1" } */

#include "irreducible-1.c"

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
