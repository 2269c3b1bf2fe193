/* Launching offloaded regions: gangway_parallel_keyed.
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

/* The plugin turns every call of libgomp's GOACC_parallel_keyed into a
   call of gangway_parallel_keyed with the same arguments.  This file
   decodes the launch words of that call, decides where the region runs,
   and either hands it to a device or runs its host version through
   libgomp.  It also implements the queries of gangway.h.

   The decision, first match wins (the launch log gives the reason):

     the "if" clause was false             host, if-clause
     acc_set_device_type (acc_device_host) host, acc_set_device_type
     ACC_DEVICE_TYPE=host                  host, ACC_DEVICE_TYPE=host
     GANGWAY_DEVICE=host                   host, GANGWAY_DEVICE=host
     FN is no registered kernel            host, not-offloaded
     the launch words are not understood   host, bad-launch-words
     GANGWAY_DEVICE=ptx or unset, and the  the ptx device
       ptx device runs FN
     the cpu device has no code for FN     host, no-cpu-code,
					   cpu-lacks-ISA, image-load-failed
     otherwise                             the cpu device

   A region that none of the first five lines sends to the host, and
   whose launch words give a negative num_gangs, num_workers or
   vector_length, ends the program; a zero one takes the device's
   default (gw_check_dims).

   The ptx device does not run FN when the device is unusable (no-driver,
   no-gpu, driver-error: device-ptx.c), has no code for it (no-ptx-code,
   ptx-lacks-arch, image-load-failed), cannot map its data
   (ptx-map-kind) or cannot launch its dimensions (too-many-gangs,
   too-many-threads).  If FN's unit has a ptx image, the launch log says why
   after the other fields, as "ptx=REASON".  Under GANGWAY_MEM=separate
   the cpu device does not run FN when it cannot map its data
   (cpu-map-kind).  While launches go to a device with memory of its own
   (the ptx device, or the cpu device under GANGWAY_MEM=separate), a
   region that runs in the host's memory finds the host's copy of the
   data present on the device brought up to date before it runs, and the
   device's after (gw_sync_host); with a false "if" clause, the region
   works on the host's copy as it is, as OpenACC says.

   Every launch goes through libgomp's GOACC_parallel_keyed, as a host
   fallback: libgomp initializes itself, dispatches the OpenACC profiling
   events (acc_prof.h) and prints its GOMP_DEBUG trace for device launches
   too, and calls the function it is given on the launching thread.  For
   a device launch that function is gw_device_trampoline, which makes the
   launch the caller left for it; libgomp maps no data (its host fallback
   maps none: the cpu device shares the host's memory, and the ptx device
   maps its data itself, data-map.c) and reports the region as run by the
   host device, which is what acc_get_device_type says.

   A launch with an async clause is queued.  On the cpu device
   (device-cpu.c, pool-queue.c) the launch returns at once, and the pool
   runs the program's queued launches one after the other, all queues in
   one order (unless the queue is empty and the kernel is one the pool
   timed quick: then it runs at once, gw_pool_run_now); a wait clause
   needs no action: what it names was queued before, or has completed.
   On the ptx device each queue is a CUDA stream (queue-ptx.c), and the
   launch passes its wait clause's queues on (gw_launch.waits), which
   become events.  Everything else is synchronous and, so that no region
   or directive sees data a queued launch has yet to write, waits for
   every queue first (on GPUs, CUDA's legacy default stream likewise
   waits for the others): a launch on the host, a launch without async,
   a data directive without async (data-directives.c), and of course
   the waits (async.c).  */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>

#include "runtime.h"
#include "gangway.h"

/* libgomp's launch entry point, which runs host versions.  libgangway
   defines a GOACC_parallel_keyed of its own (below), so libgomp's is
   found past it (RTLD_NEXT), once.  */
typedef void gw_goacc_parallel_fn (int, void (*) (void *), size_t, void **,
				   size_t *, unsigned short *, ...);
/* Found at the first launch; threads that launch at once may each look
   it up, and store the same value (relaxed: it publishes nothing).  */
static _Atomic (gw_goacc_parallel_fn *) gw_libgomp_parallel;

/* Return libgomp's GOACC_parallel_keyed.  */

