/* A fake CUDA driver for the runtime tests.
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

/* run-tests.sh builds this as a shared object and names it in
   GANGWAY_CUDA_DRIVER.  It exports the driver entry points libgangway
   uses (libruntime/cuda-driver.h), with the driver's signatures:

   - "device memory" is host memory from malloc, so copies round-trip;
     allocations are named A1, A2... in the order they were made, and
     every device address in the log is written as An+OFFSET;
   - cuModuleLoadData accepts any text that contains ".entry", and
     cuModuleGetFunction finds the symbols that occur in the text; the
     JIT linker (cuLinkCreate...) makes the texts it is given one text;
   - cuLaunchKernel runs nothing, except that two kernels pretend to:
     one whose name contains "sincr" reads its first data word as the
     device address of a struct { int n; int *p; } and adds 1 to p[0..n);
     otherwise one whose name contains "incr" adds 1 to every int from
     its first data word's address to the end of that allocation.  It
     logs the grid and block dimensions, the two parameters and the
     words of both arrays they point to (the globals parameter is 0 when
     the unit has no globals).

   Streams (cuStreamCreate) are queues of work that runs only when the
   host waits for it: cuStreamSynchronize, cuCtxSynchronize, and
   cuStreamQuery, which answers "not ready" while work is pending and
   completes it then; an event recorded on one stream and waited for on
   another makes the other's later work wait for the first's up to the
   record.  So a runtime that reads a result, or reuses memory, before
   it waits sees what was there before.  Work queued on a stream is
   logged when queued (as calls are) and when it runs ("  run S1 ...");
   the null stream runs its work at once.  cuMemFree of memory that
   queued work uses fails.

   Every call appends a line to the file FAKE_CUDA_LOG names, if set.
   The environment shapes the device:

     FAKE_CUDA_DEVICES  how many devices cuDeviceGetCount reports (1);
     FAKE_CUDA_ARCH     the compute capability, as 80 for 8.0 (80);
     FAKE_CUDA_FAIL     NAME:CODE, the entry point NAME returns CODE;
     FAKE_CUDA_MAX_GRID the most blocks of a grid (2147483647);
     FAKE_CUDA_MAX_THREADS  the most threads of a block of any kernel
			(1024).

   It has 10 multiprocessors.  At exit, each allocation still live is
   logged as "leak An".  */

#define _GNU_SOURCE
#include <fcntl.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef int CUresult;
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef void *CUcontext;

#define V __attribute__ ((visibility ("default")))

/* An allocation.  */
struct alloc
{
  char *base;
  size_t size;
  int id;
  bool module_var;		/* A module's variable (cuModuleGetGlobal):
				   the module's, no leak.  */
  struct alloc *next;
};
static struct alloc *allocs;
static int next_id = 1;

struct module
{
  char *text;
  struct module *next;
};
/* The modules loaded and not unloaded: a real driver keeps them until the
   process ends, so a program that exits with images loaded (the runtime
   makes no driver call once exit began) leaks nothing.  */
static struct module *modules;
struct function
{
  char name[256];
  struct function *next;
};
/* Every function handed out, for the life of the process (as the driver
   keeps them with their modules).  */
static struct function *functions;

static int the_context;

/* Work queued on a stream: a copy, a kernel, or a wait for another
   stream's work up to a point.  */
struct function;
struct stream;
struct op
{
  enum { OP_COPY, OP_KERNEL, OP_WAIT } kind;
  void *dst;
  const void *src;
  size_t size;
  struct function *f;
  uint64_t data, globals;
  struct stream *on;
  unsigned long upto;
  struct op *next;
};

typedef struct stream
{
  int id;
  struct op *head, **tail;
  unsigned long queued, done;	/* Work queued, and run, so far.  */
  struct stream *next;
} *CUstream;
static struct stream *streams;
static int next_stream = 1;

struct event
{
  int id;
  struct stream *s;		/* Where it was last recorded...  */
  unsigned long upto;		/* ... and the work before it there.  */
};
static int next_event = 1;

static void run_stream (struct stream *, unsigned long);

/* The error of a queued kernel, which the next wait returns, as the
   driver's errors of asynchronous work are.  */
static CUresult sticky;

/* Append a line, printf-style, to the log.  */

