/* Whole-struct copies in a vector loop: a struct (with a char array and
   padding) loaded into a per-lane local, modified and stored elsewhere.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 1000

struct rec
{
  int a;
  float b;
  double c;
  char tag[12];
};

static struct rec in[N], out[N];

int
main (void)
{
  memset (out, 0, sizeof out);
  for (int i = 0; i < N; i++)
    {
      memset (&in[i], 0, sizeof in[i]);
      in[i].a = i;
      in[i].b = i * 0.5f;
      in[i].c = -i;
      memset (in[i].tag, 'a' + i % 26, sizeof in[i].tag);
    }

#pragma acc parallel loop copyin(in) copyout(out)
  for (int i = 0; i < N; i++)
    {
      struct rec t = in[i];
      t.a += 1;
      t.tag[i % 12] = 'Z';
      out[N - 1 - i] = t;
    }

  for (int i = 0; i < N; i++)
    {
      struct rec t = in[i];
      t.a += 1;
      t.tag[i % 12] = 'Z';
      const struct rec *o = &out[N - 1 - i];
      if (o->a != t.a || o->b != t.b || o->c != t.c
	  || memcmp (o->tag, t.tag, sizeof t.tag) != 0)
	{
	  fprintf (stderr, "out[%d] = {%d, %g, %g, %.12s}\n", N - 1 - i, o->a,
		   o->b, o->c, o->tag);
	  abort ();
	}
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
