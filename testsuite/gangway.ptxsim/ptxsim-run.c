/* ptxsim-run: run a program's OpenACC regions as PTX on ptxsim.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   Linked into a program compiled with the Gangway plugin for the ptx
   target, in place of libgangway: it is the runtime half of the ABI
   (libruntime/gangway-abi.h).  The units register here; each launch finds
   its kernel in the unit's "ptx" image, linked with the images of the
   units that export the routines it imports, and runs it on the
   interpreter
   with gw_data = the launch's HOSTADDRS (the region's argument block, as
   on the cpu device: device memory is host memory) and gw_globals = the
   unit's global table, on a grid of gangs of the block .reqntid gives.
   The program's own checks then validate the PTX.  A run-time
   dimension that is not positive ends the program with status 1, as
   libgangway does, and so does a routine that no unit exports.

   Environment:
     GOMP_OPENACC_DIM=N:...  gangs when neither the program nor the
			  compiler fixes them, as in libgangway;
     PTXSIM_GANGS=N	  gangs when none of those does (default 3);
     PTXSIM_PTX=FILE	  run the kernels from FILE instead of the image
			  (a deliberately broken variant, say);
     PTXSIM_ALLOW_HOST=1 run regions without ptx code on the host (else
			  they are an error, exit 2);
     PTXSIM_VERBOSE=1	  log each launch on stderr;
   and those of ptxsim itself (ptxsim.h).  An interpreter error is
   printed and the program exits with status 3.  */

#include "gangway-abi.h"
#include "ptxsim.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_UNITS 64

/* GOACC launch words (libruntime/runtime.h).  */
#define LAUNCH_END 0
#define LAUNCH_DIM 1
#define LAUNCH_ASYNC 2
#define LAUNCH_WAIT 3
#define LAUNCH_CODE(W) (((W) >> 28) & 0xfu)
#define LAUNCH_OP(W) ((W) & 0xffffu)
#define LAUNCH_OP_WIDE 0xffffu
#define FLAG_HOST_FALLBACK 1

static struct
{
  const struct gw_unit *unit;
  ptxsim_module *mod;
} units[MAX_UNITS];
static int nunits;

static void
die (int status, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  fprintf (stderr, "ptxsim: ");
  vfprintf (stderr, fmt, ap);
  fprintf (stderr, "\n");
  va_end (ap);
  fflush (NULL);
  _Exit (status);
}

static int
verbose (void)
{
  const char *v = getenv ("PTXSIM_VERBOSE");
  return v && *v && strcmp (v, "0");
}

void
gangway_register_unit (const struct gw_unit *u)
{
  if (u->magic != GW_UNIT_MAGIC || u->version != GW_ABI_VERSION)
    die (2, "a unit descriptor of another ABI");
  if (nunits == MAX_UNITS)
    die (2, "too many units");
  units[nunits].unit = u;
  units[nunits].mod = NULL;
  nunits++;
}

void
gangway_unregister_unit (const struct gw_unit *u)
{
  for (int i = 0; i < nunits; i++)
    if (units[i].unit == u)
      {
	if (units[i].mod)
	  ptxsim_unload (units[i].mod);
	units[i] = units[--nunits];
	return;
      }
}

static char *
read_file (const char *name)
{
  FILE *f = fopen (name, "rb");
  if (!f)
    die (2, "cannot open %s", name);
  fseek (f, 0, SEEK_END);
  long n = ftell (f);
  rewind (f);
  char *b = malloc (n + 1);
  if (!b || fread (b, 1, n, f) != (size_t) n)
    die (2, "cannot read %s", name);
  b[n] = 0;
  fclose (f);
  return b;
}

/* The ptx image of unit U, or NULL.  */

static const struct gw_image *
ptx_image (const struct gw_unit *u)
{
  for (uintptr_t k = 0; k < u->num_images; k++)
    {
      const struct gw_image *im = &GW_UNIT_IMAGES (u)[k];
      if (!strcmp (im->target, "ptx"))
	{
	  if (!im->size || im->data[im->size - 1] != 0)
	    die (2, "the ptx image is not NUL-terminated");
	  return im;
	}
    }
  return NULL;
}

/* Whether the image IM exports SYMBOL.  */

static int
exports (const struct gw_image *im, const char *symbol)
{
  for (const char *const *e = im->exports; e && *e; e++)
    if (!strcmp (*e, symbol))
      return 1;
  return 0;
}

/* Add to the TEXTS of a link (*N of them) the ptx images of the units
   that export the imports of IM, transitively, as libgangway links them
   (device-ptx.c); a routine no unit exports is an error.  */

