/* The contract between objects compiled by the Gangway plugin and libgangway.
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

/* Everything that crosses from a compiled object to the runtime is
   described here, and nothing else does.  The plugin builds the data below
   as GCC trees (plugin/launch.cc); the runtime reads it (libruntime/).

   1. Launches and data directives.  The plugin rewrites every call of
      libgomp's GOACC_parallel_keyed into a call of gangway_parallel_keyed
      with the same arguments (see docs/internals.md for why a rewrite and
      not symbol interposition), and likewise GOACC_data_start,
      GOACC_data_end, GOACC_enter_data, GOACC_exit_data, GOACC_update and
      GOACC_wait, and the calls of the OpenACC functions that wait for
      async queues, into the gangway_ functions declared below.

   2. Registration.  Each translation unit with offloaded regions gets a
      static constructor that calls gangway_register_unit with the unit
      descriptor below, and a destructor that calls gangway_unregister_unit
      (a shared library may be unloaded).  The descriptor is an array of
      pointer-sized words; the structs give names to its parts.

   3. Kernels.  A cpu image is an ELF shared object.  For each region it
      exports one kernel with the gw_cpu_kernel_fn signature.  A ptx image
      is PTX text; for each region it has one entry point with the
      signature described at GW_PTX_ENTRY below.

   Version 2 moved the compile-time dimensions from the kernels to the
   images: the cpu and ptx versions of one region are compiled for
   different dimensions.  Version 3 gave each image the routines it
   exports and imports (docs/internals.md, section 8.6).  Version 4 gave
   each global of the table its size and whether a declare directive
   names it.  Version 5 gave each launch and data directive a site
   (struct gw_site) as its first argument.  */

#ifndef GANGWAY_ABI_H
#define GANGWAY_ABI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* "GANGWAY1" in little-endian ASCII.  */
#define GW_UNIT_MAGIC 0x31594157474e4147ULL
#define GW_ABI_VERSION 5

/* Dimension axes, in the order GCC's GOMP_DIM_* uses.  */
enum gw_axis { GW_GANG = 0, GW_WORKER = 1, GW_VECTOR = 2, GW_AXES = 3 };

/* The unit descriptor starts with this header, followed by NUM_IMAGES
   gw_image records, NUM_KERNELS gw_kernel records, NUM_GLOBALS global
   addresses and NUM_GLOBALS words that describe those globals
   (GW_GLOBAL_INFO, below), all packed as pointer-sized words.  */
struct gw_unit
{
  uintptr_t magic;              /* GW_UNIT_MAGIC.  */
  uintptr_t version;            /* GW_ABI_VERSION.  */
  uintptr_t num_images;
  uintptr_t num_kernels;
  uintptr_t num_globals;
};

/* One device image: the code of every kernel of the unit for one target.
   A unit may carry several images for one target (say, cpu images for two
   x86-64 levels); the runtime picks the best one the machine runs.

   DIMS points to 3 * NUM_KERNELS words: the gang, worker and vector
   dimensions (GW_GANG, GW_WORKER, GW_VECTOR) this image's code of each
   kernel was compiled for, in the order of the kernels.  0 means "chosen
   at launch"; the entries of a kernel the image lacks are 0.  A null DIMS
   means every entry is 0.  On the cpu device the worker and vector
   dimensions are fixed at compile time (0 means 1): the SIMD code is
   written for them.  On the ptx device a worker or vector entry of 0
   takes the launch's num_workers or vector_length, else 1.

   A ptx image is text ending with a NUL byte that SIZE counts: DATA is
   the NUL-terminated string cuModuleLoadData wants, and DATA[SIZE - 1]
   is 0.

   EXPORTS lists the symbols of the routines the image defines for other
   units, IMPORTS the routines of other units it calls, as pairs of the
   symbol and the routine's name in the source (for messages); both end
   with a null pointer.  The runtime resolves an image's imports against
   the exports of the images of the same target of every registered unit
   when it loads it.  */
struct gw_image
{
  const char *target;           /* "cpu" or "ptx".  */
  const char *isa;              /* cpu: "x86-64" ... "x86-64-v4" (null
				   means "x86-64"); ptx: "sm_80", the
				   lowest compute capability it runs on.  */
  const unsigned char *data;    /* ELF shared object or PTX text.  */
  uintptr_t size;               /* Bytes at DATA.  */
  const intptr_t *dims;         /* Compile-time dimensions, see above.  */
  const char *const *exports;   /* Symbols, then a null pointer.  */
  const char *const *imports;   /* Symbol and name pairs, then a null
				   pointer.  */
};

