/* The "cpu" device: kernels compiled for this very processor.
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

/* A cpu image is an ELF shared object, embedded in the unit as bytes, that
   exports one gw_cpu_kernel_fn per region plus the word
   gw_image_abi_version.  It is compiled for one x86-64 ISA level; a unit
   may carry several cpu images, and the device picks the most capable one
   this processor runs.

   Loading writes the bytes to an anonymous memory file (memfd_create) and
   dlopens it through /proc/self/fd; where that is impossible it uses an
   unlinked temporary file instead.  The memory file stays open while the
   image is loaded: the dynamic linker recognizes an already loaded object
   by the name it was opened under, so a later image must never be opened
   under the same /proc/self/fd/N name, and keeping the descriptor keeps N
   taken.

   The device shares the host's memory, so a kernel gets the launch's
   hostaddrs array unchanged; its gangs run on the thread pool of
   pool.c.  Under GANGWAY_MEM=separate it has memory of its own instead
   (gw_memory_cpu): the mapping engine (data-map.c) keeps copies of the
   mapped data there, a launch gets their addresses, and data moves only
   where a clause or a directive moves it, as on a GPU.
   That memory is the process's heap, so a kernel can still reach host
   memory through a pointer nothing mapped; it comes from the allocator
   filled with the byte 0xfe (GCC's -ftrivial-auto-var-init=pattern):
   data a region reads that nothing copied in shows as -16843010 in an
   int, -1.7e38 in a float.  */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "runtime.h"

/* The state of a loaded cpu image.  */
static const struct gw_memory *gw_cpu_own_memory (void);

struct gw_cpu_image
{
  void *handle;			/* From dlopen.  */
  int fd;			/* The memory file, or -1.  */
  const struct gw_image *desc;	/* The image of the unit it is.  */
  void *const *globals;		/* The table its routines read in the
				   device's own memory, or NULL.  */
};

/* Return the highest x86-64 ISA level (1-4) this processor supports, as
   far as GANGWAY_CPU_ISA lets the runtime believe.  */

static int
gw_cpu_level (void)
{
  int level, cap = gw_config ()->cpu_isa_cap;

  /* The checks include the operating system's support for the wider
     registers, not just the instructions.  */
  __builtin_cpu_init ();
  if (__builtin_cpu_supports ("x86-64-v4"))
    level = 4;
  else if (__builtin_cpu_supports ("x86-64-v3"))
    level = 3;
  else if (__builtin_cpu_supports ("x86-64-v2"))
    level = 2;
  else
    level = 1;
  return level < cap ? level : cap;
}

/* The cpu device is always there.  */

static const char *
gw_cpu_probe (void)
{
  return NULL;
}

/* Load image IMG as a shared object.  On success return the dlopen handle
   and set *FD to the descriptor that must stay open while the image is
   loaded (or -1).  On failure return NULL and write why into ERR, of
   ERR_SIZE bytes.  */

static void *
gw_cpu_dlopen (const struct gw_image *img, int *fd, char *err,
	       size_t err_size)
{
  char path[PATH_MAX];
  void *handle;
  int e;

  *fd = -1;

  /* First choice: an anonymous memory file, opened by its /proc name.  */
  int mfd = memfd_create ("gangway-cpu-image", MFD_CLOEXEC);
  if (mfd >= 0)
    {
      e = gw_write_all (mfd, img->data, img->size);
      if (e != 0)
	{
	  close (mfd);
	  snprintf (err, err_size, "cannot write the image to a memory "
		    "file: %s", strerror (e));
	  return NULL;
	}
      snprintf (path, sizeof path, "/proc/self/fd/%d", mfd);
      if (access (path, R_OK) == 0)
	{
	  handle = dlopen (path, RTLD_NOW | RTLD_LOCAL);
	  if (handle == NULL)
	    {
	      snprintf (err, err_size, "%s", dlerror ());
	      close (mfd);
	      return NULL;
	    }
	  *fd = mfd;
	  return handle;
	}
      /* No /proc: fall through to a temporary file.  */
      close (mfd);
    }

  /* Fallback: a temporary file, removed as soon as it is loaded.  */
  const char *dir = getenv ("TMPDIR");
  if (dir == NULL || *dir == '\0')
    dir = "/tmp";
  if ((size_t) snprintf (path, sizeof path, "%s/gangway-cpu-XXXXXX", dir)
      >= sizeof path)
    {
      snprintf (err, err_size, "TMPDIR is too long");
      return NULL;
    }
  int tfd = mkostemp (path, O_CLOEXEC);
  if (tfd < 0)
    {
      snprintf (err, err_size, "cannot create %.200s: %s", path,
		strerror (errno));
      return NULL;
    }
  e = gw_write_all (tfd, img->data, img->size);
  close (tfd);
  if (e != 0)
    {
      unlink (path);
      snprintf (err, err_size, "cannot write %.200s: %s", path, strerror (e));
      return NULL;
    }
  handle = dlopen (path, RTLD_NOW | RTLD_LOCAL);
  if (handle == NULL)
    snprintf (err, err_size, "%s", dlerror ());
  unlink (path);
  return handle;
}

