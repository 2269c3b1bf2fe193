/* The cpu target's emitter: device RTL to SIMD C.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   The emitter is one class whose parts live in several files:

     emit.cc      the driver: analyses, then the kernel's C function
     strides.cc   which varying values are affine (a scalar base plus
		  the worker and the vector lane times constant strides)
     values.cc    C types and the operands of insns, as scalars, vectors
		  or single lanes
     exprs.cc     the C expression of each operation, scalar and vector
     blocks.cc    insns, phi copies, edges and blocks, scalar and SIMD
     wcombine.cc  write-combined atomics: a thread's atomic updates
		  combined in a cache of its own

   emit.cc's header describes the C it produces.  */

#ifndef GANGWAY_CPU_EMITTER_H
#define GANGWAY_CPU_EMITTER_H

#include "cpu.h"
#include "linearize.h"

#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace gw_cpu {

const int64_t STRIDE_UNKNOWN = INT64_MIN;
const int64_t STRIDE_TOP = INT64_MAX;

/* Is FROM -> TO the edge by which the threads that skip a neutered
   region reach its join (strides.cc)?  */
bool skip_edge (const dir_block *from, const dir_block *to);

/* The targets of the switch T other than its default, each with the
   case values that lead there, in the order of their first case
   (blocks.cc).  */
std::vector<std::pair<const dir_block *, std::vector<int64_t>>>
switch_cases (const dir_insn *t);

/* The C type of a scalar of type T, as the emitter keeps it (unsigned
   integers; an int for b1).  */
std::string c_type (dir_type t);

/* Thrown when the kernel uses something this emitter cannot do.  */
struct cannot
{
  std::string why;
  bool chunked = false;		/* Only because workers run in chunks.  */
};

class emitter
{
public:
  emitter (dir_func *fn, const cpu_emit_options &opts)
    : fn (fn), opts (opts) {}
  void run (std::string *code, unsigned *lanes);
  std::vector<gw_call> calls;		/* The routines FN calls.  */

private:
  dir_func *fn;
  cpu_emit_options opts;
  gw_partitions parts;
  gw_divergence div;
  unsigned p = 0;			/* SIMD lanes, 0 if no partition.  */
  int wlen = 1;				/* Workers per gang.  */
  int vlen = 1;				/* The vector length.  */
  int group = 1;			/* Workers per chunk of P lanes.  */
  int chunks = 1;			/* Chunks a worker partition runs in.  */
  std::vector<simd_region> regions;
  std::vector<int> region_of;		/* Block index -> region or -1.  */
  std::vector<int64_t> stride;		/* Register -> affine stride from one
					   vector lane to the next.  */
  std::vector<int64_t> wstride;		/* ... from one worker to the next.  */
  std::vector<bool> affine;		/* Register -> a scalar base + the
					   worker and the vector lane times
					   their strides.  */
  /* The definitions and the phi copies (phi, incoming block) of SIMD
     code that must be masked (masking.cc).  */
  std::set<const dir_insn *> mask_defs;
  std::set<std::pair<const dir_insn *, const dir_block *>> mask_copies;
  std::vector<uint32_t> per_lane;	/* Registers that must not be
					   scalars (masking.cc), in the
					   order found.  */
  std::vector<bool> not_affine;		/* Register -> kept per lane.  */
  /* Register -> 1 + the register of the guarded sign extension its
     affine value comes from, or 0 (strides.cc); the extensions refused
     as guarded ones.  */
  std::vector<uint32_t> guard_root;
  std::set<uint32_t> no_guard;
  std::vector<std::vector<bool>> live;	/* Liveness of FN.  */
  /* With OPTS.verify: the writes emitted in SIMD code, keyed like
     MASK_COPIES (null for a definition), 1 if some were unmasked, 2 if
     some were masked.  */
  std::map<std::pair<const dir_insn *, const dir_block *>, int> written;
  std::vector<bool> check;		/* Block -> its mask may be empty
					   when the code falls into it.  */
  std::vector<uint32_t> slot_offset;	/* In its frame.  */
  uint32_t frame_size = 0;		/* Each lane's frame.  */
  uint32_t shared_size = 0;		/* The gang's shared frame.  */
  uint32_t wshared_size = 0;		/* Each worker's shared frame.  */
  /* The deferred atomics of scalar code (gang reductions), numbered: each
     gang keeps its value of each in a gw_red_slot (emit.cc).  */
  std::vector<const dir_insn *> deferred;
  /* The write-combined atomics, and one of them (their operation and
     type), null if none (wcombine.cc).  */
  std::set<const dir_insn *> wc;
  const dir_insn *wc_rep = nullptr;
  /* The kernel's gang-invariant start, which the exported kernel
     computes once for the gangs it runs (emit.cc): its instructions in
     order, each phi with its incoming value.  */
  std::vector<std::pair<const dir_insn *, dir_value>> prefix;
  std::set<const dir_insn *> in_prefix;
  std::string out;

  void put (const char *fmt, ...) __attribute__ ((format (printf, 2, 3)));
  bool simd (const dir_block *b) const { return region_of[b->index] >= 0; }
  bool vary (const dir_value &v) const { return div.varying (v); }
  /* Is register R held in a C vector (varying and not affine)?  */
  bool is_vec (uint32_t r) const { return div.varying (r) && !affine[r]; }
  bool is_vec (const dir_value &v) const { return v.reg_p () && is_vec (v.reg); }

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
  bool holds_own_addresses (uint32_t sl) const;
  void check_chunked_reduce (const dir_insn *i) const;
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
  void find_combined_atomics ();
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
  void find_prefix ();
  void simd_region_code (const simd_region &r);
  void simd_block (const simd_region &r, int k);

  /* Analyses (emit.cc, strides.cc).  */
  void analyse ();
  void plan_regions ();
  void strides ();
  int64_t lane_stride (uint32_t r, const dir_block *b) const;
  bool guard_candidate (const dir_insn *i,
			const std::vector<char> &exact) const;
  bool find_guards (const std::vector<char> &exact);
  bool guarded (const dir_value &addr, std::string *ok,
		std::string *lanes) const;
  void empty_checks ();
  /* Masking (masking.cc).  */
  void block_edges (const simd_region &r, const dir_block *b,
		    std::vector<std::pair<const dir_block *, simd_edge>>
		      *edges, bool *alternatives) const;
  /* Blocks whose masks may hold lanes, by block index, and one more
     for the lanes that left the region.  */
  typedef std::vector<char> lane_set;
  void region_writes (const simd_region &r,
		      const std::function<void (const dir_insn *,
						const dir_block *,
						const lane_set &)> &on_write)
    const;
  bool live_for_waiting (const simd_region &r, size_t y, uint32_t reg,
			 const std::vector<std::vector<bool>> &live) const;
  void find_masked_writes (const simd_region &r,
			   const std::vector<std::vector<bool>> &live);
  void note_write (const dir_insn *i, const dir_block *from, bool masked,
		   const std::string &mask);
  /* The lane checker (OPTS.check_lanes, masking.cc).  */
  bool tracked (uint32_t r) const;
  void check_lanes (const dir_value &v, const std::string &mask,
		    const dir_block *b);
  void check_block_lanes (const dir_block *b, const std::string &mask);
  void reset_owners (const simd_region &r);
  void verify_masks (const std::vector<std::vector<bool>> &live) const;
  bool masked (const dir_insn *i) const { return mask_defs.count (i); }
  bool masked_copy (const dir_insn *phi, const dir_block *from) const
  {
    return mask_copies.count ({ phi, from });
  }
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
