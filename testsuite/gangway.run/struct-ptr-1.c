/* Struct fields read and written through a pointer to an array of
   structs (p[i].x, p[i].y; mixed field types and padding).
   `vector`: without it, a loop whose accesses are all strided runs one
   lane on the cpu device (plugin/lanes.cc).  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

struct particle
{
  float x, y;
  short id;
  double mass;
  char flag;
};

#define N 999

int
main (void)
{
  int n = N;
  struct particle *p = malloc (n * sizeof *p);
  for (int i = 0; i < n; i++)
    {
      p[i].x = i * 0.25f;
      p[i].y = -i * 0.5f;
      p[i].id = (short) (i * 3);
      p[i].mass = 1.0 + i;
      p[i].flag = 0;
    }

#pragma acc parallel loop gang vector copy(p[0:n])
  for (int i = 0; i < n; i++)
    {
      struct particle *q = &p[i];
      q->x = q->x + q->y * 2.0f;
      q->mass = q->mass * q->id;
      p[i].flag = p[i].id % 2 ? 'o' : 'e';
    }

  for (int i = 0; i < n; i++)
    {
      float x = i * 0.25f + (-i * 0.5f) * 2.0f;
      double mass = (1.0 + i) * (short) (i * 3);
      char flag = (short) (i * 3) % 2 ? 'o' : 'e';
      if (p[i].x != x || p[i].y != -i * 0.5f || p[i].mass != mass
	  || p[i].flag != flag || p[i].id != (short) (i * 3))
	{
	  fprintf (stderr, "p[%d] = {%g, %g, %d, %g, %c}\n", i, p[i].x,
		   p[i].y, p[i].id, p[i].mass, p[i].flag);
	  abort ();
	}
    }
  free (p);
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
