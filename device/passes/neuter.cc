/* neuter: single-mode code runs on the single thread only.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   What: OpenACC code outside a worker (vector) partition is worker-single
   (vector-single): only worker 0 (lane 0) may run it, although every
   thread of the gang reaches it.  This pass makes the other threads branch
   around such code.  It groups single-mode blocks into maximal
   single-entry single-exit regions and skips each with one branch:

     @3:  (single)                 @N:  br.single vector, @3, @L
       %7 = load.i32 [%2]          @3:  (neutered)
       store.i32 [%4], %7    =>      %7 = load.i32 [%2]
       br @4                         store.i32 [%4], %7
				     br @L
				   @L:
				     %8 = phi.i32 [@3: %7], [@N: %u]
				     br @4

   N, the neuter head, takes over the region's entry edges; L, the region's
   join, takes over its exit edges and merges, for each value the region
   defines and the rest of the function uses, the single thread's value
   with an undefined one for the threads that skipped (%u, an undef of the
   entry block: a target need not move anything there on the skipping
   path).  The propagate pass
   then broadcasts such values where other threads read them.

   A region is grown from a single-mode block E towards its successive
   post-dominators X while the blocks between E and X are all single-mode,
   free of partitions and entered only through E.  A vector partition in
   worker-single code is a region of its own, skipped whole (its fork and
   join too) by every worker but worker 0.  A block that ends in a
   branch no such region can contain (the latch of a sequential loop around
   a partition) is neutered without its terminator, which every thread
   executes.

   Requires: DIR_PROP_SPLIT.
   Invalidates: the CFG analyses.
   Invariant after (DIR_PROP_NEUTERED): every insn with a side effect in a
   single-mode block is neutered on the block's single axes.

   See also gcc/config/nvptx/nvptx.cc:nvptx_neuter_pars and
   gcc/omp-oacc-neuter-broadcast.cc, which neuter block by block with a
   SESE-region refinement.  */

#include "passes.h"
#include "partitions.h"

#include <algorithm>
#include <map>
#include <set>

namespace {

/* An undefined value of type T: the register of an undef insn at the top
   of FN's entry block, made once per type.  */

dir_value
undef_value (dir_func *fn, dir_type t)
{
  dir_block *entry = fn->blocks[0];
  for (dir_insn *i : entry->insns)
    if (i->op == DOP_UNDEF && i->type == t)
      return dir_reg_value (fn, i->dest);
  dir_insn *u = dir_new_insn (fn, DOP_UNDEF, t);
  u->dest = dir_new_reg (fn, t);
  fn->regs[u->dest].def = u;
  dir_insert_at (entry, 0, u);
  return dir_reg_value (fn, u->dest);
}

/* A region to neuter.  */
struct region
{
  dir_block *entry;
  dir_block *exit;		/* First block after the region.  */
  std::vector<dir_block *> blocks;
  unsigned axes;
};

/* Return the blocks reachable from E without passing X.  */

std::vector<dir_block *>
reach (dir_func *fn, dir_block *e, dir_block *x)
{
  std::vector<dir_block *> out, work { e };
  std::vector<char> seen (fn->blocks.size (), 0);
  while (!work.empty ())
    {
      dir_block *b = work.back ();
      work.pop_back ();
      if (b == x || seen[b->index])
	continue;
      seen[b->index] = 1;
      out.push_back (b);
      for (dir_block *s : b->succs)
	work.push_back (s);
    }
  return out;
}

class neuterer
{
public:
  neuterer (dir_func *fn) : fn (fn) {}
  bool run ();

private:
  dir_func *fn;
  gw_partitions parts;
  std::vector<char> covered;
  /* The entry of each region applied -> its neuter head.  */
  std::map<dir_block *, dir_block *> heads;

