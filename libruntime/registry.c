/* The registered units of a program and the lookup of their kernels.
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

/* Every translation unit with offloaded regions registers its descriptor
   from a static constructor, before main or when its shared library is
   loaded.  Registration only appends the unit to a list: it must be cheap,
   and it may run before anything else in the process is set up.

   Launches find their kernel by the host function GCC outlined.  The
   lookup reads an open-addressing hash table keyed by that function's
   address.  The table is immutable once published: a change of the unit
   list bumps a generation counter, and the next lookup that sees a table
   of an older generation builds a new one under the registry lock and
   publishes it with a release store.  Lookups therefore take no lock.
   Superseded tables are kept on a list rather than freed, because a
   thread may still be reading one; there is one per change of the unit
   list, which happens a handful of times in a program's life.

   Each unit also carries, per device, what that device made of it (its
   loaded image, or why it has none).  gw_prepare computes that at the
   unit's first launch on the device, once, under the load lock.  */

#define _GNU_SOURCE
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

/* A published lookup table.  An empty slot has a null HOST_FN.  */
struct gw_table
{
  struct gw_table *retired_next;
  unsigned generation;
  size_t mask;			/* Number of slots, minus one.  */
  struct gw_entry slots[];
};

/* Protects the unit list, its generation changes and table building.  */
static pthread_mutex_t gw_registry_lock = PTHREAD_MUTEX_INITIALIZER;

/* Serializes gw_prepare's image loading and gangway_unregister_unit's
   unloading.  Taken after gw_registry_lock when both are needed.  */
static pthread_mutex_t gw_load_lock = PTHREAD_MUTEX_INITIALIZER;

/* The units, in registration order.  */
static struct gw_unit_rec *gw_units;
static struct gw_unit_rec **gw_units_tail = &gw_units;

/* Bumped by every change of the unit list.  */
static atomic_uint gw_generation;

/* The current table, and the superseded ones.  */
static _Atomic (struct gw_table *) gw_table;
static struct gw_table *gw_retired;

/* Set once a bad unit was reported.  */
static atomic_bool gw_bad_unit_reported;

/* Record the unit U, whose descriptor the compiler built, so that its
   kernels can be found at launch.  A unit of a foreign ABI is reported
   (once per process) and ignored: its regions then run on the host.  */

GW_EXPORT void
gangway_register_unit (const struct gw_unit *u)
{
  if (u == NULL)
    return;
  if (u->magic != GW_UNIT_MAGIC || u->version != GW_ABI_VERSION)
    {
      if (!atomic_exchange (&gw_bad_unit_reported, true))
	{
	  if (u->magic != GW_UNIT_MAGIC)
	    gw_warn ("ignoring offloaded code in %s: not a Gangway unit "
		     "descriptor; its regions run on the host",
		     gw_object_name (u));
	  else
	    gw_warn ("ignoring offloaded code in %s: built for ABI version "
		     "%lu, this runtime has version %d; its regions run on "
		     "the host", gw_object_name (u),
		     (unsigned long) u->version, GW_ABI_VERSION);
	}
      return;
    }

  struct gw_unit_rec *rec = calloc (1, sizeof *rec);
  if (rec == NULL)
    return;
  rec->desc = u;

  pthread_mutex_lock (&gw_registry_lock);
  *gw_units_tail = rec;
  gw_units_tail = &rec->next;
  atomic_fetch_add_explicit (&gw_generation, 1, memory_order_release);
  pthread_mutex_unlock (&gw_registry_lock);

  /* Under GANGWAY_MEM=separate, the device copies of the unit's declared
     globals start from their initial values, as in a GPU's image: the
     engine keeps those values until it makes the copies (data-map.c).  */
  if (gw_env_mem_separate ())
    gw_map_snapshot_unit (u);
}

/* Forget the unit U, which gangway_register_unit recorded, and unload
   whatever the devices loaded for it.  Its object is about to go away, so
   none of its regions may be running or launched afterwards.  */

