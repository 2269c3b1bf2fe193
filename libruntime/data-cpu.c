/* The data of the cpu device: the launching thread's stack objects that
   its data constructs and enter data directives make present.
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

/* The cpu device shares the host's memory, so its data clauses move
   nothing.  A queued launch must still see its data as a device would
   (device-cpu.c): an object that is present is the device's copy, which
   the region uses in place, whoever wrote it last; one that is not
   would be copied in at the launch (and out when the region ends), and
   the function whose frame holds it may change it, or return, before the
   region runs.  So a queued launch copies the objects of the launching
   thread's live frames that are not present, and this file keeps, for
   each thread, the stack ranges its data constructs and enter data
   directives map, with their counts as a present table would have them
   (OpenACC 2.7, 2.6.7): structured references, one per open data
   construct, and dynamic ones, of enter data.  Objects elsewhere
   (static, heap) are the host's, shared by the device and its queue:
   they are not recorded.  The data API (acc_copyin ...) is libgomp's,
   and does not record what it maps.  */

#define _GNU_SOURCE
#include <pthread.h>
#include <stdlib.h>

#include "runtime.h"

/* A present range of the thread's stack.  */
struct gw_stack_range
{
  uintptr_t start, end;
  size_t refs, dynamic;
};

/* The thread's present ranges...  */
static __thread struct gw_stack_range *gw_ranges;
static __thread size_t gw_num_ranges, gw_max_ranges;
/* ... the starts of the ranges its open data constructs reference, in
   the order they opened them...  */
static __thread uintptr_t *gw_refs;
static __thread size_t gw_num_refs, gw_max_refs;
/* ... and where each open construct's references begin in GW_REFS.  */
static __thread size_t *gw_opens;
static __thread size_t gw_num_opens, gw_max_opens;

/* Make room for one more element in the array *P of *MAX elements of
   SIZE bytes, of which N are used.  */

static void
gw_grow (void *p, size_t *max, size_t n, size_t size)
{
  void **array = p;

  if (n < *max)
    return;
  size_t want = *max ? 2 * *max : 16;
  void *grown = realloc (*array, want * size);
  if (grown == NULL)
    gw_fatal ("out of memory for the cpu device's present stack objects");
  *array = grown;
  *max = want;
}

/* The top of the calling thread's stack (its highest address, for the
   stacks of x86-64, which grow down), or 0 if unknown.  */

uintptr_t
gw_stack_top (void)
{
  static __thread uintptr_t top = 1;

  if (top == 1)
    {
      pthread_attr_t attr;
      void *addr;
      size_t size;
      top = 0;
      if (pthread_getattr_np (pthread_self (), &attr) == 0)
	{
	  if (pthread_attr_getstack (&attr, &addr, &size) == 0)
	    top = (uintptr_t) addr + size;
	  pthread_attr_destroy (&attr);
	}
    }
  return top;
}

/* Return true if [H, H + SIZE) lies in the calling thread's live frames,
   SP being an address below the frame of the caller's caller.  */

bool
gw_in_live_frames (uintptr_t h, size_t size, uintptr_t sp)
{
  uintptr_t top = gw_stack_top ();
  return h >= sp && h < top && size <= top - h;
}

/* Return the thread's range that starts at START, or NULL.  */

static struct gw_stack_range *
gw_range_at (uintptr_t start)
{
  for (size_t i = 0; i < gw_num_ranges; i++)
    if (gw_ranges[i].start == start)
      return &gw_ranges[i];
  return NULL;
}

/* Return true if [H, H + SIZE) lies within a present range of the
   calling thread's stack.  */

bool
gw_cpu_stack_present (uintptr_t h, size_t size)
{
  for (size_t i = 0; i < gw_num_ranges; i++)
    if (h >= gw_ranges[i].start && h < gw_ranges[i].end
	&& size <= gw_ranges[i].end - h)
      return true;
  return false;
}

/* Return true if entry I of a directive's MAPNUM entries HOSTADDRS,
   SIZES and KINDS maps an object of the calling thread's live frames (SP
   below them): a data clause (alloc, to, from, tofrom, with or without
   force) on a stack object of at least one byte.  */

