/* The other unit of routine-xtu-2.c: an exported worker routine, with
   vector-single code (a seq call whose result it keeps) and a vector
   loop in its worker loop, and an exported gang routine.  */

#pragma acc routine seq
__attribute__ ((noinline)) static int
weight (int x)
{
  return 3 * x + 1;
}

#pragma acc routine worker
void
rows (long *out, int nrows, int ncols)
{
#pragma acc loop worker
  for (int r = 0; r < nrows; r++)
    {
      int w = weight (r);
#pragma acc loop vector
      for (int c = 0; c < ncols; c++)
	out[r * ncols + c] = (long) w * c + r;
    }
}

#pragma acc routine gang
void
planes (long *out, int nplanes, int nrows, int ncols)
{
#pragma acc loop gang worker
  for (int p = 0; p < nplanes * nrows; p++)
    {
      int w = weight (p);
#pragma acc loop vector
      for (int c = 0; c < ncols; c++)
	out[p * ncols + c] = (long) w * c + p;
    }
}
