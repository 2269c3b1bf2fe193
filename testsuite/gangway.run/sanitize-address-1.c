/* A program compiled with -fsanitize=address: its host code is
   instrumented, its region's device version is not (AddressSanitizer's
   calls would keep it off the device), and runs on the cpu device.  */
/* { dg-do run } */
/* { dg-additional-options "-fsanitize=address" } */
/* { dg-set-target-env-var ASAN_OPTIONS "detect_leaks=0" } */

#include <stdio.h>
#include <stdlib.h>

#define N 10000

int
main (void)
{
  int *a = malloc (N * sizeof *a);
  for (int i = 0; i < N; i++)
    a[i] = i;

#pragma acc parallel loop copy(a[0:N])
  for (int i = 0; i < N; i++)
    a[i] = a[i] * 5 - 1;

  for (int i = 0; i < N; i++)
    if (a[i] != 5 * i - 1)
      {
	fprintf (stderr, "a[%d] = %d, expected %d\n", i, a[i], 5 * i - 1);
	abort ();
      }
  free (a);
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
