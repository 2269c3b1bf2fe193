/* A kernels region with gang-single code beside its loop: GCC guards the
   code with the gang's position before the device copy is made (this
   used to crash the compiler while copying the region).  */
/* { dg-do run } */

#include <stdlib.h>

int a[100], b;

int
main (void)
{
#pragma acc kernels copy(b) copyout(a)
  {
    b = 1;
    for (int i = 0; i < 100; i++)
      a[i] = i;
  }
  for (int i = 0; i < 100; i++)
    if (a[i] != i)
      abort ();
  if (b != 1)
    abort ();
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu" } */
