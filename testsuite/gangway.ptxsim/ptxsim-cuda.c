/* ptxsim-cuda: a CUDA driver whose GPU is ptxsim.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   Built as a shared object with ptxsim.cc and named in
   GANGWAY_CUDA_DRIVER, it is the driver libgangway's ptx device opens
   (libruntime/cuda-driver.h lists the entry points, with the driver's
   signatures): the whole ptx path of a program (the device choice, the
   mapping engine into memory of the device's own, argument blocks,
   streams and events, module linking) then runs without a GPU, and the
   kernels run on the interpreter.  Where ptxsim-run.c replaces
   libgangway, this replaces only the GPU.

   - Device memory is host memory from malloc, filled with 0xa5 bytes
     when allocated (a kernel that reads what nothing wrote sees it);
     the host's memory is not the device's, as on a GPU.
   - Modules: cuModuleLoadData takes a PTX text, or what cuLinkComplete
     returned (the texts given to the link, which ptxsim_link links).
     A kernel is a module and an entry name.
   - Streams (cuStreamCreate) hold their work (copies, kernels, waits
     for another stream's work up to an event's record) until the host
     waits: cuStreamSynchronize, cuCtxSynchronize, cuStreamQuery (which
     answers "not ready" while work is pending and completes it then),
     cuEventQuery of an event behind pending work (likewise).  So a
     runtime that reads a queued kernel's results before it waits reads
     what was there before.  The null stream runs its work at once.
   - The device: one, compute capability 8.0, PTXSIM_CUDA_SMS
     multiprocessors (default 1: the gangs a launch gets by default are
     4 per multiprocessor), 1024 threads per block, 16 GiB.

   A kernel that traps (abort () in device code) fails as on a GPU: the
   interpreter's message is printed ("ptxsim: kernel KERNEL, CTA ...
   'trap;': trap"), and the launch, or the wait for its stream, returns
   CUDA_ERROR_LAUNCH_FAILED, as every later call does.  Any other error
   of the interpreter (a bad access, a deadlock...) is one of the PTX: it
   is printed, "ptxsim: ERROR", and the process exits with status 3, as
   under ptxsim-run.c.  PTXSIM_VERBOSE=1 logs each launch on stderr
   ("ptxsim: launch KERNEL grid=G block=VxW").  */

#define _GNU_SOURCE
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptxsim.h"

typedef int CUresult;
typedef unsigned long long CUdeviceptr;

#define V __attribute__ ((visibility ("default")))

#define CUDA_ERROR_INVALID_VALUE 1
#define CUDA_ERROR_OUT_OF_MEMORY 2
#define CUDA_ERROR_INVALID_IMAGE 200
#define CUDA_ERROR_NOT_FOUND 500
#define CUDA_ERROR_NOT_READY 600
#define CUDA_ERROR_LAUNCH_FAILED 719

/* Set once a kernel trapped: the context is unusable, as on a GPU.  */
static CUresult sticky;

static int the_context;

static int
verbose (void)
{
  const char *v = getenv ("PTXSIM_VERBOSE");
  return v && *v && strcmp (v, "0");
}

/* Device memory: the allocations, to check copies against.  */
struct alloc
{
  char *base;
  size_t size;
  bool module_var;		/* A module's .global (cuModuleGetGlobal),
				   not cuMemFree's.  */
  struct alloc *next;
};
static struct alloc *allocs;

static struct alloc *
find (uintptr_t p)
{
  for (struct alloc *a = allocs; a; a = a->next)
    if (p >= (uintptr_t) a->base && p < (uintptr_t) a->base + a->size)
      return a;
  return NULL;
}

static bool
valid (CUdeviceptr p, size_t size)
{
  struct alloc *a = find (p);
  return a && p + size <= (uintptr_t) a->base + a->size;
}

/* A link's inputs, and what cuLinkComplete returns: a header ptxsim's
   cuModuleLoadData recognizes, then the texts.  */
#define LINKED_MAGIC "ptxsim-linked"
struct linked
{
  char magic[16];
  int n;
  char **texts;
};

struct function
{
  ptxsim_module *mod;
  char name[256];
};

/* Work on a stream.  */
struct stream;
struct op
{
  enum { OP_COPY, OP_KERNEL, OP_WAIT } kind;
  void *dst;
  const void *src;
  size_t size;
  struct function *f;
  unsigned grid[3], block[3];
  uint64_t params[2];
  struct stream *on;
  unsigned long upto;
  struct op *next;
};

struct stream
{
  struct op *head, **tail;
  unsigned long queued, done;
  struct stream *next;
};
static struct stream *streams;