static void
add_exporters (const struct gw_image *im, const char **texts, int *n)
{
  for (const char *const *imp = im->imports; imp && imp[0]; imp += 2)
    {
      const struct gw_image *found = NULL;
      for (int j = 0; j < nunits && !found; j++)
	{
	  const struct gw_image *o = ptx_image (units[j].unit);
	  if (o && o != im && exports (o, imp[0]))
	    found = o;
	}
      if (!found)
	die (1, "the routine '%s' (%s) has no ptx code in any unit",
	     imp[1], imp[0]);
      int seen = 0;
      for (int j = 0; j < *n; j++)
	seen |= texts[j] == (const char *) found->data;
      if (!seen)
	{
	  if (*n == MAX_UNITS)
	    die (2, "too many units to link");
	  texts[(*n)++] = (const char *) found->data;
	  add_exporters (found, texts, n);
	}
    }
}

/* The module of unit I, loaded on first use.  */

static ptxsim_module *
module_of (int i)
{
  if (units[i].mod)
    return units[i].mod;
  const struct gw_unit *u = units[i].unit;
  const struct gw_image *im = ptx_image (u);
  if (!im)
    return NULL;
  const char *texts[MAX_UNITS];
  int n = 0;
  char *owned = NULL;
  const char *over = getenv ("PTXSIM_PTX");
  texts[n++] = over && *over ? (owned = read_file (over))
	       : (const char *) im->data;
  add_exporters (im, texts, &n);
  char err[2048];
  units[i].mod = ptxsim_link (texts, n, err, sizeof err);
  free (owned);
  if (!units[i].mod)
    die (3, "cannot load the PTX: %s", err);
  /* Each exported routine's table variable (gangway-abi.h,
     GW_PTX_TABLE_SUFFIX) gets its unit's global table, the host's: the
     device's memory is the host's here.  */
  for (int j = 0; j < nunits; j++)
    {
      const struct gw_image *o = ptx_image (units[j].unit);
      /* Unit I's own image may be PTXSIM_PTX's text instead.  */
      int linked = o && j == i;
      for (int k = 0; o && k < n; k++)
	linked |= texts[k] == (const char *) o->data;
      for (const char *const *e = linked ? o->exports : NULL; e && *e; e++)
	{
	  char name[512];
	  unsigned long long addr;
	  size_t size;
	  snprintf (name, sizeof name, "%s%s", *e, GW_PTX_TABLE_SUFFIX);
	  if (ptxsim_global (units[i].mod, name, &addr, &size) && size == 8)
	    *(const void **) (uintptr_t) addr = GW_UNIT_GLOBALS (units[j].unit);
	}
    }
  return units[i].mod;
}

/* libgomp's entry points: launches (whose host path calls the function it
   is given) and the data directives, which on this shared-memory test
   device are libgomp's own.  */
extern void GOACC_parallel_keyed (int, void (*) (void *), size_t, void **,
				  size_t *, unsigned short *, ...);
extern void GOACC_data_start (int, size_t, void **, size_t *,
			      unsigned short *);
extern void GOACC_data_end (void);
extern void GOACC_enter_data (int, size_t, void **, size_t *,
			      unsigned short *, int, int, ...);
extern void GOACC_exit_data (int, size_t, void **, size_t *,
			     unsigned short *, int, int, ...);
extern void GOACC_update (int, size_t, void **, size_t *, unsigned short *,
			  int, int, ...);

/* A launch waiting for libgomp to call trampoline.  */
struct launch
{
  ptxsim_module *m;
  const struct gw_kernel *kern;
  int ui;
  unsigned gangs, block[3];
  intptr_t kdims[GW_AXES];
};
static __thread struct launch *pending;

static void
trampoline (void *hostaddrs)
{
  struct launch *l = pending;
  pending = NULL;
  void *data = hostaddrs;
  void *globals = (void *) GW_UNIT_GLOBALS (units[l->ui].unit);
  void *params[2] = { &data, &globals };
  char err[4096];
  if (ptxsim_launch (l->m, l->kern->symbol, l->gangs, 1, 1, l->block[0],
		     l->block[1], l->block[2], params, err, sizeof err))
    die (3, "%s", err);
  if (verbose ())
    fprintf (stderr, "ptxsim: launch %s (%s) gangs=%u block=%ux%ux%u "
	     "dims=%ld,%ld,%ld steps=%llu\n", l->kern->name, l->kern->symbol,
	     l->gangs, l->block[0], l->block[1], l->block[2],
	     (long) l->kdims[0], (long) l->kdims[1], (long) l->kdims[2],
	     ptxsim_last_steps (l->m));
}

