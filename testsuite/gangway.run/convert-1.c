/* int <-> float conversions both ways: int to float rounding of large
   values, float to int truncation toward zero of negative fractions,
   and the same with double and 64-bit integers.  */
/* { dg-do run } */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (void)
{
  static int32_t a[N], fi[N];
  static int64_t la[N], di[N];
  static float f[N], af[N];
  static double d[N], ad[N];
  for (int i = 0; i < N; i++)
    {
      /* Above 2^24: many are not exact in float.  */
      a[i] = (i % 2 ? -1 : 1) * (16777217 + i * 12345);
      la[i] = (i % 3 ? -1 : 1) * ((1ll << 53) + 1 + (int64_t) i * 987654321);
      f[i] = (i - 500) * 0.37f;
      d[i] = (i - 500) * -1.0e6 - 0.75;
    }

#pragma acc parallel loop copyin(a, la, f, d) copyout(af, ad, fi, di)
  for (int i = 0; i < N; i++)
    {
      af[i] = (float) a[i];
      ad[i] = (double) la[i];
      fi[i] = (int32_t) f[i];
      di[i] = (int64_t) d[i];
    }

  for (int i = 0; i < N; i++)
    if (af[i] != (float) a[i] || ad[i] != (double) la[i]
	|| fi[i] != (int32_t) f[i] || di[i] != (int64_t) d[i])
      {
	fprintf (stderr, "%d: %a %a %d %lld\n", i, af[i], ad[i], fi[i],
		 (long long) di[i]);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
