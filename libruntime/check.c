/* GANGWAY_CHECK=data: the cpu device's separate memory, watched for the
   data bugs a GPU would show.
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

/* Under GANGWAY_CHECK=data the cpu device has memory of its own
   (GANGWAY_MEM=separate) in which this file's memory, gw_memory_checked,
   replaces the plain one of device-cpu.c, and watches two things by page
   protection (x86-64 Linux: the fault's error code says whether it was
   a read or a write):

   - Device memory that nothing initialised.  Each device allocation has
     pages of its own (mmap), filled with the fresh byte and protected
     (PROT_NONE).  A copy to the device (a copyin, an update device, an
     acc_memcpy_to_device) opens the pages it writes; so does a kernel's
     first write to a page.  A kernel's first access to a page that is a
     read means that nothing wrote that page before, neither a clause
     nor the kernel: reported ("reads ... that nothing initialised"),
     then the page opens and the kernel goes on reading the fresh bytes,
     as a GPU would give it garbage.  A copy to the host from a page
     never opened (a copyout of what no kernel wrote) is reported the
     same way.

   - Host data read after a region wrote only its device copy.  Before
     each cpu kernel, the device copies of the data its launch maps are
     saved; after it, each host page wholly inside such an object whose
     device copy the kernel changed, and now differs from the host's
     copy, is stale, unless the end of the launch copies it back
     (copyout).  The stale pages are protected; the host's first read of
     a stale byte is reported ("reads ... that the region wrote only on
     the device") with the reading instruction's address, and the page
     becomes current again; a write makes it current silently (the host
     gives it a new value).  An access to a non-stale byte of a stale
     page is single-stepped (the trap flag) and the page protected again.
     A copy from the host to the device of stale bytes (an update device
     or a copyin that should have been an update self, or a copyout) is
     reported when it happens, and so is a copy to the host.  Pages that
     the object shares with other data, and objects on the launching
     thread's stack, are not watched: the check cannot tell their other
     users' reads from the program's.

   Each distinct report is printed once, on stderr, starting
   "gangway: data check: "; the program goes on and gives the results a
   GPU would have given it.  At exit, a line counts them.

   The runtime changes the tables below under GW_CHECK_LOCK; the signal
   handlers read them without it, which is safe for the faults of a
   kernel (the tables change only between kernels) and of the launching
   thread, and the tables' old arrays are kept when they grow.  The host
   pages watched are those of the launching thread's objects, but
   another thread's read of one is reported the same way; with several
   threads launching at once, a kernel's report does not say which of
   their regions it is.  A system call handed a
   pointer into a stale page (write (2) of a buffer the region wrote only
   on the device) fails with EFAULT instead of being reported.  */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include "runtime.h"

#if defined __x86_64__ && defined __linux__
#define GW_CHECK_SUPPORTED 1
#else
#define GW_CHECK_SUPPORTED 0
#endif

/* The byte fresh device memory holds (device-cpu.c's too).  */
#define GW_FRESH_BYTE 0xfe

static size_t gw_page;

/* A device allocation: whole pages, each fresh (never written, PROT_NONE)
   or open.  */
struct gw_device_block
{
  uintptr_t base;
  size_t pages;
  unsigned char *fresh;		/* One flag per page.  */
};

static struct gw_device_block *gw_blocks;
static size_t gw_num_blocks, gw_max_blocks;

/* A stale host page: the bytes [LO, HI) of it are the host's stale copy
   of what the kernel at SITE (mapping ENTRY of it) wrote on the device.
   PAGE 0 is an empty slot.  */
struct gw_stale
{
  uintptr_t page;
  unsigned lo, hi;
  const struct gw_site *site;
  size_t entry;
  bool protected_;
};

/* An open-addressing table of the stale pages, by page number; at most
   half full.  */
static struct gw_stale *gw_stale;
static size_t gw_stale_size, gw_stale_used;