static void __attribute__ ((format (printf, 1, 2)))
flog (const char *fmt, ...)
{
  const char *path = getenv ("FAKE_CUDA_LOG");
  char buf[4096];
  va_list ap;

  if (path == NULL)
    return;
  va_start (ap, fmt);
  int n = vsnprintf (buf, sizeof buf - 1, fmt, ap);
  va_end (ap);
  if (n < 0)
    return;
  if (n > (int) sizeof buf - 2)
    n = sizeof buf - 2;
  buf[n++] = '\n';
  int fd = open (path, O_WRONLY | O_APPEND | O_CREAT, 0644);
  if (fd >= 0)
    {
      if (write (fd, buf, n) != n)
	abort ();
      close (fd);
    }
}

/* Return the code that FAKE_CUDA_FAIL asks NAME to fail with, or 0.  */

static CUresult
failure (const char *name)
{
  const char *f = getenv ("FAKE_CUDA_FAIL");
  size_t len = strlen (name);

  if (f && strncmp (f, name, len) == 0 && f[len] == ':')
    return atoi (f + len + 1);
  return 0;
}

#define FAIL_IF_ASKED(NAME)						\
  do									\
    {									\
      CUresult e_ = failure (NAME);					\
      if (e_)								\
	{								\
	  flog ("%s -> error %d", NAME, e_);				\
	  return e_;							\
	}								\
    }									\
  while (0)

/* Return the allocation that contains address P, or NULL.  */

static struct alloc *
find (uintptr_t p)
{
  for (struct alloc *a = allocs; a; a = a->next)
    if (p >= (uintptr_t) a->base && p < (uintptr_t) a->base + a->size)
      return a;
  return NULL;
}

/* Write P into BUF as An+OFFSET if it is a device address, else as a
   number; return BUF.  */

static const char *
name (uint64_t p, char *buf, size_t size)
{
  struct alloc *a = find (p);

  if (a)
    snprintf (buf, size, "A%d+%lu", a->id,
	      (unsigned long) (p - (uintptr_t) a->base));
  else
    snprintf (buf, size, "%#llx", (unsigned long long) p);
  return buf;
}

V CUresult
cuInit (unsigned int flags)
{
  flog ("cuInit flags=%u", flags);
  FAIL_IF_ASKED ("cuInit");
  return 0;
}

V CUresult
cuDeviceGetCount (int *count)
{
  const char *d = getenv ("FAKE_CUDA_DEVICES");

  FAIL_IF_ASKED ("cuDeviceGetCount");
  *count = d ? atoi (d) : 1;
  flog ("cuDeviceGetCount -> %d", *count);
  return 0;
}

V CUresult
cuDeviceGet (CUdevice *device, int ordinal)
{
  flog ("cuDeviceGet ordinal=%d", ordinal);
  FAIL_IF_ASKED ("cuDeviceGet");
  *device = ordinal;
  return 0;
}

V CUresult
cuDeviceGetAttribute (int *value, int attrib, CUdevice dev)
{
  const char *a = getenv ("FAKE_CUDA_ARCH");
  int arch = a ? atoi (a) : 80;

  FAIL_IF_ASKED ("cuDeviceGetAttribute");
  switch (attrib)
    {
    case 5:
      *value = getenv ("FAKE_CUDA_MAX_GRID")
	       ? atoi (getenv ("FAKE_CUDA_MAX_GRID")) : 2147483647;
      break;
    case 16:
      *value = 10;
      break;
    case 39:			/* Threads per multiprocessor.  */
      *value = 2048;
      break;
    case 75:
      *value = arch / 10;
      break;
    case 76:
      *value = arch % 10;
      break;
    default:
      flog ("cuDeviceGetAttribute attrib=%d: unknown", attrib);
      return 1;
    }
  flog ("cuDeviceGetAttribute attrib=%d dev=%d -> %d", attrib, dev, *value);
  return 0;
}

V CUresult
cuDeviceTotalMem_v2 (size_t *bytes, CUdevice dev)
{
  FAIL_IF_ASKED ("cuDeviceTotalMem_v2");
  /* 16 GiB: 10 multiprocessors of 2048 threads may have 400 KiB of
     local memory each.  */
  *bytes = (size_t) 16 << 30;
  flog ("cuDeviceTotalMem dev=%d", dev);
  return 0;
}