GW_EXPORT void
gangway_unregister_unit (const struct gw_unit *u)
{
  struct gw_unit_rec *rec = NULL;

  pthread_mutex_lock (&gw_registry_lock);
  for (struct gw_unit_rec **p = &gw_units; *p; p = &(*p)->next)
    if ((*p)->desc == u)
      {
	rec = *p;
	*p = rec->next;
	if (gw_units_tail == &rec->next)
	  gw_units_tail = p;
	atomic_fetch_add_explicit (&gw_generation, 1, memory_order_release);
	break;
      }
  pthread_mutex_unlock (&gw_registry_lock);

  if (rec == NULL)
    return;

  pthread_mutex_lock (&gw_load_lock);
  for (int i = 0; i < GW_DEVICE_COUNT; i++)
    if (rec->dev[i].code)
      gw_devices[i]->unload_image (rec->dev[i].code);
  pthread_mutex_unlock (&gw_load_lock);
  /* Its declared globals go from the devices' memories.  */
  gw_map_forget_unit (u);
  free (rec);
}

/* Return the generation of the unit list: it changes with every
   registration and unregistration.  */

unsigned
gw_registry_generation (void)
{
  return atomic_load_explicit (&gw_generation, memory_order_acquire);
}

/* Call FN (U, ARG) for each registered unit U, in registration order,
   under the registry's lock (FN must not register units).  */

void
gw_registry_each (void (*fn) (const struct gw_unit *, void *), void *arg)
{
  pthread_mutex_lock (&gw_registry_lock);
  for (struct gw_unit_rec *r = gw_units; r; r = r->next)
    fn (r->desc, arg);
  pthread_mutex_unlock (&gw_registry_lock);
}

/* Return the slot index where the key FN starts its probe in a table
   with mask MASK.  */

static inline size_t
gw_hash (void (*fn) (void *), size_t mask)
{
  uint64_t h = (uint64_t) (uintptr_t) fn;

  /* Function addresses share their low bits; Fibonacci hashing spreads
     the high ones.  */
  h *= UINT64_C (0x9e3779b97f4a7c15);
  return (size_t) (h >> 32) & mask;
}

/* Return a lookup table of the current unit list, building and publishing
   a new one if the published one is out of date.  Return NULL if memory
   runs out.  */

static struct gw_table *
gw_rebuild (void)
{
  struct gw_table *t;

  pthread_mutex_lock (&gw_registry_lock);

  unsigned gen = atomic_load_explicit (&gw_generation, memory_order_relaxed);
  t = atomic_load_explicit (&gw_table, memory_order_relaxed);
  if (t && t->generation == gen)
    goto out;

  /* Size the table for a load factor of at most one half.  */
  size_t n = 0;
  for (struct gw_unit_rec *r = gw_units; r; r = r->next)
    n += r->desc->num_kernels;
  size_t slots = 16;
  while (slots < 2 * n)
    slots *= 2;

  t = calloc (1, sizeof *t + slots * sizeof t->slots[0]);
  if (t == NULL)
    goto out;
  t->generation = gen;
  t->mask = slots - 1;

  /* Insert the kernels.  The first registration of a host function wins,
     which also makes a unit that was registered twice harmless.  */
  for (struct gw_unit_rec *r = gw_units; r; r = r->next)
    {
      const struct gw_kernel *k = GW_UNIT_KERNELS (r->desc);
      for (size_t i = 0; i < r->desc->num_kernels; i++)
	{
	  if (k[i].host_fn == NULL)
	    continue;
	  size_t s = gw_hash (k[i].host_fn, t->mask);
	  while (t->slots[s].host_fn && t->slots[s].host_fn != k[i].host_fn)
	    s = (s + 1) & t->mask;
	  if (t->slots[s].host_fn)
	    continue;
	  t->slots[s].host_fn = k[i].host_fn;
	  t->slots[s].unit = r;
	  t->slots[s].kernel = &k[i];
	  t->slots[s].index = i;
	}
    }

  struct gw_table *old = atomic_load_explicit (&gw_table,
					       memory_order_relaxed);
  if (old)
    {
      old->retired_next = gw_retired;
      gw_retired = old;
    }
  atomic_store_explicit (&gw_table, t, memory_order_release);

 out:
  pthread_mutex_unlock (&gw_registry_lock);
  return t;
}

