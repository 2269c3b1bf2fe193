/* Found by gangway-fuzz on ptxsim (seed 200015, -O3): a worker
   routine's array declared at its top level and named in a
   `private' clause of its worker vector loop.  The routine's own
   variables are one per call (plugin/routine-locals.cc), but the copy
   that GCC makes for the private clause is each iteration's own: it
   carried the variable's mark (GCC copies the attribute list), and all
   the lanes shared one copy.  Also a top-level variable whose address
   is taken, reduced by a worker loop.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 72

#pragma acc routine seq
static void
add (int *p, int k)
{
  *p += k;
}

#pragma acc routine worker
static int
rw (const int *in, int *out)
{
  int pa[6];
  int s = 0;
  add (&s, 1);
#pragma acc loop worker vector private(pa)
  for (int i = 0; i < N; i++)
    {
      for (int q = 0; q < 6; q++)
	pa[q] = in[i] * (q + 1) + i;
      int t = 0;
      for (int q = 0; q < 6; q++)
	t += pa[(q * 5 + i) % 6];
      out[i] = t;
    }
#pragma acc loop worker reduction(+:s)
  for (int i = 0; i < N; i++)
    s += out[i] % 7;
  return s;
}

int
main (void)
{
  int in[N], out[4][N], r[4];
  for (int i = 0; i < N; i++)
    in[i] = (i * 13) % 29;
#pragma acc parallel loop gang num_gangs(4) num_workers(2) copyin(in) \
  copyout(out, r)
  for (int g = 0; g < 4; g++)
    r[g] = rw (in, out[g]);
  int want_s = 1;
  for (int i = 0; i < N; i++)
    {
      int t = 0;
      for (int q = 0; q < 6; q++)
	t += in[i] * (((q * 5 + i) % 6) + 1) + i;
      want_s += t % 7;
      for (int g = 0; g < 4; g++)
	if (out[g][i] != t)
	  {
	    fprintf (stderr, "out[%d][%d] = %d, expected %d\n", g, i,
		     out[g][i], t);
	    abort ();
	  }
    }
  for (int g = 0; g < 4; g++)
    if (r[g] != want_s)
      {
	fprintf (stderr, "r[%d] = %d, expected %d\n", g, r[g], want_s);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=4 workers=2 vector=\[0-9\]+" } */
