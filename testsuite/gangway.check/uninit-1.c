/* A create'd array a region reads before anything wrote it: the
   checker reports the region's first read of each page nothing wrote,
   once; the region reads the fresh byte (0xfe), as it would read
   garbage on a GPU.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 100000

int
main (void)
{
  double *a = malloc (N * sizeof *a), *b = malloc (N * sizeof *b);
  for (int i = 0; i < N; i++)
    {
      a[i] = i;
      b[i] = 1;
    }
#pragma acc data copyin(a[0:N]) create(b[0:N])
  {
#pragma acc parallel loop present(a[0:N], b[0:N])
    for (int i = 0; i < N; i++)
      b[i] += a[i];
#pragma acc update self(b[0:N])
  }
  /* 0xfefefefefefefefe + 1.  */
  if (b[1] > -1e300)
    abort ();
  return 0;
}

/* { dg-output "gangway: data check: the parallel at \[^\n\]*uninit-1.c:23 reads 'b' \\(host 0x\[0-9a-f\]+, mapped by the data at \[^\n\]*uninit-1.c:21\\) before anything wrote it: its device copy is uninitialised \\(no clause copied it in, no kernel wrote it; it holds the fresh byte 0xfe\\)\r?\n" } */
/* { dg-output "gangway: data check: 1 problem found\r?\n" } */
