/* Found by gangway-fuzz on the cpu device (seed 36 of make check's set,
   -O0; then by hand).  A vector reduction of a gang loop's local in a
   region of vector_length (1) and several workers: the compiler stopped,
   "the device RTL of ... is invalid after neuter: a store in
   worker-single code that is not neutered", at -O0 and -O1 alike (with
   one worker, or a vector length above 1, it compiles and runs
   right; fixed with the other, reduction-receiver-1.c).  */
/* { dg-do run } */
/* { dg-additional-options "-fplugin-arg-gangway-verify" } */

#include <stdlib.h>

int out[10];
int a[100];

int
main (void)
{
  for (int i = 0; i < 100; i++)
    a[i] = i * 7 % 13 + 1;
#pragma acc parallel num_gangs (4) num_workers (2) vector_length (1) copy (out) copyin (a)
  {
#pragma acc loop gang
    for (int i = 0; i < 10; i++)
      {
	int r = i;
#pragma acc loop vector reduction (+:r)
	for (int j = 0; j < 10; j++)
	  r = r + a[i * 10 + j];
	out[i] = r;
      }
  }
  for (int i = 0; i < 10; i++)
    {
      int want = i;
      for (int j = 0; j < 10; j++)
	want += a[i * 10 + j];
      if (out[i] != want)
	abort ();
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu " } */
