/* Regions in a static constructor and a static destructor of the
   program run on the cpu device, named in the log: the unit registers its
   kernels before, and unregisters them after, the program's own
   constructors and destructors.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define N 1000

static int a[N], b[N];

__attribute__ ((constructor)) static void
init (void)
{
#pragma acc parallel loop copyout(a)
  for (int i = 0; i < N; i++)
    a[i] = 2 * i + 1;
}

__attribute__ ((destructor)) static void
fini (void)
{
#pragma acc parallel loop copyin(a) copyout(b)
  for (int i = 0; i < N; i++)
    b[i] = a[i] + 5;
  for (int i = 0; i < N; i++)
    if (b[i] != 2 * i + 6)
      _exit (1);
  fprintf (stderr, "destructor done\n");
}

int
main (void)
{
  for (int i = 0; i < N; i++)
    if (a[i] != 2 * i + 1)
      {
	fprintf (stderr, "a[%d] = %d, expected %d\n", i, a[i], 2 * i + 1);
	abort ();
      }
  fprintf (stderr, "main done\n");
  return 0;
}

/* { dg-output "gangway: launch init._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+(\n|\r\n|\r)+" } */
/* { dg-output "main done(\n|\r\n|\r)+" } */
/* { dg-output "gangway: launch fini._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+(\n|\r\n|\r)+" } */
/* { dg-output "destructor done" } */
