/* split-markers: give every fork and join marker, and every reduce, a
   block of its own.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   What: splits blocks around each FORK and JOIN so that the marker is the
   only insn of its block besides the branch to the next one:

     @1:                         @1:
       %5 = load.i64 [%0+8]        %5 = load.i64 [%0+8]
       fork vector          =>     br @2
       %6 = dim.pos.i32 vector   @2:
       ...                         fork vector
				   br @3
				 @3:
				   %6 = dim.pos.i32 vector

   Partition boundaries then fall on block boundaries: the fork block and
   the join block are executed by every thread of the enclosing mode, the
   blocks in between by the partitioned threads, and the blocks before and
   after can be neutered whole.

   A reduce (convergent: every thread of its axes runs it) gets a block of
   its own the same way, so that the single-mode stores around it (a
   reduction's result written to its variable) can still be neutered: the
   neuter pass never neuters a block with a convergent insn.

   Requires: nothing.
   Invalidates: the CFG analyses.
   Invariant after (DIR_PROP_SPLIT): each marker is insn 0 of a block of
   two insns, with no phis (the verifier checks it); so is each reduce.

   See also gcc/config/nvptx/nvptx.cc:nvptx_split_blocks.  */

#include "passes.h"

bool
gw_split_markers (dir_func *fn, const gw_pass_context &)
{
  bool changed = false;
  /* New blocks are inserted right after the one split, and are visited
     in turn by this loop.  */
  for (size_t bi = 0; bi < fn->blocks.size (); bi++)
    {
      dir_block *b = fn->blocks[bi];
      for (size_t i = 0; i < b->insns.size (); i++)
	if (dir_op_flag (b->insns[i]->op, DOPF_MARKER)
	    || b->insns[i]->op == DOP_REDUCE)
	  {
	    if (i > 0 || !b->phis.empty ())
	      {
		/* The marker starts the next block, visited next.  */
		dir_split_block (fn, b, i);
		changed = true;
	      }
	    else if (b->insns.size () > 2
		     || !b->insns[1]->terminator_p ()
		     || b->insns[1]->op != DOP_BR)
	      {
		dir_split_block (fn, b, 1);
		changed = true;
	      }
	    break;
	  }
    }
  if (changed)
    dir_fill_cfg (fn);
  return changed;
}
