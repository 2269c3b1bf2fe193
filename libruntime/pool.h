/* The cpu device's thread pool: what its files share.
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

/* The pool (runtime.h's gw_pool_* functions) is a mechanism in three
   files and a policy in two:

     pool.c          jobs: a launch's gangs shared among the launching
                     thread and the pool threads (static shares, then
                     stealing), run the way the policy says, and the
                     launches a host thread makes (gw_pool_run,
                     gw_pool_run_now)
     pool-threads.c  the pool threads: starting them, where they run, how
                     an idle one waits for work, stopping them at exit,
                     the reset in the child of a fork
     pool-queue.c    asynchronous launches: the ring of records the runner
                     runs in order, and waiting for it
     pool-policy.c   the policies (GANGWAY_POOL_POLICY): how a launch
                     runs, what the full one remembers of each launch key
                     (long, quick), which async launches run at once,
                     whether pool threads move (pool-policy.h is the
                     interface)
     pool-choice.c   the full policy's choice whether a long key runs
                     faster on its launcher alone or with the pool
                     (gw_chose: timed trials)

   This header holds the mechanism's constants, the pool's state (struct
   gw_pool, the one gw_pool of pool.c) and the functions the mechanism's
   files call of each other.  Nothing outside the pool's files includes
   it; the policy's files include only pool-policy.h.  */

#ifndef GW_POOL_H
#define GW_POOL_H

#include <pthread.h>
#include <stdalign.h>

#include "pool-policy.h"

#pragma GCC visibility push(hidden)

/* The ring of queued asynchronous launches, and the number of queue ids
   whose last record the pool remembers apart (others share them, by
   remainder, and wait for each other).  */
#define GW_QUEUE_SLOTS 64
#define GW_QUEUE_IDS 64

#define GW_JOB_CLOSED	(UINT64_C (1) << 31)
/* The job is the runner's, from the queue: a waiting host thread helps.  */
#define GW_JOB_ASYNC	(UINT64_C (1) << 30)
#define GW_JOB_SEQ(S)	((uint32_t) ((S) >> 32))

/* A thread's share of a job's gangs: the next unclaimed one and the
   end, on a line of its own (every claim writes it); and the thread's
   slot, on another line that only the thread writes: the sequence
   numbers of the job it joined and of the last one it finished (unused
   for the launcher's, share 0).  */
struct gw_share
{
  alignas (64) atomic_uint_fast64_t next;
  uint64_t end;
  alignas (64) atomic_uint joined;
  atomic_uint done;
};

/* The floating-point environment a job's threads run under: the
   launcher's SSE control and status register (MXCSR: its rounding,
   flush-to-zero, denormals-are-zero and exception masks) and x87 control
   word (rounding, precision), so that what fesetround and friends set in
   the launching thread holds in the region, as in the region's host
   version; the exception flags the other threads raise go back to the
   launcher (gw_fpenv_*).  */
struct gw_fpenv
{
  uint32_t mxcsr;
  uint16_t x87;
};

/* MXCSR's exception flags.  */
#define GW_MXCSR_FLAGS 0x3fu

/* Return the calling thread's floating-point environment.  */

static inline struct gw_fpenv
gw_fpenv_get (void)
{
  struct gw_fpenv e;
  e.mxcsr = __builtin_ia32_stmxcsr ();
  __asm__ volatile ("fnstcw %0" : "=m" (e.x87));
  return e;
}

/* Make the calling thread's floating-point control that of E, with its
   MXCSR exception flags FLAGS (GW_MXCSR_FLAGS bits).  */

static inline void
gw_fpenv_set (struct gw_fpenv e, uint32_t flags)
{
  uint16_t cw;
  __builtin_ia32_ldmxcsr ((e.mxcsr & ~GW_MXCSR_FLAGS) | flags);
  __asm__ volatile ("fnstcw %0" : "=m" (cw));
  if (cw != e.x87)
    __asm__ volatile ("fldcw %0" : : "m" (e.x87));
}

/* Return the MXCSR exception flags the calling thread has raised.  */

static inline uint32_t
gw_fpenv_flags (void)
{
  return __builtin_ia32_stmxcsr () & GW_MXCSR_FLAGS;
}

/* Raise the MXCSR exception flags FLAGS in the calling thread, as if its
   own operations had (without trapping: only the flags are set).  */

static inline void
gw_fpenv_raise (uint32_t flags)
{
  uint32_t m = __builtin_ia32_stmxcsr ();
  if ((m | flags) != m)
    __builtin_ia32_ldmxcsr (m | flags);
}

/* A queued launch: what gw_pool_run takes, and the buffer the launch's
   argument block was copied into (kept for the slot's next record, and
   grown when one needs more).  */
