/* __builtin_ffs, __builtin_parity and __builtin_clrsb of int, long and
   long long (zero and negative arguments included) in a vector loop,
   with the hints __builtin_prefetch (dropped), __builtin_expect,
   __builtin_expect_with_probability and __builtin_assume_aligned (their
   first argument) and __builtin_unreachable on a path never taken.  The
   bit builtins and prefetch were refused ("'ffs' is called, but it is
   not an OpenACC routine").  */
/* { dg-do run } */

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000

#define F(x, lx, llx)							\
  (__builtin_ffs (x) + 100 * __builtin_parity (x)			\
   + 1000 * __builtin_clrsb (x))
#define LF(x, lx, llx)							\
  (__builtin_ffsl (lx) + 100 * __builtin_parityl (lx)			\
   + 1000 * __builtin_clrsbl (lx) + 100000 * __builtin_ffsll (llx)	\
   + 10000000 * __builtin_parityll (llx)				\
   + 100000000L * __builtin_clrsbll (llx))

static int a[N];
static long la[N];
static long long lla[N];
static double d[N] __attribute__ ((aligned (64)));

int
main (void)
{
  static int r[N];
  static long lr[N];
  static const long long special[] = { 0, -1, 1, INT_MIN, INT_MAX, -2,
				       LLONG_MIN, LLONG_MAX, 1LL << 40,
				       -(1LL << 40), 0x8000 };
  int ns = sizeof special / sizeof *special;
  for (int i = 0; i < N; i++)
    {
      uint64_t u = (uint64_t) (i + 1) * 0x9e3779b97f4a7c15ull;
      lla[i] = i < ns ? special[i] : (long long) (u >> (i % 64));
      la[i] = i < ns ? special[(i + 3) % ns] : (long) (u << (i % 37));
      a[i] = i < ns ? (int) special[(i + 5) % ns] : (int) (u >> 17);
      d[i] = i;
    }

#pragma acc parallel loop copyin(a, la, lla) copy(d) copyout(r, lr)
  for (int i = 0; i < N; i++)
    {
      __builtin_prefetch (&a[i + 16]);
      __builtin_prefetch (&la[i + 16], 1, 0);
      double *p = __builtin_assume_aligned (d, 64);
      if (__builtin_expect (a[i] == INT_MIN, 0))
	p[i] = -p[i];
      if (__builtin_expect_with_probability (i % 3 == 0, 1, 0.9))
	p[i] += 0.5;
      if (i >= N)
	__builtin_unreachable ();
      r[i] = F (a[i], la[i], lla[i]);
      lr[i] = LF (a[i], la[i], lla[i]);
    }

  for (int i = 0; i < N; i++)
    {
      double want = (a[i] == INT_MIN ? -i : i) + (i % 3 == 0 ? 0.5 : 0);
      if (r[i] != F (a[i], la[i], lla[i]) || lr[i] != LF (a[i], la[i], lla[i])
	  || d[i] != want)
	{
	  fprintf (stderr, "%d: %d (want %d) %ld (want %ld) %g (want %g)\n",
		   i, r[i], F (a[i], la[i], lla[i]), lr[i],
		   LF (a[i], la[i], lla[i]), d[i], want);
	  abort ();
	}
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
