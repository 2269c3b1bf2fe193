/* An MPI program with an OpenACC region, for the test of the cpu device
   under mpirun --bind-to core (run-tests.sh, when configure found MPI).
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   COPYING.

   Each rank runs a region on the cpu device and checks its results;
   run-tests.sh checks, through GANGWAY_LOG=pool, that each rank's pool
   has the CPUs mpirun bound the rank to.  It prints "rank R ok" on
   success.  */

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define N 100000

int
main (int argc, char **argv)
{
  static int a[N];
  int rank, bad = 0;

  MPI_Init (&argc, &argv);
  MPI_Comm_rank (MPI_COMM_WORLD, &rank);
#pragma acc parallel loop copy(a)
  for (int i = 0; i < N; i++)
    a[i] = 3 * i + rank;
  for (int i = 0; i < N; i++)
    bad += a[i] != 3 * i + rank;
  if (bad == 0)
    printf ("rank %d ok\n", rank);
  MPI_Finalize ();
  return bad != 0;
}
