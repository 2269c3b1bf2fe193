/* Reduced by fuzz.sh from gangway-fuzz --seed 10403
   --edits d4,d10,d14,d44,d114,d160,d179,d180,d189,d192,d196,d200,d445,d447,d446,d453,d50,d84,d3,d89,d206,d248,d254,d360,d413,u359,r359.0,g0,s229,s230,z240,z242,z241,z243,z281,z283,z284,z285,z307,z308,z310,z309,z311,z312,z313,z315,z107,z108,z238,z239,z245,z246,z287,z286,z298,z300,z314,z317,z321,z323,z322,z325,z104,z103,z106,z109,z237,z278,z299,z316,z320,z324,z345,z351,z432
   (cpu, -O3 x86-64-v3): crash signal 11
   A kernels region (one gang) whose code outside loops is a
   sequential loop with a run-time bound, around an if/else whose else
   arm holds 'loop seq' nests with a 'continue': the device run dies by
   SIGSEGV on the cpu device, at -O1 to -O3 and every ISA (the host
   version, run first, is fine).  Hand reduction lost it: the reducer's
   program as it came.  */
/* { dg-do run } */
/* { dg-additional-options "-O3 -fplugin-arg-gangway-isa=x86-64-v3" } */


#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef struct
{
  double f0;
  uint32_t f1;
  uint8_t f2;
  _Bool f3;
  uint8_t f4;
  uint8_t f5;
} s0_t;

static volatile int32_t rt_n2 = 7;
static volatile double init_fs0 = (0x1.fca7f83ef5319p+804);
static int32_t gs1;

/* The arrays: those passed to compute () are shadowed there by its
   parameters.  */
static int64_t in7[19][3];
static int64_t ref_in7[19][3];
static int64_t out10[23];
static int64_t ref_out10[23];
static uint16_t out18[16];
static uint16_t ref_out18[16];
static uint64_t tmp23[33];
static uint8_t in25[10][23];
static uint8_t ref_in25[10][23];
static int32_t out29[3][2];
static int32_t ref_out29[3][2];
static uint32_t out31[12];
static uint32_t ref_out31[12];

/* The regions: the host version with ON_DEV false, the device's
   with ON_DEV true.  */
