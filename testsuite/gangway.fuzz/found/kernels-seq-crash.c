/* Reduced by fuzz.sh from gangway-fuzz --seed 10807
   --edits d204,d207,d206,d213,d227,d19,d25,d183,d202,d203,d1,d50,d174,g0,s100,r100.0,z62,z63,z64,z65,z66,z67,z69,z70,z71,z75,z72,z73,z74,z76,z77,z78,z80,z79,z81,z82,z83,z85,z84,z87,z95,z88,z89,z90,z91,z92,z94,z93,z96,z98,z97,z102,z109,z103,z104,z105,z107,z106,z108,z110,z115,z111,z112,z114,z113,z122,z116,z173,z169,z171,z137,z138,z140,z139,z141,z142,z159,z150,z151,z158,z152,z153,z165,z172,z166,z167,z168,z170,z117,z118,z120,z147,z143,z144,z154,z156,z155,z119,z121,z148,z136,z146,z145,z157,z164,p100
   (cpu, -O3 -fno-math-errno x86-64-v2): crash signal 11
   A kernels region: a gang loop with a private array, a
   sequential loop with a run-time bound, a 'loop seq' whose body always
   'continue's (fs0 is tiny, pa9 zero): the device run dies by SIGSEGV on
   the cpu device at -O3 (-O1 runs).  Seed 10403 crashes the same way at
   -O1 to -O3 with a kernels region of sequential loops, if/else and
   'loop seq' nests with a 'continue'.  Hand reduction lost it: the
   reducer's program as it came.  */
/* { dg-do run } */
/* { dg-additional-options "-O3 -fno-math-errno -fplugin-arg-gangway-isa=x86-64-v2" } */


#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef struct
{
  float f0;
  uint32_t f1;
  int16_t f2;
  int8_t f3;
  uint8_t f4;
  _Bool f5;
  uint8_t f6;
  uint8_t f7;
  uint8_t f8;
} s0_t;

static volatile int32_t rt_n11 = 3;
static volatile double init_fs0 = (0x1.91e12f08d18ap-450);

/* The arrays: those passed to compute () are shadowed there by its
   parameters.  */
static s0_t out16[2408];
static s0_t ref_out16[2408];

/* The regions: the host version with ON_DEV false, the device's
   with ON_DEV true.  */
__attribute__ ((noipa)) static void
compute (int on_dev, int32_t n11)
{
  double fs0 = init_fs0;
  int32_t pa9[2];

#pragma acc kernels if (on_dev) copy (out16)
  {
#pragma acc loop gang private (pa9)
    for (int32_t i8 = 0; i8 < 43; i8++)
    {
      for (int32_t q10 = 0; q10 < 2; q10++)
        pa9[q10] = 0;
      for (int32_t t12 = 0; t12 < n11; t12++)
      {
#pragma acc loop seq
        for (uint64_t i13 = 3; i13 < 4; i13++)
        {
          if (((({ double f_128 = fs0; f_128 > -1.0 && f_128 < 4294967296.0 ? (uint32_t) f_128 : (uint32_t) 0; }) <= (((uint32_t) pa9[((((int32_t) ((uint32_t) i8 * (uint32_t) 1))) & 1)]) - 0u)) && (0 != 1)))
          {
            continue;
          }
          out16[((i8) * 56 + (i13))].f8 = ((uint8_t) 0);
        }
      }
    }
  }
}

static uint64_t rng_state;

static uint64_t
rng (void)
{
  uint64_t x = rng_state;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return rng_state = x;
}

#define NSPECIAL 16
static const double special_d[NSPECIAL] = {
  0.0, -0.0, 1.0, -1.0, 0.5, 0x1p-1060, -0x1p-1050, 1e308, -1e308,
  __builtin_inf (), -__builtin_inf (), __builtin_nan (""), 2.5,
  -7.75, 65536.0, 0x1.fffffffffffffp+52
};
static const float special_f[NSPECIAL] = {
  0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 0x1p-140f, -0x1p-130f, 3e38f, -3e38f,
  __builtin_inff (), -__builtin_inff (), __builtin_nanf (""), 2.5f,
  -7.75f, 65536.0f, 0x1.fffffep+22f
};

/* Fill every array and global, the same way each time.  */
static void
init (void)
{
  rng_state = 2654457383ULL;
  for (long k = 0; k < 2408; k++)
    {
      ((s0_t *) out16)[k].f0 = (float) ((double) ((int64_t) (rng () % 200001) - 100000) / 256);
      ((s0_t *) out16)[k].f1 = (uint32_t) rng ();
      ((s0_t *) out16)[k].f2 = (int16_t) rng ();
      ((s0_t *) out16)[k].f3 = (int8_t) rng ();
      ((s0_t *) out16)[k].f4 = (uint8_t) rng ();
      ((s0_t *) out16)[k].f5 = rng () & 1;
      ((s0_t *) out16)[k].f6 = (uint8_t) rng ();
      ((s0_t *) out16)[k].f7 = (uint8_t) rng ();
      ((s0_t *) out16)[k].f8 = (uint8_t) rng ();
    }
}

