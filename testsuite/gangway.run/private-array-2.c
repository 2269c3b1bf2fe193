/* Private arrays of 512 KiB per lane: a private clause on a gang vector
   loop, an array declared in a vector loop's body, and one per worker of
   a gang worker loop.  Every lane's copy is its own (on the cpu device,
   16 lanes' copies are 8 MiB, more than a thread's stack).  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 200
#define B (512 * 1024)
#define STRIDE 4096

/* What lane I writes at byte K of its array (below 128: a char), and
   their sum.  */
#define VAL(I, K) ((I) % 16 + (K) / STRIDE / 2)

static long
expected (int i)
{
  long s = 0;
  for (int k = 0; k < B; k += STRIDE)
    s += VAL (i, k);
  return s;
}

int
main (void)
{
  static long out1[N], out2[N], out3[N];
  char buf[B];

#pragma acc parallel loop gang vector private(buf) copyout(out1)
  for (int i = 0; i < N; i++)
    {
      for (int k = 0; k < B; k += STRIDE)
	buf[k] = VAL (i, k);
      long s = 0;
      for (int k = 0; k < B; k += STRIDE)
	s += buf[k];
      out1[i] = s;
    }

#pragma acc parallel loop gang vector copyout(out2)
  for (int i = 0; i < N; i++)
    {
      int local[B / sizeof (int)];
      for (int k = 0; k < B; k += STRIDE)
	local[k / sizeof (int)] = VAL (i, k);
      long s = 0;
      for (int k = 0; k < B; k += STRIDE)
	s += local[k / sizeof (int)];
      out2[i] = s;
    }

#pragma acc parallel loop gang worker num_workers(4) private(buf) copyout(out3)
  for (int i = 0; i < N; i++)
    {
      for (int k = 0; k < B; k += STRIDE)
	buf[k] = VAL (i, k);
      long s = 0;
      for (int k = 0; k < B; k += STRIDE)
	s += buf[k];
      out3[i] = s;
    }

  for (int i = 0; i < N; i++)
    if (out1[i] != expected (i) || out2[i] != expected (i)
	|| out3[i] != expected (i))
      {
	fprintf (stderr, "%d: %ld %ld %ld, expected %ld\n", i, out1[i],
		 out2[i], out3[i], expected (i));
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+(\n|\r\n|\r)+" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+(\n|\r\n|\r)+" } */
/* { dg-output "gangway: launch main._omp_fn.2 device=cpu gangs=\[0-9\]+ workers=4 vector=1" } */
