/* The cpu device's thread pool: its threads.
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

/* An idle pool thread first spins on the state word for a short while
   (GW_SPIN_NS) so that back-to-back launches find it awake, then sleeps on
   a condition variable.  One that finds itself on the CPU of the last job's
   launcher, where it would take turns with it, moves to another
   (gw_move_off), where the pool's policy lets it (pool-policy.c: the full
   one, unless it was bound to a place).  A launcher that finds sleepers
   broadcasts.  The launcher's own wait for stragglers spins then sleeps the
   same way.  No one spins when the pool has more threads than the process
   has CPUs.

   The pool threads are created with the affinity mask of the CPUs the
   process may use (cpus.c), not the creating thread's, which libgomp or
   the application may have bound to one CPU; where binding was asked
   for (libgomp has places), pool thread K with the CPUs of the Kth
   place after the first launcher's (modulo their number), as OpenMP
   binds its team's threads.  With GANGWAY_LOG=pool the pool says, when
   it starts, how many threads it has and on which CPUs, and each pool
   thread the mask it then has (and its place).

   At exit a destructor waits for the queue, then stops and joins the pool
   threads (unless a launch is still running: then the process ends
   around them).  In the child of
   a fork, which has no pool threads, the pool is reset to its unstarted
   state and the next cpu launch starts a new one.  */

#define _GNU_SOURCE
#include <errno.h>
#include <omp.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pool.h"

/* How long an idle thread spins before it sleeps, in nanoseconds.  */
#define GW_SPIN_NS 100000

/* Set on a pool thread that the policy lets move (the full one: one
   that may run on every CPU of the process, not bound to a place, while
   idle threads spin): it moves off the launcher's CPU when it finds
   itself there (gw_move_off).  */
static __thread bool gw_may_move;

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
	  if (gw_config ()->log & GW_LOG_POOL)
	    gw_message ("pool: a thread moved off cpu %d, its launcher's",
			cpu);
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
  gw_may_move = gw_pool.policy->may_move (start->place >= 0,
					  gw_config ()->num_threads,
					  gw_config ()->online_cpus);
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

void
gw_pool_start (void)
{
  struct gw_pool *p = &gw_pool;
  const struct gw_config *c = gw_config ();
  unsigned want = c->num_threads - 1;

  p->started = true;
  p->num_threads = 0;
  p->spin_ns = c->num_threads <= c->online_cpus ? GW_SPIN_NS : 0;
  p->policy = gw_pool_policy_of (c->pool_policy);
  gw_policy_off = c->pool_off;
  if (c->log & GW_LOG_POOL)
    {
      char list[256], policy[96];
      gw_message ("pool threads=%u cpus=%s from=%s policy=%s",
		  c->num_threads,
		  gw_format_cpus (&c->cpus, list, sizeof list),
		  c->cpus.source,
		  gw_format_pool_policy (c, policy, sizeof policy));
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
     application's threads.  The synchronous ones of their own faults
     they take, as every thread must (a blocked one ends the process
     without its handler): the data check's page faults (check.c), and
     the program's own handlers.  */
  sigset_t all, old;
  sigfillset (&all);
  static const int faults[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP };
  for (size_t i = 0; i < sizeof faults / sizeof faults[0]; i++)
    sigdelset (&all, faults[i]);
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
