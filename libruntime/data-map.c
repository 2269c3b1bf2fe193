/* The mapping engine: the present table of a device with memory of its
   own, the data clauses of its launches and the data directives.
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

/* A device with memory of its own (struct gw_memory: the ptx device,
   and the cpu device under GANGWAY_MEM=separate) does not share the
   host's memory, so the data clauses of its launches and the data
   directives move data, as libgomp does for its own devices
   (libgomp/target.c, gomp_map_vars; libgomp/oacc-mem.c).  The interface
   is GCC 12's: each construct passes MAPNUM entries of HOSTADDRS, SIZES
   and KINDS (GW_MAP_* in runtime.h).  The engine knows nothing of a
   device but its memory operations; gw_memory () says which memory the
   directives map into, if any.

   The present table maps host ranges to device addresses.  Each entry
   counts its references as OpenACC 2.7 (2.6.7) does: REFS counts them
   all, DYNAMIC those of enter data directives; a data construct or a
   launch adds one to REFS while it lasts.  An entry goes, copied back if
   its last reference's clause says so, when REFS drops to zero; an exit
   data with finalize drops every dynamic reference at once.  The entries
   of the members of a struct mapped together share one device allocation
   (a block), freed with the last of them; a block remembers its memory.
   Pointer attachments (attach/detach, and the pointer members of mapped
   structs) have their own counts: the device copy of the pointer holds
   the device address while the count is positive, and gets the host's
   value back at zero.

   The table is a list searched linearly: programs map a handful of
   objects.  One lock protects it.  Errors of the program (a present
   clause on absent data, ranges that straddle a mapping) are fatal, with
   libgomp's messages.

   This file holds the present table and the mappings of launches and
   data constructs; data-declare.c the declared globals, data-map-api.c
   the data API's operations, data-directives.c the directives' entry
   points (data-map.h, the declarations they share).

   The data directives reach libgangway through the plugin's rewrite of
   GCC's calls (plugin/unit.cc): gangway_data_start and the others have
   the interfaces of libgomp's GOACC_data_start and so on.  When the
   device launches go to shares the host's memory, they are libgomp's
   functions, as before.  When it does not, they maintain the present
   table, then call libgomp's function with the host-fallback flag, which
   maps nothing but keeps libgomp's profiling events and data construct
   stack, as launches do.  A synchronous directive moves its data at
   once after waiting for every queue; an async one moves it on its
   queue where the memory has queues (gw_map_queue, gw_map_update's
   ASYNC), else at once after waiting for its own queue
   (data-directives.c).  */

#define _GNU_SOURCE
#include <inttypes.h>
#include <link.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <acc_prof.h>

#include "runtime.h"
#include "data-map.h"

pthread_mutex_t gw_data_lock = PTHREAD_MUTEX_INITIALIZER;

/* Whether the launch being mapped puts its small "to" objects, of at
   most GW_SMALL_COPY bytes, in its argument block (under GW_DATA_LOCK).
   They need no allocation, copy or present-table entry of their own:
   cuMemAlloc, cuMemcpyHtoD and cuMemFree cost some 15 us a launch.  */
static bool gw_small_copies;
#define GW_SMALL_COPY 256
struct gw_present *gw_table;
static struct gw_attach *gw_attached;
static unsigned gw_mark;
/* The entry the list being mapped made last for a Fortran array
   descriptor (GW_MAP_TO_PSET), whose pointers, the GW_MAP_POINTER
   entries after it, are to be translated (under GW_DATA_LOCK).  */
static struct gw_present *gw_fresh_pset;

/* Whether the calling thread holds GW_DATA_LOCK: a fatal error under it
   exits, and the exit's destructors (gangway_unregister_unit) must not
   take it again.  */
__thread bool gw_locked;
/* The generation of the unit list (registry.c) whose declared globals
   are mapped (under GW_DATA_LOCK).  */
static unsigned gw_declared_generation;

/* The site (gangway-abi.h) of the launch or data directive the calling
   thread is in, or NULL, and the index of its mapping being done, or
   SIZE_MAX: what the errors of the program's data say of it.  */
static __thread const struct gw_site *gw_site;
static __thread size_t gw_site_entry = SIZE_MAX;

/* The launch or data directive SITE (null if unknown) begins on the
   calling thread: the launch code (launch.c) and the directives' entry
   points say so first.  */

void
gw_map_site (const struct gw_site *site)
{
  gw_site = site;
  gw_site_entry = SIZE_MAX;
}

/* The same, for an error about mapping I of SITE.  */

void
gw_map_site_entry (const struct gw_site *site, size_t i)
{
  gw_site = site;
  gw_site_entry = i;
}

/* Return the site the calling thread is in, and in *ENTRY the mapping
   of it being done.  */

const struct gw_site *
gw_map_current_site (size_t *entry)
{
  *entry = gw_site_entry;
  return gw_site;
}

/* Write into BUF, of SIZE bytes, the name SITE gives mapping I ("" if it
   gives none).  */

void
gw_site_name (const struct gw_site *site, size_t i, char *buf, size_t size)
{
  buf[0] = 0;
  if (site == NULL || site->names == NULL || i == SIZE_MAX)
    return;
  const char *n = site->names;
  for (; i > 0 && n; i--)
    {
      n = strchr (n, '\n');
      if (n)
	n++;
    }
  if (n == NULL)
    return;
  size_t len = strcspn (n, "\n");
  if (len >= size)
    len = size - 1;
  memcpy (buf, n, len);
  buf[len] = 0;
}

/* Write into BUF, of SIZE bytes, what SITE and its mapping I are for a
   message: "'a' in the parallel at prog.c:12", "the update at
   prog.c:20"; "" for a null site.  */

