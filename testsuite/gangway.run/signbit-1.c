/* signbit of floats and doubles in a vector loop: negative numbers, -0.0,
   -inf and NaNs of both signs (the sign bit, whatever the value).  It
   used to be a call the device refused, silently: GCC's <math.h> macro put
   the warning's location in a system header.  */
/* { dg-do run } */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (void)
{
  static float f[N];
  static double d[N];
  static int rf[N], rd[N];
  for (int i = 0; i < N; i++)
    {
      int k = i % 8;
      f[i] = k == 0 ? -0.0f : k == 1 ? -INFINITY : k == 2 ? -NAN
	     : k == 3 ? NAN : (i - 500) * 0.25f;
      d[i] = k == 0 ? 0.0 : k == 1 ? INFINITY : k == 2 ? -NAN
	     : k == 3 ? -0.0 : (500 - i) * 1.5e200;
    }

#pragma acc parallel loop copyin(f, d) copyout(rf, rd)
  for (int i = 0; i < N; i++)
    {
      rf[i] = signbit (f[i]) != 0;
      rd[i] = signbit (d[i]) != 0;
    }

  for (int i = 0; i < N; i++)
    if (rf[i] != (signbit (f[i]) != 0) || rd[i] != (signbit (d[i]) != 0))
      {
	fprintf (stderr, "mismatch at %d: %d %d\n", i, rf[i], rd[i]);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