/* Release the image state IMG and the loaded object it holds.  */

static void
gw_cpu_close (struct gw_cpu_image *img)
{
  dlclose (img->handle);
  if (img->fd >= 0)
    {
      /* An object can outlive its dlclose (one with unique symbols is
	 never unloaded).  While it is loaded, its /proc/self/fd/N name must
	 not be given to another image, so keep N taken.  */
      char path[64];
      snprintf (path, sizeof path, "/proc/self/fd/%d", img->fd);
      void *still = dlopen (path, RTLD_NOW | RTLD_NOLOAD);
      if (still)
	dlclose (still);
      else
	close (img->fd);
    }
  free ((void *) img->globals);
  free (img);
}

/* Pick the cpu image of unit U that this processor runs best, load it and
   resolve the unit's kernels in it.  Return the result, or NULL after
   writing the launch log's reason into REASON (of REASON_SIZE bytes):
   no-cpu-code if the unit has no cpu image, cpu-lacks-ISA if this
   processor runs none of them, image-load-failed if the chosen one does
   not load (which is also reported on stderr).  */

static struct gw_code *
gw_cpu_load_image (const struct gw_unit *u, char *reason, size_t reason_size)
{
  const struct gw_image *images = GW_UNIT_IMAGES (u);
  const struct gw_image *best = NULL, *lowest = NULL;
  int best_level = 0, lowest_level = INT_MAX;
  int have = gw_cpu_level ();

  for (size_t i = 0; i < u->num_images; i++)
    {
      if (images[i].target == NULL || strcmp (images[i].target, "cpu") != 0)
	continue;
      int level = images[i].isa ? gw_isa_level (images[i].isa) : 1;
      /* An ISA this runtime does not know ranks above all it knows.  */
      int rank = level ? level : 5;
      if (rank < lowest_level)
	lowest = &images[i], lowest_level = rank;
      if (level > 0 && level <= have && level > best_level)
	best = &images[i], best_level = level;
    }

  if (lowest == NULL)
    {
      snprintf (reason, reason_size, "no-cpu-code");
      return NULL;
    }
  if (best == NULL)
    {
      snprintf (reason, reason_size, "cpu-lacks-%s", lowest->isa);
      return NULL;
    }

  char err[512];
  struct gw_cpu_image *img = malloc (sizeof *img);
  struct gw_code *code = malloc (sizeof *code
				 + u->num_kernels * sizeof code->kernels[0]);
  if (img == NULL || code == NULL)
    {
      snprintf (err, sizeof err, "out of memory");
      goto fail;
    }

  img->globals = NULL;
  img->handle = gw_cpu_dlopen (best, &img->fd, err, sizeof err);
  if (img->handle == NULL)
    goto fail;

  const unsigned *version = dlsym (img->handle, GW_CPU_IMAGE_VERSION_SYMBOL);
  if (version == NULL || *version != GW_CPU_IMAGE_VERSION)
    {
      if (version == NULL)
	snprintf (err, sizeof err, "the image does not define %s",
		  GW_CPU_IMAGE_VERSION_SYMBOL);
      else
	snprintf (err, sizeof err, "the image has ABI version %u, this "
		  "runtime has version %d", *version, GW_CPU_IMAGE_VERSION);
      gw_cpu_close (img);
      img = NULL;
      goto fail;
    }

  /* The unit's global table, for the image's routines: in the device's
     own memory, one that points to the device's copies of the declared
     globals.  */
  void *const **globals = dlsym (img->handle, GW_CPU_IMAGE_GLOBALS_SYMBOL);
  if (globals && gw_cpu_own_memory () && gw_memory () == gw_cpu_own_memory ())
    img->globals = gw_map_unit_table (u);
  if (globals)
    *globals = img->globals ? img->globals : GW_UNIT_GLOBALS (u);
  img->desc = best;
  code->image = img;
  code->dims = best->dims;
  code->own = NULL;
  const struct gw_kernel *k = GW_UNIT_KERNELS (u);
  for (size_t i = 0; i < u->num_kernels; i++)
    code->kernels[i] = k[i].symbol ? dlsym (img->handle, k[i].symbol) : NULL;
  return code;

 fail:
  free (img);
  free (code);
  gw_warn ("cannot load the %s cpu image of %s: %s; its regions run on "
	   "the host", best->isa ? best->isa : "x86-64",
	   gw_object_name (u), err);
  snprintf (reason, reason_size, "image-load-failed");
  return NULL;
}

