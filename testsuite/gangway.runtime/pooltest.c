/* Tests of the cpu device's pool policies, against a fake clock.
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

/* This program is linked with the policy's files (libruntime/
   pool-policy.c, pool-choice.c) and nothing else of the library: it
   plays the pool's mechanism (pool.c, gw_launch), asking the policy how
   each launch runs and telling it how long that took, for launches of a
   made-up program whose costs it sets, in ticks of a fake clock.  So
   what it checks does not depend on the machine's speed or load.  Its
   first argument picks a test; run-tests.sh runs each.  A failed check
   prints "FAIL: ..." and makes the exit status 1.  */

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "pool-policy.h"
#include "gwtest.h"

/* What the policy's files use of the rest of the library (env.c): the
   configuration, with GANGWAY_LOG=pool, and the log lines, kept.  */

struct gw_config gw_the_config = { .log = GW_LOG_POOL };
atomic_bool gw_config_ready = true;

const struct gw_config *
gw_config_first (void)
{
  return &gw_the_config;
}

static char last_message[512];
static int messages;

void
gw_message (const char *fmt, ...)
{
  va_list ap;

  va_start (ap, fmt);
  vsnprintf (last_message, sizeof last_message, fmt, ap);
  va_end (ap);
  messages++;
  fprintf (stderr, "gangway: %s\n", last_message);
}

/* The fake clock, in ticks.  */
static uint64_t now = 1000000;

/* The gangs of every made-up launch.  */
#define GANGS 16

/* What a launch of the made-up program costs: the ticks it takes on the
   launcher alone and with the pool, and those from its end to the next
   launch's start.  Its period, one way or the other, is that way's
   ticks plus GAP.  */
struct cost
{
  uint64_t alone, pool, gap;
};

/* Launch key KEY of cost C as pool.c's gw_launch does, under POLICY:
   ask it how, tell it how long that took, and move the clock.  Return
   the way it ran: GW_WAY_ALONE_FIRST only if it then opened the job (a
   launch that ran alone first and finished is GW_WAY_WHOLE's
   kind for the caller: all its gangs on the launcher).  */

static enum gw_way
launch (const struct gw_pool_policy *policy, uint64_t key,
	const struct cost *c)
{
  struct gw_plan plan;
  uint64_t start = now, took;
  enum gw_way way;

  policy->begin (&plan, key, start, true, false);
  way = plan.way;
  switch (plan.way)
    {
    case GW_WAY_PLAIN:
      took = c->alone;
      break;
    case GW_WAY_WHOLE:
      took = c->alone;
      policy->ran_whole (&plan, took);
      break;
    case GW_WAY_ALONE_FIRST:
      if (c->alone <= plan.alone_ticks)
	{
	  took = c->alone;
	  policy->ran_alone (&plan, true, took);
	  way = GW_WAY_WHOLE;
	  break;
	}
      /* Its batch that ran past the time opens the job.  */
      policy->ran_alone (&plan, false, plan.alone_ticks + 1);
      /* Fall through.  */
    case GW_WAY_SHARE:
    default:
      took = c->pool;
      /* The launcher ran half the gangs at the pace of C->alone.  */
      policy->ran_shared (&plan, c->alone / 2, GANGS / 2, GANGS);
      break;
    }
  now += took + c->gap;
  return way;
}

/* Return true if WAY ran all the gangs of its launch on the launcher.  */

static bool
on_launcher (enum gw_way way)
{
  return way == GW_WAY_WHOLE || way == GW_WAY_PLAIN;
}

/* Launch KEY of cost C under the full policy until a launch runs the
   way of ALONE (on the launcher, or not), at most MAX times.  Return
   how many launches ran the other way before it (MAX if none ran that
   way).  */

static unsigned
until_way (uint64_t key, const struct cost *c, bool alone, unsigned max)
{
  unsigned n = 0;

  while (n < max && on_launcher (launch (&gw_policy_full, key, c)) != alone)
    n++;
  return n;
}

/* Launch KEY of cost C under the full policy until a launch's start
   ends a trial (its log line), and return how many launches ran before
   that one; *WAY is the way that one ran.  */