struct event
{
  struct stream *s;
  unsigned long upto;
};

/* Run kernel F now (nothing once a kernel trapped); exit with status 3
   on an interpreter error other than a trap.  */

static void
run_kernel (struct function *f, const unsigned grid[3],
	    const unsigned block[3], uint64_t params[2])
{
  char err[1024];
  void *p[2] = { &params[0], &params[1] };

  if (sticky)
    return;
  if (verbose ())
    fprintf (stderr, "ptxsim: launch %s grid=%u block=%ux%u\n", f->name,
	     grid[0], block[0], block[1]);
  if (ptxsim_launch (f->mod, f->name, grid[0], grid[1], grid[2], block[0],
		     block[1], block[2], p, err, sizeof err) != 0)
    {
      fprintf (stderr, "ptxsim: %s\n", err);
      fflush (NULL);
      if (strstr (err, "'trap;': trap") == NULL)
	_Exit (3);
      sticky = CUDA_ERROR_LAUNCH_FAILED;
    }
}

static void
run_stream (struct stream *s, unsigned long upto)
{
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
	  memcpy (o->dst, o->src, o->size);
	  break;
	case OP_KERNEL:
	  run_kernel (o->f, o->grid, o->block, o->params);
	  break;
	case OP_WAIT:
	  run_stream (o->on, o->upto);
	  break;
	}
      free (o);
    }
}

static struct op *
new_op (struct stream *s, int kind)
{
  struct op *o = calloc (1, sizeof *o);

  if (o == NULL)
    abort ();
  o->kind = kind;
  *s->tail = o;
  s->tail = &o->next;
  s->queued++;
  return o;
}

/* A copy of SIZE bytes on stream S (at once on the null stream).  */

static CUresult
copy (void *dst, const void *src, size_t size, struct stream *s)
{
  if (sticky)
    return sticky;
  if (s == NULL)
    {
      memmove (dst, src, size);
      return 0;
    }
  struct op *o = new_op (s, OP_COPY);
  o->dst = dst;
  o->src = src;
  o->size = size;
  return 0;
}

/* The device and its context.  */

V CUresult cuInit (unsigned flags) { (void) flags; return 0; }
V CUresult cuDeviceGetCount (int *n) { *n = 1; return 0; }
V CUresult cuDeviceGet (int *d, int ordinal)
{
  *d = ordinal;
  return ordinal == 0 ? 0 : CUDA_ERROR_INVALID_VALUE;
}

V CUresult
cuDeviceGetAttribute (int *value, int attrib, int dev)
{
  const char *sms = getenv ("PTXSIM_CUDA_SMS");

  (void) dev;
  switch (attrib)
    {
    case 5: *value = 65535; break;		/* Grid x.  */
    case 16: *value = sms ? atoi (sms) : 1; break;
    case 39: *value = 2048; break;		/* Threads per SM.  */
    case 75: *value = 8; break;
    case 76: *value = 0; break;
    default: return CUDA_ERROR_INVALID_VALUE;
    }
  return 0;
}

V CUresult
cuDeviceTotalMem_v2 (size_t *bytes, int dev)
{
  (void) dev;
  *bytes = (size_t) 16 << 30;
  return 0;
}

V CUresult
cuDeviceGetName (char *name, int len, int dev)
{
  (void) dev;
  snprintf (name, len, "ptxsim");
  return 0;
}

V CUresult cuDriverGetVersion (int *v) { *v = 12040; return 0; }

V CUresult
cuMemGetInfo_v2 (size_t *free_bytes, size_t *total)
{
  size_t used = 0;

  for (struct alloc *a = allocs; a; a = a->next)
    used += a->size;
  *total = (size_t) 16 << 30;
  *free_bytes = *total - used;
  return 0;
}

V CUresult
cuDevicePrimaryCtxRetain (void **ctx, int dev)
{
  (void) dev;
  *ctx = &the_context;
  return 0;
}

V CUresult cuCtxSetCurrent (void *ctx) { (void) ctx; return 0; }

V CUresult
cuCtxSynchronize (void)
{
  for (struct stream *s = streams; s; s = s->next)
    run_stream (s, s->queued);
  return sticky;
}

/* Modules.  */

V CUresult
cuModuleLoadData (ptxsim_module **module, const void *image)
{
  const struct linked *l = image;
  char err[1024];

  if (strcmp (l->magic, LINKED_MAGIC) == 0)
    *module = ptxsim_link ((const char *const *) l->texts, l->n, err,
			   sizeof err);
  else
    *module = ptxsim_load (image, err, sizeof err);
  if (*module == NULL)
    {
      fprintf (stderr, "ptxsim: cannot load the module: %s\n", err);
      return CUDA_ERROR_INVALID_IMAGE;
    }
  return 0;
}

