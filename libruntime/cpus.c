/* The CPUs the cpu device runs on.
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

/* The cpu device's pool has one thread per CPU the process may use, and
   its threads may run on exactly those CPUs.  What the process may use is
   its affinity mask as it started: what taskset, a batch system, mpirun
   --bind-to or a cpuset cgroup gave it (the kernel applies the cgroup's
   cpuset to the mask), or what the program set with sched_setaffinity.

   The mask of the calling thread is not it.  libgomp, which every
   OpenACC program loads and which initializes before this library (it
   is a dependency), binds the initial thread to the first of its places
   as soon as OMP_PROC_BIND, OMP_PLACES or GOMP_CPU_AFFINITY ask for
   binding: the initial thread then has one CPU (or one core), and
   threads it creates inherit that.  libgomp built its places from the
   process's mask before narrowing, and keeps them: OpenMP's
   omp_get_place_proc_ids lists them.  So:

     M = the mask of the process's initial thread (sched_getaffinity of
	 the process id, whatever thread asks);
     U = the union of libgomp's places (none without binding);
     the process's CPUs are U if there are places and M lies within U
     (libgomp narrowed M), else M.

   A program that narrows its own initial thread after libgomp did, to
   CPUs of other places, gets M.  The pool threads are created with the
   mask explicitly (pool-threads.c), so they never inherit a narrower one.  */

#define _GNU_SOURCE
#include <errno.h>
#include <omp.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runtime.h"

/* Return the affinity mask of the process's initial thread in a set of
   *SIZE bytes allocated with CPU_ALLOC, or NULL if the system does not
   tell.  */

static cpu_set_t *
gw_initial_mask (size_t *size)
{
  /* The kernel's mask may be larger than a cpu_set_t: grow until it
     fits.  */
  for (int n = 1024; n <= 1 << 20; n *= 2)
    {
      cpu_set_t *set = CPU_ALLOC (n);
      if (set == NULL)
	return NULL;
      *size = CPU_ALLOC_SIZE (n);
      if (sched_getaffinity (getpid (), *size, set) == 0)
	return set;
      CPU_FREE (set);
      if (errno != EINVAL)
	return NULL;
    }
  return NULL;
}

/* Add the CPUs of libgomp's place P to SET, of SIZE bytes.  */

static void
gw_add_place (int p, cpu_set_t *set, size_t size)
{
  int n = omp_get_place_num_procs (p);
  if (n <= 0)
    return;
  int *ids = malloc (n * sizeof *ids);
  if (ids == NULL)
    return;
  omp_get_place_proc_ids (p, ids);
  for (int i = 0; i < n; i++)
    if (ids[i] >= 0 && (size_t) ids[i] < 8 * size)
      CPU_SET_S (ids[i], size, set);
  free (ids);
}

/* Add the CPUs of libgomp's places to SET, of SIZE bytes.  Return the
   number of places.  */

static int
gw_add_omp_places (cpu_set_t *set, size_t size)
{
  int places = omp_get_num_places ();

  for (int p = 0; p < places; p++)
    gw_add_place (p, set, size);
  return places;
}

/* Fill in *C with the CPUs this process may use (see above).  Where the
   system does not tell, C->SET stays NULL and C->COUNT is the number of
   online CPUs, at least 1.  */

void
gw_find_cpus (struct gw_cpus *c)
{
  c->set = NULL;
  c->size = 0;
  c->count = 0;
  c->source = "online";
  c->places = false;

  size_t size;
  cpu_set_t *m = gw_initial_mask (&size);
  if (m != NULL && CPU_COUNT_S (size, m) > 0)
    {
      c->set = m;
      c->size = size;
      c->source = "affinity";
      cpu_set_t *u = CPU_ALLOC (8 * size);
      if (u != NULL)
	{
	  CPU_ZERO_S (size, u);
	  cpu_set_t *both = CPU_ALLOC (8 * size);
	  if (gw_add_omp_places (u, size) > 0 && CPU_COUNT_S (size, u) > 0
	      && both != NULL)
	    {
	      /* M within U: libgomp narrowed it.  */
	      CPU_AND_S (size, both, m, u);
	      if (CPU_EQUAL_S (size, both, m))
		{
		  CPU_FREE (m);
		  c->set = u;
		  u = NULL;
		  c->source = "omp-places";
		  c->places = true;
		}
	    }
	  if (both)
	    CPU_FREE (both);
	  if (u)
	    CPU_FREE (u);
	}
      c->count = (unsigned) CPU_COUNT_S (c->size, (cpu_set_t *) c->set);
      return;
    }
  if (m)
    CPU_FREE (m);

  long n = sysconf (_SC_NPROCESSORS_ONLN);
  c->count = n > 0 ? (unsigned) n : 1;
}

/* Fill SET, of SIZE bytes, with the CPUs of libgomp's place number
   PLACE modulo the number of places, and return that place's number; or
   return -1 if libgomp has no places (no binding was asked for) or that
   place has no CPU in SET's range.  */

int
gw_place_cpus (unsigned place, void *set, size_t size)
{
  int places = omp_get_num_places ();
  if (places <= 0)
    return -1;
  int p = (int) (place % (unsigned) places);
  CPU_ZERO_S (size, (cpu_set_t *) set);
  gw_add_place (p, set, size);
  return CPU_COUNT_S (size, (cpu_set_t *) set) > 0 ? p : -1;
}

/* Write the CPUs of C as a list of ranges ("0-3,8,10-11", or "all" when
   C has no set) into BUF, of SIZE bytes; cut short with "..." if it does
   not fit.  Return BUF.  */

char *
gw_format_cpus (const struct gw_cpus *c, char *buf, size_t size)
{
  size_t len = 0;

  buf[0] = '\0';
  if (c->set == NULL)
    {
      snprintf (buf, size, "all");
      return buf;
    }
  const cpu_set_t *set = c->set;
  size_t bits = 8 * c->size;
  for (size_t i = 0; i < bits; i++)
    {
      if (!CPU_ISSET_S (i, c->size, set))
	continue;
      size_t j = i;
      while (j + 1 < bits && CPU_ISSET_S (j + 1, c->size, set))
	j++;
      int n = (j == i
	       ? snprintf (buf + len, size - len, "%s%zu", len ? "," : "", i)
	       : snprintf (buf + len, size - len, "%s%zu-%zu", len ? "," : "",
			   i, j));
      if (n < 0 || (size_t) n >= size - len)
	{
	  if (size >= 4)
	    strcpy (buf + size - 4, "...");
	  return buf;
	}
      len += (size_t) n;
      i = j;
    }
  return buf;
}