static unsigned
until_decision (uint64_t key, const struct cost *c, enum gw_way *way)
{
  int before = messages;
  unsigned n = 0;

  for (; n < 100000; n++)
    {
      *way = launch (&gw_policy_full, key, c);
      if (messages != before)
	break;
    }
  return n;
}

/* A key turns long after GW_LONG_RUNS long launches in a row: the next
   one opens its job at once.  One long launch among short ones does
   not; a long key whose launcher would have run it alone in
   GW_ALONE_TICKS runs alone first again; a long key runs alone first
   every GW_ALONE_AGAIN launches.  */

static void
test_long (void)
{
  const struct gw_pool_policy *full = &gw_policy_full;
  /* Too long to be tried alone: no trial in the way.  */
  struct cost big = { 2 * GW_TRIAL_LIMIT, GW_TRIAL_LIMIT / 2, 0 };
  struct cost small = { GW_ALONE_TICKS - 100, GW_ALONE_TICKS, 0 };
  enum gw_way way;

  gw_policy_forget ();
  for (int i = 0; i < GW_LONG_RUNS; i++)
    CHECK ((way = launch (full, 1, &big)) == GW_WAY_ALONE_FIRST,
	   "long launch %d of a new key: way %d, not alone first", i, way);
  for (int i = 0; i < 10; i++)
    CHECK ((way = launch (full, 1, &big)) == GW_WAY_SHARE,
	   "launch %d of a long key: way %d, not the job at once", i, way);

  /* Long, short, long ...: never long.  */
  for (int i = 0; i < 20; i++)
    {
      way = launch (full, 2, i % 2 ? &small : &big);
      CHECK (way == (i % 2 ? GW_WAY_WHOLE : GW_WAY_ALONE_FIRST),
	     "launch %d, long every other time: way %d", i, way);
    }

  /* Key 1 would now take the launcher alone under GW_ALONE_TICKS: its
     next launch runs alone first, and finishes there.  */
  struct cost shorter = { GW_ALONE_TICKS, GW_ALONE_TICKS, 0 };
  CHECK (launch (full, 1, &shorter) == GW_WAY_SHARE, "key 1 is not long");
  CHECK ((way = launch (full, 1, &shorter)) == GW_WAY_WHOLE,
	 "a long key become short: way %d, not alone", way);

  /* Every GW_ALONE_AGAIN launches of a long key run alone first.  */
  gw_policy_forget ();
  for (int i = 0; i < GW_LONG_RUNS; i++)
    launch (full, 3, &big);
  for (int i = 1; i <= 10 * GW_ALONE_AGAIN; i++)
    {
      way = launch (full, 3, &big);
      CHECK (way == (i % GW_ALONE_AGAIN ? GW_WAY_SHARE : GW_WAY_ALONE_FIRST),
	     "launch %d of a long key: way %d", i, way);
    }

  /* A key that shares the slot of a long one: that one is forgotten.  */
  launch (full, 3 + GW_KNOWN_LAUNCHES, &big);
  CHECK ((way = launch (full, 3, &big)) == GW_WAY_ALONE_FIRST,
	 "a forgotten key: way %d, not alone first", way);
}

/* A key whose last GW_QUICK_RUNS launches ran alone in half of
   GW_ALONE_TICKS runs in one call; a slower one goes back to batches,
   one past GW_ALONE_TICKS counts as long; async launches run at once
   after quick ones (async_now).  */