V CUresult
cuModuleUnload (ptxsim_module *m)
{
  ptxsim_unload (m);
  /* The modules' variables go with them (the runtime writes those of a
     module only when it loads it).  */
  for (struct alloc **q = &allocs; *q;)
    if ((*q)->module_var)
      {
	struct alloc *a = *q;
	*q = a->next;
	free (a);
      }
    else
      q = &(*q)->next;
  return 0;
}

V CUresult
cuModuleGetFunction (struct function **f, ptxsim_module *m, const char *name)
{
  if (!ptxsim_has_kernel (m, name) || strlen (name) >= sizeof (*f)->name)
    return CUDA_ERROR_NOT_FOUND;
  /* Kept for the life of the process, as the driver keeps them with
     their modules.  */
  *f = calloc (1, sizeof **f);
  (*f)->mod = m;
  strcpy ((*f)->name, name);
  return 0;
}

V CUresult
cuModuleGetGlobal_v2 (CUdeviceptr *p, size_t *bytes, ptxsim_module *m,
		      const char *name)
{
  unsigned long long addr;
  size_t size;

  if (!ptxsim_global (m, name, &addr, &size))
    return CUDA_ERROR_NOT_FOUND;
  /* Copies may reach it, as device memory.  */
  if (!find ((uintptr_t) addr))
    {
      struct alloc *a = calloc (1, sizeof *a);
      if (a == NULL)
	return CUDA_ERROR_OUT_OF_MEMORY;
      a->base = (char *) (uintptr_t) addr;
      a->size = size;
      a->module_var = true;
      a->next = allocs;
      allocs = a;
    }
  *p = (CUdeviceptr) addr;
  if (bytes)
    *bytes = size;
  return 0;
}

V CUresult
cuLinkCreate_v2 (unsigned n, int *options, void **values,
		 struct linked **state)
{
  (void) n;
  (void) options;
  (void) values;
  *state = calloc (1, sizeof **state);
  strcpy ((*state)->magic, LINKED_MAGIC);
  return 0;
}

V CUresult
cuLinkAddData_v2 (struct linked *l, int type, void *data, size_t size,
		  const char *name, unsigned n, int *options, void **values)
{
  (void) type;
  (void) name;
  (void) n;
  (void) options;
  (void) values;
  l->texts = realloc (l->texts, (l->n + 1) * sizeof *l->texts);
  l->texts[l->n] = malloc (size + 1);
  memcpy (l->texts[l->n], data, size);
  l->texts[l->n][size] = '\0';
  l->n++;
  return 0;
}

V CUresult
cuLinkComplete (struct linked *l, void **cubin, size_t *size)
{
  *cubin = l;
  *size = sizeof *l;
  return 0;
}

V CUresult
cuLinkDestroy (struct linked *l)
{
  for (int i = 0; i < l->n; i++)
    free (l->texts[i]);
  free (l->texts);
  free (l);
  return 0;
}

V CUresult
cuFuncGetAttribute (int *value, int attrib, struct function *f)
{
  (void) f;
  switch (attrib)
    {
    case 0: *value = 1024; return 0;		/* Threads per block.  */
    case 3: *value = 0; return 0;		/* Local bytes.  */
    default: return CUDA_ERROR_INVALID_VALUE;
    }
}

/* Memory.  */

V CUresult
cuMemAlloc_v2 (CUdeviceptr *p, size_t size)
{
  struct alloc *a = calloc (1, sizeof *a);

  /* 16-byte aligned, as the driver's allocations are (more, in fact).  */
  if (a == NULL || posix_memalign ((void **) &a->base, 256, size) != 0)
    return CUDA_ERROR_OUT_OF_MEMORY;
  memset (a->base, 0xa5, size);
  a->size = size;
  a->next = allocs;
  allocs = a;
  *p = (uintptr_t) a->base;
  return 0;
}

V CUresult
cuMemFree_v2 (CUdeviceptr p)
{
  for (struct alloc **q = &allocs; *q; q = &(*q)->next)
    if ((uintptr_t) (*q)->base == p && !(*q)->module_var)
      {
	struct alloc *a = *q;
	*q = a->next;
	free (a->base);
	free (a);
	return 0;
      }
  return CUDA_ERROR_INVALID_VALUE;
}

