/* Values that wrap from lane to lane in a narrow type and are then
   widened: (signed char) (i * 7) is no sequence once sign-extended (it
   read 133 instead of -123 from i = 19), nor is an int computed in
   unsigned arithmetic that crosses 2^31 between lanes, nor a short.  The
   loop index itself, widened for addressing, still is one.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 300

int
main (void)
{
  static long a[N], b[N], c[N], d[N];
  static int e[N];
#pragma acc parallel loop copyout(a, b, c, d, e)
  for (int i = 0; i < N; i++)
    {
      a[i] = (signed char) (i * 7);
      b[i] = (short) (i * 1000);
      c[i] = (int) ((unsigned) i * 2654435761u);
      d[i] = (unsigned char) (i * 3) - 100;
      e[i] = i;
    }
  for (int i = 0; i < N; i++)
    if (a[i] != (signed char) (i * 7) || b[i] != (short) (i * 1000)
	|| c[i] != (int) ((unsigned) i * 2654435761u)
	|| d[i] != (unsigned char) (i * 3) - 100 || e[i] != i)
      {
	fprintf (stderr, "%d: %ld %ld %ld %ld %d\n", i, a[i], b[i], c[i], d[i],
		 e[i]);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
