/* Reduced by fuzz.sh from gangway-fuzz --seed 50034 --ptx
   --edits d401,d402,d409,d440,d441,d449,d450,d492,d493,d500,d525,d562,d568,d573,d586,d604,d605,d612,d654,d663,d681,d689,d692,d733,d786,d800,d818,d826,d843,d851,d871,d876,d921,d941,d943,d942,d949,d0,d1,d2,d19,d21,d39,d42,d49,d56,d61,d72,d80,d81,d354,d375,d319,d320,d36,d37,d162,d164,d376,d38,d165,d321,u149,s209,z290,z101,z102,z103,z104,z123,z105,z106,z114,z107,z108,z110,z109,z111,z113,z112,z115,z122,z116,z117,z119,z118,z120,z121,z124,z125,z144,z193,z192,z195,z196,z197,z198,z199,z201,z200,z202,z203,z205,z204,z206,z207,z211,z212,z217,z213,z215,z214,z218,z219,z220,z237,z221,z126,z127,z134,z128,z129,z130,z131,z133,z132,z135,z143,z136,z137,z179,z180,z182,z181,z183,z185,z184,z194,z187,z188,z190,z189,z191,z222,z231,z223,z224,z225,z226,z227,z228,z230,z229,z232,z233,z235,z325,z327,z328,z329,z331,z330,z332,z348,z333,z334,z335,z337,z336,z338,z339,z340,z342,z341,z343,z345,z344,z347,z346,z350,z349,z351,z259,z261,z263,z273,z264,z265,z266,z267,z268,z269,z270,z271,z272,z286,z288,z289,z291,z139,z138,z140,z142,z141,z145,z147,z146,z148,z150,z151,z152,z171,z172,z174,z173,z175,z176,z282,z281,z283,z284,z285,z287,z178,z186,z234,z326,z353,z352,z253,z262,z254,z255,z256,z257,z170,z177,z236,z240,z241,z300,z307,z324,z258,z260,z279,z280,d100
   (ptxsim, -O2 -): ice internal compiler error: gangway: device/passes/pipeline.cc:48: the device RTL of KERNEL is invalid after neuter: a convergent insn on an axis its code is neutered on
   A region of single code only (num_gangs (1) vector_length (64), no
   partitioned loop): a 'loop seq' around two nested data-dependent while
   loops.  Both targets stop after neuter with

     br.single vector, @5, @6  ; error: a convergent insn on an axis its
     code is neutered on

   a neuter branch on the vector axis inside code already neutered on
   it.  Hand reduction lost it: the reducer's program as it came.
   Fixed: neuter routes a region exiting into an applied region's entry through its neuter head.  */
/* { dg-do run } */
/* { dg-additional-options "-O2 -fplugin-arg-gangway-targets=cpu,ptx" } */


#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef struct
{
  double f0;
  int32_t f1;
  uint32_t f2;
  uint16_t f3;
  uint8_t f4;
  uint8_t f5;
  uint8_t f6;
  uint8_t f7;
  uint8_t f8;
  uint8_t f9;
} s0_t;

static volatile int32_t init_fs0 = (-1657353084);
static volatile float init_fs1 = (0x1.a54516p+115f);

/* The arrays: those passed to compute () are shadowed there by its
   parameters.  */
static double in5[14][23];
static double ref_in5[14][23];
static s0_t out17[146];
static s0_t ref_out17[146];
static s0_t out24[13];
static s0_t ref_out24[13];

/* The regions: the host version with ON_DEV false, the device's
   with ON_DEV true.  */
