/* A copyout of what no region wrote: the region writes only the first
   half of b, the copyout brings the rest back from device memory that
   nothing initialised, over the host's values.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 100000

int
main (void)
{
  double *b = malloc (N * sizeof *b);
  for (int i = 0; i < N; i++)
    b[i] = -1;
#pragma acc parallel loop copyout(b[0:N])
  for (int i = 0; i < N / 2; i++)
    b[i] = i;
  if (b[1] != 1 || b[N - 1] > -1e300)
    abort ();
  return 0;
}

/* { dg-output "gangway: data check: 'b' in the parallel at \[^\n\]*copyout-uninit-1.c:17 copies to the host device memory that nothing initialised \\(of the 800000 bytes it copies, pages between bytes \[0-9\]+ and 800000 hold the fresh byte 0xfe\\): no clause copied it in and no kernel wrote it\r?\n" } */
/* { dg-output "gangway: data check: 1 problem found\r?\n" } */
