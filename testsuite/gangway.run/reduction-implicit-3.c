/* A loop's reduction inside a parallel construct that has no reduction
   clause of its own, updated in a loop nested in it that carries none
   (found by gangway-fuzz, knob reduction_implicit_loop): the plugin
   carries it into the inner loop as it does a construct's, with the
   warning; it did so only inside constructs with a reduction clause, and
   the inner loop's vector lanes raced on the gang's copy (s = 117
   instead of 2997).  */
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
