/* Every form of the atomic construct OpenACC 2.6 allows in C, on every
   integer width, float and double, on the cpu device: update (x++, x--,
   ++x, --x, x binop= e, x = x binop e, x = e binop x for + * - / and, on
   integers, & ^ | << >>), read, write, capture statements (v = x++,
   v = --x, v = x binop= e, v = x = x binop e, v = x = e binop x) and
   capture blocks ({v = x; x binop= e;}, {x binop= e; v = x;},
   {v = x; x = e;}).  All gangs, workers and lanes of a launch hit one
   address at once, and then lanes hit different addresses (a few shared
   ones, and one each).  The updates commute, so each result is compared
   exactly with the host's serial loop; captured values, which depend on
   the order, are checked as a multiset (their sum, with the final value,
   is fixed).  (The write to x[22..23] races, as the user wrote it, and is
   not checked.)  The launch log shows all 33 regions on the device.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#ifndef N
#define N 2048
#define NG 8
#define NW 4
#define NV 16
#endif

static int failures;

#define CHECK(what, T, got, want)					\
  do { if ((got) != (want)) { failures++;				\
      fprintf (stderr, "%s %s: got %.17g, expected %.17g\n", what, #T,	\
	       (double) (got), (double) (want)); } } while (0)

/* The arithmetic forms, on every type.  X[0..12] all start at X0.  */
#define ARITH_BODY(T, ATOMIC, i, x, c)					\
  {									\
    T e = (T) ((i) % 5 + 1), two = (T) ((i) % 512 == 0 ? 2 : 1);	\
    ATOMIC (update) x[0]++;						\
    ATOMIC (update) x[1]--;						\
    ATOMIC (update) ++x[2];						\
    ATOMIC (update) --x[3];						\
    ATOMIC (update) x[4] += e;						\
    ATOMIC (update) x[5] -= e;						\
    ATOMIC (update) x[6] *= two;					\
    ATOMIC (update) x[7] /= two;					\
    ATOMIC (update) x[8] = x[8] + e;					\
    ATOMIC (update) x[9] = e + x[9];					\
    ATOMIC (update) x[10] = two * x[10];				\
    ATOMIC (update) x[11] = x[11] - e;					\
    ATOMIC (update) x[12] = x[12] / two;				\
    T v;								\
    ATOMIC (capture) v = x[13]++;					\
    c[0][i] = v;							\
    ATOMIC (capture) v = --x[14];					\
    c[1][i] = v;							\
    ATOMIC (capture) v = x[15] += (T) 1;				\
    c[2][i] = v;							\
    ATOMIC (capture) v = x[16] = x[16] + (T) 1;			\
    c[3][i] = v;							\
    ATOMIC (capture) v = x[17] = (T) 1 + x[17];			\
    c[4][i] = v;							\
    ATOMIC (capture) { v = x[18]; x[18] += (T) 1; }			\
    c[5][i] = v;							\
    ATOMIC (capture) { x[19] -= (T) 1; v = x[19]; }			\
    c[6][i] = v;							\
    ATOMIC (capture) { v = x[20]; x[20] = (T) (i); }			\
    c[7][i] = v;							\
    ATOMIC (read) v = x[21];						\
    ATOMIC (write) x[22 + (i) % 2] = v + (T) 1;			\
  }
#define NX 24
#define NC 8

#define ACC(kind) ACC_##kind
#define ACC_update _Pragma ("acc atomic update")
#define ACC_capture _Pragma ("acc atomic capture")
#define ACC_read _Pragma ("acc atomic read")
#define ACC_write _Pragma ("acc atomic write")
#define NONE(kind)

/* The capture checks: over N updates by one, starting at X0, the values
   seen are X0 .. X0 + N - 1 (c[0], c[5]: before; c[2], c[3], c[4]: after,
   so one more each), or going down (c[1], c[6]).  Sums modulo 2^64 of the
   values as integers (the float values are small integers too) do not
   depend on the order.  */
