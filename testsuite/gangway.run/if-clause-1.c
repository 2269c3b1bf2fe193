/* An if clause that is false at run time sends the launch to the host
   (reason=if-clause); the same region with a true condition runs on the
   cpu device.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 1000

static void
scale (int *a, int k, int offload)
{
#pragma acc parallel loop copy(a[0:N]) if(offload)
  for (int i = 0; i < N; i++)
    a[i] *= k;
}

int
main (int argc, char **argv)
{
  static int a[N];
  for (int i = 0; i < N; i++)
    a[i] = i - 300;

  scale (a, 3, argc > 5);	/* False.  */
  scale (a, -2, argc > 0);	/* True.  */

  for (int i = 0; i < N; i++)
    if (a[i] != (i - 300) * -6)
      {
	fprintf (stderr, "a[%d] = %d, expected %d\n", i, a[i], (i - 300) * -6);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch scale._omp_fn.0 device=host gangs=1 workers=1 vector=1 reason=if-clause(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch scale._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
