/* Found by gangway-fuzz (refusals at -O1 and above, many seeds; reduced
   by hand).  A call of a math function whose value nothing uses stays in
   the optimized region, without a result, because it may set errno
   (-fmath-errno, the default); the expander takes only calls with a
   result (math_call in plugin/expand.cc), and the region runs on the host
   with "calls are not supported on the device yet ('fmod' is called)".
   The same for fmod, fdim, ilogb, lrint, lround, pow and the other
   functions of the known list, in float and double.  With
   -fno-math-errno GCC deletes the call and the region runs on the
   device.  */
/* { dg-do run } */
/* { dg-additional-options "-O2" } */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 100

double a[N], b[N];

int
main (void)
{
  for (int i = 0; i < N; i++)
    {
      a[i] = i;
      b[i] = i % 7;
    }
#pragma acc parallel loop copy (a, b)
  for (int i = 0; i < N; i++)
    {
      double unused = fmod (a[i], b[i]);
      a[i] = b[i] + 1;
    }
  for (int i = 0; i < N; i++)
    if (a[i] != i % 7 + 1)
      abort ();
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
