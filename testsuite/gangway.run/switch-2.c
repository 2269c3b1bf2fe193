/* Switches GCC lowers to a lookup table (dense constant cases), to range
   tests (case ranges, one of 1000 values) and a switch on 64-bit values
   above 2^32, in a vector loop.  */
/* { dg-do run } */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000

#define TABLE(x, r)							\
  switch (x)								\
    {									\
    case 0: r = 13; break;	case 1: r = 7; break;			\
    case 2: r = -4; break;	case 3: r = 99; break;			\
    case 4: r = 1; break;	case 5: r = 0; break;			\
    case 6: r = 42; break;	case 7: r = 8; break;			\
    default: r = -1;							\
    }
#define RANGES(x, r)							\
  switch (x)								\
    {									\
    case 'a' ... 'z': r = 1; break;	case '0' ... '9': r = 2; break;	\
    case ' ': r = 3; break;		case 1000 ... 1999: r = 4; break; \
    default: r = 0;							\
    }
#define WIDE(x, r)							\
  switch (x)								\
    {									\
    case 0x100000000ull: r = 1; break;					\
    case 0xffffffffffffffffull: r = 2; break;				\
    case 5: r = 3; break;						\
    default: r = 0;							\
    }

int
main (void)
{
  static int a[N], r1[N], r2[N], r3[N];
  static uint64_t big[N];
  for (int i = 0; i < N; i++)
    {
      a[i] = (i * 37) % 1200 - 50;
      big[i] = i % 4 == 0 ? 0x100000000ull : i % 4 == 1 ? ~0ull
	       : i % 4 == 2 ? 5 : (uint64_t) i << 33;
    }

#pragma acc parallel loop copyin(a, big) copyout(r1, r2, r3)
  for (int i = 0; i < N; i++)
    {
      int x = a[i] % 10, t1, t2, t3;
      TABLE (x, t1);
      RANGES (a[i], t2);
      WIDE (big[i], t3);
      r1[i] = t1;
      r2[i] = t2;
      r3[i] = t3;
    }

  for (int i = 0; i < N; i++)
    {
      int x = a[i] % 10, t1, t2, t3;
      TABLE (x, t1);
      RANGES (a[i], t2);
      WIDE (big[i], t3);
      if (r1[i] != t1 || r2[i] != t2 || r3[i] != t3)
	{
	  fprintf (stderr, "%d: %d %d %d, expected %d %d %d\n", i, r1[i],
		   r2[i], r3[i], t1, t2, t3);
	  abort ();
	}
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
