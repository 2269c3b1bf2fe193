/* The OpenACC profiling interface's data events of the mapping engine.
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

/* libgomp dispatches the profiling events (acc_prof.h, OpenACC 2.6's
   chapter 5) of what it does: the compute constructs' and data
   constructs' start and end (Gangway's launches and directives go
   through libgomp's entry points for that, launch.c), waits, device
   initialization.  What Gangway's mapping engine does (data-map.c) is
   unknown to it: the device memory it allocates and frees, the copies it
   makes.  So the plugin turns the program's acc_prof_register and
   acc_prof_unregister into calls of gangway_acc_prof_register and
   gangway_acc_prof_unregister (plugin/unit.cc), which keep the
   callbacks of the engine's events here and pass every call on to
   libgomp, which keeps its own.  The engine's events:

     acc_ev_alloc, acc_ev_free     a device allocation for mapped data
				   or acc_malloc (bytes, device_ptr), its
				   free (device_ptr); not the copies of
				   declared globals, which come with a
				   unit's image, as libgomp dispatches
				   none for an image's variables;
     acc_ev_enqueue_upload_start, _end, acc_ev_enqueue_download_start,
     _end                          a copy to or from the device (bytes,
				   host_ptr, device_ptr).

   Each has the variable's name where the construct's site gives one, the
   construct as its parent_construct (acc_construct_runtime_api for the
   data API), the source position of the construct, the device type and
   number of the device launches go to, and the queue.  Callbacks run on
   the thread of the event, with the engine's lock held: they must not
   call the data API (libgomp has the same rule).  acc_toggle and
   acc_toggle_per_thread (with a callback or without, to turn an event
   off and on) apply to the whole program.  A tool library that
   registers through acc_register_library, which libgomp calls with its
   own registration function, reaches libgomp's events only.  */

#define _GNU_SOURCE
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <acc_prof.h>

#include "runtime.h"

/* The engine's events, and what is registered for them.  */
#define GW_PROF_CALLBACKS 16

struct gw_prof_event
{
  acc_prof_callback cb[GW_PROF_CALLBACKS];
  bool off[GW_PROF_CALLBACKS];	/* Turned off by acc_toggle.  */
  unsigned n;
  bool event_off;		/* acc_toggle of the event itself.  */
};

static struct gw_prof_event gw_prof_events[acc_ev_last];
static pthread_mutex_t gw_prof_lock = PTHREAD_MUTEX_INITIALIZER;
/* Whether any callback of an engine event is registered: the engine's
   test before it builds an event.  */
atomic_bool gw_prof_any;
/* Positive while the calling thread makes or removes the copies of
   declared globals (data-declare.c).  */
__thread int gw_prof_off;

static bool
gw_prof_engine_event (acc_event_t ev)
{
  switch (ev)
    {
    case acc_ev_alloc:
    case acc_ev_free:
    case acc_ev_enqueue_upload_start:
    case acc_ev_enqueue_upload_end:
    case acc_ev_enqueue_download_start:
    case acc_ev_enqueue_download_end:
      return true;
    default:
      return false;
    }
}

/* Recompute gw_prof_any.  Requires GW_PROF_LOCK.  */

static void
gw_prof_update_any (void)
{
  bool any = false;

  for (int ev = 0; ev < acc_ev_last; ev++)
    any |= gw_prof_events[ev].n > 0;
  atomic_store (&gw_prof_any, any);
}

GW_EXPORT void
gangway_acc_prof_register (acc_event_t ev, acc_prof_callback cb,
			   acc_register_t reg)
{
  if (ev >= 0 && ev < acc_ev_last && gw_prof_engine_event (ev))
    {
      struct gw_prof_event *e = &gw_prof_events[ev];
      pthread_mutex_lock (&gw_prof_lock);
      if (reg == acc_reg && cb != NULL)
	{
	  if (e->n == GW_PROF_CALLBACKS)
	    gw_warn ("more than %d callbacks of one profiling event: the "
		     "rest get no events of Gangway's device memory",
		     GW_PROF_CALLBACKS);
	  else
	    {
	      e->off[e->n] = false;
	      e->cb[e->n++] = cb;
	    }
	}
      else if (reg == acc_toggle || reg == acc_toggle_per_thread)
	{
	  /* Turn back on what acc_prof_unregister turned off.  */
	  if (cb == NULL)
	    e->event_off = false;
	  for (unsigned i = 0; i < e->n; i++)
	    if (e->cb[i] == cb)
	      e->off[i] = false;
	}
      gw_prof_update_any ();
      pthread_mutex_unlock (&gw_prof_lock);
    }
  acc_prof_register (ev, cb, reg);
}

