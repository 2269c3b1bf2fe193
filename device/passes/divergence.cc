/* Divergence analysis.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   A forward propagation to a fixed point over the SSA form, after
   Sampaio, Souza, Collange and Pereira, "Divergence Analysis", TOPLAS 35(4),
   2013, and Karrenberg and Hack, "Whole-Function Vectorization", CGO 2011.
   Inside a partition:

   - the thread's position on a partitioned axis varies, and so does the
     address of its frame (each thread has its own; shared slots are the
     gang's);
   - a value computed from a varying operand varies (a load varies with its
     address);
   - data divergence: a branch on a varying value is divergent; a phi at a
     block where paths from two successors of a divergent branch meet in
     one iteration of the loops around it (a join: see mark_joins) merges
     values from threads that went different ways, so it varies;
   - temporal divergence: threads leave a loop that contains a divergent
     branch in different iterations, so a value the loop defines and code
     after the loop reads varies.  Not where that code is only reached
     through synchronous exits: uniform branches in blocks every
     iteration passes (they dominate the latches), which the threads still
     in the loop take together.

   A broadcast is uniform on its axes (it still varies with the other axes
   the threads of its block run on: a vector broadcast inside a worker
   partition differs between workers); a neutering branch is divergent
   where threads of its axes run together.  Everything outside partitions
   is uniform (one thread runs it).  The result is conservative: "uniform"
   is a proof, "varying" is not.  See also Mesa's nir_divergence_analysis.c.

   Requires: DIR_PROP_SPLIT (partitions), a current CFG.  */

#include "divergence.h"

#include <algorithm>

/* Does a value defined in DEF and read in USE leave a loop that contains
   a divergent branch, through an exit the threads take in different
   iterations?  */

bool
gw_divergence::leaves_divergent_loop (const dir_block *def,
				      const dir_block *use) const
{
  for (int l = innermost[def->index]; l >= 0; l = loops[l].parent)
    {
      if (std::find (loops[l].blocks.begin (), loops[l].blocks.end (), use)
	  != loops[l].blocks.end ())
	return false;
      if (loop_divergent[l] && async_reach[l][use->index])
	return true;
    }
  return false;
}

/* Recompute, for each loop, the blocks its asynchronous exits reach.  An
   exit is synchronous if its branch is uniform and its block dominates
   every latch of a reducible loop: each iteration, every thread still in
   the loop evaluates it, and they all decide alike.  */

void
gw_divergence::find_async_exits (const dir_func *fn)
{
  size_t nb = fn->blocks.size ();
  async_reach.assign (loops.size (), std::vector<char> (nb, 0));
  for (size_t l = 0; l < loops.size (); l++)
    {
      const dir_loop &loop = loops[l];
      std::vector<char> in (nb, 0);
      for (const dir_block *b : loop.blocks)
	in[b->index] = 1;
      bool reducible = true;
      std::vector<const dir_block *> latches;
      for (const dir_block *b : loop.blocks)
	{
	  reducible &= dir_dominates (fn, loop.header, b);
	  for (const dir_block *s : b->succs)
	    if (s == loop.header)
	      latches.push_back (b);
	}
      std::vector<const dir_block *> work;
      for (const dir_block *x : loop.blocks)
	{
	  bool sync = reducible && !div_branch[x->index];
	  for (const dir_block *latch : latches)
	    sync &= dir_dominates (fn, x, latch);
	  if (!sync)
	    for (const dir_block *s : x->succs)
	      if (!in[s->index])
		work.push_back (s);
	}
      std::vector<char> &reach = async_reach[l];
      while (!work.empty ())
	{
	  const dir_block *b = work.back ();
	  work.pop_back ();
	  if (reach[b->index])
	    continue;
	  reach[b->index] = 1;
	  for (const dir_block *s : b->succs)
	    work.push_back (s);
	}
    }
}

/* Mark the joins of the divergent branch at D (sync dependence): the blocks
   where paths from two different successors of D meet within one
   iteration of the innermost loop around D, and the header of that
   loop if its back edges bring paths from different successors.  Each
   block is labelled with the successor whose paths reach it, as for
   placing phis of a variable each successor defines (after Karrenberg
   and Hack, and LLVM's SyncDependenceAnalysis): where different labels
   meet is a join, labelled by itself from then on, so the paths that
   meet there count as one after it.  Edges into the loop's header start
   the next iteration and are not followed; paths that leave the loop
   are temporal divergence (find_async_exits).  No post-dominator bound:
   in a loop, the branch's post-dominator may come after a join on the
   way round (a latch that one successor reaches directly and the other
   through the post-dominator).  */