#define SUM(v) ((unsigned long long) (long long) (v))
#define CHECK_CAPTURE(T, c, x0, x)					\
  do {									\
    unsigned long long s[NC] = { 0 }, up = 0, down = 0, swap = 0;	\
    for (int i = 0; i < N; i++)						\
      {									\
	for (int k = 0; k < NC; k++)					\
	  s[k] += SUM ((c)[k][i]);					\
	up += SUM ((T) ((x0) + i));					\
	down += SUM ((T) ((x0) - i - 1));				\
	swap += SUM ((T) (i));						\
      }									\
    unsigned long long after = up - SUM ((T) (x0)) + SUM ((T) ((x0) + N)); \
    CHECK ("v = x++", T, s[0], up);					\
    CHECK ("v = --x", T, s[1], down);					\
    CHECK ("v = x += 1", T, s[2], after);				\
    CHECK ("v = x = x + 1", T, s[3], after);				\
    CHECK ("v = x = 1 + x", T, s[4], after);				\
    CHECK ("{v = x; x += 1;}", T, s[5], up);				\
    CHECK ("{x -= 1; v = x;}", T, s[6], down);				\
    CHECK ("{v = x; x = i;}", T, s[7] + SUM ((x)[20]),			\
	   swap + SUM ((T) (x0)));					\
  } while (0)

#define TEST_ARITH(T, X0)						\
static void test_##T (void)						\
{									\
  static T x[NX], h[NX], c[NC][N], hc[NC][N];				\
  for (int k = 0; k < NX; k++)						\
    x[k] = h[k] = (T) (X0);						\
  for (int i = 0; i < N; i++)						\
    ARITH_BODY (T, NONE, i, h, hc);					\
  _Pragma ("acc parallel loop gang worker vector num_gangs(NG) num_workers(NW) vector_length(NV) copy(x) copyout(c)") \
  for (int i = 0; i < N; i++)						\
    ARITH_BODY (T, ACC, i, x, c);					\
  for (int k = 0; k < 13; k++)						\
    CHECK ("update", T, x[k], h[k]);					\
  for (int k = 13; k < 20; k++)						\
    CHECK ("capture's final value", T, x[k], h[k]);			\
  CHECK ("read", T, x[21], (T) (X0));					\
  CHECK_CAPTURE (T, c, X0, x);						\
  /* Lanes at different addresses: 3 shared ones, and one each.  */	\
  static T y[3], hy[3], z[N], hz[N];					\
  for (int k = 0; k < 3; k++) y[k] = hy[k] = (T) (X0);		\
  for (int i = 0; i < N; i++) z[i] = hz[i] = (T) (i % 100);		\
  for (int i = 0; i < N; i++)						\
    {									\
      hy[i % 3] += (T) (i % 7);						\
      hz[i] = (T) (hz[i] * (T) 2) - (T) 1;				\
    }									\
  _Pragma ("acc parallel num_gangs(NG) vector_length(NV) copy(y, z)")	\
  {									\
    _Pragma ("acc loop gang")						\
    for (int j = 0; j < N / 64; j++)					\
      {									\
	_Pragma ("acc loop vector")					\
	for (int l = 0; l < 64; l++)					\
	  {								\
	    int i = j * 64 + l;						\
	    _Pragma ("acc atomic update")				\
	    y[i % 3] += (T) (i % 7);					\
	    _Pragma ("acc atomic update")				\
	    z[i] *= (T) 2;						\
	    _Pragma ("acc atomic update")				\
	    z[i] -= (T) 1;						\
	  }								\
      }									\
  }									\
  for (int k = 0; k < 3; k++)						\
    CHECK ("different addresses, shared", T, y[k], hy[k]);		\
  for (int i = 0; i < N; i++)						\
    if (z[i] != hz[i])							\
      {									\
	CHECK ("different addresses, one each", T, z[i], hz[i]);	\
	break;								\
      }									\
}