void
gw_site_describe (const struct gw_site *site, size_t i, char *buf,
		  size_t size)
{
  char name[128];

  buf[0] = 0;
  if (site == NULL)
    return;
  gw_site_name (site, i, name, sizeof name);
  snprintf (buf, size, "%s%s%sthe %s at %s", name[0] ? "'" : "", name,
	    name[0] ? "' in " : "", site->what ? site->what : "directive",
	    site->where && site->where[0] ? site->where : "an unknown place");
}

/* An error of the program's data: print FMT's message as gw_fatal
   does, then which variable of which directive it is about, and end
   the process.  */

void __attribute__ ((noreturn, format (printf, 1, 2)))
gw_data_fatal (const char *fmt, ...)
{
  char what[1024], where[512];
  va_list ap;

  va_start (ap, fmt);
  vsnprintf (what, sizeof what, fmt, ap);
  va_end (ap);
  gw_site_describe (gw_site, gw_site_entry, where, sizeof where);
  if (where[0])
    gw_fatal ("%s\ngangway: note: %s", what, where);
  gw_fatal ("%s", what);
}

/* Take GW_DATA_LOCK, every entry point's first step; then map the
   declared globals of the units registered since the last time.  */

void
gw_lock (void)
{
  pthread_mutex_lock (&gw_data_lock);
  gw_locked = true;
  unsigned g = gw_registry_generation ();
  if (g != gw_declared_generation && gw_memory () != NULL)
    {
      gw_declared_generation = g;
      gw_map_declared ();
    }
}

void
gw_unlock (void)
{
  gw_locked = false;
  pthread_mutex_unlock (&gw_data_lock);
}

/* Return true if KIND is a kind of data clause: alloc, to, from, tofrom,
   with or without force.  */

static bool
gw_data_kind_p (unsigned kind)
{
  return (kind & ~(GW_MAP_FLAG_FORCE | GW_MAP_TOFROM)) == 0;
}

/* Return true if the end of a mapping of KIND copies back to the host.  */

static bool
gw_copy_from_p (unsigned kind)
{
  return gw_data_kind_p (kind) && (kind & GW_MAP_FLAG_FROM);
}

/* The queue of the engine's copies and frees (data-map.h).  */
__thread int gw_map_queue = GW_ASYNC_SYNC;

/* Copy SIZE bytes between host address H and device address DEV in
   entry E's memory, to the device if TO_DEVICE, on queue ASYNC where
   the memory has queues (else at once).  */

static void
gw_move (const struct gw_present *e, bool to_device, uint64_t dev, void *h,
	 size_t size, int async)
{
  const struct gw_memory *mem = e->block->mem;

  if (!gw_memory_queues (mem))
    async = GW_ASYNC_SYNC;
  int ev = to_device ? acc_ev_enqueue_upload_start
		     : acc_ev_enqueue_download_start;
  gw_prof (ev, h, dev, size, async);
  if (to_device && async == GW_ASYNC_SYNC)
    mem->to_device (dev, h, size);
  else if (to_device)
    mem->to_device_async (dev, h, size, async);
  else if (async == GW_ASYNC_SYNC)
    mem->to_host (h, dev, size);
  else
    mem->to_host_async (h, dev, size, async);
  gw_prof (ev + 1, h, dev, size, async);
}

/* Copy SIZE bytes from host address H to device address DEV in the
   memory of entry E, and back, on gw_map_queue.  */

void
gw_put (const struct gw_present *e, uint64_t dev, const void *h, size_t size)
{
  gw_move (e, true, dev, (void *) h, size, gw_map_queue);
}

static void
gw_get (const struct gw_present *e, void *h, uint64_t dev, size_t size)
{
  gw_move (e, false, dev, h, size, gw_map_queue);
}

/* Return the device address of host address H in entry E.  */

uint64_t
gw_dev (const struct gw_present *e, uintptr_t h)
{
  return e->dev + (h - e->start);
}

/* Return an entry that overlaps [H, H + SIZE) (SIZE 0 counts as 1), or
   NULL.  */

struct gw_present *
gw_find (uintptr_t h, size_t size)
{
  uintptr_t end = h + (size ? size : 1);

  for (struct gw_present *e = gw_table; e; e = e->next)
    if (e->start < end && h < e->end)
      return e;
  return NULL;
}

/* Return the entry that holds the object a pointer of value P points to:
   the one containing P, else one that P points just past, as libgomp
   looks up the targets of pointers.  */

static struct gw_present *
gw_find_ptr (uintptr_t p)
{
  struct gw_present *e = gw_find (p, 1);

  if (e == NULL)
    for (e = gw_table; e; e = e->next)
      if (e->end == p)
	break;
  return e;
}

/* Return the entry that contains all of [H, H + SIZE), or NULL if none
   overlaps it; end the process if one overlaps it without containing
   it.  */

static struct gw_present *
gw_find_within (uintptr_t h, size_t size)
{
  struct gw_present *e = gw_find (h, size);

  if (e && (h < e->start || h + size > e->end))
    gw_data_fatal ("Trying to map into device [%p..%p) object when "
		   "[%p..%p) is already mapped", (void *) h,
		   (void *) (h + size),
		   (void *) e->start, (void *) e->end);
  return e;
}

/* dl_iterate_phdr's callback for gw_host_read_only: set the flag if the
   range R lies in a segment of the object INFO that is read-only once
   the program runs (a loaded segment without write permission, or the
   part of one that is read-only after relocation).  */

static int
gw_read_only_segment (struct dl_phdr_info *info, size_t size, void *r)
{
  uintptr_t *range = r;

  (void) size;
  for (int i = 0; i < info->dlpi_phnum; i++)
    {
      const ElfW (Phdr) *ph = &info->dlpi_phdr[i];
      if (!((ph->p_type == PT_LOAD && !(ph->p_flags & PF_W))
	    || ph->p_type == PT_GNU_RELRO))
	continue;
      uintptr_t lo = info->dlpi_addr + ph->p_vaddr;
      if (range[0] >= lo && range[1] <= lo + ph->p_memsz)
	{
	  range[2] = 1;
	  return 1;
	}
    }
  return 0;
}

