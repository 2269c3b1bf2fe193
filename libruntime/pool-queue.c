/* The cpu device's thread pool: the queue of asynchronous launches.
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

/* Launches with an async clause go to a queue instead (gw_pool_queue_begin
   and gw_pool_queue_commit): a ring of GW_QUEUE_SLOTS records, each with
   the kernel, its gangs and a copy of the launch's argument block, which
   the launching thread fills and leaves.  Pool thread 1, the runner, runs
   the records in the order they were queued, each as an ordinary job of
   which it is the launcher, going from one to the next with no host
   thread involved; the others help as they do any launcher.  A host
   thread that waits for the queue (gw_pool_wait) takes the records over:
   pool thread 1 stops after its current one, and the waiting thread runs
   the rest as their launcher, pool thread 1 a helper again (one thread
   runs records at a time).  Meanwhile it helps with pool thread 1's
   current job, marked GW_JOB_ASYNC in the state word, from a slot of its
   own past the pool threads' (the runner's share, whose thread is the
   launcher, is where it starts claiming), so that waiting costs no CPU.
   Only jobs so marked: pool thread 1 is a helper again for any other
   launch.  Every queue of the program goes to the one ring, which is valid (OpenACC
   lets queues be serialized) and keeps their order simple: a record is
   finished only after all those queued before it.  The pool counts the
   records queued and finished; a queue's last record number (by the
   queue's remainder, GW_QUEUE_IDS of them) tells whether it is done.
   An async launch may run at once instead, as a synchronous one, when
   the ring is empty and the pool's policy says so (gw_pool_run_now,
   pool.c; the full policy: a key timed quick, which costs more to queue
   than to run).  A pool with no thread has no runner: its launches are
   all synchronous.  */

#include <stdlib.h>
#include <string.h>

#include "pool.h"

/* Write back to the host what record R's region changed in the objects
   it copied: byte by byte, so that what the region did not write stays
   as the host may have made it since the launch (a loop's counter that a
   function declared inside a data construct, which GCC maps by
   reference).  */

static void
gw_copy_back (const struct gw_queued *r)
{
  for (size_t k = 0; k < r->nback; k++)
    {
      const struct gw_copy_back *b = &r->back[k];
      const unsigned char *now = b->copy, *then = b->orig;
      unsigned char *host = b->host;
      for (size_t i = 0; i < b->size; i++)
	if (now[i] != then[i])
	  host[i] = now[i];
    }
}

/* Run the queued records in order until none is left, each as a job of
   its own of which the calling thread is the launcher: pool thread 1
   (JOB_FLAGS GW_JOB_ASYNC), which stops after a record when a host thread
   waits for the queue, or that host thread (0).  Only one thread runs
   records at a time (RUNNING).  Return false if another one did.  */

bool
gw_run_queue (uint64_t job_flags)
{
  struct gw_pool *p = &gw_pool;
  bool ran = false;

  while (gw_queue_pending ())
    {
      if (atomic_load (&p->running) || atomic_exchange (&p->running, true))
	return ran;
      ran = true;
      uint64_t n;
      while ((n = atomic_load_explicit (&p->finished, memory_order_relaxed))
	     != atomic_load_explicit (&p->queued, memory_order_acquire))
	{
	  if (job_flags && atomic_load (&p->wanted))
	    break;
	  struct gw_queued *r = &p->ring[n % GW_QUEUE_SLOTS];
	  if (r->gangs != 0)
	    {
	      /* Under the launching thread's floating-point environment;
		 the flags the record raises go to the next waiter.  */
	      struct gw_fpenv mine = gw_fpenv_get ();
	      gw_fpenv_set (r->fpenv, 0);
	      pthread_mutex_lock (&p->launch_lock);
	      gw_launch (r->kernel, r->buf, r->globals, r->gangs, r->key,
			 job_flags, true);
	      pthread_mutex_unlock (&p->launch_lock);
	      uint32_t flags = gw_fpenv_flags ();
	      gw_fpenv_set (mine, mine.mxcsr & GW_MXCSR_FLAGS);
	      if (flags)
		atomic_fetch_or (&p->queue_fpflags, flags);
	      gw_copy_back (r);
	    }
	  free (r->own);
	  r->own = NULL;
	  /* Said before looking for sleepers, who count themselves before
	     they look at it.  */
	  atomic_store (&p->finished, n + 1);
	  gw_wake (&p->queue_waiters);
	}
      /* A waiting host thread may sleep while RUNNING is set.  */
      atomic_store (&p->running, false);
      if (job_flags && atomic_load (&p->wanted))
	{
	  gw_wake (&p->queue_waiters);
	  return ran;
	}
    }
  return ran;
}

