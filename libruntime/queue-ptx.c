/* The ptx device's async queues: one CUDA stream each.
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

/* Each async queue a program names (a number >= 0, or acc_async_noval)
   gets, at its first use, a stream created CU_STREAM_NON_BLOCKING, so
   that the synchronous copies of the mapping engine, which go on the
   legacy default stream, do not wait for it, and an event to order
   other streams after it.  The queues are a list, never shortened
   before exit: programs use a handful.

   What goes on a queue's stream (device-ptx.c): an async launch's
   argument block copy and its kernel; a staged update's copy.  What the
   host must do once that work is done (give the argument block back,
   copy a staged update into the program's memory) is a completion
   (struct gw_ptx_done), kept in the queue's list in order.  The host
   learns that a queue is done, and runs its completions, only where
   OpenACC lets it wait: a wait for the queue (acc_wait, the wait
   directive), for all queues, a synchronous construct (which waits for
   all first, launch.c), or a test (acc_async_test) that finds it done.
   A queue's "wait" for another (a wait clause, acc_wait_async, the wait
   directive's async clause) is an event recorded on the other's stream
   and waited for on its own: no host wait.  The queue remembers it (a
   struct gw_ptx_dep): once the host knows the queue's work up to the
   wait done, the other's work up to the record is done too, and its
   completions up to there run as well (so that after "wait async(0)"
   and "wait(0)" the host has what the other queues' updates copied).
   Completions carry the count of their queue's work they follow.

   Locks: GW_QUEUES_LOCK protects the list, each queue's completions and
   counts, and the enqueueing of work (so that work and completions are
   in the same order); a queue's DRAIN lock is held while a thread waits
   for the queue and runs its completions, so that no other thread finds
   the queue done before they ran.  DRAIN is taken before
   GW_QUEUES_LOCK, never after; the completions run under DRAIN only.  */

#include <pthread.h>
#include <stdlib.h>

#include "ptx.h"

/* A wait of one queue for another's work up to UPTO, on the waiting
   queue's stream after its work AT.  */
struct gw_ptx_dep
{
  struct gw_ptx_queue *on;
  uint64_t upto, at;
  struct gw_ptx_dep *next;
};

struct gw_ptx_queue
{
  int id;			/* The program's queue number.  */
  CUstream stream;
  CUevent event;
  bool own_stream;		/* Created here, not acc_set_cuda_stream's.  */
  /* Work put on the stream, and the count of it the host knows done.  */
  uint64_t enqueued, seen;
  struct gw_ptx_done *head, **tail;
  struct gw_ptx_dep *deps;	/* Its waits for others, oldest first.  */
  pthread_mutex_t drain;
  struct gw_ptx_queue *next;
};

static pthread_mutex_t gw_queues_lock = PTHREAD_MUTEX_INITIALIZER;
static struct gw_ptx_queue *gw_queues;

/* Set once a queue has had work: the waits have something to do.  */
static atomic_bool gw_ptx_queued;

/* Return queue ID, made (with its stream) if CREATE, else NULL if it
   has had no work.  Requires GW_QUEUES_LOCK.  */

static struct gw_ptx_queue *
gw_queue (int id, bool create)
{
  struct gw_ptx_queue *q;

  for (q = gw_queues; q; q = q->next)
    if (q->id == id)
      return q;
  if (!create)
    return NULL;
  q = calloc (1, sizeof *q);
  if (q == NULL)
    gw_fatal ("out of memory for async queue %d", id);
  q->id = id;
  q->tail = &q->head;
  q->own_stream = true;
  pthread_mutex_init (&q->drain, NULL);
  gw_ptx_mark_used ();
  gw_ptx_bind ();
  CUresult e = gw_cu.cuStreamCreate (&q->stream, CU_STREAM_NON_BLOCKING);
  if (e != CUDA_SUCCESS)
    gw_ptx_die ("cuStreamCreate", e);
  if ((e = gw_cu.cuEventCreate (&q->event, CU_EVENT_DISABLE_TIMING))
      != CUDA_SUCCESS)
    gw_ptx_die ("cuEventCreate", e);
  /* Published last: gw_ptx_wait_all walks the list without the lock.  */
  q->next = gw_queues;
  __atomic_store_n (&gw_queues, q, __ATOMIC_RELEASE);
  return q;
}

static struct gw_ptx_queue *gw_busy_queue (int);

/* Begin putting work on queue ASYNC: take GW_QUEUES_LOCK, and return the
   queue, whose stream the work goes on.  gw_ptx_enqueue_end ends.  */

struct gw_ptx_queue *
gw_ptx_enqueue_begin (int async)
{
  pthread_mutex_lock (&gw_queues_lock);
  struct gw_ptx_queue *q = gw_queue (async, true);
  q->enqueued++;
  atomic_store (&gw_ptx_queued, true);
  return q;
}

