/* The cpu device's thread pool: jobs, and the launches of host threads.
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

/* A launch of G gangs on a pool of T threads (the launching thread and
   T-1 pool threads, started at the first launch) is one "job".  The gangs
   are cut into T contiguous shares, one per thread, as OpenMP's static
   schedule does: thread K runs share K, in chunks of max (1, G / (16 T))
   gangs claimed from the share's own atomic counter, so that launch
   after launch each thread touches the same part of the data and finds
   it in its own cache.  A thread that finishes its share then claims
   chunks of the others' (from the next thread on), so a share whose
   gangs run long, or whose thread joins late or not at all, is still
   finished by whoever is free: the balance of dynamic scheduling where
   the work is uneven, the locality of static scheduling where it is
   not.

   Whole launches are serialized by gw_pool.launch_lock: a launch from a
   second host thread waits until the first one is done.  Launches are
   short and the pool already uses every CPU, so running two at once would
   gain little.

   Pool threads are helpers, never needed for progress: the launching
   thread alone would run every gang.  That keeps the latency of small
   launches low, because the launcher never waits for a sleeping thread to
   wake up; it only waits for the threads that actually joined the job to
   finish their chunks.  The job state word holds the job's sequence
   number (bits 32-63) and whether it is closed (bit 31: no more threads
   may join).  A pool thread joins the job it was woken for by writing
   its sequence number into its own slot, then checking that the job is
   still the one open; the launcher, once no chunk is left to claim,
   closes the job, then waits for each thread whose slot names the job to
   say it is done, in the same slot.  Each of the two writes its own
   word before it reads the other's (sequentially consistent), so either
   the launcher sees the thread joined and waits for it, or the thread
   sees the job closed and runs nothing.  Every thread writes only its
   own line: joining and leaving cost no contended atomic operation on a
   shared word, which with 16 threads took several microseconds a
   launch.  Only then does the launcher return and may the job's fields
   be reused.

   How a launch runs is its policy's choice (pool-policy.h; the one in
   effect, GANGWAY_POOL_POLICY's, in gw_pool.policy), which gw_launch
   asks at the launch's start and tells how it went: all its gangs in one
   call on the launcher (GW_WAY_WHOLE, GW_WAY_PLAIN); its job opened at
   once (GW_WAY_SHARE); or the launcher alone first, running chunks of
   the shares in batches of 1, 2, 4 ... chunks and reading the clock
   after each, a few reads a launch, until the time the policy gave is
   up, when it opens the job (GW_WAY_ALONE_FIRST; a launch that
   finishes before that never involves the pool).  An async launch may
   run at once instead of through the queue, if the policy says so and
   the queue is empty (gw_pool_run_now).  The pool threads themselves
   (pool-threads.c) spin a while when idle, then sleep; async launches go
   to a queue (pool-queue.c) whose runner launches its records as jobs
   like any other.  */

#define _GNU_SOURCE
#include <sched.h>
#include <stdlib.h>

#include "pool.h"

/* Set on pool threads, and on a host thread while it launches: such a
   thread must not wait for the queue at exit.  */
__thread bool gw_in_launch;

struct gw_pool gw_pool = {
  .launch_lock = PTHREAD_MUTEX_INITIALIZER,
  .queue_lock = PTHREAD_MUTEX_INITIALIZER,
  .sleep_lock = PTHREAD_MUTEX_INITIALIZER,
  .wake = PTHREAD_COND_INITIALIZER,
  .done = PTHREAD_COND_INITIALIZER,
  .launcher_cpu = -1,
};

/* The number of threads a cpu launch runs on: the launching thread plus
   the pool threads.  */

unsigned
gw_pool_size (void)
{
  return gw_config ()->num_threads;
}

/* Claim and run the next SIZE gangs (or fewer, at its end) of share SH
   of the current job.  Return the number of gangs it ran, 0 if none was
   left.  */