/* Resolve the imports of CODE, the loaded cpu image of unit U: fill the
   image's import table with the addresses of the routines the cpu images
   of other units export, loading those.  A routine no unit exports is a
   fatal error (gw_load_error): the program's device code is incomplete,
   as GCC's offload link would say.  */

static bool
gw_cpu_link_image (struct gw_code *code, const struct gw_unit *u,
		   char *reason, size_t reason_size)
{
  struct gw_cpu_image *img = code->image;
  const char *const *imports = img->desc->imports;
  if (imports == NULL || imports[0] == NULL)
    return true;
  void **slots = dlsym (img->handle, GW_CPU_IMAGE_IMPORTS_SYMBOL);
  if (slots == NULL)
    {
      gw_load_error ("the cpu image of %s imports routines but has no "
		     "table for them", gw_object_name (u));
      snprintf (reason, reason_size, "image-load-failed");
      return false;
    }
  for (size_t k = 0; imports[2 * k]; k++)
    {
      const char *symbol = imports[2 * k], *name = imports[2 * k + 1];
      struct gw_code *other = gw_exporter (GW_DEVICE_CPU, "cpu", symbol, u);
      void *addr = NULL;
      if (other)
	addr = dlsym (((struct gw_cpu_image *) other->image)->handle, symbol);
      if (addr == NULL)
	{
	  char shape[64];
	  gw_routine_shape (symbol, shape, sizeof shape);
	  gw_load_error ("the routine '%s', which device code of %s calls%s, "
			 "has no cpu code %sin any unit of this program "
			 "(compile its definition with the Gangway plugin, "
			 "with '#pragma acc routine'%s)", name,
			 gw_object_name (u),
			 shape,
			 shape[0] ? "of that shape " : "",
			 shape[0] ? ", and every unit for the same ISA" : "");
	  snprintf (reason, reason_size, "missing-routine");
	  return false;
	}
      slots[k] = addr;
    }
  return true;
}

/* Unload CODE, which gw_cpu_load_image returned.  */

static void
gw_cpu_unload_image (struct gw_code *code)
{
  gw_cpu_close (code->image);
  free (code);
}

/* Return the number of gangs of a launch that does not choose: enough
   for the pool's dynamic scheduling to balance uneven gangs, few enough
   that a short kernel does not pay for many.  A gang loop gives each gang
   a contiguous run of iterations, so the gangs of a region whose
   iterations differ in cost (Mandelbrot rows) differ too, and more gangs
   keep the last ones short; but every gang runs the region's prologue
   (its arguments, the loop's bounds and chunking, a division or two),
   and the gangs past the end of a short loop have nothing else to do.
   On a 16-CPU Xeon (bench/README.md, 2026-11-27), 8 per thread instead of
   32 made a time step of the application bench 20% faster at 16 threads
   (104 -> 83 us) and 10% at 4, with Mandelbrot and the histogram
   unchanged; 4 per thread lost 12% and 25% on those two at 8 threads,
   2 per thread 56% on Mandelbrot at 16.  */

static uint32_t
gw_cpu_default_gangs (void)
{
  return 8 * gw_pool_size ();
}

