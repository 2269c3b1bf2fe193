/* The cpu target: the plan of a function's C, which the pass cpu-plan
   computes and the emitter prints.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   Everything the emitter decides about a function before it writes a
   line of C: the partitions and the divergence of the registers, the
   SIMD regions and their lanes (P, the workers and their chunks), the
   frames, which varying registers are affine and with which strides
   (strides.cc), which writes of SIMD code are masked and which uniform
   registers must be kept per lane (masking.cc), which blocks test for an
   empty mask, the deferred atomics.  They depend on each other: plan.cc
   iterates them to a fixed point (cpu_plan::analyse).

   The pass cpu-plan (the last of config/cpu/passes.def) computes the
   plan and leaves it with the function (dir_func::analysis), printed in
   its dump after the function; the emitter takes it, or computes it
   itself when the function carries none (or one for other options).
   The plan points into the function: it is valid until the function
   changes, and the pipeline drops it then.  */

#ifndef GANGWAY_CPU_PLAN_H
#define GANGWAY_CPU_PLAN_H

#include "cpu.h"
#include "linearize.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace gw_cpu {

const int64_t STRIDE_UNKNOWN = INT64_MIN;
const int64_t STRIDE_TOP = INT64_MAX;

/* Thrown when the kernel uses something the cpu target cannot do.  */
struct cannot
{
  std::string why;
};

/* Is FROM -> TO the edge by which the threads that skip a neutered
   region reach its join (strides.cc)?  */
bool skip_edge (const dir_block *from, const dir_block *to);

/* The targets of the switch T other than its default, each with the
   case values that lead there, in the order of their first case
   (blocks.cc).  */
std::vector<std::pair<const dir_block *, std::vector<int64_t>>>
switch_cases (const dir_insn *t);

class cpu_plan : public dir_analysis
{
public:
  /* The plan of FN's C for the emitter's options OPTS (those that
     matter: max_lanes, unmasked, check_lanes).  Fills FN's CFG.  */
  static std::unique_ptr<cpu_plan> compute (dir_func *fn,
					    const cpu_emit_options &opts);
  /* The plan FN carries, if it is one for OPTS; else null.  */
  static const cpu_plan *of (const dir_func *fn,
			     const cpu_emit_options &opts);

  const char *kind () const override { return "cpu-plan"; }
  void print (FILE *f, const dir_func *func) const override;

  dir_func *const fn;			/* The function it plans.  */

  /* The options it was made for.  */
  unsigned max_lanes = cpu_max_vector;
  bool unmasked = false;
  bool check_lanes = false;
  /* The widest chunk of workers' lanes it plans: MAX_LANES, or the
     device's widest vector (cpu_max_vector) if WIDE, when a reduction
     across workers that chunks of MAX_LANES lanes cannot run
     (check_chunked_reduce) needs fewer chunks.  */
  unsigned widest = cpu_max_vector;
  bool wide = false;
  /* If not empty, why the emitter cannot emit the function: the rest of
     the plan is then incomplete.  */
  std::string why;

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
  std::vector<bool> check;		/* Block -> its mask may be empty
					   when the code falls into it.  */
  std::vector<uint32_t> slot_offset;	/* In its frame.  */
  uint32_t frame_size = 0;		/* Each lane's frame.  */
  uint32_t shared_size = 0;		/* The gang's shared frame.  */
  uint32_t wshared_size = 0;		/* Each worker's shared frame.  */
  /* The deferred atomics of scalar code (gang reductions), numbered: each
     gang keeps its value of each in a gw_red_slot (emit.cc).  */
  std::vector<const dir_insn *> deferred;
  /* The write-combined atomics (flagged combined by the pass
     cpu-combine-atomics, in a kernel), and one of them (their operation
     and type), null if none (wcombine.cc).  */
  std::set<const dir_insn *> wc;
  const dir_insn *wc_rep = nullptr;
  /* The kernel's gang-invariant start, which the exported kernel
     computes once for the gangs it runs (plan.cc, find_prefix): its
     instructions in order, each phi with its incoming value.  */
  std::vector<std::pair<const dir_insn *, dir_value>> prefix;
  std::set<const dir_insn *> in_prefix;
  /* The REDUCEs across workers that still run in several chunks and
     that chunks cannot run, with why: the emitter refuses them.  */
  std::map<const dir_insn *, std::string> refused;

  /* Queries.  */
  bool simd (const dir_block *b) const { return region_of[b->index] >= 0; }
  bool vary (const dir_value &v) const { return div.varying (v); }
  /* Is register R held in a C vector (varying and not affine)?  */
  bool is_vec (uint32_t r) const { return div.varying (r) && !affine[r]; }
  bool is_vec (const dir_value &v) const
  {
    return v.reg_p () && is_vec (v.reg);
  }
  bool masked (const dir_insn *i) const { return mask_defs.count (i); }
  bool masked_copy (const dir_insn *phi, const dir_block *from) const
  {
    return mask_copies.count ({ phi, from });
  }
  int64_t lane_stride (uint32_t r, const dir_block *b) const;
  /* Why the REDUCE I cannot run in the chunks, or null.  */
  const std::string *refusal (const dir_insn *i) const
  {
    auto r = refused.find (i);
    return r == refused.end () ? nullptr : &r->second;
  }
  /* Could I be a guarded sign extension (strides.cc)?  */
  bool guard_candidate (const dir_insn *i,
			const std::vector<char> &exact) const;

  /* Masking (masking.cc), which the emitter's verifier shares.  */
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
  bool live_for_waiting (const simd_region &r, size_t y, uint32_t reg)
    const;

private:
  explicit cpu_plan (dir_func *fn) : fn (fn) {}
  static std::unique_ptr<cpu_plan> make (dir_func *fn,
					 const cpu_emit_options &opts,
					 unsigned widest);

  void analyse ();
  void frames ();
  void plan_regions ();
  void empty_checks ();
  void find_deferred ();
  void find_combined ();
  void find_prefix ();
  void check_chunked_reduce (const dir_insn *i) const;
  void find_refused ();
  bool holds_own_addresses (uint32_t sl) const;
  /* strides.cc.  */
  void strides ();
  std::vector<char> exact_sequences () const;
  bool may_guard () const;
  void find_affine ();
  bool find_guards (const std::vector<char> &exact);
  /* masking.cc.  */
  void find_masked_writes (const simd_region &r);
};

} // namespace gw_cpu

#endif /* GANGWAY_CPU_PLAN_H */
