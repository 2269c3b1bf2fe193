/* The thread pool that runs the gangs of cpu launches.
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
   not assumed (gw_chose): where the threads' CPUs pass cache lines
   slowly, as on virtual machines, calling a helper for a kernel of a few
   microseconds costs more than it saves (a 20,000-element update took
   2.1 us on one thread and 3.0 with two).  Such a key's launches are
   timed by their period, start to start, both ways in turn: for a while
   the chosen way, then a short trial of the other, and the faster by a
   sixteenth is kept; the trials grow rarer while the choice stands.
   Keys whose launches would take the launcher alone more than
   GW_TRIAL_LIMIT ticks are never tried alone.

   An idle pool thread first spins on the state word for a short while
   (GW_SPIN_NS) so that back-to-back launches find it awake, then sleeps on
   a condition variable.  One that finds itself on the CPU of the last
   job's launcher, where it would take turns with it, moves to another
   (gw_move_off), unless it was bound to a place.  A launcher that finds sleepers broadcasts.  The
   launcher's own wait for stragglers spins then sleeps the same way.  No
   one spins when the pool has more threads than the process has CPUs.

   The pool threads are created with the affinity mask of the CPUs the
   process may use (cpus.c), not the creating thread's, which libgomp or
   the application may have bound to one CPU; where binding was asked
   for (libgomp has places), pool thread K with the CPUs of the Kth
   place after the first launcher's (modulo their number), as OpenMP
   binds its team's threads.  With GANGWAY_LOG=pool the pool says, when
   it starts, how many threads it has and on which CPUs, and each pool
   thread the mask it then has (and its place).

   Launches with an async clause go to a queue instead (gw_pool_queue_begin
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
   An async launch of a key timed quick, when the ring is empty, runs at
   once instead, as a synchronous one (gw_pool_run_now): queuing it cost
   more than running it.  A
   pool with no thread has no runner: its launches are all synchronous.

   At exit a destructor waits for the queue, then stops and joins the pool
   threads (unless a launch is still running: then the process ends
   around them).  In the child of
   a fork, which has no pool threads, the pool is reset to its unstarted
   state and the next cpu launch starts a new one.  */

#define _GNU_SOURCE
#include <errno.h>
#include <omp.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdalign.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

/* How long an idle thread spins before it sleeps, in nanoseconds.  */
#define GW_SPIN_NS 100000

/* How long a launch runs on the launching thread alone before it calls
   the pool threads, in time-stamp counter ticks (about 1 us at 2-3 GHz):
   about what calling them costs, waking them and waiting for them to
   finish.  */
#define GW_ALONE_TICKS 2500

/* How many launch keys the pool remembers (gw_launch); after how many
   long launches in a row a key's next ones call the pool threads at
   once; and how often such a key's launch runs alone first all the same,
   to find out whether it has become short.  */
#define GW_KNOWN_LAUNCHES 256
#define GW_LONG_RUNS 2
#define GW_ALONE_AGAIN 32

/* A long key's launches either open the job or run all their gangs on
   the launcher alone, whichever was faster when last tried (gw_launch,
   gw_chose).  What is timed is a launch's period: from its start to the
   start of the next launch of the same key, the time of the other
   kernels and the host code in between included, so that a way that
   makes the next kernels slower (they find their data in the other
   thread's cache) does not look faster than it is.  The other way is
   tried for GW_TRIAL_LAUNCHES launches, of which the last
   GW_TRIAL_MEASURED count (the first ones move the data into the caches
   of the threads that now touch it): their mean period without the
   longest (an interrupt's), against the same of the chosen way's last
   launches before the trial.  The first trial comes after
   GW_TRIAL_FIRST launches of a key turned long, then after twice as
   many as the last time each time the choice stands, at most
   GW_TRIAL_MAX; one key is on trial at a time (a trial that has not
   moved for GW_TRIAL_STALE ticks is over).  The way that is faster by
   more than a sixteenth wins.  Running alone is tried only for keys
   whose launches with the pool would have taken the launcher alone at
   most GW_TRIAL_LIMIT ticks, at the pace it ran its own gangs (a trial
   may not cost more than a few such launches), and a trial whose period is more than twice
   the chosen way's, after its first launch (which moves the data), ends
   there, lost.  A key whose period, the chosen way, stays off by more
   than a factor of two from what it was at its last trial for
   GW_TRIAL_DRIFT launches in a row is in another phase of the program
   (other kernels now run between its launches, or none): its next trial
   comes at once, and then after GW_TRIAL_FIRST launches again.  */