static gw_goacc_parallel_fn *
gw_goacc_parallel (void)
{
  gw_goacc_parallel_fn *f
    = atomic_load_explicit (&gw_libgomp_parallel, memory_order_relaxed);

  if (__builtin_expect (f == NULL, 0))
    {
      f = (gw_goacc_parallel_fn *) dlsym (RTLD_NEXT, "GOACC_parallel_keyed");
      if (f == NULL)
	gw_fatal ("cannot find libgomp's GOACC_parallel_keyed (link the "
		  "program with -fopenacc)");
      atomic_store_explicit (&gw_libgomp_parallel, f, memory_order_relaxed);
    }
  return f;
}

/* The devices, by gw_device_id.  */
const struct gw_device *const gw_devices[GW_DEVICE_COUNT] = {
  [GW_DEVICE_PTX] = &gw_device_ptx,
  [GW_DEVICE_CPU] = &gw_device_cpu,
};

/* The device of the highest priority below ABOVE (INT_MAX: of all), or
   -1.  */

static int
gw_device_below (int above)
{
  int best = -1;

  for (int d = 0; d < GW_DEVICE_COUNT; d++)
    if (gw_devices[d]->priority < above
	&& (best < 0 || gw_devices[d]->priority > gw_devices[best]->priority))
      best = d;
  return best;
}

int
gw_first_device (void)
{
  return gw_device_below (INT_MAX);
}

int
gw_next_device (int device)
{
  return gw_device_below (gw_devices[device]->priority);
}

int
gw_active_device (void)
{
  int d = gw_device ();

  if (d < 0)
    return d;
  for (int next; (next = gw_next_device (d)) >= 0; d = next)
    if (gw_devices[d]->probe () == NULL)
      break;
  return d;
}

/* The device the calling thread's last launch ran on.  */
static __thread const char *gw_last_device;

/* A device launch, waiting for libgomp to call gw_device_trampoline.  */
struct gw_pending
{
  const struct gw_device *dev;
  void *code;
  struct gw_launch launch;
};
static __thread struct gw_pending *gw_pending;

/* What libgomp calls instead of the region's host version for a device
   launch: make the launch the calling thread left.  */

static void
gw_device_trampoline (void *hostaddrs)
{
  struct gw_pending *p = gw_pending;

  (void) hostaddrs;
  gw_pending = NULL;
  p->dev->launch (p->code, &p->launch);
}

/* Read the launch words at *AP up to the terminating zero, storing the
   runtime dimensions (0 where not given) into DIMS, the mask of the
   axes given (bit GW_GANG first) into *GIVEN and the async queue into
   *ASYNC (left alone without one).  Return false if a word is not
   understood; the rest of the list is then unreadable and left
   alone.  */

static bool
gw_decode_launch_words (va_list *ap, unsigned dims[GW_AXES],
			unsigned *given, int *async, struct gw_launch *l)
{
  unsigned word;

  while ((word = va_arg (*ap, unsigned)) != GW_LAUNCH_END)
    {
      /* A word with a device type applies to that kind of device only;
	 GCC 12 emits none, and none is ours.  Its operands are read all
	 the same.  */
      bool ours = GW_LAUNCH_WORD_DEVICE (word) == 0;
      unsigned op = GW_LAUNCH_WORD_OP (word);

      switch (GW_LAUNCH_WORD_CODE (word))
	{
	case GW_LAUNCH_DIM:
	  for (int i = 0; i < GW_AXES; i++)
	    if (op & (1u << i))
	      {
		unsigned v = va_arg (*ap, unsigned);
		if (ours)
		  {
		    dims[i] = v;
		    *given |= 1u << i;
		  }
	      }
	  break;

	case GW_LAUNCH_ASYNC:
	  {
	    /* A queue of 0xffff or more, or a negative one
	       (acc_async_noval), follows.  */
	    int q = op == GW_LAUNCH_OP_WIDE ? va_arg (*ap, int) : (int) op;
	    if (ours)
	      *async = q;
	  }
	  break;

	case GW_LAUNCH_WAIT:
	  /* The cpu device's queue runs everything queued before first;
	     the ptx device's streams need to know.  */
	  for (unsigned i = 0; i < op; i++)
	    {
	      int q = va_arg (*ap, int);
	      if (!ours)
		continue;
	      if (l->num_waits < GW_LAUNCH_WAITS)
		l->waits[l->num_waits++] = q;
	      else
		l->waits[0] = GW_QUEUES_ALL, l->num_waits = 1;
	    }
	  break;

	default:
	  {
	    static atomic_bool reported;
	    if (!atomic_exchange (&reported, true))
	      gw_warn ("unknown launch word %#x; running the region on the "
		       "host", word);
	    return false;
	  }
	}
    }
  return true;
}