/* Round N up to a multiple of ALIGN, a power of two.  */

static size_t
gw_align_up (size_t n, size_t align)
{
  return (n + align - 1) & ~(align - 1);
}

/* GANGWAY_MEM=separate: the device's memory, from the heap.  The byte a
   new allocation is filled with, so that what a region reads without a
   clause copying it in is recognisably uninitialised.  */
#define GW_CPU_FRESH_BYTE 0xfe

static uint64_t
gw_cpu_mem_alloc (size_t size)
{
  size = gw_align_up (size ? size : 1, 64);
  void *p = aligned_alloc (64, size);
  if (p == NULL)
    gw_fatal ("cannot allocate %zu bytes of the cpu device's memory "
	      "(GANGWAY_MEM=separate)", size);
  memset (p, GW_CPU_FRESH_BYTE, size);
  return (uintptr_t) p;
}

/* A free waits for the queue first: its records may still use the
   memory, whatever queue they are on (a GPU's free likewise waits).  */

static void
gw_cpu_mem_free (uint64_t p, size_t size)
{
  (void) size;
  gw_pool_wait (gw_pool_queued ());
  free ((void *) (uintptr_t) p);
}

static void
gw_cpu_mem_to_device (uint64_t dst, const void *src, size_t size)
{
  memcpy ((void *) (uintptr_t) dst, src, size);
}

static void
gw_cpu_mem_to_host (void *dst, uint64_t src, size_t size)
{
  memcpy (dst, (const void *) (uintptr_t) src, size);
}

static void
gw_cpu_mem_copy (uint64_t dst, uint64_t src, size_t size)
{
  memmove ((void *) (uintptr_t) dst, (const void *) (uintptr_t) src, size);
}

/* The most a queued copy to the device stages, or a queued launch
   copies of its data: beyond, the copy or launch is synchronous (the
   queue's records keep their buffers).  */
#define GW_QUEUE_COPY_MAX ((size_t) 1 << 20)

/* Copies between host and device on queue Q, and frees, are records of
   the pool's queue (pool-queue.c) behind what was queued before.  A copy
   to the device stages its source in its record, read at the call (a
   copy of more than GW_QUEUE_COPY_MAX waits for the queue instead),
   after the copies to the host still queued that write into that
   source (GW_CPU_WRITERS): an update self then an update device on a
   queue sends what the first brought, as on the ptx device.  A copy to
   the host writes it when it runs.  */

struct gw_cpu_writer
{
  uintptr_t lo, hi;		/* The host memory it writes.  */
  uint64_t record;		/* Its record's number, or one after.  */
};

static pthread_mutex_t gw_cpu_writers_lock = PTHREAD_MUTEX_INITIALIZER;
static struct gw_cpu_writer *gw_cpu_writers;
static size_t gw_cpu_num_writers, gw_cpu_max_writers;

/* Forget the finished copies to the host; return the last record to
   wait for of those that write into [LO, HI), 0 if none.  Requires
   GW_CPU_WRITERS_LOCK.  */

static uint64_t
gw_cpu_writers_of (uintptr_t lo, uintptr_t hi)
{
  uint64_t last = 0;
  size_t n = 0;

  for (size_t i = 0; i < gw_cpu_num_writers; i++)
    {
      struct gw_cpu_writer w = gw_cpu_writers[i];
      if (gw_pool_finished (w.record))
	continue;
      if (w.lo < hi && lo < w.hi && w.record > last)
	last = w.record;
      gw_cpu_writers[n++] = w;
    }
  gw_cpu_num_writers = n;
  return last;
}

static void
gw_cpu_mem_to_device_async (uint64_t dst, const void *src, size_t size,
			    int q)
{
  pthread_mutex_lock (&gw_cpu_writers_lock);
  uint64_t writer = gw_cpu_writers_of ((uintptr_t) src,
				       (uintptr_t) src + size);
  pthread_mutex_unlock (&gw_cpu_writers_lock);
  if (writer)
    gw_pool_wait (writer);
  if (size > GW_QUEUE_COPY_MAX
      || !gw_pool_queue_copy ((void *) (uintptr_t) dst, src, size, true, q))
    {
      gw_pool_wait (gw_pool_queue_last (q));
      memcpy ((void *) (uintptr_t) dst, src, size);
    }
}

