/* Floating-point comparisons with NaN operands: every ordered relation is
   false, != is true, isnan and x != x detect NaN (float and double).  */
/* { dg-do run } */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000
#define REL(x, y) (((x) < (y)) | ((x) <= (y)) << 1 | ((x) > (y)) << 2 \
		   | ((x) >= (y)) << 3 | ((x) == (y)) << 4 | ((x) != (y)) << 5 \
		   | (isnan (x) != 0) << 6 | ((x) != (x)) << 7)

int
main (void)
{
  static float a[N], b[N];
  static double da[N], db[N];
  static int m[N];
  volatile float zero = 0.0f;
  for (int i = 0; i < N; i++)
    {
      a[i] = i % 3 == 0 ? zero / zero : i % 5 - 2.0f;
      b[i] = i % 4 == 0 ? NAN : i % 7 - 3.0f;
      da[i] = i % 6 == 1 ? (double) NAN : i * 0.5 - 250.0;
      db[i] = i % 8 == 2 ? -(double) NAN : 0.5;
    }

#pragma acc parallel loop copyin(a, b, da, db) copyout(m)
  for (int i = 0; i < N; i++)
    m[i] = REL (a[i], b[i]) | REL (da[i], db[i]) << 8;

  int nans = 0;
  for (int i = 0; i < N; i++)
    {
      int want = REL (a[i], b[i]) | REL (da[i], db[i]) << 8;
      if (m[i] != want)
	{
	  fprintf (stderr, "m[%d] = %#x, expected %#x\n", i, m[i], want);
	  abort ();
	}
      nans += (want & 0x40) != 0;
    }
  if (nans == 0)
    abort ();
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