V CUresult
cuDeviceGetName (char *name, int len, CUdevice dev)
{
  flog ("cuDeviceGetName dev=%d", dev);
  FAIL_IF_ASKED ("cuDeviceGetName");
  snprintf (name, len, "Fake GPU");
  return 0;
}

V CUresult
cuDriverGetVersion (int *version)
{
  FAIL_IF_ASKED ("cuDriverGetVersion");
  *version = 12040;
  return 0;
}

V CUresult
cuMemGetInfo_v2 (size_t *free, size_t *total)
{
  size_t used = 0;

  FAIL_IF_ASKED ("cuMemGetInfo_v2");
  for (struct alloc *a = allocs; a; a = a->next)
    used += a->size;
  *total = (size_t) 16 << 30;
  *free = *total - used;
  flog ("cuMemGetInfo_v2 -> free=%zu", *free);
  return 0;
}

V CUresult
cuDevicePrimaryCtxRetain (CUcontext *ctx, CUdevice dev)
{
  flog ("cuDevicePrimaryCtxRetain dev=%d", dev);
  FAIL_IF_ASKED ("cuDevicePrimaryCtxRetain");
  *ctx = &the_context;
  return 0;
}

V CUresult
cuCtxSetCurrent (CUcontext ctx)
{
  flog ("cuCtxSetCurrent %s", ctx == &the_context ? "primary" : "other");
  return ctx == &the_context ? 0 : 201;
}

V CUresult
cuCtxSynchronize (void)
{
  flog ("cuCtxSynchronize");
  FAIL_IF_ASKED ("cuCtxSynchronize");
  for (struct stream *t = streams; t; t = t->next)
    run_stream (t, t->queued);
  return sticky;
}

V CUresult
cuModuleLoadData (struct module **module, const void *image)
{
  const char *text = image;

  flog ("cuModuleLoadData length=%zu", strlen (text));
  FAIL_IF_ASKED ("cuModuleLoadData");
  if (strstr (text, ".entry") == NULL)
    return 200;			/* CUDA_ERROR_INVALID_IMAGE.  */
  *module = calloc (1, sizeof **module);
  (*module)->text = strdup (text);
  (*module)->next = modules;
  modules = *module;
  return 0;
}

/* The JIT linker: the texts added, one after the other.  */
struct link_state
{
  char *text;
  size_t len;
};

V CUresult
cuLinkCreate_v2 (unsigned n, int *options, void **values,
		 struct link_state **state)
{
  (void) n, (void) options, (void) values;
  flog ("cuLinkCreate");
  FAIL_IF_ASKED ("cuLinkCreate");
  *state = calloc (1, sizeof **state);
  return 0;
}

V CUresult
cuLinkAddData_v2 (struct link_state *state, int type, void *data,
		  size_t size, const char *name, unsigned n, int *options,
		  void **values)
{
  (void) size, (void) name, (void) n, (void) options, (void) values;
  size_t len = strlen (data);
  flog ("cuLinkAddData type=%d length=%zu", type, len);
  FAIL_IF_ASKED ("cuLinkAddData");
  state->text = realloc (state->text, state->len + len + 2);
  memcpy (state->text + state->len, data, len);
  state->len += len;
  state->text[state->len++] = '\n';
  state->text[state->len] = '\0';
  return 0;
}

V CUresult
cuLinkComplete (struct link_state *state, void **cubin, size_t *size)
{
  flog ("cuLinkComplete");
  FAIL_IF_ASKED ("cuLinkComplete");
  *cubin = state->text;
  *size = state->len + 1;
  return 0;
}

V CUresult
cuLinkDestroy (struct link_state *state)
{
  flog ("cuLinkDestroy");
  free (state->text);
  free (state);
  return 0;
}

V CUresult
cuModuleUnload (struct module *module)
{
  flog ("cuModuleUnload");
  for (struct module **p = &modules; *p; p = &(*p)->next)
    if (*p == module)
      {
	*p = module->next;
	break;
      }
  free (module->text);
  free (module);
  return 0;
}