/* Start queuing a launch: return a buffer of at least SIZE bytes for its
   argument block, which the caller fills before it calls
   gw_pool_queue_commit, or NULL if the pool has no runner (or no memory
   for the buffer): the launch must then be synchronous.  Unless it
   returns NULL, the calling thread holds the queue until the commit.
   The first launch starts the pool.  */

void *
gw_pool_queue_begin (size_t size)
{
  struct gw_pool *p = &gw_pool;

  pthread_mutex_lock (&p->queue_lock);
  if (!p->started)
    {
      pthread_mutex_lock (&p->launch_lock);
      if (!p->started)
	gw_pool_start ();
      pthread_mutex_unlock (&p->launch_lock);
    }
  if (p->num_threads == 0 || p->stopped)
    {
      pthread_mutex_unlock (&p->queue_lock);
      return NULL;
    }

  /* A full ring: wait for its oldest record.  */
  uint64_t n = atomic_load_explicit (&p->queued, memory_order_relaxed);
  if (n - atomic_load (&p->finished) >= GW_QUEUE_SLOTS)
    gw_pool_wait (n - GW_QUEUE_SLOTS + 1);

  struct gw_queued *r = &p->ring[n % GW_QUEUE_SLOTS];
  if (r->buf == NULL || r->buf_size < size)
    {
      size_t want = size < 256 ? 256 : size;
      free (r->buf);
      r->buf = malloc (want);
      r->buf_size = r->buf ? want : 0;
      if (r->buf == NULL)
	{
	  pthread_mutex_unlock (&p->queue_lock);
	  return NULL;
	}
    }
  return r->buf;
}

/* Queue, on queue Q, the launch whose argument block gw_pool_queue_begin
   gave the buffer for: gangs 0 .. GANGS-1 of KERNEL, passing it the
   buffer and GLOBALS; KEY is as for gw_pool_run.  The NBACK objects of
   BACK, in the buffer, are copied back when the record is done, and OWN
   (from malloc, or NULL) is freed.  */

void
gw_pool_queue_commit (int q, gw_cpu_kernel_fn *kernel, void *const *globals,
		      uint32_t gangs, uint64_t key,
		      const struct gw_copy_back *back, size_t nback, void *own)
{
  struct gw_pool *p = &gw_pool;
  uint64_t n = atomic_load_explicit (&p->queued, memory_order_relaxed);
  struct gw_queued *r = &p->ring[n % GW_QUEUE_SLOTS];

  r->kernel = kernel;
  r->globals = globals;
  r->gangs = gangs;
  r->key = key;
  r->back = back;
  r->nback = nback;
  r->own = own;
  r->fpenv = gw_fpenv_get ();
  atomic_store_explicit (&p->last[(unsigned) q % GW_QUEUE_IDS], n + 1,
			 memory_order_relaxed);
  /* Counted before looking for sleepers (the runner may be one).  */
  atomic_store (&p->queued, n + 1);
  gw_wake (&p->sleepers);
  pthread_mutex_unlock (&p->queue_lock);
}

/* A copy on the queue: its record's argument block, and its "kernel" of
   one gang.  */
struct gw_queued_copy
{
  void *dst;
  const void *src;
  size_t size;
};

static void
gw_copy_kernel (void *data, void *const *globals, uint32_t num_gangs,
		uint32_t gang_lo, uint32_t gang_hi)
{
  const struct gw_queued_copy *c = data;

  (void) globals;
  (void) num_gangs;
  if (gang_lo == 0 && gang_hi > 0)
    memmove (c->dst, c->src, c->size);
}

/* Queue on queue Q the copy of SIZE bytes from SRC to DST, both in the
   host's address space (the cpu device's memory, its own or the host's):
   it reads SRC at the call if STAGE (a copy of it goes into the record),
   else when its record runs.  Return false if the pool has no runner or
   no memory for the copy (the copy must then be made at once, after the
   queue's work).  */

bool
gw_pool_queue_copy (void *dst, const void *src, size_t size, bool stage,
		    int q)
{
  struct gw_queued_copy *c = gw_pool_queue_begin (sizeof *c
						  + (stage ? size : 0));

  if (c == NULL)
    return false;
  if (stage)
    src = memcpy (c + 1, src, size);
  *c = (struct gw_queued_copy) { dst, src, size };
  gw_pool_queue_commit (q, gw_copy_kernel, NULL, 1,
			(uintptr_t) gw_copy_kernel, NULL, 0, NULL);
  return true;
}