struct gw_queued
{
  gw_cpu_kernel_fn *kernel;
  void *const *globals;
  uint32_t gangs;
  uint64_t key;
  void *buf;
  size_t buf_size;
  /* The objects to copy back when the record is done, in BUF.  */
  const struct gw_copy_back *back;
  size_t nback;
  /* Memory the record frees when it is done (the private copies of a
     launch in the cpu device's own memory, device-cpu.c), or NULL.  */
  void *own;
  /* The launching thread's floating-point environment at the launch.  */
  struct gw_fpenv fpenv;
};

struct gw_pool
{
  /* Held for the whole of a launch, and while starting or stopping the
     pool.  */
  pthread_mutex_t launch_lock;

  /* Guard the sleeping of pool threads (on WAKE) and of the launcher (on
     DONE).  */
  pthread_mutex_t sleep_lock;
  pthread_cond_t wake;
  pthread_cond_t done;

  /* Set up by gw_pool_start, under LAUNCH_LOCK.  */
  bool started;
  bool stopped;
  unsigned num_threads;		/* Pool threads (T - 1).  */
  pthread_t *threads;
  uint64_t spin_ns;		/* 0 if idle threads must not spin.  */
  /* The policy that answers the mechanism's questions (pool-policy.h),
     GANGWAY_POOL_POLICY's.  */
  const struct gw_pool_policy *policy;

  /* The job state word (pool.c says how jobs work).  */
  alignas (64) atomic_uint_fast64_t state;
  atomic_bool shutdown;
  atomic_uint sleepers;		/* Pool threads asleep on WAKE.  */
  atomic_bool launcher_sleeping;
  /* The CPU the launcher of the last job opened ran on when it opened
     it (-1: unknown), and which thread that was (the address of its
     GW_IN_LAUNCH).  */
  atomic_int launcher_cpu;
  _Atomic (const bool *) launcher;

  /* The current job, written by the launcher before it opens the job.  */
  alignas (64) gw_cpu_kernel_fn *kernel;
  void *data;
  void *const *globals;
  uint32_t gangs;
  uint32_t chunk;
  /* The launcher's floating-point environment, and the exception flags
     the helpers raised in the job.  */
  struct gw_fpenv fpenv;
  atomic_uint fpflags;

  /* The threads' shares of the current job: NUM_THREADS + 1 of them,
     the launcher's first.  */
  struct gw_share *shares;


  /* The queue.  QUEUED counts the records queued, FINISHED those the
     runner finished; record N (from 1) is RING[(N - 1) % GW_QUEUE_SLOTS].
     LAST holds, by queue id's remainder, the number of the last record
     queued on such a queue.  Records are queued under QUEUE_LOCK.
     QUEUE_WAITERS counts the threads asleep in gw_pool_wait; WAITER_HELPS
     is set while one of them has the waiter's slot.  RUNNING is set while
     a thread runs records (pool thread 1, or a host thread waiting for
     them); WANTED counts the host threads in gw_pool_wait, for which pool
     thread 1 stops after its current record.  */
  pthread_mutex_t queue_lock;
  alignas (64) atomic_uint_fast64_t queued;
  alignas (64) atomic_uint_fast64_t finished;
  atomic_uint queue_waiters;
  atomic_bool waiter_helps;
  atomic_bool running;
  atomic_uint wanted;
  /* The exception flags the finished records raised, which the next
     host thread to wait for the queue takes.  */
  atomic_uint queue_fpflags;
  atomic_uint_fast64_t last[GW_QUEUE_IDS];
  struct gw_queued ring[GW_QUEUE_SLOTS];
};

extern struct gw_pool gw_pool;

/* Set on pool threads, and on a host thread while it launches: such a
   thread must not wait for the queue at exit.  */
extern __thread bool gw_in_launch;

/* Spin hint for the processor.  */

static inline void
gw_relax (void)
{
  __builtin_ia32_pause ();
}

/* Return true if the queue has a record the runner has not finished.  */

static inline bool
gw_queue_pending (void)
{
  struct gw_pool *p = &gw_pool;

  return (atomic_load_explicit (&p->finished, memory_order_relaxed)
	  != atomic_load_explicit (&p->queued, memory_order_acquire));
}

/* Return true if the queue has records for pool thread 1 to run: no
   other thread runs them, and no host thread waits for them (it runs
   them itself).  */

static inline bool
gw_queue_for_runner (void)
{
  struct gw_pool *p = &gw_pool;

  return (gw_queue_pending () && !atomic_load (&p->running)
	  && !atomic_load (&p->wanted));
}

/* pool.c */
extern void gw_wake (atomic_uint *);
extern void gw_work_on_job (unsigned, unsigned, uint64_t);
extern void gw_launch (gw_cpu_kernel_fn *, void *, void *const *, uint32_t,
		       uint64_t, uint64_t, bool);

/* pool-threads.c */
extern void gw_pool_start (void);

/* pool-queue.c */
extern bool gw_run_queue (uint64_t);

#pragma GCC visibility pop

#endif /* GW_POOL_H */