CUstream
gw_ptx_queue_stream (const struct gw_ptx_queue *q)
{
  return q->stream;
}

/* Make the work put on Q from now on wait for what queue OTHER has now,
   or for what every other queue has if OTHER is GW_QUEUES_ALL: an event
   recorded there, waited for on Q's stream.  Return whether there was
   anything to wait for.  Requires GW_QUEUES_LOCK.  */

bool
gw_ptx_enqueue_after (struct gw_ptx_queue *q, int other)
{
  bool any = false;

  for (struct gw_ptx_queue *o = gw_queues; o; o = o->next)
    if ((other == GW_QUEUES_ALL || o->id == other) && o != q
	&& (o->enqueued != o->seen || o->head))
      {
	CUresult e = gw_cu.cuEventRecord (o->event, o->stream);
	if (e != CUDA_SUCCESS)
	  gw_ptx_die ("cuEventRecord", e);
	if ((e = gw_cu.cuStreamWaitEvent (q->stream, o->event, 0))
	    != CUDA_SUCCESS)
	  gw_ptx_die ("cuStreamWaitEvent", e);
	struct gw_ptx_dep *d = malloc (sizeof *d), **p = &q->deps;
	if (d == NULL)
	  gw_fatal ("out of memory for a wait between queues");
	*d = (struct gw_ptx_dep) { o, o->enqueued, q->enqueued, NULL };
	while (*p)
	  p = &(*p)->next;
	*p = d;
	any = true;
      }
  return any;
}

/* End what gw_ptx_enqueue_begin began: D (if not null) is to run once
   the work is done.  Releases GW_QUEUES_LOCK.  */

void
gw_ptx_enqueue_end (struct gw_ptx_queue *q, struct gw_ptx_done *d)
{
  if (d)
    {
      d->seq = q->enqueued;
      if (d->event)
	{
	  CUresult e = gw_cu.cuEventRecord (d->event, q->stream);
	  if (e != CUDA_SUCCESS)
	    gw_ptx_die ("cuEventRecord", e);
	}
      d->next = NULL;
      *q->tail = d;
      q->tail = &d->next;
    }
  pthread_mutex_unlock (&gw_queues_lock);
}

/* Run the completions at the head of queue ID's list whose work is done
   (their events say so), without waiting: a launch on the queue calls
   this first, so that a long run of launches without a wait reuses the
   argument blocks of those the device has run.  Nothing if another
   thread is waiting for the queue.  */

void
gw_ptx_reap (int id)
{
  struct gw_ptx_queue *q = gw_busy_queue (id);

  if (q == NULL || pthread_mutex_trylock (&q->drain) != 0)
    return;
  for (;;)
    {
      pthread_mutex_lock (&gw_queues_lock);
      struct gw_ptx_done *d = q->head;
      CUresult e = d && d->event ? gw_cu.cuEventQuery (d->event)
		   : CUDA_ERROR_NOT_READY;
      if (e != CUDA_SUCCESS)
	{
	  pthread_mutex_unlock (&gw_queues_lock);
	  if (e != CUDA_ERROR_NOT_READY)
	    gw_ptx_die ("the queue's work (cuEventQuery)", e);
	  break;
	}
      q->head = d->next;
      if (q->head == NULL)
	q->tail = &q->head;
      pthread_mutex_unlock (&gw_queues_lock);
      d->run (d, false);
    }
  pthread_mutex_unlock (&q->drain);
}

/* Take Q's completions, and the count of its work they cover.  Requires
   GW_QUEUES_LOCK.  */

static struct gw_ptx_done *
gw_take_done (struct gw_ptx_queue *q, uint64_t *upto)
{
  struct gw_ptx_done *d = q->head;

  q->head = NULL;
  q->tail = &q->head;
  *upto = q->enqueued;
  return d;
}

/* Take Q's completions of its work up to UPTO.  Requires
   GW_QUEUES_LOCK.  */

static struct gw_ptx_done *
gw_take_done_upto (struct gw_ptx_queue *q, uint64_t upto)
{
  struct gw_ptx_done *d = NULL, **tail = &d;

  while (q->head && q->head->seq <= upto)
    {
      *tail = q->head;
      tail = &q->head->next;
      q->head = q->head->next;
    }
  *tail = NULL;
  if (q->head == NULL)
    q->tail = &q->head;
  return d;
}

/* Take Q's waits for other queues that its work up to UPTO includes,
   appending them to *LIST.  Requires GW_QUEUES_LOCK.  */

