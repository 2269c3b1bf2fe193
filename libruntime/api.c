/* The OpenACC API functions that choose the device.
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

/* A program selects the device type with acc_set_device_type or
   acc_set_device_num; the plugin turns their calls into calls of the
   functions below (plugin/unit.cc), which record the choice and then
   call libgomp's, so that libgomp's own state (acc_get_device_type)
   follows where it can.  The choice, over the configuration's (env.c):

     acc_device_host        launches run their host versions (reason
			    acc_set_device_type in the launch log), as
			    ACC_DEVICE_TYPE=host would; the data directives
			    keep their device, so data the ptx device holds
			    stays right (a host launch gets it, launch.c)
     acc_device_nvidia      the ptx device (the cpu device if it is
			    unusable, as with GANGWAY_DEVICE=ptx)
     acc_device_not_host    an accelerator: the configuration's, or the
			    automatic choice where it said host
     acc_device_default     the configuration's choice again

   Other types are libgomp's business (it refuses those it does not
   have).  libgomp knows no accelerator of Gangway's: for those types it
   is told acc_device_default, its answer (the host) as before.  */

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "runtime.h"

/* The package's version, which the build defines (Makefile.am); a build
   of the runtime alone (gangway.runtime's) has none.  */
#ifndef GW_VERSION
#define GW_VERSION "(development)"
#endif

/* libgomp's functions, and the values of openacc.h's acc_device_t.  */
extern void acc_set_device_type (int);
extern void acc_set_device_num (int, int);
extern void acc_init (int);
extern void acc_shutdown (int);
extern size_t acc_get_property (int, int, int);
extern const char *acc_get_property_string (int, int, int);
enum
{
  GW_ACC_DEVICE_NONE = 0,
  GW_ACC_DEVICE_DEFAULT = 1,
  GW_ACC_DEVICE_HOST = 2,
  GW_ACC_DEVICE_NOT_HOST = 4,
  GW_ACC_DEVICE_NVIDIA = 5
};

/* openacc.h's acc_device_property_t.  */
enum
{
  GW_ACC_PROPERTY_MEMORY = 1,
  GW_ACC_PROPERTY_FREE_MEMORY = 2,
  GW_ACC_PROPERTY_NAME = 0x10001,
  GW_ACC_PROPERTY_VENDOR = 0x10002,
  GW_ACC_PROPERTY_DRIVER = 0x10003
};

atomic_int gw_selected_device = GW_SELECT_NONE;
atomic_bool gw_selected_host;

/* Record the program's choice of the device type TYPE, an acc_device_t;
   return false if the type is none of Gangway's.  */

static bool
gw_select (int type)
{
  switch (type)
    {
    case GW_ACC_DEVICE_HOST:
      atomic_store (&gw_selected_host, true);
      return true;
    case GW_ACC_DEVICE_DEFAULT:
      atomic_store (&gw_selected_device, GW_SELECT_NONE);
      break;
    case GW_ACC_DEVICE_NOT_HOST:
      atomic_store (&gw_selected_device, gw_config ()->device < 0
					 ? gw_first_device () : GW_SELECT_NONE);
      break;
    case GW_ACC_DEVICE_NVIDIA:
      atomic_store (&gw_selected_device, GW_DEVICE_PTX);
      break;
    default:
      return false;
    }
  atomic_store (&gw_selected_host, false);
  return true;
}

/* The device type launches go to now: acc_device_nvidia for the ptx
   device; acc_device_not_host for the cpu device, an accelerator of no
   vendor's (its code answers acc_on_device (acc_device_not_host) with
   1, and every other type but acc_device_none with 0); acc_device_host
   when they run their host versions.  */

static int
gw_current_type (void)
{
  if (atomic_load (&gw_selected_host))
    return GW_ACC_DEVICE_HOST;
  if (gw_ptx_active ())
    return GW_ACC_DEVICE_NVIDIA;
  return gw_device () >= 0 ? GW_ACC_DEVICE_NOT_HOST : GW_ACC_DEVICE_HOST;
}

