/* Gang reductions on the cpu device combine the gangs' values in gang
   order once the launch's last gang is done, so that a float reduction
   gives the same bits every run: float and double sums over 37 and 300
   gangs, 40 launches each; launches of different gang counts in turn; a
   gang loop with a reduction inside a sequential loop of the region (each
   gang's values accumulate over the iterations); min and max over gangs
   with the receiver's own value taking part.  Each against the host's
   value within a bound the test computes from the data.  */
/* { dg-do run } */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 100003

static float f[N];
static double d[N];
static int failures;

static float
fsum (int gangs)
{
  float s = 0.5f;
#pragma acc parallel loop gang vector num_gangs(gangs) vector_length(16) reduction(+:s) copyin(f)
  for (int k = 0; k < N; k++)
    s += f[k];
  return s;
}

static double
dsum (void)
{
  double s = -1;
#pragma acc parallel loop num_gangs(37) reduction(+:s) copyin(d)
  for (int k = 0; k < N; k++)
    s += d[k] * d[k];
  return s;
}

static void
check (const char *what, double got, double want, double bound)
{
  if (!(fabs (got - want) <= bound))
    {
      fprintf (stderr, "%s: got %.17g, expected %.17g (bound %g)\n", what,
	       got, want, bound);
      failures++;
    }
}

int
main (void)
{
  double hf = 0.5, mf = 0.5, hd = -1;
  for (int k = 0; k < N; k++)
    {
      f[k] = (float) (((long) k * 104729) % 1000) / 997.0f - 0.25f;
      d[k] = sin (k * 0.001);
      hf += f[k];
      mf += fabs (f[k]);
      hd += d[k] * d[k];
    }

  float f37 = fsum (37), f300 = fsum (300);
  double d37 = dsum ();
  check ("float sum, 37 gangs", f37, hf, N * 0x1p-24 * mf);
  check ("float sum, 300 gangs", f300, hf, N * 0x1p-24 * mf);
  check ("double sum", d37, hd, N * 0x1p-53 * (hd + 2));
  for (int r = 0; r < 40; r++)
    {
      float a = fsum (37), b = fsum (300);
      double c = dsum ();
      if (memcmp (&a, &f37, sizeof a) || memcmp (&b, &f300, sizeof b)
	  || memcmp (&c, &d37, sizeof c))
	{
	  fprintf (stderr, "run %d: %a %a %a, first %a %a %a\n", r, a, b, c,
		   f37, f300, d37);
	  failures++;
	  break;
	}
    }

  /* A gang loop inside a sequential loop: 5 gang reductions per gang
     into one receiver.  */
  long t = 7;
#pragma acc parallel num_gangs(9) reduction(+:t) copyin(f)
  for (int rep = 0; rep < 5; rep++)
    {
#pragma acc loop gang reduction(+:t)
      for (int k = 0; k < 1000; k++)
	t += (long) (f[k] * 1000) + rep;
    }
  long ht = 7;
  for (int rep = 0; rep < 5; rep++)
    for (int k = 0; k < 1000; k++)
      ht += (long) (f[k] * 1000) + rep;
  check ("sequential loop of gang loops", t, ht, 0);

  /* min and max, the receiver's value taking part.  */
  float lo = -0.1f, hi = 0.5f;
#pragma acc parallel loop num_gangs(13) reduction(min:lo) reduction(max:hi) copyin(f)
  for (int k = 0; k < N; k++)
    {
      lo = f[k] < lo ? f[k] : lo;
      hi = f[k] > hi ? f[k] : hi;
    }
  float hlo = -0.1f, hhi = 0.5f;
  for (int k = 0; k < N; k++)
    {
      hlo = f[k] < hlo ? f[k] : hlo;
      hhi = f[k] > hhi ? f[k] : hhi;
    }
  check ("min", lo, hlo, 0);
  check ("max", hi, hhi, 0);

  if (failures)
    abort ();
  return 0;
}

/* { dg-output "gangway: launch fsum._omp_fn.0 device=cpu gangs=37 workers=1 vector=(16|8)(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch fsum._omp_fn.0 device=cpu gangs=300 workers=1 vector=(16|8)(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch dsum._omp_fn.0 device=cpu gangs=37 \[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "(gangway: launch \[fd\]sum._omp_fn.0 device=cpu \[^\n\]*(\n|\r\n|\r)){120}" } */
/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=9 \[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=cpu gangs=13 " } */
