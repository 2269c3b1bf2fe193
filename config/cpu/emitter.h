/* The cpu target's emitter: device RTL to SIMD C.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   The emitter prints the plan of the function (plan.h), which the pass
   cpu-plan computed, or which it computes itself if the function carries
   none.  It is one class whose parts live in several files:

     emit.cc      the driver: the kernel's C function, around the rest
     values.cc    C types and the operands of insns, as scalars, vectors
		  or single lanes
     exprs.cc     the C expression of each operation, scalar and vector
     blocks.cc    insns, phi copies, edges and blocks, scalar and SIMD
     wcombine.cc  write-combined atomics: a thread's atomic updates
		  combined in a cache of its own
     masking.cc   (its second half) the check of the masks of the emitted
		  writes, and the run-time lane checker

   The plan's analyses and decisions (the chunk width, the deferred and
   write-combined atomics, the kernel's gang-invariant start) are in
   plan.cc, strides.cc (which varying values
   are affine: a scalar base plus the worker and the vector lane times
   constant strides), masking.cc (its first half: which writes are
   masked) and linearize.cc (the SIMD regions).  emit.cc's header
   describes the C the emitter produces.  */

#ifndef GANGWAY_CPU_EMITTER_H
#define GANGWAY_CPU_EMITTER_H

#include "plan.h"

#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace gw_cpu {

/* The C type of a scalar of type T, as the emitter keeps it (unsigned
   integers; an int for b1).  */
std::string c_type (dir_type t);

class emitter
{
public:
  emitter (dir_func *fn, const cpu_emit_options &opts, const cpu_plan &plan)
    : fn (fn), opts (opts), plan (plan), parts (plan.parts), div (plan.div),
      p (plan.p), wlen (plan.wlen), vlen (plan.vlen), group (plan.group),
      chunks (plan.chunks), regions (plan.regions),
      region_of (plan.region_of), stride (plan.stride),
      wstride (plan.wstride), affine (plan.affine),
      guard_root (plan.guard_root), check (plan.check),
      slot_offset (plan.slot_offset), frame_size (plan.frame_size),
      shared_size (plan.shared_size), wshared_size (plan.wshared_size),
      deferred (plan.deferred), wc (plan.wc), wc_rep (plan.wc_rep),
      prefix (plan.prefix), in_prefix (plan.in_prefix) {}
  void run (std::string *code, unsigned *lanes);
  std::vector<gw_call> calls;		/* The routines FN calls.  */

private:
  dir_func *fn;
  cpu_emit_options opts;
  const cpu_plan &plan;
  /* The plan's fields (plan.h), by the names the printing code uses.  */
  const gw_partitions &parts;
  const gw_divergence &div;
  const unsigned &p;
  const int &wlen, &vlen, &group, &chunks;
  const std::vector<simd_region> &regions;
  const std::vector<int> &region_of;
  const std::vector<int64_t> &stride, &wstride;
  const std::vector<bool> &affine;
  const std::vector<uint32_t> &guard_root;
  const std::vector<bool> &check;
  const std::vector<uint32_t> &slot_offset;
  const uint32_t &frame_size, &shared_size, &wshared_size;
  const std::vector<const dir_insn *> &deferred;
  const std::set<const dir_insn *> &wc;
  const dir_insn *const &wc_rep;
  const std::vector<std::pair<const dir_insn *, dir_value>> &prefix;
  const std::set<const dir_insn *> &in_prefix;

  /* With OPTS.verify: the writes emitted in SIMD code, keyed like the
     plan's mask_copies (null for a definition), 1 if some were unmasked,
     2 if some were masked.  */
  std::map<std::pair<const dir_insn *, const dir_block *>, int> written;
  std::string out;

  void put (const char *fmt, ...) __attribute__ ((format (printf, 2, 3)));

  /* The parts of the kernel's C (emit.cc), in the order run prints
     them.  The frames: each lane's, P * CHUNKS of FRAME_SIZE bytes
     (FRAME_BYTES), then the gang's shared one at SHARED_AT and each
     worker's at WSHARED_AT, HEAP_BYTES in all; on the heap (HEAP) if
     they are too large for a thread's stack.  */
  struct frame_layout
  {
    uint64_t frame_bytes = 0, shared_at = 0, wshared_at = 0, heap_bytes = 0;
    bool heap = false;
  };
  void read_only_data ();
  frame_layout layout_frames () const;
  void function_head (const frame_layout &f);
  void declarations (const frame_layout &f);
  void blocks_code ();
  void exported_kernel (const frame_layout &f);
  bool simd (const dir_block *b) const { return plan.simd (b); }
  bool vary (const dir_value &v) const { return plan.vary (v); }
  /* Is register R held in a C vector (varying and not affine)?  */
  bool is_vec (uint32_t r) const { return plan.is_vec (r); }
  bool is_vec (const dir_value &v) const { return plan.is_vec (v); }
  bool masked (const dir_insn *i) const { return plan.masked (i); }
  bool masked_copy (const dir_insn *phi, const dir_block *from) const
  {
    return plan.masked_copy (phi, from);
  }
  int64_t lane_stride (uint32_t r, const dir_block *b) const
  {
    return plan.lane_stride (r, b);
  }

