// Queued regions launched from C++ functions that return at once (issue
// 38, items 2 and 3): a reference parameter and a local struct in a
// copyin clause, in a function template and a member function; the
// caller's loop variable goes on counting and the locals go away before
// the regions run; acc_copyout after them, without a wait, returns
// their results.
// { dg-do run }
// { dg-set-target-env-var GANGWAY_NUM_THREADS "2" }

#include <openacc.h>
#include <cstdio>
#include <cstdlib>

const int N = 16;

#pragma acc routine seq
static int
slow (int x)
{
  for (int k = 0; k < 2000; k++)
    x = (x * 1103515245 + 12345) & 0x7fffffff;
  return x;
}

struct pair
{
  int a, b;
};

template <typename T>
void
put (T *out, const int &i)
{
  pair p = { i, 2 * i };
#pragma acc parallel num_gangs(1) present(out[0:N]) copyin(p) async(1)
  {
    int junk = slow (p.a) & 0;
    out[i] = p.a + p.b + junk;
  }
}

struct filler
{
  int base;
  void run (int *out, int i) const
  {
    int v = base + i;
#pragma acc parallel num_gangs(1) present(out[0:N]) copyin(v) async(1)
    out[i] += v + (slow (v) & 0);
  }
};

int
main ()
{
  int *out = new int[N];
  for (int i = 0; i < N; i++)
    out[i] = 0;
  acc_copyin (out, N * sizeof *out);
  for (int i = 0; i < N; i++)
    put (out, i);
  filler f = { 100 };
  for (int i = 0; i < N; i++)
    f.run (out, i);
  acc_copyout (out, N * sizeof *out);
  for (int i = 0; i < N; i++)
    if (out[i] != 3 * i + 100 + i)
      {
	std::fprintf (stderr, "out[%d] = %d, expected %d\n", i, out[i],
		      3 * i + 100 + i);
	std::abort ();
      }
  delete[] out;
  return 0;
}

// { dg-output "(gangway: launch \[^\n\]*put\[^\n\]* device=cpu \[^\n\]* async=1(\n|\r\n|\r)){16}" }
// { dg-output "(gangway: launch \[^\n\]*filler\[^\n\]* device=cpu \[^\n\]* async=1(\n|\r\n|\r)){16}" }
