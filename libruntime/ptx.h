/* What device-ptx.c and queue-ptx.c share: the CUDA driver's entry
   points and the ptx device's helpers.
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

#pragma GCC visibility pop

#endif /* GANGWAY_PTX_H */
