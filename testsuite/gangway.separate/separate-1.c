/* GANGWAY_MEM=separate (separate.exp sets it): the cpu device works on
   copies of the data its clauses map, as a GPU does.  What a region
   writes to a copyin'd array stays on the device; copy and copyout bring
   results back; create'd memory that nothing wrote reads as the fill
   byte 0xfe; update self and update device move data both ways; a
   pointer member of a struct is attached to its target's copy.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 1000

struct vec
{
  int n;
  int *p;
};

static int
check (const char *what, int got, int want)
{
  if (got == want)
    return 0;
  printf ("%s: %d, not %d\n", what, got, want);
  return 1;
}

int
main (void)
{
  int *a = malloc (N * sizeof *a), *b = malloc (N * sizeof *b);
  int *c = malloc (N * sizeof *c);
  int fresh;
  int bad = 0;

  memset (&fresh, 0xfe, sizeof fresh);
  for (int i = 0; i < N; i++)
    {
      a[i] = i;
      b[i] = 2 * i;
      c[i] = 7;
    }

  /* copyin: the region's writes to a stay on the device.  */
#pragma acc parallel loop copyin(a[0:N]) copy(b[0:N])
  for (int i = 0; i < N; i++)
    {
      a[i] += 1;
      b[i] += a[i];
    }
  for (int i = 0; i < N; i++)
    {
      bad += check ("copyin a", a[i], i);
      bad += check ("copy b", b[i], 3 * i + 1);
    }

  /* create: the device's copy is the fill pattern, not the host's 7.  */
#pragma acc parallel loop create(c[0:N]) copyout(b[0:N])
  for (int i = 0; i < N; i++)
    b[i] = c[i];
  for (int i = 0; i < N; i++)
    bad += check ("create c", b[i], fresh);

  /* enter data, then update self and update device.  */
#pragma acc enter data copyin(a[0:N])
#pragma acc parallel loop present(a[0:N])
  for (int i = 0; i < N; i++)
    a[i] *= 3;
  bad += check ("before update self", a[5], 5);
#pragma acc update self(a[0:N])
  bad += check ("after update self", a[5], 15);
  for (int i = 0; i < N; i++)
    a[i] = -i;
#pragma acc update device(a[0:N])
#pragma acc parallel loop present(a[0:N]) copyout(b[0:N])
  for (int i = 0; i < N; i++)
    b[i] = a[i] - 1;
  bad += check ("after update device", b[5], -6);
#pragma acc exit data delete(a[0:N])

  /* A struct and its pointer member: the device's copy of v.p points to
     the device's copy of the array, and the host's keeps the host's.  */
  struct vec v = { N, c };
  for (int i = 0; i < N; i++)
    c[i] = i;
#pragma acc data copyin(v)
#pragma acc parallel loop copy(v.p[0:N])
  for (int i = 0; i < N; i++)
    v.p[i] += v.n;
  bad += check ("host pointer kept", v.p == c, 1);
  for (int i = 0; i < N; i++)
    bad += check ("attached member", c[i], i + N);

  /* A reduction into a scalar the construct copies.  */
  long s = 0;
#pragma acc parallel loop reduction(+:s) copyin(c[0:N])
  for (int i = 0; i < N; i++)
    s += c[i];
  bad += check ("reduction", (int) s, N * (N - 1) / 2 + N * N);

  printf ("%s\n", bad ? "FAIL" : "ok");
  return bad != 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu \[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=cpu \[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.2 device=cpu \[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.3 device=cpu \[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.4 device=cpu \[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.5 device=cpu \[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "ok" } */
