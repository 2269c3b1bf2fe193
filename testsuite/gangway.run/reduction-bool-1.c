/* Reductions of bool values by every operator C allows on them: && || ^
   and + * max min, whose results are 1 or 0 again (b + x is b || x,
   b * x is b && x).  At gang, worker and vector level and all three on
   one loop, each starting from true and from false, on data where the
   answer turns on a single element.  Each result must equal the host
   loop's.  */
/* { dg-do run } */

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000

static int a[N];
static int failures;

#define CHECK(what, got, want)						\
  do { if ((got) != (want)) { failures++;				\
      printf ("%s, start %d, odd one at %d: %d, want %d\n", what, s,	\
	      at, (int) (got), (int) (want)); } } while (0)

/* One loop body for the host and each device loop: element I is "on"
   if a[i] is nonzero.  */
#define BODY								\
  {									\
    bool on = a[i] != 0;						\
    r_and = r_and && on;						\
    r_or = r_or || on;							\
    r_xor ^= on;							\
    r_add = r_add + on;							\
    r_mul = r_mul * on;							\
    r_max = r_max > on ? r_max : on;					\
    r_min = r_min < on ? r_min : on;					\
  }

#define DECLS(s)							\
  bool r_and = s, r_or = s, r_xor = s, r_add = s, r_mul = s,		\
       r_max = s, r_min = s

#define CHECKS(what)							\
  CHECK (what " &&", r_and, h_and); CHECK (what " ||", r_or, h_or);	\
  CHECK (what " ^", r_xor, h_xor); CHECK (what " +", r_add, h_add);	\
  CHECK (what " *", r_mul, h_mul); CHECK (what " max", r_max, h_max);	\
  CHECK (what " min", r_min, h_min)

#define CLAUSES								\
  reduction(&&:r_and) reduction(||:r_or) reduction(^:r_xor)		\
  reduction(+:r_add) reduction(*:r_mul) reduction(max:r_max)		\
  reduction(min:r_min) copyin(a)

int
main (void)
{
  for (int pattern = 0; pattern < 4; pattern++)
    for (int s = 0; s < 2; s++)
      {
	/* All on but one, all off but one (at a place that moves), all
	   on, all off.  */
	int at = pattern < 2 ? (pattern * 389 + s * 97) % N : -1;
	for (int i = 0; i < N; i++)
	  a[i] = (pattern & 1) ^ (i == at) ? 0 : i % 7 + 1;

	bool h_and, h_or, h_xor, h_add, h_mul, h_max, h_min;
	{
	  DECLS (s);
	  for (int i = 0; i < N; i++)
	    BODY
	  h_and = r_and; h_or = r_or; h_xor = r_xor; h_add = r_add;
	  h_mul = r_mul; h_max = r_max; h_min = r_min;
	}
	{
	  DECLS (s);
#pragma acc parallel loop gang num_gangs(7) CLAUSES
	  for (int i = 0; i < N; i++)
	    BODY
	  CHECKS ("gang");
	}
	{
	  DECLS (s);
#pragma acc parallel loop worker num_gangs(1) num_workers(8) CLAUSES
	  for (int i = 0; i < N; i++)
	    BODY
	  CHECKS ("worker");
	}
	{
	  DECLS (s);
#pragma acc parallel loop vector num_gangs(1) vector_length(32) CLAUSES
	  for (int i = 0; i < N; i++)
	    BODY
	  CHECKS ("vector");
	}
	{
	  DECLS (s);
#pragma acc parallel loop gang worker vector num_gangs(3) num_workers(2) vector_length(16) CLAUSES
	  for (int i = 0; i < N; i++)
	    BODY
	  CHECKS ("gang worker vector");
	}
      }
  if (failures)
    abort ();
  return 0;
}

/* { dg-output "(gangway: launch main._omp_fn.\[0-3\] device=cpu \[^\n\]*(\n|\r\n|\r)){32}" } */