static void
gw_cpu_mem_to_host_async (void *dst, uint64_t src, size_t size, int q)
{
  if (!gw_pool_queue_copy (dst, (const void *) (uintptr_t) src, size, false,
			   q))
    {
      gw_pool_wait (gw_pool_queue_last (q));
      memcpy (dst, (const void *) (uintptr_t) src, size);
      return;
    }
  /* Its record, or a later one of the queue's.  */
  struct gw_cpu_writer w = { (uintptr_t) dst, (uintptr_t) dst + size,
			     gw_pool_queue_last (q) };
  pthread_mutex_lock (&gw_cpu_writers_lock);
  gw_cpu_writers_of (0, 0);
  if (gw_cpu_num_writers == gw_cpu_max_writers)
    {
      size_t max = gw_cpu_max_writers ? 2 * gw_cpu_max_writers : 16;
      struct gw_cpu_writer *p = realloc (gw_cpu_writers, max * sizeof *p);
      if (p == NULL)
	{
	  pthread_mutex_unlock (&gw_cpu_writers_lock);
	  gw_pool_wait (w.record);
	  return;
	}
      gw_cpu_writers = p;
      gw_cpu_max_writers = max;
    }
  gw_cpu_writers[gw_cpu_num_writers++] = w;
  pthread_mutex_unlock (&gw_cpu_writers_lock);
}

static void
gw_cpu_mem_free_async (uint64_t p, size_t size, int q)
{
  if (!gw_pool_queue_free ((void *) (uintptr_t) p, q))
    gw_cpu_mem_free (p, size);
}

static const struct gw_memory gw_memory_cpu = {
  .alloc = gw_cpu_mem_alloc,
  .free = gw_cpu_mem_free,
  .to_device = gw_cpu_mem_to_device,
  .to_host = gw_cpu_mem_to_host,
  .copy = gw_cpu_mem_copy,
  .to_device_async = gw_cpu_mem_to_device_async,
  .to_host_async = gw_cpu_mem_to_host_async,
  .free_async = gw_cpu_mem_free_async,
};

/* The memory the device's launches read their data from: its own under
   GANGWAY_MEM=separate, else the host's (NULL).  */

static const struct gw_memory *
gw_cpu_own_memory (void)
{
  const struct gw_config *c = gw_config ();
  if (c->check_data)
    return &gw_memory_checked;
  return c->cpu_mem_separate ? &gw_memory_cpu : NULL;
}

/* Queue KERNEL, whose pool key is KEY, as launch L mapped as R: its N
   data words WORDS, its private copies in BLOCK, which the record frees
   when it is done.  Return false if the pool cannot queue.  */

static bool
gw_cpu_queue_separate (void *kernel, const struct gw_launch *l,
		       uint64_t key, const uint64_t *words, size_t n,
		       unsigned char *block)
{
  uint64_t *buf = gw_pool_queue_begin (n ? n * sizeof *buf : 1);
  if (buf == NULL)
    return false;
  memcpy (buf, words, n * sizeof *buf);
  gw_pool_queue_commit (l->async, (gw_cpu_kernel_fn *) kernel,
			l->num_globals ? (void *const *) (buf + l->mapnum)
				       : NULL,
			l->gangs, key, NULL, 0, block);
  return true;
}

/* Run KERNEL as L says in the device's own memory: map L's data, run
   the gangs on the device's copies, unmap.  The kernel's data words are
   the copies' addresses, then come the unit's globals' (0 for those
   that are not present), then the private copies (firstprivate objects
   that are not ints, small "to" objects, deviceptr variables) in a block
   of their own.

   A launch with an async queue is queued, as on a GPU whose stream runs
   the kernel later: its copy-ins, its kernel, its copy outs and its
   frees are records of the pool's ring in that order (the engine's
   copies on the queue, gw_map and gw_unmap), and its mappings end on
   the host at once; nothing then waits for the kernel but the queue's
   waits and what frees memory at once (gw_cpu_mem_free), and, where
   the launch copies back into the launching thread's stack, gw_unmap,
   as on the ptx device.  Under
   GANGWAY_CHECK=data every launch runs synchronously: its checks are
   made around the kernel.  */

