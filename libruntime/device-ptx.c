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

   A unit's ptx image is the one with the highest "sm_NN" ISA that the
   device's compute capability reaches; cuModuleLoadData compiles it.  A
   kernel symbol the module lacks means no ptx code for that region.
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
static int gw_ptx_arch;			/* Compute capability: 80 for 8.0.  */
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

static const char *
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
static void gw_ptx_release_stages (void);
static bool gw_ptx_empty_cache (void);

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

static void gw_ptx_forget_limits (void);

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

static size_t gw_ptx_cache_size (void);

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

/* The cache of device memory (GANGWAY_PTX_CACHE, on by default).  A
   free keeps its block for the next allocation of its size class
   instead of calling cuMemFree, which waits for the whole device and
   costs as much again as the cuMemAlloc after it: a region whose clauses
   copy data not present (copy, copyin, create) allocates at its first
   launch only, and a pipeline of async regions frees without a host
   wait.  Sizes are rounded up to a class, four per power of two from
   256 bytes (at most a quarter more); a block is cached under its
   class.  A free on a queue (gw_ptx_free_async) caches its block once
   the queue's work before it is done, as CUDA's stream-ordered
   allocator reuses memory freed on a stream (cuMemFreeAsync): a
   program that uses data on another queue after an exit data on this
   one freed it is wrong there too; a synchronous free first waits for
   every queue's work.  The cache grows as the program's largest set of
   live blocks does: an allocation the driver refuses empties it into
   the driver and tries again, acc_get_property's free memory counts
   it, and exit gives it back.  */

#define GW_PTX_CLASSES 232

struct gw_ptx_cached
{
  uint64_t p;
  struct gw_ptx_cached *next;
};

static struct gw_ptx_cached *gw_ptx_cache[GW_PTX_CLASSES];
static size_t gw_ptx_cached_bytes;
static pthread_mutex_t gw_ptx_cache_lock = PTHREAD_MUTEX_INITIALIZER;

/* Return the size class of an allocation of SIZE bytes, and set
   *ROUNDED to the bytes its blocks have.  */

static unsigned
gw_ptx_class (size_t size, size_t *rounded)
{
  if (size <= 256)
    {
      *rounded = 256;
      return 0;
    }
  /* SIZE is in (2^LG, 2^(LG+1)]: steps of 2^(LG-2).  */
  unsigned lg = 63 - __builtin_clzll ((unsigned long long) size - 1);
  size_t step = (size_t) 1 << (lg - 2);
  *rounded = (size + step - 1) & ~(step - 1);
  return 1 + (lg - 8) * 4 + (unsigned) (*rounded / step - 5);
}

/* Keep the block at device address P, of an allocation of SIZE bytes, in
   the cache; return false if the cache is off (or out of host
   memory).  */

static bool
gw_ptx_cache_put (uint64_t p, size_t size)
{
  if (!gw_config ()->ptx_cache)
    return false;
  struct gw_ptx_cached *b = malloc (sizeof *b);
  if (b == NULL)
    return false;
  size_t rounded;
  unsigned c = gw_ptx_class (size, &rounded);
  b->p = p;
  pthread_mutex_lock (&gw_ptx_cache_lock);
  b->next = gw_ptx_cache[c];
  gw_ptx_cache[c] = b;
  gw_ptx_cached_bytes += rounded;
  pthread_mutex_unlock (&gw_ptx_cache_lock);
  return true;
}

/* Give the cache's blocks back to the driver, once no queue's work may
   use them; return whether there were any.  */

static bool
gw_ptx_empty_cache (void)
{
  bool any = false;

  gw_ptx_settle ();
  pthread_mutex_lock (&gw_ptx_cache_lock);
  for (unsigned c = 0; c < GW_PTX_CLASSES; c++)
    while (gw_ptx_cache[c])
      {
	struct gw_ptx_cached *b = gw_ptx_cache[c];
	gw_ptx_cache[c] = b->next;
	gw_cu.cuMemFree_v2 (b->p);
	free (b);
	any = true;
      }
  gw_ptx_cached_bytes = 0;
  pthread_mutex_unlock (&gw_ptx_cache_lock);
  return any;
}

/* Return the device address of a new allocation of SIZE bytes (at least
   one): a cached block of its class, or the driver's.  */

