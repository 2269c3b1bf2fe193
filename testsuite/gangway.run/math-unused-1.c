/* Math calls whose values nothing reads: with -fmath-errno (the default)
   GCC keeps them for errno, which the device does not keep; the region
   still runs on the device (it ran on the host, "calls are not supported
   on the device yet").  Found by gangway-fuzz.  */
/* { dg-do run } */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 100

double a[N], b[N];
float c[N];

int
main (void)
{
  for (int i = 0; i < N; i++)
    {
      a[i] = i;
      b[i] = i % 7;
      c[i] = i * 0.5f;
    }
#pragma acc parallel loop copy (a, b, c)
  for (int i = 0; i < N; i++)
    {
      double unused = fmod (a[i], b[i]);
      float unused2 = powf (c[i], 3.5f) + logf (c[i]);
      int unused3 = ilogb (b[i]);
      a[i] = b[i] + 1;
      c[i] = c[i] * 2;
    }
  for (int i = 0; i < N; i++)
    if (a[i] != i % 7 + 1 || c[i] != i)
      {
	fprintf (stderr, "%d: %g %g\n", i, a[i], c[i]);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
