/* The cpu target: declarations shared by its files.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   The cpu device runs each gang on one host thread; the vector lanes of a
   gang are the lanes of SIMD registers.  A kernel becomes C with GCC's
   vector extensions (emit.cc), compiled by the host's own gcc into a
   shared object, the unit's cpu image (target.cc).  */

#ifndef GANGWAY_CPU_H
#define GANGWAY_CPU_H

#include "../target.h"

/* The target's device passes (passes.def).  */
#define DEF_PASS(NAME, FUNCTION, REQUIRES, PROVIDES) \
  bool FUNCTION (dir_func *, const gw_pass_context &);
#include "passes.def"
#undef DEF_PASS

#include <string>
#include <vector>

/* What the emitter needs to know about the ISA.  */
struct cpu_isa
{
  std::string level;		/* "x86-64", "x86-64-v2" ... "x86-64-v4".  */
  unsigned vector_bytes;	/* Widest SIMD register: 16, 32 or 64.  */
};

/* target.cc: the ISA of the images, -fplugin-arg-gangway-isa's
   (resolving "native").  */
cpu_isa cpu_target_isa ();

/* The target's property of device RTL (gw_target::properties): the
   vector lanes of a worker agree in its vector-single code
   (simplify.cc).  */
const unsigned CPU_PROP_LANES_AGREE = DIR_PROP_TARGET_FIRST;

/* The longest vector_length the cpu device accepts (a longer one gets
   a warning), and the widest chunk of a gang's workers' lanes.  */
const unsigned cpu_max_vector = 64;

/* The longest vector the code of ISA runs: two registers of 4-byte
   lanes (32 with AVX-512, 16 with AVX2, 8 with SSE), so that a value of
   8 bytes per lane is at most four registers.  A wider vector is no type
   of the machine: GCC keeps it in memory and splits each operation into
   loads, register-sized operations and stores, which is slow to run
   and, at 64 lanes of doubles, takes GCC a minute to compile.  Vector
   lengths are clamped to it (validate_dims), and the workers of a gang
   run in chunks of at most that many lanes where the kernel allows
   (the chunk width, a decision of the plan: plan.h).  */
unsigned cpu_max_simd_lanes (const cpu_isa &isa);

/* An image source is the whole image, or one of the parts of an image
   compiled in parts (cpu_image::link): the first defines the image's
   data, the others declare it.  */
enum cpu_image_part
{
  CPU_IMAGE_WHOLE, CPU_IMAGE_FIRST_PART, CPU_IMAGE_OTHER_PART
};

/* prelude.cc: the C an image source starts with: the includes, the
   symbols the runtime looks up, and of the types and helpers of the ISA
   and of the SIMD widths WIDTHS those the C text USES names (the unit's
   code, its declarations), with those they name in turn.  OUTLINE makes
   the gathers and scatters functions that are not inlined (an image
   with a big function, cpu_image::link).  PART says which source of the
   image this is.  */
std::string cpu_prelude (const cpu_isa &, const std::vector<unsigned> &widths,
			 const std::string &uses, bool outline,
			 cpu_image_part part = CPU_IMAGE_WHOLE);

/* How to emit a kernel.  */
struct cpu_emit_options
{
  bool verify = false;		/* Check the masking of the SIMD code
				   (masking.cc) after emission.  */
  bool unmasked = false;	/* Debugging the verifier: write every
				   register of SIMD code without a mask.  */
  bool check_lanes = false;	/* Check at run time that every lane reads
				   only values written for it.  */
  bool no_combine = false;	/* No write-combined atomics
				   (wcombine.cc): the pass
				   cpu-combine-atomics flags none.  */
  unsigned max_lanes = cpu_max_vector;	/* The widest chunk of workers'
					   lanes (cpu_max_simd_lanes).  */
};

/* The options of the cpu target's passes (gw_pass_context::target): the
   emitter's, which the passes that plan its code follow (plan.h).  */
struct cpu_pass_options : gw_target_pass_options
{
  cpu_emit_options emit;
};

/* target.cc: the emitter's options for a compilation with OPTS.  */
cpu_emit_options cpu_emit_options_for (const gw_target_options &opts);

/* The emitter's options the cpu passes run with in CTX: those the target
   gave (the plugin's), else those of the target's options as parsed
   (gangway-opt's, as its emit_listing uses them).  */
const cpu_emit_options &cpu_pass_emit_options (const gw_pass_context &ctx);

/* emit.cc: the C of the kernel or routine FN (after the device passes).
   A kernel's exported function has FN->name and the gw_cpu_kernel_fn
   signature; a routine is cpu_routine_prototype's function FN->name, of
   FN's dims if it is a worker or vector routine (a variant, named by
   gw_call::variant: a vector routine runs on the vector lanes of the
   worker that calls it, a worker or gang routine on all the gang's
   lanes).  Sets *LANES to the SIMD width it uses (0 if
   none): the vector length of FN's dims rounded up to a power of two,
   whatever the ISA (GCC splits wider vectors).  Adds to CALLS (if not
   null) the routines it calls.  Returns false and sets WHY if FN uses
   something the cpu target cannot emit.  */
bool cpu_emit_kernel (dir_func *fn, const cpu_emit_options &opts,
		      std::string *code, unsigned *lanes,
		      std::vector<gw_call> *calls, std::string *why);

/* emit.cc: the C declarator of the routine NAME of signature SIG (local
   to the image: GW_LOCAL, static unless the image is compiled in parts;
   or exported from the image if EXPORTED), and the type of a pointer to
   such a function.  A routine's first parameter is the context of the
   thread that calls it, a const struct gw_ctx * (prelude.cc).  */
std::string cpu_routine_prototype (const std::string &name,
				   const dir_signature &sig, bool exported);
std::string cpu_routine_pointer (const dir_signature &sig);

#endif /* GANGWAY_CPU_H */
