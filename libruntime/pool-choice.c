/* The cpu device's thread pool: whether a long key runs faster alone
   (the full policy's timed trials).
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

/* Whether a long key's launches are faster with the pool is measured,
   not assumed (gw_chose): where the threads' CPUs pass cache lines
   slowly, as on virtual machines, calling a helper for a kernel of a few
   microseconds costs more than it saves (a 20,000-element update took
   2.1 us on one thread and 3.0 with two).  Such a key's launches are
   timed by their period, start to start, both ways in turn: for a while
   the chosen way, then a short trial of the other, and the faster by a
   sixteenth is kept; the trials grow rarer while the choice stands.
   Keys whose launches would take the launcher alone more than
   GW_TRIAL_LIMIT ticks are never tried alone.

   A long key's launches either open the job or run all their gangs on the
   launcher alone, whichever was faster when last tried (gw_full_begin,
   pool-policy.c, and gw_chose).  What is timed is a launch's period: from
   its start to the start of the next launch of the same key, the time of
   the other kernels and the host code in between included, so that a way
   that makes the next kernels slower (they find their data in the other
   thread's cache) does not look faster than it is.  The other way is tried
   for GW_TRIAL_LAUNCHES launches, of which the last GW_TRIAL_MEASURED count
   (the first ones move the data into the caches of the threads that now
   touch it): their mean period without the longest (an interrupt's),
   against the same of the chosen way's last launches before the trial.  The
   first trial comes after GW_TRIAL_FIRST launches of a key turned long,
   then after twice as many as the last time each time the choice stands, at
   most GW_TRIAL_MAX; one key is on trial at a time (a trial that has not
   moved for GW_TRIAL_STALE ticks is over).  The way that is faster by more
   than a sixteenth wins.  Running alone is tried only for keys whose
   launches with the pool would have taken the launcher alone at most
   GW_TRIAL_LIMIT ticks, at the pace it ran its own gangs (a trial may not
   cost more than a few such launches), and a trial whose period is more
   than twice the chosen way's, after its first launch (which moves the
   data), ends there, lost.  A key whose period, the chosen way, stays off
   by more than a factor of two from what it was at its last trial for
   GW_TRIAL_DRIFT launches in a row is in another phase of the program
   (other kernels now run between its launches, or none): its next trial
   comes as soon as the chosen way's last GW_TRIAL_MEASURED periods are
   measured anew, and then after GW_TRIAL_FIRST launches again.  */

#include "pool-policy.h"

/* Count the period, TOOK ticks, of the last launch of the long key
   KNOWN, which started NOW: a launch of the chosen way or of a trial.
   After the last launch of a trial, keep the way that was faster by more
   than a sixteenth.  With GANGWAY_LOG=pool each trial's outcome is
   logged.  */

void
gw_chose (struct gw_known *known, uint64_t took, uint64_t now)
{
  struct gw_policy_state *p = &gw_policy_state;

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