/* One offloaded region.  HOST_FN is the host version GCC outlined: the
   function GOACC_parallel_keyed receives, and the key of every lookup.
   SYMBOL names the kernel in each image; an image that lacks it has no
   device version of the region (it failed to compile for that target and
   the compiler said why).  */
struct gw_kernel
{
  void (*host_fn) (void *);
  const char *symbol;
  const char *name;             /* Source-level name, for the launch log.  */
};

#ifndef __cplusplus
_Static_assert (sizeof (struct gw_image) == 7 * sizeof (uintptr_t),
		"gw_image is seven words");
_Static_assert (sizeof (struct gw_kernel) == 3 * sizeof (uintptr_t),
		"gw_kernel is three words");
#endif

/* Size of the descriptor for the given counts, in words.  */
#define GW_UNIT_WORDS(IMAGES, KERNELS, GLOBALS)				\
  (sizeof (struct gw_unit) / sizeof (uintptr_t)				\
   + (IMAGES) * (sizeof (struct gw_image) / sizeof (uintptr_t))		\
   + (KERNELS) * (sizeof (struct gw_kernel) / sizeof (uintptr_t))	\
   + 2 * (GLOBALS))

/* The parts of a descriptor U.  */
#define GW_UNIT_IMAGES(U) ((const struct gw_image *) ((U) + 1))
#define GW_UNIT_KERNELS(U) \
  ((const struct gw_kernel *) (GW_UNIT_IMAGES (U) + (U)->num_images))
#define GW_UNIT_GLOBALS(U) \
  ((void *const *) (GW_UNIT_KERNELS (U) + (U)->num_kernels))
#define GW_UNIT_GLOBAL_INFO(U) \
  ((const uintptr_t *) (GW_UNIT_GLOBALS (U) + (U)->num_globals))

/* The word that describes a global of the table: its size in bytes,
   shifted left by one, and in bit 0 whether OpenACC's declare directive
   names it at file or module scope (create, copyin, device_resident:
   GCC marks it "omp declare target").  A device with memory of its own
   keeps a copy of a declared global for the life of the program, which
   the data clauses of constructs find present; GCC maps the others with
   the constructs that use them.  */
#define GW_GLOBAL_DECLARED 1u
#define GW_GLOBAL_INFO(SIZE, DECLARED) \
  (((uintptr_t) (SIZE) << 1) | ((DECLARED) ? GW_GLOBAL_DECLARED : 0))
#define GW_GLOBAL_SIZE(INFO) ((size_t) ((INFO) >> 1))

/* A cpu kernel runs gangs GANG_LO .. GANG_HI-1 of a launch of NUM_GANGS
   gangs.  DATA is the region's argument block (GCC's .omp_data_i, the
   hostaddrs array of the launch); GLOBALS is the unit's global address
   table.  */
typedef void gw_cpu_kernel_fn (void *data, void *const *globals,
			       uint32_t num_gangs, uint32_t gang_lo,
			       uint32_t gang_hi);

/* The most gangs the cpu device runs of one launch.  A larger run-time
   num_gangs gets this many (the kernel reads its number of gangs from
   NUM_GANGS above, so its loops share their iterations among these);
   the cpu target caps a compile-time num_gangs likewise.  Gangs cost
   about 10 ns each even when they have nothing to do, and this many
   keep every thread of any pool busy.  */
#define GW_CPU_MAX_GANGS (1u << 20)

/* Every cpu image exports this unsigned int, equal to
   GW_CPU_IMAGE_VERSION: the version of the kernel interface above, which
   is independent of the descriptor's GW_ABI_VERSION.  Images are linked
   with -Bsymbolic and hidden visibility, so that their own references
   never bind to the program's symbols.  */
#define GW_CPU_IMAGE_VERSION_SYMBOL "gw_image_abi_version"
#define GW_CPU_IMAGE_VERSION 1

/* A cpu image with routines exports this pointer, void *const *, which
   the runtime sets to the unit's global table when it loads the image
   (routines read their unit's globals through it; when the cpu device
   has memory of its own, to a table of the same layout that gives the
   device copies of the declared globals), and, if it imports
   routines, an array of pointers, void *[], which the runtime fills with
   the addresses of the image's imports, in the order of the image's
   import list.  An exported routine is an exported symbol of its image.
   Both are optional, so the image version stays 1.  */
#define GW_CPU_IMAGE_GLOBALS_SYMBOL "gw_image_globals"
#define GW_CPU_IMAGE_IMPORTS_SYMBOL "gw_image_imports"