void
gangway_data_start (const struct gw_site *site, int flags, size_t mapnum,
		    void **hostaddrs, size_t *sizes, unsigned short *kinds)
{
  (void) site;
  GOACC_data_start (flags, mapnum, hostaddrs, sizes, kinds);
}

void
gangway_data_end (void)
{
  GOACC_data_end ();
}

/* The directives' wait lists are nothing to wait for here: every launch
   is synchronous.  */

void
gangway_enter_data (const struct gw_site *site, int flags, size_t mapnum,
		    void **hostaddrs, size_t *sizes, unsigned short *kinds,
		    int async, int num_waits, ...)
{
  (void) site;
  (void) num_waits;
  GOACC_enter_data (flags, mapnum, hostaddrs, sizes, kinds, async, 0);
}

void
gangway_exit_data (const struct gw_site *site, int flags, size_t mapnum,
		   void **hostaddrs, size_t *sizes, unsigned short *kinds,
		   int async, int num_waits, ...)
{
  (void) site;
  (void) num_waits;
  GOACC_exit_data (flags, mapnum, hostaddrs, sizes, kinds, async, 0);
}

void
gangway_update (const struct gw_site *site, int flags, size_t mapnum,
		void **hostaddrs, size_t *sizes, unsigned short *kinds,
		int async, int num_waits, ...)
{
  (void) site;
  (void) num_waits;
  GOACC_update (flags, mapnum, hostaddrs, sizes, kinds, async, 0);
}

/* The wait directive and the acc_* calls the plugin rewrites
   (libruntime/async.c): nothing is queued here, so they are libgomp's.  */

void
gangway_wait (int async, int num_waits, ...)
{
  (void) async;
  (void) num_waits;
}

extern void acc_wait (int);
extern void acc_wait_all (void);
extern void acc_wait_async (int, int);
extern void acc_wait_all_async (int);
extern int acc_async_test (int);
extern int acc_async_test_all (void);

void
gangway_acc_wait (int async)
{
  acc_wait (async);
}

void
gangway_acc_wait_all (void)
{
  acc_wait_all ();
}

void
gangway_acc_wait_async (int async1, int async2)
{
  acc_wait_async (async1, async2);
}

void
gangway_acc_wait_all_async (int async)
{
  acc_wait_all_async (async);
}

int
gangway_acc_async_test (int async)
{
  return acc_async_test (async);
}

int
gangway_acc_async_test_all (void)
{
  return acc_async_test_all ();
}

/* No CUDA here: no queue has a stream.  */

void *
gangway_acc_get_cuda_stream (int async)
{
  (void) async;
  return NULL;
}

int
gangway_acc_set_cuda_stream (int async, void *stream)
{
  (void) async;
  (void) stream;
  return 0;
}

void *
gangway_acc_get_current_cuda_device (void)
{
  return NULL;
}

void *
gangway_acc_get_current_cuda_context (void)
{
  return NULL;
}

/* The profiling interface: libgomp's (no device memory here).  */

extern void acc_prof_register (int, void *, int);
extern void acc_prof_unregister (int, void *, int);

void
gangway_acc_prof_register (int ev, void *cb, int reg)
{
  acc_prof_register (ev, cb, reg);
}

void
gangway_acc_prof_unregister (int ev, void *cb, int reg)
{
  acc_prof_unregister (ev, cb, reg);
}

/* Fortran's (arguments by reference, LOGICAL results).  */

void
gangway_acc_wait_h_ (const int *async)
{
  acc_wait (*async);
}

void
gangway_acc_wait_all_h_ (void)
{
  acc_wait_all ();
}

void
gangway_acc_wait_async_h_ (const int *async1, const int *async2)
{
  acc_wait_async (*async1, *async2);
}

void
gangway_acc_wait_all_async_h_ (const int *async)
{
  acc_wait_all_async (*async);
}

int
gangway_acc_async_test_h_ (const int *async)
{
  return acc_async_test (*async) != 0;
}

int
gangway_acc_async_test_all_h_ (void)
{
  return acc_async_test_all () != 0;
}

/* A declare directive inside a function (libruntime/data-map.c):
   libgomp's, for its host device.  */

extern void GOACC_declare (int, size_t, void **, size_t *,
			   unsigned short *);

void
gangway_declare (const struct gw_site *site, int flags, size_t mapnum,
		 void **hostaddrs, size_t *sizes, unsigned short *kinds)
{
  (void) site;
  GOACC_declare (flags, mapnum, hostaddrs, sizes, kinds);
}

/* The data API (libruntime/data-api.def): libgomp's, whose host device
   shares the host's memory, as the interpreter does, and the functions
   libgomp lacks for that memory.  */