GW_EXPORT void
gangway_acc_prof_unregister (acc_event_t ev, acc_prof_callback cb,
			     acc_register_t reg)
{
  if (ev >= 0 && ev < acc_ev_last && gw_prof_engine_event (ev))
    {
      struct gw_prof_event *e = &gw_prof_events[ev];
      pthread_mutex_lock (&gw_prof_lock);
      if (reg == acc_reg)
	{
	  /* The last registration of CB goes.  */
	  for (unsigned i = e->n; i-- > 0;)
	    if (e->cb[i] == cb)
	      {
		memmove (&e->cb[i], &e->cb[i + 1],
			 (e->n - i - 1) * sizeof e->cb[0]);
		memmove (&e->off[i], &e->off[i + 1],
			 (e->n - i - 1) * sizeof e->off[0]);
		e->n--;
		break;
	      }
	}
      else if (cb == NULL)
	e->event_off = true;
      else
	for (unsigned i = 0; i < e->n; i++)
	  if (e->cb[i] == cb)
	    e->off[i] = true;
      gw_prof_update_any ();
      pthread_mutex_unlock (&gw_prof_lock);
    }
  acc_prof_unregister (ev, cb, reg);
}

/* The construct of site SITE, for an event.  */

static acc_construct_t
gw_prof_construct (const struct gw_site *site)
{
  static const struct
  {
    const char *what;
    acc_construct_t c;
  } kinds[] = {
    { "parallel", acc_construct_parallel },
    { "kernels", acc_construct_kernels },
    { "serial", acc_construct_serial },
    { "data", acc_construct_data },
    { "enter data", acc_construct_enter_data },
    { "exit data", acc_construct_exit_data },
    { "update", acc_construct_update },
    { "declare", acc_construct_declare },
  };

  if (site && site->what)
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
      if (strcmp (site->what, kinds[i].what) == 0)
	return kinds[i].c;
  return acc_construct_runtime_api;
}

/* Dispatch the engine's event EV: BYTES at host address HOST (or NULL)
   and device address DEV, of the construct the calling thread is in
   (gw_map_current_site), on queue ASYNC.  */

void
gw_prof_data_event (int ev, const void *host, uint64_t dev, size_t bytes,
		    int async)
{
  acc_prof_callback cbs[GW_PROF_CALLBACKS];
  unsigned n = 0;

  pthread_mutex_lock (&gw_prof_lock);
  const struct gw_prof_event *e = &gw_prof_events[ev];
  if (!e->event_off)
    for (unsigned i = 0; i < e->n; i++)
      if (!e->off[i])
	cbs[n++] = e->cb[i];
  pthread_mutex_unlock (&gw_prof_lock);
  if (n == 0)
    return;

  size_t entry;
  const struct gw_site *site = gw_map_current_site (&entry);
  char name[128] = "", file[256] = "";
  int line = 0;
  if (site)
    {
      gw_site_name (site, entry, name, sizeof name);
      /* WHERE is "file:line".  */
      const char *colon = site->where ? strrchr (site->where, ':') : NULL;
      if (colon && (size_t) (colon - site->where) < sizeof file)
	{
	  memcpy (file, site->where, colon - site->where);
	  file[colon - site->where] = '\0';
	  line = atoi (colon + 1);
	}
    }

  acc_prof_info prof = {
    .event_type = ev,
    .valid_bytes = _ACC_PROF_INFO_VALID_BYTES,
    .version = _ACC_PROF_INFO_VERSION,
    .device_type = gw_ptx_active () ? acc_device_nvidia
		   : acc_device_not_host,
    .device_number = 0,
    .thread_id = -1,
    .async = async,
    .async_queue = async,
    .src_file = file[0] ? file : NULL,
    .func_name = NULL,
    .line_no = line,
    .end_line_no = line,
    .func_line_no = -1,
    .func_end_line_no = -1,
  };
  acc_event_info info;
  memset (&info, 0, sizeof info);
  info.data_event = (acc_data_event_info) {
    .event_type = ev,
    .valid_bytes = _ACC_DATA_EVENT_INFO_VALID_BYTES,
    .parent_construct = gw_prof_construct (site),
    .implicit = 0,
    .tool_info = NULL,
    .var_name = name[0] ? name : NULL,
    .bytes = bytes,
    .host_ptr = host,
    .device_ptr = (const void *) (uintptr_t) dev,
  };
  acc_api_info api = {
    .device_api = gw_ptx_active () ? acc_device_api_cuda
		  : acc_device_api_none,
    .valid_bytes = _ACC_API_INFO_VALID_BYTES,
    .device_type = prof.device_type,
    .vendor = -1,
  };
  for (unsigned i = 0; i < n; i++)
    cbs[i] (&prof, &info, &api);
}
