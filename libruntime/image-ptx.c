/* The ptx device's code: a unit's image picked, linked and loaded.
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

/* A unit's ptx image is the one with the highest "sm_NN" ISA that the
   device's compute capability reaches; cuModuleLoadData compiles it, or
   the driver's linker links it with the images of the units whose
   routines it imports.  Each exported routine's module variable is set
   to its own unit's table of globals (gw_ptx_set_tables), so that it
   reaches its unit's data whoever calls it.  */

#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx.h"

/* Return the compute capability the ptx ISA NAME ("sm_80") requires, as
   80, or 0 if NAME is not of that form.  */

static int
gw_ptx_isa_arch (const char *name)
{
  char *end;

  if (name == NULL || strncmp (name, "sm_", 3) != 0
      || name[3] < '0' || name[3] > '9')
    return 0;
  long v = strtol (name + 3, &end, 10);
  return *end == '\0' && v > 0 && v < 10000 ? (int) v : 0;
}

/* What gw_ptx_link returns when a routine is missing (not a CUresult).  */
#define GW_PTX_MISSING_ROUTINE (-1)

/* Link the ptx image IMG of unit U, which imports routines, with the ptx
   images of the other units that export them (and theirs, transitively)
   into one module, as the CUDA JIT linker does for separately compiled
   device code; load it into *MODULE.  Return the driver's status, or
   GW_PTX_MISSING_ROUTINE after a warning and writing the launch log's
   reason into REASON if no unit exports an import: the unit's regions
   then run on the cpu device.  */

enum { GW_PTX_MAX_IMAGES = 256 };

static CUresult
gw_ptx_link (const struct gw_unit *u, const struct gw_image *img,
	     CUmodule *module, const struct gw_image **inputs,
	     const struct gw_unit **units, size_t *num_inputs,
	     char *reason, size_t reason_size)
{
  enum { MAX_IMAGES = GW_PTX_MAX_IMAGES };
  size_t n = 0;

  units[n] = u;
  inputs[n++] = img;
  for (size_t i = 0; i < n; i++)
    for (const char *const *imp = inputs[i]->imports; imp && imp[0];
	 imp += 2)
      {
	/* An image already in the link may export it: U's own, when a
	   routine of another unit calls back into U.  */
	const struct gw_image *other = NULL;
	const struct gw_unit *owner = NULL;
	for (size_t j = 0; j < n && !other; j++)
	  for (const char *const *e = inputs[j]->exports; e && *e && !other;
	       e++)
	    if (strcmp (*e, imp[0]) == 0)
	      other = inputs[j];
	if (other == NULL)
	  other = gw_exporting_image ("ptx", imp[0], u, &owner);
	bool seen = false;
	for (size_t j = 0; j < n; j++)
	  seen |= inputs[j] == other;
	if (other && (seen || n < MAX_IMAGES))
	  {
	    if (!seen)
	      {
		units[n] = owner;
		inputs[n++] = other;
	      }
	    continue;
	  }
	char shape[64];
	gw_routine_shape (imp[0], shape, sizeof shape);
	gw_warn ("the routine '%s', which device code of %s calls%s, has no "
		 "ptx code %sin any unit of this program; its regions do not "
		 "run on the GPU", imp[1], gw_object_name (u),
		 shape,
		 shape[0] ? "of that shape " : "");
	snprintf (reason, reason_size, "ptx-missing-routine");
	return GW_PTX_MISSING_ROUTINE;
      }

  *num_inputs = n;
  CUlinkState link = NULL;
  CUresult e = gw_cu.cuLinkCreate_v2 (0, NULL, NULL, &link);
  for (size_t i = 0; i < n && e == CUDA_SUCCESS; i++)
    e = gw_cu.cuLinkAddData_v2 (link, CU_JIT_INPUT_PTX,
				(void *) inputs[i]->data, inputs[i]->size,
				NULL, 0, NULL, NULL);
  void *cubin;
  size_t size;
  if (e == CUDA_SUCCESS)
    e = gw_cu.cuLinkComplete (link, &cubin, &size);
  if (e == CUDA_SUCCESS)
    e = gw_cu.cuModuleLoadData (module, cubin);
  if (link)
    gw_cu.cuLinkDestroy (link);
  return e;
}

/* The tables of globals of the exported routines of a loaded module
   (gangway-abi.h, GW_PTX_TABLE_SUFFIX): one per unit, in device
   memory.  */
struct gw_ptx_tables
{
  size_t n;
  uint64_t dev[];
};

/* Return a table of unit U's globals in device memory, which gives the
   device copies of the declared globals (gw_map_unit_table; mapping
   them first, at the unit's first use).  */

static uint64_t
gw_ptx_unit_table (const struct gw_unit *u)
{
  size_t size = (u->num_globals ? u->num_globals : 1) * sizeof (uint64_t);
  void *const *host = gw_map_unit_table (u);
  uint64_t table = gw_ptx_alloc (size);

  gw_ptx_to_device (table, host, size);
  free ((void *) host);
  return table;
}

/* Set the table variable of each export of the N images IMAGES, of the
   units UNITS, loaded as MODULE, to its unit's table
   (gw_ptx_unit_table, one per unit).  Return the tables, to free when
   the module goes, or NULL if no export has such a variable.  */