/* Return the name of the region whose registered kernel is E (or NULL)
   and whose host version is FN, for the launch log.  BUF, of SIZE bytes,
   may hold the result.  */

static const char *
gw_region_name (const struct gw_entry *e, void (*fn) (void *), char *buf,
		size_t size)
{
  Dl_info info;

  if (e && e->kernel->name)
    return e->kernel->name;
  if (e && e->kernel->symbol)
    return e->kernel->symbol;
  /* dladdr gives the nearest symbol below the address; only an exact
     match names FN.  */
  if (dladdr ((void *) fn, &info) && info.dli_sname
      && info.dli_saddr == (void *) fn)
    return info.dli_sname;
  snprintf (buf, size, "0x%lx", (unsigned long) (uintptr_t) fn);
  return buf;
}

/* Return the compile-time dimension V as a launch dimension, or 0 if the
   compiler left it to the launch.  */

static uint32_t
gw_static_dim (intptr_t v)
{
  if (v <= 0)
    return 0;
  return (uintmax_t) v > UINT32_MAX ? UINT32_MAX : (uint32_t) v;
}

/* Return NULL if device DEVICE (a gw_device_id) can run kernel E, after
   setting *UNIT_CODE to the device's code for E's unit and *CODE to E's
   code in it; otherwise return the reason why not.  */

static const char *
gw_try_device (const struct gw_entry *e, int device,
	       const struct gw_code **unit_code, void **code)
{
  struct gw_unit_device *d = gw_prepare (e, device);

  if (d->code == NULL)
    return d->reason;
  *unit_code = d->code;
  if ((*code = d->code->kernels[e->index]) == NULL)
    return gw_devices[device]->no_code_reason;
  return NULL;
}

/* The clauses that set each axis at run time, for messages.  */
static const char *const gw_dim_clause[GW_AXES] = {
  [GW_GANG] = "num_gangs",
  [GW_WORKER] = "num_workers",
  [GW_VECTOR] = "vector_length",
};

/* End the program if one of the run-time dimensions DIMS of the region
   named NAME that its launch words give (the axes in the mask GIVEN) is
   negative; GCC passes the clauses' int values as unsigned words, so a
   negative value arrives above INT_MAX.  Return the mask of the axes
   whose value is 0: the launch takes the default there, as libgomp's
   devices do (a program may compute num_gangs ((ISIZ1 * ISIZ2) / 1024),
   0 for a small problem, and rely on it), and the launch log says
   so.  */

static unsigned
gw_check_dims (const char *name, const unsigned dims[GW_AXES],
	       unsigned given)
{
  unsigned zero = 0;

  for (int i = 0; i < GW_AXES; i++)
    if (given & (1u << i))
      {
	if ((int) dims[i] < 0)
	  gw_fatal ("%s(%d) in region %s: the value must not be negative",
		    gw_dim_clause[i], (int) dims[i], name);
	if (dims[i] == 0)
	  zero |= 1u << i;
      }
  return zero;
}

/* Fill in the dimensions of launch L of kernel E on device DEV, whose
   loaded code is CODE, given the runtime dimensions DIMS of its launch
   words (0 where not given).  */