/* Return true if the host memory [H, H + SIZE) is read-only: a const
   object of the program or of a library, which GCC maps tofrom like any
   other (a region that uses a static const table).  Its device copy is
   never copied back: writing it would fault, and a region cannot have
   changed it.  */

static bool
gw_host_read_only (uintptr_t h, size_t size)
{
  uintptr_t range[3] = { h, h + size, 0 };

  dl_iterate_phdr (gw_read_only_segment, range);
  return range[2] != 0;
}

/* Add an entry for [H, H + SIZE) at device address DEV of block B, with
   one reference, dynamic if DYNAMIC.  */

struct gw_present *
gw_add (uintptr_t h, size_t size, struct gw_block *b, uint64_t dev,
	bool dynamic)
{
  struct gw_present *e = calloc (1, sizeof *e);

  if (e == NULL)
    gw_fatal ("out of memory for the present table");
  e->start = h;
  e->end = h + size;
  e->dev = dev;
  e->refs = 1;
  e->dynamic = dynamic;
  e->block = b;
  e->read_only = gw_host_read_only (h, size);
  e->site = gw_site;
  e->site_entry = gw_site_entry;
  b->users++;
  e->next = gw_table;
  gw_table = e;
  return e;
}

/* Return a new block of SIZE bytes of device memory.  */

struct gw_block *
gw_new_block (size_t size)
{
  struct gw_block *b = calloc (1, sizeof *b);

  if (b == NULL)
    gw_fatal ("out of memory for the present table");
  b->mem = gw_memory ();
  if (b->mem == NULL)
    gw_fatal ("internal error: a mapping without device memory");
  b->base = b->mem->alloc (size);
  b->size = size;
  gw_prof (acc_ev_alloc, NULL, b->base, size, GW_ASYNC_SYNC);
  return b;
}

/* Free block B's device memory (not B), on gw_map_queue where the
   memory has queues.  */

void
gw_free_block (struct gw_block *b)
{
  int q = gw_memory_queues (b->mem) ? gw_map_queue : GW_ASYNC_SYNC;

  gw_prof (acc_ev_free, NULL, b->base, b->size, q);
  if (q == GW_ASYNC_SYNC)
    b->mem->free (b->base, b->size);
  else
    b->mem->free_async (b->base, b->size, q);
}

/* Remove entry E, freeing its block if it was the last entry there, and
   forget the attachments inside it.  */

void
gw_remove (struct gw_present *e)
{
  for (struct gw_present **p = &gw_table; *p; p = &(*p)->next)
    if (*p == e)
      {
	*p = e->next;
	break;
      }
  for (struct gw_attach **p = &gw_attached; *p;)
    if ((*p)->where >= e->start && (*p)->where < e->end)
      {
	struct gw_attach *a = *p;
	*p = a->next;
	free (a);
      }
    else
      p = &(*p)->next;
  if (--e->block->users == 0)
    {
      if (!e->block->borrowed)
	gw_free_block (e->block);
      free (e->block);
    }
  free (e);
}

/* Drop a reference to entry E; if it was the last one, copy [H, H + SIZE)
   back to the host if COPY_FROM, and remove E.  */

static void
gw_release (struct gw_present *e, uintptr_t h, size_t size, bool copy_from)
{
  if (--e->refs > 0)
    return;
  if (copy_from && !e->read_only)
    gw_get (e, (void *) h, gw_dev (e, h), size);
  gw_remove (e);
}

/* Return the attachment record of the pointer at host address WHERE,
   creating it if CREATE, else NULL if there is none.  */

static struct gw_attach *
gw_attachment (uintptr_t where, bool create)
{
  struct gw_attach *a;

  for (a = gw_attached; a; a = a->next)
    if (a->where == where)
      return a;
  if (!create)
    return NULL;
  a = calloc (1, sizeof *a);
  if (a == NULL)
    gw_fatal ("out of memory for the present table");
  a->where = where;
  a->next = gw_attached;
  gw_attached = a;
  return a;
}

/* Write into the device copy of the pointer at host address WHERE, in
   entry E, the device address of what it points to (plus BIAS, the
   offset of the mapped part of an array whose origin is not mapped).  */

static void
gw_write_attached (const struct gw_present *e, uintptr_t where, size_t bias)
{
  uintptr_t target = *(uintptr_t *) where;

  if (target == 0)
    gw_data_fatal ("attempt to attach null pointer");
  struct gw_present *t = gw_find_ptr (target + bias);
  if (t == NULL)
    gw_data_fatal ("pointer target not mapped for attach");
  uint64_t d = gw_dev (t, target);
  gw_put (e, gw_dev (e, where), &d, sizeof d);
}

/* Attach the pointer at host address WHERE, with BIAS: its device copy
   gets the device address of its target, unless it is attached already.
   Return the device address of the pointer.  */

uint64_t
gw_attach (uintptr_t where, size_t bias)
{
  struct gw_present *e = gw_find (where, sizeof (void *));

  if (e == NULL || where + sizeof (void *) > e->end || where < e->start)
    gw_data_fatal ("outer struct not mapped for attach");
  struct gw_attach *a = gw_attachment (where, true);
  if (a->count++ == 0)
    gw_write_attached (e, where, bias);
  return gw_dev (e, where);
}

/* Detach the pointer at host address WHERE, or if FINALIZE undo every
   attachment of it: at the last one, its device copy gets the host's
   value back.  A finalizing detach of a pointer not attached (an exit
   data finalize of a component after its detach) only gives it the
   host's value, as libgomp's does.  */