static uint64_t
gw_ptx_alloc (size_t size)
{
  CUdeviceptr p;
  size_t rounded = size ? size : 1;

  gw_ptx_mark_used ();
  gw_ptx_bind ();
  if (gw_config ()->ptx_cache)
    {
      unsigned c = gw_ptx_class (size, &rounded);
      pthread_mutex_lock (&gw_ptx_cache_lock);
      struct gw_ptx_cached *b = gw_ptx_cache[c];
      if (b)
	{
	  gw_ptx_cache[c] = b->next;
	  gw_ptx_cached_bytes -= rounded;
	}
      pthread_mutex_unlock (&gw_ptx_cache_lock);
      if (b)
	{
	  p = b->p;
	  free (b);
	  return p;
	}
    }
  CUresult e = gw_cu.cuMemAlloc_v2 (&p, rounded);
  if (e != CUDA_SUCCESS && gw_ptx_empty_cache ())
    e = gw_cu.cuMemAlloc_v2 (&p, rounded);
  if (e != CUDA_SUCCESS)
    gw_fatal ("cannot allocate %zu bytes on the ptx device: %s", size,
	      gw_cu_error (e));
  return p;
}

/* Give the allocation at device address P back to the driver, once the
   queued work of every queue, which may use it, is done; after a fork or
   once exit began (a unit's declared globals go at exit), the driver is
   not ours to call, and the memory goes with the process.  */

static void
gw_ptx_free_to_driver (uint64_t p)
{
  if (gw_ptx_unusable != NULL)
    return;
  gw_ptx_settle ();
  gw_ptx_bind ();
  CUresult e = gw_cu.cuMemFree_v2 (p);
  if (e != CUDA_SUCCESS)
    gw_ptx_die ("cuMemFree", e);
}

/* Free the allocation at device address P, of SIZE bytes, once the
   queued work of every queue is done: into the cache, or to the
   driver.  */

static void
gw_ptx_free (uint64_t p, size_t size)
{
  if (gw_ptx_unusable != NULL)
    return;
  gw_ptx_settle ();
  if (!gw_ptx_cache_put (p, size))
    gw_ptx_free_to_driver (p);
}

/* The bytes the cache keeps (acc_get_property's free memory).  */

static size_t
gw_ptx_cache_size (void)
{
  pthread_mutex_lock (&gw_ptx_cache_lock);
  size_t n = gw_ptx_cached_bytes;
  pthread_mutex_unlock (&gw_ptx_cache_lock);
  return n;
}

/* Copy SIZE bytes from host address SRC to device address DST.  */

static void
gw_ptx_to_device (uint64_t dst, const void *src, size_t size)
{
  if (size == 0)
    return;
  gw_ptx_bind ();
  CUresult e = gw_cu.cuMemcpyHtoD_v2 (dst, src, size);
  if (e != CUDA_SUCCESS)
    gw_ptx_die ("cuMemcpyHtoD", e);
}

/* Copy SIZE bytes from device address SRC to host address DST.  */

static void
gw_ptx_to_host (void *dst, uint64_t src, size_t size)
{
  if (size == 0)
    return;
  gw_ptx_bind ();
  CUresult e = gw_cu.cuMemcpyDtoH_v2 (dst, src, size);
  if (e != CUDA_SUCCESS)
    gw_ptx_die ("cuMemcpyDtoH", e);
}

/* Copy SIZE bytes from device address SRC to device address DST.  */

static void
gw_ptx_copy (uint64_t dst, uint64_t src, size_t size)
{
  if (size == 0)
    return;
  gw_ptx_bind ();
  CUresult e = gw_cu.cuMemcpyDtoD_v2 (dst, src, size);
  if (e != CUDA_SUCCESS)
    gw_ptx_die ("cuMemcpyDtoD", e);
}

/* The staging buffers of copies on a queue: pinned host memory, from
   and into which the driver copies asynchronously (between pageable
   memory and the device, cuMemcpyHtoDAsync and cuMemcpyDtoHAsync wait
   for the stream on the host).  A copy to the device copies the host's
   data into a buffer at the call; a copy to the host copies the buffer
   into the program's memory as its completion.  A free list of buffers
   of at least GW_PTX_STAGE_MIN bytes, at most GW_PTX_STAGE_TOTAL bytes
   in all; a copy that finds none, or one larger than GW_PTX_STAGE_MAX,
   waits for its queue and copies synchronously instead.  The copies to
   the host not yet completed are a list: a copy to the device from host
   memory one of them is to write waits for that one's queue first, so
   that "update self async" then "update device async" of the same data
   moves it in the queue's order.  */

