/* The mapping engine: the operations of the OpenACC data API.
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

/* data-api.c's calls of the engine, each under the lock: one-entry
   enter and exit data, lookups by host and by device address,
   acc_map_data's borrowed blocks, acc_malloc's allocations (remembered
   here, so that acc_free and acc_memcpy_* can check their addresses),
   and attachments.  See data-map.h for how the engine's files divide
   it.  */

#define _GNU_SOURCE
#include <inttypes.h>
#include <stdlib.h>

#include <acc_prof.h>

#include "runtime.h"
#include "data-map.h"

/* A block of device memory acc_malloc returned.  */
struct gw_allocation
{
  const struct gw_memory *mem;
  uint64_t base;
  size_t size;
  struct gw_allocation *next;
};

static struct gw_allocation *gw_allocations;

/* The data API's operations (data-api.c), each under the lock.  */

/* acc_copyin, acc_create: map [H, H + SIZE) with a dynamic reference, as
   enter data does with KIND (GW_MAP_TO or GW_MAP_ALLOC), its copy on
   queue ASYNC, and return the device address of H.  */

uint64_t
gw_map_enter_datum (void *h, size_t size, unsigned short kind, int async)
{
  uint64_t word;

  gw_lock ();
  gw_map_queue = async;
  gw_map_entry (0, &h, &size, &kind, &word, NULL);
  gw_map_queue = GW_ASYNC_SYNC;
  gw_unlock ();
  return word;
}

/* Return the device address of host address H if [H, H + SIZE) is
   present (SIZE 0 counts as 1), else 0.  */

uint64_t
gw_map_lookup (const void *h, size_t size)
{
  uintptr_t p = (uintptr_t) h;
  uint64_t dev = 0;

  gw_lock ();
  struct gw_present *e = gw_find (p, size);
  if (e && p >= e->start && p + (size ? size : 1) <= e->end)
    dev = gw_dev (e, p);
  gw_unlock ();
  return dev;
}

/* Return the entry whose device copy holds device address DEV in the
   current memory, or NULL.  */

static struct gw_present *
gw_find_dev (uint64_t dev, size_t size)
{
  const struct gw_memory *mem = gw_memory ();
  uint64_t end = dev + (size ? size : 1);

  for (struct gw_present *e = gw_table; e; e = e->next)
    if (e->block->mem == mem && e->dev < end
	&& dev < e->dev + (e->end - e->start))
      return e;
  return NULL;
}

/* acc_hostptr: the host address whose device copy is at DEV, or NULL.  */

void *
gw_map_host_address (uint64_t dev)
{
  gw_lock ();
  struct gw_present *e = gw_find_dev (dev, 1);
  void *h = e ? (void *) (e->start + (dev - e->dev)) : NULL;
  gw_unlock ();
  return h;
}

/* acc_map_data: make [H, H + SIZE) present at device address DEV, memory
   the program allocated, until acc_unmap_data.  */

void
gw_map_data (void *h, uint64_t dev, size_t size)
{
  if (h == NULL || dev == 0 || size == 0)
    gw_fatal ("acc_map_data: [%p,+%zu]->[%#" PRIx64 ",+%zu] is a bad map",
	      h, size, dev, size);
  gw_lock ();
  if (gw_find ((uintptr_t) h, size))
    gw_fatal ("acc_map_data: host address [%p, +%zu] is already mapped", h,
	      size);
  if (gw_find_dev (dev, size))
    gw_fatal ("acc_map_data: device address [%#" PRIx64 ", +%zu] is already "
	      "mapped", dev, size);
  struct gw_block *b = calloc (1, sizeof *b);
  if (b == NULL)
    gw_fatal ("out of memory for the present table");
  b->mem = gw_memory ();
  b->base = dev;
  b->borrowed = true;
  struct gw_present *e = gw_add ((uintptr_t) h, size, b, dev, false);
  e->refs = GW_REFS_MAPPED;
  gw_unlock ();
}

/* acc_unmap_data: remove the mapping acc_map_data made at H; the device
   memory stays the program's.  */