static inline uint64_t
gw_run_chunk (struct gw_share *sh, uint64_t size)
{
  struct gw_pool *p = &gw_pool;

  /* A share nobody claims from any more need not be written.  */
  if (atomic_load_explicit (&sh->next, memory_order_relaxed) >= sh->end)
    return 0;
  uint64_t lo = atomic_fetch_add_explicit (&sh->next, size,
					   memory_order_relaxed);
  if (lo >= sh->end)
    return 0;
  uint64_t hi = lo + size < sh->end ? lo + size : sh->end;
  p->kernel (p->data, p->globals, p->gangs, (uint32_t) lo, (uint32_t) hi);
  return hi - lo;
}

/* Claim and run chunks of the current job until none are left: share
   FIRST (the calling thread's own, 0 for the launcher's) first, then the
   others'.  Return the number of gangs it ran.  */

static uint64_t
gw_run_chunks (unsigned first)
{
  struct gw_pool *p = &gw_pool;
  const unsigned n = p->num_threads + 1;
  uint64_t ran = 0, r;

  for (unsigned k = 0; k < n; k++)
    {
      struct gw_share *sh = &p->shares[(first + k) % n];
      while ((r = gw_run_chunk (sh, p->chunk)) != 0)
	ran += r;
    }
  return ran;
}

/* Run chunks of the current job, not yet open, on the launcher alone
   while it takes less than LIMIT ticks from START: the shares in order,
   claimed in batches of 1, 2, 4 ... chunks, the time read after each
   batch.  Return true if that finished the job, false if it is time to
   open it.  */

static bool
gw_run_alone (uint64_t start, uint64_t limit)
{
  struct gw_pool *p = &gw_pool;
  const unsigned n = p->num_threads + 1;
  uint64_t batch = p->chunk;

  for (unsigned k = 0; k < n; k++)
    while (gw_run_chunk (&p->shares[k], batch) != 0)
      {
	if (__builtin_ia32_rdtsc () - start > limit)
	  return false;
	batch *= 2;
      }
  return true;
}

/* Wake the threads asleep on WAKE if COUNT (of some of them) says there
   are any.  */

void
gw_wake (atomic_uint *count)
{
  struct gw_pool *p = &gw_pool;

  if (atomic_load (count) > 0)
    {
      pthread_mutex_lock (&p->sleep_lock);
      pthread_cond_broadcast (&p->wake);
      pthread_mutex_unlock (&p->sleep_lock);
    }
}

/* From slot SELF (pool thread SELF's, or the waiter's), run the job of
   state word S if it is still open, claiming from share FIRST first,
   then say it is done.  */

void
gw_work_on_job (unsigned self, unsigned first, uint64_t s)
{
  struct gw_pool *p = &gw_pool;
  struct gw_share *me = &p->shares[self];
  uint32_t seq = GW_JOB_SEQ (s);

  if (s & GW_JOB_CLOSED)
    return;
  atomic_store (&me->joined, seq);
  if (atomic_load (&p->state) == s)
    {
      /* The launcher's rounding, its flags ours to report.  A host
	 thread helping (the waiter) keeps its own environment.  */
      struct gw_fpenv mine = gw_fpenv_get ();
      gw_fpenv_set (p->fpenv, 0);
      gw_run_chunks (first);
      uint32_t flags = gw_fpenv_flags ();
      if (flags)
	atomic_fetch_or (&p->fpflags, flags);
      gw_fpenv_set (mine, mine.mxcsr & GW_MXCSR_FLAGS);
    }
  atomic_store (&me->done, seq);
  if (atomic_load (&p->launcher_sleeping))
    {
      pthread_mutex_lock (&p->sleep_lock);
      pthread_cond_signal (&p->done);
      pthread_mutex_unlock (&p->sleep_lock);
    }
}

/* Return true if every pool thread (or waiter) that joined job SEQ is
   done with it.  */

static bool
gw_helpers_done (uint32_t seq)
{
  struct gw_pool *p = &gw_pool;

  for (unsigned k = 1; k <= p->num_threads + 1; k++)
    {
      struct gw_share *sh = &p->shares[k];
      if (atomic_load (&sh->joined) == seq
	  && atomic_load_explicit (&sh->done, memory_order_acquire) != seq)
	return false;
    }
  return true;
}

