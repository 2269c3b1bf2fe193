/* printf in a region makes the compiler warn, at the call, that the
   region runs on the host.  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret" } */

#include <stdio.h>

void
report (int n)
{
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    printf ("%d\n", i); /* { dg-warning "gangway: calls are not supported on the device yet \\('printf' is called\\); this OpenACC parallel region runs on the host" } */
}

/* GCC names the region's function in a context line.  */
