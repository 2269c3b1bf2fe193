/* seq routines (#pragma acc routine seq) called on the device from every
   kind of code: gang-redundant code of a serial region, worker-single and
   vector-single code, and gang, worker and vector loops, where each lane
   calls with its own arguments.  The routines: recursive ones (fib, and
   two mutually recursive ones), a static one and an exported one, one
   calling another, one with a local static const table, one writing
   through a pointer, one with a private array, one returning nothing,
   one whose parameter's address is taken, parameters and results of
   every scalar type, acc_on_device and __builtin_goacc_parlevel_id in a
   routine, and a routine declared before its definition and named in
   routine (name).  Every result is compared with the host's; the launch
   log shows every region on the device.  */
/* { dg-do run } */

#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

#define N 100

static int failures;

#define CHECK(what, i, got, want)					\
  do { if ((got) != (want)) { failures++;				\
      fprintf (stderr, "%s [%d]: got %lld, expected %lld\n", what, (int) (i), \
	       (long long) (got), (long long) (want)); } } while (0)

#pragma acc routine seq
static int
fib (int n)
{
  return n < 2 ? n : fib (n - 1) + fib (n - 2);
}

#pragma acc routine seq
int is_odd (unsigned);

#pragma acc routine seq
int
is_even (unsigned n)
{
  return n == 0 ? 1 : is_odd (n - 1);
}

int
is_odd (unsigned n)
{
  return n == 0 ? 0 : is_even (n - 1);
}

/* A table the routine reads: a static const array of the function.  */
#pragma acc routine seq
static unsigned
crc4 (unsigned x)
{
  static const unsigned char table[16] = {
    0, 3, 6, 5, 12, 15, 10, 9, 11, 8, 13, 14, 7, 4, 1, 2
  };
  unsigned c = 0;
  for (int k = 0; k < 8; k++)
    c = table[(c ^ (x >> (4 * k))) & 15];
  return c;
}

#pragma acc routine seq
static void
fill (int *p, int n, int v)
{
  for (int k = 0; k < n; k++)
    p[k] = v + k;
}

/* A private array in the routine's frame, and a call of one that writes
   into it.  */
#pragma acc routine seq
static long
sum_private (int n)
{
  int a[16];
  fill (a, 16, n);
  long s = 0;
  for (int k = 0; k < 16; k++)
    s += a[k] * (long) (k + 1);
  return s;
}

/* Its parameter's address is taken.  */
#pragma acc routine seq
static void
bump (int *p)
{
  *p += 3;
}

#pragma acc routine seq
static int
addr_param (int x)
{
  bump (&x);
  bump (&x);
  return x;
}

/* Every scalar type in and out.  */
#pragma acc routine seq
static double
mix (signed char c, unsigned char uc, short s, unsigned short us, int i,
     unsigned u, long l, unsigned long ul, float f, double d, _Bool b)
{
  return c + 2.0 * uc + 3.0 * s + 4.0 * us + 5.0 * i + 6.0 * u + 7.0 * l
	 + 8.0 * ul + 9.0f * f + 10.0 * d + (b ? 1000.0 : -1000.0);
}

#pragma acc routine seq
static float
halve (float x)
{
  return x * 0.5f;
}

#pragma acc routine seq
static _Bool
positive (long x)
{
  return x > 0;
}

#pragma acc routine seq
static short
narrow (int x)
{
  return (short) (x * 1000);
}

/* Where it runs: 1 on the device.  */
#pragma acc routine seq
static int
where (void)
{
  return acc_on_device (acc_device_not_host);
}

/* The calling lane's position, as the caller sees it.  */
#pragma acc routine seq
static int
lane (void)
{
  return __builtin_goacc_parlevel_id (2 /* GOMP_DIM_VECTOR */);
}

/* Named by routine (name) after its declaration.  */
static int triple (int);
#pragma acc routine (triple) seq

static int
triple (int x)
{
  return 3 * x;
}

