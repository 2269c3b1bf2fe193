/* ptxsim: integer operations on char, short, int and long long, signed
   and unsigned, in a vector loop: arithmetic with wrap-around, division
   and remainder of negative values, shifts (also by counts the width
   does not reach), rotates, comparisons, conversions between widths,
   min/max, abs, bit counts and byte swaps.  */

#include <stdio.h>
#include <stdlib.h>

#define N 500
#define NR 24

static signed char c8[N];
static unsigned char u8[N];
static short s16[N];
static unsigned short u16[N];
static int s32[N];
static long long s64[N];
static unsigned long long u64[N];
static long long res[N][NR];

#define BODY(i, R)							\
  do {									\
    signed char a = c8[i];						\
    unsigned char b = u8[i];						\
    short s = s16[i];							\
    unsigned short us = u16[i];						\
    int x = s32[i];							\
    long long l = s64[i];						\
    unsigned long long ul = u64[i];					\
    int sh = i % 37;							\
    R[0] = (signed char) (a * 3 + b);					\
    R[1] = (unsigned char) (a - b);					\
    R[2] = (short) (s * a);						\
    R[3] = (unsigned short) (us + s);					\
    R[4] = a / (b | 1) + a % 7;						\
    R[5] = s / (a | 1) - s % (a | 1);					\
    R[6] = l / (x | 1) + l % 1000003;					\
    R[7] = (long long) (ul / ((unsigned) x | 1u)) ^ (long long) (ul % 977); \
    R[8] = (x << (sh & 31)) ^ (x >> (sh & 31));				\
    R[9] = (long long) (ul >> (sh + 20)) + (l << (sh & 63));		\
    R[10] = (unsigned char) (b >> (sh & 7)) + (signed char) (a >> 3);	\
    R[11] = ((unsigned) x << (sh & 31)) | ((unsigned) x >> ((32 - (sh & 31)) & 31)); \
    R[12] = (a < b) + 2 * (s >= us) + 4 * (l > x) + 8 * (ul <= (unsigned long long) l) \
	    + 16 * ((unsigned) x < us) + 32 * (a == (signed char) b);	\
    R[13] = (long long) a * s * x;					\
    R[14] = (x < s ? x : s) + (l > a ? l : a);				\
    R[15] = (ul < (unsigned long long) x ? ul : (unsigned long long) x); \
    R[16] = abs (x) + llabs (l) + (a < 0 ? -a : a);			\
    R[17] = __builtin_popcount ((unsigned) x) + __builtin_popcountll (ul); \
    R[18] = x ? __builtin_clz ((unsigned) x) : 32;			\
    R[19] = ul ? __builtin_ctzll (ul) : 64;				\
    R[20] = (short) __builtin_bswap16 (us);				\
    R[21] = __builtin_bswap32 ((unsigned) x);				\
    R[22] = (long long) __builtin_bswap64 (ul);				\
    R[23] = (long long) ((unsigned long long) l * ul)			\
	    + (long long) (((long long) x * us) >> 7);			\
  } while (0)

int
main (void)
{
  static long long ref[N][NR];
  unsigned long long r = 88172645463325252ULL;
  for (int i = 0; i < N; i++)
    {
      r ^= r << 13;
      r ^= r >> 7;
      r ^= r << 17;
      c8[i] = (signed char) r;
      u8[i] = (unsigned char) (r >> 8);
      s16[i] = (short) (r >> 16);
      u16[i] = (unsigned short) (r >> 24);
      s32[i] = (int) (r >> 20);
      s64[i] = (long long) (r * 0x9E3779B97F4A7C15ULL);
      u64[i] = r;
      if (i % 50 == 0)
	{
	  c8[i] = -128;
	  s16[i] = -32768;
	  s32[i] = -2147483647 - 1;
	  s64[i] = -9223372036854775807LL - 1;
	}
    }

#pragma acc parallel loop gang vector copyin(c8, u8, s16, u16, s32, s64, u64) \
  copyout(res)
  for (int i = 0; i < N; i++)
    BODY (i, res[i]);

  for (int i = 0; i < N; i++)
    BODY (i, ref[i]);
  int bad = 0;
  for (int i = 0; i < N; i++)
    for (int k = 0; k < NR; k++)
      if (res[i][k] != ref[i][k] && bad++ < 10)
	fprintf (stderr, "res[%d][%d] = %lld, expected %lld\n", i, k,
		 res[i][k], ref[i][k]);
  if (bad)
    {
      fprintf (stderr, "intops: %d mismatches\n", bad);
      return 1;
    }
  return 0;
}