static bool
gw_stack_mapping_p (void **hostaddrs, size_t *sizes, unsigned short *kinds,
		    size_t i, uintptr_t sp)
{
  unsigned kind = GW_MAP_KIND (kinds[i]);
  return (kind & ~(GW_MAP_FLAG_FORCE | GW_MAP_TOFROM)) == 0
	 && hostaddrs[i] && sizes[i]
	 && gw_in_live_frames ((uintptr_t) hostaddrs[i], sizes[i], sp);
}

/* Count a reference of the kind DYNAMIC or not to the range [H, H + SIZE)
   of the calling thread's stack; return its start.  */

static uintptr_t
gw_reference (uintptr_t h, size_t size, bool dynamic)
{
  struct gw_stack_range *r = gw_range_at (h);

  if (r == NULL)
    {
      gw_grow (&gw_ranges, &gw_max_ranges, gw_num_ranges, sizeof *gw_ranges);
      r = &gw_ranges[gw_num_ranges++];
      *r = (struct gw_stack_range) { h, h + size, 0, 0 };
    }
  else if (h + size > r->end)
    r->end = h + size;
  r->refs++;
  r->dynamic += dynamic;
  return h;
}

/* Drop DROP references to the range R, of which DYNAMIC are dynamic;
   forget it at none.  */

static void
gw_unreference (struct gw_stack_range *r, size_t drop, size_t dynamic)
{
  r->refs -= drop < r->refs ? drop : r->refs;
  r->dynamic -= dynamic < r->dynamic ? dynamic : r->dynamic;
  if (r->refs == 0)
    *r = gw_ranges[--gw_num_ranges];
}

/* The start of a data construct on the cpu device: reference the stack
   objects of its MAPNUM entries HOSTADDRS, SIZES and KINDS (none if
   MAPPED is false: its if clause was false) until its end.  */

void
gw_cpu_data_start (bool mapped, size_t mapnum, void **hostaddrs,
		   size_t *sizes, unsigned short *kinds)
{
  uintptr_t sp = (uintptr_t) __builtin_frame_address (0);

  gw_grow (&gw_opens, &gw_max_opens, gw_num_opens, sizeof *gw_opens);
  gw_opens[gw_num_opens++] = gw_num_refs;
  for (size_t i = 0; mapped && i < mapnum; i++)
    if (gw_stack_mapping_p (hostaddrs, sizes, kinds, i, sp))
      {
	gw_grow (&gw_refs, &gw_max_refs, gw_num_refs, sizeof *gw_refs);
	gw_refs[gw_num_refs++] = gw_reference ((uintptr_t) hostaddrs[i],
					       sizes[i], false);
      }
}

/* The end of the calling thread's innermost data construct on the cpu
   device.  */

void
gw_cpu_data_end (void)
{
  if (gw_num_opens == 0)
    return;
  size_t from = gw_opens[--gw_num_opens];
  while (gw_num_refs > from)
    {
      struct gw_stack_range *r = gw_range_at (gw_refs[--gw_num_refs]);
      if (r)
	gw_unreference (r, 1, 0);
    }
}

/* enter data on the cpu device (ENTER) or exit data: count or drop the
   dynamic references of the stack objects of its MAPNUM entries
   HOSTADDRS, SIZES and KINDS; a finalizing exit (the kinds delete and
   force_from) drops them all.  */

void
gw_cpu_enter_exit_data (bool enter, size_t mapnum, void **hostaddrs,
			size_t *sizes, unsigned short *kinds)
{
  uintptr_t sp = (uintptr_t) __builtin_frame_address (0);

  for (size_t i = 0; i < mapnum; i++)
    {
      unsigned kind = GW_MAP_KIND (kinds[i]);
      uintptr_t h = (uintptr_t) hostaddrs[i];
      if (enter)
	{
	  if (gw_stack_mapping_p (hostaddrs, sizes, kinds, i, sp))
	    gw_reference (h, sizes[i], true);
	  continue;
	}
      if (kind != GW_MAP_FROM && kind != GW_MAP_FORCE_FROM
	  && kind != GW_MAP_DELETE && kind != GW_MAP_RELEASE)
	continue;
      struct gw_stack_range *r = gw_range_at (h);
      if (r == NULL || r->dynamic == 0)
	continue;
      size_t drop = kind == GW_MAP_FORCE_FROM || kind == GW_MAP_DELETE
		    ? r->dynamic : 1;
      gw_unreference (r, drop, drop);
    }
}
