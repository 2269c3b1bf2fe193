/* abs, labs, llabs, fabs and fabsf in a vector loop (including -0.0 and
   negative infinity for the floating forms).  */
/* { dg-do run } */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (void)
{
  static int a[N], ra[N];
  static long la[N], rla[N];
  static long long lla[N], rlla[N];
  static float f[N], rf[N];
  static double d[N], rd[N];
  for (int i = 0; i < N; i++)
    {
      a[i] = (i % 2 ? -1 : 1) * i * 3001;
      la[i] = (i % 3 ? -1L : 1L) * i * 300000001L;
      lla[i] = -la[i] * 7;
      f[i] = i % 10 == 0 ? -0.0f : i % 10 == 1 ? -INFINITY : (i - 500) * 0.3f;
      d[i] = i % 10 == 0 ? -0.0 : (500 - i) * 1.3e100;
    }

#pragma acc parallel loop copyin(a, la, lla, f, d) \
	copyout(ra, rla, rlla, rf, rd)
  for (int i = 0; i < N; i++)
    {
      ra[i] = abs (a[i]);
      rla[i] = labs (la[i]);
      rlla[i] = llabs (lla[i]);
      rf[i] = fabsf (f[i]);
      rd[i] = fabs (d[i]);
    }

  for (int i = 0; i < N; i++)
    if (ra[i] != abs (a[i]) || rla[i] != labs (la[i])
	|| rlla[i] != llabs (lla[i]) || rf[i] != fabsf (f[i])
	|| signbit (rf[i]) || rd[i] != fabs (d[i]) || signbit (rd[i]))
      {
	fprintf (stderr, "mismatch at %d: %d %ld %lld %g %g\n", i, ra[i],
		 rla[i], rlla[i], rf[i], rd[i]);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