#define GW_TRIAL_LAUNCHES 9
#define GW_TRIAL_MEASURED 5
#define GW_TRIAL_FIRST 16
#define GW_TRIAL_MAX 1024
#define GW_TRIAL_STALE (UINT64_C (1) << 28)
#define GW_TRIAL_LIMIT (64 * GW_ALONE_TICKS)
#define GW_TRIAL_DRIFT 8

/* After how many quick launches in a row (alone, in less than half of
   GW_ALONE_TICKS) a key's next ones run all their gangs in one call of
   the kernel.  */
#define GW_QUICK_RUNS 2

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

/* What the pool remembers of a launch key (gw_launch): the key (0:
   none), how many of its launches in a row were long (at most
   GW_LONG_RUNS), how many of its launches called the pool threads at
   once since one last ran alone first, and how many in a row ran alone
   in less than half of GW_ALONE_TICKS (at most GW_QUICK_RUNS).  Then the
   choice for its long launches: whether they run alone (SOLO), the
   launches of a trial of the other way still to run (0: none), the
   launches of the chosen way before the next trial and the interval it
   was set from, the sum and the longest of the measured periods, in
   ticks, of the chosen way before the trial and of the trial, the
   longest time the chosen way's launches then took or would have taken
   alone, the mean period
   of the chosen way at the last trial and how many launches in a row
   since then had a period off by more than a factor of two, and when
   its last launch started and how long it took or would have taken
   alone.  */
struct gw_known
{
  uint64_t key;
  uint32_t long_runs;
  uint32_t since_alone;
  uint32_t quick_runs;
  bool solo;
  uint32_t trial;
  uint32_t until_trial;
  uint32_t interval;
  uint64_t sum_chosen, max_chosen;
  uint64_t sum_trial, max_trial;
  uint64_t longest;
  uint64_t ref_period;
  uint32_t drift;
  uint64_t last_start, last_alone;
};

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

  /* The job state word (see above).  */
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

  /* The threads' shares of the current job: NUM_THREADS + 1 of them,
     the launcher's first.  */
  struct gw_share *shares;

  /* Under LAUNCH_LOCK: by their key's remainder, the last launch keys
     seen and how their launches ran; the key on trial (0: none) and
     when its trial last moved.  */
  struct gw_known known[GW_KNOWN_LAUNCHES];
  uint64_t trial_key;
  uint64_t trial_moved;

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
  atomic_uint_fast64_t last[GW_QUEUE_IDS];
  struct gw_queued ring[GW_QUEUE_SLOTS];
};

/* Set on pool threads, and on a host thread while it launches: such a
   thread must not wait for the queue at exit.  */
static __thread bool gw_in_launch;

/* Set on a pool thread that may run on every CPU of the process (not
   bound to a place) while idle threads spin: it moves off the
   launcher's CPU when it finds itself there (gw_move_off).  */
static __thread bool gw_may_move;