void
gw_divergence::mark_joins (const dir_func *fn,
			   const std::vector<dir_block *> &rpo_order,
			   const dir_block *d)
{
  size_t nb = fn->blocks.size ();
  int l = innermost[d->index];
  const dir_block *header = l >= 0 ? loops[l].header : nullptr;
  std::vector<char> region (nb, 0);
  if (l >= 0)
    for (const dir_block *b : loops[l].blocks)
      region[b->index] = in_part[b->index];
  else
    for (const dir_block *b : fn->blocks)
      region[b->index] = in_part[b->index];
  /* LABEL[B]: the index of the block whose paths reach B (a successor
     of D, or a join), or -1.  */
  std::vector<int> label (nb, -1);
  std::vector<char> meets (nb, 0);
  bool again = true;
  for (size_t round = 0; again && round <= nb; round++)
    {
      again = false;
      for (const dir_block *b : rpo_order)
	{
	  if (!region[b->index] || b == d)
	    continue;
	  int lab = -1;
	  bool meet = meets[b->index] && b != header;
	  for (const dir_block *p : b->preds)
	    {
	      if (!region[p->index] && p != d)
		continue;
	      int pl = p == d ? (int) b->index : label[p->index];
	      if (pl < 0)
		continue;
	      if (lab < 0)
		lab = pl;
	      else if (lab != pl)
		meet = true;
	    }
	  if (meet)
	    {
	      meets[b->index] = join[b->index] = true;
	      lab = b->index;
	    }
	  /* The header's label would be the next iteration's.  */
	  if (b == header)
	    lab = -1;
	  if (lab != label[b->index])
	    {
	      label[b->index] = lab;
	      again = true;
	    }
	}
    }
}

/* Does the insn I, in a block whose threads run on the axes HERE, compute
   a varying value, given what is known to vary so far?  */

bool
gw_divergence::insn_varies (const dir_func *fn, const dir_insn *i,
			    unsigned here) const
{
  bool v = false;
  switch (i->op)
    {
    case DOP_DIM_POS:
      v = (here & (1u << i->axis)) != 0;
      break;
    case DOP_ADDR_LOCAL:
      /* Each thread has its own frame; shared slots are the
	 gang's or the worker's.  */
      v = !fn->slots[i->slot].shared
	  || (fn->slots[i->slot].per_worker
	      && (here & (1u << DA_WORKER)));
      break;
    case DOP_BCAST: case DOP_REDUCE:
      /* Uniform on its axes; still varying on the others the
	 threads here run on.  */
      v = varying (i->ops[0]) && (here & ~i->axes) != 0;
      break;
    case DOP_ATOMIC: case DOP_XCHG: case DOP_CAS:
      /* Each thread gets the value before its own access.  */
      v = here != 0;
      break;
    case DOP_DCALL:
      /* Each thread gets its call's result, except that the
	 threads of a routine's axes, which make one call
	 together, share it.  */
      v = (here & ~i->axes) != 0;
      break;
    case DOP_LOAD:
      /* An atomic load may see another thread's write between
	 two threads' reads of one address.  */
      v = varying (i->ops[0])
	  || ((i->flags & DIF_ATOMIC) && here != 0);
      break;
    case DOP_PARAM: case DOP_UNDEF:
    case DOP_DIM_SIZE: case DOP_ADDR_GLOBAL:
      break;
    default:
      for (const dir_value &o : i->ops)
	v |= varying (o);
    }
  return v;
}

/* Mark the register R varying; set *CHANGED if it was not.  */

void
gw_divergence::set_varying (uint32_t r, bool *changed)
{
  if (!vary[r])
    {
      vary[r] = true;
      *changed = true;
    }
}

/* Data divergence: mark varying the phis and the insns of the block B,
   in a partition whose threads run on the axes HERE, that read a
   varying value, merge values at a join or compute a varying one; set
   *CHANGED if any was not varying yet.  */

