/* Signed division and remainder in all sign combinations (C truncates
   toward zero; the remainder has the dividend's sign), including division
   by negative numbers and by per-lane divisors.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (void)
{
  static int a[N], b[N], q[N], r[N];
  static long long la[N], lb[N], lq[N], lr[N];
  for (int i = 0; i < N; i++)
    {
      a[i] = (i * 7919) % 2001 - 1000;
      b[i] = (i % 2 ? -1 : 1) * (i % 13 + 1);
      la[i] = (long long) a[i] * 123456789;
      lb[i] = (i % 3 ? -1 : 1) * (long long) (i % 7 + 1) * 1000;
    }

#pragma acc parallel loop copyin(a, b, la, lb) copyout(q, r, lq, lr)
  for (int i = 0; i < N; i++)
    {
      q[i] = a[i] / b[i];
      r[i] = a[i] % b[i];
      lq[i] = la[i] / lb[i];
      lr[i] = la[i] % lb[i];
    }

  for (int i = 0; i < N; i++)
    if (q[i] != a[i] / b[i] || r[i] != a[i] % b[i]
	|| lq[i] != la[i] / lb[i] || lr[i] != la[i] % lb[i])
      {
	fprintf (stderr, "%d: %d / %d = %d rem %d; %lld / %lld = %lld rem %lld\n",
		 i, a[i], b[i], q[i], r[i], la[i], lb[i], lq[i], lr[i]);
	abort ();
      }
  /* The sign rules themselves, on the host's answers.  */
  if (-7 / 2 != -3 || -7 % 2 != -1 || 7 / -2 != -3 || 7 % -2 != 1)
    abort ();
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