V CUresult
cuMemcpyHtoD_v2 (CUdeviceptr dst, const void *src, size_t size)
{
  if (!valid (dst, size))
    return CUDA_ERROR_INVALID_VALUE;
  return copy ((void *) (uintptr_t) dst, src, size, NULL);
}

V CUresult
cuMemcpyDtoH_v2 (void *dst, CUdeviceptr src, size_t size)
{
  if (!valid (src, size))
    return CUDA_ERROR_INVALID_VALUE;
  return copy (dst, (void *) (uintptr_t) src, size, NULL);
}

V CUresult
cuMemcpyDtoD_v2 (CUdeviceptr dst, CUdeviceptr src, size_t size)
{
  if (!valid (dst, size) || !valid (src, size))
    return CUDA_ERROR_INVALID_VALUE;
  return copy ((void *) (uintptr_t) dst, (void *) (uintptr_t) src, size,
	       NULL);
}

V CUresult
cuMemcpyHtoDAsync_v2 (CUdeviceptr dst, const void *src, size_t size,
		      struct stream *s)
{
  if (!valid (dst, size))
    return CUDA_ERROR_INVALID_VALUE;
  return copy ((void *) (uintptr_t) dst, src, size, s);
}

V CUresult
cuMemcpyDtoHAsync_v2 (void *dst, CUdeviceptr src, size_t size,
		      struct stream *s)
{
  if (!valid (src, size))
    return CUDA_ERROR_INVALID_VALUE;
  return copy (dst, (void *) (uintptr_t) src, size, s);
}

V CUresult
cuMemAllocHost_v2 (void **p, size_t size)
{
  *p = malloc (size);
  if (*p)
    memset (*p, 0xa5, size);
  return *p ? 0 : CUDA_ERROR_OUT_OF_MEMORY;
}

V CUresult cuMemFreeHost (void *p) { free (p); return 0; }

/* Streams and events.  */

V CUresult
cuStreamCreate (struct stream **s, unsigned flags)
{
  (void) flags;
  *s = calloc (1, sizeof **s);
  (*s)->tail = &(*s)->head;
  (*s)->next = streams;
  streams = *s;
  return 0;
}

V CUresult
cuStreamDestroy_v2 (struct stream *s)
{
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
cuStreamSynchronize (struct stream *s)
{
  if (s)
    run_stream (s, s->queued);
  return sticky;
}

V CUresult
cuStreamQuery (struct stream *s)
{
  if (s == NULL || s->head == NULL)
    return 0;
  run_stream (s, s->queued);
  return CUDA_ERROR_NOT_READY;
}

V CUresult
cuStreamWaitEvent (struct stream *s, struct event *e, unsigned flags)
{
  (void) flags;
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
cuEventCreate (struct event **e, unsigned flags)
{
  (void) flags;
  *e = calloc (1, sizeof **e);
  return *e ? 0 : CUDA_ERROR_OUT_OF_MEMORY;
}

V CUresult
cuEventRecord (struct event *e, struct stream *s)
{
  e->s = s;
  e->upto = s ? s->queued : 0;
  return 0;
}

V CUresult
cuEventQuery (struct event *e)
{
  if (e->s == NULL || e->s->done >= e->upto)
    return 0;
  run_stream (e->s, e->upto);
  return CUDA_ERROR_NOT_READY;
}

V CUresult cuEventDestroy_v2 (struct event *e) { free (e); return 0; }

/* Launches: libgangway's kernels take two 64-bit parameters.  */

V CUresult
cuLaunchKernel (struct function *f, unsigned gx, unsigned gy, unsigned gz,
		unsigned bx, unsigned by, unsigned bz, unsigned shared,
		struct stream *s, void **params, void **extra)
{
  (void) shared;
  (void) extra;
  unsigned grid[3] = { gx, gy, gz }, block[3] = { bx, by, bz };
  uint64_t p[2] = { *(uint64_t *) params[0], *(uint64_t *) params[1] };

  if (sticky)
    return sticky;
  if (s == NULL)
    {
      run_kernel (f, grid, block, p);
      return sticky;
    }
  struct op *o = new_op (s, OP_KERNEL);
  o->f = f;
  memcpy (o->grid, grid, sizeof grid);
  memcpy (o->block, block, sizeof block);
  memcpy (o->params, p, sizeof p);
  return 0;
}

V CUresult
cuGetErrorString (CUresult e, const char **s)
{
  static char buf[64];

  snprintf (buf, sizeof buf, "ptxsim-cuda error %d", e);
  *s = buf;
  return 0;
}