static void
test_quick (void)
{
  const struct gw_pool_policy *full = &gw_policy_full;
  struct cost quick = { GW_ALONE_TICKS / 2, GW_ALONE_TICKS, 10 };
  struct cost slower = { GW_ALONE_TICKS / 2 + 1, GW_ALONE_TICKS, 10 };
  struct cost longer = { GW_ALONE_TICKS + 2, GW_ALONE_TICKS, 10 };
  struct gw_plan plan;

  gw_policy_forget ();
  CHECK (!full->async_now (5), "async now: a key never seen");
  for (int i = 0; i < GW_QUICK_RUNS; i++)
    {
      CHECK (!full->async_now (5), "async now: after %d quick launches", i);
      full->begin (&plan, 5, now, true, false);
      CHECK (plan.way == GW_WAY_ALONE_FIRST
	     && plan.alone_ticks == GW_ALONE_TICKS,
	     "quick launch %d: way %d for %llu ticks, not alone first for "
	     "GW_ALONE_TICKS", i, plan.way,
	     (unsigned long long) plan.alone_ticks);
      full->ran_alone (&plan, true, quick.alone);
    }
  CHECK (full->async_now (5), "async now: after %d quick launches",
	 GW_QUICK_RUNS);
  CHECK (!full->async_now (5 + GW_KNOWN_LAUNCHES),
	 "async now: a key of the same slot");
  for (int i = 0; i < 5; i++)
    {
      full->begin (&plan, 5, now, true, false);
      CHECK (plan.way == GW_WAY_WHOLE, "launch %d of a quick key: way %d, "
	     "not one call", i, plan.way);
      full->ran_whole (&plan, quick.alone);
    }

  /* Slower: batches again, not long.  */
  CHECK (launch (full, 5, &slower) == GW_WAY_WHOLE, "a quick key");
  CHECK (!full->async_now (5), "async now: after a slower launch");
  CHECK (launch (full, 5, &slower) == GW_WAY_WHOLE
	 && launch (full, 5, &quick) == GW_WAY_WHOLE,
	 "a key that was quick runs alone first, and finishes");
  full->begin (&plan, 5, now, true, false);
  CHECK (plan.way == GW_WAY_ALONE_FIRST, "a slower key: way %d, not "
	 "alone first", plan.way);
  full->ran_alone (&plan, true, quick.alone);

  /* Quick again, then one past GW_ALONE_TICKS in one call, then one
     that opens its job: long.  */
  CHECK (launch (full, 5, &longer) == GW_WAY_WHOLE, "quick again");
  CHECK (launch (full, 5, &longer) == GW_WAY_ALONE_FIRST,
	 "after a long call, alone first, and opens the job");
  CHECK (launch (full, 5, &longer) == GW_WAY_SHARE,
	 "a long call and a long launch: the job at once");

  /* Single-gang async launches are timed for async_now, and a long one
     does not make the key long.  */
  gw_policy_forget ();
  for (int i = 0; i < GW_QUICK_RUNS; i++)
    {
      full->begin (&plan, 6, now, false, true);
      CHECK (plan.way == GW_WAY_WHOLE, "single-gang async launch: way %d, "
	     "not timed in one call", plan.way);
      full->ran_whole (&plan, GW_ALONE_TICKS / 2);
    }
  CHECK (full->async_now (6), "async now: after quick single-gang ones");
  full->begin (&plan, 6, now, false, true);
  full->ran_whole (&plan, 100 * GW_ALONE_TICKS);
  CHECK (!full->async_now (6), "async now: after a long single-gang one");
  CHECK (launch (full, 6, &longer) == GW_WAY_ALONE_FIRST,
	 "a long single-gang launch does not make its key long");
}

/* A long key with short launches is tried alone after GW_TRIAL_FIRST
   launches with the pool, for GW_TRIAL_LAUNCHES; the faster way, by
   more than a sixteenth, is kept; a chosen way that stands is tried
   against the other less and less often, the interval doubling up to
   GW_TRIAL_MAX.  */

