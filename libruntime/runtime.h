/* Internal declarations of libgangway.
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

/* What the parts of the runtime library share with each other and with
   nobody else.  The library is split by subsystem:

     env.c         the environment (read once) and the stderr messages;
     cpus.c        the CPUs the process may use;
     registry.c    the registered units and the host_fn -> kernel lookup;
     launch.c      gangway_parallel_keyed: launch words, device choice,
		   the host path and the public query functions;
     device-cpu.c  the "cpu" device: ISA checks, image loading, launching;
     pool.c        the thread pool the cpu device runs gangs on: jobs
		   (pool.h lists its other files: pool-threads.c,
		   pool-queue.c, and its policy's, pool-policy.c and
		   pool-choice.c);
     device-ptx.c  the "ptx" device: the CUDA driver, launching (ptx.h
		   lists its other files: queue-ptx.c, memory-ptx.c,
		   image-ptx.c);
     data-map.c    the mapping engine: the present table of a device with
		   memory of its own, the data clauses of launches and the
		   data directives;
     data-cpu.c    the stack objects the cpu device's queued launches
		   copy, while it shares the host's memory.

   Everything declared here has hidden visibility; only the entry points of
   gangway-abi.h and gangway.h are exported (see GW_EXPORT).  */

#ifndef GANGWAY_RUNTIME_H
#define GANGWAY_RUNTIME_H

#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gangway-abi.h"

/* Marks a definition that is part of the library's interface.  */
#define GW_EXPORT __attribute__ ((visibility ("default")))

#pragma GCC visibility push(hidden)

/* The launch words of GCC's GOACC_parallel_keyed calling convention, as
   GCC 12 encodes them.  Each word packs a code (bits 28-31), a device
   type (bits 16-27, 0 for "all devices") and an operand (bits 0-15).  A
   DIM word is followed by one unsigned per bit set in its mask (bit
   GW_GANG first), a WAIT word by as many ints as its operand says.  A zero
   word ends the list.  */
#define GW_LAUNCH_END		0
#define GW_LAUNCH_DIM		1	/* Operand: mask of axes given.  */
#define GW_LAUNCH_ASYNC		2	/* Operand: the queue.  */
#define GW_LAUNCH_WAIT		3	/* Operand: number of queues.  */
#define GW_LAUNCH_WORD_CODE(W)	(((W) >> 28) & 0xfu)
#define GW_LAUNCH_WORD_DEVICE(W) (((W) >> 16) & 0xfffu)
#define GW_LAUNCH_WORD_OP(W)	((W) & 0xffffu)
/* An operand of this value means that the real one, too big for 16 bits,
   follows as an extra argument (used by GW_LAUNCH_ASYNC).  */
#define GW_LAUNCH_OP_WIDE	0xffffu

/* The async queue values with a meaning of their own (acc_async_t).  */
#define GW_ASYNC_NOVAL		(-1)
#define GW_ASYNC_SYNC		(-2)

/* The un-inverted FLAGS bit that asks for the host version of a region
   (its "if" clause was false).  */
#define GW_FLAG_HOST_FALLBACK	1

/* The mapping kinds of the KINDS arrays, as GCC 12 encodes them
   (include/gomp-constants.h, GOMP_MAP_*): the low byte of each entry;
   the high byte is the log2 of the object's alignment.  */
#define GW_MAP_KIND(K)		((K) & 0xffu)
#define GW_MAP_FLAG_TO		0x01u
#define GW_MAP_FLAG_FROM	0x02u
#define GW_MAP_FLAG_SPECIAL	0x0cu
#define GW_MAP_FLAG_FORCE	0x80u
#define GW_MAP_ALLOC		0x00u
#define GW_MAP_TO		0x01u
#define GW_MAP_FROM		0x02u
#define GW_MAP_TOFROM		0x03u
#define GW_MAP_POINTER		0x04u
#define GW_MAP_TO_PSET		0x05u
#define GW_MAP_FORCE_PRESENT	0x06u
#define GW_MAP_DELETE		0x07u
#define GW_MAP_FORCE_DEVICEPTR	0x08u
#define GW_MAP_IF_PRESENT	0x0bu
#define GW_MAP_FIRSTPRIVATE	0x0cu
#define GW_MAP_FIRSTPRIVATE_INT	0x0du
#define GW_MAP_USE_DEVICE_PTR	0x0eu
#define GW_MAP_ZERO_LEN_ARRAY_SECTION 0x0fu
#define GW_MAP_USE_DEVICE_PTR_IF_PRESENT 0x10u
#define GW_MAP_STRUCT		0x1cu
#define GW_MAP_ALWAYS_POINTER	0x1du
#define GW_MAP_RELEASE		0x17u
#define GW_MAP_ATTACH		0x50u
#define GW_MAP_DETACH		0x51u
#define GW_MAP_FORCE_DETACH	0xd1u
#define GW_MAP_FORCE_ALLOC	(GW_MAP_FLAG_FORCE | GW_MAP_ALLOC)
#define GW_MAP_FORCE_TO		(GW_MAP_FLAG_FORCE | GW_MAP_TO)
#define GW_MAP_FORCE_FROM	(GW_MAP_FLAG_FORCE | GW_MAP_FROM)
#define GW_MAP_FORCE_TOFROM	(GW_MAP_FLAG_FORCE | GW_MAP_TOFROM)


