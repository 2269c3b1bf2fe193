/* Stores and loads less aligned than their type: GCC's store merging,
   tuned for the host, makes one 32-bit store of two shorts at a 2-byte
   aligned address; a packed struct has misaligned int, long long and
   double fields.  A GPU faults on a misaligned access: the device RTL
   says "align N" and the ptx target splits them (ptxsim checks).
   `vector`: without it, a loop whose accesses are all strided runs one
   lane on the cpu device (plugin/lanes.cc).  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

struct __attribute__ ((packed)) rec
{
  char tag;
  int i;
  long long l;
  short s;
  double d;
};

#define N 64

int
main (void)
{
  short a[4] = { 10, 10, 10, 10 };
  static struct rec r[N];
  for (int k = 0; k < N; k++)
    {
      r[k].tag = k;
      r[k].i = k * 1000003;
      r[k].l = -k * 10000000019LL;
      r[k].s = k;
      r[k].d = k * 0.25;
    }

#pragma acc parallel copy(a[1:3])
  {
    a[1] = 51;
    a[2] = 52;
    a[3] = 53;
  }

#pragma acc parallel loop gang vector copy(r)
  for (int k = 0; k < N; k++)
    {
      r[k].i += r[k].tag;
      r[k].l = r[k].l * 3 + r[k].i;
      r[k].d = r[k].d * 2 + r[k].s;
    }

  if (a[0] != 10 || a[1] != 51 || a[2] != 52 || a[3] != 53)
    {
      fprintf (stderr, "a: %d %d %d %d\n", a[0], a[1], a[2], a[3]);
      abort ();
    }
  for (int k = 0; k < N; k++)
    {
      int i = k * 1000003 + k;
      long long l = -k * 10000000019LL * 3 + i;
      double d = k * 0.25 * 2 + k;
      if (r[k].i != i || r[k].l != l || r[k].d != d || r[k].tag != k)
	{
	  fprintf (stderr, "r[%d]: %d %lld %g\n", k, r[k].i, r[k].l, r[k].d);
	  abort ();
	}
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=1 workers=1 vector=1(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