/* acc_set_device_type (TYPE).  */

GW_EXPORT void
gangway_acc_set_device_type (int type)
{
  if (gw_select (type) && type != GW_ACC_DEVICE_HOST)
    type = GW_ACC_DEVICE_DEFAULT;
  acc_set_device_type (type);
}

/* acc_set_device_num (NUM, TYPE): for acc_device_nvidia, GPU NUM of the
   driver's; for acc_device_not_host, device NUM of its numbering, the
   usable GPUs then the cpu device (acc_get_num_devices); for the
   default, NUM of the current device type's numbering, as
   acc_get_device_num answers.  A GPU is chosen until the program first
   uses one (gw_ptx_select).  libgomp checks NUM for the host.  A NUM no
   device has is OpenACC's error.  */

GW_EXPORT void
gangway_acc_set_device_num (int num, int type)
{
  if (gw_select (type) && type != GW_ACC_DEVICE_HOST)
    {
      int gpus = gw_ptx_probe () == NULL ? gw_ptx_count () : 0;
      int asked = type;
      if (type == GW_ACC_DEVICE_DEFAULT)
	type = gw_current_type ();
      if (num >= 0 && num < gpus)
	{
	  atomic_store (&gw_selected_device, GW_DEVICE_PTX);
	  gw_ptx_select (num);
	}
      else if (num == gpus && type == GW_ACC_DEVICE_NOT_HOST)
	atomic_store (&gw_selected_device, GW_DEVICE_CPU);
      else
	gw_fatal ("acc_set_device_num: device %d of type %d does not exist "
		  "(%d GPUs%s)", num, asked, gpus,
		  type == GW_ACC_DEVICE_NOT_HOST
		  ? ", then the cpu device" : "");
      num = 0;
      type = GW_ACC_DEVICE_DEFAULT;
    }
  acc_set_device_num (num, type);
}

/* The same for Fortran (libgomp's openacc module and openacc_lib.h),
   arguments by reference.  */

GW_EXPORT void
gangway_acc_set_device_type_h_ (const int *type)
{
  gangway_acc_set_device_type (*type);
}

GW_EXPORT void
gangway_acc_set_device_num_h_ (const int *num, const int *type)
{
  gangway_acc_set_device_num (*num, *type);
}


/* acc_get_device_type ().  */

GW_EXPORT int
gangway_acc_get_device_type (void)
{
  return gw_current_type ();
}

/* acc_get_num_devices (TYPE): one host, the driver's GPUs if the ptx
   device is usable, and for acc_device_not_host the accelerators, those
   GPUs and the cpu device.  */

GW_EXPORT int
gangway_acc_get_num_devices (int type)
{
  int gpus = gw_ptx_probe () == NULL ? gw_ptx_count () : 0;

  switch (type == GW_ACC_DEVICE_DEFAULT ? gw_current_type () : type)
    {
    case GW_ACC_DEVICE_HOST:
      return 1;
    case GW_ACC_DEVICE_NVIDIA:
      return gpus;
    case GW_ACC_DEVICE_NOT_HOST:
      return gpus + 1;
    default:
      return 0;
    }
}

/* acc_get_device_num (TYPE): the GPU the ptx device is, for
   acc_device_nvidia (and the default and acc_device_not_host while
   launches go to it); the cpu device's number among acc_device_not_host's
   devices, after the usable GPUs, for acc_device_not_host and the
   default while launches go to it; 0 for the host.  */

GW_EXPORT int
gangway_acc_get_device_num (int type)
{
  bool gpus = gw_ptx_probe () == NULL;

  if (type == GW_ACC_DEVICE_DEFAULT)
    type = gw_current_type ();
  if (type == GW_ACC_DEVICE_NOT_HOST && gw_ptx_active ())
    type = GW_ACC_DEVICE_NVIDIA;
  if (type == GW_ACC_DEVICE_NVIDIA && gpus)
    return gw_ptx_ordinal ();
  if (type == GW_ACC_DEVICE_NOT_HOST && gpus)
    return gw_ptx_count ();
  return 0;
}

