/* a * b + c is rounded twice on the device, as on the host (no FMA
   contraction, even where the image's ISA has FMA): the inputs are
   chosen so that a fused result would differ in every element.  */
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
  int differ = 0;
  for (int i = 0; i < N; i++)
    {
      a[i] = 1.0f + (i + 1) * 0x1p-23f;
      b[i] = 1.0f - (i + 1) * 0x1p-23f;
      c[i] = -1.0f;
      da[i] = 1.0 + (i + 1) * 0x1p-52;
      db[i] = 1.0 - (i + 1) * 0x1p-52;
      dc[i] = -1.0;
      differ += fmaf (a[i], b[i], c[i]) != a[i] * b[i] + c[i];
    }
  if (differ != N)
    abort ();			/* The inputs do not test anything.  */

#pragma acc parallel loop copyin(a, b, c, da, db, dc) copyout(r, dr)
  for (int i = 0; i < N; i++)
    {
      r[i] = a[i] * b[i] + c[i];
      dr[i] = da[i] * db[i] + dc[i];
    }

  for (int i = 0; i < N; i++)
    if (r[i] != a[i] * b[i] + c[i] || dr[i] != da[i] * db[i] + dc[i])
      {
	fprintf (stderr, "%d: %a (want %a), %a (want %a)\n", i, r[i],
		 a[i] * b[i] + c[i], dr[i], da[i] * db[i] + dc[i]);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