#define GW_DATA_API(RET, NAME, PARAMS, ARGS)				\
  extern RET NAME PARAMS;						\
  RET gangway_##NAME PARAMS { return (RET) NAME ARGS; }
#define GW_DATA_API_F(RET, NAME, PARAMS, ARGS)				\
  extern RET NAME##_ PARAMS;						\
  RET gangway_##NAME##_ PARAMS { return (RET) NAME##_ ARGS; }
#define GW_DATA_API_26(RET, NAME, PARAMS, ARGS)
#include "data-api.def"
#undef GW_DATA_API
#undef GW_DATA_API_26
#undef GW_DATA_API_F

void
gangway_acc_memcpy_device (void *d, void *s, size_t n)
{
  memmove (d, s, n);
}

void
gangway_acc_memcpy_device_async (void *d, void *s, size_t n, int q)
{
  (void) q;
  memmove (d, s, n);
}

/* The device type's choice (libruntime/api.c): acc_device_host (2) runs
   the host versions, any other type the interpreter again.  */

extern void acc_set_device_type (int);
extern void acc_set_device_num (int, int);
static int host_selected;

void
gangway_acc_set_device_type (int type)
{
  host_selected = type == 2;
  acc_set_device_type (type == 2 ? 2 : 1);
}

void
gangway_acc_set_device_num (int num, int type)
{
  host_selected = type == 2;
  acc_set_device_num (type == 2 ? num : 0, type == 2 ? 2 : 1);
}

void
gangway_acc_set_device_type_h_ (const int *type)
{
  gangway_acc_set_device_type (*type);
}

void
gangway_acc_set_device_num_h_ (const int *num, const int *type)
{
  gangway_acc_set_device_num (*num, *type);
}

/* The device type's queries (libruntime/api.c): libgomp's, for its host
   device.  */

extern int acc_get_device_type (void);
extern int acc_get_num_devices (int);
extern int acc_get_device_num (int);
extern void acc_init (int);
extern void acc_shutdown (int);
extern size_t acc_get_property (int, int, int);
extern const char *acc_get_property_string (int, int, int);
extern int acc_get_device_type_h_ (void);
extern int acc_get_num_devices_h_ (const int *);
extern int acc_get_device_num_h_ (const int *);
extern void acc_init_h_ (const int *);
extern void acc_shutdown_h_ (const int *);
extern size_t acc_get_property_h_ (int, int, int);
extern void acc_get_property_string_h_ (int, int, int, char *, size_t);

int
gangway_acc_get_device_type (void)
{
  return acc_get_device_type ();
}

int
gangway_acc_get_num_devices (int t)
{
  return acc_get_num_devices (t);
}

int
gangway_acc_get_device_num (int t)
{
  return acc_get_device_num (t);
}

void
gangway_acc_init (int t)
{
  acc_init (t);
}

void
gangway_acc_shutdown (int t)
{
  acc_shutdown (t);
}

size_t
gangway_acc_get_property (int n, int t, int p)
{
  return acc_get_property (n, t, p);
}

const char *
gangway_acc_get_property_string (int n, int t, int p)
{
  return acc_get_property_string (n, t, p);
}

int
gangway_acc_get_device_type_h_ (void)
{
  return acc_get_device_type_h_ ();
}

int
gangway_acc_get_num_devices_h_ (const int *t)
{
  return acc_get_num_devices_h_ (t);
}

int
gangway_acc_get_device_num_h_ (const int *t)
{
  return acc_get_device_num_h_ (t);
}

void
gangway_acc_init_h_ (const int *t)
{
  acc_init_h_ (t);
}

void
gangway_acc_shutdown_h_ (const int *t)
{
  acc_shutdown_h_ (t);
}

size_t
gangway_acc_get_property_h_ (int n, int t, int p)
{
  return acc_get_property_h_ (n, t, p);
}

void
gangway_acc_get_property_string_h_ (int n, int t, int p, char *s, size_t len)
{
  acc_get_property_string_h_ (n, t, p, s, len);
}

