/* A compute construct's reduction carried into the loops that update the
   variable without a clause (plugin/loop-reductions.cc): one warning per
   loop and variable, with a note at the clause the loop is in, and an
   -fopt-info-omp remark; no warning for a loop that has the clause, for
   one that only reads the variable, for one that makes it private, or
   in a serial construct (one thread: nothing to reduce).  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret -fopt-info-omp-optimized -fplugin-arg-gangway-targets=cpu" } */
/* { dg-prune-output "(\n|^)\[^\n\]*optimized: \[^\n\]*" } */
/* { dg-prune-output "(\n|^)\[^\n\]*note: the reduction of \[^\n\]*" } */

int a[1000];

int
f (int n)
{
  int s = 0, m = 0, t = 0;
#pragma acc parallel loop gang reduction(+:s) reduction(max:m) copyin(a)
  for (int i = 0; i < 10; i++)
    {
#pragma acc loop worker reduction(+:s) /* { dg-warning "nested loop in reduction needs reduction clause for .m.: this loop updates it without one; gangway reduces it here as .reduction\\(max:m\\)." } */
      for (int j = 0; j < 10; j++)
	{
#pragma acc loop vector /* { dg-warning "needs reduction clause for .s.: this loop updates it without one; gangway reduces it here as .reduction\\(\\+:s\\)." } */
	  /* { dg-warning "needs reduction clause for .m." "" { target *-*-* } 24 } */
	  for (int k = 0; k < 10; k++)
	    {
	      s += a[i * 100 + j * 10 + k];
	      m = a[k] > m ? a[k] : m;
	    }
	}
#pragma acc loop vector
      for (int j = 0; j < 10; j++)
	a[j] = s;
#pragma acc loop vector private(t)
      for (int j = 0; j < 10; j++)
	{
	  t = a[j];
	  a[j] = t + 1;
	}
    }
#pragma acc serial reduction(+:t)
  {
#pragma acc loop
    for (int i = 0; i < n; i++)
      t += a[i];
  }
  return s + m + t;
}

/* { dg-final { scan-compiler-output-times "warning: nested loop in reduction" 3 } } */
/* { dg-final { scan-compiler-output-times "note: the reduction of .s. that the loop is in" 1 } } */
/* { dg-final { scan-compiler-output-times "note: the reduction of .m. that the loop is in" 2 } } */
/* { dg-final { scan-compiler-output-times ":24:9: optimized: gangway: implicit reduction\\(\\+:s\\) on the loop" 1 } } */
/* { dg-final { scan-compiler-output-times ":24:9: optimized: gangway: implicit reduction\\(max:m\\) on the loop" 1 } } */
/* { dg-final { scan-compiler-output-times ":21:9: optimized: gangway: implicit reduction\\(max:m\\) on the loop" 1 } } */
/* { dg-final { scan-compiler-output-times "optimized: gangway: implicit reduction" 3 } } */