/* libgomp's device type for TYPE: its host for Gangway's devices, whose
   types it does not know (as gangway_acc_set_device_type tells it).  */

static int
gw_libgomp_type (int type)
{
  return (type == GW_ACC_DEVICE_NOT_HOST || type == GW_ACC_DEVICE_NVIDIA
	  ? GW_ACC_DEVICE_DEFAULT : type);
}

/* acc_init (TYPE): the ptx device must be usable for acc_device_nvidia;
   then TYPE is the current device type, as acc_set_device_type makes it
   (libgomp's acc_init makes it so too), and libgomp's function keeps its
   checks (a device initialized twice) and its profiling events.  */

GW_EXPORT void
gangway_acc_init (int type)
{
  const char *why;

  if (type == GW_ACC_DEVICE_NVIDIA && (why = gw_ptx_probe ()) != NULL)
    gw_fatal ("acc_init (acc_device_nvidia): the ptx device is unusable "
	      "(%s)", why);
  gw_select (type);
  if (gw_current_type () == GW_ACC_DEVICE_NVIDIA)
    gw_ptx_current (false, 1);
  acc_init (gw_libgomp_type (type));
}

/* acc_shutdown (TYPE): what the program queued is done first; then
   libgomp's.  */

GW_EXPORT void
gangway_acc_shutdown (int type)
{
  gw_wait_all ();
  if (type != GW_ACC_DEVICE_HOST
      && gw_current_type () == GW_ACC_DEVICE_NVIDIA)
    gw_ptx_current (false, 0);
  acc_shutdown (gw_libgomp_type (type));
}

/* acc_get_current_cuda_device (), acc_get_current_cuda_context (): the
   ptx device's CUDA device (a pointer to its CUdevice, as libgomp has
   it) and context while it is in use, from its first use or acc_init
   until acc_shutdown; NULL otherwise, and while the current device type
   is not acc_device_nvidia.  */

GW_EXPORT void *
gangway_acc_get_current_cuda_device (void)
{
  return gw_current_type () == GW_ACC_DEVICE_NVIDIA
	 ? gw_ptx_current (false, -1) : NULL;
}

GW_EXPORT void *
gangway_acc_get_current_cuda_context (void)
{
  return gw_current_type () == GW_ACC_DEVICE_NVIDIA
	 ? gw_ptx_current (true, -1) : NULL;
}

/* The description of device NUM of TYPE for acc_get_property (the host's
   is libgomp's): false if there is no such device.  */

struct gw_description
{
  char name[128];
  const char *vendor;
  char driver[64];
  size_t memory, free;
};

static bool
gw_describe (int num, int type, struct gw_description *d)
{
  if (type == GW_ACC_DEVICE_DEFAULT)
    type = gw_current_type () == GW_ACC_DEVICE_HOST ? GW_ACC_DEVICE_NOT_HOST
	   : gw_current_type ();
  /* The accelerators, as acc_get_num_devices counts them: the GPUs if
     the ptx device is usable, then the cpu device.  */
  int gpus = gw_ptx_probe () == NULL ? gw_ptx_count () : 0;
  if (type == GW_ACC_DEVICE_NOT_HOST && num >= 0 && num < gpus)
    type = GW_ACC_DEVICE_NVIDIA;
  else if (type == GW_ACC_DEVICE_NOT_HOST)
    num -= gpus;
  memset (d, 0, sizeof *d);
  if (type == GW_ACC_DEVICE_NVIDIA)
    {
      int version;
      if (num < 0 || num >= gpus)
	return false;
      gw_ptx_describe (num, d->name, sizeof d->name, &d->memory, &d->free,
		       &version);
      d->vendor = "NVIDIA";
      snprintf (d->driver, sizeof d->driver, "CUDA driver %d.%d",
		version / 1000, version % 1000 / 10);
      return true;
    }
  if (type != GW_ACC_DEVICE_NOT_HOST || num != 0)
    return false;
  long page = sysconf (_SC_PAGESIZE);
  d->memory = (size_t) sysconf (_SC_PHYS_PAGES) * page;
  d->free = (size_t) sysconf (_SC_AVPHYS_PAGES) * page;
  d->vendor = "Gangway";
  snprintf (d->driver, sizeof d->driver, "Gangway %s", GW_VERSION);
  snprintf (d->name, sizeof d->name, "Gangway cpu device (%u threads, %s "
	    "memory)", gw_config ()->num_threads,
	    gw_config ()->cpu_mem_separate ? "separate" : "shared");
  return true;
}

