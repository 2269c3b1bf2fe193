/* The mapping engine: the data directives' entry points.
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

/* gangway_data_start, gangway_data_end, gangway_enter_data,
   gangway_exit_data, gangway_update and gangway_declare, which the
   plugin's rewrite calls in place of libgomp's GOACC_ functions
   (data-map.c's comment says what they do).  See data-map.h for how the
   engine's files divide it.  */

#define _GNU_SOURCE
#include <stdarg.h>
#include <stdlib.h>

#include "runtime.h"
#include "data-map.h"

/* libgomp's entry points.  */
extern void GOACC_data_start (int, size_t, void **, size_t *,
			      unsigned short *);
extern void GOACC_data_end (void);
extern void GOACC_enter_data (int, size_t, void **, size_t *,
			      unsigned short *, int, int, ...);
extern void GOACC_exit_data (int, size_t, void **, size_t *,
			     unsigned short *, int, int, ...);
extern void GOACC_update (int, size_t, void **, size_t *, unsigned short *,
			  int, int, ...);

/* The calling thread's open data constructs, innermost first.  */
static __thread struct gw_region *gw_data_stack;

/* Before directive whose async queue is ASYNC: wait for the NUM_WAITS
   queues at AP, those of both devices and libgomp's (its devices may
   have asynchronous work), and for every queue if the directive is
   synchronous (launch.c says why).  A directive ON_QUEUE (an async one
   where the memory has queues) moves its data on its queue: its waits
   are its queue's, no host wait (acc_wait_async).  Otherwise an
   asynchronous directive moves its data at once, and the host waits:
   for its wait list, and where the device has memory of its own (OWN)
   for its own queue too.  Waiting synchronously, rather than making an
   asynchronous directive wait asynchronously, is a valid
   implementation.  */

static void
gw_wait_queues (int async, bool own, bool on_queue, int num_waits,
		va_list ap)
{
  for (int i = 0; i < num_waits; i++)
    if (on_queue)
      gangway_acc_wait_async (va_arg (ap, int), async);
    else
      gangway_acc_wait (va_arg (ap, int));
  if (async == GW_ASYNC_SYNC)
    gw_wait_all ();
  else if (own && !on_queue)
    gw_wait_queue (async);
}

/* The data construct's start: map the MAPNUM entries for its duration.
   GOACC_data_start's interface.  */

GW_EXPORT void
gangway_data_start (const struct gw_site *site, int flags_m, size_t mapnum,
		    void **hostaddrs, size_t *sizes, unsigned short *kinds)
{
  int flags = ~flags_m;
  if (gw_memory () == NULL)
    {
      gw_wait_all ();
      gw_cpu_data_start (!(flags & GW_FLAG_HOST_FALLBACK), mapnum, hostaddrs,
			 sizes, kinds);
      GOACC_data_start (flags_m, mapnum, hostaddrs, sizes, kinds);
      return;
    }
  gw_wait_all ();
  gw_map_site (site);
  struct gw_region *r
    = gw_map (flags & GW_FLAG_HOST_FALLBACK ? 0 : mapnum, hostaddrs,
		  sizes, kinds, NULL, GW_ASYNC_SYNC);
  gw_map_site (NULL);
  r->prev = gw_data_stack;
  gw_data_stack = r;
  GOACC_data_start (~(flags | GW_FLAG_HOST_FALLBACK), mapnum, hostaddrs,
		    sizes, kinds);
}

/* The end of the innermost data construct of the calling thread.
   GOACC_data_end's interface.  */

GW_EXPORT void
gangway_data_end (void)
{
  struct gw_region *r = gw_data_stack;

  if (gw_memory () != NULL && r != NULL)
    {
      gw_data_stack = r->prev;
      gw_wait_all ();
      gw_unmap (r, GW_ASYNC_SYNC);
    }
  else
    {
      gw_wait_all ();
      gw_cpu_data_end ();
    }
  GOACC_data_end ();
}

/* An unstructured directive (enter data, exit data, update): GOACC is
   libgomp's function, MAPPED what the directive does to the present
   table.  When the device shares the host's memory, libgomp's function
   is all (the wait list is honoured first); when it does not, the
   present table changes, then libgomp's function runs the directive's
   host side.  */

typedef void gw_goacc_directive (int, size_t, void **, size_t *,
				 unsigned short *, int, int, ...);
typedef void gw_map_directive (size_t, void **, size_t *, unsigned short *,
			       int);

/* Where the memory has queues, enter data, exit data and update move
   their data on their queue (ASYNC), and exit data frees its memory
   there too; elsewhere at once, after their queue's work
   (gw_directive).  */

static void
gw_enter_directive (size_t mapnum, void **hostaddrs, size_t *sizes,
		    unsigned short *kinds, int async)
{
  gw_map_enter (mapnum, hostaddrs, sizes, kinds, async);
}

static void
gw_exit_directive (size_t mapnum, void **hostaddrs, size_t *sizes,
		   unsigned short *kinds, int async)
{
  gw_map_exit (mapnum, hostaddrs, sizes, kinds, async);
}

/* CPU is 1 for enter data, 0 for exit data (the cpu device records
   their stack objects, data-cpu.c), -1 for update.  */