/* Queue on queue Q the free of OWN (from malloc): once the records
   queued before it, of every queue, are done.  Return false if the pool
   has no runner (the caller frees it at once: nothing is queued).  */

bool
gw_pool_queue_free (void *own, int q)
{
  if (gw_pool_queue_begin (1) == NULL)
    return false;
  gw_pool_queue_commit (q, NULL, NULL, 0, 0, NULL, 0, own);
  return true;
}

/* Return the number of the last record queued on queue Q (acc_async_noval
   included) or on a queue that shares its remainder, 0 if none.  */

uint64_t
gw_pool_queue_last (int q)
{
  return atomic_load (&gw_pool.last[(unsigned) q % GW_QUEUE_IDS]);
}

/* Make queue Q done no sooner than record N: what a wait that is itself
   asynchronous does, the ring being in order.  */

void
gw_pool_queue_after (int q, uint64_t n)
{
  atomic_uint_fast64_t *last = &gw_pool.last[(unsigned) q % GW_QUEUE_IDS];
  uint64_t old = atomic_load (last);

  while (old < n && !atomic_compare_exchange_weak (last, &old, n))
    ;
}

/* Return the number of records queued so far.  */

uint64_t
gw_pool_queued (void)
{
  return atomic_load (&gw_pool.queued);
}

/* Return true if records 1 .. N of the queue are finished.  */

bool
gw_pool_finished (uint64_t n)
{
  return atomic_load (&gw_pool.finished) >= n;
}

/* Raise in the calling thread the exception flags of the records that
   ran since a thread last waited, as if it had run them.  */

static void
gw_take_queue_fpflags (void)
{
  atomic_uint *f = &gw_pool.queue_fpflags;

  if (atomic_load_explicit (f, memory_order_relaxed))
    gw_fpenv_raise (atomic_exchange (f, 0));
}

/* Wait until records 1 .. N of the queue are finished, helping with the
   runner's jobs meanwhile if no other thread does.  */

void
gw_pool_wait (uint64_t n)
{
  struct gw_pool *p = &gw_pool;

  if (gw_pool_finished (n))
    {
      gw_take_queue_fpflags ();
      return;
    }
  /* Pool thread 1 stops after its current record, and this thread runs
     the rest as their launcher, the pool helping as in any launch.  */
  atomic_fetch_add (&p->wanted, 1);
  bool was = gw_in_launch;
  gw_in_launch = true;
  bool help = !atomic_exchange (&p->waiter_helps, true);
  const unsigned slot = p->num_threads + 1;
  uint32_t helped = 0;
  uint64_t deadline = gw_now_ns () + p->spin_ns;

  for (unsigned i = 1; !gw_pool_finished (n); i++)
    {
      if (gw_run_queue (0))
	continue;
      uint64_t s = atomic_load (&p->state);
      if (help && (s & (GW_JOB_ASYNC | GW_JOB_CLOSED)) == GW_JOB_ASYNC
	  && GW_JOB_SEQ (s) != helped)
	{
	  /* Start with the runner's share: its thread is the
	     launcher.  */
	  helped = GW_JOB_SEQ (s);
	  gw_work_on_job (slot, 1, s);
	  deadline = gw_now_ns () + p->spin_ns;
	  continue;
	}
      gw_relax ();
      if (p->spin_ns && (i % 64 != 0 || gw_now_ns () < deadline))
	continue;

      /* Sleep until the state word or the count of finished records
	 changes: the runner looks for sleepers after it opens a job, and
	 for waiters after it finishes a record.  */
      pthread_mutex_lock (&p->sleep_lock);
      atomic_fetch_add (&p->sleepers, 1);
      atomic_fetch_add (&p->queue_waiters, 1);
      while (!gw_pool_finished (n) && atomic_load (&p->state) == s
	     && atomic_load (&p->running))
	pthread_cond_wait (&p->wake, &p->sleep_lock);
      atomic_fetch_sub (&p->queue_waiters, 1);
      atomic_fetch_sub (&p->sleepers, 1);
      pthread_mutex_unlock (&p->sleep_lock);
      deadline = gw_now_ns () + p->spin_ns;
    }
  if (help)
    atomic_store (&p->waiter_helps, false);
  gw_in_launch = was;
  gw_take_queue_fpflags ();
  /* Records queued meanwhile by other threads are pool thread 1's
     again.  */
  if (atomic_fetch_sub (&p->wanted, 1) == 1 && gw_queue_pending ())
    gw_wake (&p->sleepers);
}