static void
gw_launch_dims (struct gw_launch *l, const struct gw_entry *e,
		const struct gw_device *dev, const struct gw_code *code,
		const unsigned dims[GW_AXES])
{
  static const intptr_t none[GW_AXES];
  const struct gw_config *cfg = gw_config ();
  const intptr_t *fixed = code->dims ? code->dims + GW_AXES * e->index : none;

  /* The number of gangs: the compiler's, else the launch's, else the
     device's choice.  The compiler's wins, as in libgomp: it is the
     program's constant num_gangs, or 1 for a kernels region GCC did not
     parallelize, whose code outside loops must run once although the
     launch passes the construct's num_gangs.  A device may run fewer than
     the launch asks for (the code reads a run-time number of gangs from
     its arguments, and its loops share their iterations among those it
     gets).  Where neither says, GOMP_OPENACC_DIM's, then the device's.  */
  l->gangs = gw_static_dim (fixed[GW_GANG]);
  l->gangs_asked = 0;
  if (l->gangs == 0)
    l->gangs = dims[GW_GANG];
  if (l->gangs != 0 && dev->max_gangs && l->gangs > dev->max_gangs)
    {
      l->gangs_asked = l->gangs;
      l->gangs = dev->max_gangs;
    }
  if (l->gangs == 0)
    l->gangs = cfg->default_dims[GW_GANG];
  if (l->gangs != 0 && dev->max_gangs && l->gangs > dev->max_gangs)
    l->gangs = dev->max_gangs;
  if (l->gangs == 0)
    l->gangs = dev->default_gangs ();

  /* The device code was compiled for its worker and vector counts: a
     runtime num_workers or vector_length cannot change them.  Only where
     the image leaves them to the launch, and the device can take them
     then, do they count.  */
  l->workers = gw_static_dim (fixed[GW_WORKER]);
  if (l->workers == 0 && dev->inner_dims_at_launch)
    l->workers = dims[GW_WORKER] ? dims[GW_WORKER]
		 : cfg->default_dims[GW_WORKER];
  if (l->workers == 0)
    l->workers = 1;
  l->vector = gw_static_dim (fixed[GW_VECTOR]);
  if (l->vector == 0 && dev->inner_dims_at_launch)
    l->vector = dims[GW_VECTOR] ? dims[GW_VECTOR]
		: cfg->default_dims[GW_VECTOR];
  if (l->vector == 0)
    l->vector = 1;
}

/* Decide, under configuration C, where the region whose host version is
   FN runs, and with what dimensions.  FLAGS are its un-inverted flags,
   WORDS_OK says whether its launch words were understood, DIMS and GIVEN
   are the dimensions they give (gw_decode_launch_words), MAPNUM and KINDS
   describe its data.  Return NULL to run it on a device, after setting
   *E to its kernel, *DEV to the device, *CODE to the kernel's code there
   and the dimensions of L; otherwise return the reason for running it on
   the host (*E is then its kernel if the lookup was done and found one).
   Either way, set *SKIPPED to a device that gave way and *SKIPPED_WHY to
   why it does not run the region, when C logs launches and that is
   worth logging, else both to NULL.  A negative
   run-time dimension of a region that would run on a device ends the
   program.  */

static const char *
gw_choose_device (const struct gw_config *c, int flags, void (*fn) (void *),
		  bool words_ok, const unsigned dims[GW_AXES], unsigned given,
		  size_t mapnum, const unsigned short *kinds,
		  const struct gw_entry **e, const struct gw_device **dev,
		  void **code, struct gw_launch *l,
		  const struct gw_device **skipped, const char **skipped_why)
{
  const struct gw_code *unit_code = NULL;
  char buf[32];

  *e = NULL;
  *dev = NULL;
  *code = NULL;
  *skipped = NULL;
  *skipped_why = NULL;
  if (flags & GW_FLAG_HOST_FALLBACK)
    return "if-clause";
  if (atomic_load_explicit (&gw_selected_host, memory_order_relaxed))
    return "acc_set_device_type";
  int device = gw_device ();
  if (device < 0)
    return c->host_reason;
  if ((*e = gw_lookup (fn)) == NULL)
    return "not-offloaded";
  if (!words_ok)
    return "bad-launch-words";
  l->zero_dims = given ? gw_check_dims (gw_region_name (*e, fn, buf,
						       sizeof buf),
					dims, given) : 0;

  /* The devices in order from the chosen one: one that cannot run the
     region gives way to the next; the last is asked even if unusable,
     for the reason it gives.  */
  for (int next;; device = next)
    {
      const struct gw_device *d = gw_devices[device];
      next = gw_next_device (device);
      /* Where a device that would give way is unusable and the log is
	 off, what it would say is of no use.  */
      if (next >= 0 && !c->log && d->probe () != NULL)
	continue;
      const char *why = gw_try_device (*e, device, &unit_code, code);
      if (why == NULL && d->memory () && !gw_map_kinds_ok (mapnum, kinds))
	why = d->map_kind_reason;
      if (why == NULL)
	{
	  gw_launch_dims (l, *e, d, unit_code, dims);
	  if (d->check_launch)
	    why = d->check_launch (*code, l, gw_region_name (*e, fn, buf,
							      sizeof buf));
	}
      *dev = d;
      if (why == NULL || next < 0)
	return why;
      /* A unit without code for the device was never meant for it.
	 Only the log says why (this costs a search, every launch).  */
      if (c->log && gw_unit_has_target ((*e)->unit->desc, d->name))
	{
	  *skipped = d;
	  *skipped_why = why;
	}
    }
}

