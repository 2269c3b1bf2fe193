/* The "ptx" device: NVIDIA GPUs, through the CUDA driver.
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

/* The driver library is opened at run time (GANGWAY_CUDA_DRIVER, default
   libcuda.so.1), so that programs run where there is no CUDA at all; see
   cuda-driver.h for the entry points.  The first use probes, once: open
   the library, find every entry point, cuInit, take GPU ACC_DEVICE_NUM
   (0 by default) and retain its primary context (the one the CUDA
   runtime and other libraries of the process share), and read its
   compute capability and multiprocessor count.  acc_set_device_num may
   make another GPU the device until the device is first used
   (gw_ptx_select).  The probe's failure is one of the launch log's tokens:

     no-driver     the library does not open;
     no-gpu        cuInit finds no device, or the device count is 0;
     driver-error  anything else (a missing entry point, an error code);
		   also reported by a warning.

   With GANGWAY_DEVICE=ptx, a failed probe is reported by a warning too;
   launches then go to the cpu device.  A context is current per host
   thread: every thread makes the primary context current before its
   first driver call.

   A unit's code is loaded by image-ptx.c; a kernel symbol the module
   lacks means no ptx code for that region.  The device's memory, for the
   mapping engine, is memory-ptx.c's.
   Kernels take two parameters, the device addresses of the launch's data
   words and of the unit's global words (gangway-abi.h, GW_PTX_ENTRY),
   which data-map.c computes.  A synchronous launch waits for the kernel
   with cuCtxSynchronize; an async one goes on its queue's stream
   (queue-ptx.c) and does not wait.  An error of the driver after the
   probe (a failed copy, a kernel that faults) is fatal: the device's
   memory is then in an unknown state.

   The device stops being usable, and later launches run on the cpu
   device on the host's copy of the data, in two cases the driver itself
   imposes: in the child of a fork (CUDA does not work there: token
   after-fork), and once the process exits (token exiting): the driver
   tears itself down in exit handlers that run before the program's
   destructors, so a region in a destructor could not run on the GPU.
   Our own exit handler, registered after cuInit and so run before the
   driver's, closes the device first.

   A launch's data and global words go to the device in an argument
   block taken from a free list (cuMemAlloc and cuMemFree cost more than
   a short kernel); the limits a launch is checked against are read once
   per kernel and kept in a small cache.  */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx.h"

/* The driver's entry points.  */
struct gw_cuda gw_cu;

/* What the probe found.  */
static pthread_once_t gw_ptx_once = PTHREAD_ONCE_INIT;
const char *gw_ptx_unusable;		/* NULL if usable, else the token.  */
atomic_bool gw_ptx_probed;		/* Set once the probe has run.  */
static CUcontext gw_ptx_context;
int gw_ptx_arch;			/* Compute capability: 80 for 8.0.  */
static int gw_ptx_multiprocessors;
static int gw_ptx_max_grid;		/* Blocks of a grid's x dimension.  */
static int gw_ptx_threads_per_sm;	/* Resident threads per multiprocessor.  */
static size_t gw_ptx_memory;		/* Bytes of device memory.  */

/* The GPUs the driver sees, the one the ptx device is, and whether that
   one has been used (gw_ptx_select).  */
static int gw_ptx_devices;
static CUdevice gw_ptx_device;
static atomic_bool gw_ptx_used;

/* The context's generation, which each thread's own says it made
   current (a switch of GPU advances it).  */
static atomic_uint gw_ptx_context_generation;
static __thread unsigned gw_ptx_bound;

/* Whether the calling thread uses the device, as libgomp has it for
   acc_get_current_cuda_context: since the thread's first driver call
   after the probe, or its acc_init, until an acc_shutdown (of any
   thread).  The thread uses it if its generation is the current one,
   which acc_shutdown advances (gw_ptx_current).  */
static atomic_uint gw_ptx_generation = 1;
static __thread unsigned gw_ptx_thread_generation;

/* Return a description of the driver's error code E, for messages.  */

const char *
gw_cu_error (CUresult e)
{
  const char *s = NULL;

  if (gw_cu.cuGetErrorString == NULL
      || gw_cu.cuGetErrorString (e, &s) != CUDA_SUCCESS || s == NULL)
    return "unknown CUDA error";
  return s;
}

