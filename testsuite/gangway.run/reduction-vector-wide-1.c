/* Vector reductions over vectors longer than a warp (64 and 128 lanes):
   on the ptx device the warps' values combine through .shared memory in
   warp order after the warps' own butterflies; on the cpu device the
   vector is a SIMD group of at most two registers of 4-byte lanes (32
   with AVX-512; the cpu device says what it uses for 128).  Sums, products, min, max
   and bitwise operators on int, long long, float and double, alone and
   with workers, each against the host's value (the float data are small
   integers, so every order sums exactly).  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 5000

static int a[N];
static float f[N];
static double d[N];
static int failures;

static void
check (const char *what, double got, double want)
{
  if (got != want)
    {
      printf ("%s: %.17g, want %.17g\n", what, got, want);
      failures++;
    }
}

int
main (void)
{
  int hs = 0, hmx = -1000, hmn = 1000, hx = 0;
  long long hl = 0;
  float hf = 0;
  double hd = 0, hdm = -1;
  for (int i = 0; i < N; i++)
    {
      a[i] = (i * 37) % 201 - 100;
      f[i] = (float) ((i * 13) % 17);
      d[i] = (i * 7) % 23 * 0.5;
      hs += a[i];
      hmx = a[i] > hmx ? a[i] : hmx;
      hmn = a[i] < hmn ? a[i] : hmn;
      hx ^= a[i] * 2654435761u;
      hl += (long long) a[i] << 30;
      hf += f[i];
      hd += d[i];
      hdm = d[i] > hdm ? d[i] : hdm;
    }

  int s = 0, mx = -1000, mn = 1000, x = 0;
  long long l = 0;
  float sf = 0;
  double sd = 0, dm = -1;
#pragma acc parallel num_gangs(1) vector_length(128) copyin(a, f, d) /* { dg-warning "gangway: using vector_length \\(\[0-9\]+\\), ignoring 128" } */
  {
#pragma acc loop vector reduction(+:s) reduction(max:mx) reduction(min:mn) reduction(^:x) reduction(+:l) reduction(+:sf) reduction(+:sd) reduction(max:dm)
    for (int i = 0; i < N; i++)
      {
	s += a[i];
	mx = a[i] > mx ? a[i] : mx;
	mn = a[i] < mn ? a[i] : mn;
	x ^= a[i] * 2654435761u;
	l += (long long) a[i] << 30;
	sf += f[i];
	sd += d[i];
	dm = d[i] > dm ? d[i] : dm;
      }
  }
  check ("128 lanes: +", s, hs);
  check ("128 lanes: max", mx, hmx);
  check ("128 lanes: min", mn, hmn);
  check ("128 lanes: ^", x, hx);
  check ("128 lanes: + long long", l, hl);
  check ("128 lanes: + float", sf, hf);
  check ("128 lanes: + double", sd, hd);
  check ("128 lanes: max double", dm, hdm);

  /* 64 lanes with 2 workers, in a gang loop: vector, then worker.  */
  int rows[8];
#pragma acc parallel num_gangs(4) num_workers(2) vector_length(64) copyin(a) copyout(rows)
  {
#pragma acc loop gang
    for (int r = 0; r < 8; r++)
      {
	int t = r;
#pragma acc loop worker vector reduction(+:t)
	for (int i = 0; i < N; i++)
	  t += a[i] * (r + 1);
	rows[r] = t;
      }
  }
  for (int r = 0; r < 8; r++)
    check ("64 lanes x 2 workers", rows[r], r + hs * (r + 1));

  /* A product over a vector of 64 (values 1 and -1).  */
  int p = 1, hp = 1;
  for (int i = 0; i < 300; i++)
    hp *= (a[i] & 1) ? -1 : 1;
#pragma acc parallel loop vector vector_length(64) reduction(*:p) copyin(a)
  for (int i = 0; i < 300; i++)
    p *= (a[i] & 1) ? -1 : 1;
  check ("64 lanes: *", p, hp);

  if (failures)
    abort ();
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=1 workers=1 vector=(32|16|8)(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=cpu gangs=4 workers=2 vector=(32|16|8)(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.2 device=cpu gangs=\[0-9\]+ workers=1 vector=(32|16|8)" } */