struct gw_ptx_stage
{
  struct gw_ptx_done done;	/* First: the copy's completion.  */
  struct gw_ptx_stage *next;
  void *host;
  size_t size;
  void *dst;			/* A copy to the host: where, and how  */
  size_t n;			/* much, on which queue; the next copy to  */
  int q;			/* the host in flight.  */
  struct gw_ptx_stage *next_in_flight;
};

#define GW_PTX_STAGE_MIN ((size_t) 64 << 10)
#define GW_PTX_STAGE_MAX ((size_t) 64 << 20)
#define GW_PTX_STAGE_TOTAL ((size_t) 256 << 20)

static struct gw_ptx_stage *gw_ptx_free_stages;
static struct gw_ptx_stage *gw_ptx_in_flight;
static size_t gw_ptx_staged;		/* Bytes of all buffers.  */
static pthread_mutex_t gw_ptx_stage_lock = PTHREAD_MUTEX_INITIALIZER;

/* Return a buffer of at least N bytes, or NULL.  */

static struct gw_ptx_stage *
gw_ptx_take_stage (size_t n)
{
  if (n > GW_PTX_STAGE_MAX)
    return NULL;
  pthread_mutex_lock (&gw_ptx_stage_lock);
  struct gw_ptx_stage **p = &gw_ptx_free_stages;
  while (*p && (*p)->size < n)
    p = &(*p)->next;
  struct gw_ptx_stage *st = *p;
  size_t size = n > GW_PTX_STAGE_MIN ? n : GW_PTX_STAGE_MIN;
  if (st)
    *p = st->next;
  else if (gw_ptx_staged + size <= GW_PTX_STAGE_TOTAL)
    gw_ptx_staged += size;
  else
    size = 0;
  pthread_mutex_unlock (&gw_ptx_stage_lock);
  if (st || size == 0)
    return st;

  st = calloc (1, sizeof *st);
  if (st == NULL)
    gw_fatal ("out of memory for a copy of %zu bytes", n);
  gw_ptx_mark_used ();
  st->size = size;
  gw_ptx_bind ();
  CUresult e = gw_cu.cuMemAllocHost_v2 (&st->host, size);
  if (e != CUDA_SUCCESS)
    gw_fatal ("cannot allocate %zu bytes of pinned host memory: %s", size,
	      gw_cu_error (e));
  if ((e = gw_cu.cuEventCreate (&st->done.event, CU_EVENT_DISABLE_TIMING))
      != CUDA_SUCCESS)
    gw_ptx_die ("cuEventCreate", e);
  return st;
}

static void
gw_ptx_put_stage (struct gw_ptx_stage *st)
{
  pthread_mutex_lock (&gw_ptx_stage_lock);
  st->next = gw_ptx_free_stages;
  gw_ptx_free_stages = st;
  pthread_mutex_unlock (&gw_ptx_stage_lock);
}

/* Free the buffers of the free list (at exit).  */

static void
gw_ptx_release_stages (void)
{
  pthread_mutex_lock (&gw_ptx_stage_lock);
  struct gw_ptx_stage *st = gw_ptx_free_stages;
  gw_ptx_free_stages = NULL;
  gw_ptx_staged = 0;
  pthread_mutex_unlock (&gw_ptx_stage_lock);
  while (st)
    {
      struct gw_ptx_stage *next = st->next;
      gw_cu.cuMemFreeHost (st->host);
      gw_cu.cuEventDestroy_v2 (st->done.event);
      free (st);
      st = next;
    }
}

/* Completions: a copy to the device is done with its buffer; a copy to
   the host has its data in the buffer, for the program's memory.  */

static void
gw_ptx_stage_done (struct gw_ptx_done *d, bool exiting)
{
  (void) exiting;
  gw_ptx_put_stage ((struct gw_ptx_stage *) d);
}