static void
test_trial (void)
{
  /* Alone, the period is 3/4 of that with the pool.  */
  struct cost c = { 5000, 7000, 1000 };
  unsigned n;

  gw_policy_forget ();
  messages = 0;
  for (int i = 0; i < GW_LONG_RUNS; i++)
    launch (&gw_policy_full, 7, &c);
  CHECK ((n = until_way (7, &c, true, 10000)) == GW_TRIAL_FIRST,
	 "the first trial after %u launches with the pool, not %d", n,
	 GW_TRIAL_FIRST);
  enum gw_way way;
  CHECK ((n = 1 + until_decision (7, &c, &way)) == GW_TRIAL_LAUNCHES,
	 "a trial of %u launches alone, not %d", n, GW_TRIAL_LAUNCHES);
  CHECK (on_launcher (way), "alone won, but the next launch ran with the "
	 "pool");
  CHECK (messages == 1 && strstr (last_message, "period alone 6000 ticks, "
				  "with the pool 8000: runs alone"),
	 "%d messages, the last '%s'", messages, last_message);
  /* Alone is chosen: the pool is tried, stands (a launch that ran with
     the pool is followed by alone), and is tried again later.  */
  unsigned alone = 1, interval = GW_TRIAL_FIRST;
  for (int trial = 0; trial < 9; trial++)
    {
      alone += until_way (7, &c, false, 10000);
      CHECK (alone == interval, "alone chosen: %u launches alone before "
	     "trial %d, not %u", alone, trial, interval);
      n = 1 + until_way (7, &c, true, 10000);
      CHECK (n == GW_TRIAL_LAUNCHES, "trial %d of the pool: %u launches",
	     trial, n);
      CHECK (strstr (last_message, "period alone 6000 ticks, with the pool "
		     "8000: runs alone") != NULL,
	     "trial %d's message: '%s'", trial, last_message);
      alone = 1;
      if (interval < GW_TRIAL_MAX)
	interval *= 2;
    }
  CHECK (interval == GW_TRIAL_MAX, "the trials back off to %d", GW_TRIAL_MAX);
}

/* Run key KEY, a new one, with the pool until its first trial, then
   through the trial: return the way it runs after it.  */

static bool
after_trial (uint64_t key, const struct cost *c)
{
  for (int i = 0; i < GW_LONG_RUNS; i++)
    launch (&gw_policy_full, key, c);
  until_way (key, c, true, 10000);
  until_way (key, c, false, GW_TRIAL_LAUNCHES);
  return on_launcher (launch (&gw_policy_full, key, c));
}

/* The way faster by more than a sixteenth wins, not the other; a trial
   whose period is more than twice the chosen way's after its first
   launch ends there, lost; a key whose launches would take the launcher
   alone more than GW_TRIAL_LIMIT ticks is never tried alone.  */

static void
test_margin (void)
{
  /* With the pool, periods of 8000 ticks; a sixteenth is 500.  */
  struct cost just = { 7499 - 1000, 7000, 1000 };
  struct cost not_quite = { 7500 - 1000, 7000, 1000 };

  gw_policy_forget ();
  CHECK (after_trial (8, &just), "alone faster by a sixteenth and a tick "
	 "did not win");
  CHECK (!after_trial (9, &not_quite), "alone faster by a sixteenth won");

  /* Lost: alone thrice as long.  */
  struct cost slow = { 21000 - 1000, 7000, 1000 };
  for (int i = 0; i < GW_LONG_RUNS; i++)
    launch (&gw_policy_full, 10, &slow);
  until_way (10, &slow, true, 10000);
  unsigned n = 1 + until_way (10, &slow, false, 10000);
  CHECK (n == 2, "a trial that lost: %u launches, not 2", n);
  CHECK (strstr (last_message, "period alone 21000 ticks, with the pool "
		 "8000: runs with the pool") != NULL,
	 "the lost trial's message: '%s'", last_message);
  /* The launch after it, with the pool, was the first of the interval
     between trials (the launch that ends a trial starts the next
     interval, which until_way does not count).  */
  n = until_way (10, &slow, true, 10000);
  CHECK (n == 2 * GW_TRIAL_FIRST - 1, "after a lost trial, the next after "
	 "%u launches, not %d", n, 2 * GW_TRIAL_FIRST - 1);

  /* Too long to try alone, however slow the pool.  */
  struct cost big = { GW_TRIAL_LIMIT + 2, 10 * GW_TRIAL_LIMIT, 0 };
  for (int i = 0; i < GW_LONG_RUNS; i++)
    launch (&gw_policy_full, 11, &big);
  n = until_way (11, &big, true, 5000);
  CHECK (n == 5000, "a key over GW_TRIAL_LIMIT ran alone after %u "
	 "launches", n);
  struct cost limit = { GW_TRIAL_LIMIT, 10 * GW_TRIAL_LIMIT, 0 };
  for (int i = 0; i < GW_LONG_RUNS; i++)
    launch (&gw_policy_full, 12, &limit);
  n = until_way (12, &limit, true, 5000);
  CHECK (n == GW_TRIAL_FIRST, "a key at GW_TRIAL_LIMIT was tried alone "
	 "after %u launches, not %d", n, GW_TRIAL_FIRST);
}

