/* Found by gangway-fuzz on the cpu device and ptxsim (knob
   reduction_implicit_loop: seeds 6003, 6004 and 6016 of
   --set reduction_implicit_loop=100 --set reduction=60
   --set reduction_nested=80, at -O0 and -O3; 7314 of the Fortran
   generator on ptxsim; then by hand).  A loop's reduction, in a
   parallel construct that has no reduction clause of its own, updated
   in a loop nested in it that carries no clause: the plugin carries a
   reduction into the loops that update it only inside a parallel
   construct with a reduction clause (plugin/loop-reductions.cc walks the
   body of any other construct with no reductions in force), although
   the manual says "a variable that a parallel construct (or a loop)
   reduces and that a loop inside it updates without a reduction clause
   ... is reduced there all the same".  No warning; the vector lanes of
   the inner loop race on the gang's copy: s = 117 instead of 2997, r[0] =
   30 instead of 295 (a worker loop's reduction of a local, its vector
   loop without the clause).  A Fortran async construct's reduction of a
   dummy argument is missed for another reason
   (reduction-implicit-async.f90).  */
/* { dg-do run } */
/* { dg-prune-output "(\n|^)\[^\n\]*note: the reduction of \[^\n\]*" } */

#include <stdlib.h>

int a[1000];

int
main (void)
{
  for (int i = 0; i < 1000; i++)
    a[i] = i % 7;
  int s = 0;
#pragma acc parallel copy(s) copyin(a) num_gangs(4) vector_length(32)
  {
#pragma acc loop gang reduction(+:s)
    for (int i = 0; i < 10; i++)
#pragma acc loop vector /* { dg-warning "reduction clause for .s." } */
      for (int j = 0; j < 100; j++)
	s += a[i * 100 + j];
  }
  if (s != 2997)
    abort ();

  int r[10];
#pragma acc parallel copyin(a) copyout(r) num_gangs(4) vector_length(32)
  {
#pragma acc loop gang
    for (int i = 0; i < 10; i++)
      {
	int t = 0;
#pragma acc loop worker reduction(+:t)
	for (int j = 0; j < 10; j++)
#pragma acc loop vector /* { dg-warning "reduction clause for .t." } */
	  for (int k = 0; k < 10; k++)
	    t += a[i * 100 + j * 10 + k];
	r[i] = t;
      }
  }
  for (int i = 0; i < 10; i++)
    {
      int t = 0;
      for (int j = 0; j < 100; j++)
	t += a[i * 100 + j];
      if (r[i] != t)
	abort ();
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu \[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=cpu " } */