static pthread_mutex_t gw_check_lock = PTHREAD_MUTEX_INITIALIZER;

/* The launch whose kernel runs, for the reports of its faults, and the
   number of checked kernels running.  */
static const struct gw_site *gw_kernel_site;
static unsigned gw_kernels_running;

/* The reports printed, to print each once: the kind, the site and
   mapping the report is about, and the other site it names.  */
struct gw_report_key
{
  int kind;
  const struct gw_site *site;
  size_t entry;
  const void *other;
};

#define GW_MAX_REPORTS 256
static struct gw_report_key gw_reports[GW_MAX_REPORTS];
static unsigned gw_num_reports;

/* The page a single-stepped access opened, per thread (0: none).  */
static __thread uintptr_t gw_stepping[4];
static __thread unsigned gw_num_stepping;

static struct sigaction gw_old_segv, gw_old_trap;

static pthread_once_t gw_check_once = PTHREAD_ONCE_INIT;

/* Return the page that holds address A.  */

static uintptr_t
gw_page_of (uintptr_t a)
{
  return a & ~(uintptr_t) (gw_page - 1);
}

/* Print the report LINE unless one of KEY has been printed.  */

static void
gw_report (struct gw_report_key key, const char *line)
{
  /* Kernel threads may report at once.  */
  static bool busy;
  while (__atomic_test_and_set (&busy, __ATOMIC_ACQUIRE))
    ;
  bool seen = false;
  for (unsigned i = 0; i < gw_num_reports && i < GW_MAX_REPORTS; i++)
    if (gw_reports[i].kind == key.kind && gw_reports[i].site == key.site
	&& gw_reports[i].entry == key.entry
	&& gw_reports[i].other == key.other)
      seen = true;
  if (!seen)
    {
      if (gw_num_reports < GW_MAX_REPORTS)
	gw_reports[gw_num_reports] = key;
      gw_num_reports++;
      gw_message ("data check: %s", line);
    }
  __atomic_clear (&busy, __ATOMIC_RELEASE);
}

/* Describe the code at PC into BUF: "prog+0x1189", as addr2line -e prog
   reads it, with the function's name if the symbol table has it.  */

static void
gw_describe_pc (uintptr_t pc, char *buf, size_t size)
{
  Dl_info info;

  if (dladdr ((void *) pc, &info) && info.dli_fname)
    {
      const char *file = strrchr (info.dli_fname, '/');
      file = file ? file + 1 : info.dli_fname;
      if (info.dli_sname)
	snprintf (buf, size, "%s (%s+%#lx)", info.dli_sname, file,
		  (unsigned long) (pc - (uintptr_t) info.dli_fbase));
      else
	snprintf (buf, size, "%s+%#lx", file,
		  (unsigned long) (pc - (uintptr_t) info.dli_fbase));
    }
  else
    snprintf (buf, size, "%#lx", (unsigned long) pc);
}

/* The device block that holds address A, or NULL.  */

static struct gw_device_block *
gw_block_of (uintptr_t a)
{
  for (size_t i = 0; i < gw_num_blocks; i++)
    if (a >= gw_blocks[i].base
	&& a < gw_blocks[i].base + gw_blocks[i].pages * gw_page)
      return &gw_blocks[i];
  return NULL;
}

/* Open pages FIRST to LAST of block B, with one mprotect per run of
   fresh pages.  */

static void
gw_open_pages (struct gw_device_block *b, size_t first, size_t last)
{
  for (size_t p = first; p <= last && p < b->pages;)
    {
      if (!b->fresh[p])
	{
	  p++;
	  continue;
	}
      size_t q = p;
      while (q + 1 <= last && q + 1 < b->pages && b->fresh[q + 1])
	q++;
      mprotect ((void *) (b->base + p * gw_page), (q - p + 1) * gw_page,
		PROT_READ | PROT_WRITE);
      for (size_t i = p; i <= q; i++)
	__atomic_store_n (&b->fresh[i], 0, __ATOMIC_RELEASE);
      p = q + 1;
    }
}