/* A key whose period stays off by more than a factor of two from its
   last trial's for GW_TRIAL_DRIFT launches is tried again as soon as the
   chosen way is measured anew; its trials then back off from
   GW_TRIAL_FIRST again.  */

static void
test_drift (void)
{
  struct cost c = { 9000, 7000, 1000 };
  unsigned n;

  gw_policy_forget ();
  for (int i = 0; i < GW_LONG_RUNS; i++)
    launch (&gw_policy_full, 13, &c);
  /* The trials at GW_TRIAL_FIRST, 2, 4 and 8 times that.  */
  for (int trial = 0; trial < 4; trial++)
    {
      n = until_way (13, &c, true, 10000);
      CHECK (n == (unsigned) (GW_TRIAL_FIRST << trial) - (trial > 0),
	     "trial %d after %u launches", trial, n);
      until_way (13, &c, false, 10000);
    }
  /* A longer period (another phase: a longer gap), at once.  The next
     trial would have come after 16 times GW_TRIAL_FIRST.  */
  c.gap = 20000;
  n = until_way (13, &c, true, 10000);
  CHECK (n == GW_TRIAL_DRIFT + GW_TRIAL_MEASURED,
	 "after a change of period, the trial after %u launches, not %d", n,
	 GW_TRIAL_DRIFT + GW_TRIAL_MEASURED);
  until_way (13, &c, false, 10000);
  n = until_way (13, &c, true, 10000);
  CHECK (n == 2 * GW_TRIAL_FIRST - 1, "then after %u launches, not %d", n,
	 2 * GW_TRIAL_FIRST - 1);

  /* Off by a factor of two exactly is no drift.  */
  c.gap = 2 * (c.pool + c.gap) - c.pool;
  until_way (13, &c, false, 10000);
  n = until_way (13, &c, true, 10000);
  CHECK (n == 4 * GW_TRIAL_FIRST - 1, "a period twice as long: the trial "
	 "after %u launches, not %d", n, 4 * GW_TRIAL_FIRST - 1);
}

/* One key is on trial at a time: another waits until that trial is over,
   has not moved for GW_TRIAL_STALE ticks, or its key is forgotten.  */

static void
test_one_trial (void)
{
  struct cost c = { 5000, 7000, 1000 };
  enum gw_way a = GW_WAY_SHARE, b = GW_WAY_SHARE;
  int i;

  gw_policy_forget ();
  /* The two keys alternate, and come to their trials together: key 14
     first.  */
  for (i = 0; i < 100 && !on_launcher (a); i++)
    {
      a = launch (&gw_policy_full, 14, &c);
      b = launch (&gw_policy_full, 15, &c);
    }
  CHECK (on_launcher (a) && !on_launcher (b), "key 14 on trial (%d), key "
	 "15 not (%d), after %d launches", a, b, i);
  /* Key 14 stops, in its trial; key 15 waits ...  */
  for (i = 0; i < 1000 && !on_launcher (b); i++)
    b = launch (&gw_policy_full, 15, &c);
  CHECK (!on_launcher (b), "key 15 on trial during key 14's");
  /* ... until key 14's trial is stale.  */
  now += GW_TRIAL_STALE;
  for (i = 0; i < 1000 && !on_launcher (b); i++)
    b = launch (&gw_policy_full, 15, &c);
  CHECK (on_launcher (b) && i <= GW_TRIAL_MEASURED + 1,
	 "key 15's trial after %d launches past a stale one", i);

  /* A key on trial that is forgotten (another key took its slot) is
     on trial no more.  */
  gw_policy_forget ();
  a = b = GW_WAY_SHARE;
  for (i = 0; i < 100 && !on_launcher (a); i++)
    {
      a = launch (&gw_policy_full, 14, &c);
      b = launch (&gw_policy_full, 15, &c);
    }
  for (i = 0; i < 100 && !on_launcher (b); i++)
    b = launch (&gw_policy_full, 15, &c);
  CHECK (!on_launcher (b), "key 15 on trial during key 14's");
  launch (&gw_policy_full, 14 + GW_KNOWN_LAUNCHES, &c);
  for (i = 0; i < 1000 && !on_launcher (b); i++)
    b = launch (&gw_policy_full, 15, &c);
  CHECK (on_launcher (b) && i <= GW_TRIAL_MEASURED + 1,
	 "key 15's trial after %d launches past a forgotten one", i);
}

