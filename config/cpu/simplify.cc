/* The cpu emitter: the device RTL simplified for emission.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   plugin/ir/ir.h.

   What: the reorg leaves many small blocks (neuter heads, joins, the
   blocks it splits around markers), and in SIMD code every block costs a
   mask update and an any-lane test.  Before the emitter's analyses, this
   step

   - turns the neutering branches on REDUNDANT axes into jumps to the
     single side (every lane runs that code: emit.cc, lanes_agree), and
     drops the skipping lanes' incoming values from the joins' phis;
   - merges every block into its only predecessor when that predecessor
     jumps to it unconditionally (its phis, of one value each, become
     copies).  Blocks that start with a fork or join marker keep their
     own blocks, and so do their predecessors: the partition tree is read
     from them.

   Requires: DIR_PROP_SYNCED (the emitter's input); the function is the
   emitter's to change.
   Guarantees: the partition tree is unchanged; no block jumps
   unconditionally to a block whose only predecessor it is, except around
   markers.  */

#include "emitter.h"

#include <algorithm>

namespace gw_cpu {

namespace {

bool
marker_block (const dir_block *b)
{
  return !b->insns.empty () && dir_op_flag (b->insns[0]->op, DOPF_MARKER);
}

} // anon namespace

void
simplify_for_emission (dir_func *fn, const gw_partitions &parts,
		       unsigned redundant)
{
  dir_fill_cfg (fn);
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
    }
  dir_fill_cfg (fn);

  bool changed = true;
  while (changed)
    {
      changed = false;
      for (dir_block *a : fn->blocks)
	{
	  dir_insn *t = a->terminator ();
	  if (!t || t->op != DOP_BR)
	    continue;
	  dir_block *b = t->targets[0];
	  if (b == a || b == fn->blocks[0] || b->preds.size () != 1
	      || marker_block (a) || marker_block (b))
	    continue;
	  /* B's phis have one value each: copies at its start.  */
	  for (size_t k = b->phis.size (); k-- > 0;)
	    {
	      dir_insn *phi = b->phis[k];
	      phi->op = DOP_COPY;
	      phi->targets.clear ();
	      b->insns.insert (b->insns.begin (), phi);
	    }
	  b->phis.clear ();
	  dir_remove_insn (fn, t);
	  for (dir_insn *i : b->insns)
	    {
	      i->bb = a;
	      a->insns.push_back (i);
	    }
	  b->insns.clear ();
	  for (dir_block *s : a->terminator ()->targets)
	    dir_replace_phi_pred (s, b, a);
	  fn->blocks.erase (std::find (fn->blocks.begin (), fn->blocks.end (),
				       b));
	  dir_renumber_blocks (fn);
	  dir_fill_cfg (fn);
	  changed = true;
	  break;
	}
    }
  dir_compact (fn);
}

} // namespace gw_cpu
