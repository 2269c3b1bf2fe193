/* The environment variables of libgangway, and its messages.
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

/* The runtime reads its environment once, at the first call that needs
   it, into a gw_config that never changes afterwards.  The variables:

     ACC_DEVICE_TYPE=host   run every region on the host (OpenACC's own
			    variable; other values leave the choice to
			    GANGWAY_DEVICE);
     GANGWAY_DEVICE         "ptx", "cpu" or "host"; unset, the ptx device
			    if it is usable (device-ptx.c), else cpu;
     GANGWAY_CUDA_DRIVER    the CUDA driver library the ptx device opens
			    (default libcuda.so.1; the tests name a fake);
     ACC_DEVICE_NUM         the GPU the ptx device is (OpenACC's variable:
			    0 to the driver's count - 1; default 0);
     GANGWAY_NUM_THREADS    size of the cpu device's thread pool, counting
			    the launching thread (default: one per CPU this
			    process may run on, cpus.c);
     GANGWAY_POOL_POLICY    "full" (the default) or "simple": the cpu
			    device's pool with its heuristics, or without
			    (pool-policy.c);
     GANGWAY_CPU_ISA        the highest x86-64 level the cpu device may
			    assume, for testing images of higher levels;
     GANGWAY_MEM            "shared" (the default) or "separate": the cpu
			    device works in the host's memory, or in memory
			    of its own that data clauses copy to and from
			    (device-cpu.c);
     GANGWAY_CHECK          "data": the cpu device's memory is separate
			    (as GANGWAY_MEM=separate says) and watched for
			    data bugs (check.c);
     GANGWAY_LOG            comma-separated: "launch", "time", "pool" or
			    "all".

   Messages go to stderr, each line with a single write so that lines from
   several threads do not mix.  */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "runtime.h"

/* Largest pool GANGWAY_NUM_THREADS may ask for.  */
#define GW_MAX_THREADS 4096

struct gw_config gw_the_config;
atomic_bool gw_config_ready;
static pthread_once_t gw_config_once = PTHREAD_ONCE_INIT;
/* Whether ACC_DEVICE_NUM named a device above 0: libgomp's number of
   its host device must be set to 0 (gw_config_first).  */
static bool gw_libgomp_device_num_zero;

/* Write the SIZE bytes at DATA to file descriptor FD, in one write call
   unless it is interrupted or short.  Return 0, or an errno value.  */

int
gw_write_all (int fd, const void *data, size_t size)
{
  const char *p = data;

  while (size > 0)
    {
      ssize_t n = write (fd, p, size);
      if (n < 0 && errno == EINTR)
	continue;
      if (n < 0)
	return errno;
      if (n == 0)
	return EIO;
      p += n;
      size -= (size_t) n;
    }
  return 0;
}

/* Format a line of PREFIX followed by FMT with the arguments AP, ending
   it with a newline, and write it to stderr.  An overlong line is cut
   short but keeps its newline.  */

static void
gw_vline (const char *prefix, const char *fmt, va_list ap)
{
  char buf[1024];
  size_t len = strlen (prefix);

  memcpy (buf, prefix, len);
  int n = vsnprintf (buf + len, sizeof buf - len - 1, fmt, ap);
  if (n < 0)
    n = 0;
  len += (size_t) n;
  if (len > sizeof buf - 2)
    len = sizeof buf - 2;
  buf[len++] = '\n';
  gw_write_all (STDERR_FILENO, buf, len);
}

/* Print the message FMT (printf-style, followed by its arguments) on
   stderr as a line starting "gangway: ".  */

void
gw_message (const char *fmt, ...)
{
  va_list ap;

  va_start (ap, fmt);
  gw_vline ("gangway: ", fmt, ap);
  va_end (ap);
}

/* Print the error FMT (printf-style, followed by its arguments) on stderr
   as a line starting "gangway: fatal error: " and end the process with
   status EXIT_FAILURE, as libgomp does for the errors of OpenACC
   programs (a present clause on data that is not present...).  */

void
gw_fatal (const char *fmt, ...)
{
  va_list ap;

  va_start (ap, fmt);
  gw_vline ("gangway: fatal error: ", fmt, ap);
  va_end (ap);
  exit (EXIT_FAILURE);
}

/* Print the warning FMT (printf-style, followed by its arguments) on
   stderr as a line starting "gangway: warning: ".  */

void
gw_warn (const char *fmt, ...)
{
  va_list ap;

  va_start (ap, fmt);
  gw_vline ("gangway: warning: ", fmt, ap);
  va_end (ap);
}

/* Return the name of the object file that contains ADDR, for messages.  */