/* The slot of the table where page PAGE's probe sequence starts: a
   multiplicative hash, as neighbouring pages are the rule.  */

static size_t
gw_stale_slot (uintptr_t page)
{
  uint64_t h = (uint64_t) (page / gw_page) * 0x9e3779b97f4a7c15ull;
  return (size_t) (h >> 32) & (gw_stale_size - 1);
}

/* The stale record of page PAGE, or NULL.  */

static struct gw_stale *
gw_stale_find (uintptr_t page)
{
  if (gw_stale_size == 0)
    return NULL;
  size_t mask = gw_stale_size - 1;
  for (size_t i = gw_stale_slot (page);; i = (i + 1) & mask)
    {
      if (gw_stale[i].page == page)
	return &gw_stale[i];
      if (gw_stale[i].page == 0)
	return NULL;
    }
}

static struct gw_stale *gw_stale_insert (uintptr_t);

/* Make room for more stale pages.  */

static void
gw_stale_grow (void)
{
  struct gw_stale *old = gw_stale;
  size_t n = gw_stale_size;

  struct gw_stale *grown = calloc (n ? 2 * n : 1024, sizeof *grown);
  if (grown == NULL)
    gw_fatal ("out of memory for the data check's table of stale pages");
  gw_stale = grown;
  gw_stale_size = n ? 2 * n : 1024;
  gw_stale_used = 0;
  for (size_t i = 0; i < n; i++)
    if (old[i].page)
      *gw_stale_insert (old[i].page) = old[i];
  /* OLD stays: a fault handler may be reading it.  */
}

/* Return the record of page PAGE, adding an empty one.  */

static struct gw_stale *
gw_stale_insert (uintptr_t page)
{
  struct gw_stale *s = gw_stale_find (page);

  if (s)
    return s;
  if (2 * (gw_stale_used + 1) > gw_stale_size)
    gw_stale_grow ();
  size_t mask = gw_stale_size - 1;
  size_t i = gw_stale_slot (page);
  while (gw_stale[i].page != 0)
    i = (i + 1) & mask;
  gw_stale_used++;
  gw_stale[i] = (struct gw_stale) { .page = page };
  return &gw_stale[i];
}

/* Remove record S (keeping the table's probe sequences whole).  */

static void
gw_stale_remove (struct gw_stale *s)
{
  size_t mask = gw_stale_size - 1;
  size_t i = (size_t) (s - gw_stale);

  if (s->protected_)
    mprotect ((void *) s->page, gw_page, PROT_READ | PROT_WRITE);
  gw_stale[i].page = 0;
  gw_stale_used--;
  for (size_t j = (i + 1) & mask; gw_stale[j].page; j = (j + 1) & mask)
    {
      struct gw_stale moved = gw_stale[j];
      gw_stale[j].page = 0;
      gw_stale_used--;
      *gw_stale_insert (moved.page) = moved;
    }
}

/* Write into BUF a description of what the stale record S is of: "'a'
   in the parallel at prog.c:12".  */

static void
gw_stale_describe (const struct gw_stale *s, char *buf, size_t size)
{
  gw_site_describe (s->site, s->entry, buf, size);
  if (buf[0] == 0)
    snprintf (buf, size, "a region");
}

static void gw_host_written (uintptr_t, size_t);
static void gw_protect_stale (void);

/* The host range [H, H + SIZE) is about to be read by the runtime, to be
   copied to the device by the directive the calling thread is in: report
   stale bytes in it, which then are current (both copies agree).  */

