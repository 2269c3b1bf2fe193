/* The cpu device's thread pool: its policies, full and simple.
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

/* The answers to the questions the pool's mechanism asks of a launch
   (pool-policy.h lists them).  The simple policy gives the mechanism's
   own: every launch of more than one gang opens its job at once, the
   pool threads sharing the gangs with the launcher; async launches go
   through the queue; no pool thread moves.  The full policy, the
   default, is the mechanism tuned one measurement at a time, each
   heuristic for a cost that the mechanism alone pays:

   - Running alone first.  Calling the pool threads (opening the job,
     waking them, and waiting at the end for those that joined) costs
     about a microsecond, more than the whole of a kernel of a few
     hundred iterations, which the launching thread alone runs faster.
     So a launch first runs chunks of its own share alone and opens the
     job only once it has worked GW_ALONE_TICKS (GW_WAY_ALONE_FIRST); a
     launch that finishes before that never involves the pool.

   - Long keys.  A launch that turned out long (it opened the job, or
     its last batch alone took it past GW_ALONE_TICKS) is remembered by
     its key (the kernel and the sizes of its data), and after
     GW_LONG_RUNS such launches in a row the next ones of that key open
     the job at once (GW_WAY_SHARE): a big kernel pays nothing, one that
     is big only now and then pays once, and a short one that an
     interrupt made long once does not call the pool threads.  Calling
     them when they are not needed costs more than the call: an idle
     pool thread spins for a while, and where the pool's CPUs are
     hyperthreads of one core, as on many virtual machines, a spinning
     thread slows the launcher's own work (a 0.3 us kernel took 0.5 us
     beside one).  So a key that goes back to
     running alone is noticed early: when a launch of it that opened the
     job shows that the launcher alone would have run it in
     GW_ALONE_TICKS (at the pace it ran its own chunks), and every
     GW_ALONE_AGAIN launches, when one runs alone first all the same.

   - Quick keys.  A key whose last GW_QUICK_RUNS launches ran alone in
     less than half of GW_ALONE_TICKS runs its next ones in one call of
     the kernel for all its gangs (GW_WAY_WHOLE): no shares to set up,
     no batches, no clock reads between them, and the kernel's prologue
     computed once (a 0.3 us halo exchange spent a third of its time in
     five batches).  One that takes longer than that goes back to
     batches, and counts as long past GW_ALONE_TICKS.

   - Alone or with the pool.  Whether a long key's launches are faster
     with the pool is measured, not assumed (gw_chose, pool-choice.c):
     where CPUs pass cache lines slowly, calling a helper for a kernel of
     a few microseconds costs more than it saves.  A key that runs faster
     alone runs its launches in one call on the launcher.

   - Async launches at once.  An async launch of a key timed quick runs
     at once (async_now; the mechanism adds that the queue must be
     empty, so that no record queued before it has yet to run): handing
     it to the runner, whose CPU then reads the record and writes its
     data, costs more than the kernel (an async 0.3 us halo exchange
     took 0.7 us a launch queued, on a 2-vCPU virtual machine).
     Single-gang async launches are
     timed for this too.  OpenACC allows it: an async region may be
     complete when the launch returns.

   - Moves.  A pool thread that may run on every CPU of the process and
     finds itself on its launcher's CPU moves to another (pool-threads.c,
     gw_move_off): Linux often wakes a thread on the CPU of the thread
     that wakes it, and a kernel that packs its threads onto few CPUs may
     leave them there, the helper taking turns with the launcher.  Not a
     thread bound to a place, nor in a pool of more threads than CPUs,
     whose threads do not spin and take turns anyway.

   The full policy remembers GW_KNOWN_LAUNCHES keys (gw_policy_state),
   each in the slot of its remainder, forgotten for another key that
   shares the slot.  */

#include <string.h>

#include "pool-policy.h"

struct gw_policy_state gw_policy_state;

/* The GW_POOL_NO_* heuristics of the full policy turned off (set at the
   pool's start from GANGWAY_POOL_POLICY; the tests set it).  */
unsigned gw_policy_off;

/* Why the full policy chose GW_WAY_WHOLE for a launch (gw_plan.why).  */
enum
{
  GW_WHY_TIMED,			/* A single-gang async launch: timed for
				   async_now.  */
  GW_WHY_SOLO,			/* A long key that runs faster alone.  */
  GW_WHY_QUICK			/* A quick key.  */
};

/* Return what the full policy remembers of launch key KEY, which is
   forgotten for another key that shares its slot.  */

struct gw_known *
gw_known_key (uint64_t key)
{
  struct gw_policy_state *st = &gw_policy_state;
  struct gw_known *known = &st->known[key % GW_KNOWN_LAUNCHES];

  if (known->key != key)
    {
      if (st->trial_key == known->key)
	st->trial_key = 0;
      *known = (struct gw_known) { .key = key,
				   .until_trial = GW_TRIAL_FIRST,
				   .interval = GW_TRIAL_FIRST };
    }
  return known;
}

/* Forget every launch key (for the policy's tests).  */