const char *
gw_object_name (const void *addr)
{
  Dl_info info;

  if (dladdr (addr, &info) && info.dli_fname && *info.dli_fname)
    return info.dli_fname;
  return "the program";
}

/* Return the time on a monotonic clock, in nanoseconds.  */

uint64_t
gw_now_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

/* Return the value of environment variable NAME, or NULL if it is unset
   or empty.  */

static const char *
gw_getenv (const char *name)
{
  const char *v = getenv (name);

  return v && *v ? v : NULL;
}

/* Return the ISA level (1 for "x86-64", 2-4 for "x86-64-v2" ..
   "x86-64-v4") that NAME spells, ignoring case, or 0 if it is none of
   them.  */

int
gw_isa_level (const char *name)
{
  if (strncasecmp (name, "x86-64", 6) != 0)
    return 0;
  name += 6;
  if (*name == '\0')
    return 1;
  if ((name[0] == '-') && (name[1] == 'v' || name[1] == 'V')
      && name[2] >= '2' && name[2] <= '4' && name[3] == '\0')
    return name[2] - '0';
  return 0;
}

/* The full policy's heuristics by the names of GANGWAY_POOL_POLICY's
   no-NAME items.  */

static const struct
{
  const char *name;
  unsigned bit;
} gw_pool_heuristics[] = {
  { "quick", GW_POOL_NO_QUICK },
  { "alone", GW_POOL_NO_ALONE },
  { "trials", GW_POOL_NO_TRIALS },
  { "async-now", GW_POOL_NO_ASYNC_NOW },
  { "move", GW_POOL_NO_MOVE },
};

/* Parse GANGWAY_POOL_POLICY's value V (null: unset) into C's pool_policy
   and pool_off: "simple", or "full" followed by comma-separated no-NAME
   items, each turning off one of the full policy's heuristics.  A
   misspelt policy is the default and a misspelt item is ignored, with a
   warning.  */

static void
gw_parse_pool_policy (const char *v, struct gw_config *c)
{
  c->pool_policy = GW_POOL_POLICY_FULL;
  c->pool_off = 0;
  if (!v || !v[0])
    return;
  size_t n = strcspn (v, ",");
  if (n == 6 && strncasecmp (v, "simple", n) == 0)
    {
      c->pool_policy = GW_POOL_POLICY_SIMPLE;
      if (v[n])
	gw_warn ("GANGWAY_POOL_POLICY=simple takes no items; '%s' ignored",
		 v + n + 1);
      return;
    }
  if (!(n == 4 && strncasecmp (v, "full", n) == 0))
    gw_warn ("unknown GANGWAY_POOL_POLICY '%.*s' ignored; known: full, "
	     "simple; using full", (int) n, v);
  for (const char *item = v + n; *item == ',';)
    {
      item++;
      size_t len = strcspn (item, ",");
      unsigned bit = 0;
      for (size_t k = 0; k < sizeof gw_pool_heuristics
			      / sizeof gw_pool_heuristics[0]; k++)
	if (len == 3 + strlen (gw_pool_heuristics[k].name)
	    && strncasecmp (item, "no-", 3) == 0
	    && strncasecmp (item + 3, gw_pool_heuristics[k].name,
			    len - 3) == 0)
	  bit = gw_pool_heuristics[k].bit;
      if (bit)
	c->pool_off |= bit;
      else
	gw_warn ("unknown GANGWAY_POOL_POLICY item '%.*s' ignored; known: "
		 "no-quick, no-alone, no-trials, no-async-now, no-move",
		 (int) len, item);
      item += len;
    }
}

/* Write the policy of C as GANGWAY_POOL_POLICY spells it ("full,no-move")
   into BUF of SIZE bytes, and return BUF.  */

char *
gw_format_pool_policy (const struct gw_config *c, char *buf, size_t size)
{
  size_t at = snprintf (buf, size, "%s",
			c->pool_policy == GW_POOL_POLICY_SIMPLE ? "simple"
			: "full");
  for (size_t k = 0; k < sizeof gw_pool_heuristics
			  / sizeof gw_pool_heuristics[0]; k++)
    if ((c->pool_off & gw_pool_heuristics[k].bit) && at < size)
      at += snprintf (buf + at, size - at, ",no-%s",
		      gw_pool_heuristics[k].name);
  return buf;
}

/* Parse GOMP_OPENACC_DIM, libgomp's "GANGS:WORKERS:VECTOR" (each part
   optional, "8::" or ":4"), into DIMS (0 where not given); warn about a
   value that is not of that form and ignore the rest of it.  */