/* Launch the offloaded region whose host version GCC outlined as FN (the
   caller has given the engine its site).  FLAGS_M holds the inverted
   GOACC flags; MAPNUM, HOSTADDRS, SIZES and KINDS describe the region's
   data; AP holds the launch words, ending with a zero.  This is
   GOACC_parallel_keyed's interface, and the host path passes everything
   but the launch words on to libgomp's.  */

static void
gw_parallel (int flags_m, void (*fn) (void *), size_t mapnum,
	     void **hostaddrs, size_t *sizes, unsigned short *kinds,
	     va_list *ap)
{
  const struct gw_config *c = gw_config ();
  int flags = ~flags_m;
  unsigned dims[GW_AXES] = { 0, 0, 0 };
  unsigned given = 0;
  int async = GW_ASYNC_SYNC;

  struct gw_pending pending;
  pending.launch.num_waits = 0;
  bool words_ok = gw_decode_launch_words (ap, dims, &given, &async,
					  &pending.launch);
  /* acc_async_sync, and the values no queue has.  */
  if (async < GW_ASYNC_NOVAL)
    async = GW_ASYNC_SYNC;

  uint64_t start = (c->log & GW_LOG_TIME) ? gw_now_ns () : 0;
  const struct gw_entry *e;
  const struct gw_device *dev;
  void *code;
  const struct gw_device *skipped;
  const char *skipped_why;
  const char *reason = gw_choose_device (c, flags, fn, words_ok, dims, given,
					 mapnum, kinds, &e, &dev, &code,
					 &pending.launch, &skipped,
					 &skipped_why);

  /* The name in the log; looked up even for host launches.  */
  char buf[32];
  const char *name = NULL;
  if (c->log)
    {
      if (e == NULL && reason != NULL)
	e = gw_lookup (fn);
      name = gw_region_name (e, fn, buf, sizeof buf);
    }

  /* Why a device that gave way does not run the region, as the log says
     it (only set when logging): " ptx=no-ptx-code".  */
  char skipped_note[64] = "";
  if (skipped_why)
    snprintf (skipped_note, sizeof skipped_note, " %s=%s", skipped->name,
	      skipped_why);

  if (reason == NULL)
    {
      struct gw_launch *l = &pending.launch;

      pending.dev = dev;
      pending.code = code;
      l->data = hostaddrs;
      l->globals = GW_UNIT_GLOBALS (e->unit->desc);
      l->num_globals = e->unit->desc->num_globals;
      l->mapnum = mapnum;
      l->sizes = sizes;
      l->kinds = kinds;
      /* A device queues the launch (the ptx device on its streams) only
	 where it is the one the data directives go to: no data must be
	 synchronized with another device around the launch.  */
      int active = gw_active_device ();
      l->async = active >= 0 && dev == gw_devices[active]
		 ? async : GW_ASYNC_SYNC;
      gw_last_device = dev->name;
      if (c->log & GW_LOG_LAUNCH)
	{
	  char asked[64] = "", queue[32] = "";
	  int at = 0;
	  if (l->gangs_asked)
	    at = snprintf (asked, sizeof asked, " num_gangs=%u",
			   l->gangs_asked);
	  /* The axes whose run-time value 0 took the default.  */
	  for (int i = 0; i < GW_AXES; i++)
	    if (l->zero_dims & (1u << i))
	      at += snprintf (asked + at, sizeof asked - at, " %s=0",
			      gw_dim_clause[i]);
	  if (l->async != GW_ASYNC_SYNC)
	    snprintf (queue, sizeof queue, " async=%d", l->async);
	  gw_message ("launch %s device=%s gangs=%u workers=%u vector=%u%s%s%s",
		      name, dev->name, l->gangs, l->workers, l->vector,
		      asked, queue, skipped_note);
	}
      if (l->async == GW_ASYNC_SYNC)
	gw_wait_all ();
      gw_pending = &pending;
      fn = gw_device_trampoline;
    }
  else
    {
      gw_last_device = "host";
      if (c->log & GW_LOG_LAUNCH)
	gw_message ("launch %s device=host gangs=1 workers=1 vector=1 "
		    "reason=%s%s", name, reason, skipped_note);
      gw_wait_all ();
    }

  /* A region that runs in the host's memory while the data directives
     map data into a device's own: give it the device's data, and the
     device its results.  */
  void *const *globals = NULL;
  size_t num_globals = 0;
  const struct gw_memory *mem = gw_memory ();
  bool sync = mem != NULL && (reason != NULL || dev->memory () != mem)
	      && !(flags & GW_FLAG_HOST_FALLBACK);
  if (sync)
    {
      if (e)
	{
	  globals = GW_UNIT_GLOBALS (e->unit->desc);
	  num_globals = e->unit->desc->num_globals;
	}
      gw_sync_host (mapnum, hostaddrs, sizes, kinds, globals, num_globals,
		    true);
    }

  /* Whatever libgomp's own device choice would be, the region runs here:
     ask for the host fallback.  Its host path reads no launch words, so
     the terminating zero is all it needs.  */
  gw_goacc_parallel () (~(flags | GW_FLAG_HOST_FALLBACK), fn, mapnum,
			hostaddrs, sizes, kinds, 0);

  if (sync)
    gw_sync_host (mapnum, hostaddrs, sizes, kinds, globals, num_globals,
		  false);

  /* A queued launch's time is the time to queue it.  */
  if (c->log & GW_LOG_TIME)
    {
      char queue[32] = "";
      if (reason == NULL && pending.launch.async != GW_ASYNC_SYNC)
	snprintf (queue, sizeof queue, " async=%d", pending.launch.async);
      gw_message ("done %s device=%s time=%.3fms%s", name, gw_last_device,
		  (double) (gw_now_ns () - start) * 1e-6, queue);
    }
}

