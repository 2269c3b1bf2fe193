/* A hand-written cpu image for the runtime tests.
   Copyright (C) 2026 The Gangway developers.

   This file is part of Gangway.

   Gangway is free software; you can redistribute it and/or modify it under
   the terms of the GNU General Public License as published by the Free
   Software Foundation; either version 3, or (at your option) any later
   version.

   Gangway is distributed in the hope that it will be useful, but WITHOUT ANY
   WARRANTY; without even the implied warranty of MERCHANTABILITY or FITNESS
   FOR A PARTICULAR PURPOSE.  See the GNU General Public License for more
   details.

   You should have received a copy of the GNU General Public License along
   with Gangway; see the file COPYING.  If not see
   <http://www.gnu.org/licenses/>.  */

/* Stands in for what the plugin produces for the cpu target: a shared
   object exporting gw_image_abi_version and one gw_cpu_kernel_fn per
   region.  run-tests.sh compiles it several times:

     -DLEVEL=N        the value gw_which reports (which image ran);
     -DABI_VERSION=N  the version word (default 1; a wrong one must make
		      the runtime refuse the image);
     -DNO_VERSION     no version word at all.

   The argument block of the gw_k0 region (the launch's hostaddrs) is:

     [0] int *a           the output array;
     [1] int *n           its length;
     [2] unsigned *count  per gang: how many times it ran;
     [3] unsigned *gangs  the num_gangs the kernel saw;

   and the unit's global table holds the address of an int added to every
   element.  */

#define _GNU_SOURCE
#include <stdint.h>
#include <time.h>
#include <unistd.h>

#ifndef LEVEL
#define LEVEL 2
#endif
#ifndef ABI_VERSION
#define ABI_VERSION 1
#endif

#ifndef NO_VERSION
unsigned gw_image_abi_version = ABI_VERSION;
#endif

/* Gangs LO .. HI-1 of NUM_GANGS: each gang fills its slice of a with
   2 i + *GLOBALS[0] and counts itself.  DATA is the argument block
   described above.  */

void
gw_k0 (void *data, void *const *globals, uint32_t num_gangs, uint32_t lo,
       uint32_t hi)
{
  void **args = data;
  int *a = args[0];
  long n = *(int *) args[1];
  unsigned *count = args[2];
  int base = *(int *) globals[0];

  for (uint32_t g = lo; g < hi; g++)
    {
      __atomic_fetch_add (&count[g], 1, __ATOMIC_RELAXED);
      for (long i = n * g / num_gangs; i < n * (g + 1) / num_gangs; i++)
	a[i] = 2 * i + base;
    }
  __atomic_store_n ((unsigned *) args[3], num_gangs, __ATOMIC_RELAXED);
}

/* A kernel that does nothing, for measuring launch overhead.  */

void
gw_k_empty (void *data, void *const *globals, uint32_t num_gangs,
	    uint32_t lo, uint32_t hi)
{
  (void) data, (void) globals, (void) num_gangs, (void) lo, (void) hi;
}

/* Busy-wait USEC microseconds.  */

static void
spin (long usec)
{
  struct timespec t0, t;
  clock_gettime (CLOCK_MONOTONIC, &t0);
  do
    clock_gettime (CLOCK_MONOTONIC, &t);
  while ((t.tv_sec - t0.tv_sec) * 1000000
	 + (t.tv_nsec - t0.tv_nsec) / 1000 < usec);
}

/* Gangs LO .. HI-1 of a launch that shows which thread ran each gang:
   each one busy-waits *DATA[1] microseconds, then stores the id of its
   thread into the unsigned long array DATA[0].  The id is the thread's
   first call's: gettid is a system call, which took 1 us on a virtual
   machine, and a launch of 0 us would not be a quick one.  */

void
gw_k_spin (void *data, void *const *globals, uint32_t num_gangs,
	   uint32_t lo, uint32_t hi)
{
  static __thread unsigned long self;
  void **args = data;
  unsigned long *tid = args[0];
  long usec = *(int *) args[1];

  if (self == 0)
    self = (unsigned long) gettid ();

  (void) globals, (void) num_gangs;
  for (uint32_t g = lo; g < hi; g++)
    {
      spin (usec);
      tid[g] = self;
    }
}

/* Gangs LO .. HI-1 of a launch that shows the floating-point
   environment of the threads that run them: each one busy-waits
   *DATA[3] microseconds (so that the pool's threads join), stores the
   rounding control of its thread's MXCSR into the int array DATA[0] and
   its thread's id into the unsigned long array DATA[1], and divides by
   zero if its thread is not the one whose id *DATA[2] holds.  */

void
gw_k_fenv (void *data, void *const *globals, uint32_t num_gangs,
	   uint32_t lo, uint32_t hi)
{
  void **args = data;
  int *round = args[0];
  unsigned long *tid = args[1];
  unsigned long launcher = *(unsigned long *) args[2];
  long usec = *(int *) args[3];
  unsigned long self = (unsigned long) gettid ();

  (void) globals, (void) num_gangs;
  for (uint32_t g = lo; g < hi; g++)
    {
      spin (usec);
      round[g] = (__builtin_ia32_stmxcsr () >> 13) & 3;
      tid[g] = self;
      if (self != launcher)
	{
	  volatile double one = 1, zero = 0;
	  volatile double r = one / zero;
	  (void) r;
	}
    }
}

/* Store LEVEL into the int DATA[0] points to, telling which of several
   images of one unit the runtime picked.  */

void
gw_which (void *data, void *const *globals, uint32_t num_gangs, uint32_t lo,
	  uint32_t hi)
{
  (void) globals, (void) num_gangs, (void) lo, (void) hi;
  *(int *) ((void **) data)[0] = LEVEL;
}