static void
gw_take_deps (struct gw_ptx_queue *q, uint64_t upto,
	      struct gw_ptx_dep **list)
{
  while (*list)
    list = &(*list)->next;
  for (struct gw_ptx_dep **p = &q->deps; *p;)
    if ((*p)->at <= upto)
      {
	*list = *p;
	*p = (*p)->next;
	list = &(*list)->next;
	*list = NULL;
      }
    else
      p = &(*p)->next;
}

/* The host knows Q's work up to UPTO done.  Requires GW_QUEUES_LOCK.  */

static void
gw_seen (struct gw_ptx_queue *q, uint64_t upto)
{
  if (q->seen < upto)
    q->seen = upto;
}

/* Run the completions D, in order.  */

static void
gw_run_done (struct gw_ptx_done *d, bool exiting)
{
  while (d)
    {
      struct gw_ptx_done *next = d->next;
      d->run (d, exiting);
      d = next;
    }
}

/* The waits DEPS of queues whose work up to the wait is done: the
   other queues' work up to the record is done, and their completions up
   to there run, and so on for the waits of those (a queue's drain lock
   at a time).  Frees DEPS.  */

static void
gw_run_deps (struct gw_ptx_dep *deps, bool exiting)
{
  while (deps)
    {
      struct gw_ptx_dep *dep = deps;
      struct gw_ptx_queue *o = dep->on;
      pthread_mutex_lock (&o->drain);
      pthread_mutex_lock (&gw_queues_lock);
      struct gw_ptx_done *d = gw_take_done_upto (o, dep->upto);
      gw_seen (o, dep->upto);
      gw_take_deps (o, dep->upto, &deps);
      pthread_mutex_unlock (&gw_queues_lock);
      gw_run_done (d, exiting);
      pthread_mutex_unlock (&o->drain);
      deps = dep->next;
      free (dep);
    }
}

/* The host waits for Q's work, then runs its completions, and those of
   the work of other queues it waited for.  */

static void
gw_drain (struct gw_ptx_queue *q, bool exiting)
{
  uint64_t upto;
  struct gw_ptx_dep *deps = NULL;

  pthread_mutex_lock (&q->drain);
  pthread_mutex_lock (&gw_queues_lock);
  bool busy = q->enqueued != q->seen;
  struct gw_ptx_done *d = gw_take_done (q, &upto);
  gw_take_deps (q, upto, &deps);
  pthread_mutex_unlock (&gw_queues_lock);
  if (busy)
    {
      gw_ptx_bind ();
      CUresult e = gw_cu.cuStreamSynchronize (q->stream);
      if (e != CUDA_SUCCESS)
	gw_ptx_die ("the queue's work (cuStreamSynchronize)", e);
      pthread_mutex_lock (&gw_queues_lock);
      gw_seen (q, upto);
      pthread_mutex_unlock (&gw_queues_lock);
    }
  gw_run_done (d, exiting);
  pthread_mutex_unlock (&q->drain);
  gw_run_deps (deps, exiting);
}

/* Return queue ID if it has work the host does not know done, or
   completions or waits for other queues still to run, else NULL; NULL
   too once the driver is not ours to call (after a fork, at exit).  */

static struct gw_ptx_queue *
gw_busy_queue (int id)
{
  if (!atomic_load (&gw_ptx_queued) || gw_ptx_unusable != NULL)
    return NULL;
  pthread_mutex_lock (&gw_queues_lock);
  struct gw_ptx_queue *q = gw_queue (id, false);
  bool busy = q && (q->enqueued != q->seen || q->head || q->deps);
  pthread_mutex_unlock (&gw_queues_lock);
  return busy ? q : NULL;
}

/* The host waits for queue ID (acc_wait).  */

void
gw_ptx_wait (int id)
{
  struct gw_ptx_queue *q = gw_busy_queue (id);

  if (q)
    gw_drain (q, false);
}

/* The host waits for every queue.  */

void
gw_ptx_wait_all (void)
{
  if (!atomic_load (&gw_ptx_queued) || gw_ptx_unusable != NULL)
    return;
  for (struct gw_ptx_queue *q = __atomic_load_n (&gw_queues,
						 __ATOMIC_ACQUIRE);
       q; q = q->next)
    gw_drain (q, false);
}

/* Queue ASYNC waits for queue OTHER, or for all if OTHER is
   GW_QUEUES_ALL (acc_wait_async, the wait directive's async clause).  */

void
gw_ptx_after (int async, int other)
{
  if (!atomic_load (&gw_ptx_queued) || gw_ptx_unusable != NULL)
    return;
  pthread_mutex_lock (&gw_queues_lock);
  struct gw_ptx_queue *q = gw_queue (async, true);
  /* The wait is a piece of the queue's work, if there is anything to
     wait for.  */
  q->enqueued++;
  if (gw_ptx_enqueue_after (q, other))
    atomic_store (&gw_ptx_queued, true);
  else
    q->enqueued--;
  pthread_mutex_unlock (&gw_queues_lock);
}