/* The simple policy shares every launch's gangs at once, however they
   ran before; it runs no async launch at once.  */

static void
test_simple (void)
{
  const struct gw_pool_policy *simple = &gw_policy_simple;
  struct cost quick = { 100, 1000, 0 };
  struct cost alone = { 5000, 7000, 1000 };
  struct cost big = { 2 * GW_TRIAL_LIMIT, GW_TRIAL_LIMIT, 0 };
  struct gw_plan plan;
  enum gw_way way;

  gw_policy_forget ();
  for (int i = 0; i < 3000; i++)
    {
      const struct cost *c = i % 3 == 0 ? &quick : i % 3 == 1 ? &alone : &big;
      CHECK ((way = launch (simple, 16 + i % 3, c)) == GW_WAY_SHARE,
	     "simple, launch %d: way %d, not shared at once", i, way);
      CHECK (!simple->async_now (16 + i % 3), "simple: async at once");
    }
  simple->begin (&plan, 16, now, false, true);
  CHECK (plan.way == GW_WAY_PLAIN, "simple, a single-gang async launch: "
	 "way %d, not plain", plan.way);
  CHECK (strcmp (simple->name, "simple") == 0
	 && strcmp (gw_policy_full.name, "full") == 0
	 && gw_pool_policy_of (GW_POOL_POLICY_SIMPLE) == simple
	 && gw_pool_policy_of (GW_POOL_POLICY_FULL) == &gw_policy_full,
	 "the policies' names");
}

/* Which pool threads may move off their launcher's CPU, by a fake
   topology: threads, CPUs, and whether the thread is bound to a place.  */

static void
test_move (void)
{
  static const struct
  {
    bool bound;
    unsigned threads, cpus;
    bool full;
  } cases[] = {
    { false, 2, 2, true },
    { false, 2, 16, true },
    { false, 16, 16, true },
    { true, 2, 2, false },
    { true, 16, 16, false },
    /* More threads than CPUs: they do not spin, and take turns.  */
    { false, 3, 2, false },
    { false, 64, 16, false },
  };

  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    {
      CHECK (gw_policy_full.may_move (cases[i].bound, cases[i].threads,
				      cases[i].cpus) == cases[i].full,
	     "full: a pool thread%s of %u threads on %u CPUs %s move",
	     cases[i].bound ? " bound to a place" : "", cases[i].threads,
	     cases[i].cpus, cases[i].full ? "may" : "may not");
      CHECK (!gw_policy_simple.may_move (cases[i].bound, cases[i].threads,
					 cases[i].cpus),
	     "simple: a pool thread of %u threads on %u CPUs moves",
	     cases[i].threads, cases[i].cpus);
    }
}

/* Each no-NAME item of GANGWAY_POOL_POLICY=full,... (gw_policy_off)
   turns off its heuristic and leaves the others.  */

