/* What the runtime's test programs (gwtest.c, ptxtest.c, pooltest.c)
   share.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   COPYING.

   Each program plays a compiled OpenACC program: it registers unit
   descriptors built by hand and calls gangway_parallel_keyed as the
   plugin's rewritten launches do.  A failed check prints "FAIL: ..." and
   makes the exit status 1.  */

#ifndef GANGWAY_TESTS_GWTEST_H
#define GANGWAY_TESTS_GWTEST_H

#include <stdio.h>

/* Launch words, as GCC encodes them.  */
#define W_DIM(MASK)	((1u << 28) | (MASK))
#define W_ASYNC(OP)	((2u << 28) | (OP))
#define W_WAIT(N)	((3u << 28) | (N))
#define W_WIDE		0xffffu

/* Un-inverted flags: bit 0 asks for the host version.  */
#define FLAGS_DEVICE	(~0)
#define FLAGS_IF_FALSE	(~1)

static int failures;

#define CHECK(COND, ...)						\
  do									\
    if (!(COND))							\
      {									\
	fprintf (stderr, "FAIL: " __VA_ARGS__);				\
	fputc ('\n', stderr);						\
	__atomic_fetch_add (&failures, 1, __ATOMIC_RELAXED);		\
      }									\
  while (0)

/* The global every unit's table points at.  */
static int global_base __attribute__ ((unused)) = 7;

/* The host version of image.c's gw_k0: [0] int *a, [1] int *n,
   [2] unsigned *count, [3] unsigned *gangs, [4] unsigned *host_runs.
   Like GCC's outlined functions it gets the hostaddrs array and runs the
   whole region.  */

static void __attribute__ ((unused))
host_k0 (void *data)
{
  void **args = data;
  int *a = args[0];
  int n = *(int *) args[1];

  for (int i = 0; i < n; i++)
    a[i] = 2 * i + global_base;
  ++*(unsigned *) args[4];
}

#endif /* GANGWAY_TESTS_GWTEST_H */