void
gw_unmap_data (void *h)
{
  gw_lock ();
  struct gw_present *e = gw_find ((uintptr_t) h, 1);
  if (e == NULL)
    gw_fatal ("acc_unmap_data: %p is not a mapped block", h);
  if (e->start != (uintptr_t) h)
    gw_fatal ("acc_unmap_data: [%p,+%zu] surrounds %p", (void *) e->start,
	      (size_t) (e->end - e->start), h);
  if (!e->block->borrowed)
    gw_fatal ("acc_unmap_data: refusing to unmap block [%p,+%zu] that has "
	      "not been mapped by 'acc_map_data'", h,
	      (size_t) (e->end - e->start));
  gw_remove (e);
  gw_unlock ();
}

/* acc_malloc: SIZE bytes of the current memory, remembered for
   acc_free and the checks of device addresses.  */

uint64_t
gw_map_malloc (size_t size)
{
  struct gw_allocation *a = calloc (1, sizeof *a);

  if (a == NULL)
    gw_fatal ("out of memory for acc_malloc");
  a->mem = gw_memory ();
  a->size = size;
  a->base = a->mem->alloc (size);
  gw_prof (acc_ev_alloc, NULL, a->base, size, GW_ASYNC_SYNC);
  gw_lock ();
  a->next = gw_allocations;
  gw_allocations = a;
  gw_unlock ();
  return a->base;
}

/* acc_free: free DEV, which acc_malloc returned, unless mapped.  */

void
gw_map_free (uint64_t dev)
{
  gw_lock ();
  struct gw_present *e = gw_find_dev (dev, 1);
  if (e)
    gw_fatal ("acc_free: refusing to free device memory space at %#" PRIx64
	      " that is still mapped at [%p,+%zu]", dev,
	      (void *) (e->start + (dev - e->dev)),
	      (size_t) (e->end - e->start));
  struct gw_allocation **p = &gw_allocations;
  while (*p && (*p)->base != dev)
    p = &(*p)->next;
  if (*p == NULL)
    gw_fatal ("acc_free: %#" PRIx64 " is not device memory from acc_malloc "
	      "(or was freed already)", dev);
  struct gw_allocation *a = *p;
  *p = a->next;
  gw_unlock ();
  gw_prof (acc_ev_free, NULL, a->base, a->size, GW_ASYNC_SYNC);
  a->mem->free (a->base, a->size);
  free (a);
}

/* Return true if [DEV, DEV + SIZE) is device memory of the current
   memory the program may name: inside an allocation of acc_malloc or
   the device copy of a present entry.  */

bool
gw_map_device_range_p (uint64_t dev, size_t size)
{
  const struct gw_memory *mem = gw_memory ();
  bool ok = false;

  gw_lock ();
  for (struct gw_allocation *a = gw_allocations; a && !ok; a = a->next)
    ok = (a->mem == mem && dev >= a->base
	  && dev + size <= a->base + (a->size ? a->size : 1));
  for (struct gw_present *e = gw_table; e && !ok; e = e->next)
    ok = (e->block->mem == mem && dev >= e->dev
	  && dev + size <= e->dev + (e->end - e->start));
  gw_unlock ();
  return ok;
}

/* acc_attach, acc_detach: attach the pointer at host address P, which
   must lie in present data, or detach it (all its attachments if
   FINALIZE).  */

void
gw_map_attach (void **p)
{
  uintptr_t where = (uintptr_t) p;

  gw_lock ();
  struct gw_present *e = gw_find (where, sizeof *p);
  if (e == NULL || where < e->start || where + sizeof *p > e->end)
    gw_fatal ("acc_attach: struct not mapped for acc_attach");
  gw_attach (where, 0);
  gw_unlock ();
}

void
gw_map_detach (void **p, bool finalize)
{
  uintptr_t where = (uintptr_t) p;

  gw_lock ();
  if (gw_find (where, sizeof *p) == NULL)
    gw_fatal ("acc_detach: struct not mapped for acc_detach");
  gw_detach (where, finalize);
  gw_unlock ();
}
