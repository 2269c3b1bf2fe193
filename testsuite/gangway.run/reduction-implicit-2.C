// A compute construct's reduction updated in loops without a clause, from
// C++ (issue 38, item 1): the variable a reference parameter (reduced by
// reference), in a function template instantiated for two types, and a
// class member function's local.  Checked against the host.
// { dg-do run }
// { dg-prune-output "(\n|^)\[^\n\]*note: the reduction of \[^\n\]*" }

#include <cstdio>
#include <cstdlib>

template <typename T>
void
sum_of_squares (const T *a, int n, T &s)
{
#pragma acc parallel copyin(a[0:n]) reduction(+:s)
  {
#pragma acc loop gang vector // { dg-warning "nested loop in reduction needs reduction clause for .s." }
    for (int i = 0; i < n; i++)
      s += a[i] * a[i];
  }
}

struct grid
{
  int rows, cols;
  int *v;
  long total () const
  {
    long t = 0;
    int *p = v;
#pragma acc parallel loop gang reduction(+:t) copyin(p[0:rows * cols])
    for (int r = 0; r < rows; r++)
#pragma acc loop vector // { dg-warning "reduction clause for .t." }
      for (int c = 0; c < cols; c++)
	t += p[r * cols + c];
    return t;
  }
};

int
main ()
{
  const int n = 5000;
  int *iv = new int[n];
  double *dv = new double[n];
  for (int i = 0; i < n; i++)
    {
      iv[i] = i % 13 - 6;
      dv[i] = (i % 17) * 0.125;
    }
  int is = 0;
  double ds = 0;
  sum_of_squares (iv, n, is);
  sum_of_squares (dv, n, ds);
  int his = 0;
  double hds = 0;
  for (int i = 0; i < n; i++)
    {
      his += iv[i] * iv[i];
      hds += dv[i] * dv[i];
    }
  grid g = { 50, 100, iv };
  long ht = 0;
  for (int i = 0; i < 5000; i++)
    ht += iv[i];
  long t = g.total ();
  if (is != his || ds != hds || t != ht)
    {
      std::printf ("%d %d  %g %g  %ld %ld\n", is, his, ds, hds, t, ht);
      std::abort ();
    }
  delete[] iv;
  delete[] dv;
  return 0;
}

// { dg-output "gangway: launch \[^\n\]*sum_of_squares\[^\n\]*device=cpu \[^\n\]*(\n|\r\n|\r)" }
// { dg-output "gangway: launch \[^\n\]*sum_of_squares\[^\n\]*device=cpu \[^\n\]*(\n|\r\n|\r)" }
// { dg-output "gangway: launch \[^\n\]*total\[^\n\]*device=cpu " }
