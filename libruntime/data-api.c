/* The OpenACC data API: acc_malloc, acc_copyin, acc_deviceptr and the
   rest, for C and Fortran.
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

/* The plugin turns every call of these functions' acc_ namesakes into a
   call of the gangway_ one (plugin/unit.cc, gw_data_api_name_p), so the
   data API maps into the memory the data directives map into
   (gw_memory ()): through the mapping engine (data-map.c) on a device
   with memory of its own, the ptx device or the cpu device under
   GANGWAY_MEM=separate.  Where the device shares the host's memory (the
   cpu device, the host), every call behaves as libgomp's do for its
   shared-memory host device: the device address of host data is its
   host address, acc_malloc is malloc, data calls move nothing.

   Queues: a synchronous call waits for every queue first, as the data
   directives do.  On a memory that has queues (the ptx device's
   streams, the cpu device's ring under GANGWAY_MEM=separate:
   gw_memory.to_host_async) acc_copyin/create/copyout/delete_async,
   acc_update_device/self_async and acc_memcpy_to/from_device_async go
   on the queue (the engine's gw_map_queue for the first four); where
   the cpu device shares the host's memory, acc_memcpy_*_async's copies
   join its queue (pool-queue.c) as records of their own; both behind
   what was queued before, and the call returns at once.  The other
   _async calls wait for their own queue, then run: a valid
   implementation of a queue that keeps its order.
   The queue number is checked first: acc_async_sync, acc_async_noval or
   a queue (>= 0).

   Fortran (libgomp's openacc module and openacc_lib.h) reaches these
   through its external procedures' symbols, acc_copyin_32_h_ and so on:
   arguments by reference; a 32- or 64-bit length, or for the _array_h
   forms a contiguous array passed by its descriptor.  Code compiled
   without the plugin calls libgomp's functions, which know nothing of a
   Gangway device's memory.  */

#include <inttypes.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

#define GW_DATA_API(RET, NAME, PARAMS, ARGS)				\
  GW_EXPORT RET gangway_##NAME PARAMS;
#define GW_DATA_API_26 GW_DATA_API
#define GW_DATA_API_F(RET, NAME, PARAMS, ARGS)				\
  GW_EXPORT RET gangway_##NAME##_ PARAMS;
#include "data-api.def"
#undef GW_DATA_API
#undef GW_DATA_API_26
#undef GW_DATA_API_F

/* Check the queue ASYNC of the call FN, and wait as the file's comment
   says.  */

static void
gw_api_wait (int async, const char *fn)
{
  if (async == GW_ASYNC_SYNC)
    gw_wait_all ();
  else if (async >= 0 || async == GW_ASYNC_NOVAL)
    gw_wait_queue (async);
  else
    gw_fatal ("%s: invalid async-argument: %d", fn, async);
}

/* Return true if the copies of the call FN on queue ASYNC go on the
   queue of the memory the directives map into (gw_memory_queues),
   without a wait first; check ASYNC.  */

static bool
gw_api_queued (int async, const char *fn)
{
  if (async == GW_ASYNC_SYNC)
    return false;
  if (async < 0 && async != GW_ASYNC_NOVAL)
    gw_fatal ("%s: invalid async-argument: %d", fn, async);
  return gw_memory_queues (gw_memory ());
}

/* Return the queue the copies of the call FN on queue ASYNC go on: ASYNC
   where the memory has queues (gw_api_queued), without a wait; else
   GW_ASYNC_SYNC, after the waits of gw_api_wait.  */

static int
gw_api_queue (int async, const char *fn)
{
  if (gw_api_queued (async, fn))
    return async;
  gw_api_wait (async, fn);
  return GW_ASYNC_SYNC;
}

/* The host's memory: no device memory, no mapping.  */

static bool
gw_api_shared (void)
{
  return gw_memory () == NULL;
}

static void *
gw_api_pointer (uint64_t dev)
{
  return (void *) (uintptr_t) dev;
}

/* acc_malloc, acc_free.  */

