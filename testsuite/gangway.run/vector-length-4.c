/* vector_length(64), the cpu device's maximum, which its SIMD code runs
   as the ISA's most lanes (two registers of 4-byte lanes: double lanes
   span several registers); int8 and plain char data in the same loop.  */
/* { dg-do run } */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1003

int
main (void)
{
  static double d[N], e[N];
  static int8_t c[N], c2[N];
  static char s[N];
  for (int i = 0; i < N; i++)
    {
      d[i] = i * 0.25;
      c[i] = (int8_t) (i * 7);
      s[i] = (char) (i * 13);
    }

#pragma acc parallel loop gang vector vector_length(64) copyin(d, c, s) \
	copyout(e, c2)
  for (int i = 0; i < N; i++)
    {
      e[i] = d[i] * d[i] - 3.0;
      c2[i] = (int8_t) (c[i] * 3 + (s[i] < 'A'));
    }

  for (int i = 0; i < N; i++)
    if (e[i] != d[i] * d[i] - 3.0
	|| c2[i] != (int8_t) (c[i] * 3 + (s[i] < 'A')))
      {
	fprintf (stderr, "%d: e = %g, c2 = %d\n", i, e[i], c2[i]);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=(32|16|8)" } */