static void
gw_parse_default_dims (const char *spec, unsigned dims[GW_AXES])
{
  const char *p = spec;

  for (int i = 0; i < GW_AXES && *p; i++)
    {
      if (i > 0 && *p++ != ':')
	goto bad;
      if (*p == ':' || *p == '\0')
	continue;
      char *end;
      errno = 0;
      long v = strtol (p, &end, 10);
      if (errno || end == p || v < 0 || v > 0x7fffffff)
	goto bad;
      dims[i] = (unsigned) v;
      p = end;
    }
  if (*p == '\0')
    return;
 bad:
  gw_warn ("invalid GOMP_OPENACC_DIM=%s (want GANGS:WORKERS:VECTOR, each "
	   "a number or empty); the rest of it is ignored", spec);
}

/* Parse the GANGWAY_LOG value SPEC into GW_LOG_* bits, warning once
   about the categories it does not know.  */

static unsigned
gw_parse_log (const char *spec)
{
  static const struct
  {
    const char *name;
    unsigned bits;
  } categories[] = {
    { "launch", GW_LOG_LAUNCH },
    { "time", GW_LOG_TIME },
    { "pool", GW_LOG_POOL },
    { "all", GW_LOG_LAUNCH | GW_LOG_TIME | GW_LOG_POOL },
  };
  char unknown[256] = "";
  size_t unknown_len = 0;
  unsigned bits = 0;

  while (*spec)
    {
      size_t len = strcspn (spec, ",");
      const char *word = spec;
      size_t wlen = len;

      /* Ignore blanks around a category.  */
      while (wlen > 0 && (*word == ' ' || *word == '\t'))
	word++, wlen--;
      while (wlen > 0 && (word[wlen - 1] == ' ' || word[wlen - 1] == '\t'))
	wlen--;

      if (wlen > 0)
	{
	  size_t i;
	  for (i = 0; i < sizeof categories / sizeof categories[0]; i++)
	    if (strlen (categories[i].name) == wlen
		&& strncasecmp (categories[i].name, word, wlen) == 0)
	      break;
	  if (i < sizeof categories / sizeof categories[0])
	    bits |= categories[i].bits;
	  else if (unknown_len < sizeof unknown)
	    {
	      int n = snprintf (unknown + unknown_len,
				sizeof unknown - unknown_len, "%s'%.*s'",
				unknown_len ? ", " : "", (int) wlen, word);
	      if (n > 0)
		unknown_len += (size_t) n;
	    }
	}
      spec += len;
      if (*spec == ',')
	spec++;
    }

  if (unknown_len > 0)
    gw_warn ("unknown GANGWAY_LOG categor%s %s ignored; known: launch, "
	     "time, pool, all", strchr (unknown, ',') ? "ies" : "y", unknown);
  return bits;
}

/* Fill in gw_the_config from the environment.  Runs once.  */