/* env.c: configuration and messages.  */

/* Log categories of GANGWAY_LOG.  */
#define GW_LOG_LAUNCH	1u
#define GW_LOG_TIME	2u
#define GW_LOG_POOL	4u

/* The cpu device's pool policies of GANGWAY_POOL_POLICY (pool-policy.c,
   pool-policy.h): full, the default, and simple.  */
#define GW_POOL_POLICY_FULL	0
#define GW_POOL_POLICY_SIMPLE	1

/* The full policy's heuristics, each of which GANGWAY_POOL_POLICY=
   full,no-NAME turns off (pool-policy.h says what each does).  */
#define GW_POOL_NO_QUICK	1u	/* no-quick */
#define GW_POOL_NO_ALONE	2u	/* no-alone */
#define GW_POOL_NO_TRIALS	4u	/* no-trials */
#define GW_POOL_NO_ASYNC_NOW	8u	/* no-async-now */
#define GW_POOL_NO_MOVE		16u	/* no-move */

/* A set of CPUs (cpus.c).  */
struct gw_cpus
{
  /* From CPU_ALLOC, SIZE bytes; NULL when the system does not tell,
     which means every online CPU.  */
  void *set;
  size_t size;
  /* The CPUs in SET, or the number of online CPUs.  */
  unsigned count;
  /* Where SET comes from, for the log: "affinity" (the mask of the
     process's initial thread), "omp-places" (libgomp's places, after
     libgomp narrowed that mask) or "online".  */
  const char *source;
  /* SET is libgomp's places: binding was asked for.  */
  bool places;
};

/* Indices of the devices other than the host in gw_devices.  The order
   they are asked in is their own (gw_device::priority).  */
enum gw_device_id
{
  GW_DEVICE_PTX,
  GW_DEVICE_CPU,
  GW_DEVICE_COUNT
};

/* The settings read from the environment.  */
struct gw_config
{
  /* Where launches go when the region has device code: a gw_device_id,
     or -1 for the host.  Unset, the first device in order
     (gw_first_device); a device gives way to the next in order when it
     is unusable (its probe) or has no code for the region.  */
  int device;
  /* True if GANGWAY_DEVICE asked for the device, rather than the automatic
     choice.  */
  bool device_explicit;
  /* The CUDA driver library to open: GANGWAY_CUDA_DRIVER, else
     "libcuda.so.1".  */
  const char *cuda_driver;
  /* The GPU the ptx device starts as: ACC_DEVICE_NUM, else 0.  */
  int gpu;
  /* When DEVICE is -1: the reason, for the launch log.  */
  const char *host_reason;
  /* Size of the cpu device's thread pool, launching thread included.  */
  unsigned num_threads;
  /* Highest ISA level (1-4 for x86-64 .. x86-64-v4) GANGWAY_CPU_ISA lets
     the cpu device use; 4 when unset.  */
  int cpu_isa_cap;
  /* The CPUs this process may run on, and their number.  */
  struct gw_cpus cpus;
  unsigned online_cpus;
  /* GW_LOG_* bits.  */
  unsigned log;
  /* GANGWAY_POOL_POLICY: a GW_POOL_POLICY_* value.  */
  int pool_policy;
  /* Its no-NAME items: the GW_POOL_NO_* heuristics of the full policy
     turned off.  */
  unsigned pool_off;
  /* GANGWAY_MEM=separate: the cpu device has memory of its own
     (device-cpu.c) rather than the host's.  */
  bool cpu_mem_separate;
  /* GANGWAY_CHECK=data: the cpu device's memory is separate, and
     checked (check.c).  */
  bool check_data;
  bool ptx_cache;		/* GANGWAY_PTX_CACHE: reuse freed device
				   memory (memory-ptx.c).  */
  /* GOMP_OPENACC_DIM's gangs, workers and vector length: the dimensions
     of a launch that neither the compiler nor the program fixed, 0 where
     the device chooses.  */
  unsigned default_dims[GW_AXES];
};

