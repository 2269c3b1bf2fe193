/* min/max idioms written with ternaries: signed and unsigned ints (where
   the order differs), and floats, clamping to a range.  */
/* { dg-do run } */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000
#define MIN(x, y) ((x) < (y) ? (x) : (y))
#define MAX(x, y) ((x) > (y) ? (x) : (y))

int
main (void)
{
  static int32_t a[N], b[N], smin[N], smax[N], clamp[N];
  static uint32_t umin[N], umax[N];
  static float f[N], g[N], fmn[N], fmx[N];
  for (int i = 0; i < N; i++)
    {
      a[i] = (i * 7919) % 2001 - 1000;
      b[i] = (i * 104729) % 1999 - 999;
      f[i] = (i % 101) * 0.5f - 25.0f;
      g[i] = (i % 37) * -0.75f + 12.0f;
    }

#pragma acc parallel loop copyin(a, b, f, g) \
	copyout(smin, smax, umin, umax, clamp, fmn, fmx)
  for (int i = 0; i < N; i++)
    {
      smin[i] = MIN (a[i], b[i]);
      smax[i] = MAX (a[i], b[i]);
      umin[i] = MIN ((uint32_t) a[i], (uint32_t) b[i]);
      umax[i] = MAX ((uint32_t) a[i], (uint32_t) b[i]);
      clamp[i] = MIN (MAX (a[i], -100), 250);
      fmn[i] = MIN (f[i], g[i]);
      fmx[i] = MAX (f[i], g[i]);
    }

  for (int i = 0; i < N; i++)
    if (smin[i] != MIN (a[i], b[i]) || smax[i] != MAX (a[i], b[i])
	|| umin[i] != MIN ((uint32_t) a[i], (uint32_t) b[i])
	|| umax[i] != MAX ((uint32_t) a[i], (uint32_t) b[i])
	|| clamp[i] != MIN (MAX (a[i], -100), 250)
	|| fmn[i] != MIN (f[i], g[i]) || fmx[i] != MAX (f[i], g[i]))
      {
	fprintf (stderr, "mismatch at %d\n", i);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