static void
gw_ptx_stage_to_host_done (struct gw_ptx_done *d, bool exiting)
{
  struct gw_ptx_stage *st = (struct gw_ptx_stage *) d;

  if (!exiting)
    memcpy (st->dst, st->host, st->n);
  pthread_mutex_lock (&gw_ptx_stage_lock);
  for (struct gw_ptx_stage **p = &gw_ptx_in_flight; *p;
       p = &(*p)->next_in_flight)
    if (*p == st)
      {
	*p = st->next_in_flight;
	break;
      }
  pthread_mutex_unlock (&gw_ptx_stage_lock);
  gw_ptx_put_stage (st);
}

/* Wait for the queue of each copy to the host in flight that is to write
   into [SRC, SRC + SIZE).  */

static void
gw_ptx_wait_writers (const void *src, size_t size)
{
  uintptr_t lo = (uintptr_t) src, hi = lo + size;

  for (;;)
    {
      int q = GW_ASYNC_SYNC;
      pthread_mutex_lock (&gw_ptx_stage_lock);
      for (struct gw_ptx_stage *st = gw_ptx_in_flight; st;
	   st = st->next_in_flight)
	if ((uintptr_t) st->dst < hi && (uintptr_t) st->dst + st->n > lo)
	  {
	    q = st->q;
	    break;
	  }
      pthread_mutex_unlock (&gw_ptx_stage_lock);
      if (q == GW_ASYNC_SYNC)
	return;
      gw_ptx_wait (q);
    }
}

/* Copy SIZE bytes from host address SRC to device address DST on queue
   Q.  */

static void
gw_ptx_to_device_async (uint64_t dst, const void *src, size_t size, int q)
{
  if (size == 0)
    return;
  gw_ptx_wait_writers (src, size);
  struct gw_ptx_stage *st = gw_ptx_take_stage (size);
  if (st == NULL)
    {
      gw_ptx_wait (q);
      gw_ptx_to_device (dst, src, size);
      return;
    }
  memcpy (st->host, src, size);
  st->done.run = gw_ptx_stage_done;
  struct gw_ptx_queue *queue = gw_ptx_enqueue_begin (q);
  CUresult e = gw_cu.cuMemcpyHtoDAsync_v2 (dst, st->host, size,
					   gw_ptx_queue_stream (queue));
  if (e != CUDA_SUCCESS)
    gw_ptx_die ("cuMemcpyHtoDAsync", e);
  gw_ptx_enqueue_end (queue, &st->done);
}

/* Copy SIZE bytes from device address SRC to host address DST on queue
   Q: DST has them once the host knows the queue done.  */

static void
gw_ptx_to_host_async (void *dst, uint64_t src, size_t size, int q)
{
  if (size == 0)
    return;
  struct gw_ptx_stage *st = gw_ptx_take_stage (size);
  if (st == NULL)
    {
      gw_ptx_wait (q);
      gw_ptx_to_host (dst, src, size);
      return;
    }
  st->dst = dst;
  st->n = size;
  st->q = q;
  st->done.run = gw_ptx_stage_to_host_done;
  pthread_mutex_lock (&gw_ptx_stage_lock);
  st->next_in_flight = gw_ptx_in_flight;
  gw_ptx_in_flight = st;
  pthread_mutex_unlock (&gw_ptx_stage_lock);
  struct gw_ptx_queue *queue = gw_ptx_enqueue_begin (q);
  CUresult e = gw_cu.cuMemcpyDtoHAsync_v2 (st->host, src, size,
					   gw_ptx_queue_stream (queue));
  if (e != CUDA_SUCCESS)
    gw_ptx_die ("cuMemcpyDtoHAsync", e);
  gw_ptx_enqueue_end (queue, &st->done);
}

/* A free on a queue: a completion, which frees the memory once the
   queue's work before it is done (gw_ptx_free then waits for the other
   queues' work, as cuMemFree does).  */
struct gw_ptx_free_later
{
  struct gw_ptx_done done;
  uint64_t p;
  size_t size;
};

static void
gw_ptx_free_done (struct gw_ptx_done *d, bool exiting)
{
  struct gw_ptx_free_later *f = (struct gw_ptx_free_later *) d;

  /* The queue's work before the free is done: the block may go to the
     cache at once.  */
  if (gw_ptx_unusable == NULL)
    {
      if (!gw_ptx_cache_put (f->p, f->size) && !exiting)
	gw_ptx_free (f->p, f->size);
      gw_cu.cuEventDestroy_v2 (f->done.event);
    }
  free (f);
}

