/* Signed and unsigned comparisons of the same bit patterns: -1 is less
   than 1 as int but greater as unsigned (32 and 64 bits, all six
   relations packed into a mask).  */
/* { dg-do run } */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000
#define REL(x, y) (((x) < (y)) | ((x) <= (y)) << 1 | ((x) > (y)) << 2 \
		   | ((x) >= (y)) << 3 | ((x) == (y)) << 4 | ((x) != (y)) << 5)
#define ALL(x, y, lx, ly) \
  (REL ((x), (y)) | REL ((uint32_t) (x), (uint32_t) (y)) << 6 \
   | REL ((lx), (ly)) << 12 | REL ((uint64_t) (lx), (uint64_t) (ly)) << 18)

int
main (void)
{
  static int32_t a[N], b[N];
  static int64_t la[N], lb[N];
  static int m[N];
  for (int i = 0; i < N; i++)
    {
      a[i] = (i % 9 - 4) * 0x20000000;
      b[i] = (i % 7 - 3) * 0x30000000;
      la[i] = (int64_t) a[i] << 31;
      lb[i] = i % 3 == 0 ? la[i] : (int64_t) b[i] << 30;
    }

#pragma acc parallel loop copyin(a, b, la, lb) copyout(m)
  for (int i = 0; i < N; i++)
    m[i] = ALL (a[i], b[i], la[i], lb[i]);

  for (int i = 0; i < N; i++)
    if (m[i] != ALL (a[i], b[i], la[i], lb[i]))
      {
	fprintf (stderr, "m[%d] = %#x, expected %#x\n", i, m[i],
		 ALL (a[i], b[i], la[i], lb[i]));
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