/* acc_get_property (NUM, TYPE, PROPERTY): a number, 0 for a string
   property or an unknown device.  */

GW_EXPORT size_t
gangway_acc_get_property (int num, int type, int property)
{
  struct gw_description d;

  if (type == GW_ACC_DEVICE_HOST)
    return acc_get_property (num, type, property);
  if (!gw_describe (num, type, &d))
    return 0;
  switch (property)
    {
    case GW_ACC_PROPERTY_MEMORY:
      return d.memory;
    case GW_ACC_PROPERTY_FREE_MEMORY:
      return d.free;
    default:
      return 0;
    }
}

/* Return the string PROPERTY of description D, or NULL.  */

static const char *
gw_property_string (const struct gw_description *d, int property)
{
  switch (property)
    {
    case GW_ACC_PROPERTY_NAME:
      return d->name;
    case GW_ACC_PROPERTY_VENDOR:
      return d->vendor;
    case GW_ACC_PROPERTY_DRIVER:
      return d->driver;
    default:
      return NULL;
    }
}

/* acc_get_property_string (NUM, TYPE, PROPERTY): a string that stays
   valid, or NULL for a number property or an unknown device.  */

GW_EXPORT const char *
gangway_acc_get_property_string (int num, int type, int property)
{
  static char strings[3][128];
  struct gw_description d;

  if (type == GW_ACC_DEVICE_HOST)
    return acc_get_property_string (num, type, property);
  if (!gw_describe (num, type, &d))
    return NULL;
  const char *p = gw_property_string (&d, property);
  if (p == NULL)
    return NULL;
  char *keep = strings[property - GW_ACC_PROPERTY_NAME];
  snprintf (keep, sizeof strings[0], "%s", p);
  return keep;
}

/* The same for Fortran.  */

GW_EXPORT int
gangway_acc_get_device_type_h_ (void)
{
  return gangway_acc_get_device_type ();
}

GW_EXPORT int
gangway_acc_get_num_devices_h_ (const int *type)
{
  return gangway_acc_get_num_devices (*type);
}

GW_EXPORT int
gangway_acc_get_device_num_h_ (const int *type)
{
  return gangway_acc_get_device_num (*type);
}

GW_EXPORT void
gangway_acc_init_h_ (const int *type)
{
  gangway_acc_init (*type);
}

GW_EXPORT void
gangway_acc_shutdown_h_ (const int *type)
{
  gangway_acc_shutdown (*type);
}

/* acc_get_property's arguments are VALUE dummies, and so are
   acc_get_property_string's, whose character dummy's length comes last,
   by value; the string is blank-padded.  */

GW_EXPORT size_t
gangway_acc_get_property_h_ (int num, int type, int property)
{
  return gangway_acc_get_property (num, type, property);
}

GW_EXPORT void
gangway_acc_get_property_string_h_ (int num, int type, int property,
				    char *s, size_t len)
{
  struct gw_description d;
  const char *p = NULL;

  if (type == GW_ACC_DEVICE_HOST)
    p = acc_get_property_string (num, type, property);
  else if (gw_describe (num, type, &d))
    p = gw_property_string (&d, property);
  size_t n = p ? strlen (p) : 0;
  if (n > len)
    n = len;
  memcpy (s, p ? p : "", n);
  memset (s + n, ' ', len - n);
}