/* Free the allocation at device address P, of SIZE bytes, on queue
   Q.  */

static void
gw_ptx_free_async (uint64_t p, size_t size, int q)
{
  struct gw_ptx_free_later *f = calloc (1, sizeof *f);
  if (f == NULL)
    {
      gw_ptx_wait (q);
      gw_ptx_free (p, size);
      return;
    }
  f->p = p;
  f->size = size;
  f->done.run = gw_ptx_free_done;
  gw_ptx_bind ();
  /* The event lets a later launch on the queue free it (gw_ptx_reap).  */
  CUresult e = gw_cu.cuEventCreate (&f->done.event, CU_EVENT_DISABLE_TIMING);
  if (e != CUDA_SUCCESS)
    gw_ptx_die ("cuEventCreate", e);
  gw_ptx_enqueue_end (gw_ptx_enqueue_begin (q), &f->done);
}

/* The device's memory, for the mapping engine.  */

static const struct gw_memory gw_memory_ptx = {
  .alloc = gw_ptx_alloc,
  .free = gw_ptx_free,
  .to_device = gw_ptx_to_device,
  .to_host = gw_ptx_to_host,
  .copy = gw_ptx_copy,
  .to_device_async = gw_ptx_to_device_async,
  .to_host_async = gw_ptx_to_host_async,
  .free_async = gw_ptx_free_async,
};

static const struct gw_memory *
gw_ptx_own_memory (void)
{
  return &gw_memory_ptx;
}

/* Return the compute capability the ptx ISA NAME ("sm_80") requires, as
   80, or 0 if NAME is not of that form.  */

static int
gw_ptx_isa_arch (const char *name)
{
  char *end;

  if (name == NULL || strncmp (name, "sm_", 3) != 0
      || name[3] < '0' || name[3] > '9')
    return 0;
  long v = strtol (name + 3, &end, 10);
  return *end == '\0' && v > 0 && v < 10000 ? (int) v : 0;
}

/* What gw_ptx_link returns when a routine is missing (not a CUresult).  */
#define GW_PTX_MISSING_ROUTINE (-1)

/* Link the ptx image IMG of unit U, which imports routines, with the ptx
   images of the other units that export them (and theirs, transitively)
   into one module, as the CUDA JIT linker does for separately compiled
   device code; load it into *MODULE.  Return the driver's status, or
   GW_PTX_MISSING_ROUTINE after a warning and writing the launch log's
   reason into REASON if no unit exports an import: the unit's regions
   then run on the cpu device.  */

enum { GW_PTX_MAX_IMAGES = 256 };

static CUresult
gw_ptx_link (const struct gw_unit *u, const struct gw_image *img,
	     CUmodule *module, const struct gw_image **inputs,
	     const struct gw_unit **units, size_t *num_inputs,
	     char *reason, size_t reason_size)
{
  enum { MAX_IMAGES = GW_PTX_MAX_IMAGES };
  size_t n = 0;

  units[n] = u;
  inputs[n++] = img;
  for (size_t i = 0; i < n; i++)
    for (const char *const *imp = inputs[i]->imports; imp && imp[0];
	 imp += 2)
      {
	/* An image already in the link may export it: U's own, when a
	   routine of another unit calls back into U.  */
	const struct gw_image *other = NULL;
	const struct gw_unit *owner = NULL;
	for (size_t j = 0; j < n && !other; j++)
	  for (const char *const *e = inputs[j]->exports; e && *e && !other;
	       e++)
	    if (strcmp (*e, imp[0]) == 0)
	      other = inputs[j];
	if (other == NULL)
	  other = gw_exporting_image ("ptx", imp[0], u, &owner);
	bool seen = false;
	for (size_t j = 0; j < n; j++)
	  seen |= inputs[j] == other;
	if (other && (seen || n < MAX_IMAGES))
	  {
	    if (!seen)
	      {
		units[n] = owner;
		inputs[n++] = other;
	      }
	    continue;
	  }
	char shape[64];
	gw_routine_shape (imp[0], shape, sizeof shape);
	gw_warn ("the routine '%s', which device code of %s calls%s, has no "
		 "ptx code %sin any unit of this program; its regions do not "
		 "run on the GPU", imp[1], gw_object_name (u),
		 shape,
		 shape[0] ? "of that shape " : "");
	snprintf (reason, reason_size, "ptx-missing-routine");
	return GW_PTX_MISSING_ROUTINE;
      }

  *num_inputs = n;
  CUlinkState link = NULL;
  CUresult e = gw_cu.cuLinkCreate_v2 (0, NULL, NULL, &link);
  for (size_t i = 0; i < n && e == CUDA_SUCCESS; i++)
    e = gw_cu.cuLinkAddData_v2 (link, CU_JIT_INPUT_PTX,
				(void *) inputs[i]->data, inputs[i]->size,
				NULL, 0, NULL, NULL);
  void *cubin;
  size_t size;
  if (e == CUDA_SUCCESS)
    e = gw_cu.cuLinkComplete (link, &cubin, &size);
  if (e == CUDA_SUCCESS)
    e = gw_cu.cuModuleLoadData (module, cubin);
  if (link)
    gw_cu.cuLinkDestroy (link);
  return e;
}

