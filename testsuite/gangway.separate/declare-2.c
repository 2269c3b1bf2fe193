/* The data bug separate memory finds with declare: a declared global
   written on the host and read by a region without an update device.
   The device's copy starts from the variable's initial value, as in a
   GPU's image, so the region reads zeros where the shared memory of the
   cpu device would have shown the host's writes; with the update, the
   region reads them.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 100

int table[N];
#pragma acc declare create(table)

#pragma acc routine seq
static int
lookup (int i)
{
  return table[i];
}

static int
sum (void)
{
  int s = 0;
#pragma acc parallel loop reduction(+:s)
  for (int i = 0; i < N; i++)
    s += lookup (i);
  return s;
}

int
main (void)
{
  for (int i = 0; i < N; i++)
    table[i] = i;
  int stale = sum ();
#pragma acc update device(table)
  int fresh = sum ();
  printf ("without update: %d, with: %d\n", stale, fresh);
  if (stale != 0 || fresh != N * (N - 1) / 2)
    abort ();
  return 0;
}

/* { dg-output "without update: 0, with: 4950" } */
