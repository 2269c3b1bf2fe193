/* A run-time num_gangs of 2147483549 (below INT_MAX): the cpu device runs
   GW_CPU_MAX_GANGS gangs, among which the gang loop shares its
   iterations, quickly and with every iteration done once; the log names
   the number asked for.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 100003

int
main (int argc, char **argv)
{
  static int a[N];
  int n = 2147483549 - (argc - 1);	/* Unknown to the compiler.  */
  for (int i = 0; i < N; i++)
    a[i] = i;

#pragma acc parallel loop gang vector num_gangs(n) copy(a)
  for (int i = 0; i < N; i++)
    a[i] = a[i] * 3 + 1;

#pragma acc parallel loop gang num_gangs(n) copy(a)
  for (int i = 0; i < N; i++)
    a[i] += 2;

  for (int i = 0; i < N; i++)
    if (a[i] != 3 * i + 3)
      {
	fprintf (stderr, "a[%d] = %d, expected %d\n", i, a[i], 3 * i + 3);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=1048576 workers=1 vector=\[0-9\]+ num_gangs=2147483549(\n|\r\n|\r)+" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=cpu gangs=1048576 workers=1 vector=1 num_gangs=2147483549" } */