/* Fail the probe with TOKEN; DETAIL, printf-style, says why.  */

static void __attribute__ ((format (printf, 2, 3)))
gw_ptx_fail (const char *token, const char *detail, ...)
{
  char buf[512];
  va_list ap;

  gw_ptx_unusable = token;
  va_start (ap, detail);
  vsnprintf (buf, sizeof buf, detail, ap);
  va_end (ap);
  if (gw_config ()->device_explicit)
    gw_warn ("GANGWAY_DEVICE=ptx: the ptx device is unusable (%s: %s); "
	     "using cpu", token, buf);
  else if (strcmp (token, "driver-error") == 0)
    gw_warn ("the ptx device is unusable (%s); using cpu", buf);
}

/* In the child of a fork of a process that used the driver: CUDA does
   not work here.  */

static void
gw_ptx_atfork_child (void)
{
  if (gw_ptx_unusable == NULL)
    gw_ptx_unusable = "after-fork";
}

static void gw_ptx_release_args (void);

/* At exit, before the driver's own exit handlers (see above): finish
   the queues' work, give back the argument blocks and close the
   device.  */

static void
gw_ptx_at_exit (void)
{
  if (gw_ptx_unusable != NULL)
    return;
  gw_ptx_close_queues ();
  gw_ptx_release_args ();
  gw_ptx_release_stages ();
  gw_ptx_empty_cache ();
  gw_ptx_unusable = "exiting";
}

/* The probe, run once.  */

static bool gw_ptx_open_device (int);

