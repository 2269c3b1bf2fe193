/* The ptx device's memory: allocation and its cache, copies, staging.
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

/* What the mapping engine knows of the GPU's memory (struct gw_memory,
   gw_memory_ptx): allocations from a cache of freed blocks, synchronous
   copies on the legacy default stream, and copies and frees on a queue
   (queue-ptx.c) through pinned staging buffers and completions.  The
   argument blocks of launches are device-ptx.c's own.  */

#define _GNU_SOURCE
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "ptx.h"

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

bool
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

uint64_t
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

void
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

size_t
gw_ptx_cache_size (void)
{
  pthread_mutex_lock (&gw_ptx_cache_lock);
  size_t n = gw_ptx_cached_bytes;
  pthread_mutex_unlock (&gw_ptx_cache_lock);
  return n;
}

/* Copy SIZE bytes from host address SRC to device address DST.  */

void
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

void
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
	gw_ptx_free_to_driver (f->p);
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

const struct gw_memory gw_memory_ptx = {
  .alloc = gw_ptx_alloc,
  .free = gw_ptx_free,
  .to_device = gw_ptx_to_device,
  .to_host = gw_ptx_to_host,
  .copy = gw_ptx_copy,
  .to_device_async = gw_ptx_to_device_async,
  .to_host_async = gw_ptx_to_host_async,
  .free_async = gw_ptx_free_async,
};