__attribute__ ((noipa)) static void
compute (int on_dev, int32_t n2, int64_t *out10, uint16_t *out18,
         int32_t (*out29)[2], uint32_t *out31)
{
  double fs0 = init_fs0;

#pragma acc kernels if (on_dev) copyin (in7, in25, gs1) copy (out10[0:23], out18[0:16], out29[0:3], out31[0:12]) create (tmp23)
  {
    for (uint64_t t3 = 0; t3 <= n2 - 1; t3 += 3)
    {
      for (int32_t t4 = 0; t4 < 4; t4++)
      {
        if ((0u == ((uint32_t) in7[0u][((uint32_t) (({ double f_112 = fs0; f_112 > -1.0 && f_112 < 4294967296.0 ? (uint32_t) f_112 : (uint32_t) 0; })) % 3)])))
        {
        }
        else
        {
#pragma acc loop seq
          for (int32_t i21 = 0; i21 < 3; i21++)
          {
#pragma acc loop seq
            for (int32_t i22 = 0; i22 < 11; i22++)
            {
              tmp23[((i21) * 11 + (i22))] = ((uint64_t) in7[((uint64_t) (((uint64_t) out10[0u])) % 19)][0u]);
            }
            if ((((int64_t) (in7[((uint32_t) (((int8_t) (((int8_t) t4) + ((int8_t) in25[((uint32_t) (((uint16_t) ((uint32_t) ((uint16_t) t3) * (uint32_t) ((uint16_t) 2)))) % 10)][((uint32_t) (((int32_t) ((uint32_t) i21 + (uint32_t) (((int64_t) (0LL | ((int64_t) t3))) <= 0LL)))) % 23)])))) % 19)][0u] ^ ({ double f_289 = fs0; f_289 > -9223372036854775808.0 && f_289 < 9223372036854775808.0 ? (int64_t) f_289 : (int64_t) 0; }))) > ((int64_t) ((((int32_t) ((uint32_t) ({ double f_294 = fs0; f_294 > -2147483649.0 && f_294 < 2147483648.0 ? (int32_t) f_294 : (int32_t) 0; }) * (uint32_t) t4)) >= ((int32_t) (((int32_t) in7[0u][((uint32_t) ((((uint32_t) i21) + (((uint32_t) in7[0u][0u]) * ((uint32_t) in25[0u][((uint32_t) (((int8_t) (((int8_t) t4) * ((int8_t) (((int8_t) i21) + ((int8_t) i21)))))) % 23)])))) % 3)]) ^ i21))) || (((int16_t) (((int16_t) t4) * ((int16_t) gs1))) != ((int16_t) (((int16_t) 0) - ((int16_t) out18[((((uint32_t) (((uint8_t) (((uint8_t) i21) + ((uint8_t) 0)))) % 2)) * 8 + (((uint32_t) (((int32_t) ((uint32_t) ((int32_t) t3) + (uint32_t) gs1))) % 8)))]))))))))
            {
              continue;
            }
            {
              int32_t t26 = 0;
              {
                uint32_t v30 = (((uint32_t) out29[i21][((uint32_t) (({ double f_425 = fs0; f_425 > -1.0 && f_425 < 256.0 ? (uint8_t) f_425 : (uint8_t) 0; })) % 2)]) + (4294967295u + 0u));
                out31[(((i21) * 2 + (0)) * 2 + (((uint32_t) (out29[i21][((uint32_t) (((uint16_t) ((uint32_t) ((uint16_t) t4) + (uint32_t) ((uint16_t) 0)))) % 2)]) % 2)))] = ((uint32_t) (((uint32_t) i21) ^ v30));
              }
            }
          }
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
  rng_state = 2654456575ULL;
  gs1 = 2030933682;
  for (long k = 0; k < 57; k++)
    ((int64_t *) in7)[k] = (int64_t) (rng () % 64);
  for (long k = 0; k < 23; k++)
    ((int64_t *) out10)[k] = (int64_t) rng ();
  for (long k = 0; k < 16; k++)
    ((uint16_t *) out18)[k] = (uint16_t) (rng () % 7) - 3;
  for (long k = 0; k < 33; k++)
    ((uint64_t *) tmp23)[k] = (uint64_t) (rng () % 64);
  for (long k = 0; k < 230; k++)
    ((uint8_t *) in25)[k] = (uint8_t) (rng () % 64);
  for (long k = 0; k < 6; k++)
    ((int32_t *) out29)[k] = (int32_t) rng ();
  for (long k = 0; k < 12; k++)
    ((uint32_t *) out31)[k] = (uint32_t) (rng () % 64);
}

/* Keep the host's results.  */
static void
save (void)
{
  memcpy (ref_in7, in7, sizeof in7);
  memcpy (ref_out10, out10, sizeof out10);
  memcpy (ref_out18, out18, sizeof out18);
  memcpy (ref_in25, in25, sizeof in25);
  memcpy (ref_out29, out29, sizeof out29);
  memcpy (ref_out31, out31, sizeof out31);
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
  for (long k = 0; k < 57; k++)
    {
      if (((int64_t *) in7)[k] != ((int64_t *) ref_in7)[k])
        bad_int ("in7", k, (long long) ((int64_t *) in7)[k], (long long) ((int64_t *) ref_in7)[k]);
    }
  for (long k = 0; k < 23; k++)
    {
      if (((int64_t *) out10)[k] != ((int64_t *) ref_out10)[k])
        bad_int ("out10", k, (long long) ((int64_t *) out10)[k], (long long) ((int64_t *) ref_out10)[k]);
    }
  for (long k = 0; k < 16; k++)
    {
      if (((uint16_t *) out18)[k] != ((uint16_t *) ref_out18)[k])
        bad_int ("out18", k, (long long) ((uint16_t *) out18)[k], (long long) ((uint16_t *) ref_out18)[k]);
    }
  for (long k = 0; k < 230; k++)
    {
      if (((uint8_t *) in25)[k] != ((uint8_t *) ref_in25)[k])
        bad_int ("in25", k, (long long) ((uint8_t *) in25)[k], (long long) ((uint8_t *) ref_in25)[k]);
    }
  for (long k = 0; k < 6; k++)
    {
      if (((int32_t *) out29)[k] != ((int32_t *) ref_out29)[k])
        bad_int ("out29", k, (long long) ((int32_t *) out29)[k], (long long) ((int32_t *) ref_out29)[k]);
    }
  for (long k = 0; k < 12; k++)
    {
      if (((uint32_t *) out31)[k] != ((uint32_t *) ref_out31)[k])
        bad_int ("out31", k, (long long) ((uint32_t *) out31)[k], (long long) ((uint32_t *) ref_out31)[k]);
    }
  if (nbad)
    fprintf (stderr, "fuzz: %d mismatches\n", nbad);
  return nbad != 0;
}

int
main (void)
{
  int32_t n2 = rt_n2;
  init ();
  compute (0, n2, out10, out18, out29, out31);
  save ();
  init ();
  compute (1, n2, out10, out18, out29, out31);
#ifdef GANGWAY_FUZZ_BREAK
  ((int64_t *) in7)[0] ^= 1;
#endif
  return check ();
}

/* { dg-output "gangway: launch compute._omp_fn.0 device=host gangs=1 workers=1 vector=1 reason=if-clause(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch compute._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=\[0-9\]+ vector=\[0-9\]+" } */
