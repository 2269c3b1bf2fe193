/* The mapping engine: the declared globals' device copies.
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

/* See data-map.h for how the engine's files divide it.  */

#define _GNU_SOURCE
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "runtime.h"
#include "data-map.h"

/* Declared globals.  A variable that a declare directive names at file
   or module scope (GW_GLOBAL_DECLARED in its unit's table) has a copy in
   the device's memory for the life of the program, as GCC's offloading
   puts it in the device image: present to every construct, never freed
   by exit data (its count never reaches zero), updated by update
   directives (plugin/declare-updates.cc) and the API.  The engine makes
   the copies of a unit's declared globals when it first runs after the
   unit registered, copying in the host's values then, and removes them
   when the unit goes.  Under GANGWAY_MEM=separate the unit's
   registration (gangway_register_unit) keeps a copy of the declared
   globals' initial values (gw_map_snapshot_unit), from which the device
   copies start, as libgomp's start from the image's; otherwise a program
   that changes a declared variable on the host before its first launch
   or data directive finds the change on the device without an update.  */

/* A unit's declared globals as they were at its registration.  */
struct gw_snapshot
{
  const struct gw_unit *unit;
  struct gw_snapshot *next;
  void *bytes[];		/* One per global, or NULL.  */
};
static struct gw_snapshot *gw_snapshots;

/* Keep the values of unit U's declared globals, for their device copies.
   At registration, when the configuration may not be read yet (it is
   the engine's first run that maps).  */

void
gw_map_snapshot_unit (const struct gw_unit *u)
{
  void *const *g = GW_UNIT_GLOBALS (u);
  const uintptr_t *info = GW_UNIT_GLOBAL_INFO (u);
  struct gw_snapshot *s
    = calloc (1, sizeof *s + u->num_globals * sizeof s->bytes[0]);

  if (s == NULL)
    gw_fatal ("out of memory for the initial values of declared globals");
  s->unit = u;
  for (size_t i = 0; i < u->num_globals; i++)
    {
      size_t size = GW_GLOBAL_SIZE (info[i]);
      if (!(info[i] & GW_GLOBAL_DECLARED) || size == 0)
	continue;
      s->bytes[i] = malloc (size);
      if (s->bytes[i] == NULL)
	gw_fatal ("out of memory for the initial values of declared "
		  "globals");
      memcpy (s->bytes[i], g[i], size);
    }
  pthread_mutex_lock (&gw_data_lock);
  s->next = gw_snapshots;
  gw_snapshots = s;
  pthread_mutex_unlock (&gw_data_lock);
}

/* Remove and return the snapshot of unit U, or NULL (under
   GW_DATA_LOCK).  */

static struct gw_snapshot *
gw_take_snapshot (const struct gw_unit *u)
{
  for (struct gw_snapshot **p = &gw_snapshots; *p; p = &(*p)->next)
    if ((*p)->unit == u)
      {
	struct gw_snapshot *s = *p;
	*p = s->next;
	return s;
      }
  return NULL;
}

static void
gw_free_snapshot (struct gw_snapshot *s)
{
  if (s == NULL)
    return;
  for (size_t i = 0; i < s->unit->num_globals; i++)
    free (s->bytes[i]);
  free (s);
}

/* gw_registry_each's callback: make the copies of unit U's declared
   globals that are not present yet (under GW_DATA_LOCK).  */

static void
gw_map_declared_of (const struct gw_unit *u, void *arg)
{
  void *const *g = GW_UNIT_GLOBALS (u);
  const uintptr_t *info = GW_UNIT_GLOBAL_INFO (u);

  (void) arg;
  struct gw_snapshot *s = gw_take_snapshot (u);
  for (size_t i = 0; i < u->num_globals; i++)
    {
      uintptr_t h = (uintptr_t) g[i];
      size_t size = GW_GLOBAL_SIZE (info[i]);
      if (!(info[i] & GW_GLOBAL_DECLARED) || size == 0
	  || gw_find (h, size) != NULL)
	continue;
      struct gw_block *b = gw_new_block (size);
      struct gw_present *e = gw_add (h, size, b, b->base, false);
      e->refs = GW_REFS_MAPPED;
      e->declared = true;
      gw_put (e, e->dev, s && s->bytes[i] ? s->bytes[i] : (void *) h, size);
    }
  gw_free_snapshot (s);
}

/* The copies are made when a unit's image comes to the device, part of
   the device's initialization: no profiling events of their memory, as
   libgomp dispatches none for an image's variables (prof.c).  */

void
gw_map_declared (void)
{
  gw_prof_off++;
  gw_registry_each (gw_map_declared_of, NULL);
  gw_prof_off--;
}

/* Return a table of unit U's globals for a device's routines: the device
   address of each declared global, the host's address of the others
   (which only constructs map; routines do not reach them).  The caller
   frees it.  */

void *const *
gw_map_unit_table (const struct gw_unit *u)
{
  void *const *g = GW_UNIT_GLOBALS (u);
  const uintptr_t *info = GW_UNIT_GLOBAL_INFO (u);
  void **table = calloc (u->num_globals ? u->num_globals : 1, sizeof *table);

  if (table == NULL)
    gw_fatal ("out of memory for a unit's table of globals");
  gw_lock ();
  for (size_t i = 0; i < u->num_globals; i++)
    {
      struct gw_present *e = NULL;
      if (info[i] & GW_GLOBAL_DECLARED)
	e = gw_find ((uintptr_t) g[i], 1);
      table[i] = e ? (void *) (uintptr_t) gw_dev (e, (uintptr_t) g[i]) : g[i];
    }
  gw_unlock ();
  return table;
}

/* What gw_map_forget_unit asks gw_registry_each about: whether another
   unit declares the global at HOST.  */
struct gw_declarer
{
  uintptr_t host;
  bool found;
};

static void
gw_declares (const struct gw_unit *u, void *arg)
{
  struct gw_declarer *d = arg;
  void *const *g = GW_UNIT_GLOBALS (u);
  const uintptr_t *info = GW_UNIT_GLOBAL_INFO (u);

  for (size_t i = 0; i < u->num_globals && !d->found; i++)
    d->found = (uintptr_t) g[i] == d->host && (info[i] & GW_GLOBAL_DECLARED);
}

/* Remove the copies of the declared globals of unit U, which is going,
   that no registered unit declares too.  Not while the calling thread
   holds the lock: it is exiting on a fatal error.  */

void
gw_map_forget_unit (const struct gw_unit *u)
{
  void *const *g = GW_UNIT_GLOBALS (u);
  const uintptr_t *info = GW_UNIT_GLOBAL_INFO (u);

  if (gw_locked)
    return;
  pthread_mutex_lock (&gw_data_lock);
  gw_prof_off++;
  gw_free_snapshot (gw_take_snapshot (u));
  for (size_t i = 0; i < u->num_globals; i++)
    {
      if (!(info[i] & GW_GLOBAL_DECLARED))
	continue;
      struct gw_present *e = gw_find ((uintptr_t) g[i], 1);
      if (e == NULL || !e->declared)
	continue;
      struct gw_declarer d = { (uintptr_t) g[i], false };
      gw_registry_each (gw_declares, &d);
      if (!d.found)
	gw_remove (e);
    }
  gw_prof_off--;
  pthread_mutex_unlock (&gw_data_lock);
}