/* The tables of globals of the exported routines of a loaded module
   (gangway-abi.h, GW_PTX_TABLE_SUFFIX): one per unit, in device
   memory.  */
struct gw_ptx_tables
{
  size_t n;
  uint64_t dev[];
};

/* Return a table of unit U's globals in device memory, which gives the
   device copies of the declared globals (gw_map_unit_table; mapping
   them first, at the unit's first use).  */

static uint64_t
gw_ptx_unit_table (const struct gw_unit *u)
{
  size_t size = (u->num_globals ? u->num_globals : 1) * sizeof (uint64_t);
  void *const *host = gw_map_unit_table (u);
  uint64_t table = gw_ptx_alloc (size);

  gw_ptx_to_device (table, host, size);
  free ((void *) host);
  return table;
}

/* Set the table variable of each export of the N images IMAGES, of the
   units UNITS, loaded as MODULE, to its unit's table
   (gw_ptx_unit_table, one per unit).  Return the tables, to free when
   the module goes, or NULL if no export has such a variable.  */

static struct gw_ptx_tables *
gw_ptx_set_tables (CUmodule module, const struct gw_image *const *images,
		   const struct gw_unit *const *units, size_t n)
{
  struct gw_ptx_tables *t = NULL;

  for (size_t i = 0; i < n; i++)
    {
      uint64_t table = 0;
      for (const char *const *e = images[i]->exports; e && *e; e++)
	{
	  char name[512];
	  CUdeviceptr var;
	  size_t bytes;
	  if (snprintf (name, sizeof name, "%s%s", *e, GW_PTX_TABLE_SUFFIX)
	      >= (int) sizeof name
	      || gw_cu.cuModuleGetGlobal_v2 (&var, &bytes, module, name)
		 != CUDA_SUCCESS
	      || bytes != sizeof table)
	    continue;
	  if (t == NULL
	      && (t = calloc (1, sizeof *t + n * sizeof t->dev[0])) == NULL)
	    gw_fatal ("out of memory for a ptx module's tables");
	  if (table == 0)
	    t->dev[t->n++] = table = gw_ptx_unit_table (units[i]);
	  gw_ptx_to_device (var, &table, sizeof table);
	}
    }
  return t;
}

/* Pick the ptx image of unit U for this device, load it and resolve the
   unit's kernels in it.  Return the result, or NULL after writing the
   launch log's reason into REASON (of REASON_SIZE bytes): no-ptx-code if
   the unit has no ptx image, ptx-lacks-arch if every one needs a higher
   compute capability than the device's, image-load-failed if the driver
   rejects the chosen one (also reported on stderr).  */