int
main (void)
{
  int r[N], q[N], o[N], w[N], ln[N], vl[N];
  long s[N];
  double m[N];
  unsigned c[N];

  /* In vector lanes: each lane its own arguments.  The vector is 32
     lanes on the ptx device, the ISA's most SIMD lanes (8 ... 32) on the
     cpu device.  */
#pragma acc parallel loop gang vector vector_length (32) copyout (r, q, s, m, c, o, w, ln, vl)
  for (int i = 0; i < N; i++)
    {
      r[i] = fib (i % 20);
      q[i] = is_even (i) + 2 * is_odd (i + 1);
      s[i] = sum_private (i);
      m[i] = mix (-i, i, -3 * i, 3 * i, -5 * i, 5 * i, -7L * i, 7UL * i,
		  halve (i), i * 0.25, positive (i - 50));
      c[i] = crc4 (i * 2654435761u);
      o[i] = addr_param (i) + narrow (i) + triple (i);
      w[i] = where ();
      ln[i] = lane ();
      vl[i] = __builtin_goacc_parlevel_size (2 /* GOMP_DIM_VECTOR */);
    }
  for (int i = 0; i < N; i++)
    {
      CHECK ("fib in vector lanes", i, r[i], fib (i % 20));
      CHECK ("is_even/is_odd", i, q[i], is_even (i) + 2 * is_odd (i + 1));
      CHECK ("sum_private", i, s[i], sum_private (i));
      if (m[i] != mix (-i, i, -3 * i, 3 * i, -5 * i, 5 * i, -7L * i,
		       7UL * i, halve (i), i * 0.25, positive (i - 50)))
	{
	  failures++;
	  fprintf (stderr, "mix [%d]: got %g\n", i, m[i]);
	}
      CHECK ("crc4", i, c[i], crc4 (i * 2654435761u));
      CHECK ("addr_param+narrow+triple", i, o[i],
	     addr_param (i) + narrow (i) + triple (i));
      CHECK ("acc_on_device in a routine", i, w[i], 1);
      CHECK ("vector length", i, vl[i] == 8 || vl[i] == 16 || vl[i] == 32, 1);
      CHECK ("vector length", i, vl[i], vl[0]);
      CHECK ("parlevel_id in a routine", i, ln[i], i % vl[0]);
    }

  /* In gang-redundant code of a serial region, and in worker-single and
     vector-single code around loops.  */
  int g[4] = { 0 }, ws[8] = { 0 };
  int a[64];
#pragma acc serial copy (g)
  {
    g[0] = fib (15);
    g[1] = crc4 (12345);
    g[2] = addr_param (7);
    g[3] = where ();
  }
  CHECK ("fib in serial", 0, g[0], fib (15));
  CHECK ("crc4 in serial", 1, g[1], crc4 (12345));
  CHECK ("addr_param in serial", 2, g[2], addr_param (7));
  CHECK ("acc_on_device in serial", 3, g[3], 1);

#pragma acc parallel num_gangs (8) num_workers (4) vector_length (8) copy (ws) copyout (a)
  {
#pragma acc loop gang
    for (int k = 0; k < 8; k++)
      {
	/* Worker-single: once per gang.  */
	int base = fib (k + 3);
#pragma acc loop worker
	for (int j = 0; j < 8; j++)
	  {
	    /* Vector-single: once per worker.  */
	    int t = triple (base + j);
	    if (k * 8 + j < 64)
	      a[k * 8 + j] = t;
#pragma acc loop vector reduction (+:t)
	    for (int v = 0; v < 8; v++)
	      t += is_even (v);
	    if (j == 0)
	      ws[k] = t;
	  }
      }
  }
  for (int k = 0; k < 8; k++)
    {
      CHECK ("worker-single call", k, ws[k], triple (fib (k + 3)) + 4);
      for (int j = 0; j < 8; j++)
	CHECK ("vector-single call", k * 8 + j, a[k * 8 + j],
	       triple (fib (k + 3) + j));
    }

  /* A void routine writing through its pointer, from gang loops.  */
  int f[8][16];
#pragma acc parallel loop gang copyout (f)
  for (int k = 0; k < 8; k++)
    fill (f[k], 16, k * 100);
  for (int k = 0; k < 8; k++)
    for (int j = 0; j < 16; j++)
      CHECK ("fill", k * 16 + j, f[k][j], k * 100 + j);

  if (failures)
    abort ();
  return 0;
}

/* { dg-output "^(gangway: launch \[^\n\]* device=cpu \[^\n\]*(\n|\r\n|\r)){3}gangway: launch \[^\n\]* device=cpu " } */
