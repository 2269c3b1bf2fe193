/* The mapping engine's own declarations, shared by its files.
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

/* The engine (runtime.h, "data-map.c") is four files: data-map.c, the
   present table and the mappings of launches and data constructs;
   data-declare.c, the declared globals; data-map-api.c, the data API's
   operations; data-directives.c, the data directives' entry points.
   This header is theirs alone.  Every function below but gw_lock,
   gw_unlock, gw_data_fatal and gw_map_declared requires GW_DATA_LOCK.  */

#ifndef GANGWAY_DATA_MAP_H
#define GANGWAY_DATA_MAP_H

#include <pthread.h>

#include "runtime.h"

#pragma GCC visibility push(hidden)

/* A device allocation holding one or more entries.  */
struct gw_block
{
  const struct gw_memory *mem;	/* The memory it is in.  */
  uint64_t base;
  size_t size;
  size_t users;			/* Entries in it.  */
  bool borrowed;		/* The program's memory (acc_map_data):
				   never freed here.  */
};

/* The reference count of an entry acc_map_data made: it never drops to
   zero; only acc_unmap_data removes the entry.  */
#define GW_REFS_MAPPED (SIZE_MAX / 2)

/* A present host range.  */
struct gw_present
{
  uintptr_t start, end;		/* [START, END), never empty.  */
  uint64_t dev;			/* Device address of START.  */
  size_t refs;			/* All references...  */
  size_t dynamic;		/* ... and those of enter data.  */
  struct gw_block *block;
  unsigned mark;		/* For gw_sync_host.  */
  bool read_only;		/* The host's copy cannot be written.  */
  bool declared;		/* A declared global's (gw_map_declared).  */
  const struct gw_site *site;	/* What mapped it, and which of its  */
  size_t site_entry;		/* mappings, for messages.  */
  struct gw_present *next;
};

/* An attached pointer: the host pointer at WHERE, inside a present
   entry, whose device copy holds a device address.  */
struct gw_attach
{
  uintptr_t where;
  size_t count;
  struct gw_attach *next;
};

/* What a launch or data construct did to one entry of its list, to be
   undone at its end.  */
struct gw_item
{
  struct gw_present *entry;	/* A reference to drop, or NULL.  */
  uintptr_t host;		/* The entry's host address...  */
  size_t size;			/* ... and size.  */
  unsigned char kind;
  bool attach;			/* An attachment of HOST to drop.  */
  bool in_block;		/* A private copy in the launch's argument
				   block (gw_map_place_copies)...  */
  uint64_t dev;			/* ... at this device address.  */
};

/* A launch's or data construct's mappings.  */
struct gw_region
{
  struct gw_region *prev;	/* Enclosing data construct.  */
  const struct gw_site *site;	/* Its launch's or construct's.  */
  size_t n;
  struct gw_item items[];
};

/* The lock of everything here, the table, and whether the calling thread
   holds the lock (data-map.c).  */
extern pthread_mutex_t gw_data_lock;
extern struct gw_present *gw_table;
extern __thread bool gw_locked;

/* data-map.c.  */
extern void gw_lock (void);
extern void gw_unlock (void);
extern void gw_data_fatal (const char *, ...)
  __attribute__ ((noreturn, format (printf, 1, 2)));
extern void gw_map_site_entry (const struct gw_site *, size_t);
extern void gw_put (const struct gw_present *, uint64_t, const void *,
		    size_t);
extern uint64_t gw_dev (const struct gw_present *, uintptr_t);
extern struct gw_present *gw_find (uintptr_t, size_t);
extern struct gw_present *gw_add (uintptr_t, size_t, struct gw_block *,
				  uint64_t, bool);
extern struct gw_block *gw_new_block (size_t);
extern void gw_free_block (struct gw_block *);
extern void gw_remove (struct gw_present *);
extern uint64_t gw_attach (uintptr_t, size_t);
extern void gw_detach (uintptr_t, bool);
extern size_t gw_map_entry (size_t, void **, size_t *, unsigned short *,
			    uint64_t *, struct gw_item *);
extern void gw_map_enter (size_t, void **, size_t *, unsigned short *, int);

/* The async queue the engine's copies and frees go on (gw_put, gw_get,
   gw_free_block) while an async launch maps or unmaps its data, or an
   enter or exit data with async runs, on a
   memory with queues; GW_ASYNC_SYNC, at once, otherwise.  Set under the
   lock by gw_map, gw_unmap, gw_map_enter, gw_map_exit and
   gw_map_enter_datum, for their duration.  */
extern __thread int gw_map_queue;

/* data-declare.c: map the declared globals of the units registered
   since the last call (gw_lock calls it).  */
extern void gw_map_declared (void);

#pragma GCC visibility pop

#endif /* GANGWAY_DATA_MAP_H */