static void
gw_host_read (uintptr_t h, size_t size)
{
  if (gw_stale_used == 0 || size == 0)
    return;
  for (uintptr_t p = gw_page_of (h); p < h + size; p += gw_page)
    {
      struct gw_stale *s = gw_stale_find (p);
      if (s == NULL || p + s->hi <= h || p + s->lo >= h + size)
	continue;
      char by[512], of[512], line[1200];
      size_t entry;
      const struct gw_site *site = gw_map_current_site (&entry);
      gw_site_describe (site, entry, by, sizeof by);
      gw_stale_describe (s, of, sizeof of);
      snprintf (line, sizeof line, "%s copies to the device host data "
		"that %s wrote only on the device: the host's copy is "
		"stale (a copyout or update self is missing before it, "
		"or it should be an update self)",
		by[0] ? by : "a directive", of);
      gw_report ((struct gw_report_key) { 1, s->site, s->entry, site },
		 line);
    }
  gw_host_written (h, size);
}

/* The host range [H, H + SIZE) is about to be written with the device's
   data, or read for a copy to the device: it is current again.  */

static void
gw_host_written (uintptr_t h, size_t size)
{
  if (gw_stale_used == 0 || size == 0)
    return;
  for (uintptr_t p = gw_page_of (h); p < h + size; p += gw_page)
    {
      struct gw_stale *s = gw_stale_find (p);
      if (s == NULL)
	continue;
      uintptr_t lo = p + s->lo, hi = p + s->hi;
      uintptr_t clo = h > lo ? h : lo, chi = h + size < hi ? h + size : hi;
      if (clo >= chi)
	continue;
      /* What the copy leaves stale: the larger piece around it.  */
      if (clo == lo && chi == hi)
	{
	  gw_stale_remove (s);
	  continue;
	}
      if (clo - lo >= hi - chi)
	s->hi = (unsigned) (clo - p);
      else
	s->lo = (unsigned) (chi - p);
      /* Open for the copy; gw_check_protect closes it again.  */
      if (s->protected_)
	{
	  s->protected_ = false;
	  mprotect ((void *) p, gw_page, PROT_READ | PROT_WRITE);
	}
    }
}

/* The device range [D, D + SIZE) is about to be read, for a copy to the
   host: report pages of it nothing wrote.  */

static void
gw_device_read (uintptr_t d, size_t size)
{
  struct gw_device_block *b = gw_block_of (d);

  if (b == NULL || size == 0)
    return;
  size_t first = (d - b->base) / gw_page;
  size_t last = (d + size - 1 - b->base) / gw_page;
  size_t lo = SIZE_MAX, hi = 0;
  for (size_t p = first; p <= last && p < b->pages; p++)
    if (b->fresh[p])
      {
	/* The bytes of the copy in that page.  */
	size_t start = p * gw_page + b->base, end = start + gw_page;
	start = start > d ? start - d : 0;
	end = end - d < size ? end - d : size;
	lo = lo < start ? lo : start;
	hi = hi > end ? hi : end;
      }
  if (hi == 0)
    return;
  gw_open_pages (b, first, last);
  char by[512], line[1200];
  size_t entry;
  const struct gw_site *site = gw_map_current_site (&entry);
  gw_site_describe (site, entry, by, sizeof by);
  snprintf (line, sizeof line, "%s copies to the host device memory that "
	    "nothing initialised (of the %zu bytes it copies, pages between "
	    "bytes %zu and %zu hold the fresh byte %#x): no clause copied "
	    "it in and no kernel wrote it", by[0] ? by : "a copy", size, lo,
	    hi, GW_FRESH_BYTE);
  gw_report ((struct gw_report_key) { 2, site, entry, NULL }, line);
}

/* The device range [D, D + SIZE) is about to be written: its pages are
   open.  */

static void
gw_device_written (uintptr_t d, size_t size)
{
  struct gw_device_block *b = gw_block_of (d);

  if (b == NULL || size == 0)
    return;
  gw_open_pages (b, (d - b->base) / gw_page,
		 (d + size - 1 - b->base) / gw_page);
}

/* A fault at ADDR, a write if WRITE, of the instruction at PC, in a
   fresh page of device block B: a kernel's first access to it.  */

