/* A worker-private array whose size is not a multiple of its alignment
   (12 bytes aligned to 8 here; GCC's vectorizer makes such arrays too):
   the ptx target kept one copy per worker 12 bytes apart, and an 8-byte
   store into the copy of every odd worker was misaligned (ptxsim stops on
   it; a GPU faults).  The copies are now a multiple of the alignment
   apart.  Found by gangway-fuzz (seed 200031, ptxsim, -O3).  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 40

int out[N][12];

int
main (void)
{
  unsigned char buf[12] __attribute__ ((aligned (8)));
#pragma acc parallel num_gangs (2) num_workers (4) vector_length (1) \
  copyout (out)
  {
#pragma acc loop gang worker private (buf)
    for (int i = 0; i < N; i++)
      {
	unsigned long long x = 0x0102030405060708ull * (i + 1);
	unsigned y = 0x0a0b0c0du + i;
	memcpy (buf, &x, 8);
	memcpy (buf + 8, &y, 4);
	for (int k = 0; k < 12; k++)
	  out[i][k] = buf[(k * 5 + i) % 12];
      }
  }
  for (int i = 0; i < N; i++)
    {
      unsigned long long x = 0x0102030405060708ull * (i + 1);
      unsigned y = 0x0a0b0c0du + i;
      unsigned char want[12];
      memcpy (want, &x, 8);
      memcpy (want + 8, &y, 4);
      for (int k = 0; k < 12; k++)
	if (out[i][k] != want[(k * 5 + i) % 12])
	  {
	    fprintf (stderr, "[%d][%d]: %d, want %d\n", i, k, out[i][k],
		     want[(k * 5 + i) % 12]);
	    abort ();
	  }
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=2 workers=4 vector=1" } */
