/* Pointer chasing in a vector loop: each lane walks its own linked list
   (lists of different lengths), loading p->v and p->next per lane.  */
/* { dg-do run } */

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000

struct node
{
  int v;
  struct node *next;
};

static struct node pool[N];
static struct node *heads[N];

int
main (void)
{
  static int s[N];
  for (int i = 0; i < N; i++)
    {
      pool[i].v = i * 3 - 100;
      pool[i].next = i % 10 ? &pool[i - 1] : NULL;	/* Lengths 1..10.  */
      heads[i] = &pool[i];
    }

#pragma acc parallel loop copyin(pool, heads) copyout(s)
  for (int i = 0; i < N; i++)
    {
      int t = 0;
      for (const struct node *p = heads[i]; p; p = p->next)
	t += p->v;
      s[i] = t;
    }

  for (int i = 0; i < N; i++)
    {
      int t = 0;
      for (const struct node *p = heads[i]; p; p = p->next)
	t += p->v;
      if (s[i] != t)
	{
	  fprintf (stderr, "s[%d] = %d, expected %d\n", i, s[i], t);
	  abort ();
	}
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