/* Wait, as the launcher, until every pool thread that joined the closed
   job SEQ is done with it.  */

static void
gw_wait_for_helpers (uint32_t seq)
{
  struct gw_pool *p = &gw_pool;

  if (gw_helpers_done (seq))
    return;
  if (p->spin_ns)
    {
      uint64_t deadline = gw_now_ns () + p->spin_ns;
      for (unsigned i = 1;; i++)
	{
	  gw_relax ();
	  if (gw_helpers_done (seq))
	    return;
	  if (i % 64 == 0 && gw_now_ns () > deadline)
	    break;
	}
    }

  /* Sleep.  We announce that before we look at the slots, and a thread
     that is done writes its slot before it looks at LAUNCHER_SLEEPING.  */
  pthread_mutex_lock (&p->sleep_lock);
  atomic_store (&p->launcher_sleeping, true);
  while (!gw_helpers_done (seq))
    pthread_cond_wait (&p->done, &p->sleep_lock);
  atomic_store (&p->launcher_sleeping, false);
  pthread_mutex_unlock (&p->sleep_lock);
}

/* Set up the job of GANGS gangs of KERNEL, passing it DATA and GLOBALS,
   in shares of THREADS threads claimed in chunks of CHUNK gangs.  The
   previous job is closed and has no helpers left, so nobody reads these
   fields now.  */

static void
gw_set_up_job (gw_cpu_kernel_fn *kernel, void *data, void *const *globals,
	       uint32_t gangs, uint32_t threads, uint32_t chunk)
{
  struct gw_pool *p = &gw_pool;

  p->kernel = kernel;
  p->data = data;
  p->globals = globals;
  p->gangs = gangs;
  p->chunk = chunk;
  p->fpenv = gw_fpenv_get ();
  atomic_store_explicit (&p->fpflags, 0, memory_order_relaxed);
  for (uint32_t k = 0; k < threads; k++)
    {
      p->shares[k].end = (uint64_t) gangs * (k + 1) / threads;
      atomic_store_explicit (&p->shares[k].next,
			     (uint64_t) gangs * k / threads,
			     memory_order_relaxed);
    }
}

/* Open the job set up, marked JOB_FLAGS, to the pool threads, run
   chunks of it until none is left, then close it and wait for whoever
   joined it.  Tell the policy of PLAN how long the launcher worked.  */

static void
gw_run_job (struct gw_plan *plan, uint64_t job_flags)
{
  struct gw_pool *p = &gw_pool;

  atomic_store_explicit (&p->launcher_cpu, sched_getcpu (),
			 memory_order_relaxed);
  atomic_store_explicit (&p->launcher, &gw_in_launch, memory_order_relaxed);
  uint64_t seq = GW_JOB_SEQ (atomic_load_explicit (&p->state,
						   memory_order_relaxed)) + 1;
  atomic_store (&p->state, ((seq & 0xffffffffu) << 32) | job_flags);
  gw_wake (&p->sleepers);

  uint64_t opened = __builtin_ia32_rdtsc ();
  uint64_t mine = gw_run_chunks (0);
  uint64_t busy = __builtin_ia32_rdtsc () - opened;
  atomic_fetch_or (&p->state, GW_JOB_CLOSED);
  gw_wait_for_helpers ((uint32_t) seq);
  gw_fpenv_raise (atomic_load_explicit (&p->fpflags, memory_order_relaxed));
  p->policy->ran_shared (plan, busy, mine, p->gangs);
}

/* As the launcher, with LAUNCH_LOCK held and the pool started, run gangs
   0 .. GANGS-1 (not 0) of KERNEL, passing it DATA and GLOBALS, on the
   calling thread and the pool, the way the policy says, and return when
   all are done.  KEY, not 0, stands for the kernel and the sizes of its
   data (the policy may take a launch of the same key as another to run
   like it).  JOB_FLAGS is GW_JOB_ASYNC for the runner's jobs, else 0.
   ASYNC is true for a launch with an async clause (a record, or one
   gw_pool_run_now runs).  */