void
gw_detach (uintptr_t where, bool finalize)
{
  struct gw_present *e = gw_find (where, sizeof (void *));
  struct gw_attach *a = gw_attachment (where, false);

  if (e == NULL)
    gw_data_fatal ("struct not mapped for detach operation");
  if ((a == NULL || a->count == 0) && finalize)
    {
      gw_put (e, gw_dev (e, where), (void *) where, sizeof (void *));
      return;
    }
  if (a == NULL || a->count == 0)
    gw_data_fatal ("attach count underflow");
  if (finalize)
    a->count = 1;
  if (--a->count > 0)
    return;
  gw_put (e, gw_dev (e, where), (void *) where, sizeof (void *));
  for (struct gw_attach **p = &gw_attached; *p; p = &(*p)->next)
    if (*p == a)
      {
	*p = a->next;
	break;
      }
  free (a);
}

/* Return true if the engine can map every entry of a launch whose
   MAPNUM mapping kinds are KINDS; otherwise the launch goes to another
   device.  These are the kinds GCC 12 emits for C and C++ compute
   constructs.  */

bool
gw_map_kinds_ok (size_t mapnum, const unsigned short *kinds)
{
  for (size_t i = 0; i < mapnum; i++)
    {
      unsigned kind = GW_MAP_KIND (kinds[i]);
      if (gw_data_kind_p (kind))
	continue;
      switch (kind)
	{
	case GW_MAP_FORCE_PRESENT:
	case GW_MAP_FORCE_DEVICEPTR:
	case GW_MAP_IF_PRESENT:
	case GW_MAP_FIRSTPRIVATE:
	case GW_MAP_FIRSTPRIVATE_INT:
	case GW_MAP_ZERO_LEN_ARRAY_SECTION:
	case GW_MAP_POINTER:
	case GW_MAP_TO_PSET:
	case GW_MAP_STRUCT:
	case GW_MAP_ATTACH:
	  break;
	default:
	  return false;
	}
    }
  return true;
}

/* Map the members I + 1 .. I + SIZES[I] of the struct at HOSTADDRS[I]
   (a GOMP_MAP_STRUCT entry), recording what was done in ITEMS if not
   null (a construct), else as enter data.  Fill in WORDS, if not null,
   for the struct and its members.  */

static void
gw_map_struct (size_t i, void **hostaddrs, size_t *sizes,
	       unsigned short *kinds, uint64_t *words, struct gw_item *items)
{
  size_t first = i + 1, last = i + sizes[i];
  uintptr_t lo = (uintptr_t) hostaddrs[first];
  uintptr_t hi = (uintptr_t) hostaddrs[last] + sizes[last];
  bool dynamic = items == NULL;
  struct gw_block *b = NULL;

  /* Members mapped together share one block, at their host offsets; if
     any is present, they all must be, from an earlier mapping of the
     same members.  */
  if (gw_find (lo, hi - lo) == NULL)
    b = gw_new_block (hi - lo);
  for (size_t j = first; j <= last; j++)
    {
      uintptr_t h = (uintptr_t) hostaddrs[j];
      unsigned kind = GW_MAP_KIND (kinds[j]);
      struct gw_present *e;

      gw_site_entry = j;
      if (!gw_data_kind_p (kind) && kind != GW_MAP_FORCE_PRESENT)
	gw_fatal ("unsupported mapping kind 0x%.2x of a struct member on "
		  "a device with memory of its own", kind);
      if (b && kind == GW_MAP_FORCE_PRESENT)
	gw_data_fatal ("present clause: !acc_is_present (%p, %zu (0x%zx))",
		       (void *) h, sizes[j], sizes[j]);
      if (sizes[j] == 0)
	{
	  /* A zero-length member needs no entry.  */
	  if (words)
	    words[j] = b ? b->base + (h - lo) : 0;
	  if (b == NULL && words && (e = gw_find_ptr (h)) != NULL)
	    words[j] = gw_dev (e, h);
	  if (items)
	    items[j] = (struct gw_item) { .host = h, .kind = kind };
	  continue;
	}
      if (b)
	{
	  e = gw_add (h, sizes[j], b, b->base + (h - lo), dynamic);
	  if (kind & GW_MAP_FLAG_TO)
	    gw_put (e, e->dev, (void *) h, sizes[j]);
	}
      else
	{
	  e = gw_find_within (h, sizes[j]);
	  if (e == NULL)
	    gw_data_fatal ("Trying to map into device [%p..%p) structure "
			   "element when other mapped elements from the same "
			   "structure weren't mapped together with it",
			   (void *) h, (void *) (h + sizes[j]));
	  e->refs++;
	  e->dynamic += dynamic;
	}
      if (items)
	items[j] = (struct gw_item) { .entry = e, .host = h,
					 .size = sizes[j], .kind = kind };
      if (words)
	words[j] = gw_dev (e, h);
    }
  if (words)
    words[i] = words[first] - (lo - (uintptr_t) hostaddrs[i]);
  if (b && b->users == 0)
    {
      /* Only zero-length members: nothing refers to the block.  */
      gw_free_block (b);
      free (b);
    }
}

/* Map the entry at H of SIZE bytes and of KIND, one of data (a data
   kind, present, no_create, or a Fortran array descriptor) of enter
   data or the data API if DYNAMIC, else of a launch (WORDS not null)
   or a data construct.  Record in *IT what was done; return the device
   word it stands for.  */