/* Return the registered kernel whose host version is FN, or NULL if no
   registered unit has one.  */

const struct gw_entry *
gw_lookup (void (*fn) (void *))
{
  struct gw_table *t = atomic_load_explicit (&gw_table, memory_order_acquire);

  if (__builtin_expect (t == NULL
			|| t->generation
			   != atomic_load_explicit (&gw_generation,
						    memory_order_acquire), 0))
    {
      t = gw_rebuild ();
      if (t == NULL)
	return NULL;
    }

  for (size_t s = gw_hash (fn, t->mask); t->slots[s].host_fn;
       s = (s + 1) & t->mask)
    if (t->slots[s].host_fn == fn)
      return &t->slots[s];
  return NULL;
}

/* Return what device DEVICE (a gw_device_id) made of the unit of entry E,
   loading the unit's image for it at the first call: its code, or a null
   code and the reason.  */

/* What device DEVICE made of the unit REC, loading and linking its image
   if it has not been: gw_prepare's work, with the load lock held.  A unit
   whose imports are being resolved (it is linking) gives its code as it
   is: its own routines are there, loaded.  */

static struct gw_unit_device *
gw_prepare_locked (struct gw_unit_rec *rec, int device)
{
  struct gw_unit_device *d = &rec->dev[device];

  if (atomic_load_explicit (&d->prepared, memory_order_relaxed)
      || d->linking)
    return d;
  const struct gw_device *dev = gw_devices[device];
  const char *unusable = dev->probe ();

  if (unusable == NULL)
    d->code = dev->load_image (rec->desc, d->reason, sizeof d->reason);
  else
    snprintf (d->reason, sizeof d->reason, "%s", unusable);
  if (d->code && dev->link_image)
    {
      d->linking = true;
      bool ok = dev->link_image (d->code, rec->desc, d->reason,
				 sizeof d->reason);
      d->linking = false;
      /* The image stays loaded: the units it was linked with so far may
	 call its routines.  */
      if (!ok)
	d->code = NULL;
    }
  atomic_store_explicit (&d->prepared, true, memory_order_release);
  return d;
}

/* A fatal error a device found while loading with the load lock held,
   reported once the lock is released (exit runs the destructors, which
   unregister units under that lock).  */
static char gw_load_fatal[512];

/* Record the fatal error FMT (printf-style) found while loading an image,
   with the load lock held.  */

void
gw_load_error (const char *fmt, ...)
{
  va_list ap;

  if (gw_load_fatal[0])
    return;
  va_start (ap, fmt);
  vsnprintf (gw_load_fatal, sizeof gw_load_fatal, fmt, ap);
  va_end (ap);
}

struct gw_unit_device *
gw_prepare (const struct gw_entry *e, int device)
{
  struct gw_unit_device *d = &e->unit->dev[device];

  if (__builtin_expect (atomic_load_explicit (&d->prepared,
					      memory_order_acquire), 1))
    return d;

  pthread_mutex_lock (&gw_load_lock);
  gw_prepare_locked (e->unit, device);
  pthread_mutex_unlock (&gw_load_lock);
  if (gw_load_fatal[0])
    gw_fatal ("%s", gw_load_fatal);
  return d;
}

/* Return true if the image IMG exports SYMBOL.  */

