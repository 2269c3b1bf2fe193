// A gang loop's reduction of a C++ reference (int &s) that the parallel
// construct maps (copy (s)) but does not reduce.  GCC 12's lowering finds
// no receiver for it (the reference is mapped as a firstprivate
// reference) and each gang stored its partial result over the others':
// with two threads, 3596 instead of 4795, or 310915 instead of 499503,
// as the gangs happened to overlap.  plugin/loop-reductions.cc gives the
// construct the reduction (an -fopt-info-omp remark says so) where every
// use of the reference in it is inside loops that reduce it, the
// outermost of them gang loops; the remark is the deterministic check,
// the answers against the host the end-to-end one.  A worker loop's
// reduction (one gang, nothing to combine) is left alone.
// { dg-do run }
// { dg-additional-options "-fopt-info-omp-optimized" }
// { dg-prune-output "(\n|^)\[^\n\]*optimized: \[^\n\]*" }
// { dg-final { scan-compiler-output-times ":27:9: optimized: gangway: reduction\\(\\+:s\\) on the construct, for the gang loop's reduction of a reference" 1 } }
// { dg-final { scan-compiler-output-times ":36:9: optimized: gangway: reduction\\(\\+:s\\) on the construct" 1 } }
// { dg-final { scan-compiler-output-times ":48:9: optimized: gangway: reduction\\(max:m\\) on the construct" 1 } }
// { dg-final { scan-compiler-output-times "optimized: gangway: reduction\\(" 3 } }
// { dg-set-target-env-var GANGWAY_NUM_THREADS "2" }

#include <cstdio>
#include <cstdlib>

static void
gwv (int n, int &s)
{
#pragma acc parallel num_gangs(8) num_workers(4) vector_length(32) copy(s)
#pragma acc loop reduction(+:s) gang worker vector
  for (int i = 0; i < n; i++)
    s += i;
}

static void
g_wv (const int *a, int rows, int cols, long &s)
{
#pragma acc parallel num_gangs(4) num_workers(2) vector_length(16) copyin(a[0:rows * cols]) copy(s)
#pragma acc loop reduction(+:s) gang
  for (int j = 0; j < rows; j++)
#pragma acc loop reduction(+:s) worker vector
    for (int i = 0; i < cols; i++)
      s += a[j * cols + i];
}

template <typename T>
static void
gang_max (const T *a, int n, T &m)
{
#pragma acc parallel num_gangs(16) copyin(a[0:n]) copy(m)
  {
#pragma acc loop gang reduction(max:m)
    for (int i = 0; i < n; i++)
      m = a[i] > m ? a[i] : m;
  }
}

static void
worker_only (int n, int &t)
{
#pragma acc parallel num_gangs(1) num_workers(4) copy(t)
#pragma acc loop reduction(+:t) worker
  for (int i = 0; i < n; i++)
    t += 2 * i;
}

int
main ()
{
  enum { ROWS = 16, COLS = 100 };
  static int a[ROWS * COLS];
  long want = 0;
  for (int i = 0; i < ROWS * COLS; i++)
    {
      a[i] = (i * 37) % 11;
      want += a[i];
    }

  int s = 3;
  gwv (1000, s);
  if (s != 3 + 999 * 1000 / 2)
    abort ();

  long l = 1;
  g_wv (a, ROWS, COLS, l);
  if (l != 1 + want)
    abort ();

  static double d[5000];
  double dm = -1.0, dwant = -1.0;
  for (int i = 0; i < 5000; i++)
    {
      d[i] = (i * 7919) % 4999 * 0.5;
      dwant = d[i] > dwant ? d[i] : dwant;
    }
  gang_max (d, 5000, dm);
  if (dm != dwant)
    abort ();

  int t = 0;
  worker_only (50, t);
  if (t != 50 * 49)
    abort ();
  printf ("ok\n");
  return 0;
}

// { dg-output "gangway: launch \[^\n\]*gwv\[^\n\]*device=cpu \[^\n\]*(\n|\r\n|\r)" }
// { dg-output "gangway: launch \[^\n\]*g_wv\[^\n\]*device=cpu \[^\n\]*(\n|\r\n|\r)" }
// { dg-output "gangway: launch \[^\n\]*gang_max\[^\n\]*device=cpu \[^\n\]*(\n|\r\n|\r)" }
// { dg-output "gangway: launch \[^\n\]*worker_only\[^\n\]*device=cpu \[^\n\]*(\n|\r\n|\r)ok" }
