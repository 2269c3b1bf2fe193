// C++ routines on the device: a function template in a namespace
// (instantiated for int, long and double), member functions (one const,
// one static, one of a class template), an overloaded pair, lambdas
// without and with captures (by value and by reference), which GCC does
// not let the user mark, and a functor's operator (); each called from
// vector lanes, with
// each lane's arguments.  Results against the host; the launch log shows
// every region on the device.
// { dg-do run }

#include <cstdio>
#include <cstdlib>

namespace geom {
#pragma acc routine seq
template <typename T> T sq (T x) { return x * x; }

struct scaler
{
  int k;
  int scale (int x) const;
  static int twice (int x);
};

#pragma acc routine seq
int scaler::scale (int x) const { return k * x; }

#pragma acc routine seq
int scaler::twice (int x) { return 2 * x; }

template <typename T> struct acc
{
  T total;
  void add (T x);
};

#pragma acc routine seq
template <typename T> void acc<T>::add (T x) { total += x; }
}

#pragma acc routine seq
static int pick (int x) { return x + 1; }
#pragma acc routine seq
static double pick (double x) { return x * 0.5; }

struct functor
{
  int base;
  int operator() (int x) const;
};

#pragma acc routine seq
int functor::operator() (int x) const { return base - x; }

#define N 64

int
main ()
{
  int a[N], e[N];
  long b[N];
  double c[N], d[N];
  geom::scaler s = { 3 };
  int offset = 7;
  auto plus1 = [] (int x) { return x + 1; };

#pragma acc parallel loop copyout (a, b, c, d, e) copyin (s)
  for (int i = 0; i < N; i++)
    {
      int lane_local = i % 5;
      auto add_local = [&] (int x) { return x + lane_local; };
      auto add_offset = [=] (int x) { return x + offset; };
      a[i] = geom::sq (i) + s.scale (i) + geom::scaler::twice (i)
	     + plus1 (i) + add_local (i) + add_offset (i);
      b[i] = geom::sq ((long) i * 100000);
      c[i] = geom::sq (i * 0.5) + pick (i * 1.0);
      geom::acc<double> t = { 0.0 };
      for (int k = 0; k <= i % 7; k++)
	t.add (k * 0.25);
      d[i] = t.total;
      functor f = { 100 };
      e[i] = pick (i) + f (i);
    }

  int failures = 0;
  for (int i = 0; i < N; i++)
    {
      double t = 0;
      for (int k = 0; k <= i % 7; k++)
	t += k * 0.25;
      if (a[i] != i * i + 3 * i + 2 * i + i + 1 + i + i % 5 + i + 7
	  || b[i] != (long) i * 100000 * ((long) i * 100000)
	  || c[i] != i * 0.5 * (i * 0.5) + i * 0.5 || d[i] != t
	  || e[i] != i + 1 + 100 - i)
	{
	  failures++;
	  std::fprintf (stderr, "%d: %d %ld %g %g %d\n", i, a[i], b[i], c[i],
			d[i], e[i]);
	}
    }
  if (failures)
    std::abort ();
  return 0;
}

// { dg-output "gangway: launch main._omp_fn.0 device=cpu " }
