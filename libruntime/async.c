/* Waiting for async queues: the wait directive and the acc_wait and
   acc_async_test families.
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

/* The cpu device queues the launches that have an async clause
   (pool-queue.c): every queue of the program in one ring, run in order.
   So a queue is done when the last launch queued on it is; a wait for a
   queue, or for all of them, waits for that launch (helping to run the
   queue); and a wait that is itself asynchronous (the wait directive's
   async clause, acc_wait_async) makes its queue done no sooner than what
   it waits for, which runs first anyway.

   The plugin turns the wait directive's GOACC_wait, and every call of
   the functions below's acc_ namesakes, into calls of these (the
   rewrite of launch.c and docs/internals.md, section 2.5).  Each then
   calls libgomp's own function, which keeps libgomp's checks and
   profiling events, and whose queues (its host device has none) are
   then done too.  libgomp's functions read the calling thread's device
   without setting it up (its data and compute calls do, which Gangway's
   data API no longer reaches), so each thread's first wait or test sets
   it up first (gw_libgomp_thread).  Code compiled without the plugin that
   calls libgomp's
   functions directly does not see the cpu device's queue: its waits
   return before the queue is run, and its tests say every queue is
   done.  */

#include <stdarg.h>

#include "runtime.h"

/* libgomp's functions.  */
extern void GOACC_wait (int, int, ...);
extern int acc_async_test (int);
extern int acc_async_test_all (void);
extern void acc_wait (int);
extern void acc_wait_async (int, int);
extern void acc_wait_all (void);
extern void acc_wait_all_async (int);
extern void *acc_deviceptr (void *);

/* Make sure libgomp knows the calling thread's device: its acc_deviceptr
   sets it up, then answers for a null pointer without mapping
   anything.  */

static void
gw_libgomp_thread (void)
{
  static __thread bool ready;

  if (__builtin_expect (!ready, 0))
    {
      acc_deviceptr (NULL);
      ready = true;
    }
}

/* Return the number of the last launch queued on queue Q, 0 for none
   (acc_async_sync names no queue), of every queue if Q is
   GW_QUEUES_ALL.  */

static uint64_t
gw_queue_last (int q)
{
  if (q == GW_QUEUES_ALL)
    return gw_pool_queued ();
  return q == GW_ASYNC_SYNC ? 0 : gw_pool_queue_last (q);
}

/* Wait for every queue.  */

void
gw_wait_all (void)
{
  gw_pool_wait (gw_pool_queued ());
  gw_ptx_wait_all ();
}

/* Wait for queue Q (acc_async_sync: nothing), on every device.  */

void
gw_wait_queue (int q)
{
  if (q == GW_ASYNC_SYNC)
    return;
  gw_pool_wait (gw_queue_last (q));
  gw_ptx_wait (q);
}

/* Make queue ASYNC wait for queue Q, or for all of them if Q is
   GW_QUEUES_ALL: the host waits if ASYNC is acc_async_sync; else the
   cpu device's queue is done no sooner than Q's last record, and the
   ptx device's stream of ASYNC waits for Q's.  */

static void
gw_wait_on (int async, int q)
{
  if (async == GW_ASYNC_SYNC)
    {
      if (q == GW_QUEUES_ALL)
	gw_wait_all ();
      else
	gw_wait_queue (q);
      return;
    }
  gw_pool_queue_after (async, gw_queue_last (q));
  if (q != GW_ASYNC_SYNC)
    gw_ptx_after (async, q);
}

/* The wait directive: wait, on queue ASYNC, for the NUM_WAITS queues that
   follow, or for all of them if there are none.  GOACC_wait's
   interface.  */

GW_EXPORT void
gangway_wait (int async, int num_waits, ...)
{
  if (num_waits == 0)
    gw_wait_on (async, GW_QUEUES_ALL);
  else
    {
      va_list ap;
      va_start (ap, num_waits);
      for (int i = 0; i < num_waits; i++)
	gw_wait_on (async, va_arg (ap, int));
      va_end (ap);
    }
  /* libgomp's waits for its own queues (it has none for the host), and
     checks ASYNC.  */
  gw_libgomp_thread ();
  GOACC_wait (async, 0);
}

GW_EXPORT void
gangway_acc_wait (int q)
{
  gw_wait_queue (q);
  gw_libgomp_thread ();
  acc_wait (q);
}

GW_EXPORT void
gangway_acc_wait_all (void)
{
  gw_wait_all ();
  gw_libgomp_thread ();
  acc_wait_all ();
}

/* Make queue Q2 wait for queue Q1: only a wait when Q2 is
   acc_async_sync.  */

GW_EXPORT void
gangway_acc_wait_async (int q1, int q2)
{
  gw_wait_on (q2, q1);
  gw_libgomp_thread ();
  acc_wait_async (q1, q2);
}

GW_EXPORT void
gangway_acc_wait_all_async (int q)
{
  gw_wait_on (q, GW_QUEUES_ALL);
  gw_libgomp_thread ();
  acc_wait_all_async (q);
}

GW_EXPORT int
gangway_acc_async_test (int q)
{
  if (!gw_pool_finished (gw_queue_last (q))
      || (q != GW_ASYNC_SYNC && !gw_ptx_test (q)))
    return 0;
  gw_libgomp_thread ();
  return acc_async_test (q);
}

GW_EXPORT int
gangway_acc_async_test_all (void)
{
  if (!gw_pool_finished (gw_pool_queued ()) || !gw_ptx_test_all ())
    return 0;
  gw_libgomp_thread ();
  return acc_async_test_all ();
}

/* acc_get_cuda_stream (Q): the CUDA stream of the ptx device's queue Q,
   or NULL where launches do not go to the ptx device, or Q names no
   queue.  */

GW_EXPORT void *
gangway_acc_get_cuda_stream (int q)
{
  if (!gw_ptx_active () || (q < 0 && q != GW_ASYNC_NOVAL))
    return NULL;
  return gw_ptx_get_stream (q);
}

/* acc_set_cuda_stream (Q, STREAM): queue Q's work goes on STREAM, a
   CUDA stream of the program's, from now on.  Return 1, or 0 where
   launches do not go to the ptx device, Q names no queue or STREAM is
   null.  */

GW_EXPORT int
gangway_acc_set_cuda_stream (int q, void *stream)
{
  if (!gw_ptx_active () || (q < 0 && q != GW_ASYNC_NOVAL) || stream == NULL)
    return 0;
  gw_ptx_set_stream (q, stream);
  return 1;
}

/* The same for Fortran: libgomp's openacc module and openacc_lib.h make
   the calls of acc_wait and the others calls of the external procedures
   acc_wait_h and so on, which take their arguments by reference and
   return a default LOGICAL (4 bytes, 1 for .true.).  */

GW_EXPORT void
gangway_acc_wait_h_ (const int *q)
{
  gangway_acc_wait (*q);
}

GW_EXPORT void
gangway_acc_wait_all_h_ (void)
{
  gangway_acc_wait_all ();
}

GW_EXPORT void
gangway_acc_wait_async_h_ (const int *q1, const int *q2)
{
  gangway_acc_wait_async (*q1, *q2);
}

GW_EXPORT void
gangway_acc_wait_all_async_h_ (const int *q)
{
  gangway_acc_wait_all_async (*q);
}

GW_EXPORT int32_t
gangway_acc_async_test_h_ (const int *q)
{
  return gangway_acc_async_test (*q) != 0;
}

GW_EXPORT int32_t
gangway_acc_async_test_all_h_ (void)
{
  return gangway_acc_async_test_all () != 0;
}
