/* Unsigned division and remainder: dividends and divisors above INT_MAX
   (which would be negative as signed), including a divisor of
   (unsigned) -1, and constant divisors.  */
/* { dg-do run } */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (void)
{
  static uint32_t a[N], b[N], q[N], r[N], q7[N];
  static uint64_t la[N], lb[N], lq[N], lr[N];
  for (int i = 0; i < N; i++)
    {
      a[i] = 4000000000u - (uint32_t) i * 3999991u;
      b[i] = i % 5 == 0 ? 0xffffffffu : i % 5 == 1 ? 0x80000001u : i % 97 + 1;
      la[i] = 0xfedcba9876543210ull - (uint64_t) i * 0x123456789ull;
      lb[i] = i % 4 == 0 ? ~0ull : i % 4 == 1 ? (1ull << 63) + i : i + 3;
    }

#pragma acc parallel loop copyin(a, b, la, lb) copyout(q, r, q7, lq, lr)
  for (int i = 0; i < N; i++)
    {
      q[i] = a[i] / b[i];
      r[i] = a[i] % b[i];
      q7[i] = a[i] / 7u + a[i] % 10u;
      lq[i] = la[i] / lb[i];
      lr[i] = la[i] % lb[i];
    }

  for (int i = 0; i < N; i++)
    if (q[i] != a[i] / b[i] || r[i] != a[i] % b[i]
	|| q7[i] != a[i] / 7u + a[i] % 10u
	|| lq[i] != la[i] / lb[i] || lr[i] != la[i] % lb[i])
      {
	fprintf (stderr, "%d: %u / %u = %u rem %u; %llu / %llu = %llu rem %llu\n",
		 i, a[i], b[i], q[i], r[i], (unsigned long long) la[i],
		 (unsigned long long) lb[i], (unsigned long long) lq[i],
		 (unsigned long long) lr[i]);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
