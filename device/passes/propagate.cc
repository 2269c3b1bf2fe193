/* propagate: every thread reads the single thread's values.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   What: after neutering, a value computed in single-mode code exists only
   in the single thread.  Wherever code that every thread executes reads
   such a value, this pass inserts a broadcast:

   - a value read inside a partition is broadcast once, right after the
     partition's fork (the threads are converged there), and every read in
     the partition uses the broadcast copy;

       @F:  fork vector                  @F:  fork vector
	    br @P                    =>       %9 = bcast.i32 vector %7
       @P:  %8 = add.i32 %7, %6                br @P
					 @P:  %8 = add.i32 %9, %6

   - a value read by other code every thread executes (the condition of a
     branch between neutered regions: the loop around a partition) is
     broadcast just before the read, so every thread takes the single
     thread's branch;
   - the single thread's frame slots that the code around a partition
     addresses are broadcast at its fork too (frame.bcast), so that memory
     the single thread wrote is what the partition reads.

   Phis that merely merge single values stay single; their readers get the
   broadcast.

   Requires: DIR_PROP_NEUTERED.
   Invariant after (DIR_PROP_PROPAGATED): no insn outside neutered code
   reads a single value, except the phis that merge them.

   See also gcc/config/nvptx/nvptx.cc:nvptx_propagate.  */

#include "passes.h"
#include "partitions.h"

#include <map>

namespace {

/* The outermost partition that contains B but not block D, or null.  */

gw_partition *
crossed_partition (const gw_partitions &parts, const dir_block *b,
		   const dir_block *d)
{
  gw_partition *crossed = nullptr;
  for (gw_partition *p = parts.of (b); p && p->axis >= 0; p = p->parent)
    if (!parts.inside (d, p))
      crossed = p;
  return crossed;
}

} // anon namespace

bool
gw_propagate (dir_func *fn, const gw_pass_context &)
{
  dir_fill_cfg (fn);
  gw_partitions parts;
  std::string error;
  if (!parts.discover (fn, &error))
    dir_internal_error (__FILE__, __LINE__, "propagate: %s", error.c_str ());
  if (!parts.active)
    return false;
  std::vector<unsigned> neutered = gw_neutered_blocks (fn);
  std::vector<unsigned> single = gw_single_values (fn, neutered);

  /* Broadcasts made at a fork block: (register, fork block) -> copy.  */
  std::map<std::pair<uint32_t, const dir_block *>, dir_value> at_fork;
  bool changed = false;

  /* Return the broadcast copy of REG in partition P, made at its fork.  */
  auto fork_copy = [&] (uint32_t reg, gw_partition *p) {
    auto key = std::make_pair (reg, (const dir_block *) p->fork);
    auto it = at_fork.find (key);
    if (it != at_fork.end ())
      return it->second;
    /* After the fork marker and earlier broadcasts, before the branch.  */
    dir_block *f = p->fork;
    dir_builder b (fn, f, f->insns.size () - 1);
    dir_value copy = b.bcast (dir_reg_value (fn, reg),
			      parts.single_axes (f) & ~neutered[f->index]);
    return at_fork[key] = copy;
  };

  /* Phis first.  A phi reads its operand at the end of the incoming
     block: if that is inside a partition the single value's definition is
     not, the phi reads the partition's broadcast copy.  */
  for (dir_block *b : fn->blocks)
    {
      if (!parts.of (b))
	continue;
      for (dir_insn *phi : b->phis)
	for (size_t k = 0; k < phi->ops.size (); k++)
	  {
	    dir_value &v = phi->ops[k];
	    if (!v.reg_p () || !single[v.reg])
	      continue;
	    dir_block *from = phi->targets[k];
	    gw_partition *p = crossed_partition (parts, b,
						 fn->regs[v.reg].def->bb);
	    if (p && (parts.inside (from, p) || from == p->fork))
	      {
		v = fork_copy (v.reg, p);
		changed = true;
	      }
	  }
    }

  /* A phi that merged a single value only through such an operand is no
     longer single.  */
  single = gw_single_values (fn, neutered);

  for (dir_block *b : fn->blocks)
    {
      if (!parts.of (b))
	continue;
      for (size_t ii = 0; ii < b->insns.size (); ii++)
	{
	  dir_insn *i = b->insns[ii];
	  if (i->op == DOP_BCAST)
	    continue;
	  for (dir_value &v : i->ops)
	    {
	      /* The axes on which threads that run I lack the value.  */
	      unsigned need = v.reg_p () ? single[v.reg] & ~neutered[b->index]
			      : 0;
	      if (!need)
		continue;
	      const dir_block *def = fn->regs[v.reg].def->bb;
	      if (gw_partition *p = crossed_partition (parts, b, def))
		v = fork_copy (v.reg, p);
	      else
		{
		  /* Threads that skipped the definition run I: they take
		     the single thread's value just before.  */
		  dir_builder bb (fn, b, ii);
		  v = bb.bcast (dir_reg_value (fn, v.reg), need);
		  ii++;
		}
	      changed = true;
	    }
	}
    }

  /* The frame: what the single thread stored in its own slots before the
     fork is what the partition reads.  Only the slots the code around the
     partition addresses can hold such data (a slot addressed only inside
     partitions is private to their threads); shared slots need nothing.  */
  /* For each own slot, the partitions of the blocks that address it.  */
  std::vector<std::vector<const gw_partition *>> addressed_in
    (fn->slots.size ());
  for (dir_block *b : fn->blocks)
    for (dir_insn *i : b->insns)
      if (i->op == DOP_ADDR_LOCAL && !fn->slots[i->slot].shared
	  && parts.of (b))
	addressed_in[i->slot].push_back (parts.of (b));
  for (auto &n : parts.nodes)
    {
      /* The root (axis -1) has no fork.  */
      if (n->axis < 0)
	continue;
      unsigned axes = parts.single_axes (n->fork) & ~neutered[n->fork->index];
      if (!(axes & (1u << n->axis)))
	continue;
      std::vector<uint32_t> live;
      for (size_t sl = 0; sl < fn->slots.size (); sl++)
	for (const gw_partition *q : addressed_in[sl])
	  if (parts.inside (n->fork, q))
	    {
	      live.push_back (sl);
	      break;
	    }
      if (live.empty ())
	continue;
      dir_insn *fb = dir_new_insn (fn, DOP_FRAME_BCAST);
      fb->axes = axes;
      fb->slots = live;
      dir_insert_at (n->fork, 1, fb);
      changed = true;
    }
  return changed;
}
