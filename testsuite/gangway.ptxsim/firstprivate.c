/* ptxsim: firstprivate arrays (frame slots of the kernel) read in worker
   and vector loops, and arrays private to the gang loop's body, filled
   from them in worker-single code: what one thread writes to its frame
   is broadcast to every worker and lane (frame broadcasts), both a small
   array copied word by word and one large enough to be copied in a
   loop.  */

#include <stdio.h>
#include <stdlib.h>

#define G 5
#define W 6
#define V 40
#define SMALL 6
#define BIG 40

static int out[G][W][V];

int
main (void)
{
  int coef[SMALL] = { 3, -1, 4, 1, -5, 9 };
  int table[BIG];
  static int ref[G][W][V];
  for (int i = 0; i < BIG; i++)
    table[i] = i * i - 7 * i;

#pragma acc parallel num_gangs(3) num_workers(4) vector_length(32) \
  firstprivate(coef, table) copyout(out)
#pragma acc loop gang
  for (int g = 0; g < G; g++)
    {
      /* Worker-single code fills the body's private copies.  */
      int c[SMALL], t[BIG];
      for (int i = 0; i < SMALL; i++)
	c[i] = coef[i] + (i == g % SMALL ? g : 0);
      for (int i = 0; i < BIG; i++)
	t[i] = table[i] - (i == (g * 7) % BIG ? g * 100 : 0);
#pragma acc loop worker
      for (int w = 0; w < W; w++)
#pragma acc loop vector
	for (int v = 0; v < V; v++)
	  out[g][w][v] = c[(w + v) % SMALL] * t[(v * 3 + w) % BIG]
			 + coef[v % SMALL] - table[(w * 5) % BIG];
    }

  for (int g = 0; g < G; g++)
    {
      int c[SMALL], t[BIG];
      for (int i = 0; i < SMALL; i++)
	c[i] = coef[i] + (i == g % SMALL ? g : 0);
      for (int i = 0; i < BIG; i++)
	t[i] = table[i] - (i == (g * 7) % BIG ? g * 100 : 0);
      for (int w = 0; w < W; w++)
	for (int v = 0; v < V; v++)
	  ref[g][w][v] = c[(w + v) % SMALL] * t[(v * 3 + w) % BIG]
			 + coef[v % SMALL] - table[(w * 5) % BIG];
    }
  int bad = 0;
  for (int g = 0; g < G; g++)
    for (int w = 0; w < W; w++)
      for (int v = 0; v < V; v++)
	if (out[g][w][v] != ref[g][w][v] && bad++ < 10)
	  fprintf (stderr, "out[%d][%d][%d] = %d, expected %d\n", g, w, v,
		   out[g][w][v], ref[g][w][v]);
  if (bad)
    {
      fprintf (stderr, "firstprivate: %d mismatches\n", bad);
      return 1;
    }
  return 0;
}
