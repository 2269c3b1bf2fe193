/* The cpu device's thread pool: jobs, and what it remembers of launch keys.
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

   A launch does not always call the pool threads at once.  Calling them
   (opening the job, waking them, and waiting at the end for those that
   joined) costs about a microsecond, more than the whole of a kernel of
   a few hundred iterations, which the launching thread alone runs
   faster.  So the launcher first runs chunks of its own share alone and
   opens the job only once it has worked GW_ALONE_TICKS; a launch that
   finishes before that never involves the pool.  The time is read after
   batches of 1, 2, 4 ... chunks, a few reads a launch.  A launch that
   turned out long (it opened the job, or its last batch took it past
   GW_ALONE_TICKS) is remembered by its key (the kernel and the sizes of
   its data), and after GW_LONG_RUNS such launches in a row the next ones
   of that key open the job at once: a big kernel pays nothing, one that
   is big only now and then pays once, at most GW_ALONE_TICKS or a batch,
   whichever is longer, and a short one that an interrupt made long once
   does not call the pool threads.  Calling them when they are not needed
   costs more than the call: an idle pool thread spins for a while
   (below), and where the pool's CPUs are hyperthreads of one core, as on
   many virtual machines, a spinning thread slows the launcher's own work
   (a 0.3 us kernel took 0.5 us beside one).  So a key that goes back to
   running alone is noticed early: when a launch of it that opened the job
   shows that the launcher alone would have run it in GW_ALONE_TICKS (at
   the pace it ran its own chunks), and every GW_ALONE_AGAIN launches,
   when one runs alone first all the same.  The other way, a key whose
   last GW_QUICK_RUNS launches ran alone in less than half of
   GW_ALONE_TICKS runs its next ones in one call of the kernel for all
   its gangs: no shares to set up, no batches, no clock reads between
   them, and the kernel's prologue computed once (a 0.3 us halo exchange
   spent a third of its time in five batches).  One that takes longer
   than that goes back to batches, and counts as long past
   GW_ALONE_TICKS.

   Whether a long key's launches are faster with the pool is measured,
   not assumed (gw_chose, pool-choice.c).  The pool threads themselves
   (pool-threads.c) spin a while when idle, then sleep; async launches
   go to a queue (pool-queue.c) whose runner launches its records as
   jobs like any other.  */

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
   while it takes less than GW_ALONE_TICKS from START: the shares in
   order, claimed in batches of 1, 2, 4 ... chunks, the time read after
   each batch.  Return true if that finished the job, false if it is time
   to open it.  */

