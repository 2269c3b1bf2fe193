/* Every reduction operator on every integer and float type, at the gang,
   worker and vector levels together on one loop and spread over nested
   loops, on the cpu device; && and || at worker and vector level.  Each
   result is compared with the host's; the launch log shows all 38 regions
   on the device.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

#define N 1000
#define NG 8
#define NW 4
#define NV 16

static int failures;

#define CHECK(name, T, got, want)					\
  do { if ((got) != (want)) { failures++;				\
      fprintf (stderr, "%s %s: got %.17g, expected %.17g\n", name, #T,	\
	       (double) (got), (double) (want)); } } while (0)

#define VAL(T, i) ((T) (((i) * 7 + 3) % 13 + 1))
#define BITS(T, i) ((T) (1u << ((i) % 7)) | (T) ((i) % 3))

#define TEST_T(T)							\
static void test_##T (void)						\
{									\
  T sum = 1, prod = 1, mn = 100, mx = -100;				\
  T hsum = 1, hprod = 1, hmn = 100, hmx = -100;				\
  for (int i = 0; i < N; i++)						\
    {									\
      T v = VAL (T, i);							\
      hsum += v; hmn = v < hmn ? v : hmn; hmx = v > hmx ? v : hmx;	\
      if (i % 100 == 0) hprod *= (v > 3 ? 2 : 1);			\
    }									\
  _Pragma ("acc parallel loop gang worker vector num_gangs(NG) num_workers(NW) vector_length(NV) reduction(+:sum) reduction(*:prod) reduction(min:mn) reduction(max:mx)") \
  for (int i = 0; i < N; i++)						\
    {									\
      T v = VAL (T, i);							\
      sum += v; mn = v < mn ? v : mn; mx = v > mx ? v : mx;		\
      if (i % 100 == 0) prod *= (v > 3 ? 2 : 1);			\
    }									\
  CHECK ("gwv +", T, sum, hsum);					\
  CHECK ("gwv *", T, prod, hprod);					\
  CHECK ("gwv min", T, mn, hmn);					\
  CHECK ("gwv max", T, mx, hmx);					\
  T s2 = 0, h2 = 0;							\
  for (int i = 0; i < 1000; i++) h2 += VAL (T, i);			\
  _Pragma ("acc parallel num_gangs(NG) num_workers(NW) vector_length(NV) reduction(+:s2)") \
  {									\
    _Pragma ("acc loop gang reduction(+:s2)")				\
    for (int j = 0; j < 10; j++)					\
      {									\
	_Pragma ("acc loop worker reduction(+:s2)")			\
	for (int k = 0; k < 10; k++)					\
	  {								\
	    _Pragma ("acc loop vector reduction(+:s2)")			\
	    for (int l = 0; l < 10; l++)				\
	      s2 += VAL (T, j * 100 + k * 10 + l);			\
	  }								\
      }									\
  }									\
  CHECK ("nested +", T, s2, h2);					\
}

#define TEST_I(T)							\
static void test_bits_##T (void)					\
{									\
  T a = (T) ~(T) 0, o = 0, x = 0, ha = (T) ~(T) 0, ho = 0, hx = 0;	\
  int land = 1, lor = 0, hland = 1, hlor = 0;				\
  for (int i = 0; i < N; i++)						\
    { T v = BITS (T, i); ha &= v | (T) 0x10; ho |= v; hx ^= v;		\
      hland = hland && (i < 2 * N); hlor = hlor || (i == 500); }	\
  _Pragma ("acc parallel loop gang vector num_gangs(NG) vector_length(NV) reduction(&:a) reduction(|:o) reduction(^:x)") \
  for (int i = 0; i < N; i++)						\
    { T v = BITS (T, i); a &= v | (T) 0x10; o |= v; x ^= v; }		\
  _Pragma ("acc parallel loop worker vector num_gangs(1) num_workers(NW) vector_length(NV) reduction(&&:land) reduction(||:lor)") \
  for (int i = 0; i < N; i++)						\
    { land = land && (i < 2 * N); lor = lor || (i == 500); }		\
  CHECK ("&", T, a, ha);						\
  CHECK ("|", T, o, ho);						\
  CHECK ("^", T, x, hx);						\
  CHECK ("&&", T, land, hland);						\
  CHECK ("||", T, lor, hlor);						\
}

typedef signed char schar;
typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef long long llong;
typedef unsigned long long ullong;

TEST_T (schar) TEST_T (uchar) TEST_T (short) TEST_T (ushort)
TEST_T (int) TEST_T (uint) TEST_T (long) TEST_T (llong) TEST_T (ullong)
TEST_T (float) TEST_T (double)
TEST_I (schar) TEST_I (uchar) TEST_I (short) TEST_I (ushort)
TEST_I (int) TEST_I (uint) TEST_I (long) TEST_I (ullong)

int
main (void)
{
  test_schar (); test_uchar (); test_short (); test_ushort ();
  test_int (); test_uint (); test_long (); test_llong (); test_ullong ();
  test_float (); test_double ();
  test_bits_schar (); test_bits_uchar (); test_bits_short ();
  test_bits_ushort (); test_bits_int (); test_bits_uint ();
  test_bits_long (); test_bits_ullong ();
  if (failures)
    abort ();

  return 0;
}

/* { dg-output "^(gangway: launch \[^\n\]* device=cpu \[^\n\]*(\n|\r\n|\r)){37}gangway: launch \[^\n\]* device=cpu " } */
