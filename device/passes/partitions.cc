/* The partition tree and the neutering analyses.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   discover() walks the CFG from the entry carrying the innermost open
   partition: a fork block opens a child for its successors, a join block
   closes the partition of its axis.  Every block must be reached in one
   partition only, and partitions nest gang > worker > vector: that is the
   single-entry single-exit structure GCC's OpenACC lowering produces and
   every device pass relies on.  The markers of an axis of one thread
   open nothing: GCC drops them from a region of one worker, but a
   routine keeps them until the module builder gives it its caller's
   shape (config/module.cc), and a routine's shape of one worker is then
   one worker's code, as the region's would be.

   See also gcc/config/nvptx/nvptx.cc:nvptx_discover_pars, which builds the
   same tree from RTL.  */

#include "partitions.h"

#include <algorithm>

/* Return the marker opcode that starts block B, or DOP_NUM.  */

static dir_opcode
marker_of (const dir_block *b, unsigned active)
{
  if (!b->insns.empty () && dir_op_flag (b->insns[0]->op, DOPF_MARKER)
      && (active & (1u << b->insns[0]->axis)))
    return b->insns[0]->op;
  return DOP_NUM;
}

bool
gw_partitions::discover (const dir_func *fn, std::string *error)
{
  nodes.clear ();
  block_part.assign (fn->blocks.size (), nullptr);
  active = 0;
  /* An axis of more than one thread, or a routine's axis of its
     caller's size (0).  */
  for (int a = DA_WORKER; a < DA_NUM; a++)
    if (fn->dims[a] != 1)
      active |= 1u << a;
  nodes.emplace_back (new gw_partition);
  if (fn->blocks.empty ())
    return true;

  /* The partition each fork opens, by fork block, and the partition open
     on entry to each block (a join block is entered inside the partition
     it closes, but belongs to the parent).  */
  std::vector<gw_partition *> opened (fn->blocks.size (), nullptr);
  std::vector<gw_partition *> entered (fn->blocks.size (), nullptr);
  std::vector<std::pair<dir_block *, gw_partition *>> work;
  work.push_back ({ fn->blocks[0], root () });
  entered[fn->blocks[0]->index] = root ();

  while (!work.empty ())
    {
      dir_block *b = work.back ().first;
      gw_partition *p = work.back ().second;
      work.pop_back ();
      p->blocks.push_back (b);
      block_part[b->index] = p;

      gw_partition *next = p;
      dir_opcode m = marker_of (b, active);
      if (m == DOP_FORK)
	{
	  int axis = b->insns[0]->axis;
	  if (p->axis >= axis)
	    {
	      *error = std::string ("a ") + dir_axis_name ((dir_axis) axis)
		       + " fork inside a " + dir_axis_name ((dir_axis) p->axis)
		       + " partition";
	      return false;
	    }
	  if (!opened[b->index])
	    {
	      nodes.emplace_back (new gw_partition);
	      gw_partition *c = nodes.back ().get ();
	      c->axis = axis;
	      c->mask = p->mask | (1u << axis);
	      c->fork = b;
	      c->parent = p;
	      p->children.push_back (c);
	      opened[b->index] = c;
	    }
	  next = opened[b->index];
	}
      else if (m == DOP_JOIN)
	{
	  int axis = b->insns[0]->axis;
	  if (p->axis != axis)
	    {
	      *error = std::string ("a ") + dir_axis_name ((dir_axis) axis)
		       + " join outside a partition of that axis";
	      return false;
	    }
	  if (p->join && p->join != b)
	    {
	      *error = "a partition with two joins";
	      return false;
	    }
	  p->join = b;
	  /* The join block is executed by the parent's threads.  */
	  p->blocks.pop_back ();
	  p->parent->blocks.push_back (b);
	  block_part[b->index] = p->parent;
	  next = p->parent;
	}

      if (dir_insn *t = b->terminator ())
	for (dir_block *s : t->targets)
	  {
	    gw_partition *&sp = entered[s->index];
	    if (!sp)
	      {
		sp = next;
		work.push_back ({ s, next });
	      }
	    else if (sp != next)
	      {
		*error = "a block reached both inside and outside a partition";
		return false;
	      }
	  }
    }

  for (auto &n : nodes)
    {
      if (n->axis >= 0 && !n->join)
	{
	  *error = "a fork without a join";
	  return false;
	}
      std::sort (n->blocks.begin (), n->blocks.end (),
		 [] (dir_block *a, dir_block *b) { return a->index < b->index; });
    }
  return true;
}