static void
gw_cpu_launch_separate (void *kernel, const struct gw_launch *l,
			uint64_t key)
{
  size_t n = l->mapnum + l->num_globals;
  uint64_t stack_words[64];
  uint64_t *words = n <= 64 ? stack_words : malloc (n * sizeof *words);
  if (words == NULL)
    gw_fatal ("out of memory for a launch of %zu mappings", l->mapnum);

  bool checked = gw_config ()->check_data;
  int q = checked ? GW_ASYNC_SYNC : l->async;
  struct gw_region *r = gw_map (l->mapnum, l->data, l->sizes, l->kinds,
				words, q);
  size_t copies = gw_map_copies_size (r);
  unsigned char *block = copies ? (unsigned char *) (uintptr_t)
				  gw_cpu_mem_alloc (copies) : NULL;
  gw_map_place_copies (r, words, block, (uintptr_t) block);
  gw_map_globals (r, l->globals, l->num_globals, words + l->mapnum);
  if (q != GW_ASYNC_SYNC)
    {
      if (gw_cpu_queue_separate (kernel, l, key, words, n, block))
	{
	  gw_unmap (r, q);
	  if (words != stack_words)
	    free (words);
	  return;
	}
      /* The ring is full: run it after what is there.  */
      gw_pool_wait (gw_pool_queued ());
    }
  struct gw_check_kernel *k = checked ? gw_check_kernel_begin (r) : NULL;
  gw_pool_run ((gw_cpu_kernel_fn *) kernel, words,
	       l->num_globals ? (void *const *) (words + l->mapnum) : NULL,
	       l->gangs, key);
  if (checked)
    gw_check_kernel_end (k);
  gw_unmap (r, GW_ASYNC_SYNC);
  if (checked)
    gw_check_protect ();
  if (block)
    gw_cpu_mem_free ((uintptr_t) block, copies);
  if (words != stack_words)
    free (words);
}

/* What a queued launch does with an entry of its data.  */
enum gw_capture
{
  GW_USE,			/* Use it in place.  */
  GW_COPY,			/* Copy it at the launch...  */
  GW_COPY_BACK			/* ... and back what the region changed.  */
};

/* Return the size of what entry I of launch L maps: its size, but for a
   pointer mapping, whose size is the pointer's bias.  */

static size_t
gw_cpu_capture_size (const struct gw_launch *l, size_t i)
{
  return GW_MAP_KIND (l->kinds[i]) == GW_MAP_POINTER ? sizeof (void *)
						      : l->sizes[i];
}

/* Return what a queued launch does with entry I of launch L, SP being an
   address below the launching function's frame.  The region must see
   its data as on a device whose copy-ins happen at the launch:

   - a firstprivate object: the region sees it as it was at the launch;
   - an object of the launching thread's live frames that is not present
     (data-cpu.c): a device would copy it in at the launch, and out at
     the region's end if the clause says from, and the function that
     holds it may change it, or return, before the region runs.  GCC
     maps such objects by reference: the copy-ins of firstprivate
     temporaries, scalars declared inside a data construct (tofrom),
     Fortran's array descriptors (to_pset) and the pointers of its array
     dummies (pointer), reduction variables (tofrom);
   - anything else is the host's memory, which the device shares: a
     present object is the device's copy, used in place, as are static
     and heap objects.  */

static enum gw_capture
gw_cpu_capture (const struct gw_launch *l, size_t i, uintptr_t sp)
{
  uintptr_t h = (uintptr_t) ((void **) l->data)[i];
  unsigned kind = GW_MAP_KIND (l->kinds[i]);

  if (h == 0)
    return GW_USE;
  if (kind == GW_MAP_FIRSTPRIVATE)
    return GW_COPY;
  if (kind == GW_MAP_POINTER || kind == GW_MAP_TO_PSET)
    return gw_in_live_frames (h, gw_cpu_capture_size (l, i), sp)
	   ? GW_COPY : GW_USE;
  if ((kind & ~(GW_MAP_FLAG_FORCE | GW_MAP_TOFROM)) != 0 || l->sizes[i] == 0
      || !gw_in_live_frames (h, l->sizes[i], sp)
      || gw_cpu_stack_present (h, l->sizes[i]))
    return GW_USE;
  return (kind & GW_MAP_FLAG_FROM) ? GW_COPY_BACK : GW_COPY;
}

