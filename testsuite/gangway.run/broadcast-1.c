/* Values computed by the gang before a vector loop, of every register
   type (_Bool, int8, uint8, int16, int64, float, double), are broadcast
   to all the lanes.  */
/* { dg-do run } */

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define ROWS 30
#define COLS 77
#define F(flag, a, ua, b, d, f, l, j) \
  (((flag) ? (a) : (b)) + (d) * (j) + (f) + (double) ((l) >> 40) + (ua))

int
main (void)
{
  static int8_t c8[ROWS];
  static int16_t c16[ROWS];
  static double dd[ROWS], out[ROWS * COLS];
  static float ff[ROWS];
  static int64_t ll[ROWS];
  for (int i = 0; i < ROWS; i++)
    {
      c8[i] = (int8_t) (i * 37);
      c16[i] = (int16_t) (i * 3001);
      dd[i] = i * 0.1;
      ff[i] = -i * 0.5f;
      ll[i] = (int64_t) i << 40;
    }

#pragma acc parallel loop gang copyin(c8, c16, dd, ff, ll) copyout(out)
  for (int i = 0; i < ROWS; i++)
    {
      int8_t a = c8[i];
      int16_t b = c16[i];
      double d = dd[i];
      float f = ff[i];
      int64_t l = ll[i];
      bool flag = (a & 1) != 0;
      uint8_t ua = (uint8_t) a;
#pragma acc loop vector
      for (int j = 0; j < COLS; j++)
	out[i * COLS + j] = F (flag, a, ua, b, d, f, l, j);
    }

  for (int i = 0; i < ROWS; i++)
    {
      int8_t a = c8[i];
      bool flag = (a & 1) != 0;
      for (int j = 0; j < COLS; j++)
	{
	  double want = F (flag, a, (uint8_t) a, c16[i], dd[i], ff[i], ll[i], j);
	  if (out[i * COLS + j] != want)
	    {
	      fprintf (stderr, "out[%d][%d] = %g, expected %g\n", i, j,
		       out[i * COLS + j], want);
	      abort ();
	    }
	}
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