static void
gw_ptx_init (void)
{
  const char *path = gw_config ()->cuda_driver;
  CUresult e;
  int count;

  void *lib = dlopen (path, RTLD_NOW | RTLD_LOCAL);
  if (lib == NULL)
    {
      gw_ptx_fail ("no-driver", "%s", dlerror ());
      return;
    }
#define GW_CUDA_LOOKUP(NAME, PARAMS)					\
  if ((*(void **) &gw_cu.NAME = dlsym (lib, #NAME)) == NULL)		\
    {									\
      gw_ptx_fail ("driver-error", "%s lacks %s", path, #NAME);	\
      return;								\
    }
  GW_CUDA_FUNCTIONS (GW_CUDA_LOOKUP)
#undef GW_CUDA_LOOKUP

  /* The library stays open for the life of the process: modules and
     memory of the driver may be in use until exit.  */
  e = gw_cu.cuInit (0);
  if (e == CUDA_ERROR_NO_DEVICE)
    {
      gw_ptx_fail ("no-gpu", "cuInit: %s", gw_cu_error (e));
      return;
    }
  if (e != CUDA_SUCCESS)
    {
      gw_ptx_fail ("driver-error", "cuInit: %s", gw_cu_error (e));
      return;
    }
  if ((e = gw_cu.cuDeviceGetCount (&count)) != CUDA_SUCCESS)
    {
      gw_ptx_fail ("driver-error", "cuDeviceGetCount: %s", gw_cu_error (e));
      return;
    }
  if (count <= 0)
    {
      gw_ptx_fail ("no-gpu", "the driver sees no device");
      return;
    }
  gw_ptx_devices = count;
  int ordinal = gw_config ()->gpu;
  if (ordinal >= count)
    {
      gw_warn ("ACC_DEVICE_NUM=%d: the driver sees %d GPU%s; using GPU 0",
	       ordinal, count, count == 1 ? "" : "s");
      ordinal = 0;
    }
  if (!gw_ptx_open_device (ordinal))
    return;
  pthread_atfork (NULL, NULL, gw_ptx_atfork_child);
  atexit (gw_ptx_at_exit);
}

/* Make GPU ORDINAL the device: retain its primary context and read what
   launches are checked against.  Return false after failing the probe
   (or, once the probe has run, after a warning) on a driver error.  */

static bool
gw_ptx_open_device (int ordinal)
{
  CUresult e;
  CUdevice dev;
  int major, minor;
  const char *what = "cuDeviceGet";

  if ((e = gw_cu.cuDeviceGet (&dev, ordinal)) != CUDA_SUCCESS
      || (what = "cuDevicePrimaryCtxRetain",
	  e = gw_cu.cuDevicePrimaryCtxRetain (&gw_ptx_context, dev))
	 != CUDA_SUCCESS
      || (what = "cuDeviceGetAttribute",
	  e = gw_cu.cuDeviceGetAttribute
		(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev))
	 != CUDA_SUCCESS
      || (e = gw_cu.cuDeviceGetAttribute
		(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev))
	 != CUDA_SUCCESS
      || (e = gw_cu.cuDeviceGetAttribute
		(&gw_ptx_multiprocessors,
		 CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev))
	 != CUDA_SUCCESS
      || (e = gw_cu.cuDeviceGetAttribute
		(&gw_ptx_max_grid, CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X, dev))
	 != CUDA_SUCCESS
      || (e = gw_cu.cuDeviceGetAttribute
		(&gw_ptx_threads_per_sm,
		 CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR, dev))
	 != CUDA_SUCCESS
      || (what = "cuDeviceTotalMem",
	  e = gw_cu.cuDeviceTotalMem_v2 (&gw_ptx_memory, dev))
	 != CUDA_SUCCESS)
    {
      if (atomic_load (&gw_ptx_probed))
	gw_warn ("ptx device: cannot open GPU %d: %s: %s", ordinal, what,
		 gw_cu_error (e));
      else
	gw_ptx_fail ("driver-error", "%s: %s", what, gw_cu_error (e));
      return false;
    }
  gw_ptx_arch = 10 * major + minor;
  if (gw_ptx_multiprocessors < 1)
    gw_ptx_multiprocessors = 1;
  gw_ptx_device = ordinal;
  /* Every thread makes the new context current at its next call.  */
  atomic_fetch_add (&gw_ptx_context_generation, 1);
  return true;
}

/* Return the number of GPUs the driver sees (the ptx device must be
   usable), and the one the ptx device is.  */

int
gw_ptx_count (void)
{
  return gw_ptx_devices;
}

int
gw_ptx_ordinal (void)
{
  return gw_ptx_device;
}

/* Make GPU ORDINAL, which must be below gw_ptx_count, the ptx device
   (acc_set_device_num).  Only until the device is first used (memory
   allocated, code loaded, a queue made): the present table, modules and
   streams are of one GPU.  Return false, after a warning, if it is too
   late or the driver refuses.  */

bool
gw_ptx_select (int ordinal)
{
  static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
  bool ok = true;

  pthread_mutex_lock (&lock);
  if (ordinal != gw_ptx_device)
    {
      if (atomic_load (&gw_ptx_used))
	{
	  static atomic_bool warned;
	  if (!atomic_exchange (&warned, true))
	    gw_warn ("acc_set_device_num (%d, acc_device_nvidia): the program "
		     "has used GPU %d already; Gangway keeps it (select the "
		     "GPU before the first region, data directive or data "
		     "call, or with ACC_DEVICE_NUM)", ordinal, gw_ptx_device);
	  ok = false;
	}
      else
	ok = gw_ptx_open_device (ordinal);
    }
  pthread_mutex_unlock (&lock);
  return ok;
}

/* The device is used from now on: memory on it, code loaded, a queue.  */

void
gw_ptx_mark_used (void)
{
  if (__builtin_expect (!atomic_load_explicit (&gw_ptx_used,
					       memory_order_relaxed), 0))
    atomic_store (&gw_ptx_used, true);
}

/* gw_ptx_probe's path until the probe has run: probe, once.  */

const char *
gw_ptx_probe_first (void)
{
  pthread_once (&gw_ptx_once, gw_ptx_init);
  atomic_store_explicit (&gw_ptx_probed, true, memory_order_release);
  return gw_ptx_unusable;
}

/* Stop the process after the driver's error E in WHAT: the device's
   state is unknown.  */

void
gw_ptx_die (const char *what, CUresult e)
{
  gw_warn ("ptx device: %s failed: %s (CUDA error %d)", what,
	   gw_cu_error (e), e);
  abort ();
}

/* Make the device's context current on the calling thread.  */

void
gw_ptx_bind (void)
{
  gw_ptx_thread_generation = atomic_load_explicit (&gw_ptx_generation,
						   memory_order_relaxed);
  unsigned gen = atomic_load_explicit (&gw_ptx_context_generation,
				      memory_order_acquire);
  if (__builtin_expect (gw_ptx_bound == gen, 1))
    return;
  CUresult e = gw_cu.cuCtxSetCurrent (gw_ptx_context);
  if (e != CUDA_SUCCESS)
    gw_ptx_die ("cuCtxSetCurrent", e);
  gw_ptx_bound = gen;
}

/* The CUDA device and context of the ptx device while the calling
   thread uses it (acc_get_current_cuda_device,
   acc_get_current_cuda_context), else NULL; OPEN is 1 at acc_init, 0
   at acc_shutdown, else -1.  */

void *
gw_ptx_current (bool context, int open)
{
  if (open > 0)
    gw_ptx_thread_generation = atomic_load (&gw_ptx_generation);
  else if (open == 0)
    atomic_fetch_add (&gw_ptx_generation, 1);
  if (gw_ptx_unusable != NULL
      || gw_ptx_thread_generation != atomic_load (&gw_ptx_generation))
    return NULL;
  return context ? (void *) gw_ptx_context : (void *) &gw_ptx_device;
}

/* Describe GPU NUM (below gw_ptx_count) for acc_get_property: its name
   into NAME (of SIZE bytes), its memory and the part of it that is free
   (known of the ptx device's GPU only: 0 for the others), and the CUDA
   driver's version (12040 for 12.4).  */

void
gw_ptx_describe (int num, char *name, size_t size, size_t *memory,
		 size_t *free, int *driver)
{
  size_t total;
  CUdevice dev;

  gw_ptx_bind ();
  if (gw_cu.cuDeviceGet (&dev, num) != CUDA_SUCCESS
      || gw_cu.cuDeviceGetName (name, (int) size, dev) != CUDA_SUCCESS)
    snprintf (name, size, "NVIDIA GPU");
  if (gw_cu.cuDeviceTotalMem_v2 (memory, dev) != CUDA_SUCCESS)
    *memory = 0;
  if (num != gw_ptx_device
      || gw_cu.cuMemGetInfo_v2 (free, &total) != CUDA_SUCCESS)
    *free = 0;
  else
    *free += gw_ptx_cache_size ();	/* Free for the program's too.  */
  if (gw_cu.cuDriverGetVersion (driver) != CUDA_SUCCESS)
    *driver = 0;
}

static const struct gw_memory *
gw_ptx_own_memory (void)
{
  return &gw_memory_ptx;
}

/* Return the number of gangs of a launch that does not choose: a few
   blocks per multiprocessor, so that each has work while others wait on
   memory.  */

static uint32_t
gw_ptx_default_gangs (void)
{
  return 4 * (uint32_t) gw_ptx_multiprocessors;
}

/* What a launch of a kernel is checked against, read from the driver
   once per kernel: the threads a block of it may have (its registers, as
   ptxas allotted them, may hold it below 1024) and its local memory per
   thread.  A small direct-mapped cache, under its lock; a kernel whose
   entry another evicted is read again.  */

struct gw_ptx_limits
{
  CUfunction kernel;
  int max_threads;
  int local_bytes;
};

#define GW_PTX_LIMITS_CACHE 64

static struct gw_ptx_limits gw_ptx_limits_cache[GW_PTX_LIMITS_CACHE];
static pthread_mutex_t gw_ptx_limits_lock = PTHREAD_MUTEX_INITIALIZER;

static struct gw_ptx_limits
gw_ptx_kernel_limits (CUfunction kernel)
{
  struct gw_ptx_limits *c
    = &gw_ptx_limits_cache[((uintptr_t) kernel >> 4) % GW_PTX_LIMITS_CACHE];
  struct gw_ptx_limits got;

  pthread_mutex_lock (&gw_ptx_limits_lock);
  got = *c;
  pthread_mutex_unlock (&gw_ptx_limits_lock);
  if (got.kernel == kernel)
    return got;

  gw_ptx_bind ();
  got.kernel = kernel;
  CUresult e = gw_cu.cuFuncGetAttribute
		 (&got.max_threads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
		  kernel);
  if (e == CUDA_SUCCESS)
    e = gw_cu.cuFuncGetAttribute (&got.local_bytes,
				  CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, kernel);
  if (e != CUDA_SUCCESS)
    gw_ptx_die ("cuFuncGetAttribute", e);
  pthread_mutex_lock (&gw_ptx_limits_lock);
  *c = got;
  pthread_mutex_unlock (&gw_ptx_limits_lock);
  return got;
}

/* Forget every kernel's limits: a module is unloaded, and a kernel of
   the next may get the handle of one of its kernels.  */

void
gw_ptx_forget_limits (void)
{
  pthread_mutex_lock (&gw_ptx_limits_lock);
  memset (gw_ptx_limits_cache, 0, sizeof gw_ptx_limits_cache);
  pthread_mutex_unlock (&gw_ptx_limits_lock);
}

/* Return NULL if the device can launch KERNEL, a CUfunction of the
   region named NAME, with the dimensions of launch L; else the launch
   log's reason why not, after a warning (once per process and reason)
   that names the limit.  The grid has at most the device's maximum of
   blocks, a block at most the threads the kernel allows, and the local
   memory the driver reserves for the launch, the kernel's per thread
   for every thread the GPU holds at once, at most half the device's
   memory (the driver would refuse the launch, or leave too little for
   the data).  Nor can it launch anything once it is closed.  */

const char *
gw_ptx_check_launch (void *kernel, const struct gw_launch *l,
		     const char *name)
{
  static atomic_bool warned_gangs, warned_threads, warned_local;

  /* Closed since the region's code was loaded (a fork, the exit).  */
  if (gw_ptx_unusable != NULL)
    return gw_ptx_unusable;
  if (gw_ptx_max_grid > 0 && l->gangs > (uint32_t) gw_ptx_max_grid)
    {
      if (!atomic_exchange (&warned_gangs, true))
	gw_warn ("region %s: the GPU runs at most %d gangs, the launch asks "
		 "for %u; it runs on the cpu", name, gw_ptx_max_grid,
		 l->gangs);
      return "too-many-gangs";
    }

  struct gw_ptx_limits k = gw_ptx_kernel_limits ((CUfunction) kernel);
  uint64_t threads = (uint64_t) l->workers * l->vector;
  if (threads > (uint64_t) k.max_threads)
    {
      if (!atomic_exchange (&warned_threads, true))
	gw_warn ("region %s: the GPU runs at most %d threads per gang of its "
		 "kernel, the launch asks for %u workers of %u lanes; it runs "
		 "on the cpu", name, k.max_threads, l->workers, l->vector);
      return "too-many-threads";
    }
  uint64_t resident = (uint64_t) gw_ptx_multiprocessors
		      * (uint64_t) (gw_ptx_threads_per_sm > 0
				    ? gw_ptx_threads_per_sm : 2048);
  if ((uint64_t) k.local_bytes * resident > gw_ptx_memory / 2)
    {
      if (!atomic_exchange (&warned_local, true))
	gw_warn ("region %s: its kernel takes %d bytes of local memory per "
		 "thread, %llu MiB for the %llu threads the GPU holds at "
		 "once, more than half of its memory; it runs on the cpu",
		 name, k.local_bytes,
		 (unsigned long long) ((uint64_t) k.local_bytes * resident
				       >> 20),
		 (unsigned long long) resident);
      return "ptx-local-memory";
    }
  return NULL;
}

/* The device blocks that hold launches' words and private copies, each
   with its image in pinned host memory, from which it is copied
   asynchronously, ahead of the kernel on the same stream: a free list of
   blocks of at least GW_PTX_ARGS_MIN words.  Launches from several host
   threads each take their own.  An async launch's block stays with it
   until the device has run it, so a deep queue holds many: once
   GW_PTX_ARGS_MAX blocks exist and none is free, an async launch waits
   for its queue (then for every queue) rather than make another, which
   bounds the memory of a run of launches without a wait.  */

struct gw_ptx_args
{
  struct gw_ptx_done done;	/* First: an async launch's completion.  */
  struct gw_ptx_args *next;
  uint64_t dev;
  void *host;
  size_t words;
};

#define GW_PTX_ARGS_MIN 256
#define GW_PTX_ARGS_MAX 256

static size_t gw_ptx_nargs;		/* Blocks made (GW_PTX_ARGS_LOCK).  */

static struct gw_ptx_args *gw_ptx_free_args;
static pthread_mutex_t gw_ptx_args_lock = PTHREAD_MUTEX_INITIALIZER;

/* Return a block of at least N words for a launch on queue ASYNC.  */

static struct gw_ptx_args *
gw_ptx_take_args (size_t n, int async)
{
  struct gw_ptx_args *a;

  for (int round = 0;; round++)
    {
      pthread_mutex_lock (&gw_ptx_args_lock);
      struct gw_ptx_args **p = &gw_ptx_free_args;
      while (*p && (*p)->words < n)
	p = &(*p)->next;
      a = *p;
      if (a)
	*p = a->next;
      bool make = a == NULL
		  && (gw_ptx_nargs < GW_PTX_ARGS_MAX || round == 2
		      || async == GW_ASYNC_SYNC);
      gw_ptx_nargs += make;
      pthread_mutex_unlock (&gw_ptx_args_lock);
      if (a)
	return a;
      if (make)
	break;
      /* The queue's blocks come back once it is done.  */
      if (round == 0)
	gw_ptx_wait (async);
      else
	gw_ptx_wait_all ();
    }

  a = calloc (1, sizeof *a);
  if (a == NULL)
    gw_fatal ("out of memory for a launch of %zu words", n);
  a->words = n > GW_PTX_ARGS_MIN ? n : GW_PTX_ARGS_MIN;
  a->dev = gw_ptx_alloc (a->words * sizeof (uint64_t));
  gw_ptx_bind ();
  CUresult e = gw_cu.cuMemAllocHost_v2 (&a->host,
					a->words * sizeof (uint64_t));
  if (e != CUDA_SUCCESS)
    gw_fatal ("cannot allocate %zu bytes of pinned host memory: %s",
	      a->words * sizeof (uint64_t), gw_cu_error (e));
  return a;
}

/* Free the blocks of the free list.  */

static void
gw_ptx_release_args (void)
{
  pthread_mutex_lock (&gw_ptx_args_lock);
  struct gw_ptx_args *a = gw_ptx_free_args;
  gw_ptx_free_args = NULL;
  gw_ptx_nargs = 0;
  pthread_mutex_unlock (&gw_ptx_args_lock);
  while (a)
    {
      struct gw_ptx_args *next = a->next;
      gw_ptx_free_to_driver (a->dev);
      gw_cu.cuMemFreeHost (a->host);
      if (a->done.event)
	gw_cu.cuEventDestroy_v2 (a->done.event);
      free (a);
      a = next;
    }
}

static void
gw_ptx_put_args (struct gw_ptx_args *a)
{
  pthread_mutex_lock (&gw_ptx_args_lock);
  a->next = gw_ptx_free_args;
  gw_ptx_free_args = a;
  pthread_mutex_unlock (&gw_ptx_args_lock);
}

/* The completion of an async launch: its kernel has run, and its
   argument block is free again.  */

static void
gw_ptx_args_done (struct gw_ptx_done *d, bool exiting)
{
  (void) exiting;
  gw_ptx_put_args ((struct gw_ptx_args *) d);
}

/* Run KERNEL, a CUfunction, as launch L says: map its data, launch a
   grid of L->gangs blocks of L->vector x L->workers threads, wait for it,
   and unmap its data.  The argument block holds the data words, the
   global words, then the private copies (firstprivate objects that are
   not ints, deviceptr variables).

   A launch with an async queue goes on the queue's stream (queue-ptx.c),
   after the queues its wait clause names, and the host does not wait
   for it: its copy-ins, its argument block's copy, its kernel, its copy
   outs and its frees go on the stream in that order (the engine's
   copies on the queue, gw_map and gw_unmap), its mappings end on the
   host at once, and its argument block comes back when the host learns
   the queue is done (but one that copies back into the launching
   thread's stack waits for its queue there, gw_unmap).  */

static void
gw_ptx_launch (void *kernel, const struct gw_launch *l)
{
  /* With GANGWAY_LOG=time, where the launch's time goes.  */
  bool timed = gw_config ()->log & GW_LOG_TIME;
  uint64_t t[6] = { timed ? gw_now_ns () : 0 };
#define GW_PTX_PHASE(I) (t[I] = timed ? gw_now_ns () : 0)
  size_t n = l->mapnum + l->num_globals;
  uint64_t stack_words[32];
  uint64_t *words = l->mapnum <= 32 ? stack_words
		    : malloc (l->mapnum * sizeof *words);

  if (words == NULL)
    gw_fatal ("out of memory for a launch of %zu mappings", l->mapnum);
  bool queued = l->async != GW_ASYNC_SYNC;
  /* What the device is done with comes back first; the wait clause's
     queues come before the copy-ins.  */
  if (queued)
    gw_ptx_reap (l->async);
  for (unsigned i = 0; queued && i < l->num_waits; i++)
    gw_ptx_after (l->async, l->waits[i]);
  struct gw_region *r = gw_map (l->mapnum, l->data, l->sizes, l->kinds,
				words, l->async);
  GW_PTX_PHASE (1);

  size_t copies_at = (n * sizeof *words + 15) & ~(size_t) 15;
  size_t copies = gw_map_copies_size (r);
  size_t bytes = copies ? copies_at + copies : n * sizeof *words;
  CUresult e;
  struct gw_ptx_args *block = gw_ptx_take_args ((bytes + 7) / 8,
						l->async);
  uint64_t *image = block->host;
  memcpy (image, words, l->mapnum * sizeof *words);
  gw_map_place_copies (r, image, (unsigned char *) image + copies_at,
		       block->dev + copies_at);
  gw_map_globals (r, l->globals, l->num_globals, image + l->mapnum);

  struct gw_ptx_queue *q = NULL;
  CUstream stream = NULL;
  if (queued)
    {
      /* The block's event says when the device is done with it.  */
      if (block->done.event == NULL
	  && (e = gw_cu.cuEventCreate (&block->done.event,
				       CU_EVENT_DISABLE_TIMING))
	     != CUDA_SUCCESS)
	gw_ptx_die ("cuEventCreate", e);
      q = gw_ptx_enqueue_begin (l->async);
      stream = gw_ptx_queue_stream (q);
    }
  e = gw_cu.cuMemcpyHtoDAsync_v2 (block->dev, image, bytes, stream);
  if (e != CUDA_SUCCESS)
    gw_ptx_die ("cuMemcpyHtoDAsync", e);
  GW_PTX_PHASE (2);

  uint64_t data = block->dev;
  uint64_t globals = l->num_globals
		     ? block->dev + l->mapnum * sizeof *words : 0;
  void *params[2] = { &data, &globals };
  e = gw_cu.cuLaunchKernel (kernel, l->gangs, 1, 1, l->vector, l->workers,
			    1, 0, stream, params, NULL);
  if (e != CUDA_SUCCESS)
    gw_ptx_die ("cuLaunchKernel", e);
  GW_PTX_PHASE (3);
  if (queued)
    {
      block->done.run = gw_ptx_args_done;
      gw_ptx_enqueue_end (q, &block->done);
    }
  else
    {
      if ((e = gw_cu.cuCtxSynchronize ()) != CUDA_SUCCESS)
	gw_ptx_die ("the kernel (cuCtxSynchronize)", e);
      gw_ptx_put_args (block);
    }
  GW_PTX_PHASE (4);

  gw_unmap (r, l->async);
  if (words != stack_words)
    free (words);
  if (timed)
    {
      GW_PTX_PHASE (5);
      gw_message ("ptx launch: map %.1fus words %.1fus launch %.1fus "
		  "wait %.1fus unmap %.1fus", (t[1] - t[0]) * 1e-3,
		  (t[2] - t[1]) * 1e-3, (t[3] - t[2]) * 1e-3,
		  (t[4] - t[3]) * 1e-3, (t[5] - t[4]) * 1e-3);
    }
#undef GW_PTX_PHASE
}

/* Asked first: a GPU where there is one.  */
const struct gw_device gw_device_ptx = {
  .name = "ptx",
  .no_code_reason = "no-ptx-code",
  .map_kind_reason = "ptx-map-kind",
  .priority = 20,
  .inner_dims_at_launch = true,
  .probe = gw_ptx_probe,
  .load_image = gw_ptx_load_image,
  .unload_image = gw_ptx_unload_image,
  .default_gangs = gw_ptx_default_gangs,
  .check_launch = gw_ptx_check_launch,
  .launch = gw_ptx_launch,
  .memory = gw_ptx_own_memory,
};