/* Return the entry among the NCOPIES entries COPIES of launch L (copied
   or to be) that holds the target of the pointer mapping I, whose value
   plus its bias (its size) points at it; L->mapnum if none does.  */

static size_t
gw_cpu_copied_target (const struct gw_launch *l, size_t i,
		      const size_t *copies, size_t ncopies)
{
  void **hostaddrs = l->data;
  uintptr_t target = (uintptr_t) *(void **) hostaddrs[i] + l->sizes[i];

  for (size_t k = 0; k < ncopies; k++)
    {
      size_t j = copies[k];
      if (j != i && GW_MAP_KIND (l->kinds[j]) != GW_MAP_POINTER
	  && target >= (uintptr_t) hostaddrs[j]
	  && target - (uintptr_t) hostaddrs[j] < gw_cpu_capture_size (l, j))
	return j;
    }
  return l->mapnum;
}

/* Queue launch L of KERNEL, whose pool key is KEY, on its async queue;
   return false if it must run synchronously instead (the pool has no
   thread to run it, or it would copy more than GW_QUEUE_COPY_MAX).  The
   queued launch gets a copy of the launch's argument block, the
   hostaddrs array, which lies in the launching function's frame, and of
   the objects gw_cpu_capture picks, with the entries that point into
   them pointing into the copies; for each object copied back, the
   record keeps its copy as of the launch too, and the runner writes the
   bytes the region changed back to the host when the region is done
   (gw_run_queue).  */

static bool
gw_cpu_queue (void *kernel, const struct gw_launch *l, uint64_t key)
{
  void **hostaddrs = l->data;
  uintptr_t sp = (uintptr_t) __builtin_frame_address (0);
  enum gw_capture what[l->mapnum ? l->mapnum : 1];
  /* The entries copied, in order.  */
  size_t copies[l->mapnum ? l->mapnum : 1], ncopies = 0;
  size_t nback = 0, copied = 0;

  for (size_t i = 0; i < l->mapnum; i++)
    {
      what[i] = gw_cpu_capture (l, i, sp);
      if (what[i] != GW_USE)
	{
	  size_t size = gw_cpu_capture_size (l, i);
	  copied += (what[i] == GW_COPY_BACK ? 2 : 1) * size;
	  nback += what[i] == GW_COPY_BACK;
	  copies[ncopies++] = i;
	}
    }
  /* A pointer mapping (Fortran's dummy arguments: map(to:*k)
     map(alloc:k [pointer assign])) gives the device copy of the pointer
     the address of its target's device copy: where the target is copied,
     so is the pointer, pointing into the target's copy below.  */
  for (size_t i = 0; ncopies && i < l->mapnum; i++)
    if (what[i] == GW_USE && hostaddrs[i]
	&& GW_MAP_KIND (l->kinds[i]) == GW_MAP_POINTER
	&& gw_cpu_copied_target (l, i, copies, ncopies) < l->mapnum)
      {
	what[i] = GW_COPY;
	copied += sizeof (void *);
	copies[ncopies++] = i;
      }
  if (copied > GW_QUEUE_COPY_MAX)
    return false;

  /* Room for each object (twice if copied back) at its alignment (the
     high byte of its kind), wherever the buffer lies.  */
  size_t size = l->mapnum * sizeof (void *) + nback * sizeof (struct gw_copy_back);
  for (size_t i = 0; i < l->mapnum; i++)
    if (what[i] != GW_USE)
      size += ((what[i] == GW_COPY_BACK ? 2 : 1)
	       * (((size_t) 1 << (l->kinds[i] >> 8)) - 1
		  + gw_cpu_capture_size (l, i)));

  void **copy = gw_pool_queue_begin (size);
  if (copy == NULL)
    return false;
  if (l->mapnum)
    memcpy (copy, hostaddrs, l->mapnum * sizeof (void *));
  struct gw_copy_back *back = (struct gw_copy_back *) (copy + l->mapnum);
  uintptr_t at = (uintptr_t) (back + nback);
  nback = 0;
  for (size_t k = 0; k < ncopies; k++)
    {
      size_t i = copies[k];
      size_t align = (size_t) 1 << (l->kinds[i] >> 8);
      size_t n = gw_cpu_capture_size (l, i);
      at = gw_align_up (at, align);
      copy[i] = (void *) at;
      memcpy (copy[i], hostaddrs[i], n);
      at += n;
      if (what[i] == GW_COPY_BACK)
	{
	  at = gw_align_up (at, align);
	  memcpy ((void *) at, hostaddrs[i], n);
	  back[nback++] = (struct gw_copy_back) { hostaddrs[i], copy[i],
						  (void *) at, n };
	  at += n;
	}
    }

  /* The copied pointers whose targets are copied point into those
     copies.  */
  for (size_t k = 0; k < ncopies; k++)
    {
      size_t i = copies[k];
      if (GW_MAP_KIND (l->kinds[i]) != GW_MAP_POINTER)
	continue;
      size_t j = gw_cpu_copied_target (l, i, copies, ncopies);
      if (j < l->mapnum)
	{
	  uintptr_t target = (uintptr_t) *(void **) hostaddrs[i] + l->sizes[i];
	  *(void **) copy[i] = (char *) copy[j]
			       + (target - (uintptr_t) hostaddrs[j])
			       - l->sizes[i];
	}
    }

  /* The entries that point into a copied object (the pointer inside a
     Fortran descriptor, a member of a struct) point into its copy.  */
  for (size_t i = 0; ncopies && i < l->mapnum; i++)
    {
      uintptr_t h = (uintptr_t) hostaddrs[i];
      if (what[i] != GW_USE || h == 0
	  || GW_MAP_KIND (l->kinds[i]) == GW_MAP_FIRSTPRIVATE_INT)
	continue;
      for (size_t k = 0; k < ncopies; k++)
	{
	  size_t j = copies[k];
	  if (h >= (uintptr_t) hostaddrs[j]
	      && h - (uintptr_t) hostaddrs[j] < gw_cpu_capture_size (l, j))
	    {
	      copy[i] = (char *) copy[j] + (h - (uintptr_t) hostaddrs[j]);
	      break;
	    }
	}
    }
  gw_pool_queue_commit (l->async, (gw_cpu_kernel_fn *) kernel, l->globals,
			l->gangs, key, back, nback, NULL);
  return true;
}