void
gw_policy_forget (void)
{
  memset (&gw_policy_state, 0, sizeof gw_policy_state);
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

/* Count a launch of the key KNOWN as long.  */

static inline void
gw_count_long (struct gw_known *known)
{
  known->long_runs += known->long_runs < GW_LONG_RUNS;
}

/* The full policy's begin: see pool-policy.h and above.  */

static void
gw_full_begin (struct gw_plan *plan, uint64_t key, uint64_t start,
	       bool shareable, bool async)
{
  struct gw_known *known = gw_known_key (key);

  (void) async;
  plan->known = known;
  plan->alone_ticks = 0;
  plan->way = GW_WAY_WHOLE;
  if (!shareable)
    {
      /* Only async launches are asked about: timed, for async_now.  */
      plan->why = GW_WHY_TIMED;
      return;
    }

  if (known->long_runs == GW_LONG_RUNS
      && !(gw_policy_off & GW_POOL_NO_TRIALS))
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
      plan->why = GW_WHY_SOLO;
      return;
    }
  if (known->quick_runs == GW_QUICK_RUNS
      && !(gw_policy_off & GW_POOL_NO_QUICK))
    {
      plan->why = GW_WHY_QUICK;
      return;
    }

  /* A kernel not known to be long runs alone for a while first, and
     one known to be long does so every GW_ALONE_AGAIN launches (not
     those of a trial).  */
  if (gw_policy_off & GW_POOL_NO_ALONE)
    plan->way = GW_WAY_SHARE;
  else if (known->long_runs < GW_LONG_RUNS
	   || (known->trial == 0 && ++known->since_alone == GW_ALONE_AGAIN))
    {
      known->since_alone = 0;
      plan->way = GW_WAY_ALONE_FIRST;
      plan->alone_ticks = GW_ALONE_TICKS;
    }
  else
    plan->way = GW_WAY_SHARE;
}

/* The full policy's ran_whole.  */

static void
gw_full_ran_whole (struct gw_plan *plan, uint64_t took)
{
  struct gw_known *known = plan->known;

  if (plan->why == GW_WHY_SOLO)
    {
      known->last_alone = took;
      return;
    }
  gw_count_quick (known, took <= GW_ALONE_TICKS / 2);
  if (plan->why == GW_WHY_QUICK && took > GW_ALONE_TICKS)
    gw_count_long (known);
}

/* The full policy's ran_alone.  Its last batch may have been long (the
   gangs of the last shares did the work): that counts as long too.  */

static void
gw_full_ran_alone (struct gw_plan *plan, bool done, uint64_t took)
{
  struct gw_known *known = plan->known;

  if (!done || took > GW_ALONE_TICKS)
    gw_count_long (known);
  else
    known->long_runs = 0;
  gw_count_quick (known, done && took <= GW_ALONE_TICKS / 2);
}

/* The full policy's ran_shared.  A launch that the launcher alone would
   have run in GW_ALONE_TICKS (at the pace it ran its own gangs once the
   job was open): its next one starts alone again.  */

static void
gw_full_ran_shared (struct gw_plan *plan, uint64_t busy, uint64_t mine,
		    uint32_t gangs)
{
  struct gw_known *known = plan->known;
  double alone = mine > 0 ? (double) busy / mine * gangs : (double) UINT64_MAX;

  if (alone <= GW_ALONE_TICKS)
    known->long_runs = 0;
  known->last_alone = alone < (double) UINT64_MAX ? (uint64_t) alone
						   : UINT64_MAX;
}

/* The full policy's async_now: a key whose last launches ran alone and
   quick.  A key that turns out long again goes back to the queue at its
   next launch.  */

static bool
gw_full_async_now (uint64_t key)
{
  const struct gw_known *known
    = &gw_policy_state.known[key % GW_KNOWN_LAUNCHES];

  return known->key == key && known->quick_runs == GW_QUICK_RUNS
	 && !(gw_policy_off & GW_POOL_NO_ASYNC_NOW);
}

/* The full policy's may_move.  */

static bool
gw_full_may_move (bool bound, unsigned threads, unsigned cpus)
{
  return !bound && threads <= cpus && !(gw_policy_off & GW_POOL_NO_MOVE);
}

const struct gw_pool_policy gw_policy_full = {
  .name = "full",
  .begin = gw_full_begin,
  .ran_whole = gw_full_ran_whole,
  .ran_alone = gw_full_ran_alone,
  .ran_shared = gw_full_ran_shared,
  .async_now = gw_full_async_now,
  .may_move = gw_full_may_move,
};

/* The simple policy's begin: share what can be shared, at once.  */

static void
gw_simple_begin (struct gw_plan *plan, uint64_t key, uint64_t start,
		 bool shareable, bool async)
{
  (void) key;
  (void) start;
  (void) async;
  *plan = (struct gw_plan) { .way = shareable ? GW_WAY_SHARE : GW_WAY_PLAIN };
}

static void
gw_simple_ran_whole (struct gw_plan *plan, uint64_t took)
{
  (void) plan;
  (void) took;
}

static void
gw_simple_ran_alone (struct gw_plan *plan, bool done, uint64_t took)
{
  (void) plan;
  (void) done;
  (void) took;
}

static void
gw_simple_ran_shared (struct gw_plan *plan, uint64_t busy, uint64_t mine,
		      uint32_t gangs)
{
  (void) plan;
  (void) busy;
  (void) mine;
  (void) gangs;
}

static bool
gw_simple_async_now (uint64_t key)
{
  (void) key;
  return false;
}

static bool
gw_simple_may_move (bool bound, unsigned threads, unsigned cpus)
{
  (void) bound;
  (void) threads;
  (void) cpus;
  return false;
}

const struct gw_pool_policy gw_policy_simple = {
  .name = "simple",
  .begin = gw_simple_begin,
  .ran_whole = gw_simple_ran_whole,
  .ran_alone = gw_simple_ran_alone,
  .ran_shared = gw_simple_ran_shared,
  .async_now = gw_simple_async_now,
  .may_move = gw_simple_may_move,
};

/* Return the policy of ID, a GW_POOL_POLICY_* value.  */

const struct gw_pool_policy *
gw_pool_policy_of (int id)
{
  return id == GW_POOL_POLICY_SIMPLE ? &gw_policy_simple : &gw_policy_full;
}