static void
gw_device_fault (struct gw_device_block *b, uintptr_t addr, bool write)
{
  size_t p = (addr - b->base) / gw_page;

  if (!write)
    {
      char what[512], by[512], line[1200];
      gw_map_describe_device (addr, what, sizeof what);
      gw_site_describe (gw_kernel_site, SIZE_MAX, by, sizeof by);
      snprintf (line, sizeof line, "%s reads %s before anything wrote it: "
		"its device copy is uninitialised (no clause copied it in, "
		"no kernel wrote it; it holds the fresh byte %#x)",
		by[0] ? by : "a kernel", what, GW_FRESH_BYTE);
      gw_report ((struct gw_report_key) { 3, gw_kernel_site, 0, b }, line);
    }
  gw_open_pages (b, p, p);
}

/* A fault at ADDR of the instruction at PC in stale host page S.  Return
   true if the access is to be single-stepped with the page open.  */

static bool
gw_host_fault (struct gw_stale *s, uintptr_t addr, bool write, uintptr_t pc)
{
  unsigned off = (unsigned) (addr - s->page);

  if (off < s->lo || off >= s->hi)
    return true;
  if (!write)
    {
      char of[512], at[256], line[1200];
      gw_stale_describe (s, of, sizeof of);
      gw_describe_pc (pc, at, sizeof at);
      snprintf (line, sizeof line, "the host reads, at %s, data that %s "
		"wrote only on the device: its host copy is stale (a "
		"copyout or update self is missing; found by page "
		"protection)", at, of);
      gw_report ((struct gw_report_key) { 4, s->site, s->entry, NULL },
		 line);
    }
  gw_stale_remove (s);
  return false;
}

#if GW_CHECK_SUPPORTED
/* Give the fault to the handler that was there before.  */

static void
gw_chain (const struct sigaction *old, int sig, siginfo_t *info, void *uc)
{
  if (old->sa_flags & SA_SIGINFO)
    {
      if (old->sa_sigaction)
	{
	  old->sa_sigaction (sig, info, uc);
	  return;
	}
    }
  else if (old->sa_handler != SIG_DFL && old->sa_handler != SIG_IGN)
    {
      old->sa_handler (sig);
      return;
    }
  /* The default action, when the faulting instruction runs again.  */
  signal (sig, SIG_DFL);
}

static void
gw_segv (int sig, siginfo_t *info, void *ctx)
{
  ucontext_t *uc = ctx;
  uintptr_t addr = (uintptr_t) info->si_addr;
  bool write = (uc->uc_mcontext.gregs[REG_ERR] & 2) != 0;
  uintptr_t pc = (uintptr_t) uc->uc_mcontext.gregs[REG_RIP];

  if (info->si_code == SEGV_ACCERR)
    {
      struct gw_device_block *b = gw_block_of (addr);
      if (b)
	{
	  /* A page another thread is opening (its flag went last) is
	     open when the access runs again.  */
	  if (__atomic_load_n (&b->fresh[(addr - b->base) / gw_page],
			       __ATOMIC_ACQUIRE))
	    gw_device_fault (b, addr, write);
	  return;
	}
      struct gw_stale *s = gw_stale_find (gw_page_of (addr));
      if (s && s->protected_)
	{
	  if (!gw_host_fault (s, addr, write, pc))
	    return;
	  if (gw_num_stepping < sizeof gw_stepping / sizeof gw_stepping[0])
	    {
	      mprotect ((void *) s->page, gw_page, PROT_READ | PROT_WRITE);
	      gw_stepping[gw_num_stepping++] = s->page;
	      uc->uc_mcontext.gregs[REG_EFL] |= 0x100;	/* TF.  */
	    }
	  else
	    /* An instruction that touches more stale pages than one step
	       can open: the page is no longer watched.  */
	    gw_stale_remove (s);
	  return;
	}
    }
  gw_chain (&gw_old_segv, sig, info, ctx);
}

/* The single-stepped access is done: protect its pages again.  */