V CUresult
cuModuleGetFunction (struct function **f, struct module *module,
		     const char *fname)
{
  bool found = strstr (module->text, fname) != NULL;

  flog ("cuModuleGetFunction %s -> %s", fname, found ? "found" : "not-found");
  if (!found)
    return 500;			/* CUDA_ERROR_NOT_FOUND.  */
  *f = calloc (1, sizeof **f);
  snprintf ((*f)->name, sizeof (*f)->name, "%s", fname);
  (*f)->next = functions;
  functions = *f;
  return 0;
}

/* A .visible .global variable NAME of the module's text: a new
   allocation of SIZE bytes (the variable's, in the declaration
   ".visible .global .align A .b8 NAME[SIZE];"), kept for the life of the
   process (not a leak at exit).  */

V CUresult
cuModuleGetGlobal_v2 (CUdeviceptr *p, size_t *bytes, struct module *module,
		      const char *gname)
{
  char decl[300];
  const char *at = NULL;
  size_t size = 0;

  snprintf (decl, sizeof decl, " .b8 %s[", gname);
  for (const char *t = module->text; (t = strstr (t, ".visible .global"));
       t++)
    {
      const char *eol = strchr (t, '\n');
      const char *d = strstr (t, decl);
      if (d && (!eol || d < eol))
	{
	  at = d;
	  size = strtoul (d + strlen (decl), NULL, 10);
	  break;
	}
    }
  if (at == NULL || size == 0)
    {
      flog ("cuModuleGetGlobal_v2 %s -> not-found", gname);
      return 500;			/* CUDA_ERROR_NOT_FOUND.  */
    }
  FAIL_IF_ASKED ("cuModuleGetGlobal_v2");
  struct alloc *a = calloc (1, sizeof *a);
  a->base = calloc (1, size);
  a->size = size;
  a->module_var = true;
  a->id = next_id++;
  a->next = allocs;
  allocs = a;
  *p = (uintptr_t) a->base;
  if (bytes)
    *bytes = size;
  flog ("cuModuleGetGlobal_v2 %s -> A%d size=%zu", gname, a->id, size);
  return 0;
}

V CUresult
cuFuncGetAttribute (int *value, int attrib, struct function *f)
{
  FAIL_IF_ASKED ("cuFuncGetAttribute");
  switch (attrib)
    {
    case 0:			/* CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK.  */
      *value = getenv ("FAKE_CUDA_MAX_THREADS")
	       ? atoi (getenv ("FAKE_CUDA_MAX_THREADS")) : 1024;
      break;
    case 3:			/* CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES.  */
      *value = getenv ("FAKE_CUDA_LOCAL_BYTES")
	       ? atoi (getenv ("FAKE_CUDA_LOCAL_BYTES")) : 0;
      break;
    default:
      flog ("cuFuncGetAttribute attrib=%d: unknown", attrib);
      return 1;
    }
  flog ("cuFuncGetAttribute %s attrib=%d -> %d", f->name, attrib, *value);
  return 0;
}

V CUresult
cuMemAlloc_v2 (CUdeviceptr *p, size_t size)
{
  FAIL_IF_ASKED ("cuMemAlloc_v2");
  struct alloc *a = calloc (1, sizeof *a);
  a->base = malloc (size);
  /* Fresh device memory is not the host's data.  */
  memset (a->base, 0xa5, size);
  a->size = size;
  a->id = next_id++;
  a->next = allocs;
  allocs = a;
  *p = (uintptr_t) a->base;
  flog ("cuMemAlloc_v2 size=%zu -> A%d", size, a->id);
  return 0;
}

/* Return true if work queued on a stream and not yet run uses
   allocation A: a copy to or from it, a kernel whose data words are in
   it.  */

static bool
queued_use (const struct alloc *a)
{
  for (struct stream *t = streams; t; t = t->next)
    for (struct op *o = t->head; o; o = o->next)
      {
	uintptr_t d = (uintptr_t) o->dst, r = (uintptr_t) o->src;
	if ((o->kind == OP_COPY && (find (d) == a || find (r) == a))
	    || (o->kind == OP_KERNEL && find (o->data) == a))
	  return true;
      }
  return false;
}