void
gw_launch (gw_cpu_kernel_fn *kernel, void *data, void *const *globals,
	   uint32_t gangs, uint64_t key, uint64_t job_flags, bool async)
{
  struct gw_pool *p = &gw_pool;
  const struct gw_pool_policy *policy = p->policy;
  uint32_t threads = p->num_threads + 1;
  uint32_t chunk = gangs / (16 * threads);
  if (chunk == 0)
    chunk = 1;
  bool shareable = threads > 1 && chunk < gangs;

  /* Nothing to share, and nothing to ask: a pool of one thread has no
     helper and no runner; a synchronous launch of one gang has only one
     way to run.  An async one the policy may want to time.  */
  if (threads == 1 || (!shareable && !async))
    {
      kernel (data, globals, gangs, 0, gangs);
      return;
    }

  struct gw_plan plan;
  uint64_t start = __builtin_ia32_rdtsc ();
  policy->begin (&plan, key, start, shareable, async);
  if (plan.way == GW_WAY_PLAIN || plan.way == GW_WAY_WHOLE)
    {
      kernel (data, globals, gangs, 0, gangs);
      if (plan.way == GW_WAY_WHOLE)
	policy->ran_whole (&plan, __builtin_ia32_rdtsc () - start);
      return;
    }

  gw_set_up_job (kernel, data, globals, gangs, threads, chunk);
  if (plan.way == GW_WAY_ALONE_FIRST)
    {
      bool done = gw_run_alone (start, plan.alone_ticks);
      policy->ran_alone (&plan, done, __builtin_ia32_rdtsc () - start);
      if (done)
	return;
    }
  gw_run_job (&plan, job_flags);
}

/* gw_launch from a host thread (not for the queue's records), which is
   launching meanwhile: with LAUNCH_LOCK held and the pool started.  */

static void
gw_launch_here (gw_cpu_kernel_fn *kernel, void *data, void *const *globals,
		uint32_t gangs, uint64_t key, bool async)
{
  bool was = gw_in_launch;
  gw_in_launch = true;
  gw_launch (kernel, data, globals, gangs, key, 0, async);
  gw_in_launch = was;
}

/* Run gangs 0 .. GANGS-1 of KERNEL, passing it DATA and GLOBALS, on the
   calling thread and the pool, and return when all are done.  KEY is as
   for gw_launch.  */

void
gw_pool_run (gw_cpu_kernel_fn *kernel, void *data, void *const *globals,
	     uint32_t gangs, uint64_t key)
{
  struct gw_pool *p = &gw_pool;

  if (gangs == 0)
    return;

  pthread_mutex_lock (&p->launch_lock);
  if (!p->started)
    gw_pool_start ();
  gw_launch_here (kernel, data, globals, gangs, key, false);
  pthread_mutex_unlock (&p->launch_lock);
}

/* Run an async launch now, synchronously, where the policy says that
   costs less than queuing it (the full policy: its key's last launches
   were quick), and return true; else return false (queue it).  Only
   where the ring is empty, so that no record queued before it has yet
   to run.  OpenACC allows it: an async region may be complete when the
   launch returns.  */

bool
gw_pool_run_now (gw_cpu_kernel_fn *kernel, void *data, void *const *globals,
		 uint32_t gangs, uint64_t key)
{
  struct gw_pool *p = &gw_pool;

  /* Not while the runner has records (it holds the launch lock while it
     runs one).  */
  if (gw_queue_pending ())
    return false;
  pthread_mutex_lock (&p->launch_lock);
  bool now = p->started && p->policy->async_now (key) && !gw_queue_pending ();
  if (now && gangs != 0)
    gw_launch_here (kernel, data, globals, gangs, key, true);
  pthread_mutex_unlock (&p->launch_lock);
  return now;
}