void
gangway_parallel_keyed (const struct gw_site *site, int flags_m,
			void (*fn) (void *), size_t mapnum, void **hostaddrs,
			size_t *sizes, unsigned short *kinds, ...)
{
  (void) site;
  unsigned dims[GW_AXES] = { 0, 0, 0 };
  unsigned given = 0;
  va_list ap;
  va_start (ap, kinds);
  unsigned w;
  while ((w = va_arg (ap, unsigned)) != LAUNCH_END)
    switch (LAUNCH_CODE (w))
      {
      case LAUNCH_DIM:
	for (int i = 0; i < GW_AXES; i++)
	  if (LAUNCH_OP (w) & (1u << i))
	    {
	      dims[i] = va_arg (ap, unsigned);
	      given |= 1u << i;
	    }
	break;
      case LAUNCH_ASYNC:
	if (LAUNCH_OP (w) == LAUNCH_OP_WIDE)
	  (void) va_arg (ap, unsigned);
	break;
      case LAUNCH_WAIT:
	for (unsigned i = 0; i < LAUNCH_OP (w); i++)
	  (void) va_arg (ap, int);
	break;
      default:
	die (2, "an unknown launch word %#x", w);
      }
  va_end (ap);

  if ((~flags_m & FLAG_HOST_FALLBACK) || host_selected)
    {
      /* if (false), or the host selected: the host version.  */
      GOACC_parallel_keyed (flags_m & ~FLAG_HOST_FALLBACK, fn, mapnum,
			    hostaddrs, sizes, kinds, 0);
      return;
    }

  const struct gw_kernel *kern = NULL;
  int ui = -1;
  uintptr_t ki = 0;
  for (int i = 0; i < nunits && !kern; i++)
    for (uintptr_t k = 0; k < units[i].unit->num_kernels; k++)
      if (GW_UNIT_KERNELS (units[i].unit)[k].host_fn == fn)
	{
	  kern = &GW_UNIT_KERNELS (units[i].unit)[k];
	  ui = i;
	  ki = k;
	  break;
	}
  const char *allow = getenv ("PTXSIM_ALLOW_HOST");
  int may_host = allow && *allow && strcmp (allow, "0");
  ptxsim_module *m = kern ? module_of (ui) : NULL;
  if (!m || !ptxsim_has_kernel (m, kern->symbol))
    {
      if (!may_host)
	die (2, "region %s has no ptx code", kern ? kern->name : "?");
      if (verbose ())
	fprintf (stderr, "ptxsim: %s runs on the host\n",
		 kern ? kern->name : "?");
      GOACC_parallel_keyed (flags_m & ~FLAG_HOST_FALLBACK, fn, mapnum,
			    hostaddrs, sizes, kinds, 0);
      return;
    }

  /* A negative run-time dimension ends the program, and a zero one
     takes the default, as in libgangway (launch.c).  */
  for (int a = 0; a < GW_AXES; a++)
    if ((given & (1u << a)) && (int) dims[a] < 0)
      die (1, "%s(%d) in region %s: the value must not be negative",
	   a == GW_GANG ? "num_gangs" : a == GW_WORKER ? "num_workers"
	   : "vector_length", (int) dims[a], kern->name);

  /* The ptx image's compile-time dims of the kernel (ABI version 2).  */
  intptr_t kdims[GW_AXES] = { 0, 0, 0 };
  const struct gw_unit *u = units[ui].unit;
  for (uintptr_t k = 0; k < u->num_images; k++)
    {
      const struct gw_image *im = &GW_UNIT_IMAGES (u)[k];
      if (!strcmp (im->target, "ptx") && im->dims)
	for (int a = 0; a < GW_AXES; a++)
	  kdims[a] = im->dims[GW_AXES * ki + a];
    }
  /* The compiler's count wins, as in libgangway.  */
  unsigned gangs = kdims[GW_GANG];
  if (!gangs)
    gangs = dims[GW_GANG];
  if (!gangs)
    {
      /* GOMP_OPENACC_DIM's gangs, as libgangway takes them (its
	 well-formed values; libgangway warns about the others).  */
      const char *d = getenv ("GOMP_OPENACC_DIM");
      if (d && *d >= '0' && *d <= '9')
	gangs = (unsigned) strtoul (d, NULL, 10);
    }
  if (!gangs)
    {
      const char *g = getenv ("PTXSIM_GANGS");
      gangs = g && *g ? (unsigned) strtoul (g, NULL, 0) : 3;
    }
  unsigned block[3];
  if (!ptxsim_kernel_reqntid (m, kern->symbol, block))
    die (2, "kernel %s has no .reqntid", kern->symbol);
  /* Launch from libgomp's GOACC_parallel_keyed, as libgangway does, so
     that libgomp initializes itself and dispatches its profiling events:
     the function it calls for the host version runs the kernel.  */
  struct launch l = { m, kern, ui, gangs, { block[0], block[1], block[2] },
		      { kdims[0], kdims[1], kdims[2] } };
  pending = &l;
  GOACC_parallel_keyed (flags_m & ~FLAG_HOST_FALLBACK, trampoline, mapnum,
			hostaddrs, sizes, kinds, 0);
}
