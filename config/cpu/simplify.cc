/* The cpu target's simplification, a device pass (config/cpu/passes.def).
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   What: the reorg leaves many small blocks (neuter heads, joins, the
   blocks it splits around markers), and in SIMD code every block costs a
   mask update and an any-lane test.  Before the emitter's analyses, this
   pass

   - turns the vector neutering branches of worker partitions into jumps
     to the single side where every lane may run that code (lanes_agree),
     and drops the skipping lanes' incoming values from the joins' phis;
   - merges every block into its only predecessor when that predecessor
     jumps to it unconditionally (its phis, of one value each, become
     copies).  Blocks that start with a fork or join marker keep their
     own blocks, and so do their predecessors: the partition tree is read
     from them.

   Requires: nothing (it runs after the generic passes, on what the
   emitter will print).
   Guarantees: the partition tree is unchanged; CPU_PROP_LANES_AGREE if
   it removed vector neutering; no block jumps
   unconditionally to a block whose only predecessor it is, except around
   markers.  */

#include "emitter.h"

#include <algorithm>

namespace gw_cpu {

namespace {

/* Vector-single code in a worker partition: on a GPU lane 0 of each
   worker runs it and the other lanes branch around it.  Here the lanes of
   a worker run in lockstep, and in that code they hold the same values
   (their worker's, and broadcasts), so all of them may run it: the same
   loads, the same values stored to the same addresses at once, which is
   what one lane would do, without the masks and blends of a divergent
   branch.  Unless a lane could see its own value there: a register a
   vector partition defines, or a private slot one addresses (each lane's
   frame differs after it), or its vector position; or unless running it
   once per lane is not what one lane would do: a read-modify-write
   (atomic, xchg, cas) adds once per lane, an atomic or volatile load
   may read a different value each time, and a routine would be called
   once per lane.  Return true if no vector-single code of a worker
   partition of FN does.  */

bool
lanes_agree (const dir_func *fn, const gw_partitions &parts)
{
  const unsigned W = 1u << DA_WORKER, V = 1u << DA_VECTOR;
  auto single_in_worker = [&] (const dir_block *b) {
    return (parts.mask (b) & W) && !(parts.mask (b) & V);
  };
  std::vector<char> slot_in_vector (fn->slots.size (), 0);
  for (const dir_block *b : fn->blocks)
    if (parts.mask (b) & V)
      for (const dir_insn *i : b->insns)
	if (i->op == DOP_ADDR_LOCAL)
	  slot_in_vector[i->slot] = 1;
  for (const dir_block *b : fn->blocks)
    {
      if (!single_in_worker (b))
	continue;
      auto from_vector = [&] (const dir_value &v) {
	return v.reg_p () && fn->regs[v.reg].def
	       && (parts.mask (fn->regs[v.reg].def->bb) & V);
      };
      for (const dir_insn *phi : b->phis)
	for (const dir_value &v : phi->ops)
	  if (from_vector (v))
	    return false;
      for (const dir_insn *i : b->insns)
	{
	  if ((i->op == DOP_ADDR_LOCAL && !fn->slots[i->slot].shared
	       && slot_in_vector[i->slot])
	      || (i->op == DOP_DIM_POS && i->axis == DA_VECTOR)
	      || i->op == DOP_ATOMIC || i->op == DOP_XCHG || i->op == DOP_CAS
	      || i->op == DOP_DCALL
	      || (i->op == DOP_LOAD
		  && (i->flags & (DIF_ATOMIC | DIF_VOLATILE))))
	    return false;
	  for (const dir_value &v : i->ops)
	    if (from_vector (v))
	      return false;
	}
    }
  return true;
}

} // anon namespace

bool
marker_block (const dir_block *b)
{
  return !b->insns.empty () && dir_op_flag (b->insns[0]->op, DOPF_MARKER);
}

/* Whether gw_cpu_merge_jumps may append B to A: neither starts with a
   marker.  */

static bool
may_merge (const dir_block *a, const dir_block *b)
{
  return !marker_block (a) && !marker_block (b);
}

/* Merge every block into its only predecessor when that predecessor
   jumps to it unconditionally, except around markers.  Needs the CFG;
   leaves it valid.  */

bool
gw_cpu_merge_jumps (dir_func *fn)
{
  return dir_merge_chains (fn, may_merge);
}

} // namespace gw_cpu

bool
gw_cpu_simplify (dir_func *fn, const gw_pass_context &)
{
  using namespace gw_cpu;
  dir_compact (fn);
  dir_fill_cfg (fn);
  gw_partitions parts;
  std::string error;
  /* The emitter reports partitions it cannot read.  */
  if (!parts.discover (fn, &error))
    return false;
  bool changed = false;
  unsigned redundant = fn->dims[DA_WORKER] > 1 && fn->dims[DA_VECTOR] > 1
		       && lanes_agree (fn, parts) ? 1u << DA_VECTOR : 0;
  if (redundant)
    fn->props |= CPU_PROP_LANES_AGREE;
  for (dir_block *b : fn->blocks)
    {
      dir_insn *t = b->terminator ();
      if (!t || t->op != DOP_BR_SINGLE || !t->axes || (t->axes & ~redundant)
	  || !(parts.mask (b) & (1u << DA_WORKER))
	  || t->targets[0] == t->targets[1])
	continue;
      dir_block *skip = t->targets[1];
      for (dir_insn *phi : skip->phis)
	for (size_t k = 0; k < phi->targets.size (); k++)
	  if (phi->targets[k] == b)
	    {
	      phi->targets.erase (phi->targets.begin () + k);
	      phi->ops.erase (phi->ops.begin () + k);
	      k--;
	    }
      t->op = DOP_BR;
      t->axes = 0;
      t->targets.pop_back ();
      dir_cfg_changed (fn);
      changed = true;
    }
  dir_fill_cfg (fn);

  changed |= gw_cpu_merge_jumps (fn);
  return changed;
}