void
gw_divergence::propagate_data (const dir_func *fn, const dir_block *b,
			       unsigned here, bool *changed)
{
  for (const dir_insn *phi : b->phis)
    {
      bool v = join[b->index];
      for (size_t k = 0; k < phi->ops.size () && !v; k++)
	v = varying (phi->ops[k])
	    || leaves_divergent_loop (phi->targets[k], b);
      if (v)
	set_varying (phi->dest, changed);
    }
  for (const dir_insn *i : b->insns)
    {
      if (i->dest == DIR_NOREG || vary[i->dest])
	continue;
      if (insn_varies (fn, i, here))
	set_varying (i->dest, changed);
    }
}

/* Temporal divergence: mark varying the values a divergent loop
   defines and code after it reads; set *CHANGED if any was not
   varying yet.  */

void
gw_divergence::propagate_temporal (const dir_func *fn, bool *changed)
{
  auto temporal = [&] (const dir_value &o, const dir_block *use) {
    if (o.reg_p () && !vary[o.reg] && fn->regs[o.reg].def
	&& leaves_divergent_loop (fn->regs[o.reg].def->bb, use))
      set_varying (o.reg, changed);
  };
  for (const dir_block *b : fn->blocks)
    {
      /* A phi reads its operand at the end of the incoming block.  */
      for (const dir_insn *phi : b->phis)
	for (size_t k = 0; k < phi->ops.size (); k++)
	  temporal (phi->ops[k], phi->targets[k]);
      for (const dir_insn *i : b->insns)
	for (const dir_value &o : i->ops)
	  temporal (o, b);
    }
}

/* The analysis (see divergence.h): the data and temporal divergence of
   the values propagated to a fixed point, the joins of each branch marked
   once it is found divergent.  */

void
gw_divergence::compute (const dir_func *fn, const gw_partitions &parts,
			unsigned axes, const std::vector<uint32_t> &forced)
{
  dir_assert (fn->valid & DIR_VALID_CFG);
  size_t nb = fn->blocks.size ();
  vary.assign (fn->regs.size (), false);
  in_part.assign (nb, false);
  div_branch.assign (nb, false);
  for (const dir_block *b : fn->blocks)
    in_part[b->index] = (parts.mask (b) & axes) != 0;
  for (uint32_t r : forced)
    if (fn->regs[r].def && in_part[fn->regs[r].def->bb->index])
      vary[r] = true;

  loops = dir_find_loops (fn, in_part, &innermost);
  loop_divergent.assign (loops.size (), false);
  join.assign (nb, false);
  dir_compute_dominators (const_cast<dir_func *> (fn));
  find_async_exits (fn);

  std::vector<dir_block *> rpo_order = dir_rpo (fn);

  bool changed = true;
  while (changed)
    {
      changed = false;
      bool new_branch = false;
      for (const dir_block *b : fn->blocks)
	{
	  if (!in_part[b->index])
	    continue;
	  unsigned here = parts.mask (b) & axes;
	  propagate_data (fn, b, here, &changed);
	  /* A branch on a varying value, or a neutering branch on an axis
	     whose threads run here.  */
	  const dir_insn *t = b->terminator ();
	  if (t && !div_branch[b->index]
	      && (((t->op == DOP_CBR || t->op == DOP_SWITCH)
		   && varying (t->ops[0]))
		  || (t->op == DOP_BR_SINGLE && (t->axes & axes))))
	    {
	      div_branch[b->index] = true;
	      mark_joins (fn, rpo_order, b);
	      for (int l = innermost[b->index]; l >= 0; l = loops[l].parent)
		loop_divergent[l] = true;
	      changed = new_branch = true;
	    }
	}
      if (new_branch)
	find_async_exits (fn);

      propagate_temporal (fn, &changed);
    }
}

void
gw_divergence::dump (FILE *f, const dir_func *fn) const
{
  fprintf (f, ";; divergence: varying registers (raw numbers):");
  for (size_t r = 0; r < vary.size (); r++)
    if (vary[r])
      fprintf (f, " %%%zu", r);
  fprintf (f, "\n;; divergent branches:");
  for (const dir_block *b : fn->blocks)
    if (div_branch[b->index])
      fprintf (f, " @%u", b->index);
  fprintf (f, "\n");
}