/* A launch the plugin rewrote: GOACC_parallel_keyed's arguments after
   the region's SITE.  */

GW_EXPORT void
gangway_parallel_keyed (const struct gw_site *site, int flags_m,
			void (*fn) (void *), size_t mapnum, void **hostaddrs,
			size_t *sizes, unsigned short *kinds, ...)
{
  va_list ap;

  va_start (ap, kinds);
  gw_map_site (site);
  gw_parallel (flags_m, fn, mapnum, hostaddrs, sizes, kinds, &ap);
  gw_map_site (NULL);
  va_end (ap);
}

/* The launches of code compiled without the plugin, which calls
   libgomp's GOACC_parallel_keyed itself: libgangway comes before libgomp
   in the program's link (gangway.pc's flags come before -fopenacc's
   -lgomp), so this definition takes those calls, and they go the way of
   the plugin's, without a site.  The region is registered nowhere, so
   it runs on the host, after the queues, with its launch log line
   (reason=not-offloaded).  Weak: where libgomp comes first, its own
   takes them.  */

extern void GOACC_parallel_keyed (int, void (*) (void *), size_t, void **,
				  size_t *, unsigned short *, ...)
  __attribute__ ((weak, visibility ("default")));

void
GOACC_parallel_keyed (int flags_m, void (*fn) (void *), size_t mapnum,
		      void **hostaddrs, size_t *sizes, unsigned short *kinds,
		      ...)
{
  va_list ap;

  va_start (ap, kinds);
  gw_parallel (flags_m, fn, mapnum, hostaddrs, sizes, kinds, &ap);
  va_end (ap);
}

/* Return the name of the device launches go to when their region has
   code for it: a device gives way to the next in order when it is
   unusable (gw_active_device).  */

GW_EXPORT const char *
gangway_device_name (void)
{
  int device = gw_active_device ();

  if (device < 0 || atomic_load (&gw_selected_host))
    return "host";
  return gw_devices[device]->name;
}

/* Return the number of threads a cpu launch runs on.  */

GW_EXPORT int
gangway_num_threads (void)
{
  return (int) gw_pool_size ();
}

/* Return the device the calling thread's last launch ran on, or NULL
   before its first launch.  */

GW_EXPORT const char *
gangway_last_launch_device (void)
{
  return gw_last_device;
}