static struct gw_pool gw_pool = {
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

/* Spin hint for the processor.  */

static inline void
gw_relax (void)
{
  __builtin_ia32_pause ();
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
   to open it; add the number of gangs run to *RAN.  */

static bool
gw_run_alone (uint64_t start, uint64_t *ran)
{
  struct gw_pool *p = &gw_pool;
  const unsigned n = p->num_threads + 1;
  uint64_t batch = p->chunk, r;

  for (unsigned k = 0; k < n; k++)
    while ((r = gw_run_chunk (&p->shares[k], batch)) != 0)
      {
	*ran += r;
	if (__builtin_ia32_rdtsc () - start > GW_ALONE_TICKS)
	  return false;
	batch *= 2;
      }
  return true;
}

/* Wake the threads asleep on WAKE if COUNT (of some of them) says there
   are any.  */

static void
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

/* Return true if the job state word S has a sequence number other than
   SEEN.  */

static inline bool
gw_job_changed (uint64_t s, uint32_t seen)
{
  return GW_JOB_SEQ (s) != seen;
}

/* If the calling pool thread may move and runs on the CPU of the last
   job's launcher, move it to another CPU of the process.  Linux often
   wakes a thread on the CPU of the thread that wakes it, and on a
   virtual machine whose kernel packs its threads onto few CPUs it may
   leave them there for hundreds of milliseconds: a helper spinning on
   the launcher's CPU then takes turns with the launcher, and each
   launch waits for the turns (the application bench's flux took 35 us a
   launch instead of 9, and a gang loop of 3 us 25).  The thread takes
   the CPUs of the process but that one, which moves it now, then all of
   them again, which leaves it where it is: it stays a thread that may
   run anywhere.  */

static void
gw_move_off (void)
{
  struct gw_pool *p = &gw_pool;
  int cpu = atomic_load_explicit (&p->launcher_cpu, memory_order_relaxed);

  /* Pool thread 1 launches the queue's records itself.  */
  if (!gw_may_move || cpu < 0 || sched_getcpu () != cpu
      || atomic_load_explicit (&p->launcher, memory_order_relaxed)
	 == &gw_in_launch)
    return;
  const struct gw_cpus *cpus = &gw_config ()->cpus;
  size_t size = cpus->set ? cpus->size : CPU_ALLOC_SIZE (1024);
  cpu_set_t *set = CPU_ALLOC (8 * size);
  if (set == NULL)
    return;
  if (cpus->set)
    memcpy (set, cpus->set, size);
  else
    for (int k = 0; k < 1024; k++)
      CPU_SET_S (k, size, set);
  if ((size_t) cpu < 8 * size && CPU_ISSET_S (cpu, size, set))
    {
      CPU_CLR_S (cpu, size, set);
      if (CPU_COUNT_S (size, set) > 0
	  && pthread_setaffinity_np (pthread_self (), size, set) == 0)
	{
	  CPU_SET_S (cpu, size, set);
	  pthread_setaffinity_np (pthread_self (), size, set);
	}
    }
  CPU_FREE (set);
}

/* Spin on the job state word for at most the pool's spin time until
   DONE (state, ARG) holds.  Return true if it did, with the state word
   in *S.  */

static inline bool
gw_spin_until (bool (*done) (uint64_t, uint32_t), uint32_t arg, uint64_t *s)
{
  struct gw_pool *p = &gw_pool;

  if (p->spin_ns == 0)
    return false;
  uint64_t deadline = gw_now_ns () + p->spin_ns;
  for (unsigned i = 1;; i++)
    {
      *s = atomic_load_explicit (&p->state, memory_order_acquire);
      if (done (*s, arg))
	return true;
      gw_relax ();
      if (i % 64 == 0)
	{
	  if (gw_now_ns () > deadline)
	    return false;
	  gw_move_off ();
	}
    }
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

/* Return true if the job state word S has a sequence number other than
   SEEN, or the queue has records to run (for the runner).  */

static inline bool
gw_job_or_record (uint64_t s, uint32_t seen)
{
  return gw_job_changed (s, seen) || gw_queue_for_runner ();
}

/* Wait until the job sequence number differs from SEEN or the pool shuts
   down, or, for the RUNNER, until the queue has a record to run,
   spinning first.  Return the state word then seen.  */

static uint64_t
gw_wait_for_job (uint32_t seen, bool runner)
{
  struct gw_pool *p = &gw_pool;
  bool (*ready) (uint64_t, uint32_t)
    = runner ? gw_job_or_record : gw_job_changed;
  uint64_t s;

  if (gw_spin_until (ready, seen, &s))
    return s;

  /* Sleep.  The launcher changes STATE (a thread that queues, QUEUED)
     before it looks at SLEEPERS, and we count ourselves before we look
     at them, so one of us sees the other.  */
  pthread_mutex_lock (&p->sleep_lock);
  atomic_fetch_add (&p->sleepers, 1);
  while (!ready (s = atomic_load (&p->state), seen)
	 && !atomic_load (&p->shutdown))
    pthread_cond_wait (&p->wake, &p->sleep_lock);
  atomic_fetch_sub (&p->sleepers, 1);
  pthread_mutex_unlock (&p->sleep_lock);
  return s;
}

/* From slot SELF (pool thread SELF's, or the waiter's), run the job of
   state word S if it is still open, claiming from share FIRST first,
   then say it is done.  */

static void
gw_work_on_job (unsigned self, unsigned first, uint64_t s)
{
  struct gw_pool *p = &gw_pool;
  struct gw_share *me = &p->shares[self];
  uint32_t seq = GW_JOB_SEQ (s);

  if (s & GW_JOB_CLOSED)
    return;
  atomic_store (&me->joined, seq);
  if (atomic_load (&p->state) == s)
    gw_run_chunks (first);
  atomic_store (&me->done, seq);
  if (atomic_load (&p->launcher_sleeping))
    {
      pthread_mutex_lock (&p->sleep_lock);
      pthread_cond_signal (&p->done);
      pthread_mutex_unlock (&p->sleep_lock);
    }
}

/* Log the affinity mask of the calling thread, pool thread number N,
   and the libgomp place PLACE it was bound to (none if negative).  */

static void
gw_log_thread_cpus (unsigned n, int place)
{
  struct gw_cpus mine = gw_config ()->cpus;
  char list[256];

  if (mine.set == NULL)
    mine.size = CPU_ALLOC_SIZE (1024);
  cpu_set_t *set = CPU_ALLOC (8 * mine.size);
  if (set == NULL
      || pthread_getaffinity_np (pthread_self (), mine.size, set) != 0)
    snprintf (list, sizeof list, "unknown");
  else
    {
      mine.set = set;
      gw_format_cpus (&mine, list, sizeof list);
    }
  if (set)
    CPU_FREE (set);
  if (place >= 0)
    gw_message ("pool thread %u cpus=%s place=%d", n, list, place);
  else
    gw_message ("pool thread %u cpus=%s", n, list);
}

static bool gw_run_queue (uint64_t job_flags);

/* The start of a pool thread: the sequence number of the job state when
   it was created, and its number (1 for the first).  */
struct gw_thread_start
{
  uint32_t seq;
  unsigned n;
  int place;			/* The libgomp place it is bound to, or -1.  */
};

/* The body of a pool thread.  ARG is its gw_thread_start, which it
   frees.  */

static void *
gw_pool_thread (void *arg)
{
  struct gw_thread_start *start = arg;
  uint32_t seen = start->seq;
  unsigned self = start->n;

  gw_in_launch = true;
  gw_may_move = start->place < 0 && gw_pool.spin_ns != 0;
  if (gw_config ()->log & GW_LOG_POOL)
    gw_log_thread_cpus (start->n, start->place);
  free (start);

  for (;;)
    {
      uint64_t s = gw_wait_for_job (seen, self == 1);
      if (atomic_load (&gw_pool.shutdown))
	return NULL;
      if (self == 1 && gw_queue_for_runner () && gw_run_queue (GW_JOB_ASYNC))
	{
	  /* The jobs it opened are closed.  */
	  seen = GW_JOB_SEQ (atomic_load (&gw_pool.state));
	  continue;
	}
      /* Woken for records that another thread runs.  */
      if (GW_JOB_SEQ (s) == seen)
	continue;
      seen = GW_JOB_SEQ (s);
      gw_move_off ();
      gw_work_on_job (self, self, s);
    }
}

/* Start the pool threads.  Called with LAUNCH_LOCK held, at the first cpu
   launch.  If some threads cannot be created, the pool makes do with
   fewer.  */

static void
gw_pool_start (void)
{
  struct gw_pool *p = &gw_pool;
  const struct gw_config *c = gw_config ();
  unsigned want = c->num_threads - 1;

  p->started = true;
  p->num_threads = 0;
  p->spin_ns = c->num_threads <= c->online_cpus ? GW_SPIN_NS : 0;
  if (c->log & GW_LOG_POOL)
    {
      char list[256];
      gw_message ("pool threads=%u cpus=%s from=%s", c->num_threads,
		  gw_format_cpus (&c->cpus, list, sizeof list),
		  c->cpus.source);
    }
  if (want == 0)
    return;
  p->threads = calloc (want, sizeof *p->threads);
  /* The launcher's, the pool threads', and the waiter's.  */
  p->shares = aligned_alloc (alignof (struct gw_share),
			     (want + 2) * sizeof *p->shares);
  if (p->threads == NULL || p->shares == NULL)
    {
      free (p->threads);
      free (p->shares);
      p->threads = NULL;
      p->shares = NULL;
      return;
    }
  for (unsigned k = 0; k <= want + 1; k++)
    {
      atomic_init (&p->shares[k].joined, 0);
      atomic_init (&p->shares[k].done, 0);
    }

  /* Every pool thread may run on every CPU of the process; where binding
     was asked for (libgomp has places, and bound the initial thread, the
     usual launcher, to the first), pool thread K runs on the Kth place
     after the place of the thread that starts the pool (modulo their
     number), as an OpenMP team's thread K does with close binding.
     Unbound, a helper woken by a launcher bound to one CPU could be
     woken onto that CPU and wait there while the launcher spins for it:
     with OpenMP's own bound threads in the same process (a hybrid
     program, the application bench's interleaved variants), flux took
     18-48 us a launch at two threads instead of 16.  */
  pthread_attr_t attr;
  pthread_attr_t *attrp = NULL;
  if (c->cpus.set && pthread_attr_init (&attr) == 0)
    {
      attrp = &attr;
      int e = pthread_attr_setaffinity_np (&attr, c->cpus.size, c->cpus.set);
      if (e != 0)
	gw_warn ("cannot give the cpu device's threads the CPUs of the "
		 "process: %s", strerror (e));
    }

  /* Pool threads take no asynchronous signals: those belong to the
     application's threads.  */
  sigset_t all, old;
  sigfillset (&all);
  pthread_sigmask (SIG_SETMASK, &all, &old);

  cpu_set_t *place = NULL;
  int first = 0;
  if (attrp && c->cpus.places)
    {
      place = CPU_ALLOC (8 * c->cpus.size);
      /* The places after the launching thread's.  */
      first = omp_get_place_num ();
      if (first < 0)
	first = 0;
    }

  uint32_t seq = GW_JOB_SEQ (atomic_load (&p->state));
  for (unsigned i = 0; i < want; i++)
    {
      struct gw_thread_start *start = malloc (sizeof *start);
      int e = ENOMEM;
      int bound = -1;
      if (place)
	{
	  bound = gw_place_cpus ((unsigned) first + i + 1, place,
				 c->cpus.size);
	  if (bound < 0
	      || pthread_attr_setaffinity_np (&attr, c->cpus.size, place) != 0)
	    {
	      bound = -1;
	      pthread_attr_setaffinity_np (&attr, c->cpus.size, c->cpus.set);
	    }
	}
      if (start != NULL)
	{
	  start->seq = seq;
	  start->n = i + 1;
	  start->place = bound;
	  e = pthread_create (&p->threads[i], attrp, gw_pool_thread, start);
	  if (e != 0)
	    free (start);
	}
      if (e != 0)
	{
	  gw_warn ("cannot create thread %u of the cpu device's pool: %s; "
		   "using %u", i + 1, strerror (e), i + 1);
	  break;
	}
      /* Thread names have at most 15 characters; the pool has at most
	 4095 threads.  */
      char name[16];
      snprintf (name, sizeof name, "gangway-%u", (i + 1) % 10000);
      pthread_setname_np (p->threads[i], name);
      p->num_threads++;
    }

  pthread_sigmask (SIG_SETMASK, &old, NULL);
  if (place)
    CPU_FREE (place);
  if (attrp)
    pthread_attr_destroy (attrp);
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

/* Count the period, TOOK ticks, of the last launch of the long key
   KNOWN, which started NOW: a launch of the chosen way or of a trial.
   After the last launch of a trial, keep the way that was faster by more
   than a sixteenth.  With GANGWAY_LOG=pool each trial's outcome is
   logged.  */

static void
gw_chose (struct gw_known *known, uint64_t took, uint64_t now)
{
  struct gw_pool *p = &gw_pool;

  if (known->trial == 0)
    {
      /* A new phase of the program: try again soon.  */
      if (known->ref_period != 0
	  && (took > 2 * known->ref_period || 2 * took < known->ref_period))
	{
	  if (++known->drift == GW_TRIAL_DRIFT)
	    {
	      known->ref_period = 0;
	      known->interval = GW_TRIAL_FIRST;
	      if (known->until_trial > GW_TRIAL_MEASURED + 1)
		known->until_trial = GW_TRIAL_MEASURED + 1;
	    }
	}
      else
	known->drift = 0;

      /* The chosen way: its last GW_TRIAL_MEASURED launches before a
	 trial are measured.  */
      if (known->until_trial > 0)
	known->until_trial--;
      if (known->until_trial == GW_TRIAL_MEASURED)
	known->sum_chosen = known->max_chosen = known->longest = 0;
      if (known->until_trial < GW_TRIAL_MEASURED)
	{
	  known->sum_chosen += took;
	  if (took > known->max_chosen)
	    known->max_chosen = took;
	  if (known->last_alone > known->longest)
	    known->longest = known->last_alone;
	}
      if (known->until_trial > 0)
	return;
      if (!known->solo && known->longest > GW_TRIAL_LIMIT)
	{
	  /* Too long to try alone.  */
	  if (known->interval < GW_TRIAL_MAX)
	    known->interval *= 2;
	  known->until_trial = known->interval;
	  return;
	}
      if (p->trial_key != 0 && now - p->trial_moved < GW_TRIAL_STALE)
	{
	  /* Another key is on trial: measure again, and wait.  */
	  known->until_trial = GW_TRIAL_MEASURED + 1;
	  return;
	}
      p->trial_key = known->key;
      p->trial_moved = now;
      known->trial = GW_TRIAL_LAUNCHES;
      known->sum_trial = known->max_trial = 0;
      return;
    }
  p->trial_moved = now;
  uint64_t chosen = (known->sum_chosen - known->max_chosen)
		    / (GW_TRIAL_MEASURED - 1);
  bool lost = known->trial < GW_TRIAL_LAUNCHES && took > 2 * chosen;
  if (--known->trial < GW_TRIAL_MEASURED)
    {
      known->sum_trial += took;
      if (took > known->max_trial)
	known->max_trial = took;
    }
  if (lost)
    known->trial = 0;
  if (known->trial > 0)
    return;
  p->trial_key = 0;
  uint64_t tried = lost ? took : (known->sum_trial - known->max_trial)
				 / (GW_TRIAL_MEASURED - 1);
  bool other = !lost && tried < chosen - chosen / 16;
  if (gw_config ()->log & GW_LOG_POOL)
    gw_message ("pool key %#llx: period alone %llu ticks, with the pool "
		"%llu: runs %s", (unsigned long long) known->key,
		(unsigned long long) (known->solo ? chosen : tried),
		(unsigned long long) (known->solo ? tried : chosen),
		known->solo != other ? "alone" : "with the pool");
  known->ref_period = other ? tried : chosen;
  known->drift = 0;
  if (other)
    {
      known->solo = !known->solo;
      known->interval = GW_TRIAL_FIRST;
    }
  else if (known->interval < GW_TRIAL_MAX)
    known->interval *= 2;
  known->until_trial = known->interval;
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

/* As the launcher, with LAUNCH_LOCK held and the pool started, run gangs
   0 .. GANGS-1 (not 0) of KERNEL, passing it DATA and GLOBALS, on the
   calling thread and the pool, and return when all are done.  KEY, not
   0, stands for the kernel and the sizes of its data: a launch of the
   same key as a long one is taken to be long too.  JOB_FLAGS is
   GW_JOB_ASYNC for the runner's jobs, else 0.  ASYNC is true for a
   launch with an async clause (a record, or one gw_pool_run_now runs).  */

static void
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
      uint64_t start = __builtin_ia32_rdtsc ();
      kernel (data, globals, gangs, 0, gangs);
      uint64_t took = __builtin_ia32_rdtsc () - start;
      if (took > GW_ALONE_TICKS / 2)
	known->quick_runs = 0;
      else
	known->quick_runs += known->quick_runs < GW_QUICK_RUNS;
      return;
    }

  /* A kernel whose launches of this key ran alone and quick runs all
     its gangs in one call: no batches, no clock reads between them, no
     repeated prologue.  */
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
  if (known->quick_runs == GW_QUICK_RUNS)
    {
      kernel (data, globals, gangs, 0, gangs);
      uint64_t took = __builtin_ia32_rdtsc () - start;
      if (took > GW_ALONE_TICKS / 2)
	known->quick_runs = 0;
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
      uint64_t ran = 0;
      known->since_alone = 0;
      bool done = gw_run_alone (start, &ran);
      /* Its last batch may have been long (the gangs of the last shares
	 did the work): that counts as long too.  */
      uint64_t took = __builtin_ia32_rdtsc () - start;
      if (!done || took > GW_ALONE_TICKS)
	known->long_runs += known->long_runs < GW_LONG_RUNS;
      else
	known->long_runs = 0;
      if (done && took <= GW_ALONE_TICKS / 2)
	known->quick_runs++;
      else
	known->quick_runs = 0;
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

  /* A launch that the launcher alone would have run in GW_ALONE_TICKS
     (at the pace it ran its own gangs once the job was open): its next
     one starts alone again.  */
  double alone = mine > 0 ? (double) busy / mine * gangs : (double) UINT64_MAX;
  if (alone <= GW_ALONE_TICKS)
    known->long_runs = 0;
  known->last_alone = alone < (double) UINT64_MAX ? (uint64_t) alone
						   : UINT64_MAX;
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
  bool was = gw_in_launch;
  gw_in_launch = true;
  gw_launch (kernel, data, globals, gangs, key, 0, false);
  gw_in_launch = was;
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
  bool now = false;

  /* Not while the runner has records (it holds the launch lock while it
     runs one).  */
  if (atomic_load (&p->finished) != atomic_load (&p->queued))
    return false;
  pthread_mutex_lock (&p->launch_lock);
  struct gw_known *known = &p->known[key % GW_KNOWN_LAUNCHES];
  if (p->started && known->key == key
      && known->quick_runs == GW_QUICK_RUNS
      && atomic_load (&p->finished) == atomic_load (&p->queued))
    {
      now = true;
      bool was = gw_in_launch;
      gw_in_launch = true;
      if (gangs != 0)
	gw_launch (kernel, data, globals, gangs, key, 0, true);
      gw_in_launch = was;
    }
  pthread_mutex_unlock (&p->launch_lock);
  return now;
}

/* Run the queued records in order until none is left, each as a job of
   its own of which the calling thread is the launcher: pool thread 1
   (JOB_FLAGS GW_JOB_ASYNC), which stops after a record when a host thread
   waits for the queue, or that host thread (0).  Only one thread runs
   records at a time (RUNNING).  Return false if another one did.  */

static bool
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
	      pthread_mutex_lock (&p->launch_lock);
	      gw_launch (r->kernel, r->buf, r->globals, r->gangs, r->key,
			 job_flags, true);
	      pthread_mutex_unlock (&p->launch_lock);
	    }
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
   buffer and GLOBALS; KEY is as for gw_pool_run.  */

void
gw_pool_queue_commit (int q, gw_cpu_kernel_fn *kernel, void *const *globals,
		      uint32_t gangs, uint64_t key)
{
  struct gw_pool *p = &gw_pool;
  uint64_t n = atomic_load_explicit (&p->queued, memory_order_relaxed);
  struct gw_queued *r = &p->ring[n % GW_QUEUE_SLOTS];

  r->kernel = kernel;
  r->globals = globals;
  r->gangs = gangs;
  r->key = key;
  atomic_store_explicit (&p->last[(unsigned) q % GW_QUEUE_IDS], n + 1,
			 memory_order_relaxed);
  /* Counted before looking for sleepers (the runner may be one).  */
  atomic_store (&p->queued, n + 1);
  gw_wake (&p->sleepers);
  pthread_mutex_unlock (&p->queue_lock);
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

/* Wait until records 1 .. N of the queue are finished, helping with the
   runner's jobs meanwhile if no other thread does.  */

void
gw_pool_wait (uint64_t n)
{
  struct gw_pool *p = &gw_pool;

  if (gw_pool_finished (n))
    return;
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
  /* Records queued meanwhile by other threads are pool thread 1's
     again.  */
  if (atomic_fetch_sub (&p->wanted, 1) == 1 && gw_queue_pending ())
    gw_wake (&p->sleepers);
}

/* Stop the pool threads and wait for them to end, when the library is
   unloaded or the process exits.  If a launch is running (this may be
   called from inside a kernel, or while another thread launches), leave
   the threads alone instead.  */

static void __attribute__ ((destructor))
gw_pool_stop (void)
{
  struct gw_pool *p = &gw_pool;

  /* Queued launches run first, as libgomp finishes its queues at exit;
     not if the exiting thread is launching (it may be a pool thread, or
     hold the lock the runner needs).  */
  if (!gw_in_launch)
    gw_pool_wait (gw_pool_queued ());
  if (pthread_mutex_trylock (&p->launch_lock) != 0)
    return;

  if (p->started && !p->stopped)
    {
      uint64_t s = atomic_load (&p->state);
      atomic_store (&p->shutdown, true);
      atomic_store (&p->state,
		    (((uint64_t) GW_JOB_SEQ (s) + 1) << 32) | GW_JOB_CLOSED);
      pthread_mutex_lock (&p->sleep_lock);
      pthread_cond_broadcast (&p->wake);
      pthread_mutex_unlock (&p->sleep_lock);

      for (unsigned i = 0; i < p->num_threads; i++)
	if (!pthread_equal (p->threads[i], pthread_self ()))
	  pthread_join (p->threads[i], NULL);
      free (p->threads);
      free (p->shares);
      p->threads = NULL;
      p->shares = NULL;
      /* Later launches (from other destructors, say) run on the calling
	 thread alone.  */
      p->num_threads = 0;
      p->stopped = true;
    }
  pthread_mutex_unlock (&p->launch_lock);
}

/* In the child of a fork: only the forking thread exists, so reset the
   pool to its unstarted state with fresh locks.  */

static void
gw_pool_atfork_child (void)
{
  struct gw_pool *p = &gw_pool;

  pthread_mutex_init (&p->launch_lock, NULL);
  pthread_mutex_init (&p->queue_lock, NULL);
  pthread_mutex_init (&p->sleep_lock, NULL);
  pthread_cond_init (&p->wake, NULL);
  pthread_cond_init (&p->done, NULL);
  free (p->threads);
  free (p->shares);
  p->threads = NULL;
  p->shares = NULL;
  p->num_threads = 0;
  p->started = false;
  p->stopped = false;
  atomic_store (&p->state, 0);
  atomic_store (&p->shutdown, false);
  atomic_store (&p->sleepers, 0);
  atomic_store (&p->launcher_sleeping, false);
  /* The parent's queued launches are the parent's.  */
  atomic_store (&p->queued, 0);
  atomic_store (&p->finished, 0);
  atomic_store (&p->queue_waiters, 0);
  atomic_store (&p->waiter_helps, false);
  atomic_store (&p->running, false);
  atomic_store (&p->wanted, 0);
  for (unsigned k = 0; k < GW_QUEUE_IDS; k++)
    atomic_store (&p->last[k], 0);
}

/* Install the fork handler when the library is loaded.  */

static void __attribute__ ((constructor))
gw_pool_init (void)
{
  pthread_atfork (NULL, NULL, gw_pool_atfork_child);
}