V CUresult
cuMemFree_v2 (CUdeviceptr p)
{
  for (struct alloc **q = &allocs; *q; q = &(*q)->next)
    if ((uintptr_t) (*q)->base == p && !(*q)->module_var)
      {
	struct alloc *a = *q;
	if (queued_use (a))
	  {
	    flog ("cuMemFree_v2 A%d: queued work uses it", a->id);
	    return 1;
	  }
	flog ("cuMemFree_v2 A%d", a->id);
	*q = a->next;
	free (a->base);
	free (a);
	return 0;
      }
  flog ("cuMemFree_v2 %#llx: not allocated", p);
  return 1;
}

/* Return the name of stream S for the log: S1, S2..., "null".  */

static const char *
stream_name (const struct stream *s)
{
  static char buf[4][16];
  static int next;

  if (s == NULL)
    return "null";
  char *b = buf[next++ % 4];
  snprintf (b, sizeof buf[0], "S%d", s->id);
  return b;
}

/* Queue a new piece of work of KIND on S.  */

static struct op *
new_op (struct stream *s, int kind)
{
  struct op *o = calloc (1, sizeof *o);

  o->kind = kind;
  *s->tail = o;
  s->tail = &o->next;
  s->queued++;
  return o;
}

static CUresult run_kernel (struct function *, uint64_t, uint64_t);

/* Run S's work until UPTO pieces of it have run.  */

static void
run_stream (struct stream *s, unsigned long upto)
{
  char b[64];

  while (s->done < upto && s->head)
    {
      struct op *o = s->head;
      s->head = o->next;
      if (s->head == NULL)
	s->tail = &s->head;
      s->done++;
      switch (o->kind)
	{
	case OP_COPY:
	  flog ("  run S%d copy dst=%s size=%zu", s->id,
		name ((uintptr_t) o->dst, b, sizeof b), o->size);
	  memcpy (o->dst, o->src, o->size);
	  break;
	case OP_KERNEL:
	  flog ("  run S%d kernel %s", s->id, o->f->name);
	  if (!sticky)
	    sticky = run_kernel (o->f, o->data, o->globals);
	  break;
	case OP_WAIT:
	  flog ("  run S%d waits for S%d", s->id, o->on->id);
	  run_stream (o->on, o->upto);
	  break;
	}
      free (o);
    }
}

V CUresult
cuStreamCreate (CUstream *s, unsigned int flags)
{
  FAIL_IF_ASKED ("cuStreamCreate");
  struct stream *t = calloc (1, sizeof *t);
  t->id = next_stream++;
  t->tail = &t->head;
  t->next = streams;
  streams = t;
  *s = t;
  flog ("cuStreamCreate flags=%u -> S%d", flags, t->id);
  return 0;
}

V CUresult
cuStreamDestroy_v2 (CUstream s)
{
  flog ("cuStreamDestroy_v2 S%d%s", s->id, s->head ? ": work pending" : "");
  run_stream (s, s->queued);
  for (struct stream **p = &streams; *p; p = &(*p)->next)
    if (*p == s)
      {
	*p = s->next;
	break;
      }
  free (s);
  return 0;
}

V CUresult
cuStreamSynchronize (CUstream s)
{
  flog ("cuStreamSynchronize %s", stream_name (s));
  FAIL_IF_ASKED ("cuStreamSynchronize");
  if (s)
    run_stream (s, s->queued);
  return sticky;
}

V CUresult
cuStreamQuery (CUstream s)
{
  bool busy = s && s->head;

  flog ("cuStreamQuery %s -> %s", stream_name (s),
	busy ? "not-ready" : "ready");
  FAIL_IF_ASKED ("cuStreamQuery");
  if (!busy)
    return 0;
  /* Done after this answer.  */
  run_stream (s, s->queued);
  return 600;			/* CUDA_ERROR_NOT_READY.  */
}

V CUresult
cuEventCreate (struct event **e, unsigned int flags)
{
  FAIL_IF_ASKED ("cuEventCreate");
  *e = calloc (1, sizeof **e);
  (*e)->id = next_event++;
  flog ("cuEventCreate flags=%u -> E%d", flags, (*e)->id);
  return 0;
}

V CUresult
cuEventRecord (struct event *e, CUstream s)
{
  flog ("cuEventRecord E%d %s", e->id, stream_name (s));
  e->s = s;
  e->upto = s ? s->queued : 0;
  return 0;
}