static void
test_off (void)
{
  const struct gw_pool_policy *full = &gw_policy_full;
  struct cost big = { 2 * GW_TRIAL_LIMIT, GW_TRIAL_LIMIT / 2, 0 };
  struct cost quick = { GW_ALONE_TICKS / 2, GW_ALONE_TICKS, 10 };
  /* Alone, the period is 3/4 of that with the pool (as test_trial).  */
  struct cost solo = { 5000, 7000, 1000 };
  struct gw_plan plan;
  enum gw_way way;
  unsigned n;

  /* no-alone: a new key's launches share at once, and it never turns
     quick (it learns that from launches run alone).  */
  gw_policy_forget ();
  gw_policy_off = GW_POOL_NO_ALONE;
  for (int i = 0; i < 3 * GW_LONG_RUNS; i++)
    CHECK ((way = launch (full, 1, &big)) == GW_WAY_SHARE,
	   "no-alone: launch %d of a new key: way %d, not the job at once",
	   i, way);
  for (int i = 0; i < 3 * GW_QUICK_RUNS; i++)
    CHECK ((way = launch (full, 2, &quick)) == GW_WAY_SHARE,
	   "no-alone: quick launch %d: way %d, not the job at once", i, way);
  CHECK (!full->async_now (2), "no-alone: a key never run alone is quick");

  /* no-quick: a quick key still runs alone first, batch by batch, and its
     async launches still run at once.  */
  gw_policy_forget ();
  gw_policy_off = GW_POOL_NO_QUICK;
  for (int i = 0; i < 2 * GW_QUICK_RUNS; i++)
    launch (full, 3, &quick);
  full->begin (&plan, 3, now, true, false);
  CHECK (plan.way == GW_WAY_ALONE_FIRST, "no-quick: a quick key's launch: "
	 "way %d, not alone first", plan.way);
  CHECK (full->async_now (3), "no-quick: async launches of a quick key are "
	 "queued");

  /* no-async-now: a quick key runs in one call, its async launches are
     queued.  */
  gw_policy_forget ();
  gw_policy_off = GW_POOL_NO_ASYNC_NOW;
  for (int i = 0; i < 2 * GW_QUICK_RUNS; i++)
    launch (full, 4, &quick);
  full->begin (&plan, 4, now, true, false);
  CHECK (plan.way == GW_WAY_WHOLE, "no-async-now: a quick key's launch: "
	 "way %d, not in one call", plan.way);
  CHECK (!full->async_now (4), "no-async-now: an async launch at once");

  /* no-trials: a long key that would run faster alone shares all the
     same; without the item it is tried alone (test_trial).  */
  gw_policy_forget ();
  gw_policy_off = GW_POOL_NO_TRIALS;
  for (int i = 0; i < GW_LONG_RUNS; i++)
    launch (full, 5, &solo);
  CHECK ((n = until_way (5, &solo, true, 2000)) == 2000,
	 "no-trials: a long key ran alone after %u launches", n);
  gw_policy_forget ();
  gw_policy_off = 0;
  for (int i = 0; i < GW_LONG_RUNS; i++)
    launch (full, 5, &solo);
  CHECK ((n = until_way (5, &solo, true, 2000)) == GW_TRIAL_FIRST,
	 "without no-trials: the first trial after %u launches, not %d", n,
	 GW_TRIAL_FIRST);

  /* no-move: no pool thread moves.  */
  gw_policy_off = GW_POOL_NO_MOVE;
  CHECK (!full->may_move (false, 2, 2), "no-move: a pool thread moves");
  gw_policy_off = 0;
  CHECK (full->may_move (false, 2, 2), "full: a pool thread may not move");
  gw_policy_forget ();
}

/* Run the test named by ARGV[1].  */

int
main (int argc, char **argv)
{
  static const struct
  {
    const char *name;
    void (*run) (void);
  } tests[] = {
    { "long", test_long },
    { "quick", test_quick },
    { "trial", test_trial },
    { "margin", test_margin },
    { "drift", test_drift },
    { "one-trial", test_one_trial },
    { "simple", test_simple },
    { "move", test_move },
    { "off", test_off },
  };
  const char *test = argc > 1 ? argv[1] : "";

  for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++)
    if (strcmp (test, tests[i].name) == 0)
      {
	tests[i].run ();
	return failures ? 1 : 0;
      }
  fprintf (stderr, "unknown test %s\n", test);
  return 2;
}