static uint64_t
gw_map_object (uintptr_t h, size_t size, unsigned kind, bool dynamic,
	       const uint64_t *words, struct gw_item *it)
{
  struct gw_present *e;
  uint64_t word = 0;

  /* A Fortran array descriptor (TO_PSET) is an object copied in; its
     pointers come next.  enter data and the data API (DYNAMIC) name
     a range that overlaps a mapping without lying in it as libgomp
     does.  */
  e = gw_find (h, size);
  if (e && dynamic && (h < e->start || h + size > e->end))
    gw_data_fatal ("[%p,+%d] not mapped", (void *) h, (int) size);
  e = gw_find_within (h, size);
  if (size == 0)
    /* A zero-length section: its address, if present; no entry.  */
    word = e ? gw_dev (e, h) : 0;
  else if (e)
    {
      if ((kind & GW_MAP_FLAG_FORCE) && !dynamic)
	gw_data_fatal ("Trying to map into device [%p..%p) object when "
		       "[%p..%p) is already mapped", (void *) h,
		       (void *) (h + size), (void *) e->start,
		       (void *) e->end);
      e->refs++;
      e->dynamic += dynamic;
      it->entry = e;
      word = gw_dev (e, h);
    }
  else if (kind == GW_MAP_FORCE_PRESENT)
    gw_data_fatal ("present clause: !acc_is_present (%p, %zu (0x%zx))",
		   (void *) h, size, size);
  else if (kind == GW_MAP_TO && gw_small_copies && words != NULL
	   && !dynamic && size <= GW_SMALL_COPY)
    /* A small object a launch only reads (a firstprivate double):
       a copy in its argument block, no entry.  */
    it->in_block = true;
  else if (kind == GW_MAP_IF_PRESENT)
    /* no_create of absent data: the region uses the host's memory, as
       libgomp's devices give it the host's address.  */
    word = h;
  else
    {
      struct gw_block *b = gw_new_block (size);
      e = gw_add (h, size, b, b->base, dynamic);
      if (kind & GW_MAP_FLAG_TO)
	gw_put (e, e->dev, (void *) h, size);
      it->entry = e;
      word = e->dev;
      if (kind == GW_MAP_TO_PSET)
	gw_fresh_pset = e;
    }
  return word;
}

/* Map the pointer at H (GW_MAP_POINTER, entry I of KINDS), pointing
   into mapped data (SIZE is the bias): its device copy points to the
   device's copy.  DYNAMIC for enter data and the data API.  Record in
   *IT what was done; return the device word it stands for.  */

static uint64_t
gw_map_pointer (size_t i, uintptr_t h, size_t size,
		const unsigned short *kinds, bool dynamic, struct gw_item *it)
{
  struct gw_present *e;

  e = gw_find_within (h, sizeof (void *));
  if (e)
    {
      e->refs++;
      e->dynamic += dynamic;
      /* A pointer of a descriptor the list just copied in: the
	 device's copy gets its target's device address, and keeps it
	 as an attachment does (the host's copy keeps the host's).  */
      if (e == gw_fresh_pset && *(uintptr_t *) h != 0)
	{
	  struct gw_attach *a = gw_attachment (h, true);
	  if (a->count++ == 0)
	    gw_write_attached (e, h, size);
	}
    }
  else
    {
      uintptr_t target = *(uintptr_t *) h;
      uint64_t d = 0;
      if (target)
	{
	  struct gw_present *t = gw_find_ptr (target + size);
	  if (t)
	    d = gw_dev (t, target + size) - size;
	  else if (i > 0
		   && GW_MAP_KIND (kinds[i - 1]) == GW_MAP_IF_PRESENT)
	    /* The pointer to a no_create array that is absent: the
	       host's array, as the array's word is.  */
	    d = target;
	  else
	    gw_data_fatal ("Pointer target of array section wasn't "
			   "mapped");
	}
      struct gw_block *b = gw_new_block (sizeof d);
      e = gw_add (h, sizeof d, b, b->base, dynamic);
      gw_put (e, e->dev, &d, sizeof d);
    }
  it->entry = e;
  it->size = sizeof (void *);
  return gw_dev (e, h);
}

/* Map entry I of a launch or a data construct (ITEMS not null: record
   there what must be undone at its end) or of an enter data directive
   (ITEMS null), and set *WORD to the device word the entry stands for.
   Return the index of its last entry (those of a struct are mapped
   together).  */

size_t
gw_map_entry (size_t i, void **hostaddrs, size_t *sizes,
	      unsigned short *kinds, uint64_t *words, struct gw_item *items)
{
  uintptr_t h = (uintptr_t) hostaddrs[i];
  size_t size = sizes[i];
  unsigned kind = GW_MAP_KIND (kinds[i]);
  bool dynamic = items == NULL;
  struct gw_item it = { .host = h, .size = size, .kind = kind };
  struct gw_present *e;
  uint64_t word = 0;

  gw_site_entry = i;
  if (kind != GW_MAP_POINTER)
    gw_fresh_pset = NULL;
  if (kind == GW_MAP_FIRSTPRIVATE_INT || (h == 0 && kind != GW_MAP_STRUCT))
    word = h;
  else if (gw_data_kind_p (kind) || kind == GW_MAP_FORCE_PRESENT
	   || kind == GW_MAP_IF_PRESENT || kind == GW_MAP_TO_PSET)
    word = gw_map_object (h, size, kind, dynamic, words, &it);
  else
    switch (kind)
      {
      case GW_MAP_ZERO_LEN_ARRAY_SECTION:
	/* A pointer the construct uses without a clause.  */
	e = gw_find_ptr (h);
	word = e ? gw_dev (e, h) : 0;
	break;

      case GW_MAP_FIRSTPRIVATE:
      case GW_MAP_FORCE_DEVICEPTR:
	/* A private copy of the object (for deviceptr, of the pointer
	   variable: the construct reads the pointer through it), which
	   the launch puts in its argument block.  */
	if (dynamic)
	  goto bad;
	it.in_block = true;
	break;

      case GW_MAP_POINTER:
	word = gw_map_pointer (i, h, size, kinds, dynamic, &it);
	break;

      case GW_MAP_STRUCT:
	gw_map_struct (i, hostaddrs, sizes, kinds, words, items);
	return i + sizes[i];

      case GW_MAP_ATTACH:
	word = gw_attach (h, size);
	it.attach = !dynamic;
	break;

      case GW_MAP_USE_DEVICE_PTR:
      case GW_MAP_USE_DEVICE_PTR_IF_PRESENT:
	/* host_data: the construct's code reads the device address from
	   HOSTADDRS.  */
	if (dynamic)
	  goto bad;
	e = gw_find_ptr (h);
	if (e)
	  hostaddrs[i] = (void *) (uintptr_t) gw_dev (e, h);
	else if (kind == GW_MAP_USE_DEVICE_PTR)
	  gw_data_fatal ("use_device_ptr pointer wasn't mapped");
	word = (uintptr_t) hostaddrs[i];
	break;

      default:
      bad:
	gw_fatal ("unsupported mapping kind 0x%.2x on a device with memory "
		  "of its own", kind);
      }

  if (items)
    items[i] = it;
  if (words)
    words[i] = word;
  return i;
}

