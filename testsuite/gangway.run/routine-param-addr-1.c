/* Found by gangway-fuzz (seed 200116, cpu -O0, reduced): a vector or
   worker routine whose parameter's address is taken (passed to a seq
   routine, read by its vector loop).  The parameter's value went to its
   frame slot in the routine's entry block, which is not neutered: with
   -fplugin-arg-gangway-verify an internal error ("a store in
   vector-single code that is not neutered").  The store is now the
   first code of the routine's body, which its single thread runs.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 40

#pragma acc routine seq
static void
bump (int *p, int k)
{
  *p += k;
}

#pragma acc routine vector
static int
rv (int x, int *out)
{
  bump (&x, 3);
#pragma acc loop vector
  for (int i = 0; i < N; i++)
    out[i] = x * i;
  bump (&x, out[N - 1]);
  return x;
}

#pragma acc routine worker
static int
rw (int x, int *out)
{
  bump (&x, 1);
#pragma acc loop worker
  for (int i = 0; i < N; i++)
    out[i] = x + i;
  return x;
}

int
main (void)
{
  int out[8][N], r[8], out2[8][N], r2[8];
#pragma acc parallel loop gang num_gangs(8) copyout(out, r, out2, r2)
  for (int g = 0; g < 8; g++)
    {
      r[g] = rv (g, out[g]);
      r2[g] = rw (g * 10, out2[g]);
    }
  for (int g = 0; g < 8; g++)
    {
      int x = g + 3;
      for (int i = 0; i < N; i++)
	if (out[g][i] != x * i || out2[g][i] != g * 10 + 1 + i)
	  {
	    fprintf (stderr, "out[%d][%d] = %d %d\n", g, i, out[g][i],
		     out2[g][i]);
	    abort ();
	  }
      if (r[g] != x + x * (N - 1) || r2[g] != g * 10 + 1)
	{
	  fprintf (stderr, "r[%d] = %d %d\n", g, r[g], r2[g]);
	  abort ();
	}
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=8 workers=\[0-9\]+ vector=\[0-9\]+" } */