extern struct gw_config gw_the_config;
extern atomic_bool gw_config_ready;
extern const struct gw_config *gw_config_first (void);
extern bool gw_env_mem_separate (void);

/* Return the configuration, reading the environment at the first call.
   Safe to call from any thread; after the first call, a load and a test
   (a launch asks for it several times).  */

static inline const struct gw_config *
gw_config (void)
{
  if (__builtin_expect (atomic_load_explicit (&gw_config_ready,
					      memory_order_acquire), 1))
    return &gw_the_config;
  return gw_config_first ();
}

/* api.c: the device type the program selected (acc_set_device_type,
   acc_set_device_num), over the configuration's: GW_SELECTED_DEVICE is
   a gw_device_id, -1 for none of them, or GW_SELECT_NONE (the
   configuration's device); GW_SELECTED_HOST says that launches run their
   host versions (the data directives keep their device).  */
#define GW_SELECT_NONE (-2)
extern atomic_int gw_selected_device;
extern atomic_bool gw_selected_host;

/* Return the device of launches and data directives: a gw_device_id, or
   -1 for the host.  */

static inline int
gw_device (void)
{
  int d = atomic_load_explicit (&gw_selected_device, memory_order_relaxed);
  return d != GW_SELECT_NONE ? d : gw_config ()->device;
}

extern void gw_warn (const char *, ...)
  __attribute__ ((format (printf, 1, 2)));
extern void gw_message (const char *, ...)
  __attribute__ ((format (printf, 1, 2)));
extern void gw_fatal (const char *, ...)
  __attribute__ ((format (printf, 1, 2), noreturn));
extern int gw_write_all (int, const void *, size_t);
extern const char *gw_object_name (const void *);
extern uint64_t gw_now_ns (void);
extern int gw_isa_level (const char *);

extern void gw_find_cpus (struct gw_cpus *);
extern int gw_place_cpus (unsigned, void *, size_t);
extern char *gw_format_cpus (const struct gw_cpus *, char *, size_t);
extern char *gw_format_pool_policy (const struct gw_config *, char *, size_t);


/* registry.c: units and kernel lookup.  */

struct gw_code;

/* What one device made of one unit, computed at the unit's first launch
   on that device.  */
struct gw_unit_device
{
  /* Set once CODE and REASON are, under the registry's load lock.  */
  atomic_bool prepared;
  /* Set while the image is loaded and CODE is set, but its imports are
     still being resolved (a routine of the unit may be an import of the
     units that export its own imports).  */
  bool linking;
  /* The loaded image, or NULL if the device has none for the unit.  */
  struct gw_code *code;
  /* When CODE is NULL: why, as the launch log says it.  */
  char reason[48];
};

/* A registered unit.  */
struct gw_unit_rec
{
  const struct gw_unit *desc;
  struct gw_unit_rec *next;
  struct gw_unit_device dev[GW_DEVICE_COUNT];
};

/* The result of a lookup: a kernel and the unit it belongs to.  */
struct gw_entry
{
  void (*host_fn) (void *);
  struct gw_unit_rec *unit;
  const struct gw_kernel *kernel;
  size_t index;			/* Of KERNEL in the unit.  */
};

extern const struct gw_entry *gw_lookup (void (*) (void *));
extern unsigned gw_registry_generation (void);
extern void gw_registry_each (void (*) (const struct gw_unit *, void *),
			      void *);
extern bool gw_unit_has_target (const struct gw_unit *, const char *);
extern struct gw_unit_device *gw_prepare (const struct gw_entry *, int);
extern void gw_load_error (const char *, ...)
  __attribute__ ((format (printf, 1, 2)));
extern struct gw_code *gw_exporter (int device, const char *target,
				    const char *symbol,
				    const struct gw_unit *self);
extern const struct gw_image *gw_exporting_image (const char *target,
						  const char *symbol,
						  const struct gw_unit *self,
						  const struct gw_unit **unit);
extern const char *gw_routine_shape (const char *symbol, char *buf,
				     size_t size);


/* Devices.  */

/* A device's code for one unit: its loaded image, the image's table of
   compile-time dimensions (gw_image.dims, possibly null), what else the
   device keeps for it (the ptx device's tables of globals for exported
   routines) and each kernel's entry point in it (NULL where the image
   lacks the kernel).  */