static struct gw_ptx_tables *
gw_ptx_set_tables (CUmodule module, const struct gw_image *const *images,
		   const struct gw_unit *const *units, size_t n)
{
  struct gw_ptx_tables *t = NULL;

  for (size_t i = 0; i < n; i++)
    {
      uint64_t table = 0;
      for (const char *const *e = images[i]->exports; e && *e; e++)
	{
	  char name[512];
	  CUdeviceptr var;
	  size_t bytes;
	  if (snprintf (name, sizeof name, "%s%s", *e, GW_PTX_TABLE_SUFFIX)
	      >= (int) sizeof name
	      || gw_cu.cuModuleGetGlobal_v2 (&var, &bytes, module, name)
		 != CUDA_SUCCESS
	      || bytes != sizeof table)
	    continue;
	  if (t == NULL
	      && (t = calloc (1, sizeof *t + n * sizeof t->dev[0])) == NULL)
	    gw_fatal ("out of memory for a ptx module's tables");
	  if (table == 0)
	    t->dev[t->n++] = table = gw_ptx_unit_table (units[i]);
	  gw_ptx_to_device (var, &table, sizeof table);
	}
    }
  return t;
}

/* Pick the ptx image of unit U for this device, load it and resolve the
   unit's kernels in it.  Return the result, or NULL after writing the
   launch log's reason into REASON (of REASON_SIZE bytes): no-ptx-code if
   the unit has no ptx image, ptx-lacks-arch if every one needs a higher
   compute capability than the device's, image-load-failed if the driver
   rejects the chosen one (also reported on stderr).  */

struct gw_code *
gw_ptx_load_image (const struct gw_unit *u, char *reason, size_t reason_size)
{
  const struct gw_image *images = GW_UNIT_IMAGES (u);
  const struct gw_image *best = NULL;
  int best_arch = 0;
  bool any = false;

  for (size_t i = 0; i < u->num_images; i++)
    {
      if (images[i].target == NULL || strcmp (images[i].target, "ptx") != 0)
	continue;
      any = true;
      int arch = gw_ptx_isa_arch (images[i].isa);
      if (arch > 0 && arch <= gw_ptx_arch && arch > best_arch)
	best = &images[i], best_arch = arch;
    }
  if (best == NULL)
    {
      snprintf (reason, reason_size, any ? "ptx-lacks-arch" : "no-ptx-code");
      return NULL;
    }

  /* The ABI counts the text's terminating NUL in its size.  */
  if (best->size == 0 || best->data[best->size - 1] != '\0')
    {
      gw_warn ("cannot load the %s ptx image of %s: its text does not end "
	       "with a NUL byte; its regions run on the cpu", best->isa,
	       gw_object_name (u));
      snprintf (reason, reason_size, "image-load-failed");
      return NULL;
    }

  struct gw_code *code = malloc (sizeof *code
				 + u->num_kernels * sizeof code->kernels[0]);
  if (code == NULL)
    {
      snprintf (reason, reason_size, "image-load-failed");
      return NULL;
    }
  CUmodule module;
  gw_ptx_mark_used ();
  gw_ptx_bind ();
  CUresult e;
  const struct gw_image *inputs[GW_PTX_MAX_IMAGES] = { best };
  const struct gw_unit *units[GW_PTX_MAX_IMAGES] = { u };
  size_t num_inputs = 1;
  if (best->imports && best->imports[0])
    e = gw_ptx_link (u, best, &module, inputs, units, &num_inputs, reason,
		     reason_size);
  else
    e = gw_cu.cuModuleLoadData (&module, best->data);
  if (e != CUDA_SUCCESS)
    {
      free (code);
      if (e != GW_PTX_MISSING_ROUTINE)
	{
	  gw_warn ("cannot load the %s ptx image of %s: %s; its regions run "
		   "on the cpu", best->isa, gw_object_name (u),
		   gw_cu_error (e));
	  snprintf (reason, reason_size, "image-load-failed");
	}
      return NULL;
    }

  code->image = module;
  code->dims = best->dims;
  code->own = gw_ptx_set_tables (module, inputs, units, num_inputs);
  const struct gw_kernel *k = GW_UNIT_KERNELS (u);
  for (size_t i = 0; i < u->num_kernels; i++)
    {
      CUfunction f = NULL;
      if (k[i].symbol == NULL
	  || gw_cu.cuModuleGetFunction (&f, module, k[i].symbol)
	     != CUDA_SUCCESS)
	f = NULL;
      code->kernels[i] = f;
    }
  return code;
}

/* Unload CODE, which gw_ptx_load_image returned.  The driver may already
   be shut down when a unit goes at exit; that is harmless.  */

void
gw_ptx_unload_image (struct gw_code *code)
{
  /* After a fork or once exit began, the driver is not ours to call.  */
  struct gw_ptx_tables *t = code->own;
  if (gw_ptx_unusable == NULL)
    {
      gw_ptx_bind ();
      gw_cu.cuModuleUnload (code->image);
      gw_ptx_forget_limits ();
      for (size_t i = 0; t && i < t->n; i++)
	gw_ptx_free_to_driver (t->dev[i]);
    }
  free (t);
  free (code);
}