/* Return true if queue ID's work is done (acc_async_test), after
   running its completions; does not wait.  */

bool
gw_ptx_test (int id)
{
  struct gw_ptx_queue *q = gw_busy_queue (id);
  uint64_t upto;

  if (q == NULL)
    return true;
  struct gw_ptx_dep *deps = NULL;
  pthread_mutex_lock (&q->drain);
  pthread_mutex_lock (&gw_queues_lock);
  struct gw_ptx_done *d = gw_take_done (q, &upto);
  pthread_mutex_unlock (&gw_queues_lock);
  gw_ptx_bind ();
  CUresult e = gw_cu.cuStreamQuery (q->stream);
  if (e != CUDA_SUCCESS && e != CUDA_ERROR_NOT_READY)
    gw_ptx_die ("the queue's work (cuStreamQuery)", e);
  pthread_mutex_lock (&gw_queues_lock);
  if (e == CUDA_SUCCESS)
    {
      gw_seen (q, upto);
      gw_take_deps (q, upto, &deps);
    }
  else if (d)
    {
      /* Not done: the completions go back, before any queued since.  */
      struct gw_ptx_done *last = d;
      while (last->next)
	last = last->next;
      last->next = q->head;
      if (q->head == NULL)
	q->tail = &last->next;
      q->head = d;
      d = NULL;
    }
  pthread_mutex_unlock (&gw_queues_lock);
  gw_run_done (d, false);
  pthread_mutex_unlock (&q->drain);
  gw_run_deps (deps, false);
  return e == CUDA_SUCCESS;
}

/* Return true if every queue's work is done.  */

bool
gw_ptx_test_all (void)
{
  if (!atomic_load (&gw_ptx_queued) || gw_ptx_unusable != NULL)
    return true;
  bool done = true;
  for (struct gw_ptx_queue *q = __atomic_load_n (&gw_queues,
						 __ATOMIC_ACQUIRE);
       q; q = q->next)
    done &= gw_ptx_test (q->id);
  return done;
}

/* Wait for the device's queued work, if there is any, without running
   the completions (the next wait or test of each queue runs them):
   before device memory is freed, which queued work of any queue may
   still use (cuMemFree waits likewise on a GPU; memory-ptx.c).  */

void
gw_ptx_settle (void)
{
  if (!atomic_load (&gw_ptx_queued) || gw_ptx_unusable != NULL)
    return;
  bool busy = false;
  pthread_mutex_lock (&gw_queues_lock);
  for (struct gw_ptx_queue *q = gw_queues; q; q = q->next)
    busy |= q->enqueued != q->seen;
  if (busy)
    {
      gw_ptx_bind ();
      CUresult e = gw_cu.cuCtxSynchronize ();
      if (e != CUDA_SUCCESS)
	gw_ptx_die ("the queues' work (cuCtxSynchronize)", e);
      for (struct gw_ptx_queue *q = gw_queues; q; q = q->next)
	q->seen = q->enqueued;
    }
  pthread_mutex_unlock (&gw_queues_lock);
}

/* Return queue ID's stream, making the queue (acc_get_cuda_stream).  */

void *
gw_ptx_get_stream (int id)
{
  pthread_mutex_lock (&gw_queues_lock);
  struct gw_ptx_queue *q = gw_queue (id, true);
  pthread_mutex_unlock (&gw_queues_lock);
  return q->stream;
}

/* Make queue ID's work go on STREAM, the program's, from now on, after
   waiting for what the queue had (acc_set_cuda_stream).  */

void
gw_ptx_set_stream (int id, void *stream)
{
  pthread_mutex_lock (&gw_queues_lock);
  struct gw_ptx_queue *q = gw_queue (id, true);
  pthread_mutex_unlock (&gw_queues_lock);
  gw_drain (q, false);
  pthread_mutex_lock (&q->drain);
  pthread_mutex_lock (&gw_queues_lock);
  if (q->own_stream)
    gw_cu.cuStreamDestroy_v2 (q->stream);
  q->stream = stream;
  q->own_stream = false;
  pthread_mutex_unlock (&gw_queues_lock);
  pthread_mutex_unlock (&q->drain);
}

/* At exit, before the driver goes (device-ptx.c): wait for every queue,
   run the completions without writing the program's memory, and
   destroy the streams and events made here.  */

void
gw_ptx_close_queues (void)
{
  if (!atomic_load (&gw_ptx_queued))
    return;
  for (struct gw_ptx_queue *q = gw_queues; q; q = q->next)
    {
      gw_drain (q, true);
      if (q->own_stream)
	gw_cu.cuStreamDestroy_v2 (q->stream);
      gw_cu.cuEventDestroy_v2 (q->event);
    }
}
