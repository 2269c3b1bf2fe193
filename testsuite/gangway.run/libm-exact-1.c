/* The exact functions of C99's <math.h> that return results through a
   pointer or step the bits of a value (frexp, modf, remquo, nextafter)
   and the ldexp family (ldexp, scalbn, scalbln), with fmod, remainder
   and GNU's drem, in double and float, on special values, subnormals,
   extreme exponents and random bit patterns: bit for bit the host's
   (glibc's) results, NaN for NaN.  They were refused ("'frexp' is
   called, but it is not an OpenACC routine").  */
/* { dg-do run } */

#define _GNU_SOURCE
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 4096
#define NR 9

static double x[N], y[N];
static float xf[N], yf[N];
static int k[N];
static long lk[N];

/* The results of every function for element I: double ones in D, float
   ones in F, ints in E.  */
struct res
{
  double d[NR];
  float f[NR];
  int e[4];
};
static struct res dev[N], host[N];

#define BODY(I, R)							\
  do {									\
    double a = x[I], b = y[I];						\
    float af = xf[I], bf = yf[I];					\
    int e, q;								\
    double ip;								\
    float ipf;								\
    (R).d[0] = frexp (a, &e);						\
    (R).e[0] = e;							\
    (R).d[1] = modf (a, &ip);						\
    (R).d[2] = ip;							\
    (R).d[3] = remquo (a, b, &q);					\
    (R).e[1] = isnan ((R).d[3]) ? 0 : q;				\
    (R).d[4] = nextafter (a, b);					\
    (R).d[5] = ldexp (a, k[I]) + scalbn (b, -k[I]);			\
    (R).d[6] = scalbln (a, lk[I]);					\
    (R).d[7] = fmod (a, b);						\
    (R).d[8] = remainder (a, b) + drem (b, a);				\
    (R).f[0] = frexpf (af, &e);						\
    (R).e[2] = e;							\
    (R).f[1] = modff (af, &ipf);					\
    (R).f[2] = ipf;							\
    (R).f[3] = remquof (af, bf, &q);					\
    (R).e[3] = isnan ((R).f[3]) ? 0 : q;				\
    (R).f[4] = nextafterf (af, bf);					\
    (R).f[5] = ldexpf (af, k[I]) + scalbnf (bf, -k[I]);		\
    (R).f[6] = scalblnf (af, lk[I]);					\
    (R).f[7] = fmodf (af, bf);						\
    (R).f[8] = remainderf (af, bf) + dremf (bf, af);			\
  } while (0)

/* Whether the doubles A and B are the same bits, or both NaN.  */

static int
same (double a, double b)
{
  if (isnan (a) || isnan (b))
    return isnan (a) && isnan (b);
  return memcmp (&a, &b, sizeof a) == 0;
}

static int
samef (float a, float b)
{
  if (isnan (a) || isnan (b))
    return isnan (a) && isnan (b);
  return memcmp (&a, &b, sizeof a) == 0;
}

static uint64_t seed = 88172645463325252ull;

static uint64_t
rnd (void)
{
  seed ^= seed << 13;
  seed ^= seed >> 7;
  seed ^= seed << 17;
  return seed;
}

int
main (void)
{
  static const double special[] = {
    0.0, -0.0, 1.0, -1.0, 0.5, -2.5, 3.0, 7.0, -7.5, 1e300, -1e-300,
    0x1p-1074, -0x1p-1074, 0x1p-1022, 0x1.fffffffffffffp-1023,
    0x1.fffffffffffffp+1023, -0x1.fffffffffffffp+1023, 0x1p1021, 0x1p1022,
    0x1p-1021, 0x1p-1020, 3e-320, HUGE_VAL, -HUGE_VAL, NAN, 1e16, 4503599627370497.5,
    -6.0, 2.0, 0.1, 1e-5
  };
  static const int ks[] = { 0, 1, -1, 52, -1074, 1023, 1024, -1075, 2000,
			    -2000, INT_MAX, INT_MIN, 127, -149, 150 };
  static const long lks[] = { 0, 1, -3, 3000000000L, -3000000000L,
			      LONG_MAX, LONG_MIN, 1023, -1022, -1080 };
  int ns = sizeof special / sizeof *special;
  for (int i = 0; i < N; i++)
    {
      if (i < ns * ns)
	{
	  x[i] = special[i % ns];
	  y[i] = special[i / ns];
	}
      else
	{
	  uint64_t u = rnd (), v = rnd ();
	  /* Nearby exponents half the time, for remquo's quotients.  */
	  if (i & 1)
	    v = (v & 0x800fffffffffffffull) | (u & 0x7ff0000000000000ull)
		^ ((v >> 40) & 0x0070000000000000ull);
	  memcpy (&x[i], &u, sizeof u);
	  memcpy (&y[i], &v, sizeof v);
	}
      xf[i] = (float) x[i];
      yf[i] = (float) y[i];
      if (i >= ns * ns && (i & 2))
	{
	  /* Float bit patterns of their own.  */
	  uint32_t u = rnd (), v = (i & 1) ? (rnd () & 0x807fffffu)
					     | (u & 0x7f800000u) : rnd ();
	  memcpy (&xf[i], &u, sizeof u);
	  memcpy (&yf[i], &v, sizeof v);
	}
      k[i] = ks[i % (sizeof ks / sizeof *ks)];
      lk[i] = lks[i % (sizeof lks / sizeof *lks)];
    }

#pragma acc parallel loop copyin(x, y, xf, yf, k, lk) copyout(dev)
  for (int i = 0; i < N; i++)
    BODY (i, dev[i]);

  for (int i = 0; i < N; i++)
    BODY (i, host[i]);

  for (int i = 0; i < N; i++)
    {
      for (int j = 0; j < NR; j++)
	if (!same (dev[i].d[j], host[i].d[j])
	    || !samef (dev[i].f[j], host[i].f[j]))
	  {
	    fprintf (stderr, "%d: result %d of x = %a, y = %a (%a, %a), "
		     "k = %d, %ld: %a %a, expected %a %a\n", i, j, x[i],
		     y[i], xf[i], yf[i], k[i], lk[i], dev[i].d[j],
		     dev[i].f[j], host[i].d[j], host[i].f[j]);
	    abort ();
	  }
      for (int j = 0; j < 4; j++)
	if (dev[i].e[j] != host[i].e[j])
	  {
	    fprintf (stderr, "%d: int %d of x = %a, y = %a (%a, %a): %d, "
		     "expected %d\n", i, j, x[i], y[i], xf[i], yf[i],
		     dev[i].e[j], host[i].e[j]);
	    abort ();
	  }
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
