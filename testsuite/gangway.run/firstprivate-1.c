/* firstprivate scalars: each copy starts with the host's value, changes
   inside the region stay private, and the host's variables are unchanged
   afterwards.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (int argc, char **argv)
{
  static int out[N];
  int base = 40 + argc;		/* 41 */
  double scale = 0.5 * argc;	/* 0.5 */

#pragma acc parallel loop firstprivate(base, scale) copyout(out)
  for (int i = 0; i < N; i++)
    {
      int b = base;
      out[i] = (int) (b * scale * 4) + i;
    }

#pragma acc serial firstprivate(base) copy(out[0:1])
  {
    base += 1000;
    out[0] = base;
  }

  if (base != 41 || scale != 0.5)
    {
      fprintf (stderr, "host base = %d, scale = %g\n", base, scale);
      abort ();
    }
  if (out[0] != 1041)
    {
      fprintf (stderr, "out[0] = %d, expected 1041\n", out[0]);
      abort ();
    }
  for (int i = 1; i < N; i++)
    if (out[i] != 82 + i)
      {
	fprintf (stderr, "out[%d] = %d, expected %d\n", i, out[i], 82 + i);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=cpu gangs=1 workers=1 vector=1" } */
