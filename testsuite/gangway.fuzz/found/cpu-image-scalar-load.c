/* Reduced by fuzz.sh from gangway-fuzz --seed 3
   --edits d388,d415,d450,d451,d1152,d471,d472,d477,d480,d481,d482,d490,d577,d585,d591,d597,d596,d682,d813,d814,d821,d822,d827,d914,d966,d1033,d1052,d1053,d1100,d1104,d1109,d285,d286,d304,d313,d312,d318,d256,d37,d45,d55,d2,d20,d27,d63,d90,d100,d128,d166,g0,c1,r1.0,u354,r354.0,e16,p87,u162,r1.1,z17,z19,z18,z163,z164,z165,z370,z371,z373,z372,z442,z443,z444,z449,z374,z384,z375,z380,z381,z180,z181,z182,z186,z185,z207,z217,z209,z213,z214,z239,z241,z240,z242,z248,z382,z383,z386,z385,z179,z183,z190,z191,z252,z251,z236,z250,z237,z238,z243,z249,z360,z447,z446,z441,z215,z216,z228,z229,r1.2
   (cpu, -O3 x86-64-v2): compile-error gangway: cannot build the cpu image of this unit: the image compiler (gcc) failed with status 1; its source is kept in image.c incompatible types when assigning to type ‘gw_u32x4’ {aka ‘__vector(4) unsigned int’}
   The cpu image does not compile: in a vector loop, a
   data-dependent while loop loads a value from an address that is the
   same in every lane; the emitter loads it as a scalar,

     r179 = *(const uint32_t *) (uintptr_t) (r147 + 0);

   into a register it declared as a vector (gw_u32x4: the value varies,
   leaving a loop whose lanes exit at different trips), and gcc says
   "incompatible types when assigning to type 'gw_u32x4' from type
   'uint32_t'".  Seed 10499 (-O3, x86-64-v3) fails the same way with a
   uint64_t.  Hand reduction lost it: the reducer's program as it came.  */
/* { dg-do run } */
/* { dg-additional-options "-O3 -fplugin-arg-gangway-isa=x86-64-v2" } */


#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef struct
{
  int64_t f0;
  float f1;
  int32_t f2;
  int16_t f3;
  int8_t f4;
  uint8_t f5;
  uint8_t f6;
  uint8_t f7;
  uint8_t f8;
  uint8_t f9;
} s0_t;

/* The arrays: those passed to compute () are shadowed there by its
   parameters.  */
static uint32_t out12[180];
static uint32_t ref_out12[180];
static int16_t out16[960];
static int16_t ref_out16[960];
static int64_t out21[240];
static int64_t ref_out21[240];
static int32_t out27[1200];
static int32_t ref_out27[1200];
static int16_t tmp30[60];

/* The regions: the host version with ON_DEV false, the device's
   with ON_DEV true.  */