static bool
gw_image_exports (const struct gw_image *img, const char *symbol)
{
  if (img->exports)
    for (const char *const *e = img->exports; *e; e++)
      if (strcmp (*e, symbol) == 0)
	return true;
  return false;
}

/* The first registered unit other than SELF with an image for TARGET that
   exports SYMBOL, and that image; NULL if none.  The units are read
   under the registry lock (taken here after the load lock: no path takes
   them the other way round).  */

static struct gw_unit_rec *
gw_find_exporter (const char *target, const char *symbol,
		  const struct gw_unit *self, const struct gw_image **image)
{
  struct gw_unit_rec *found = NULL;

  pthread_mutex_lock (&gw_registry_lock);
  for (struct gw_unit_rec *r = gw_units; r && !found; r = r->next)
    {
      if (r->desc == self)
	continue;
      const struct gw_image *images = GW_UNIT_IMAGES (r->desc);
      for (size_t i = 0; i < r->desc->num_images && !found; i++)
	if (images[i].target && strcmp (images[i].target, target) == 0
	    && gw_image_exports (&images[i], symbol))
	  {
	    found = r;
	    *image = &images[i];
	  }
    }
  pthread_mutex_unlock (&gw_registry_lock);
  return found;
}

/* From a device's link_image, with the load lock held: the code device
   DEVICE has for the unit other than SELF whose TARGET image exports
   SYMBOL, loaded and linked if it was not; NULL if no such unit has
   usable code.  */

struct gw_code *
gw_exporter (int device, const char *target, const char *symbol,
	     const struct gw_unit *self)
{
  const struct gw_image *image;
  struct gw_unit_rec *r = gw_find_exporter (target, symbol, self, &image);
  return r ? gw_prepare_locked (r, device)->code : NULL;
}

/* The image for TARGET of a registered unit other than SELF that exports
   SYMBOL, or NULL, and that unit in *UNIT: for a device that links
   images rather than loaded code (ptx).  */

const struct gw_image *
gw_exporting_image (const char *target, const char *symbol,
		    const struct gw_unit *self, const struct gw_unit **unit)
{
  const struct gw_image *image = NULL;
  struct gw_unit_rec *r = gw_find_exporter (target, symbol, self, &image);
  *unit = r ? r->desc : NULL;
  return image;
}

/* Describe, in BUF of SIZE bytes, the shape of the routine variant
   SYMBOL (its name ends in __wNvM or __vM, config/module.cc) for a
   message that it is missing: " for N workers of M lanes", or "".  */

const char *
gw_routine_shape (const char *symbol, char *buf, size_t size)
{
  unsigned w = 0, v = 0;
  const char *s = strrchr (symbol, '_');
  buf[0] = 0;
  if (s == NULL || s == symbol || s[-1] != '_')
    return buf;
  if (sscanf (s + 1, "w%uv%u", &w, &v) == 2)
    snprintf (buf, size, " for %u worker%s of %u lanes", w,
	      w == 1 ? "" : "s", v);
  else if (sscanf (s + 1, "v%u", &v) == 1)
    snprintf (buf, size, " for %u vector lanes", v);
  return buf;
}

/* Return true if unit U has an image for TARGET ("ptx").  */

bool
gw_unit_has_target (const struct gw_unit *u, const char *target)
{
  const struct gw_image *images = GW_UNIT_IMAGES (u);

  for (size_t i = 0; i < u->num_images; i++)
    if (images[i].target && strcmp (images[i].target, target) == 0)
      return true;
  return false;
}

/* In the child of a fork: the other threads are gone, and may have held
   the locks; give the child fresh ones.  */

static void
gw_registry_atfork_child (void)
{
  pthread_mutex_init (&gw_registry_lock, NULL);
  pthread_mutex_init (&gw_load_lock, NULL);
}

/* Install the fork handler when the library is loaded.  */

static void __attribute__ ((constructor))
gw_registry_init (void)
{
  pthread_atfork (NULL, NULL, gw_registry_atfork_child);
}