/* GW_PTX_ENTRY: each kernel of a ptx image is an entry point

     .visible .entry SYMBOL (.param .u64 data, .param .u64 globals)

   launched on a grid of NUM_GANGS blocks of VECTOR x WORKERS threads
   (the x dimension is the vector lane, y the worker), with no dynamic
   shared memory.  DATA is the device address of an array of MAPNUM
   64-bit words, one per mapping of the launch: the device address of
   the mapped object, or for GOMP_MAP_FIRSTPRIVATE_INT the value itself,
   as the hostaddrs array holds it.  GLOBALS is the device address of an
   array with one 64-bit word per entry of the unit's global table: the
   device address of that global if it is present on the device (mapped
   by a data clause or directive), else 0; GLOBALS is 0 if the table is
   empty.  */

/* An exported routine of a ptx image (one of its exports) does not read
   the global table from its caller, which may be of another unit: it
   reads it from the 8-byte variable

     .visible .global .align 8 .b8 SYMBOL__gw_gtab[8]

   of its module (SYMBOL GW_PTX_TABLE_SUFFIX), where it uses the table,
   which the runtime sets when it loads the module to the device address
   of a table of the unit's globals of GLOBALS' layout, giving the device
   copies of the declared globals (the only ones a routine reaches).  */
#define GW_PTX_TABLE_SUFFIX "__gw_gtab"

/* What a launch or data directive is, for the runtime's messages
   (plugin/sites.cc): a static record each call passes first.  WHERE is
   the directive's "file:line" ("" if unknown), WHAT "parallel",
   "kernels", "serial", "data", "enter data", "exit data", "update" or
   "declare", and NAMES the name of the variable of each of its
   mappings, in their order, separated by newlines ("" for a mapping the
   compiler could not name, or for all of them).  A null site is
   allowed: the messages then give addresses only.  */
struct gw_site
{
  const char *where;
  const char *what;
  const char *names;
};

/* Entry points the compiled objects call.  */
void gangway_register_unit (const struct gw_unit *);
void gangway_unregister_unit (const struct gw_unit *);
void gangway_parallel_keyed (const struct gw_site *site, int flags,
			     void (*fn) (void *), size_t mapnum,
			     void **hostaddrs, size_t *sizes,
			     unsigned short *kinds, ...);
void gangway_data_start (const struct gw_site *site, int flags,
			 size_t mapnum, void **hostaddrs, size_t *sizes,
			 unsigned short *kinds);
void gangway_data_end (void);
void gangway_enter_data (const struct gw_site *site, int flags,
			 size_t mapnum, void **hostaddrs, size_t *sizes,
			 unsigned short *kinds, int async, int num_waits, ...);
void gangway_exit_data (const struct gw_site *site, int flags,
			size_t mapnum, void **hostaddrs, size_t *sizes,
			unsigned short *kinds, int async, int num_waits, ...);
void gangway_update (const struct gw_site *site, int flags, size_t mapnum,
		     void **hostaddrs, size_t *sizes, unsigned short *kinds,
		     int async, int num_waits, ...);
void gangway_declare (const struct gw_site *site, int flags, size_t mapnum,
		      void **hostaddrs, size_t *sizes, unsigned short *kinds);
/* The wait directive (GOACC_wait), and the replacements of the OpenACC
   functions that wait for or test async queues, which calls of acc_wait
   (and acc_async_wait), acc_wait_all (and acc_async_wait_all),
   acc_wait_async, acc_wait_all_async, acc_async_test and
   acc_async_test_all become.  */
void gangway_wait (int async, int num_waits, ...);
void gangway_acc_wait (int async);
void gangway_acc_wait_all (void);
void gangway_acc_wait_async (int async1, int async2);
void gangway_acc_wait_all_async (int async);
int gangway_acc_async_test (int async);
int gangway_acc_async_test_all (void);
/* Fortran's: the external procedures acc_wait_h and the others of
   libgomp's openacc module and openacc_lib.h, arguments by reference,
   LOGICAL results.  */
void gangway_acc_wait_h_ (const int *async);
void gangway_acc_wait_all_h_ (void);
void gangway_acc_wait_async_h_ (const int *async1, const int *async2);
void gangway_acc_wait_all_async_h_ (const int *async);
int32_t gangway_acc_async_test_h_ (const int *async);
int32_t gangway_acc_async_test_all_h_ (void);

#ifdef __cplusplus
}
#endif

#endif /* GANGWAY_ABI_H */
