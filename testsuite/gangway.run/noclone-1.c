/* A region inside a function declared noclone: the outlined region
   inherits the attribute, which must not stop its device copy.  */
/* { dg-do run } */

#include <stdlib.h>

static void __attribute__ ((noinline, noclone))
fill (int *c, int n)
{
#pragma acc parallel loop copy(c[0:n])
  for (int i = 0; i < n; i++)
    c[i] = 5 * i;
}

int
main (void)
{
  int c[333];
  fill (c, 333);
  for (int i = 0; i < 333; i++)
    if (c[i] != 5 * i)
      abort ();
  return 0;
}

/* { dg-output "gangway: launch fill._omp_fn.0 device=cpu" } */
