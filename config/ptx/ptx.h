/* The ptx target: declarations shared by its files.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.  */

#ifndef GANGWAY_PTX_H
#define GANGWAY_PTX_H

#include "../target.h"

/* The target's device passes (passes.def).  */
#define DEF_PASS(NAME, FUNCTION, REQUIRES, PROVIDES) \
  bool FUNCTION (dir_func *, const gw_pass_context &);
#include "passes.def"
#undef DEF_PASS

/* What a PTX module is written for: the GPU architecture ("sm_80") and
   the PTX ISA version that architecture needs.  */
struct ptx_arch
{
  std::string sm;		/* "sm_80".  */
  const char *isa = "7.0";	/* ".version" of the module.  */
};

/* Parse NAME ("sm_75" ... "sm_90"); return false if it is not one the
   target supports.  */
bool ptx_parse_arch (const std::string &name, ptx_arch *arch);

/* The lanes of a warp: the smallest vector length of a partitioned vector
   loop (larger ones are whole warps).  */
const int ptx_warp_size = 32;

/* A worker of several warps synchronizes its lanes with a barrier of its
   own, 1 + its position: the hardware's 16 barriers leave 15.  */
const int ptx_max_vector_barriers = 15;

/* The most .local memory a thread has: 512 KiB on every compute
   capability (CUDA C++ Programming Guide, "Features and Technical
   Specifications").  */
const uint64_t ptx_max_local = 512 * 1024;

/* The most static .shared memory of a CTA: 48 KiB (the same table; more
   needs dynamic shared memory, which the target does not use).  */
const uint64_t ptx_max_shared = 48 * 1024;

/* emit.cc: write the PTX of kernel FN, which has been through the device
   passes, to *CODE: its module-scope declarations, then its .entry (the
   same for every architecture ptx_module_header names).  Return false and
   set *WHY if FN uses something the target cannot emit.  */
bool ptx_emit_kernel (dir_func *fn, std::string *code,
		      std::vector<gw_call> *calls, std::string *why);

/* The header of a module for ARCH.  */
std::string ptx_module_header (const ptx_arch &arch);

/* emit.cc: the .param type of a routine's parameter or result of type T,
   and the PTX header of the routine NAME of signature SIG after LINKAGE
   (".visible ", ".extern " or ""), without a body or a ';'.  A routine's
   first parameter is the unit's global table, gw_globals; then come
   gw_p0, gw_p1...; the result is gw_ret.  */
const char *ptx_param_type (dir_type t);
std::string ptx_routine_prototype (const std::string &name,
				   const dir_signature &sig,
				   const char *linkage);

#endif /* GANGWAY_PTX_H */
