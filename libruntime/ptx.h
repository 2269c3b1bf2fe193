/* What the ptx device's files share: device-ptx.c (the driver, the
   probe, launches), queue-ptx.c (async queues), memory-ptx.c (device
   memory, copies) and image-ptx.c (a unit's code).
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

#ifndef GANGWAY_PTX_H
#define GANGWAY_PTX_H

#include "runtime.h"
#include "cuda-driver.h"

#pragma GCC visibility push(hidden)

/* device-ptx.c: the driver's entry points, which the probe looked up.  */
struct gw_cuda
{
#define GW_CUDA_MEMBER(NAME, PARAMS) CUresult (*NAME) PARAMS;
  GW_CUDA_FUNCTIONS (GW_CUDA_MEMBER)
#undef GW_CUDA_MEMBER
};
extern struct gw_cuda gw_cu;

/* Make the device's context current on the calling thread.  */
extern void gw_ptx_bind (void);

/* The device is used from now on (memory, code or a queue on it).  */
extern void gw_ptx_mark_used (void);

/* Stop the process after the driver's error E in WHAT.  */
extern void gw_ptx_die (const char *what, CUresult e)
  __attribute__ ((noreturn));

/* queue-ptx.c: work the host does once a queue's work before it is
   done (give back a launch's argument block, copy a staged update to
   the program's memory), run in the order it was queued.  EXITING: the
   process is exiting, and the program's memory is not to be written.  */
struct gw_ptx_done
{
  struct gw_ptx_done *next;
  void (*run) (struct gw_ptx_done *, bool exiting);
  /* If not null, recorded on the stream after the work: the completion
     may run as soon as it is done, before the host waits for the
     queue (gw_ptx_reap).  */
  CUevent event;
  uint64_t seq;			/* The count of the queue's work it follows.  */
};

/* A queue being added to: its stream, under the queues' lock.  */
struct gw_ptx_queue;
extern struct gw_ptx_queue *gw_ptx_enqueue_begin (int async);
extern CUstream gw_ptx_queue_stream (const struct gw_ptx_queue *);
extern bool gw_ptx_enqueue_after (struct gw_ptx_queue *, int);
extern void gw_ptx_enqueue_end (struct gw_ptx_queue *, struct gw_ptx_done *);
extern void gw_ptx_reap (int);
extern void gw_ptx_settle (void);
extern void gw_ptx_close_queues (void);

/* device-ptx.c: a description of the driver's error code, for messages;
   the device's compute capability (80 for 8.0), and the
   kernels' limits forgotten when a module goes.  */
extern const char *gw_cu_error (CUresult);
extern int gw_ptx_arch;
extern void gw_ptx_forget_limits (void);

/* memory-ptx.c: the device's memory, for the mapping engine, and what
   the rest of the device allocates with it.  */
extern const struct gw_memory gw_memory_ptx;
extern uint64_t gw_ptx_alloc (size_t);
extern void gw_ptx_free_to_driver (uint64_t);
extern void gw_ptx_to_device (uint64_t, const void *, size_t);
extern size_t gw_ptx_cache_size (void);
extern bool gw_ptx_empty_cache (void);
extern void gw_ptx_release_stages (void);

/* image-ptx.c: load and unload a unit's code.  */
extern struct gw_code *gw_ptx_load_image (const struct gw_unit *, char *,
					  size_t);
extern void gw_ptx_unload_image (struct gw_code *);

#pragma GCC visibility pop

#endif /* GANGWAY_PTX_H */