struct gw_code
{
  void *image;
  const intptr_t *dims;
  void *own;			/* The device's, for the code (or NULL).  */
  void *kernels[];
};

/* The dimensions and arguments of one launch.  */
#define GW_LAUNCH_WAITS 8

struct gw_launch
{
  void *data;			/* The hostaddrs array.  */
  void *const *globals;		/* The unit's global table.  */
  uint32_t gangs, workers, vector;
  /* The launch's num_gangs when the device runs fewer (its max_gangs),
     else 0.  */
  uint32_t gangs_asked;
  /* The axes (bit GW_GANG first) whose run-time value was 0, which the
     device's default replaced: for the launch log.  */
  unsigned zero_dims;
  /* The rest of the launch's data description, for devices that do not
     share the host's memory, and the size of the global table.  */
  size_t mapnum;
  size_t *sizes;
  unsigned short *kinds;
  size_t num_globals;
  /* The launch's async queue (GW_ASYNC_SYNC without one).  A device may
     run it synchronously all the same.  */
  int async;
  /* The queues its wait clause names (every queue, GW_QUEUES_ALL, if
     more than GW_LAUNCH_WAITS), for a device whose queues run side by
     side (the ptx device's streams).  */
  unsigned num_waits;
  int waits[GW_LAUNCH_WAITS];
};

struct gw_memory;

/* A device: what the launch code needs to know about a target.  */
struct gw_device
{
  const char *name;		/* As in the launch log and GANGWAY_DEVICE:
				   "cpu".  */
  const char *no_code_reason;	/* "no-cpu-code".  */
  /* Why a launch that maps data in a way the device cannot does not run
     there ("cpu-map-kind"), if the device has memory of its own.  */
  const char *map_kind_reason;

  /* Its place in the order the devices are asked in: the launches and
     data directives go to the device of the highest priority, or the one
     the program chose; one that cannot run a region gives way to the
     device of the next lower priority, and the lowest, the fallback, runs
     it if anything does.  Priorities are distinct.  */
  int priority;

  /* True if a worker or vector dimension the image leaves to the launch
     (0) takes the launch's num_workers or vector_length; otherwise it is
     1.  */
  bool inner_dims_at_launch;

  /* The most gangs the device runs of a kernel that reads its number of
     gangs at run time, or 0 for no limit.  A launch asking for more gets
     this many; loops give each gang a larger share.  */
  uint32_t max_gangs;

  /* Return NULL if the device can run anything in this process, else
     why not, as the launch log says it.  */
  const char *(*probe) (void);

  /* Load the image of unit U for this device.  Return its code, or NULL
     after writing why not into REASON (of REASON_SIZE bytes).  */
  struct gw_code *(*load_image) (const struct gw_unit *u, char *reason,
				 size_t reason_size);

  /* Resolve the imports of CODE, which load_image returned for unit U
     (may be null if images of this device have none).  Return false
     after writing why into REASON if one cannot be.  */
  bool (*link_image) (struct gw_code *code, const struct gw_unit *u,
		      char *reason, size_t reason_size);

  /* Release CODE, which load_image returned.  */
  void (*unload_image) (struct gw_code *code);

  /* Number of gangs a launch gets when neither the launch nor the
     compiler says.  */
  uint32_t (*default_gangs) (void);

  /* Return NULL if KERNEL, an entry of a gw_code, can run as L says
     (the region is called NAME in messages), else why not, as the launch
     log says it; null if every launch can.  */
  const char *(*check_launch) (void *kernel, const struct gw_launch *l,
			       const char *name);

  /* Run KERNEL, an entry of a gw_code, as L says, and return when every
     gang is done.  */
  void (*launch) (void *kernel, const struct gw_launch *l);

  /* The memory its launches read their data from (struct gw_memory,
     below), or NULL for the host's.  */
  const struct gw_memory *(*memory) (void);
};

extern const struct gw_device gw_device_cpu;
extern const struct gw_device gw_device_ptx;
extern const struct gw_device *const gw_devices[GW_DEVICE_COUNT];

/* launch.c: the device of the highest priority; the one after DEVICE in
   order, or -1 after the last; the device launches of regions with code
   for it go to now (the chosen one, or the first usable one after it,
   or the last), or -1 for the host.  */
extern int gw_first_device (void);
extern int gw_next_device (int device);
extern int gw_active_device (void);