bool
gw_partitions::inside (const dir_block *b, const gw_partition *p) const
{
  for (gw_partition *q = of (b); q; q = q->parent)
    if (q == p)
      return true;
  return false;
}

/* Dump partition P and its children to F, indented by DEPTH.  */

static void
dump_partition (FILE *f, const gw_partition *p, int depth)
{
  fprintf (f, ";; %*s%s", depth * 2, "",
	   p->axis < 0 ? "function" : dir_axis_name ((dir_axis) p->axis));
  if (p->fork)
    fprintf (f, " fork @%u join @%u", p->fork->index, p->join->index);
  fprintf (f, " mode %s, blocks:", dir_axes_name (p->mask).c_str ());
  for (const dir_block *b : p->blocks)
    fprintf (f, " @%u", b->index);
  fprintf (f, "\n");
  for (const gw_partition *c : p->children)
    dump_partition (f, c, depth + 1);
}

void
gw_partitions::dump (FILE *f) const
{
  fprintf (f, ";; partitions:\n");
  if (root ())
    dump_partition (f, root (), 0);
}

std::vector<unsigned>
gw_neutered_blocks (const dir_func *fn)
{
  std::vector<unsigned> axes (fn->blocks.size (), 0);
  for (const dir_block *n : fn->blocks)
    {
      const dir_insn *t = n->terminator ();
      if (!t || t->op != DOP_BR_SINGLE)
	continue;
      const dir_block *exit = t->targets[1];
      std::vector<const dir_block *> work { t->targets[0] };
      std::vector<char> seen (fn->blocks.size (), 0);
      while (!work.empty ())
	{
	  const dir_block *b = work.back ();
	  work.pop_back ();
	  if (b == exit || seen[b->index])
	    continue;
	  seen[b->index] = 1;
	  axes[b->index] |= t->axes;
	  if (const dir_insn *bt = b->terminator ())
	    for (const dir_block *s : bt->targets)
	      work.push_back (s);
	}
    }
  return axes;
}

std::vector<unsigned>
gw_single_values (const dir_func *fn, const std::vector<unsigned> &neutered)
{
  std::vector<unsigned> single (fn->regs.size (), 0);
  auto of = [&] (const dir_value &v) { return v.reg_p () ? single[v.reg] : 0; };

  /* To a fixed point: phis and broadcasts carry their operands' axes
     round loops.  */
  bool changed = true;
  while (changed)
    {
      changed = false;
      auto set = [&] (uint32_t r, unsigned axes) {
	if ((single[r] | axes) != single[r])
	  {
	    single[r] |= axes;
	    changed = true;
	  }
      };
      for (const dir_block *b : fn->blocks)
	{
	  unsigned n = neutered[b->index];
	  for (const dir_insn *phi : b->phis)
	    {
	      /* A phi is single where its operands are, and also on the
		 axes of a neutered predecessor whose value differs from
		 another edge's: only the single thread comes that way (the
		 join of a neutered region merges the region's values, even
		 constants, with the undefined ones of the threads that
		 skipped it).  */
	      unsigned axes = n;
	      bool same = true;
	      for (size_t k = 0; k < phi->ops.size (); k++)
		{
		  axes |= of (phi->ops[k]);
		  same &= phi->ops[k] == phi->ops[0];
		}
	      if (!same)
		for (const dir_block *p : phi->targets)
		  axes |= neutered[p->index];
	      set (phi->dest, axes);
	    }
	  /* A copy is its operand (a block merged into its predecessor
	     turns its phis into copies: config/cpu/simplify.cc).  */
	  for (const dir_insn *i : b->insns)
	    if (i->dest != DIR_NOREG)
	      set (i->dest, i->op == DOP_BCAST || i->op == DOP_REDUCE
			    ? n | (of (i->ops[0]) & ~i->axes)
			    : i->op == DOP_COPY ? n | of (i->ops[0]) : n);
	}
    }
  return single;
}
