/* The cpu device's thread pool: the interface between its mechanism and
   its policy.
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

/* The pool's mechanism (pool.c, pool-threads.c, pool-queue.c) shares a
   launch's gangs among the launcher and the pool threads and runs the
   queue; every question of how a launch had best run it asks its policy
   (struct gw_pool_policy, GANGWAY_POOL_POLICY):

     begin       how this launch runs (enum gw_way): all its gangs in
		 one call on the launcher, timed or not; its job opened at
		 once; or alone on the launcher first, for how many ticks
     ran_whole   how long a launch run in one call took
     ran_alone   whether running alone first finished it, and how long
		 that took
     ran_shared  how long the launcher ran its own gangs once the job was
		 open, and how many it ran
     async_now   whether an async launch runs at once, synchronously,
		 rather than through the queue (the mechanism adds that the
		 queue must be empty)
     may_move    whether a pool thread moves off its launcher's CPU when
		 it finds itself there

   The policies (pool-policy.c) are "full", the default, which remembers
   each launch key (struct gw_known) and times its launches, the trials
   of pool-choice.c among them, and "simple", which asks nothing: every
   launch opens its job at once, async launches go through the queue, no
   thread moves.  The full policy's heuristics, each of which
   GANGWAY_POOL_POLICY=full,no-NAME turns off (gw_policy_off):

     alone       a launch whose key is not known to be long runs alone on
		 the launcher first, for GW_ALONE_TICKS; what the key
		 learns (long, quick) it learns from those launches, so
		 no-alone leaves quick and trials nothing to act on
     quick       a key whose launches ran alone quickly runs all its
		 gangs in one call, without the pool
     trials      a long key's launches are timed both ways, on the
		 launcher alone and shared, and run the faster
		 (pool-choice.c); no-trials: they are shared
     async-now   an async launch of a quick key runs at once, when the
		 queue is empty, rather than through the queue
     move        a pool thread that finds itself on its launcher's CPU
		 moves off it  A policy reads no clock and starts no thread: the
   mechanism passes it the times, in time-stamp counter ticks, and it
   runs under the pool's launch lock (may_move at a pool thread's start),
   so that its tests (testsuite/gangway.runtime/pooltest.c) feed it
   launches of a made-up program.  Nothing outside the pool's files and
   those tests includes this header.  */

#ifndef GW_POOL_POLICY_H
#define GW_POOL_POLICY_H

#include "runtime.h"

#pragma GCC visibility push(hidden)

/* How long a launch runs on the launching thread alone before it calls
   the pool threads, in time-stamp counter ticks (about 1 us at 2-3 GHz):
   about what calling them costs, waking them and waiting for them to
   finish.  */
#define GW_ALONE_TICKS 2500

/* How many launch keys the policy remembers; after how many long
   launches in a row a key's next ones call the pool threads at once;
   and how often such a key's launch runs alone first all the same, to
   find out whether it has become short.  */
#define GW_KNOWN_LAUNCHES 256
#define GW_LONG_RUNS 2
#define GW_ALONE_AGAIN 32

/* The trials of gw_chose (pool-choice.c says what each is for).  */
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

/* What the full policy remembers of a launch key: the key (0: none),
   how many of its launches in a row were long (at most GW_LONG_RUNS),
   how many of its launches called the pool threads at once since one
   last ran alone first, and how many in a row ran alone in less than
   half of GW_ALONE_TICKS (at most GW_QUICK_RUNS).  Then the choice for
   its long launches: whether they run alone (SOLO), the launches of a
   trial of the other way still to run (0: none), the launches of the
   chosen way before the next trial and the interval it was set from,
   the sum and the longest of the measured periods, in ticks, of the
   chosen way before the trial and of the trial, the longest time the
   chosen way's launches then took or would have taken alone, the mean
   period of the chosen way at the last trial and how many launches in a
   row since then had a period off by more than a factor of two, and
   when its last launch started and how long it took or would have taken
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

/* The full policy's state: by their key's remainder, the last launch
   keys seen and how their launches ran; the key on trial (0: none) and
   when its trial last moved.  Under the pool's launch lock.  */
struct gw_policy_state
{
  struct gw_known known[GW_KNOWN_LAUNCHES];
  uint64_t trial_key;
  uint64_t trial_moved;
};

extern struct gw_policy_state gw_policy_state;

/* How a launch runs.  */
enum gw_way
{
  /* All its gangs in one call of the kernel on the launcher, untimed;
     nothing is reported.  */
  GW_WAY_PLAIN,
  /* The same, timed: the mechanism reports the ticks (ran_whole).  */
  GW_WAY_WHOLE,
  /* Its gangs in shares, the job opened at once (ran_shared).  */
  GW_WAY_SHARE,
  /* Its gangs in shares, run on the launcher alone for ALONE_TICKS
     first (ran_alone), the job opened if some are left (ran_shared).  */
  GW_WAY_ALONE_FIRST
};

/* What the policy decided for one launch (gw_pool_policy.begin): the way
   and, for GW_WAY_ALONE_FIRST, how long to run alone; then what only the
   policy reads, which the mechanism hands back with each report.  */
struct gw_plan
{
  enum gw_way way;
  uint64_t alone_ticks;
  struct gw_known *known;
  int why;
};

/* A pool policy.  Every time is in time-stamp counter ticks.  */
struct gw_pool_policy
{
  /* The value of GANGWAY_POOL_POLICY that selects it.  */
  const char *name;
  /* Fill in PLAN for a launch of key KEY (not 0) starting at START:
     SHAREABLE if its gangs can be shared (more than one, and more than
     one thread), ASYNC if it has an async clause (a record of the
     queue, or one async_now let run at once).  The mechanism asks only
     where there is a choice: not for a synchronous launch that is not
     SHAREABLE, which runs in one call.  */
  void (*begin) (struct gw_plan *plan, uint64_t key, uint64_t start,
		 bool shareable, bool async);
  /* A launch of way GW_WAY_WHOLE took TOOK ticks.  */
  void (*ran_whole) (struct gw_plan *plan, uint64_t took);
  /* A launch of way GW_WAY_ALONE_FIRST ran alone for TOOK ticks from its
     start; DONE if that ran all its gangs.  */
  void (*ran_alone) (struct gw_plan *plan, bool done, uint64_t took);
  /* The launcher of a launch whose job was open ran MINE of its GANGS
     gangs in BUSY ticks.  */
  void (*ran_shared) (struct gw_plan *plan, uint64_t busy, uint64_t mine,
		      uint32_t gangs);
  /* Return true if an async launch of key KEY runs at once.  */
  bool (*async_now) (uint64_t key);
  /* Return true if a pool thread, BOUND to a place or not, in a pool of
     THREADS threads (the launcher included) on CPUS CPUs, moves off the
     CPU of its launcher when it finds itself there.  */
  bool (*may_move) (bool bound, unsigned threads, unsigned cpus);
};

/* pool-policy.c */
extern const struct gw_pool_policy gw_policy_full, gw_policy_simple;
extern unsigned gw_policy_off;
extern const struct gw_pool_policy *gw_pool_policy_of (int);
extern struct gw_known *gw_known_key (uint64_t);
extern void gw_policy_forget (void);

/* pool-choice.c */
extern void gw_chose (struct gw_known *, uint64_t, uint64_t);

#pragma GCC visibility pop

#endif /* GW_POOL_POLICY_H */