static void
gw_trap (int sig, siginfo_t *info, void *ctx)
{
  ucontext_t *uc = ctx;

  if (gw_num_stepping == 0)
    {
      gw_chain (&gw_old_trap, sig, info, ctx);
      return;
    }
  for (unsigned i = 0; i < gw_num_stepping; i++)
    {
      struct gw_stale *s = gw_stale_find (gw_stepping[i]);
      if (s && s->protected_)
	mprotect ((void *) s->page, gw_page, PROT_NONE);
    }
  gw_num_stepping = 0;
  uc->uc_mcontext.gregs[REG_EFL] &= ~0x100;
}
#endif

/* At exit: how many problems the check found.  */

static void
gw_check_summary (void)
{
  if (gw_num_reports)
    gw_message ("data check: %u problem%s found", gw_num_reports,
		gw_num_reports == 1 ? "" : "s");
}

static void
gw_check_init (void)
{
  gw_page = (size_t) sysconf (_SC_PAGESIZE);
#if GW_CHECK_SUPPORTED
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_flags = SA_SIGINFO | SA_NODEFER;
  sigemptyset (&sa.sa_mask);
  sa.sa_sigaction = gw_segv;
  sigaction (SIGSEGV, &sa, &gw_old_segv);
  sa.sa_sigaction = gw_trap;
  sigaction (SIGTRAP, &sa, &gw_old_trap);
#else
  gw_warn ("GANGWAY_CHECK=data needs x86-64 Linux; device memory is "
	   "separate but unchecked");
#endif
  atexit (gw_check_summary);
}

/* The checked memory's operations.  */