  bool candidate (dir_block *b, unsigned axes);
  bool valid (const std::vector<dir_block *> &r, dir_block *e, unsigned axes);
  bool worth (const std::vector<dir_block *> &r);
  void apply (const region &r);
};

/* Can block B be part of a region neutered on AXES?  */

bool
neuterer::candidate (dir_block *b, unsigned axes)
{
  if (covered[b->index] || parts.single_axes (b) != axes || axes == 0)
    return false;
  for (dir_insn *i : b->insns)
    if (dir_op_flag (i->op, DOPF_MARKER) || dir_convergent_p (i)
	|| i->op == DOP_PARAM || i->op == DOP_UNDEF || i->op == DOP_RET)
      return false;
  return true;
}

/* Are the blocks R, grown from E, a region neuterable on AXES?  */

bool
neuterer::valid (const std::vector<dir_block *> &r, dir_block *e,
		 unsigned axes)
{
  std::set<dir_block *> in (r.begin (), r.end ());
  for (dir_block *b : r)
    {
      if (!candidate (b, axes))
	return false;
      if (b != e)
	for (dir_block *p : b->preds)
	  if (!in.count (p))
	    return false;
    }
  return true;
}

/* Does neutering the blocks R save any work?  */

bool
neuterer::worth (const std::vector<dir_block *> &r)
{
  for (dir_block *b : r)
    if (b->insns.size () > 1)
      return true;
  return false;
}

/* Neuter the region R: route its entry edges through a new neuter head
   and its exit edges through a new join block (see the file comment).  */

void
neuterer::apply (const region &r)
{
  std::set<dir_block *> in (r.blocks.begin (), r.blocks.end ());
  dir_block *e = r.entry, *x = r.exit;
  /* A region applied before this one may have taken over X's entry
     edges (this one exits into its entry: the latch of a sequential loop
     into the loop's head): the exit edges go to its neuter head now.  */
  for (auto h = heads.find (x); h != heads.end (); h = heads.find (x))
    x = h->second;

  /* The neuter head, just before E in the layout, and the join, just after
     the region's last block.  */
  dir_block *n = dir_new_block (fn);
  dir_block *l = dir_new_block (fn);
  fn->blocks.pop_back ();
  fn->blocks.pop_back ();
  fn->blocks.insert (std::find (fn->blocks.begin (), fn->blocks.end (), e), n);
  dir_block *last = e;
  for (dir_block *b : r.blocks)
    if (b->index > last->index)
      last = b;
  fn->blocks.insert (std::find (fn->blocks.begin (), fn->blocks.end (), last)
		     + 1, l);
  dir_renumber_blocks (fn);

  dir_insn *single = dir_new_insn (fn, DOP_BR_SINGLE);
  single->axes = r.axes;
  single->targets = { e, l };
  dir_append (n, single);
  dir_builder lb (fn, l);
  lb.br (x);

  /* Entry edges from outside go through N.  E's phis take the outside
     values from N, merged there when there are several.  */
  std::vector<dir_block *> outside;
  for (dir_block *p : e->preds)
    if (!in.count (p))
      outside.push_back (p);
  for (dir_insn *phi : e->phis)
    {
      dir_insn *merge = dir_new_insn (fn, DOP_PHI, phi->type);
      for (size_t k = 0; k < phi->ops.size (); k++)
	if (!in.count (phi->targets[k]))
	  {
	    merge->ops.push_back (phi->ops[k]);
	    merge->targets.push_back (phi->targets[k]);
	    phi->ops.erase (phi->ops.begin () + k);
	    phi->targets.erase (phi->targets.begin () + k);
	    k--;
	  }
      dir_value v = merge->ops.empty () ? undef_value (fn, phi->type)
		    : merge->ops[0];
      if (merge->ops.size () > 1)
	{
	  merge->dest = dir_new_reg (fn, phi->type);
	  fn->regs[merge->dest].def = merge;
	  dir_add_phi (n, merge);
	  v = dir_reg_value (fn, merge->dest);
	}
      phi->ops.push_back (v);
      phi->targets.push_back (n);
    }
  for (dir_block *p : outside)
    {
      dir_insn *t = p->terminator ();
      for (dir_block *&s : t->targets)
	if (s == e)
	  s = n;
    }

  /* Exit edges go through L.  X's phis take the region's values from L,
     merged there with an undefined value for the threads that skipped.  */
  std::vector<dir_block *> exiting;
  for (dir_block *p : x->preds)
    if (in.count (p))
      exiting.push_back (p);
  for (dir_insn *phi : x->phis)
    {
      dir_insn *merge = dir_new_insn (fn, DOP_PHI, phi->type);
      merge->dest = dir_new_reg (fn, phi->type);
      fn->regs[merge->dest].def = merge;
      for (size_t k = 0; k < phi->ops.size (); k++)
	if (in.count (phi->targets[k]))
	  {
	    merge->ops.push_back (phi->ops[k]);
	    merge->targets.push_back (phi->targets[k]);
	    phi->ops.erase (phi->ops.begin () + k);
	    phi->targets.erase (phi->targets.begin () + k);
	    k--;
	  }
      merge->ops.push_back (undef_value (fn, phi->type));
      merge->targets.push_back (n);
      dir_add_phi (l, merge);
      phi->ops.push_back (dir_reg_value (fn, merge->dest));
      phi->targets.push_back (l);
    }
  for (dir_block *p : exiting)
    {
      dir_insn *t = p->terminator ();
      for (dir_block *&s : t->targets)
	if (s == x)
	  s = l;
    }

  heads[e] = n;

  /* Values the region defines and the rest of the function reads get a
     phi in L.  */
  std::map<uint32_t, uint32_t> merged;
  auto merged_reg = [&] (uint32_t reg) {
    auto it = merged.find (reg);
    if (it != merged.end ())
      return it->second;
    dir_type t = fn->regs[reg].type;
    dir_insn *phi = dir_new_insn (fn, DOP_PHI, t);
    phi->dest = dir_new_reg (fn, t);
    fn->regs[phi->dest].def = phi;
    for (dir_block *p : exiting)
      {
	phi->ops.push_back (dir_reg_value (fn, reg));
	phi->targets.push_back (p);
      }
    phi->ops.push_back (undef_value (fn, t));
    phi->targets.push_back (n);
    dir_add_phi (l, phi);
    return merged[reg] = phi->dest;
  };
  for (dir_block *b : fn->blocks)
    {
      if (in.count (b) || b == l)
	continue;
      auto fix = [&] (dir_insn *i) {
	for (dir_value &v : i->ops)
	  if (v.reg_p () && fn->regs[v.reg].def
	      && in.count (fn->regs[v.reg].def->bb))
	    v = dir_reg_value (fn, merged_reg (v.reg));
      };
      for (dir_insn *phi : b->phis)
	fix (phi);
      for (dir_insn *i : b->insns)
	fix (i);
    }
  dir_fill_cfg (fn);
}

bool
neuterer::run ()
{
  std::string error;
  if (!parts.discover (fn, &error))
    dir_internal_error (__FILE__, __LINE__, "neuter: %s", error.c_str ());
  if (!parts.active)
    return false;
  dir_fill_cfg (fn);
  dir_compute_dominators (fn);
  dir_compute_postdominators (fn);
  covered.assign (fn->blocks.size (), 0);

  /* Choose the regions on the unchanged CFG: they are disjoint.  */
  std::vector<region> regions;
  std::vector<std::pair<dir_block *, unsigned>> split_terminators;

  /* A vector partition in worker-single code runs on worker 0 only: skip
     it whole, fork and join included, with one branch.  */
  if (parts.active & (1u << DA_WORKER))
    for (auto &n : parts.nodes)
      if (n->axis == DA_VECTOR && n->parent == parts.root () && n->join)
	{
	  region r { n->fork, n->join->succs[0], { n->fork },
		     1u << DA_WORKER };
	  for (dir_block *b : fn->blocks)
	    if (parts.inside (b, n.get ()))
	      r.blocks.push_back (b);
	  r.blocks.push_back (n->join);
	  for (dir_block *b : r.blocks)
	    covered[b->index] = 1;
	  regions.push_back (r);
	}

  for (dir_block *e : dir_rpo (fn))
    {
      unsigned axes = parts.single_axes (e);
      if (!candidate (e, axes))
	{
	  /* The function's last block: its "ret" stays with every thread,
	     the rest is neutered.  */
	  dir_insn *t = e->terminator ();
	  if (axes && t && t->op == DOP_RET && !covered[e->index]
	      && e->insns.size () > 1
	      && !dir_op_flag (e->insns[0]->op, DOPF_MARKER))
	    {
	      bool plain = true;
	      for (dir_insn *i : e->insns)
		plain &= i->op != DOP_PARAM && i->op != DOP_UNDEF
			 && !dir_convergent_p (i);
	      if (plain)
		{
		  covered[e->index] = 1;
		  split_terminators.push_back ({ e, axes });
		}
	    }
	  continue;
	}
      region best { nullptr, nullptr, {}, axes };
      for (dir_block *x = e->ipdom; x; x = x->ipdom)
	{
	  std::vector<dir_block *> r = reach (fn, e, x);
	  if (!valid (r, e, axes))
	    break;
	  best = { e, x, r, axes };
	  if (!candidate (x, axes))
	    break;
	}
      if (best.entry)
	{
	  for (dir_block *b : best.blocks)
	    covered[b->index] = 1;
	  if (worth (best.blocks))
	    regions.push_back (best);
	}
      else if (e->insns.size () > 1)
	{
	  /* E's branch must stay with every thread: neuter the rest.  */
	  covered[e->index] = 1;
	  split_terminators.push_back ({ e, axes });
	}
    }

  /* Block indices change from here on: PARTS is stale.  Apply the
     regions in reverse postorder of their entries (a stable order; a
     region that exits into the entry of one applied before it exits to
     that one's neuter head, see apply).  */
  std::map<const dir_block *, size_t> rpo_pos;
  for (dir_block *b : dir_rpo (fn))
    rpo_pos.emplace (b, rpo_pos.size ());
  for (auto &st : split_terminators)
    {
      dir_block *e = st.first;
      dir_block *t = dir_split_block (fn, e, e->insns.size () - 1);
      regions.push_back ({ e, t, { e }, st.second });
    }
  std::stable_sort (regions.begin (), regions.end (),
		    [&] (const region &a, const region &b) {
		      return rpo_pos[a.entry] < rpo_pos[b.entry];
		    });
  for (const region &r : regions)
    {
      dir_fill_cfg (fn);
      apply (r);
    }
  return !regions.empty ();
}

} // anon namespace

bool
gw_neuter (dir_func *fn, const gw_pass_context &ctx)
{
  neuterer n (fn);
  bool changed = n.run ();
  if (ctx.dump)
    {
      gw_partitions parts;
      std::string error;
      if (parts.discover (fn, &error))
	parts.dump (ctx.dump);
    }
  return changed;
}