/* The bitwise forms, on integers.  */
#define BITS_BODY(T, ATOMIC, i, x)					\
  {									\
    int bits = sizeof (T) * 8;						\
    T bit = (T) ((T) 1 << ((i) % (bits - 1)));				\
    T big = (T) ((i) % 512 == 0 ? 1 : 0);				\
    T m = (T) ((i) * 37 + 11);						\
    ATOMIC (update) x[0] &= (T) ~bit;					\
    ATOMIC (update) x[1] |= bit;					\
    ATOMIC (update) x[2] ^= m;						\
    ATOMIC (update) x[3] <<= big;					\
    ATOMIC (update) x[4] >>= big;					\
    ATOMIC (update) x[5] = x[5] & (T) ~bit;				\
    ATOMIC (update) x[6] = bit | x[6];					\
    ATOMIC (update) x[7] = m ^ x[7];					\
    ATOMIC (update) x[8] = x[8] << big;					\
    ATOMIC (update) x[9] = x[9] >> big;					\
    T v;								\
    ATOMIC (capture) v = x[10] |= bit;					\
    ATOMIC (write) x[11 + ((v & 1) != 0)] = v;				\
  }

#define TEST_BITS(T)							\
static void test_bits_##T (void)					\
{									\
  static T x[13], h[13];						\
  T init[13] = { (T) -1, 0, (T) 5, 1, 64, (T) -1, 0, (T) 5, 1, 64, 0, 0, 0 }; \
  for (int k = 0; k < 13; k++)						\
    x[k] = h[k] = init[k];						\
  for (int i = 0; i < N; i++)						\
    BITS_BODY (T, NONE, i, h);						\
  _Pragma ("acc parallel loop gang worker vector num_gangs(NG) num_workers(NW) vector_length(NV) copy(x)") \
  for (int i = 0; i < N; i++)						\
    BITS_BODY (T, ACC, i, x);						\
  for (int k = 0; k < 11; k++)						\
    CHECK ("bitwise update", T, x[k], h[k]);				\
}

typedef signed char schar;
typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef long long llong;
typedef unsigned long long ullong;

TEST_ARITH (schar, 100) TEST_ARITH (uchar, 100) TEST_ARITH (short, 1000)
TEST_ARITH (ushort, 1000) TEST_ARITH (int, 100000) TEST_ARITH (uint, 100000)
TEST_ARITH (long, 100000) TEST_ARITH (llong, -5) TEST_ARITH (ullong, 3)
TEST_ARITH (float, 64) TEST_ARITH (double, 64)
TEST_BITS (schar) TEST_BITS (uchar) TEST_BITS (short) TEST_BITS (ushort)
TEST_BITS (int) TEST_BITS (uint) TEST_BITS (long) TEST_BITS (llong)
TEST_BITS (ullong)

/* The serial and kernels constructs: one thread, and GCC's choice.  */

static void
test_constructs (void)
{
  int a = 0, b = 0, seen[N];
#pragma acc serial copy(a)
  for (int i = 0; i < N; i++)
    {
#pragma acc atomic update
      a += i;
    }
  CHECK ("serial", int, a, N * (N - 1) / 2);
#pragma acc kernels copy(b) copyout(seen)
  for (int i = 0; i < N; i++)
    {
      int v;
#pragma acc atomic capture
      { v = b; b++; }
      seen[i] = v;
    }
  CHECK ("kernels", int, b, N);
  long sum = 0;
  for (int i = 0; i < N; i++)
    sum += seen[i];
  CHECK ("kernels' captures", long, sum, (long) N * (N - 1) / 2);
}

int
main (void)
{
  test_schar (); test_uchar (); test_short (); test_ushort ();
  test_int (); test_uint (); test_long (); test_llong (); test_ullong ();
  test_float (); test_double ();
  test_bits_schar (); test_bits_uchar (); test_bits_short ();
  test_bits_ushort (); test_bits_int (); test_bits_uint ();
  test_bits_long (); test_bits_llong (); test_bits_ullong ();
  test_constructs ();
  if (failures)
    abort ();
  return 0;
}

/* { dg-output "^(gangway: launch \[^\n\]* device=cpu \[^\n\]*(\n|\r\n|\r)){32}gangway: launch \[^\n\]* device=cpu " } */