__attribute__ ((noipa)) static void
compute (int on_dev, double (*in5)[23])
{
  int32_t fs0 = init_fs0;
  float fs1 = init_fs1;

#pragma acc parallel num_gangs (1) vector_length (64) if (on_dev) copyin (in5[0:14]) copy (out17, out24)
  {
    uint32_t c19 = 0;
    {
      int64_t v20 = ((int64_t) (fdim (in5[0u][0u], (0x0p+0)) != (0x0p+0)));
#pragma acc loop seq
      for (int32_t i21 = 0; i21 < 13; i21++)
      {
        int32_t x22 = 0;
        uint32_t c23 = 0;
        while (c23++ < 6 && ((x22 != 1) && (0 || (i21 < 3))))
        {
          out24[i21].f7 = ({ double f_303 = ({ double l_295 = ((double) ((int32_t) v20)), r_295 = fmax ((0x0p+0), ((double) fs0)); l_295 < r_295 ? l_295 : r_295; }); f_303 > -1.0 && f_303 < 256.0 ? (uint8_t) f_303 : (uint8_t) 0; });
          uint32_t c25 = 0;
          while (c25++ < 22 && (x22 > 0))
          {
            out24[i21].f6 = ((uint8_t) 0);
          }
          x22 = ((int32_t) (({ double f_274 = in5[0u][0u]; f_274 > -2147483649.0 && f_274 < 2147483648.0 ? (int32_t) f_274 : (int32_t) 0; }) & ((int32_t) (({ float f_277 = fs1; f_277 > -2147483649.0 && f_277 < 2147483648.0 ? (int32_t) f_277 : (int32_t) 0; }) >> (((int32_t) out17[((0u) * 2 + (0u))].f7) & 31)))));
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
  rng_state = 2654535837ULL;
  for (long k = 0; k < 322; k++)
    ((double *) in5)[k] = (double) ((int64_t) (rng () % 41) - 20);
  for (long k = 0; k < 146; k++)
    {
      ((s0_t *) out17)[k].f0 = (double) ((double) ((int64_t) (rng () % 200001) - 100000) / 256);
      ((s0_t *) out17)[k].f1 = (int32_t) rng ();
      ((s0_t *) out17)[k].f2 = (uint32_t) rng ();
      ((s0_t *) out17)[k].f3 = (uint16_t) rng ();
      ((s0_t *) out17)[k].f4 = (uint8_t) rng ();
      ((s0_t *) out17)[k].f5 = (uint8_t) rng ();
      ((s0_t *) out17)[k].f6 = (uint8_t) rng ();
      ((s0_t *) out17)[k].f7 = (uint8_t) rng ();
      ((s0_t *) out17)[k].f8 = (uint8_t) rng ();
      ((s0_t *) out17)[k].f9 = (uint8_t) rng ();
    }
  for (long k = 0; k < 13; k++)
    {
      ((s0_t *) out24)[k].f0 = (double) ((double) ((int64_t) (rng () % 200001) - 100000) / 256);
      ((s0_t *) out24)[k].f1 = (int32_t) rng ();
      ((s0_t *) out24)[k].f2 = (uint32_t) rng ();
      ((s0_t *) out24)[k].f3 = (uint16_t) rng ();
      ((s0_t *) out24)[k].f4 = (uint8_t) rng ();
      ((s0_t *) out24)[k].f5 = (uint8_t) rng ();
      ((s0_t *) out24)[k].f6 = (uint8_t) rng ();
      ((s0_t *) out24)[k].f7 = (uint8_t) rng ();
      ((s0_t *) out24)[k].f8 = (uint8_t) rng ();
      ((s0_t *) out24)[k].f9 = (uint8_t) rng ();
    }
}

/* Keep the host's results.  */
static void
save (void)
{
  memcpy (ref_in5, in5, sizeof in5);
  memcpy (ref_out17, out17, sizeof out17);
  memcpy (ref_out24, out24, sizeof out24);
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
  for (long k = 0; k < 322; k++)
    {
      if (!same_d (((double *) in5)[k], ((double *) ref_in5)[k]))
        bad_float ("in5", k, ((double *) in5)[k], ((double *) ref_in5)[k]);
    }
  for (long k = 0; k < 146; k++)
    {
      if (!same_d (((s0_t *) out17)[k].f0, ((s0_t *) ref_out17)[k].f0))
        bad_float ("out17.f0", k, ((s0_t *) out17)[k].f0, ((s0_t *) ref_out17)[k].f0);
      if (((s0_t *) out17)[k].f1 != ((s0_t *) ref_out17)[k].f1)
        bad_int ("out17.f1", k, (long long) ((s0_t *) out17)[k].f1, (long long) ((s0_t *) ref_out17)[k].f1);
      if (((s0_t *) out17)[k].f2 != ((s0_t *) ref_out17)[k].f2)
        bad_int ("out17.f2", k, (long long) ((s0_t *) out17)[k].f2, (long long) ((s0_t *) ref_out17)[k].f2);
      if (((s0_t *) out17)[k].f3 != ((s0_t *) ref_out17)[k].f3)
        bad_int ("out17.f3", k, (long long) ((s0_t *) out17)[k].f3, (long long) ((s0_t *) ref_out17)[k].f3);
      if (((s0_t *) out17)[k].f4 != ((s0_t *) ref_out17)[k].f4)
        bad_int ("out17.f4", k, (long long) ((s0_t *) out17)[k].f4, (long long) ((s0_t *) ref_out17)[k].f4);
      if (((s0_t *) out17)[k].f5 != ((s0_t *) ref_out17)[k].f5)
        bad_int ("out17.f5", k, (long long) ((s0_t *) out17)[k].f5, (long long) ((s0_t *) ref_out17)[k].f5);
      if (((s0_t *) out17)[k].f6 != ((s0_t *) ref_out17)[k].f6)
        bad_int ("out17.f6", k, (long long) ((s0_t *) out17)[k].f6, (long long) ((s0_t *) ref_out17)[k].f6);
      if (((s0_t *) out17)[k].f7 != ((s0_t *) ref_out17)[k].f7)
        bad_int ("out17.f7", k, (long long) ((s0_t *) out17)[k].f7, (long long) ((s0_t *) ref_out17)[k].f7);
      if (((s0_t *) out17)[k].f8 != ((s0_t *) ref_out17)[k].f8)
        bad_int ("out17.f8", k, (long long) ((s0_t *) out17)[k].f8, (long long) ((s0_t *) ref_out17)[k].f8);
      if (((s0_t *) out17)[k].f9 != ((s0_t *) ref_out17)[k].f9)
        bad_int ("out17.f9", k, (long long) ((s0_t *) out17)[k].f9, (long long) ((s0_t *) ref_out17)[k].f9);
    }
  for (long k = 0; k < 13; k++)
    {
      if (!same_d (((s0_t *) out24)[k].f0, ((s0_t *) ref_out24)[k].f0))
        bad_float ("out24.f0", k, ((s0_t *) out24)[k].f0, ((s0_t *) ref_out24)[k].f0);
      if (((s0_t *) out24)[k].f1 != ((s0_t *) ref_out24)[k].f1)
        bad_int ("out24.f1", k, (long long) ((s0_t *) out24)[k].f1, (long long) ((s0_t *) ref_out24)[k].f1);
      if (((s0_t *) out24)[k].f2 != ((s0_t *) ref_out24)[k].f2)
        bad_int ("out24.f2", k, (long long) ((s0_t *) out24)[k].f2, (long long) ((s0_t *) ref_out24)[k].f2);
      if (((s0_t *) out24)[k].f3 != ((s0_t *) ref_out24)[k].f3)
        bad_int ("out24.f3", k, (long long) ((s0_t *) out24)[k].f3, (long long) ((s0_t *) ref_out24)[k].f3);
      if (((s0_t *) out24)[k].f4 != ((s0_t *) ref_out24)[k].f4)
        bad_int ("out24.f4", k, (long long) ((s0_t *) out24)[k].f4, (long long) ((s0_t *) ref_out24)[k].f4);
      if (((s0_t *) out24)[k].f5 != ((s0_t *) ref_out24)[k].f5)
        bad_int ("out24.f5", k, (long long) ((s0_t *) out24)[k].f5, (long long) ((s0_t *) ref_out24)[k].f5);
      if (((s0_t *) out24)[k].f6 != ((s0_t *) ref_out24)[k].f6)
        bad_int ("out24.f6", k, (long long) ((s0_t *) out24)[k].f6, (long long) ((s0_t *) ref_out24)[k].f6);
      if (((s0_t *) out24)[k].f7 != ((s0_t *) ref_out24)[k].f7)
        bad_int ("out24.f7", k, (long long) ((s0_t *) out24)[k].f7, (long long) ((s0_t *) ref_out24)[k].f7);
      if (((s0_t *) out24)[k].f8 != ((s0_t *) ref_out24)[k].f8)
        bad_int ("out24.f8", k, (long long) ((s0_t *) out24)[k].f8, (long long) ((s0_t *) ref_out24)[k].f8);
      if (((s0_t *) out24)[k].f9 != ((s0_t *) ref_out24)[k].f9)
        bad_int ("out24.f9", k, (long long) ((s0_t *) out24)[k].f9, (long long) ((s0_t *) ref_out24)[k].f9);
    }
  if (nbad)
    fprintf (stderr, "fuzz: %d mismatches\n", nbad);
  return nbad != 0;
}

int
main (void)
{
  init ();
  compute (0, in5);
  save ();
  init ();
  compute (1, in5);
#ifdef GANGWAY_FUZZ_BREAK
  ((double *) in5)[0] = ((double *) in5)[0] == 1 ? 2 : 1;
#endif
  return check ();
}

/* { dg-output "gangway: launch compute._omp_fn.0 device=host gangs=1 workers=1 vector=1 reason=if-clause(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch compute._omp_fn.0 device=cpu gangs=1 workers=1 vector=(32|16|8)" } */