  /* Lanes (emit.cc).  */
  bool pos_is_lane (const dir_insn *i) const;
  std::string pos_expr (const dir_insn *i) const;
  std::string global_lane () const;
  std::string lane_mask (unsigned axes, bool single) const;
  std::string entry_mask (const simd_region &r) const;
  void enter_region (const simd_region &r, bool first);
  /* Types.  */
  std::string sty (dir_type t, bool sign = false) const;
  std::string vty (dir_type t, bool sign = false) const;
  std::string helper (const char *op, dir_type t) const;

  /* Operands.  */
  std::string lit (const dir_value &v) const;
  std::string sval (const dir_value &v) const;
  std::string vval (const dir_value &v) const;
  std::string lval (const dir_value &v) const;
  std::string mask_of (const std::string &cmp, dir_type t) const;
  static std::string disp (int64_t d);

  /* Insns.  */
  std::string scalar_expr (const dir_insn *i,
			   const std::vector<std::string> &a) const;
  std::string vector_expr (const dir_insn *i) const;
  std::string vector_expr (const dir_insn *i, const std::string &a,
			   const std::string &b) const;
  std::string vcmp (const char *op, dir_type t, bool sign,
		    const std::string &a, const std::string &b) const;
  std::string combine (dir_opcode op, dir_type t, const std::string &a,
		       const std::string &b, bool vector) const;
  std::string reduce_expr (const dir_insn *i) const;
  void deferred_atomic (const dir_insn *i, const std::vector<std::string> &a);
  void combine_deferred ();
  std::string reduce_identity (dir_opcode op, dir_type t) const;
  std::string mem_ptr (const dir_insn *i, const std::string &addr) const;
  std::string dcall_expr (const dir_insn *i,
			  const std::vector<std::string> &a,
			  const std::string &ctx);
  void simd_dcall (const dir_insn *i);
  std::string lane_ctx () const;
  std::string atomic_expr (const dir_insn *i,
			   const std::vector<std::string> &a) const;
  std::string atomic_mem (const dir_insn *i,
			  const std::vector<std::string> &a) const;
  void combine_lanes (const dir_insn *i);
  void simd_atomic_uniform (const dir_insn *i);
  void scalar_insn (const dir_insn *i);
  void simd_insn (const dir_insn *i);
  void simd_load (const dir_insn *i);
  void simd_store (const dir_insn *i);
  void simd_block (const dir_insn *i);
  std::string block_stmt (const dir_insn *i, const std::string &dst,
			  const std::string &src) const;
  void assign_varying (const dir_insn *i, const std::string &expr);
  /* Write-combined atomics (wcombine.cc).  */
  void combined_helpers ();
  void combined_atomic (const dir_insn *i, bool in_simd);
  void guard_access (const dir_insn *i, bool in_simd);
  void combined_frames (uint64_t frame_bytes);
  unsigned wc_shift () const;
  void combined_cache ();

  /* Blocks and edges.  */
  std::vector<std::pair<const dir_insn *, dir_value>>
  edge_copies (const dir_block *from, const dir_block *to);
  std::string phi_source (const dir_insn *phi, const dir_value &v);
  void phi_sources (const simd_region &r, const dir_block *from,
		    const dir_block *to, simd_edge kind,
		    const std::string &mask, const std::string &pre);
  void phi_copies (const dir_block *from, const dir_block *to,
		   const std::string *mask, const std::string *pre = nullptr);
  void scalar_edge (const dir_block *from, const dir_block *to);
  struct divergent_edge
  {
    const dir_block *to;
    std::string mask, pre;
  };
  void divergent_edges (const simd_region &r, const dir_block *b,
			const std::vector<divergent_edge> &edges);
  void simd_edge_to (const simd_region &r, const dir_block *from,
		     const dir_block *to, const std::string &mask,
		     simd_edge kind, const std::string *pre = nullptr);
  void scalar_block (const dir_block *b);
  void simd_region_code (const simd_region &r);
  void simd_block (const simd_region &r, int k);

  bool guarded (const dir_value &addr, std::string *ok,
		std::string *lanes) const;
  /* The masks' checks (masking.cc).  */
  void note_write (const dir_insn *i, const dir_block *from, bool masked,
		   const std::string &mask);
  /* The lane checker (OPTS.check_lanes, masking.cc).  */
  bool tracked (uint32_t r) const;
  void check_lanes (const dir_value &v, const std::string &mask,
		    const dir_block *b);
  void check_block_lanes (const dir_block *b, const std::string &mask);
  void reset_owners (const simd_region &r);
  void verify_masks () const;
};

/* simplify.cc: does B start with a fork or join marker?  The partition
   tree is read from those blocks: the cpu passes leave them, and their
   predecessors' branches, as they are.  */
bool marker_block (const dir_block *b);

/* simplify.cc: merge each block into its only predecessor where that
   jumps to it, except around markers (cpu-simplify, cpu-ifconvert).
   Needs the CFG and leaves it valid; true if it changed FN.  */
bool gw_cpu_merge_jumps (dir_func *fn);

} // namespace gw_cpu

#endif /* GANGWAY_CPU_EMITTER_H */