V CUresult
cuEventQuery (struct event *e)
{
  bool busy = e->s && e->s->done < e->upto;

  flog ("cuEventQuery E%d -> %s", e->id, busy ? "not-ready" : "ready");
  return busy ? 600 : 0;
}

V CUresult
cuStreamWaitEvent (CUstream s, struct event *e, unsigned int flags)
{
  flog ("cuStreamWaitEvent %s E%d flags=%u", stream_name (s), e->id, flags);
  if (e->s && s && e->s != s)
    {
      struct op *o = new_op (s, OP_WAIT);
      o->on = e->s;
      o->upto = e->upto;
    }
  else if (e->s && s == NULL)
    run_stream (e->s, e->upto);
  return 0;
}

V CUresult
cuEventDestroy_v2 (struct event *e)
{
  flog ("cuEventDestroy_v2 E%d", e->id);
  free (e);
  return 0;
}

/* Check that [P, P + SIZE) is inside one allocation.  */

static bool
valid (CUdeviceptr p, size_t size)
{
  struct alloc *a = find (p);

  return a && p + size <= (uintptr_t) a->base + a->size;
}

V CUresult
cuMemcpyHtoD_v2 (CUdeviceptr dst, const void *src, size_t size)
{
  char b[64];

  flog ("cuMemcpyHtoD_v2 dst=%s size=%zu", name (dst, b, sizeof b), size);
  FAIL_IF_ASKED ("cuMemcpyHtoD_v2");
  if (!valid (dst, size))
    return 1;
  memcpy ((void *) (uintptr_t) dst, src, size);
  return 0;
}

V CUresult
cuMemcpyHtoDAsync_v2 (CUdeviceptr dst, const void *src, size_t size,
		      CUstream stream)
{
  char b[64];

  flog ("cuMemcpyHtoDAsync_v2 dst=%s size=%zu stream=%s",
	name (dst, b, sizeof b), size, stream_name (stream));
  FAIL_IF_ASKED ("cuMemcpyHtoDAsync_v2");
  if (!valid (dst, size))
    return 1;
  if (stream == NULL)
    {
      memcpy ((void *) (uintptr_t) dst, src, size);
      return 0;
    }
  struct op *o = new_op (stream, OP_COPY);
  o->dst = (void *) (uintptr_t) dst;
  o->src = src;
  o->size = size;
  return 0;
}

V CUresult
cuMemcpyDtoHAsync_v2 (void *dst, CUdeviceptr src, size_t size,
		      CUstream stream)
{
  char b[64];

  flog ("cuMemcpyDtoHAsync_v2 src=%s size=%zu stream=%s",
	name (src, b, sizeof b), size, stream_name (stream));
  FAIL_IF_ASKED ("cuMemcpyDtoHAsync_v2");
  if (!valid (src, size))
    return 1;
  if (stream == NULL)
    {
      memcpy (dst, (void *) (uintptr_t) src, size);
      return 0;
    }
  struct op *o = new_op (stream, OP_COPY);
  o->dst = dst;
  o->src = (void *) (uintptr_t) src;
  o->size = size;
  return 0;
}

/* Pinned host memory: plain memory here, logged and counted as leaks
   like device memory is not (the process's exit frees it).  */

V CUresult
cuMemAllocHost_v2 (void **p, size_t size)
{
  FAIL_IF_ASKED ("cuMemAllocHost_v2");
  *p = malloc (size);
  /* Filled as device memory is: the runtime copies whole spans of it to
     the device (an argument block's padding included), and the log
     prints every word of the copy, which valgrind's memcheck would
     report as uninitialised.  */
  if (*p)
    memset (*p, 0xa5, size);
  flog ("cuMemAllocHost_v2 size=%zu", size);
  return *p ? 0 : 2;
}

V CUresult
cuMemFreeHost (void *p)
{
  flog ("cuMemFreeHost");
  free (p);
  return 0;
}

V CUresult
cuMemcpyDtoH_v2 (void *dst, CUdeviceptr src, size_t size)
{
  char b[64];

  flog ("cuMemcpyDtoH_v2 src=%s size=%zu", name (src, b, sizeof b), size);
  FAIL_IF_ASKED ("cuMemcpyDtoH_v2");
  if (!valid (src, size))
    return 1;
  memcpy (dst, (void *) (uintptr_t) src, size);
  return 0;
}