GW_EXPORT void *
gangway_acc_malloc (size_t size)
{
  if (size == 0)
    return NULL;
  gw_wait_all ();
  if (gw_api_shared ())
    return malloc (size);
  return gw_api_pointer (gw_map_malloc (size));
}

GW_EXPORT void
gangway_acc_free (void *d)
{
  if (d == NULL)
    return;
  gw_wait_all ();
  if (gw_api_shared ())
    free (d);
  else
    gw_map_free ((uintptr_t) d);
}

/* acc_copyin and acc_create: KIND is GW_MAP_TO or GW_MAP_ALLOC.  */

static void *
gw_api_enter (void *h, size_t size, unsigned short kind, int async,
	      const char *fn)
{
  int q = gw_api_queue (async, fn);
  if (h == NULL || size == 0)
    gw_fatal ("%s: [%p,+%zu] is a bad range", fn, h, size);
  if (gw_api_shared ())
    {
      /* A stack object the cpu device's queued launches must know
	 present (data-cpu.c), as enter data makes it.  */
      if (gw_device () >= 0)
	gw_cpu_enter_exit_data (true, 1, &h, &size, &kind);
      return h;
    }
  return gw_api_pointer (gw_map_enter_datum (h, size, kind, q));
}

/* acc_copyout and acc_delete: KIND is GW_MAP_FROM, GW_MAP_RELEASE, or
   with finalize GW_MAP_FORCE_FROM, GW_MAP_DELETE.  Absent data, and zero
   bytes, are no error.  */

static void
gw_api_exit (void *h, size_t size, unsigned short kind, int async,
	     const char *fn)
{
  int q = gw_api_queue (async, fn);
  /* Zero bytes: nothing to drop (libgomp's answer, pr92984-1.c).  */
  if (size == 0)
    return;
  if (gw_api_shared ())
    {
      if (gw_device () >= 0)
	gw_cpu_enter_exit_data (false, 1, &h, &size, &kind);
      return;
    }
  gw_map_exit (1, &h, &size, &kind, q);
}

/* acc_update_device (TO_DEVICE) and acc_update_self: the data must be
   present, and so not of zero bytes.  A null H is a Fortran optional
   argument that is absent.  */

static void
gw_api_update (void *h, size_t size, bool to_device, int async,
	       const char *fn)
{
  int q = gw_api_queue (async, fn);
  if (gw_api_shared () || h == NULL)
    return;
  /* Zero bytes are never present, as libgomp has it (its lib-44.c).  */
  if (size == 0)
    gw_fatal ("%s: [%p,0] is not mapped", fn, h);
  unsigned short kind = to_device ? GW_MAP_FORCE_TO : GW_MAP_FORCE_FROM;
  gw_map_update (1, &h, &size, &kind, q);
}