/* Map the MAPNUM entries of a launch (WORDS not null: set WORDS[I] to the
   device word of entry I) or of a data construct, their copies on queue
   ASYNC (gw_map_queue: an async launch's copy-ins go before its kernel
   on its queue), and return what must be undone at its end, for
   gw_unmap.  */

struct gw_region *
gw_map (size_t mapnum, void **hostaddrs, size_t *sizes,
	unsigned short *kinds, uint64_t *words, int async)
{
  struct gw_region *r = calloc (1, sizeof *r + mapnum * sizeof r->items[0]);

  if (r == NULL)
    gw_fatal ("out of memory for a mapping of %zu entries", mapnum);
  r->n = mapnum;
  r->site = gw_site;
  gw_lock ();
  /* A launch's small "to" objects go in its argument block, unless a
     pointer of the list may have to be attached inside one.  */
  gw_small_copies = words != NULL;
  gw_map_queue = async;
  for (size_t i = 0; i < mapnum; i++)
    switch (GW_MAP_KIND (kinds[i]))
      {
      case GW_MAP_ATTACH: case GW_MAP_POINTER: case GW_MAP_STRUCT:
      case GW_MAP_TO_PSET:
	gw_small_copies = false;
      }
  for (size_t i = 0; i < mapnum; i++)
    i = gw_map_entry (i, hostaddrs, sizes, kinds, words, r->items);
  gw_small_copies = false;
  gw_fresh_pset = NULL;
  gw_map_queue = GW_ASYNC_SYNC;
  gw_unlock ();
  return r;
}

/* The bytes that the private copies of launch R take in its argument
   block, each at a 16-byte boundary.  */

size_t
gw_map_copies_size (const struct gw_region *r)
{
  size_t n = 0;

  for (size_t i = 0; i < r->n; i++)
    if (r->items[i].in_block)
      n += (r->items[i].size + 15) & ~(size_t) 15;
  return n;
}

/* Write the private copies of launch R into HOST, the host image of its
   argument block's part at device address DEV (16-byte aligned), and set
   their WORDS to their device addresses.  */

void
gw_map_place_copies (struct gw_region *r, uint64_t *words,
		     unsigned char *host, uint64_t dev)
{
  size_t off = 0;

  for (size_t i = 0; i < r->n; i++)
    if (r->items[i].in_block)
      {
	memcpy (host + off, (const void *) r->items[i].host,
		r->items[i].size);
	words[i] = r->items[i].dev = dev + off;
	off += (r->items[i].size + 15) & ~(size_t) 15;
      }
}

/* Return true if ending launch R's mappings (gw_unmap) copies data back
   into the calling thread's live frames, SP being an address below the
   launching function's frame: a local, or what GCC maps by reference (a
   scalar of a kernels region, one declared inside a data construct, a
   reduction variable).  */

static bool
gw_unmap_writes_frames (const struct gw_region *r, uintptr_t sp)
{
  bool writes = false;

  gw_lock ();
  for (size_t i = 0; i < r->n && !writes; i++)
    {
      const struct gw_item *it = &r->items[i];
      if (!it->entry || !gw_copy_from_p (it->kind)
	  || !gw_in_live_frames (it->host, it->size, sp))
	continue;
      size_t same = 0;
      for (size_t j = 0; j < r->n; j++)
	same += r->items[j].entry == it->entry;
      writes = it->entry->refs <= same;
    }
  gw_unlock ();
  return writes;
}

/* Undo the mappings R recorded, and free R: detach first, so that data
   copied back holds the host's pointers, then drop the references.  The
   copies back and the frees go on queue ASYNC (gw_map_queue): an async
   launch's mappings end at once on the host, what they move after its
   kernel on its queue.  Unless they copy back into the calling thread's
   live frames: the function that holds the object may return before the
   queue runs, so they wait for the queue and end at once.  */

void
gw_unmap (struct gw_region *r, int async)
{
  const struct gw_site *outer = gw_site;

  if (async != GW_ASYNC_SYNC
      && gw_unmap_writes_frames (r, (uintptr_t) __builtin_frame_address (0)))
    {
      gw_wait_queue (async);
      async = GW_ASYNC_SYNC;
    }
  gw_lock ();
  gw_site = r->site;
  gw_map_queue = async;
  for (size_t i = 0; i < r->n; i++)
    if (r->items[i].attach)
      {
	gw_site_entry = i;
	gw_detach (r->items[i].host, false);
      }
  for (size_t i = 0; i < r->n; i++)
    {
      struct gw_item *it = &r->items[i];
      gw_site_entry = i;
      if (it->entry)
	gw_release (it->entry, it->host, it->size,
		    gw_copy_from_p (it->kind));
    }
  gw_map_queue = GW_ASYNC_SYNC;
  gw_map_site (outer);
  gw_unlock ();
  free (r);
}

/* Call FN (ARG, H, SIZE, DEV, I) for each mapping I of launch R that
   references a present entry: its host range [H, H + SIZE) and device
   address DEV.  */

