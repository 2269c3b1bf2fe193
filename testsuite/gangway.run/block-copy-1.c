/* Block copies (copy.mem, fill.mem; plugin/expand-memory.cc): aggregate
   assignments and memcpy/memset of constant sizes from 128 bytes up, in
   the shapes their addresses take in a vector loop: element to element
   (each lane its own), 4-byte aligned with bytes after the last unit,
   into and out of the lane's frame (a private struct), a zero fill of
   one, memcpy and memset of unknown alignment (byte units); and a copy
   in gang-redundant code (every lane the same bytes: once).  Checked
   against the host, byte for byte.  */
/* { dg-do run } */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct big { double v[40]; };			/* 320 bytes, aligned 8.  */
struct odd { float f[37]; char c[3]; };		/* 151 bytes, aligned 4.  */
#define N 100

static struct big bsrc[N], bdst[N], bpriv[N], bzr[N];
static struct odd osrc[N], odst[N];
static double mrow[N][24], mset[N][20];
static struct big shared_out;

int
main (void)
{
  for (int k = 0; k < N; k++)
    {
      for (int j = 0; j < 40; j++)
	bsrc[k].v[j] = k * 100 + j;
      for (int j = 0; j < 37; j++)
	osrc[k].f[j] = k - j * 0.5f;
      osrc[k].c[0] = k; osrc[k].c[1] = -k; osrc[k].c[2] = 7;
      for (int j = 0; j < 24; j++)
	mrow[k][j] = -1;
    }

#pragma acc parallel loop copyin(bsrc, osrc) copyout(bdst, odst, bpriv, bzr, mrow, mset)
  for (int k = 0; k < N; k++)
    {
      bdst[k] = bsrc[k];			/* Varying to varying.  */
      odst[k] = osrc[k];			/* Alignment 4, a tail.  */
      struct big t = bsrc[N - 1 - k];		/* Into the lane's frame.  */
      t.v[k % 40] += 0.5;
      bpriv[k] = t;				/* Out of it.  */
      struct big z = { 0 };			/* A fill.  */
      z.v[3] = k;
      bzr[k] = z;
      memcpy (mrow[k], &bsrc[0].v[k % 10], 24 * sizeof (double));
      memset (mset[k], k & 1 ? 0xff : 0, sizeof mset[k]);
    }

#pragma acc parallel num_gangs(1) vector_length(32) copyin(bsrc) copyout(shared_out)
  {
    shared_out = bsrc[7];			/* Gang-redundant, uniform.  */
  }

  for (int k = 0; k < N; k++)
    {
      if (memcmp (&bdst[k], &bsrc[k], sizeof (struct big))
	  || memcmp (&odst[k], &osrc[k], sizeof (struct odd)))
	abort ();
      struct big t = bsrc[N - 1 - k];
      t.v[k % 40] += 0.5;
      if (memcmp (&bpriv[k], &t, sizeof t))
	abort ();
      for (int j = 0; j < 40; j++)
	if (bzr[k].v[j] != (j == 3 ? k : 0))
	  abort ();
      if (memcmp (mrow[k], &bsrc[0].v[k % 10], 24 * sizeof (double)))
	abort ();
      for (int j = 0; j < 20; j++)
	{
	  unsigned char want = k & 1 ? 0xff : 0, *b = (unsigned char *) &mset[k][j];
	  for (int q = 0; q < 8; q++)
	    if (b[q] != want)
	      abort ();
	}
    }
  if (memcmp (&shared_out, &bsrc[7], sizeof shared_out))
    abort ();
  printf ("ok\n");
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu \[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=cpu \[^\n\]*(\n|\r\n|\r)ok" } */
