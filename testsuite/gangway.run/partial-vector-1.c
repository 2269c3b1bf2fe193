/* The last, partial vector of a loop touches no memory past the end of
   its arrays: the input and the output each end right before an
   inaccessible page, so a full-width load or store there would fault.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#define N 333

int
main (void)
{
  long pg = sysconf (_SC_PAGESIZE);
  char *p = mmap (NULL, 4 * pg, PROT_READ | PROT_WRITE,
		  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED || mprotect (p + pg, pg, PROT_NONE) != 0
      || mprotect (p + 3 * pg, pg, PROT_NONE) != 0)
    abort ();
  int n = N;
  float *a = (float *) (p + pg) - n;	/* Ends at the first guard page.  */
  double *b = (double *) (p + 3 * pg) - n;	/* Ends at the second.  */
  for (int i = 0; i < n; i++)
    a[i] = i * 0.5f;

#pragma acc parallel loop copyin(a[0:n]) copyout(b[0:n])
  for (int i = 0; i < n; i++)
    b[i] = a[i] * 2.0 + 1.0;

  for (int i = 0; i < n; i++)
    if (b[i] != a[i] * 2.0 + 1.0)
      {
	fprintf (stderr, "b[%d] = %g, expected %g\n", i, b[i],
		 a[i] * 2.0 + 1.0);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