static bool
gw_run_alone (uint64_t start)
{
  struct gw_pool *p = &gw_pool;
  const unsigned n = p->num_threads + 1;
  uint64_t batch = p->chunk;

  for (unsigned k = 0; k < n; k++)
    while (gw_run_chunk (&p->shares[k], batch) != 0)
      {
	if (__builtin_ia32_rdtsc () - start > GW_ALONE_TICKS)
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

/* Return what the pool remembers of launch key KEY, which is forgotten
   for another key that shares its slot.  */

static struct gw_known *
gw_known_key (uint64_t key)
{
  struct gw_pool *p = &gw_pool;
  struct gw_known *known = &p->known[key % GW_KNOWN_LAUNCHES];

  if (known->key != key)
    {
      if (p->trial_key == known->key)
	p->trial_key = 0;
      *known = (struct gw_known) { .key = key,
				   .until_trial = GW_TRIAL_FIRST,
				   .interval = GW_TRIAL_FIRST };
    }
  return known;
}

/* Count a launch of the key KNOWN that ran alone as QUICK or not.  */

static inline void
gw_count_quick (struct gw_known *known, bool quick)
{
  if (quick)
    known->quick_runs += known->quick_runs < GW_QUICK_RUNS;
  else
    known->quick_runs = 0;
}

/* Run all GANGS gangs of KERNEL, passing it DATA and GLOBALS, in one call
   on the calling thread, as a launch of the key KNOWN that started at
   START; count it quick or not, and return the ticks since START.  */

static inline uint64_t
gw_run_whole (struct gw_known *known, gw_cpu_kernel_fn *kernel, void *data,
	      void *const *globals, uint32_t gangs, uint64_t start)
{
  kernel (data, globals, gangs, 0, gangs);
  uint64_t took = __builtin_ia32_rdtsc () - start;
  gw_count_quick (known, took <= GW_ALONE_TICKS / 2);
  return took;
}

/* As the launcher, with LAUNCH_LOCK held and the pool started, run gangs
   0 .. GANGS-1 (not 0) of KERNEL, passing it DATA and GLOBALS, on the
   calling thread and the pool, and return when all are done.  KEY, not
   0, stands for the kernel and the sizes of its data: a launch of the
   same key as a long one is taken to be long too.  JOB_FLAGS is
   GW_JOB_ASYNC for the runner's jobs, else 0.  ASYNC is true for a
   launch with an async clause (a record, or one gw_pool_run_now runs).  */

void
gw_launch (gw_cpu_kernel_fn *kernel, void *data, void *const *globals,
	   uint32_t gangs, uint64_t key, uint64_t job_flags, bool async)
{
  struct gw_pool *p = &gw_pool;
  uint32_t threads = p->num_threads + 1;
  uint32_t chunk = gangs / (16 * threads);
  if (chunk == 0)
    chunk = 1;

  /* Nothing to share: skip the pool.  An async one is timed all the
     same, for gw_pool_run_now.  */
  if (threads == 1 || chunk >= gangs)
    {
      if (!async || threads == 1)
	{
	  kernel (data, globals, gangs, 0, gangs);
	  return;
	}
      struct gw_known *known = gw_known_key (key);
      gw_run_whole (known, kernel, data, globals, gangs,
		    __builtin_ia32_rdtsc ());
      return;
    }

  uint64_t start = __builtin_ia32_rdtsc ();
  struct gw_known *known = gw_known_key (key);
  if (known->long_runs == GW_LONG_RUNS)
    {
      /* A long key: the period of its last launch, if that was long
	 too, counts for the way it ran.  */
      if (known->last_start != 0)
	gw_chose (known, start - known->last_start, start);
      known->last_start = start;
    }
  else
    known->last_start = 0;
  if (known->last_start != 0 && known->solo != (known->trial > 0))
    {
      /* A long key that runs faster on the launcher alone.  */
      kernel (data, globals, gangs, 0, gangs);
      known->last_alone = __builtin_ia32_rdtsc () - start;
      return;
    }

  /* A kernel whose launches of this key ran alone and quick runs all
     its gangs in one call: no batches, no clock reads between them, no
     repeated prologue.  */
  if (known->quick_runs == GW_QUICK_RUNS)
    {
      uint64_t took = gw_run_whole (known, kernel, data, globals, gangs,
				    start);
      if (took > GW_ALONE_TICKS)
	known->long_runs += known->long_runs < GW_LONG_RUNS;
      return;
    }

  /* Set up the job.  The previous job is closed and has no helpers
     left, so nobody reads these fields now.  */
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

  /* A kernel not known to be long runs alone for a while first, and
     one known to be long does so every GW_ALONE_AGAIN launches (not
     those of a trial).  */
  if (known->long_runs < GW_LONG_RUNS
      || (known->trial == 0 && ++known->since_alone == GW_ALONE_AGAIN))
    {
      known->since_alone = 0;
      bool done = gw_run_alone (start);
      /* Its last batch may have been long (the gangs of the last shares
	 did the work): that counts as long too.  */
      uint64_t took = __builtin_ia32_rdtsc () - start;
      if (!done || took > GW_ALONE_TICKS)
	known->long_runs += known->long_runs < GW_LONG_RUNS;
      else
	known->long_runs = 0;
      gw_count_quick (known, done && took <= GW_ALONE_TICKS / 2);
      if (done)
	return;
    }

  /* Open the job.  */
  atomic_store_explicit (&p->launcher_cpu, sched_getcpu (),
			 memory_order_relaxed);
  atomic_store_explicit (&p->launcher, &gw_in_launch, memory_order_relaxed);
  uint64_t seq = GW_JOB_SEQ (atomic_load_explicit (&p->state,
						   memory_order_relaxed)) + 1;
  atomic_store (&p->state, ((seq & 0xffffffffu) << 32) | job_flags);
  gw_wake (&p->sleepers);

  /* Work, then close the job and wait for whoever joined it.  */
  uint64_t opened = __builtin_ia32_rdtsc ();
  uint64_t mine = gw_run_chunks (0);
  uint64_t busy = __builtin_ia32_rdtsc () - opened;
  atomic_fetch_or (&p->state, GW_JOB_CLOSED);
  gw_wait_for_helpers ((uint32_t) seq);
  gw_fpenv_raise (atomic_load_explicit (&p->fpflags, memory_order_relaxed));

  /* A launch that the launcher alone would have run in GW_ALONE_TICKS
     (at the pace it ran its own gangs once the job was open): its next
     one starts alone again.  */
  double alone = mine > 0 ? (double) busy / mine * gangs : (double) UINT64_MAX;
  if (alone <= GW_ALONE_TICKS)
    known->long_runs = 0;
  known->last_alone = alone < (double) UINT64_MAX ? (uint64_t) alone
						   : UINT64_MAX;
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

/* Run an async launch now, synchronously, where that costs less than
   queuing it, and return true; else return false (queue it).  That is
   where the ring is empty, so that no record queued before it has yet to
   run, and its key's last launches ran alone on their launcher in less
   than half of GW_ALONE_TICKS (known->quick_runs): handing such a launch
   to the runner, whose CPU then reads the record and writes its data,
   cost more than the kernel (an async 0.3 us halo exchange took 0.7 us a
   launch queued, on this VM).  A key that turns out long again goes back
   to the queue at its next launch.  OpenACC allows it: an async region
   may be complete when the launch returns.  */

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
  const struct gw_known *known = &p->known[key % GW_KNOWN_LAUNCHES];
  bool now = p->started && known->key == key
	     && known->quick_runs == GW_QUICK_RUNS && !gw_queue_pending ();
  if (now && gangs != 0)
    gw_launch_here (kernel, data, globals, gangs, key, true);
  pthread_mutex_unlock (&p->launch_lock);
  return now;
}