void
gw_map_each (const struct gw_region *r,
	     void (*fn) (void *, uintptr_t, size_t, uint64_t, size_t),
	     void *arg)
{
  for (size_t i = 0; i < r->n; i++)
    {
      const struct gw_item *it = &r->items[i];
      if (it->entry && !it->in_block && it->size)
	fn (arg, it->host, it->size, gw_dev (it->entry, it->host), i);
    }
}

/* Return the site of launch or data construct R.  */

const struct gw_site *
gw_map_region_site (const struct gw_region *r)
{
  return r->site;
}

/* Write into BUF, of SIZE bytes, what the device address D is a copy of,
   for a message: "'b' (mapped by the data at prog.c:11)", or its host
   address.  Called by the data check's fault handler, without the lock:
   the table does not change while a kernel runs.  */

void
gw_map_describe_device (uint64_t d, char *buf, size_t size)
{
  for (struct gw_present *e = gw_table; e; e = e->next)
    if (d >= e->dev && d < e->dev + (e->end - e->start))
      {
	char name[128], by[512];
	uintptr_t h = e->start;
	gw_site_name (e->site, e->site_entry, name, sizeof name);
	gw_site_describe (e->site, SIZE_MAX, by, sizeof by);
	if (name[0] && by[0])
	  snprintf (buf, size, "'%s' (host %p, mapped by %s)", name,
		    (void *) h, by);
	else if (by[0])
	  snprintf (buf, size, "the data at host %p (mapped by %s)",
		    (void *) h, by);
	else
	  snprintf (buf, size, "the data at host %p", (void *) h);
	return;
      }
  snprintf (buf, size, "device memory at %#" PRIx64, d);
}

/* Set OUT[I], for each of the N globals at GLOBALS[I], to its device
   address if it is present or a copy in the argument block of launch R
   (placed already: a routine reaches a global the launch maps through
   the unit's table), else 0.  */

void
gw_map_globals (const struct gw_region *r, void *const *globals, size_t n,
		uint64_t *out)
{
  gw_lock ();
  for (size_t i = 0; i < n; i++)
    {
      uintptr_t h = (uintptr_t) globals[i];
      struct gw_present *e = gw_find (h, 1);
      out[i] = e ? gw_dev (e, h) : 0;
      for (size_t k = 0; e == NULL && k < r->n; k++)
	if (r->items[k].in_block && h >= r->items[k].host
	    && h < r->items[k].host + r->items[k].size)
	  {
	    out[i] = r->items[k].dev + (h - r->items[k].host);
	    break;
	  }
    }
  gw_unlock ();
}

/* Copy entry E to the host (TO_HOST) or to the device, keeping the
   attached pointers in it right on both sides: the host's copy holds
   host addresses, the device's device addresses.  */

static void
gw_sync_entry (struct gw_present *e, bool to_host)
{
  size_t size = e->end - e->start;

  if (to_host && e->read_only)
    return;
  if (!to_host)
    {
      gw_put (e, e->dev, (void *) e->start, size);
      for (struct gw_attach *a = gw_attached; a; a = a->next)
	if (a->where >= e->start && a->where < e->end)
	  gw_write_attached (e, a->where, 0);
      return;
    }
  /* Keep the host's values of the attached pointers.  */
  size_t n = 0;
  for (struct gw_attach *a = gw_attached; a; a = a->next)
    n += a->where >= e->start && a->where < e->end;
  uintptr_t *saved = n ? malloc (n * sizeof *saved) : NULL;
  if (n && saved == NULL)
    gw_fatal ("out of memory");
  n = 0;
  for (struct gw_attach *a = gw_attached; a; a = a->next)
    if (a->where >= e->start && a->where < e->end)
      saved[n++] = *(uintptr_t *) a->where;
  gw_get (e, (void *) e->start, e->dev, size);
  n = 0;
  for (struct gw_attach *a = gw_attached; a; a = a->next)
    if (a->where >= e->start && a->where < e->end)
      *(uintptr_t *) a->where = saved[n++];
  free (saved);
}

/* A region that runs in the host's memory (on the host, or on the cpu
   device sharing it) while data is present on a device with memory of
   its own (the region has no code for it, say): make the host's copy
   of every present object the region may use (its entries' and the
   unit's globals) current before it runs (TO_HOST), and the device's
   copy after.  The region's other entries map nothing: they are the
   host's own memory.  */

void
gw_sync_host (size_t mapnum, void **hostaddrs, size_t *sizes,
	      unsigned short *kinds, void *const *globals,
	      size_t num_globals, bool to_host)
{
  (void) sizes;
  gw_lock ();
  unsigned mark = ++gw_mark;
  for (size_t i = 0; i < mapnum + num_globals; i++)
    {
      uintptr_t h;
      if (i < mapnum)
	{
	  unsigned kind = GW_MAP_KIND (kinds[i]);
	  if (kind == GW_MAP_FIRSTPRIVATE_INT || kind == GW_MAP_FIRSTPRIVATE
	      || kind == GW_MAP_FORCE_DEVICEPTR)
	    continue;
	  h = (uintptr_t) hostaddrs[i];
	}
      else
	h = (uintptr_t) globals[i - mapnum];
      struct gw_present *e = h ? gw_find_ptr (h) : NULL;
      if (e && e->mark != mark)
	{
	  e->mark = mark;
	  gw_sync_entry (e, to_host);
	}
    }
  gw_unlock ();
}

/* enter data: map the MAPNUM entries with dynamic references, their
   copies on queue ASYNC (gw_map_queue).  */

