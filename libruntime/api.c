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

#include "runtime.h"

/* libgomp's functions, and the values of openacc.h's acc_device_t.  */
extern void acc_set_device_type (int);
extern void acc_set_device_num (int, int);
enum
{
  GW_ACC_DEVICE_DEFAULT = 1,
  GW_ACC_DEVICE_HOST = 2,
  GW_ACC_DEVICE_NOT_HOST = 4,
  GW_ACC_DEVICE_NVIDIA = 5
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
					 ? GW_DEVICE_PTX : GW_SELECT_NONE);
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

/* acc_set_device_type (TYPE).  */

GW_EXPORT void
gangway_acc_set_device_type (int type)
{
  if (gw_select (type) && type != GW_ACC_DEVICE_HOST)
    type = GW_ACC_DEVICE_DEFAULT;
  acc_set_device_type (type);
}

/* acc_set_device_num (NUM, TYPE): Gangway has one device of each type,
   device 0; libgomp checks NUM for the host.  */

GW_EXPORT void
gangway_acc_set_device_num (int num, int type)
{
  if (gw_select (type) && type != GW_ACC_DEVICE_HOST)
    {
      if (num > 0)
	{
	  static atomic_bool warned;
	  if (!atomic_exchange (&warned, true))
	    gw_warn ("acc_set_device_num (%d, ...): Gangway uses the first "
		     "device of each type (select a GPU with "
		     "CUDA_VISIBLE_DEVICES)", num);
	}
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