/* device-ptx.c: the CUDA driver.  Device addresses are 64-bit words.
   Every function but gw_ptx_probe and gw_ptx_active requires a usable
   device; a driver error in them is fatal.  */

extern const char *gw_ptx_unusable;
extern atomic_bool gw_ptx_probed;
extern const char *gw_ptx_probe_first (void);

/* Return NULL if the ptx device is usable, else the launch log's reason
   why not.  Probes at the first call; then a load and a test (every
   launch asks).  */

static inline const char *
gw_ptx_probe (void)
{
  if (__builtin_expect (atomic_load_explicit (&gw_ptx_probed,
					      memory_order_acquire), 1))
    return gw_ptx_unusable;
  return gw_ptx_probe_first ();
}

/* Return true if the launches of regions with ptx code go to the ptx
   device, and so the data directives map data there.  */

static inline bool
gw_ptx_active (void)
{
  return gw_active_device () == GW_DEVICE_PTX;
}

extern const char *gw_ptx_check_launch (void *, const struct gw_launch *,
					const char *);
extern void gw_ptx_describe (int, char *, size_t, size_t *, size_t *, int *);
extern int gw_ptx_count (void);
extern int gw_ptx_ordinal (void);
extern bool gw_ptx_select (int);
extern void *gw_ptx_current (bool, int);

/* queue-ptx.c: the ptx device's async queues, CUDA streams.  The waits
   and tests do nothing (tests say done) while no queue has had work, and
   once the driver is not ours to call.  GW_QUEUES_ALL names every
   queue.  */
#define GW_QUEUES_ALL		(-3)
extern void gw_ptx_wait (int);
extern void gw_ptx_wait_all (void);
extern void gw_ptx_after (int, int);
extern bool gw_ptx_test (int);
extern bool gw_ptx_test_all (void);
extern void *gw_ptx_get_stream (int);
extern void gw_ptx_set_stream (int, void *);


/* Memory of a device's own, which the mapping engine (data-map.c) maps
   host data into.  Device addresses are 64-bit words; a failure of any
   operation is fatal.  */
struct gw_memory
{
  uint64_t (*alloc) (size_t);	/* SIZE bytes, 16-byte aligned.  */
  void (*free) (uint64_t, size_t);	/* An allocation and its SIZE.  */
  void (*to_device) (uint64_t, const void *, size_t);
  void (*to_host) (void *, uint64_t, size_t);
  void (*copy) (uint64_t, uint64_t, size_t);	/* Device to device.  */
  /* The same as to_device, to_host and free, on async queue Q: after
     the queue's work so far, without the host waiting (the host's
     source is read at the call; the destination is written by the time
     the host knows the queue done; the memory is freed once the queue's
     work so far is done, and, as free, once the work of every queue
     then is).  NULL where the device runs no queues of its own.  */
  void (*to_device_async) (uint64_t, const void *, size_t, int q);
  void (*to_host_async) (void *, uint64_t, size_t, int q);
  void (*free_async) (uint64_t, size_t, int q);
};

/* Whether memory M (NULL: the host's) runs copies and frees on async
   queues: its _async members, all set or all NULL.  */

static inline bool
gw_memory_queues (const struct gw_memory *m)
{
  return m != NULL && m->to_host_async != NULL;
}

/* Return the memory the data directives map into, and the launches of
   the device they go to read their data from: that of the device
   launches go to (gw_active_device): the ptx device's, the cpu device's
   own under GANGWAY_MEM=separate; NULL where that device shares the
   host's memory.  */

static inline const struct gw_memory *
gw_memory (void)
{
  int d = gw_active_device ();
  return d >= 0 ? gw_devices[d]->memory () : NULL;
}

/* prof.c: the profiling interface's events of the mapping engine
   (acc_prof.h's acc_event_t EV), dispatched only while a callback of one
   is registered, and not while the calling thread's GW_PROF_OFF is
   positive.  */

extern atomic_bool gw_prof_any;
extern __thread int gw_prof_off;
extern void gw_prof_data_event (int, const void *, uint64_t, size_t, int);

static inline void
gw_prof (int ev, const void *host, uint64_t dev, size_t bytes, int async)
{
  if (__builtin_expect (atomic_load_explicit (&gw_prof_any,
					      memory_order_relaxed), 0)
      && gw_prof_off == 0)
    gw_prof_data_event (ev, host, dev, bytes, async);
}

/* data-map.c: the present table of that memory.  */

struct gw_region;

