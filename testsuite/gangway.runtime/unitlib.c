/* A shared library with offloaded regions, for the runtime tests.
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

/* Registers its own unit from its constructor, as a library built with
   the plugin does, and unregisters it from its destructor so that it can
   be dlclosed.  RUN_NAME is the name of its entry point, which launches
   the library's region once and returns 0 if the results are right.  */

#include <string.h>

#include "gangway-abi.h"
#include "gangway.h"
#include "images.h"

#ifndef RUN_NAME
#define RUN_NAME unitlib_run
#endif

static int lib_base = 100;

/* The host version of the region: see image.c for the arguments.  */

static void
lib_host (void *data)
{
  void **args = data;
  int *a = args[0];
  int n = *(int *) args[1];

  for (int i = 0; i < n; i++)
    a[i] = 2 * i + lib_base;
  ++*(unsigned *) args[4];
}

static const struct
{
  struct gw_unit u;
  struct gw_image image;
  struct gw_kernel k;
  void *globals[1];
  uintptr_t info[1];
} lib_unit = {
  { GW_UNIT_MAGIC, GW_ABI_VERSION, 1, 1, 1 },
  { "cpu", "x86-64-v2", image_v2, sizeof image_v2, NULL },
  { lib_host, "gw_k0", "lib_k0" },
  { &lib_base },
  { GW_GLOBAL_INFO (sizeof lib_base, 0) },
};

static void __attribute__ ((constructor))
lib_register (void)
{
  gangway_register_unit (&lib_unit.u);
}

static void __attribute__ ((destructor))
lib_unregister (void)
{
  gangway_unregister_unit (&lib_unit.u);
}

/* Launch the region over 1000 elements with 10 gangs and check it.  */

__attribute__ ((visibility ("default"))) int
RUN_NAME (void)
{
  enum { N = 1000, G = 10 };
  int n = N;
  int a[N];
  unsigned count[G + 1] = { 0 };
  unsigned gangs = 0, host_runs = 0;
  void *args[5] = { a, &n, count, &gangs, &host_runs };
  size_t sizes[5] = { 0 };
  unsigned short kinds[5] = { 0 };

  memset (a, 0, sizeof a);
  gangway_parallel_keyed (NULL, ~0, lib_host, 5, args, sizes, kinds,
			  (1u << 28) | 1u, (unsigned) G, 0);
  for (int i = 0; i < N; i++)
    if (a[i] != 2 * i + lib_base)
      return 1;
  const char *dev = gangway_last_launch_device ();
  if (strcmp (dev, "cpu") == 0)
    {
      for (int g = 0; g <= G; g++)
	if (count[g] != (g < G))
	  return 1;
      return host_runs != 0 || gangs != G;
    }
  return host_runs != 1;
}