/* Run KERNEL, a gw_cpu_kernel_fn, over the gangs of launch L.  Workers
   and vector lanes live inside the kernel's code, so only the gangs are
   distributed.  The pool tells launches apart by the kernel and the
   sizes of their data (a loop over an array section of N elements has
   N in them): a kernel that runs long on big arrays and short on small
   ones is remembered as two.  */

static void
gw_cpu_launch (void *kernel, const struct gw_launch *l)
{
  /* A pool of one thread has no use for the key.  */
  uint64_t key = (uintptr_t) kernel;
  if (gw_pool_size () > 1)
    for (size_t i = 0; i < l->mapnum; i++)
      key = (key ^ l->sizes[i]) * UINT64_C (0x100000001b3);
  key ^= key >> 29;
  key = key ? key : 1;
  if (gw_cpu_own_memory ())
    {
      gw_cpu_launch_separate (kernel, l, key);
      return;
    }
  if (l->async != GW_ASYNC_SYNC)
    {
      if (gw_pool_run_now ((gw_cpu_kernel_fn *) kernel, l->data, l->globals,
			   l->gangs, key)
	  || gw_cpu_queue (kernel, l, key))
	return;
      /* Synchronous after all: after what is queued.  */
      gw_wait_all ();
    }
  gw_pool_run ((gw_cpu_kernel_fn *) kernel, l->data, l->globals, l->gangs,
	       key);
}

/* Asked last: it runs what the other devices do not.  */
const struct gw_device gw_device_cpu = {
  .name = "cpu",
  .no_code_reason = "no-cpu-code",
  .map_kind_reason = "cpu-map-kind",
  .priority = 10,
  .max_gangs = GW_CPU_MAX_GANGS,
  .probe = gw_cpu_probe,
  .load_image = gw_cpu_load_image,
  .link_image = gw_cpu_link_image,
  .unload_image = gw_cpu_unload_image,
  .default_gangs = gw_cpu_default_gangs,
  .launch = gw_cpu_launch,
  .memory = gw_cpu_own_memory,
};