void
gw_map_enter (size_t mapnum, void **hostaddrs, size_t *sizes,
	      unsigned short *kinds, int async)
{
  gw_lock ();
  gw_map_queue = async;
  for (size_t i = 0; i < mapnum; i++)
    {
      unsigned kind = GW_MAP_KIND (kinds[i]);
      if (!gw_data_kind_p (kind) && kind != GW_MAP_STRUCT
	  && kind != GW_MAP_ATTACH && kind != GW_MAP_POINTER
	  && kind != GW_MAP_TO_PSET)
	gw_fatal ("unsupported mapping kind 0x%.2x in enter data on a "
		  "device with memory of its own", kind);
      i = gw_map_entry (i, hostaddrs, sizes, kinds, NULL, NULL);
    }
  gw_fresh_pset = NULL;
  gw_map_queue = GW_ASYNC_SYNC;
  gw_unlock ();
}

/* exit data: drop the dynamic references of the MAPNUM entries (all of
   them with finalize: the kinds delete and the forced from), copying
   back (from) what goes.  Detachments come first, so that what is copied
   back holds the host's pointers.  Absent data is no error.  The
   copies, and the frees, go on queue ASYNC (gw_map_queue).  */

void
gw_map_exit (size_t mapnum, void **hostaddrs, size_t *sizes,
	     unsigned short *kinds, int async)
{
  gw_lock ();
  gw_map_queue = async;
  for (size_t i = 0; i < mapnum; i++)
    {
      unsigned kind = GW_MAP_KIND (kinds[i]);
      gw_site_entry = i;
      if (kind == GW_MAP_DETACH || kind == GW_MAP_FORCE_DETACH)
	gw_detach ((uintptr_t) hostaddrs[i], kind == GW_MAP_FORCE_DETACH);
    }
  for (size_t i = 0; i < mapnum; i++)
    {
      uintptr_t h = (uintptr_t) hostaddrs[i];
      unsigned kind = GW_MAP_KIND (kinds[i]);
      size_t size = kind == GW_MAP_POINTER ? sizeof (void *) : sizes[i];
      gw_site_entry = i;
      switch (kind)
	{
	case GW_MAP_FROM:
	case GW_MAP_FORCE_FROM:
	case GW_MAP_DELETE:
	case GW_MAP_RELEASE:
	case GW_MAP_POINTER:
	case GW_MAP_TO_PSET:
	  break;
	case GW_MAP_STRUCT:
	case GW_MAP_DETACH:
	case GW_MAP_FORCE_DETACH:
	  continue;
	default:
	  gw_fatal ("unsupported mapping kind 0x%.2x in exit data on a "
		    "device with memory of its own", kind);
	}
      struct gw_present *e = gw_find (h, size);
      if (e == NULL)
	continue;
      if (h < e->start || h + size > e->end)
	gw_data_fatal ("[%p,+%d] outside mapped block [%p,+%d]",
		       (void *) h, (int) size, (void *) e->start,
		       (int) (e->end - e->start));
      size_t drop = kind == GW_MAP_FORCE_FROM || kind == GW_MAP_DELETE
		    ? e->dynamic : e->dynamic > 0;
      e->dynamic -= drop;
      e->refs -= drop;
      if (e->refs == 0)
	{
	  e->refs = 1;
	  gw_release (e, h, size,
		      kind == GW_MAP_FROM || kind == GW_MAP_FORCE_FROM);
	}
    }
  gw_map_queue = GW_ASYNC_SYNC;
  gw_unlock ();
}

/* update: copy each entry to the device (device clause) or the host
   (self), which must be present unless the kinds say if_present, on
   queue ASYNC (gw_move).  */

void
gw_map_update (size_t mapnum, void **hostaddrs, size_t *sizes,
	       unsigned short *kinds, int async)
{
  /* Whether the previous entry went to the device.  */
  bool to_device = false;

  gw_lock ();
  for (size_t i = 0; i < mapnum; i++)
    {
      uintptr_t h = (uintptr_t) hostaddrs[i];
      unsigned kind = GW_MAP_KIND (kinds[i]);
      gw_site_entry = i;
      switch (kind)
	{
	case GW_MAP_TO:
	case GW_MAP_FROM:
	case GW_MAP_FORCE_TO:
	case GW_MAP_FORCE_FROM:
	  break;
	case GW_MAP_POINTER:
	case GW_MAP_TO_PSET:
	  continue;
	case GW_MAP_ALWAYS_POINTER:
	  /* Fortran's pointer to the array just updated on the device (a
	     derived type's component): its device copy gets the array's
	     device address.  */
	  if (to_device && i > 0)
	    {
	      struct gw_present *e = gw_find (h, sizeof (void *));
	      struct gw_present *t
		= gw_find_ptr ((uintptr_t) hostaddrs[i - 1]);
	      if (e == NULL || t == NULL)
		gw_data_fatal ("[%p,%d] is not mapped", (void *) h,
			       (int) sizeof (void *));
	      uint64_t d = gw_dev (t, (uintptr_t) hostaddrs[i - 1]);
	      gw_move (e, true, gw_dev (e, h), &d, sizeof d, async);
	    }
	  to_device = false;
	  continue;
	default:
	  gw_fatal ("unsupported mapping kind 0x%.2x in update on a "
		    "device with memory of its own", kind);
	}
      to_device = false;
      /* A null address is a Fortran optional argument that is absent; a
	 zero-length section moves nothing.  */
      if (h == 0 || sizes[i] == 0)
	continue;
      struct gw_present *e = gw_find (h, sizes[i]);
      if (e == NULL || h < e->start || h + sizes[i] > e->end)
	{
	  /* Without force: the if_present clause.  */
	  if (!(kind & GW_MAP_FLAG_FORCE))
	    continue;
	  gw_data_fatal ("[%p,%d] is not mapped", (void *) h, (int) sizes[i]);
	}
      if (kind & GW_MAP_FLAG_TO)
	{
	  gw_move (e, true, gw_dev (e, h), (void *) h, sizes[i], async);
	  to_device = true;
	}
      else if (!e->read_only)
	gw_move (e, false, gw_dev (e, h), (void *) h, sizes[i], async);
    }
  gw_unlock ();
}