static struct gw_code *
gw_ptx_load_image (const struct gw_unit *u, char *reason, size_t reason_size)
{
  const struct gw_image *images = GW_UNIT_IMAGES (u);
  const struct gw_image *best = NULL;
  int best_arch = 0;
  bool any = false;

  for (size_t i = 0; i < u->num_images; i++)
    {
      if (images[i].target == NULL || strcmp (images[i].target, "ptx") != 0)
	continue;
      any = true;
      int arch = gw_ptx_isa_arch (images[i].isa);
      if (arch > 0 && arch <= gw_ptx_arch && arch > best_arch)
	best = &images[i], best_arch = arch;
    }
  if (best == NULL)
    {
      snprintf (reason, reason_size, any ? "ptx-lacks-arch" : "no-ptx-code");
      return NULL;
    }

  /* The ABI counts the text's terminating NUL in its size.  */
  if (best->size == 0 || best->data[best->size - 1] != '\0')
    {
      gw_warn ("cannot load the %s ptx image of %s: its text does not end "
	       "with a NUL byte; its regions run on the cpu", best->isa,
	       gw_object_name (u));
      snprintf (reason, reason_size, "image-load-failed");
      return NULL;
    }

  struct gw_code *code = malloc (sizeof *code
				 + u->num_kernels * sizeof code->kernels[0]);
  if (code == NULL)
    {
      snprintf (reason, reason_size, "image-load-failed");
      return NULL;
    }
  CUmodule module;
  gw_ptx_mark_used ();
  gw_ptx_bind ();
  CUresult e;
  const struct gw_image *inputs[GW_PTX_MAX_IMAGES] = { best };
  const struct gw_unit *units[GW_PTX_MAX_IMAGES] = { u };
  size_t num_inputs = 1;
  if (best->imports && best->imports[0])
    e = gw_ptx_link (u, best, &module, inputs, units, &num_inputs, reason,
		     reason_size);
  else
    e = gw_cu.cuModuleLoadData (&module, best->data);
  if (e != CUDA_SUCCESS)
    {
      free (code);
      if (e != GW_PTX_MISSING_ROUTINE)
	{
	  gw_warn ("cannot load the %s ptx image of %s: %s; its regions run "
		   "on the cpu", best->isa, gw_object_name (u),
		   gw_cu_error (e));
	  snprintf (reason, reason_size, "image-load-failed");
	}
      return NULL;
    }

  code->image = module;
  code->dims = best->dims;
  code->own = gw_ptx_set_tables (module, inputs, units, num_inputs);
  const struct gw_kernel *k = GW_UNIT_KERNELS (u);
  for (size_t i = 0; i < u->num_kernels; i++)
    {
      CUfunction f = NULL;
      if (k[i].symbol == NULL
	  || gw_cu.cuModuleGetFunction (&f, module, k[i].symbol)
	     != CUDA_SUCCESS)
	f = NULL;
      code->kernels[i] = f;
    }
  return code;
}

/* Unload CODE, which gw_ptx_load_image returned.  The driver may already
   be shut down when a unit goes at exit; that is harmless.  */

static void
gw_ptx_unload_image (struct gw_code *code)
{
  /* After a fork or once exit began, the driver is not ours to call.  */
  struct gw_ptx_tables *t = code->own;
  if (gw_ptx_unusable == NULL)
    {
      gw_ptx_bind ();
      gw_cu.cuModuleUnload (code->image);
      gw_ptx_forget_limits ();
      for (size_t i = 0; t && i < t->n; i++)
	gw_ptx_free_to_driver (t->dev[i]);
    }
  free (t);
  free (code);
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

static void
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
   the queue is done.  One that copies data back into the launching
   thread's stack waits for its queue before it ends its mappings
   (gw_unmap_writes_frames): the frame may be gone by the time the queue
   runs.  */

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
      if (gw_unmap_writes_frames (r, (uintptr_t) __builtin_frame_address (0)))
	{
	  gw_ptx_wait (l->async);
	  queued = false;
	}
    }
  else
    {
      if ((e = gw_cu.cuCtxSynchronize ()) != CUDA_SUCCESS)
	gw_ptx_die ("the kernel (cuCtxSynchronize)", e);
      gw_ptx_put_args (block);
    }
  GW_PTX_PHASE (4);

  gw_unmap (r, queued ? l->async : GW_ASYNC_SYNC);
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

const struct gw_device gw_device_ptx = {
  .name = "ptx",
  .no_code_reason = "no-ptx-code",
  .inner_dims_at_launch = true,
  .probe = gw_ptx_probe,
  .load_image = gw_ptx_load_image,
  .unload_image = gw_ptx_unload_image,
  .default_gangs = gw_ptx_default_gangs,
  .launch = gw_ptx_launch,
  .memory = gw_ptx_own_memory,
};
