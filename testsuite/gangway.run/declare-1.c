/* declare: a file-scope array declared create, which update device
   fills and routines read and write; a file-scope scalar declared copyin,
   read with its initial value; a function-scope declare copy of a local
   array, which regions find present and which goes back to the host when
   the function returns.  Right in both memory views; in the separate one
   (gangway.separate) the host sees the regions' writes of the declared
   array only after update self.  */
/* { dg-do run } */

#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

#define N 300

float g[N];
#pragma acc declare create(g)
int scale = 3;
#pragma acc declare copyin(scale)

#pragma acc routine seq
static float
get (int i)
{
  return g[i] * scale;
}

#pragma acc routine seq
static void
put (int i, float v)
{
  g[i] = v;
}

static int failures;

static void
expect (int ok, const char *what)
{
  if (!ok)
    {
      fprintf (stderr, "%s: wrong\n", what);
      failures++;
    }
}

/* A local array declared copy: present to the region, copied back when
   the function returns.  */

static void
work (float *out)
{
  float a[N];
#pragma acc declare copy(a)
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma acc update device(a)
#pragma acc parallel loop present(a)
  for (int i = 0; i < N; i++)
    a[i] += get (i);
#pragma acc update self(a)
  for (int i = 0; i < N; i++)
    out[i] = a[i];
}

int
main (void)
{
  float out[N];

  expect (acc_is_present (g, sizeof g), "acc_is_present (g)");
  for (int i = 0; i < N; i++)
    g[i] = 2 * i;
#pragma acc update device(g)
  work (out);
  int ok = 1;
  for (int i = 0; i < N; i++)
    ok &= out[i] == i + 2 * i * 3;
  expect (ok, "a routine reads the declared globals");

#pragma acc parallel loop
  for (int i = 0; i < N; i++)
    put (i, -i);
#ifdef GANGWAY_MEM_SEPARATE
  expect (g[5] == 10, "the host's g before update self");
#endif
#pragma acc update self(g)
  ok = 1;
  for (int i = 0; i < N; i++)
    ok &= g[i] == -i;
  expect (ok, "update self of a declared global");

  if (failures)
    abort ();
  return 0;
}

/* { dg-output "gangway: launch work._omp_fn.0 device=cpu \[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.0 device=cpu" } */
