/* The plugin's call rewrite, for objects plain GCC compiled.
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

/* run-tests.sh renames the GOACC_ calls of acc-region.o and acc-data.o
   to the shim_ functions below, which call libgangway's entry points as
   the plugin's rewrite does, without a site (gangway-abi.h allows a null
   one).  A launch's words are read as libgangway reads them and passed
   on; a directive's wait list is passed on up to four queues.  */

#include <stdarg.h>
#include <stdlib.h>

#include "gangway-abi.h"

#define WORDS 32

void
shim_parallel_keyed (int flags, void (*fn) (void *), size_t mapnum,
		     void **hostaddrs, size_t *sizes, unsigned short *kinds,
		     ...)
{
  unsigned w[WORDS] = { 0 }, n = 0, word;
  va_list ap;

  va_start (ap, kinds);
  while ((word = va_arg (ap, unsigned)) != 0)
    {
      unsigned code = word >> 28, op = word & 0xffff, more = 0;
      if (code == 1)		/* GOMP_LAUNCH_DIM: a value per axis.  */
	more = __builtin_popcount (op & 7);
      else if (code == 2)	/* GOMP_LAUNCH_ASYNC: a wide queue.  */
	more = op == 0xffff;
      else if (code == 3)	/* GOMP_LAUNCH_WAIT: OP queues.  */
	more = op;
      if (n + 1 + more >= WORDS)
	abort ();
      w[n++] = word;
      for (unsigned i = 0; i < more; i++)
	w[n++] = va_arg (ap, unsigned);
    }
  va_end (ap);
  gangway_parallel_keyed (NULL, flags, fn, mapnum, hostaddrs, sizes, kinds,
			  w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7],
			  w[8], w[9], w[10], w[11], w[12], w[13], w[14],
			  w[15], w[16], w[17], w[18], w[19], w[20], w[21],
			  w[22], w[23], w[24], w[25], w[26], w[27], w[28],
			  w[29], w[30], w[31], 0);
}

void
shim_data_start (int flags, size_t mapnum, void **hostaddrs, size_t *sizes,
		 unsigned short *kinds)
{
  gangway_data_start (NULL, flags, mapnum, hostaddrs, sizes, kinds);
}

void
shim_data_end (void)
{
  gangway_data_end ();
}

/* The wait list of a directive: up to four queues.  */
#define WAITS(AP, N, Q)						\
  do {								\
    if ((N) > 4)						\
      abort ();							\
    for (int i_ = 0; i_ < (N); i_++)				\
      (Q)[i_] = va_arg (AP, int);				\
  } while (0)

#define DIRECTIVE(NAME)							\
  void									\
  shim_##NAME (int flags, size_t mapnum, void **hostaddrs,		\
	       size_t *sizes, unsigned short *kinds, int async,		\
	       int num_waits, ...)					\
  {									\
    int q[4] = { 0 };							\
    va_list ap;								\
    va_start (ap, num_waits);						\
    WAITS (ap, num_waits, q);						\
    va_end (ap);							\
    gangway_##NAME (NULL, flags, mapnum, hostaddrs, sizes, kinds,	\
		    async, num_waits, q[0], q[1], q[2], q[3]);		\
  }

DIRECTIVE (enter_data)
DIRECTIVE (exit_data)
DIRECTIVE (update)