static uint64_t
gw_checked_alloc (size_t size)
{
  pthread_once (&gw_check_once, gw_check_init);
  size_t pages = (size ? size + gw_page - 1 : gw_page) / gw_page;
  void *p = mmap (NULL, pages * gw_page, PROT_READ | PROT_WRITE,
		  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    gw_fatal ("cannot allocate %zu bytes of the cpu device's memory "
	      "(GANGWAY_CHECK=data)", size);
  memset (p, GW_FRESH_BYTE, pages * gw_page);
  if (GW_CHECK_SUPPORTED)
    mprotect (p, pages * gw_page, PROT_NONE);
  unsigned char *fresh = malloc (pages);
  if (fresh == NULL)
    gw_fatal ("out of memory for the data check's device blocks");
  memset (fresh, GW_CHECK_SUPPORTED, pages);
  pthread_mutex_lock (&gw_check_lock);
  if (gw_num_blocks == gw_max_blocks)
    {
      /* A fault handler may be reading the old array: it stays.  */
      size_t n = gw_max_blocks ? 2 * gw_max_blocks : 64;
      struct gw_device_block *grown = malloc (n * sizeof *grown);
      if (grown == NULL)
	gw_fatal ("out of memory for the data check's device blocks");
      memcpy (grown, gw_blocks, gw_num_blocks * sizeof *grown);
      gw_blocks = grown;
      gw_max_blocks = n;
    }
  gw_blocks[gw_num_blocks] = (struct gw_device_block) {
    .base = (uintptr_t) p, .pages = pages, .fresh = fresh };
  __atomic_store_n (&gw_num_blocks, gw_num_blocks + 1, __ATOMIC_RELEASE);
  pthread_mutex_unlock (&gw_check_lock);
  return (uintptr_t) p;
}

static void
gw_checked_free (uint64_t d, size_t size)
{
  (void) size;
  pthread_mutex_lock (&gw_check_lock);
  for (size_t i = 0; i < gw_num_blocks; i++)
    if (gw_blocks[i].base == d)
      {
	munmap ((void *) (uintptr_t) d, gw_blocks[i].pages * gw_page);
	free (gw_blocks[i].fresh);
	gw_blocks[i] = gw_blocks[--gw_num_blocks];
	break;
      }
  pthread_mutex_unlock (&gw_check_lock);
}

static void
gw_checked_to_device (uint64_t dst, const void *src, size_t size)
{
  pthread_mutex_lock (&gw_check_lock);
  gw_host_read ((uintptr_t) src, size);
  gw_device_written (dst, size);
  memcpy ((void *) (uintptr_t) dst, src, size);
  gw_protect_stale ();
  pthread_mutex_unlock (&gw_check_lock);
}

static void
gw_checked_to_host (void *dst, uint64_t src, size_t size)
{
  pthread_mutex_lock (&gw_check_lock);
  gw_device_read (src, size);
  gw_host_written ((uintptr_t) dst, size);
  memcpy (dst, (const void *) (uintptr_t) src, size);
  gw_protect_stale ();
  pthread_mutex_unlock (&gw_check_lock);
}

static void
gw_checked_copy (uint64_t dst, uint64_t src, size_t size)
{
  pthread_mutex_lock (&gw_check_lock);
  gw_device_read (src, size);
  gw_device_written (dst, size);
  memmove ((void *) (uintptr_t) dst, (const void *) (uintptr_t) src, size);
  pthread_mutex_unlock (&gw_check_lock);
}

const struct gw_memory gw_memory_checked = {
  .alloc = gw_checked_alloc,
  .free = gw_checked_free,
  .to_device = gw_checked_to_device,
  .to_host = gw_checked_to_host,
  .copy = gw_checked_copy,
};

/* A kernel's data, saved before it runs: each mapped object's device
   copy.  */
struct gw_saved
{
  uintptr_t host;
  size_t size;
  uint64_t dev;
  size_t entry;
  unsigned char *before;
};

struct gw_check_kernel
{
  struct gw_saved *saved;
  size_t n, max;
  const struct gw_site *site;	/* The launch's.  */
};

/* Copy device bytes [D, D + SIZE) into OUT, without opening fresh pages
   (their bytes are the fresh byte).  */

static void
gw_read_device (unsigned char *out, uintptr_t d, size_t size)
{
  struct gw_device_block *b = gw_block_of (d);

  for (size_t done = 0; done < size;)
    {
      uintptr_t a = d + done;
      size_t n = gw_page - (a & (gw_page - 1));
      if (n > size - done)
	n = size - done;
      if (b && a >= b->base && b->fresh[(a - b->base) / gw_page])
	memset (out + done, GW_FRESH_BYTE, n);
      else
	memcpy (out + done, (const void *) a, n);
      done += n;
    }
}

static void
gw_save_one (void *arg, uintptr_t host, size_t size, uint64_t dev,
	     size_t entry)
{
  struct gw_check_kernel *k = arg;

  /* Only objects with a whole page can be watched.  */
  if (gw_page_of (host + gw_page - 1) + gw_page > host + size)
    return;
  if (k->n == k->max)
    {
      k->max = k->max ? 2 * k->max : 16;
      k->saved = realloc (k->saved, k->max * sizeof *k->saved);
      if (k->saved == NULL)
	gw_fatal ("out of memory for the data check");
    }
  unsigned char *before = malloc (size);
  if (before == NULL)
    gw_fatal ("out of memory for the data check (%zu bytes)", size);
  gw_read_device (before, dev, size);
  k->saved[k->n++] = (struct gw_saved) { host, size, dev, entry, before };
}

/* The kernel of launch R is about to run: save its data.  Return what
   gw_check_kernel_end needs.  */

struct gw_check_kernel *
gw_check_kernel_begin (const struct gw_region *r)
{
  struct gw_check_kernel *k = calloc (1, sizeof *k);

  if (k == NULL)
    gw_fatal ("out of memory for the data check");
  k->site = gw_map_region_site (r);
  pthread_mutex_lock (&gw_check_lock);
  gw_map_each (r, gw_save_one, k);
  gw_kernel_site = gw_kernels_running++ ? NULL : k->site;
  pthread_mutex_unlock (&gw_check_lock);
  return k;
}

/* Return the bounds of the thread's stack in *LO, *HI.  */

static void
gw_stack_bounds (uintptr_t *lo, uintptr_t *hi)
{
  static __thread uintptr_t known_lo, known_hi;
  pthread_attr_t a;
  void *addr;
  size_t size;

  if (known_hi == 0 && pthread_getattr_np (pthread_self (), &a) == 0)
    {
      if (pthread_attr_getstack (&a, &addr, &size) == 0)
	{
	  known_lo = (uintptr_t) addr;
	  known_hi = known_lo + size;
	}
      pthread_attr_destroy (&a);
    }
  *lo = known_lo;
  *hi = known_hi;
}

/* The kernel K saved the data of has run: the host pages of its objects
   whose device copies it changed are stale, until the end of the launch
   (gw_unmap) copies them back.  */

void
gw_check_kernel_end (struct gw_check_kernel *k)
{
  uintptr_t stack_lo, stack_hi;

  gw_stack_bounds (&stack_lo, &stack_hi);
  pthread_mutex_lock (&gw_check_lock);
  gw_kernels_running--;
  gw_kernel_site = NULL;
  for (size_t i = 0; i < k->n; i++)
    {
      struct gw_saved *sv = &k->saved[i];
      if (sv->host < stack_hi && sv->host + sv->size > stack_lo)
	{
	  free (sv->before);
	  continue;
	}
      unsigned char *after = malloc (gw_page);
      if (after == NULL)
	gw_fatal ("out of memory for the data check");
      uintptr_t first = gw_page_of (sv->host + gw_page - 1);
      for (uintptr_t p = first; p + gw_page <= sv->host + sv->size;
	   p += gw_page)
	{
	  size_t off = p - sv->host;
	  gw_read_device (after, sv->dev + off, gw_page);
	  const unsigned char *before = sv->before + off;
	  const unsigned char *host = (const unsigned char *) p;
	  struct gw_stale *old = gw_stale_find (p);
	  if (old && old->protected_)
	    continue;		/* Stale already; the host cannot read it.  */
	  if (memcmp (after, before, gw_page) == 0)
	    continue;		/* The kernel did not write it.  */
	  /* The first and the last byte the kernel changed to a value the
	     host lacks.  */
	  unsigned lo = 0, hi = (unsigned) gw_page;
	  while (lo < hi && (after[lo] == before[lo] || after[lo] == host[lo]))
	    lo++;
	  while (hi > lo && (after[hi - 1] == before[hi - 1]
			     || after[hi - 1] == host[hi - 1]))
	    hi--;
	  if (lo == hi)
	    continue;
	  struct gw_stale *s = gw_stale_insert (p);
	  if (s->hi > s->lo)
	    {
	      lo = lo < s->lo ? lo : s->lo;
	      hi = hi > s->hi ? hi : s->hi;
	    }
	  *s = (struct gw_stale) { .page = p, .lo = lo, .hi = hi,
				   .site = k->site, .entry = sv->entry };
	}
      free (after);
      free (sv->before);
    }
  pthread_mutex_unlock (&gw_check_lock);
  free (k->saved);
  free (k);
}

/* Protect the pages that are stale (under GW_CHECK_LOCK).  */

static void
gw_protect_stale (void)
{
  if (!GW_CHECK_SUPPORTED)
    return;
  for (size_t i = 0; i < gw_stale_size; i++)
    if (gw_stale[i].page && !gw_stale[i].protected_)
      {
	gw_stale[i].protected_ = true;
	mprotect ((void *) gw_stale[i].page, gw_page, PROT_NONE);
      }
}

/* The launch is over, its copies back done: protect the pages that are
   still stale.  */

void
gw_check_protect (void)
{
  pthread_mutex_lock (&gw_check_lock);
  gw_protect_stale ();
  pthread_mutex_unlock (&gw_check_lock);
}
