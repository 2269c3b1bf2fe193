/* Explicit fmaf and fma calls are fused (one rounding), matching the
   host's libm, even at ISA levels without FMA instructions.  */
/* { dg-do run } */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (void)
{
  static float a[N], b[N], c[N], r[N];
  static double da[N], db[N], dc[N], dr[N];
  for (int i = 0; i < N; i++)
    {
      a[i] = 1.0f + (i + 1) * 0x1p-23f;
      b[i] = 1.0f - (i + 1) * 0x1p-23f;
      c[i] = i % 2 ? -1.0f : -1.0f + 0x1p-24f;
      da[i] = 1.0 + (i + 1) * 0x1p-52;
      db[i] = 1.0 - (i + 1) * 0x1p-52;
      dc[i] = -1.0;
    }

#pragma acc parallel loop copyin(a, b, c, da, db, dc) copyout(r, dr)
  for (int i = 0; i < N; i++)
    {
      r[i] = fmaf (a[i], b[i], c[i]);
      dr[i] = fma (da[i], db[i], dc[i]);
    }

  for (int i = 0; i < N; i++)
    if (r[i] != fmaf (a[i], b[i], c[i]) || dr[i] != fma (da[i], db[i], dc[i]))
      {
	fprintf (stderr, "%d: %a (want %a), %a (want %a)\n", i, r[i],
		 fmaf (a[i], b[i], c[i]), dr[i], fma (da[i], db[i], dc[i]));
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
