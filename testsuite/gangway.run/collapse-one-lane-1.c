/* Gang loops over collapsed nests with run-time extents, one lane per
   gang: align-rows runs each row's segment of a gang's chunk as a loop
   of its own (the nest it was written as) and carries the row from one
   segment to the next.  Every element exactly once with its own indices,
   for chunks that start and end inside rows (odd gang counts), more
   gangs than iterations, rows of one column, one row, and a launch of no
   iterations; each against the host's indices.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define MAXE 4096

static int hits[MAXE], code[MAXE];

static void
clear (void)
{
  for (int e = 0; e < MAXE; e++)
    hits[e] = code[e] = 0;
}

/* Whether the elements of the NK x NJ x NI nest, and only they, were run
   once, with their own indices: (k, j, i) for a launch of G gangs,
   (k * NJ + j, i) for a launch whose gangs the device chose (G = 0).  */

static void
check (const char *what, int g, int nk, int nj, int ni)
{
  for (int k = 0; k < nk; k++)
    for (int j = 0; j < nj; j++)
      for (int i = 0; i < ni; i++)
	{
	  int e = (k * nj + j) * ni + i;
	  int want = g ? k * 10000 + j * 100 + i : (k * nj + j) * 100 + i;
	  if (hits[e] != 1 || code[e] != want)
	    {
	      fprintf (stderr, "%s gangs=%d %dx%dx%d: element (%d,%d,%d) "
		       "run %d times, code %d\n", what, g, nk, nj, ni, k, j, i,
		       hits[e], code[e]);
	      abort ();
	    }
	}
  for (int e = nk * nj * ni; e < MAXE; e++)
    if (hits[e] || code[e])
      {
	fprintf (stderr, "%s gangs=%d %dx%dx%d: element %d written\n", what,
		 g, nk, nj, ni, e);
	abort ();
      }
}

static void
nest3 (int g, int nk, int nj, int ni)
{
#pragma acc parallel loop gang collapse(3) num_gangs(g) copy(hits, code)
  for (int k = 0; k < nk; k++)
    for (int j = 0; j < nj; j++)
      for (int i = 0; i < ni; i++)
	{
	  int e = (k * nj + j) * ni + i;
	  hits[e]++;
	  code[e] = k * 10000 + j * 100 + i;
	}
}

/* Two collapsed loops, with the gang count the device chooses.  */
static void
nest2 (int nj, int ni)
{
#pragma acc parallel loop gang collapse(2) copy(hits, code)
  for (int j = 0; j < nj; j++)
    for (int i = 0; i < ni; i++)
      {
	int e = j * ni + i;
	hits[e]++;
	code[e] = j * 100 + i;
      }
}

int
main (void)
{
  static const int gangs[] = { 1, 2, 3, 7, 16, 5000 };
  static const int shape[][3] = {
    { 4, 5, 37 }, { 3, 7, 1 }, { 1, 1, 61 }, { 2, 1, 9 }, { 5, 13, 17 },
    { 1, 1, 1 }, { 0, 4, 4 }, { 4, 0, 4 }, { 4, 4, 0 }
  };
  for (unsigned s = 0; s < sizeof shape / sizeof shape[0]; s++)
    {
      int nk = shape[s][0], nj = shape[s][1], ni = shape[s][2];
      for (unsigned g = 0; g < sizeof gangs / sizeof gangs[0]; g++)
	{
	  clear ();
	  nest3 (gangs[g], nk, nj, ni);
	  check ("collapse(3)", gangs[g], nk, nj, ni);
	}
      clear ();
      nest2 (nk * nj, ni);
      check ("collapse(2)", 0, nk, nj, ni);
    }
  return 0;
}

/* { dg-output "gangway: launch nest3._omp_fn.0 device=cpu gangs=1 workers=1 vector=1\n" } */
/* { dg-output "(\[^\n\]*\n)*gangway: launch nest3._omp_fn.0 device=cpu gangs=5000 workers=1 vector=1\n" } */
/* { dg-output "(\[^\n\]*\n)*gangway: launch nest2._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=1\n" } */
