/* Reinterpreting float and double bits as integers through a union in a
   vector loop (and back, after flipping the sign bit).  */
/* { dg-do run } */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000

union f32 { float f; uint32_t u; };
union f64 { double d; uint64_t u; };

int
main (void)
{
  static float a[N], na[N];
  static double d[N];
  static uint32_t bits[N];
  static uint64_t dbits[N];
  for (int i = 0; i < N; i++)
    {
      a[i] = (i - 500) * 0.3f;
      d[i] = (i - 500) * 1e-300;
    }

#pragma acc parallel loop copyin(a, d) copyout(bits, dbits, na)
  for (int i = 0; i < N; i++)
    {
      union f32 x;
      union f64 y;
      x.f = a[i];
      bits[i] = x.u;
      x.u ^= 0x80000000u;
      na[i] = x.f;
      y.d = d[i];
      dbits[i] = y.u;
    }

  for (int i = 0; i < N; i++)
    {
      union f32 x;
      union f64 y;
      x.f = a[i];
      y.d = d[i];
      if (bits[i] != x.u || dbits[i] != y.u || na[i] != -a[i])
	{
	  fprintf (stderr, "%d: %#x %#llx %g\n", i, bits[i],
		   (unsigned long long) dbits[i], na[i]);
	  abort ();
	}
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