/* Keep the host's results.  */
static void
save (void)
{
  memcpy (ref_out16, out16, sizeof out16);
}

static int nbad;

/* Report a difference between the device's value D and the host's H
   of element K of WHAT.  */
static void
bad_int (const char *what, long k, long long d, long long h)
{
  if (nbad++ < 10)
    fprintf (stderr, "fuzz: mismatch %s[%ld]: device %lld (%#llx), "
	     "host %lld (%#llx)\n", what, k, d, (unsigned long long) d, h,
	     (unsigned long long) h);
}

static void
bad_float (const char *what, long k, double d, double h)
{
  if (nbad++ < 10)
    fprintf (stderr, "fuzz: mismatch %s[%ld]: device %a, host %a\n",
	     what, k, d, h);
}

/* Floats are the same if their bits are, or if both are NaNs.  */
static int
same_f (float a, float b)
{
  return !memcmp (&a, &b, sizeof a) || (a != a && b != b);
}

static int
same_d (double a, double b)
{
  return !memcmp (&a, &b, sizeof a) || (a != a && b != b);
}

/* Compare the device's results with the host's.  */
static int
check (void)
{
  for (long k = 0; k < 2408; k++)
    {
      if (!same_f (((s0_t *) out16)[k].f0, ((s0_t *) ref_out16)[k].f0))
        bad_float ("out16.f0", k, ((s0_t *) out16)[k].f0, ((s0_t *) ref_out16)[k].f0);
      if (((s0_t *) out16)[k].f1 != ((s0_t *) ref_out16)[k].f1)
        bad_int ("out16.f1", k, (long long) ((s0_t *) out16)[k].f1, (long long) ((s0_t *) ref_out16)[k].f1);
      if (((s0_t *) out16)[k].f2 != ((s0_t *) ref_out16)[k].f2)
        bad_int ("out16.f2", k, (long long) ((s0_t *) out16)[k].f2, (long long) ((s0_t *) ref_out16)[k].f2);
      if (((s0_t *) out16)[k].f3 != ((s0_t *) ref_out16)[k].f3)
        bad_int ("out16.f3", k, (long long) ((s0_t *) out16)[k].f3, (long long) ((s0_t *) ref_out16)[k].f3);
      if (((s0_t *) out16)[k].f4 != ((s0_t *) ref_out16)[k].f4)
        bad_int ("out16.f4", k, (long long) ((s0_t *) out16)[k].f4, (long long) ((s0_t *) ref_out16)[k].f4);
      if (((s0_t *) out16)[k].f5 != ((s0_t *) ref_out16)[k].f5)
        bad_int ("out16.f5", k, (long long) ((s0_t *) out16)[k].f5, (long long) ((s0_t *) ref_out16)[k].f5);
      if (((s0_t *) out16)[k].f6 != ((s0_t *) ref_out16)[k].f6)
        bad_int ("out16.f6", k, (long long) ((s0_t *) out16)[k].f6, (long long) ((s0_t *) ref_out16)[k].f6);
      if (((s0_t *) out16)[k].f7 != ((s0_t *) ref_out16)[k].f7)
        bad_int ("out16.f7", k, (long long) ((s0_t *) out16)[k].f7, (long long) ((s0_t *) ref_out16)[k].f7);
      if (((s0_t *) out16)[k].f8 != ((s0_t *) ref_out16)[k].f8)
        bad_int ("out16.f8", k, (long long) ((s0_t *) out16)[k].f8, (long long) ((s0_t *) ref_out16)[k].f8);
    }
  if (nbad)
    fprintf (stderr, "fuzz: %d mismatches\n", nbad);
  return nbad != 0;
}

int
main (void)
{
  int32_t n11 = rt_n11;
  init ();
  compute (0, n11);
  save ();
  init ();
  compute (1, n11);
#ifdef GANGWAY_FUZZ_BREAK
  ((s0_t *) out16)[0].f0 = ((s0_t *) out16)[0].f0 == 1 ? 2 : 1;
#endif
  return check ();
}

/* { dg-output "gangway: launch compute._omp_fn.0 device=host gangs=1 workers=1 vector=1 reason=if-clause(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch compute._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=\[0-9\]+ vector=\[0-9\]+" } */
