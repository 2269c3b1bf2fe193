/* Integer widening and narrowing: sign extension of int8/int16/int32,
   zero extension of uint8/uint16/uint32, truncation of int64 to each
   narrower type.  */
/* { dg-do run } */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000
#define WIDE(x8, u8, x16, u16, x32, u32) \
  ((int64_t) (x8) * 3 + (int64_t) (u8) * 5 + (int64_t) (x16) * 7 \
   + (int64_t) (u16) * 11 + (int64_t) (x32) * 13 + (int64_t) (u32) * 17)

int
main (void)
{
  static int8_t x8[N], n8[N];
  static uint8_t u8[N], m8[N];
  static int16_t x16[N], n16[N];
  static uint16_t u16[N];
  static int32_t x32[N], n32[N];
  static uint32_t u32[N];
  static int64_t big[N], wide[N];
  for (int i = 0; i < N; i++)
    {
      x8[i] = (int8_t) (i * 7);
      u8[i] = (uint8_t) (i * 11);
      x16[i] = (int16_t) (i * 977);
      u16[i] = (uint16_t) (i * 1009);
      x32[i] = (int32_t) ((uint32_t) i * 2654435761u);
      u32[i] = (uint32_t) i * 2246822519u;
      big[i] = (int64_t) ((uint64_t) i * 0x9e3779b97f4a7c15ull);
    }

#pragma acc parallel loop copyin(x8, u8, x16, u16, x32, u32, big) \
	copyout(wide, n8, m8, n16, n32)
  for (int i = 0; i < N; i++)
    {
      wide[i] = WIDE (x8[i], u8[i], x16[i], u16[i], x32[i], u32[i]);
      n8[i] = (int8_t) big[i];
      m8[i] = (uint8_t) (big[i] >> 7);
      n16[i] = (int16_t) (big[i] >> 3);
      n32[i] = (int32_t) (big[i] >> 17);
    }

  for (int i = 0; i < N; i++)
    if (wide[i] != WIDE (x8[i], u8[i], x16[i], u16[i], x32[i], u32[i])
	|| n8[i] != (int8_t) big[i] || m8[i] != (uint8_t) (big[i] >> 7)
	|| n16[i] != (int16_t) (big[i] >> 3)
	|| n32[i] != (int32_t) (big[i] >> 17))
      {
	fprintf (stderr, "mismatch at %d: %lld %d %d %d %d\n", i,
		 (long long) wide[i], n8[i], m8[i], n16[i], n32[i]);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
