/* memcpy, memmove and memset of constant sizes in a region: loads and
   stores of the chunks the alignment allows, memmove loading all before
   it stores (gfortran makes such calls of array assignments).  */
/* { dg-do run } */

#include <stdio.h>
#include <stddef.h>
#include <string.h>

struct s { double a[5]; int b[3]; char c[3]; };

int
main (void)
{
  static struct s x[64], y[64], z[64];
  int bad = 0;
  for (int i = 0; i < 64; i++)
    {
      memset (&x[i], i, sizeof x[i]);
      memset (&z[i], i, sizeof z[i]);
      x[i].c[0] = 1, x[i].c[1] = 2, x[i].c[2] = i;
      memset (&y[i], 0, sizeof y[i]);
    }
#pragma acc parallel loop copy(x, y) copyin(z)
  for (int i = 0; i < 64; i++)
    {
      memcpy (&y[i], &z[(i + 1) % 64], offsetof (struct s, c));
      memset (x[i].b, i & 7, sizeof x[i].b);
      memmove (&x[i].c[1], &x[i].c[0], 2);
    }
  for (int i = 0; i < 64; i++)
    {
      struct s e;
      int j = (i + 1) % 64;
      memset (&e, j, sizeof e);
      if (memcmp (&y[i], &e, offsetof (struct s, c)))
	bad++;
      if (y[i].c[0] || y[i].c[1] || y[i].c[2])
	bad++;
      unsigned char *b = (unsigned char *) x[i].b;
      for (int k = 0; k < 12; k++)
	if (b[k] != (i & 7))
	  bad++;
      if (x[i].c[0] != 1 || x[i].c[1] != 1 || x[i].c[2] != 2)
	bad++;
    }
  if (bad)
    {
      printf ("%d wrong\n", bad);
      return 1;
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu " } */
