/* Reduced by fuzz.sh from gangway-fuzz --seed 10025
   --edits d522,d571,d572,d574,d601,d614,d618,d642,d690,d691,d694,d735,d749,d779,d794,d777,d825,d867,d872,d873,d883,d893,d894,d895,d910,d945,d947,d946,d970,d971,d987,d1002,d1003,d1033,d1034,d1059,d1060,d510,d357,d358,d365,d385,d422,d421,d463,d408,d495,d263,d269,d272,d279,d322,d348,d349,d104,d148,d294,d302,d2,d167,d220,d259,d315,t28,s36,g0,r36.0,t196,r314.0,z29,z30,z32,z31,z34,z33,z35,z38,z39,z40,z41,z42,z62,z43,z44,z56,z45,z46,z47,z49,z48,z50,z51,z52,z54,z53,z55,z57,z58,z60,z59,z61,z63,z79,z78,z80,z81,z83,z82,z84,z85,z87,z88,z90,z89,z96,z91,z92,z93,z128,z130,z131,z146,z132,z133,z134,z136,z135,z137,z138,z139,z141,z140,z142,z143,z145,z144,z197,z198,z200,z203,z202,z201,z255,z243,z244,z248,z245,z250,z249,z251,z86,z75,z76,z77,z94,z99,z100,z101
   (cpu, -O1 x86-64-v4): ice internal compiler error: gangway: device/passes/pipeline.cc:48: the device RTL of KERNEL is invalid after neuter: an incoming value whose definition does not dominate its edge
   At -O1, in a gang loop's body, a 'loop seq' whose body is an
   irreducible cycle (a goto into its middle) in gang-single code, then a
   worker vector loop: neuter leaves a phi whose incoming value does not
   dominate its edge, as in neuter-seq-loop-O0.c and
   neuter-loop-carried-O2.c (the same bug, likely: a loop in single code
   carrying a value defined in neutered code).  Hand reduction lost it:
   the reducer's program as it came.
   Fixed: neuter routes a region exiting into an applied region's entry through its neuter head.  */
/* { dg-do run } */
/* { dg-additional-options "-O1" } */


#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef struct
{
  int64_t f0;
  float f1;
  int16_t f2;
  int8_t f3;
  uint8_t f4;
} s0_t;

/* The arrays: those passed to compute () are shadowed there by its
   parameters.  */
static uint64_t in2[21][18];
static uint64_t ref_in2[21][18];
static float out9[323];
static float ref_out9[323];

/* The regions: the host version with ON_DEV false, the device's
   with ON_DEV true.  */
__attribute__ ((noipa)) static void
compute (int on_dev)
{

#pragma acc parallel loop gang if (on_dev) copyin (in2) copy (out9)
  for (uint32_t i1 = 3; i1 < 19; i1 += 3)
  {
    {
#pragma acc loop seq
      for (int32_t i4 = 0; i4 < 1; i4++)
      {
        uint32_t r5 = 0u;
        uint32_t c6 = 0;
        if (((i4 <= 13) && ((!({ double f_98 = ((double) in2[((uint32_t) (((uint16_t) 0)) % 21)][0u]); f_98 > -1.0 && f_98 < 256.0 ? (uint8_t) f_98 : (uint8_t) 0; })) || 0)))
          goto mid0;
       top0:
        {
          r5 = ((uint32_t) (i1 | ((uint32_t) in2[((uint32_t) (((int16_t) (((int16_t) 0) + ((int16_t) 0)))) % 21)][0u])));
        }
       mid0:
        {
          {
            int16_t v7 = ((int16_t) (!((uint16_t) (((uint16_t) in2[((uint32_t) (((int32_t) r5)) % 21)][((uint32_t) (((uint8_t) (((uint8_t) i1) * ((uint8_t) 3)))) % 18)]) | ((uint16_t) i4)))));
            out9[((i1) * 17 + (i4))] = ((0x0p+0f) + ((float) v7));
          }
        }
        if ((((uint32_t) -(uint32_t) i1) <= 14u) && ++c6 < 10)
          goto top0;
      }
    }
#pragma acc loop worker vector
    for (int32_t i17 = 0; i17 < 1; i17++)
    {
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
  rng_state = 2654455819ULL;
  for (long k = 0; k < 378; k++)
    ((uint64_t *) in2)[k] = (uint64_t) (rng () % 7) - 3;
  for (long k = 0; k < 323; k++)
    ((float *) out9)[k] = (float) ((int64_t) (rng () % 41) - 20);
}

/* Keep the host's results.  */
static void
save (void)
{
  memcpy (ref_in2, in2, sizeof in2);
  memcpy (ref_out9, out9, sizeof out9);
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
  for (long k = 0; k < 378; k++)
    {
      if (((uint64_t *) in2)[k] != ((uint64_t *) ref_in2)[k])
        bad_int ("in2", k, (long long) ((uint64_t *) in2)[k], (long long) ((uint64_t *) ref_in2)[k]);
    }
  for (long k = 0; k < 323; k++)
    {
      if (!same_f (((float *) out9)[k], ((float *) ref_out9)[k]))
        bad_float ("out9", k, ((float *) out9)[k], ((float *) ref_out9)[k]);
    }
  if (nbad)
    fprintf (stderr, "fuzz: %d mismatches\n", nbad);
  return nbad != 0;
}

int
main (void)
{
  init ();
  compute (0);
  save ();
  init ();
  compute (1);
#ifdef GANGWAY_FUZZ_BREAK
  ((uint64_t *) in2)[0] ^= 1;
#endif
  return check ();
}

/* { dg-output "gangway: launch compute._omp_fn.0 device=host gangs=1 workers=1 vector=1 reason=if-clause(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch compute._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=\[0-9\]+ vector=\[0-9\]+" } */