extern void gw_map_site (const struct gw_site *);
extern const struct gw_site *gw_map_current_site (size_t *);
extern void gw_site_name (const struct gw_site *, size_t, char *, size_t);
extern void gw_site_describe (const struct gw_site *, size_t, char *,
			      size_t);
extern void gw_map_each (const struct gw_region *,
			 void (*) (void *, uintptr_t, size_t, uint64_t,
				   size_t),
			 void *);
extern const struct gw_site *gw_map_region_site (const struct gw_region *);
extern void gw_map_describe_device (uint64_t, char *, size_t);
extern bool gw_map_kinds_ok (size_t, const unsigned short *);
extern struct gw_region *gw_map (size_t, void **, size_t *,
				 unsigned short *, uint64_t *, int);
extern size_t gw_map_copies_size (const struct gw_region *);
extern void gw_map_place_copies (struct gw_region *, uint64_t *,
				 unsigned char *, uint64_t);
extern void gw_unmap (struct gw_region *, int);
extern void gw_map_globals (const struct gw_region *, void *const *, size_t,
			    uint64_t *);
extern void gw_sync_host (size_t, void **, size_t *, unsigned short *,
			  void *const *, size_t, bool);
extern void gw_map_exit (size_t, void **, size_t *, unsigned short *, int);
extern void gw_map_update (size_t, void **, size_t *, unsigned short *,
			   int);
extern uint64_t gw_map_enter_datum (void *, size_t, unsigned short, int);
extern uint64_t gw_map_lookup (const void *, size_t);
extern void *gw_map_host_address (uint64_t);
extern void gw_map_data (void *, uint64_t, size_t);
extern void gw_unmap_data (void *);
extern uint64_t gw_map_malloc (size_t);
extern void gw_map_free (uint64_t);
extern bool gw_map_device_range_p (uint64_t, size_t);
extern void gw_map_attach (void **);
extern void gw_map_detach (void **, bool);
extern void gw_map_snapshot_unit (const struct gw_unit *);
extern void *const *gw_map_unit_table (const struct gw_unit *);
extern void gw_map_forget_unit (const struct gw_unit *);


/* data-cpu.c: the stack objects the calling thread's data directives
   make present on the cpu device.  */

extern uintptr_t gw_stack_top (void);
extern bool gw_in_live_frames (uintptr_t, size_t, uintptr_t);
extern bool gw_cpu_stack_present (uintptr_t, size_t);
extern void gw_cpu_data_start (bool, size_t, void **, size_t *,
			       unsigned short *);
extern void gw_cpu_data_end (void);
extern void gw_cpu_enter_exit_data (bool, size_t, void **, size_t *,
				    unsigned short *);


/* check.c: GANGWAY_CHECK=data, the cpu device's checked memory.  */

struct gw_check_kernel;
extern const struct gw_memory gw_memory_checked;
extern struct gw_check_kernel *gw_check_kernel_begin
  (const struct gw_region *);
extern void gw_check_kernel_end (struct gw_check_kernel *);
extern void gw_check_protect (void);


/* async.c: waiting for the queues of both devices (the cpu device's,
   pool-queue.c; the ptx device's streams, queue-ptx.c).  */

extern void gw_wait_all (void);
extern void gw_wait_queue (int);


/* pool.c, pool-queue.c: the cpu device's thread pool.  */

extern unsigned gw_pool_size (void);
extern void gw_pool_run (gw_cpu_kernel_fn *, void *, void *const *,
			 uint32_t, uint64_t);
extern bool gw_pool_run_now (gw_cpu_kernel_fn *, void *, void *const *,
			     uint32_t, uint64_t);
/* An object a queued launch copied (device-cpu.c) and copies back when
   it is done: the bytes of COPY that differ from ORIG, its copy as of the
   launch, go to HOST.  */
struct gw_copy_back
{
  void *host;
  void *copy;
  const void *orig;
  size_t size;
};
extern void *gw_pool_queue_begin (size_t);
extern void gw_pool_queue_commit (int, gw_cpu_kernel_fn *, void *const *,
				  uint32_t, uint64_t,
				  const struct gw_copy_back *, size_t,
				  void *);
extern bool gw_pool_queue_copy (void *, const void *, size_t, bool, int);
extern bool gw_pool_queue_free (void *, int);
extern uint64_t gw_pool_queue_last (int);
extern void gw_pool_queue_after (int, uint64_t);
extern uint64_t gw_pool_queued (void);
extern bool gw_pool_finished (uint64_t);
extern void gw_pool_wait (uint64_t);

#pragma GCC visibility pop

#endif /* GANGWAY_RUNTIME_H */
