/* __builtin_add_overflow, __builtin_sub_overflow and
   __builtin_mul_overflow (and their _p forms) whose operands the result
   type does not hold: wider operands, and operands and results of mixed
   signedness, 64-bit ones included (GCC's .ADD_OVERFLOW and friends,
   which were refused: "the internal function 'ADD_OVERFLOW' on these
   types"), and a signed int operand with an unsigned long result, whose
   negative values always overflow; with the host's results.  */
/* { dg-do run } */

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1200
#define NR 14

static long a[N];
static unsigned long b[N];
static int c[N];

#define BODY(I, R, O)							\
  do {									\
    long x = a[I];							\
    unsigned long y = b[I];						\
    int z = c[I];							\
    unsigned u;								\
    int s;								\
    unsigned long ul;							\
    long l;								\
    (O) = __builtin_add_overflow (x, y, &u);				\
    (R)[0] = u;								\
    (O) |= __builtin_sub_overflow (x, y, &s) << 1;			\
    (R)[1] = s;								\
    (O) |= __builtin_mul_overflow (x, y, &ul) << 2;			\
    (R)[2] = ul;							\
    (O) |= __builtin_mul_overflow (y, y, &l) << 3;			\
    (R)[3] = l;								\
    (O) |= __builtin_add_overflow (z, y, &ul) << 4;			\
    (R)[4] = ul;							\
    (O) |= __builtin_sub_overflow (y, x, &l) << 5;			\
    (R)[5] = l;								\
    (O) |= __builtin_mul_overflow (x, x, &s) << 6;			\
    (R)[6] = s;								\
    (O) |= __builtin_mul_overflow (z, x, &u) << 7;			\
    (R)[7] = u;								\
    (O) |= __builtin_add_overflow (z, z, &ul) << 8;			\
    (R)[8] = ul;							\
    (O) |= __builtin_mul_overflow (x, z, &l) << 9;			\
    (R)[9] = l;								\
    (O) |= __builtin_sub_overflow (z, y, &s) << 10;			\
    (R)[10] = s;							\
    (O) |= __builtin_add_overflow_p (x, y, (int) 0) << 11;		\
    (O) |= __builtin_sub_overflow_p (y, z, (unsigned char) 0) << 12;	\
    (O) |= __builtin_mul_overflow_p (x, y, (long) 0) << 13;		\
    (R)[11] = __builtin_mul_overflow ((unsigned) z, x, &s) + s;		\
    (R)[12] = __builtin_add_overflow (y, y, &ul) + ul;			\
    (R)[13] = __builtin_sub_overflow ((short) z, (unsigned char) x,	\
				      &s) + s;				\
  } while (0)

int
main (void)
{
  static long r[N][NR], want[N][NR];
  static int o[N], wo[N];
  static const long sa[] = { 0, 1, -1, LONG_MAX, LONG_MIN, INT_MAX,
			     INT_MIN, 65536, -65536, 1L << 32,
			     3037000499L, -3037000500L, 4294967295L };
  static const unsigned long sb[] = { 0, 1, ULONG_MAX, LONG_MAX,
				      (unsigned long) LONG_MAX + 1,
				      UINT_MAX, 4294967296ul,
				      3037000499ul, 4294967295ul + 2 };
  int na = sizeof sa / sizeof *sa, nb = sizeof sb / sizeof *sb;
  uint64_t seed = 0x853c49e6748fea9bull;
  for (int i = 0; i < N; i++)
    {
      seed = seed * 6364136223846793005ull + 1442695040888963407ull;
      if (i < na * nb)
	{
	  a[i] = sa[i % na];
	  b[i] = sb[i / na];
	}
      else
	{
	  /* Random values of random widths.  */
	  a[i] = (long) seed >> (seed % 64);
	  b[i] = (seed * 0x9e3779b97f4a7c15ull) >> ((seed >> 8) % 64);
	}
      c[i] = i % 3 == 0 ? (int) a[i] : i % 3 == 1 ? -(int) (seed >> 40)
	     : (int) (seed >> 33);
    }

#pragma acc parallel loop copyin(a, b, c) copyout(r, o)
  for (int i = 0; i < N; i++)
    BODY (i, r[i], o[i]);

  for (int i = 0; i < N; i++)
    BODY (i, want[i], wo[i]);

  for (int i = 0; i < N; i++)
    {
      if (o[i] != wo[i])
	{
	  fprintf (stderr, "%d: a = %ld, b = %lu, c = %d: overflows %#x, "
		   "expected %#x\n", i, a[i], b[i], c[i], o[i], wo[i]);
	  abort ();
	}
      for (int j = 0; j < NR; j++)
	if (r[i][j] != want[i][j])
	  {
	    fprintf (stderr, "%d: a = %ld, b = %lu, c = %d: result %d: %ld, "
		     "expected %ld\n", i, a[i], b[i], c[i], j, r[i][j],
		     want[i][j]);
	    abort ();
	  }
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
