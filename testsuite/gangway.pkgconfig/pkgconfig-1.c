/* A program built as the manual says, flags before the source.  */

#include <stdlib.h>

int
main (void)
{
  int n = 1000, a[1000];
#pragma acc parallel loop copyout(a)
  for (int i = 0; i < n; i++)
    a[i] = 3 * i;
  for (int i = 0; i < n; i++)
    if (a[i] != 3 * i)
      abort ();
  return 0;
}