static void
gw_directive (gw_goacc_directive *goacc, gw_map_directive *mapped, int cpu,
	      const struct gw_site *site, int flags_m, size_t mapnum,
	      void **hostaddrs, size_t *sizes, unsigned short *kinds,
	      int async, int num_waits, va_list ap)
{
  int flags = ~flags_m;

  if (gw_memory () == NULL)
    {
      gw_wait_queues (async, false, false, num_waits, ap);
      if (cpu >= 0 && !(flags & GW_FLAG_HOST_FALLBACK))
	gw_cpu_enter_exit_data (cpu, mapnum, hostaddrs, sizes, kinds);
      goacc (flags_m, mapnum, hostaddrs, sizes, kinds, async, 0);
      return;
    }
  bool on_queue = async != GW_ASYNC_SYNC && gw_memory_queues (gw_memory ());
  gw_wait_queues (async, true, on_queue, num_waits, ap);
  if (!(flags & GW_FLAG_HOST_FALLBACK))
    {
      gw_map_site (site);
      mapped (mapnum, hostaddrs, sizes, kinds,
	      on_queue ? async : GW_ASYNC_SYNC);
      gw_map_site (NULL);
    }
  goacc (~(flags | GW_FLAG_HOST_FALLBACK), mapnum, hostaddrs, sizes, kinds,
	 async, 0);
}

/* enter data, with GOACC_enter_data's interface.  */

GW_EXPORT void
gangway_enter_data (const struct gw_site *site, int flags_m, size_t mapnum,
		    void **hostaddrs, size_t *sizes, unsigned short *kinds,
		    int async, int num_waits, ...)
{
  va_list ap;
  va_start (ap, num_waits);
  gw_directive (GOACC_enter_data, gw_enter_directive, 1, site, flags_m,
		mapnum, hostaddrs, sizes, kinds, async, num_waits, ap);
  va_end (ap);
}

/* exit data, with GOACC_exit_data's interface.  */

GW_EXPORT void
gangway_exit_data (const struct gw_site *site, int flags_m, size_t mapnum,
		   void **hostaddrs, size_t *sizes, unsigned short *kinds,
		   int async, int num_waits, ...)
{
  va_list ap;
  va_start (ap, num_waits);
  gw_directive (GOACC_exit_data, gw_exit_directive, 0, site, flags_m,
		mapnum, hostaddrs, sizes, kinds, async, num_waits, ap);
  va_end (ap);
}

/* update, with GOACC_update's interface.  */

GW_EXPORT void
gangway_update (const struct gw_site *site, int flags_m, size_t mapnum,
		void **hostaddrs, size_t *sizes, unsigned short *kinds,
		int async, int num_waits, ...)
{
  va_list ap;
  va_start (ap, num_waits);
  gw_directive (GOACC_update, gw_map_update, -1, site, flags_m, mapnum,
		hostaddrs, sizes, kinds, async, num_waits, ap);
  va_end (ap);
}

/* A declare directive inside a function, with GOACC_declare's interface:
   GCC calls it at the function's start with the clauses' entry kinds
   (alloc, to, their forced forms, present, deviceptr), and at its end
   with the exit kinds (from, release, delete), each entry on its own,
   as enter and exit data; an alloc of present data, and deviceptr, do
   nothing.  libgomp's function is not called: it would only look for
   the data in its own devices.  */

GW_EXPORT void
gangway_declare (const struct gw_site *site, int flags_m, size_t mapnum,
		 void **hostaddrs, size_t *sizes, unsigned short *kinds)
{
  int flags = ~flags_m;
  bool shared = gw_memory () == NULL;

  gw_wait_all ();
  if (flags & GW_FLAG_HOST_FALLBACK)
    return;
  for (size_t i = 0; i < mapnum; i++)
    {
      unsigned kind = GW_MAP_KIND (kinds[i]);
      switch (kind)
	{
	case GW_MAP_POINTER:
	case GW_MAP_TO_PSET:
	case GW_MAP_FORCE_DEVICEPTR:
	  break;

	case GW_MAP_ALLOC:
	case GW_MAP_FORCE_ALLOC:
	case GW_MAP_TO:
	case GW_MAP_FORCE_TO:
	  if (shared)
	    gw_cpu_enter_exit_data (true, 1, &hostaddrs[i], &sizes[i],
				    &kinds[i]);
	  else if (kind != GW_MAP_ALLOC
		   || gw_map_lookup (hostaddrs[i], sizes[i]) == 0)
	    gw_map_enter (1, &hostaddrs[i], &sizes[i], &kinds[i],
			  GW_ASYNC_SYNC);
	  break;

	case GW_MAP_FROM:
	case GW_MAP_FORCE_FROM:
	case GW_MAP_RELEASE:
	case GW_MAP_DELETE:
	  if (shared)
	    gw_cpu_enter_exit_data (false, 1, &hostaddrs[i], &sizes[i],
				    &kinds[i]);
	  else
	    gw_map_exit (1, &hostaddrs[i], &sizes[i], &kinds[i],
			 GW_ASYNC_SYNC);
	  break;

	case GW_MAP_FORCE_PRESENT:
	  if (!shared && sizes[i]
	      && gw_map_lookup (hostaddrs[i], sizes[i]) == 0)
	    {
	      gw_map_site_entry (site, i);
	      gw_data_fatal ("declare present: [%p,+%zu] is not present on "
			     "the device", hostaddrs[i], sizes[i]);
	    }
	  break;

	default:
	  gw_fatal ("unsupported mapping kind 0x%.2x in a declare directive",
		    kind);
	}
    }
}
