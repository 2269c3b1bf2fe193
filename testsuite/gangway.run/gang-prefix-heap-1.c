/* A region whose gang-private array is too big for the stack (its
   frames are allocated on the heap by the exported kernel) and whose
   gangs' common start (the run-time bound, the chunk's division) is
   computed once by the exported kernel too (config/cpu/emit.cc): the
   two together, at a gang count that does not divide the loop, against
   the host's sums.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define M 20000

int
main (int argc, char **argv)
{
  int n = 37 + (argc > 5);
  double *out = malloc (n * sizeof *out);
  (void) argv;

#pragma acc parallel loop gang num_gangs(5) vector_length(16) copyout(out[0:n])
  for (int g = 0; g < n; g++)
    {
      double big[M];
#pragma acc loop vector
      for (int i = 0; i < M; i++)
	big[i] = g + 0.5 * i;
      double s = 0;
      for (int i = 0; i < M; i += 1000)
	s += big[i];
      out[g] = s;
    }

  for (int g = 0; g < n; g++)
    {
      double s = 0;
      for (int i = 0; i < M; i += 1000)
	s += g + 0.5 * i;
      if (out[g] != s)
	{
	  fprintf (stderr, "out[%d] = %g, want %g\n", g, out[g], s);
	  abort ();
	}
    }
  free (out);
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=5 workers=1 vector=(16|8|4)\n" } */