V CUresult
cuMemcpyDtoD_v2 (CUdeviceptr dst, CUdeviceptr src, size_t size)
{
  char b[64], c[64];

  flog ("cuMemcpyDtoD_v2 dst=%s src=%s size=%zu", name (dst, b, sizeof b),
	name (src, c, sizeof c), size);
  FAIL_IF_ASKED ("cuMemcpyDtoD_v2");
  if (!valid (dst, size) || !valid (src, size))
    return 1;
  memmove ((void *) (uintptr_t) dst, (void *) (uintptr_t) src, size);
  return 0;
}

/* Log the words of the array at device address P up to its allocation's
   end, as LABEL[I]=...  */

static void
log_words (const char *label, uint64_t p)
{
  struct alloc *a = find (p);
  char b[64];

  if (a == NULL)
    return;
  size_t n = ((uintptr_t) a->base + a->size - p) / 8;
  for (size_t i = 0; i < n; i++)
    flog ("  %s[%zu]=%s", label, i,
	  name (((uint64_t *) (uintptr_t) p)[i], b, sizeof b));
}

/* Log the data and global words of kernel F's launch, and pretend to
   run it (see above).  Return its status.  */

static CUresult
run_kernel (struct function *f, uint64_t data, uint64_t globals)
{
  char b1[64];

  /* The data words end where the globals start, or with the block when
     the unit has no globals.  */
  struct alloc *a = find (data);
  if (a == NULL)
    return 1;
  size_t n = ((globals ? globals : (uintptr_t) a->base + a->size) - data) / 8;
  for (size_t i = 0; i < n; i++)
    flog ("  data[%zu]=%s", i,
	  name (((uint64_t *) (uintptr_t) data)[i], b1, sizeof b1));
  log_words ("globals", globals);

  uint64_t first = n ? ((uint64_t *) (uintptr_t) data)[0] : 0;
  struct alloc *t = find (first);
  if (strstr (f->name, "sincr") && t)
    {
      struct s { int n; int *p; } *s = (struct s *) (uintptr_t) first;
      if (!valid ((uintptr_t) s->p, s->n * sizeof (int)))
	{
	  flog ("  sincr: the struct's pointer is no device address");
	  return 700;		/* CUDA_ERROR_ILLEGAL_ADDRESS.  */
	}
      for (int i = 0; i < s->n; i++)
	s->p[i]++;
    }
  else if (strstr (f->name, "incr") && t)
    for (int *p = (int *) (uintptr_t) first;
	 (char *) (p + 1) <= t->base + t->size; p++)
      ++*p;
  return 0;
}

V CUresult
cuLaunchKernel (struct function *f, unsigned gx, unsigned gy, unsigned gz,
		unsigned bx, unsigned by, unsigned bz, unsigned shared,
		CUstream stream, void **params, void **extra)
{
  uint64_t data = *(uint64_t *) params[0];
  uint64_t globals = *(uint64_t *) params[1];
  char b1[64], b2[64];

  flog ("cuLaunchKernel %s grid=%u,%u,%u block=%u,%u,%u shared=%u "
	"stream=%s extra=%s data=%s globals=%s", f->name, gx, gy, gz, bx, by,
	bz, shared, stream_name (stream), extra ? "other" : "null",
	name (data, b1, sizeof b1), name (globals, b2, sizeof b2));
  FAIL_IF_ASKED ("cuLaunchKernel");
  if (find (data) == NULL)
    return 1;
  if (stream == NULL)
    return run_kernel (f, data, globals);
  struct op *o = new_op (stream, OP_KERNEL);
  o->f = f;
  o->data = data;
  o->globals = globals;
  return 0;
}

V CUresult
cuGetErrorString (CUresult e, const char **s)
{
  static char buf[64];

  snprintf (buf, sizeof buf, "fake error %d", e);
  *s = buf;
  return 0;
}

static void __attribute__ ((destructor))
report_leaks (void)
{
  for (struct stream *t = streams; t; t = t->next)
    if (t->head)
      flog ("pending S%d: %lu", t->id, t->queued - t->done);
  for (struct alloc *a = allocs; a; a = a->next)
    if (!a->module_var)
      flog ("leak A%d size=%zu", a->id, a->size);
}