static void
gw_read_config (void)
{
  struct gw_config *c = &gw_the_config;
  const char *v;

  gw_find_cpus (&c->cpus);
  c->online_cpus = c->cpus.count;

  /* The device.  OpenACC's ACC_DEVICE_TYPE=host wins over our own
     variable, as a user who sets it expects no offloading at all.  Unset,
     the first device in order is preferred (the ptx device); whether it
     is usable is found out when it is first needed (its probe).  A
     misspelt value must not pick a GPU by surprise: it means the last
     device in order, the one everything falls back to (the cpu
     device).  */
  c->device = gw_first_device ();
  c->device_explicit = false;
  c->host_reason = NULL;
  v = gw_getenv ("GANGWAY_DEVICE");
  if (v)
    {
      c->device_explicit = true;
      if (strcasecmp (v, "host") == 0)
	{
	  c->device = -1;
	  c->host_reason = "GANGWAY_DEVICE=host";
	}
      else
	{
	  int last = -1, found = -1;
	  for (int d = gw_first_device (); d >= 0; d = gw_next_device (d))
	    {
	      last = d;
	      if (strcasecmp (v, gw_devices[d]->name) == 0)
		found = d;
	    }
	  c->device = found >= 0 ? found : last;
	  if (found < 0)
	    gw_warn ("unknown GANGWAY_DEVICE=%s; using %s", v,
		     gw_devices[last]->name);
	}
    }
  v = gw_getenv ("ACC_DEVICE_TYPE");
  if (v && strcasecmp (v, "host") == 0)
    {
      c->device = -1;
      c->host_reason = "ACC_DEVICE_TYPE=host";
    }

  /* A misspelt value must not hide data bugs by surprise either: anything
     but "shared" is separate, with a warning.  */
  c->cpu_mem_separate = gw_env_mem_separate ();
  v = gw_getenv ("GANGWAY_MEM");
  if (c->cpu_mem_separate && v && strcasecmp (v, "separate") != 0
      && strcasecmp (v, "shared") != 0)
    gw_warn ("unknown GANGWAY_MEM=%s (want shared or separate); using "
	     "separate", v);

  v = gw_getenv ("GANGWAY_CHECK");
  if (v && strcasecmp (v, "data") == 0)
    {
      c->check_data = c->cpu_mem_separate = true;
      v = gw_getenv ("GANGWAY_MEM");
      if (v && strcasecmp (v, "shared") == 0)
	gw_warn ("GANGWAY_CHECK=data needs the cpu device's separate memory; "
		 "ignoring GANGWAY_MEM=shared");
    }
  else if (v && v[0] && strcasecmp (v, "none") != 0)
    gw_warn ("unknown GANGWAY_CHECK=%s (want data or none); ignored", v);

  /* The ptx device's cache of freed device memory: on unless 0 or off.  */
  v = gw_getenv ("GANGWAY_PTX_CACHE");
  c->ptx_cache = !(v && (strcmp (v, "0") == 0 || strcasecmp (v, "off") == 0));

  c->cuda_driver = gw_getenv ("GANGWAY_CUDA_DRIVER");
  if (c->cuda_driver == NULL)
    c->cuda_driver = "libcuda.so.1";
  c->gpu = 0;
  v = gw_getenv ("ACC_DEVICE_NUM");
  if (v && v[0])
    {
      char *end;
      long n = strtol (v, &end, 10);
      if (*end || n < 0 || n > 1 << 20)
	gw_warn ("ACC_DEVICE_NUM=%s is not a device number; using 0", v);
      else
	c->gpu = (int) n;
      /* libgomp read it too, for its own devices, and would refuse
	 its host device a number above 0 at its first use: its number
	 is 0 (gangway_acc_set_device_num talks to it the same way).  */
      if (n != 0)
	gw_libgomp_device_num_zero = true;
    }

  /* The pool size.  */
  c->num_threads = c->online_cpus < GW_MAX_THREADS ? c->online_cpus
		   : GW_MAX_THREADS;
  v = gw_getenv ("GANGWAY_NUM_THREADS");
  if (v)
    {
      char *end;
      errno = 0;
      long n = strtol (v, &end, 10);
      if (errno == 0 && end != v && *end == '\0' && n >= 1
	  && n <= GW_MAX_THREADS)
	c->num_threads = (unsigned) n;
      else
	gw_warn ("invalid GANGWAY_NUM_THREADS=%s (want 1..%d); using %u", v,
		 GW_MAX_THREADS, c->num_threads);
    }

  /* The ISA cap.  */
  c->cpu_isa_cap = 4;
  v = gw_getenv ("GANGWAY_CPU_ISA");
  if (v)
    {
      int level = gw_isa_level (v);
      if (level > 0)
	c->cpu_isa_cap = level;
      else
	gw_warn ("unknown GANGWAY_CPU_ISA=%s (want x86-64, x86-64-v2, "
		 "x86-64-v3 or x86-64-v4); ignored", v);
    }

  /* The default dimensions of launches that leave them open.  */
  memset (c->default_dims, 0, sizeof c->default_dims);
  v = gw_getenv ("GOMP_OPENACC_DIM");
  if (v)
    gw_parse_default_dims (v, c->default_dims);

  /* The pool's policy.  */
  gw_parse_pool_policy (gw_getenv ("GANGWAY_POOL_POLICY"), c);

  /* Logging.  */
  c->log = 0;
  v = gw_getenv ("GANGWAY_LOG");
  if (v)
    c->log = gw_parse_log (v);

  /* gw_config's quick path reads it from now on.  */
  atomic_store_explicit (&gw_config_ready, true, memory_order_release);
}

/* Return the configuration, reading the environment first: gw_config's
   path for the calls until it has been read.  */

/* Return true if GANGWAY_MEM asks for the cpu device's own memory: the
   configuration's cpu_mem_separate, for a caller that must not read the
   whole configuration yet (a unit's registration, before the program's
   main may change the CPUs the configuration records).  */

bool
gw_env_mem_separate (void)
{
  const char *v = gw_getenv ("GANGWAY_CHECK");
  if (v && strcasecmp (v, "data") == 0)
    return true;
  v = gw_getenv ("GANGWAY_MEM");
  return v && strcasecmp (v, "shared") != 0;
}

extern void acc_set_device_num (int, int);

const struct gw_config *
gw_config_first (void)
{
  pthread_once (&gw_config_once, gw_read_config);
  /* Outside the once: libgomp's function may read the configuration.  */
  static atomic_bool told;
  if (gw_libgomp_device_num_zero && !atomic_exchange (&told, true))
    acc_set_device_num (0, 1 /* acc_device_default */);
  return &gw_the_config;
}