#define GW_ENTER(NAME, KIND)						\
  GW_EXPORT void *							\
  gangway_acc_##NAME (void *h, size_t size)				\
  {									\
    return gw_api_enter (h, size, KIND, GW_ASYNC_SYNC, "acc_" #NAME);	\
  }
#define GW_ENTER_ASYNC(NAME, KIND)					\
  GW_EXPORT void							\
  gangway_acc_##NAME##_async (void *h, size_t size, int async)		\
  {									\
    gw_api_enter (h, size, KIND, async, "acc_" #NAME "_async");	\
  }
#define GW_EXIT(NAME, KIND)						\
  GW_EXPORT void							\
  gangway_acc_##NAME (void *h, size_t size)				\
  {									\
    gw_api_exit (h, size, KIND, GW_ASYNC_SYNC, "acc_" #NAME);		\
  }									\
  GW_EXPORT void							\
  gangway_acc_##NAME##_async (void *h, size_t size, int async)		\
  {									\
    gw_api_exit (h, size, KIND, async, "acc_" #NAME "_async");		\
  }
#define GW_UPDATE(NAME, TO_DEVICE)					\
  GW_EXPORT void							\
  gangway_acc_##NAME (void *h, size_t size)				\
  {									\
    gw_api_update (h, size, TO_DEVICE, GW_ASYNC_SYNC, "acc_" #NAME);	\
  }									\
  GW_EXPORT void							\
  gangway_acc_##NAME##_async (void *h, size_t size, int async)		\
  {									\
    gw_api_update (h, size, TO_DEVICE, async, "acc_" #NAME "_async");	\
  }

/* acc_present_or_copyin and acc_pcopyin are what acc_copyin was before
   OpenACC 2.5, and now is; the same for acc_create.  */
GW_ENTER (copyin, GW_MAP_TO)
GW_ENTER (present_or_copyin, GW_MAP_TO)
GW_ENTER (pcopyin, GW_MAP_TO)
GW_ENTER_ASYNC (copyin, GW_MAP_TO)
GW_ENTER (create, GW_MAP_ALLOC)
GW_ENTER (present_or_create, GW_MAP_ALLOC)
GW_ENTER (pcreate, GW_MAP_ALLOC)
GW_ENTER_ASYNC (create, GW_MAP_ALLOC)
GW_EXIT (copyout, GW_MAP_FROM)
GW_EXIT (copyout_finalize, GW_MAP_FORCE_FROM)
GW_EXIT (delete, GW_MAP_RELEASE)
GW_EXIT (delete_finalize, GW_MAP_DELETE)
GW_UPDATE (update_device, true)
GW_UPDATE (update_self, false)

/* acc_is_present, acc_deviceptr, acc_hostptr.  */

GW_EXPORT int
gangway_acc_is_present (void *h, size_t size)
{
  if (h == NULL || size == 0)
    return 0;
  if (gw_api_shared ())
    return 1;
  return gw_map_lookup (h, size) != 0;
}

GW_EXPORT void *
gangway_acc_deviceptr (void *h)
{
  if (gw_api_shared ())
    return h;
  return gw_api_pointer (gw_map_lookup (h, 1));
}

GW_EXPORT void *
gangway_acc_hostptr (void *d)
{
  if (gw_api_shared ())
    return d;
  return gw_map_host_address ((uintptr_t) d);
}

/* acc_map_data, acc_unmap_data.  */

GW_EXPORT void
gangway_acc_map_data (void *h, void *d, size_t size)
{
  gw_wait_all ();
  if (!gw_api_shared ())
    gw_map_data (h, (uintptr_t) d, size);
  else if (d != h)
    gw_fatal ("acc_map_data: cannot map data on shared-memory system "
	      "(host %p, device %p)", h, d);
}

GW_EXPORT void
gangway_acc_unmap_data (void *h)
{
  gw_wait_all ();
  if (!gw_api_shared ())
    gw_unmap_data (h);
}

/* acc_memcpy_to_device, acc_memcpy_from_device, acc_memcpy_device (of
   OpenACC 2.6, which GCC 12's openacc.h does not declare).  A device
   address must be in memory acc_malloc returned or the device copy of
   present data.  */

static void
gw_api_check_device (const void *d, size_t size, const char *fn)
{
  if (!gw_map_device_range_p ((uintptr_t) d, size))
    gw_fatal ("%s: [%p,+%zu] is not device memory (from acc_malloc, or "
	      "of present data)", fn, d, size);
}

static void
gw_api_memcpy (void *dst, const void *src, size_t size, int dir, int async,
	       const char *fn)
{
  if (size && gw_api_shared () && (async >= 0 || async == GW_ASYNC_NOVAL)
      && gw_device () >= 0
      && gw_pool_queue_copy (dst, src, size, false, async))
    return;
  /* Between host and device, on the queue where the memory has queues;
     device to device waits.  */
  bool queued = dir != 0 && gw_api_queued (async, fn);
  if (!queued)
    gw_api_wait (async, fn);
  if (size == 0)
    return;
  if (gw_api_shared ())
    {
      memmove (dst, src, size);
      return;
    }
  const struct gw_memory *mem = gw_memory ();
  if (dir >= 0)
    gw_api_check_device (dst, size, fn);
  if (dir <= 0)
    gw_api_check_device (src, size, fn);
  if (dir > 0 && queued)
    mem->to_device_async ((uintptr_t) dst, src, size, async);
  else if (dir > 0)
    mem->to_device ((uintptr_t) dst, src, size);
  else if (dir < 0 && queued)
    mem->to_host_async (dst, (uintptr_t) src, size, async);
  else if (dir < 0)
    mem->to_host (dst, (uintptr_t) src, size);
  else
    mem->copy ((uintptr_t) dst, (uintptr_t) src, size);
}

GW_EXPORT void
gangway_acc_memcpy_to_device (void *d, void *h, size_t size)
{
  gw_api_memcpy (d, h, size, 1, GW_ASYNC_SYNC, "acc_memcpy_to_device");
}

GW_EXPORT void
gangway_acc_memcpy_to_device_async (void *d, void *h, size_t size,
				    int async)
{
  gw_api_memcpy (d, h, size, 1, async, "acc_memcpy_to_device_async");
}

GW_EXPORT void
gangway_acc_memcpy_from_device (void *h, void *d, size_t size)
{
  gw_api_memcpy (h, d, size, -1, GW_ASYNC_SYNC, "acc_memcpy_from_device");
}

GW_EXPORT void
gangway_acc_memcpy_from_device_async (void *h, void *d, size_t size,
				      int async)
{
  gw_api_memcpy (h, d, size, -1, async, "acc_memcpy_from_device_async");
}

GW_EXPORT void
gangway_acc_memcpy_device (void *dst, void *src, size_t size)
{
  gw_api_memcpy (dst, src, size, 0, GW_ASYNC_SYNC, "acc_memcpy_device");
}

GW_EXPORT void
gangway_acc_memcpy_device_async (void *dst, void *src, size_t size,
				 int async)
{
  gw_api_memcpy (dst, src, size, 0, async, "acc_memcpy_device_async");
}

/* acc_attach, acc_detach.  */

static void
gw_api_attach (void **p, int op, int async, const char *fn)
{
  gw_api_wait (async, fn);
  if (gw_api_shared ())
    return;
  if (op == 0)
    gw_map_attach (p);
  else
    gw_map_detach (p, op > 1);
}

GW_EXPORT void
gangway_acc_attach (void **p)
{
  gw_api_attach (p, 0, GW_ASYNC_SYNC, "acc_attach");
}

GW_EXPORT void
gangway_acc_attach_async (void **p, int async)
{
  gw_api_attach (p, 0, async, "acc_attach_async");
}

GW_EXPORT void
gangway_acc_detach (void **p)
{
  gw_api_attach (p, 1, GW_ASYNC_SYNC, "acc_detach");
}

GW_EXPORT void
gangway_acc_detach_async (void **p, int async)
{
  gw_api_attach (p, 1, async, "acc_detach_async");
}

GW_EXPORT void
gangway_acc_detach_finalize (void **p)
{
  gw_api_attach (p, 2, GW_ASYNC_SYNC, "acc_detach_finalize");
}

GW_EXPORT void
gangway_acc_detach_finalize_async (void **p, int async)
{
  gw_api_attach (p, 2, async, "acc_detach_finalize_async");
}


/* Fortran.  An array's descriptor, as gfortran 12 passes an assumed-rank
   argument (libgfortran.h, gfc_array_void with GCC 8's dtype).  */

struct gw_gfc_dim
{
  ptrdiff_t stride, lbound, ubound;
};

struct gw_gfc_array
{
  void *base_addr;
  size_t offset;
  struct
  {
    size_t elem_len;
    int version;
    signed char rank, type;
    signed short attribute;
  } dtype;
  ptrdiff_t span;
  struct gw_gfc_dim dim[];
};

/* Set *SIZE to the bytes of the contiguous array A, of call FN, and
   return its address.  */

static void *
gw_gfc_extent (const void *array, size_t *size, const char *fn)
{
  const struct gw_gfc_array *a = array;
  size_t n = a->dtype.elem_len;
  ptrdiff_t stride = 1;

  for (int k = 0; k < a->dtype.rank; k++)
    {
      ptrdiff_t extent = a->dim[k].ubound - a->dim[k].lbound + 1;
      if (extent <= 0)
	{
	  n = 0;
	  break;
	}
      if (extent > 1 && a->dim[k].stride != stride)
	gw_fatal ("%s: the array is not contiguous", fn);
      stride *= extent;
      n *= extent;
    }
  *size = n;
  return a->base_addr;
}

/* The three forms of each subroutine: a length of 32 or 64 bits, or an
   array.  */
#define GW_FORTRAN(NAME, CALL)						\
  GW_EXPORT void							\
  gangway_acc_##NAME##_32_h_ (void *a, const int32_t *len)		\
  {									\
    CALL (a, (size_t) *len);						\
  }									\
  GW_EXPORT void							\
  gangway_acc_##NAME##_64_h_ (void *a, const int64_t *len)		\
  {									\
    CALL (a, (size_t) *len);						\
  }									\
  GW_EXPORT void							\
  gangway_acc_##NAME##_array_h_ (const void *a)			\
  {									\
    size_t size;							\
    void *h = gw_gfc_extent (a, &size, "acc_" #NAME);			\
    CALL (h, size);							\
  }
#define GW_FORTRAN_ASYNC(NAME, CALL)					\
  GW_EXPORT void							\
  gangway_acc_##NAME##_async_32_h_ (void *a, const int32_t *len,	\
				    const int32_t *async)		\
  {									\
    CALL##_async (a, (size_t) *len, *async);				\
  }									\
  GW_EXPORT void							\
  gangway_acc_##NAME##_async_64_h_ (void *a, const int64_t *len,	\
				    const int32_t *async)		\
  {									\
    CALL##_async (a, (size_t) *len, *async);				\
  }									\
  GW_EXPORT void							\
  gangway_acc_##NAME##_async_array_h_ (const void *a,			\
				       const int32_t *async)		\
  {									\
    size_t size;							\
    void *h = gw_gfc_extent (a, &size, "acc_" #NAME "_async");		\
    CALL##_async (h, size, *async);					\
  }

GW_FORTRAN (copyin, gangway_acc_copyin)
GW_FORTRAN (present_or_copyin, gangway_acc_copyin)
GW_FORTRAN (create, gangway_acc_create)
GW_FORTRAN (present_or_create, gangway_acc_create)
GW_FORTRAN (copyout, gangway_acc_copyout)
GW_FORTRAN (copyout_finalize, gangway_acc_copyout_finalize)
GW_FORTRAN (delete, gangway_acc_delete)
GW_FORTRAN (delete_finalize, gangway_acc_delete_finalize)
GW_FORTRAN (update_device, gangway_acc_update_device)
GW_FORTRAN (update_self, gangway_acc_update_self)
GW_FORTRAN_ASYNC (copyin, gangway_acc_copyin)
GW_FORTRAN_ASYNC (create, gangway_acc_create)
GW_FORTRAN_ASYNC (copyout, gangway_acc_copyout)
GW_FORTRAN_ASYNC (delete, gangway_acc_delete)
GW_FORTRAN_ASYNC (update_device, gangway_acc_update_device)
GW_FORTRAN_ASYNC (update_self, gangway_acc_update_self)

/* acc_is_present returns a default logical.  */

GW_EXPORT int32_t
gangway_acc_is_present_32_h_ (void *a, const int32_t *len)
{
  return gangway_acc_is_present (a, (size_t) *len) != 0;
}

GW_EXPORT int32_t
gangway_acc_is_present_64_h_ (void *a, const int64_t *len)
{
  return gangway_acc_is_present (a, (size_t) *len) != 0;
}

GW_EXPORT int32_t
gangway_acc_is_present_array_h_ (const void *a)
{
  size_t size;
  void *h = gw_gfc_extent (a, &size, "acc_is_present");
  return gangway_acc_is_present (h, size) != 0;
}
