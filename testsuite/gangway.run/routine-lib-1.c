/* Routines from a static library: this unit's regions call seq
   routines that an object of a static library defines (routine-lib-1-
   aux.c, which the linker takes for the host versions the program
   calls), which call back into routines of this unit, recursively
   across the two; the library's region calls this unit's routines too.
   The images of the two units link when they are loaded.  Results are compared with the host's; the
   launch log shows the regions on the device.  */
/* { dg-do run } */
/* { dg-additional-archive "routine-lib-1-aux.c" } */

#include <stdio.h>
#include <stdlib.h>

#define N 256

/* Defined in the other unit.  */
#pragma acc routine seq
extern double poly (double x, int degree);
#pragma acc routine seq
extern long ping (long n);
extern void other_unit_region (long *out, int n);

/* Called by the other unit's routines and region.  */
#pragma acc routine seq
long
pong (long n)
{
  return n <= 0 ? 0 : 3 + ping (n - 1);
}

#pragma acc routine seq
int
square (int x)
{
  return x * x;
}

int
main (void)
{
  double p[N];
  long q[N], o[N];
  int failures = 0;

#pragma acc parallel loop copyout (p, q)
  for (int i = 0; i < N; i++)
    {
      p[i] = poly (i / 16.0, i % 9);
      q[i] = ping (i % 50);
    }
  other_unit_region (o, N);

  for (int i = 0; i < N; i++)
    {
      if (p[i] != poly (i / 16.0, i % 9) || q[i] != ping (i % 50)
	  || o[i] != square (i) + pong (i % 30))
	{
	  failures++;
	  fprintf (stderr, "%d: %g %ld %ld\n", i, p[i], q[i], o[i]);
	}
    }
  if (failures)
    abort ();
  return 0;
}

/* { dg-output "^gangway: launch main._omp_fn.0 device=cpu \[^\n\]*(\n|\r\n|\r)gangway: launch other_unit_region._omp_fn.0 device=cpu " } */