__attribute__ ((noipa)) static void
compute (int on_dev, uint32_t *out12, int16_t *tmp30)
{

#pragma acc parallel loop gang worker independent if (on_dev) copy (out12[0:180], out16, out21, out27) create (tmp30[0:60])
  for (int32_t i3 = 0; i3 < 1; i3++)
  {
    for (int32_t i4 = 0; i4 < 1; i4++)
    {
      for (int32_t i5 = 0; i5 < 1; i5++)
      {
        {
#pragma acc loop vector
          for (int32_t i13 = 0; i13 < 4; i13++)
          {
            uint32_t c18 = 0;
            {
              int64_t x19 = ((int64_t) -(uint64_t) ((((((int64_t) out16[(((((i3) * 5 + (i4)) * 6 + (i5)) * 4 + (i13)) * 4 + (0u))])) & 0x3fffffffffffffffLL) - 0x2000000000000000LL) - (((0LL) & 0x3fffffffffffffffLL) - 0x2000000000000000LL)));
              uint32_t c20 = 0;
              while (c20++ < 21 && ((x19 != 0LL) && (0 <= 0)))
              {
                x19 = ((int64_t) ilogb ((((double) out12[((((i3) * 5 + (i4)) * 6 + (i5)) * 3 + (((uint32_t) (((int16_t) (((int16_t) i13) + ((int16_t) 0)))) % 3)))]) - (0x0p+0))));
                out21[((((i3) * 5 + (i4)) * 6 + (i5)) * 4 + (i13))] = ((int64_t) out12[((((i3) * 5 + (i4)) * 6 + (i5)) * 3 + (0u))]);
              }
              out16[(((((i3) * 5 + (i4)) * 6 + (i5)) * 4 + (i13)) * 4 + (0u))] = ((int16_t) (((int16_t) 0) ^ ((int16_t) c20)));
            }
            {
              {
                int32_t t26 = 0;
                {
                  out27[(((((i3) * 5 + (i4)) * 6 + (i5)) * 4 + (i13)) * 5 + (0))] = ((int32_t) ((uint32_t) (-1) + (uint32_t) ((int32_t) out21[((((i3) * 5 + (i4)) * 6 + (i5)) * 4 + (i13))])));
                }
              }
            }
          }
          tmp30[(((i3) * 5 + (i4)) * 6 + (i5))] = ((int16_t) 0);
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
  rng_state = 2654435775ULL;
  for (long k = 0; k < 180; k++)
    ((uint32_t *) out12)[k] = (uint32_t) (rng () % 7) - 3;
  for (long k = 0; k < 960; k++)
    ((int16_t *) out16)[k] = (int16_t) (rng () % 7) - 3;
  for (long k = 0; k < 240; k++)
    ((int64_t *) out21)[k] = (int64_t) (rng () % 7) - 3;
  for (long k = 0; k < 1200; k++)
    ((int32_t *) out27)[k] = (int32_t) rng ();
  for (long k = 0; k < 60; k++)
    ((int16_t *) tmp30)[k] = (int16_t) rng ();
}

/* Keep the host's results.  */
static void
save (void)
{
  memcpy (ref_out12, out12, sizeof out12);
  memcpy (ref_out16, out16, sizeof out16);
  memcpy (ref_out21, out21, sizeof out21);
  memcpy (ref_out27, out27, sizeof out27);
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
  for (long k = 0; k < 180; k++)
    {
      if (((uint32_t *) out12)[k] != ((uint32_t *) ref_out12)[k])
        bad_int ("out12", k, (long long) ((uint32_t *) out12)[k], (long long) ((uint32_t *) ref_out12)[k]);
    }
  for (long k = 0; k < 960; k++)
    {
      if (((int16_t *) out16)[k] != ((int16_t *) ref_out16)[k])
        bad_int ("out16", k, (long long) ((int16_t *) out16)[k], (long long) ((int16_t *) ref_out16)[k]);
    }
  for (long k = 0; k < 240; k++)
    {
      if (((int64_t *) out21)[k] != ((int64_t *) ref_out21)[k])
        bad_int ("out21", k, (long long) ((int64_t *) out21)[k], (long long) ((int64_t *) ref_out21)[k]);
    }
  for (long k = 0; k < 1200; k++)
    {
      if (((int32_t *) out27)[k] != ((int32_t *) ref_out27)[k])
        bad_int ("out27", k, (long long) ((int32_t *) out27)[k], (long long) ((int32_t *) ref_out27)[k]);
    }
  if (nbad)
    fprintf (stderr, "fuzz: %d mismatches\n", nbad);
  return nbad != 0;
}

int
main (void)
{
  init ();
  compute (0, out12, tmp30);
  save ();
  init ();
  compute (1, out12, tmp30);
#ifdef GANGWAY_FUZZ_BREAK
  ((uint32_t *) out12)[0] ^= 1;
#endif
  return check ();
}

/* { dg-output "gangway: launch compute._omp_fn.0 device=host gangs=1 workers=1 vector=1 reason=if-clause(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch compute._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=\[0-9\]+ vector=\[0-9\]+" } */
