/* The cpu target's if-conversion, a device pass (config/cpu/passes.def).
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   What: in SIMD code a divergent branch costs a block per arm, each with
   its mask, an any-lane test and a blend for every value it hands on,
   and the image compiler pays for that control flow far more than for
   the arithmetic (a 2,000-line loop body of small conditionals became
   2,800 blocks of C).  This pass turns the small divergent triangles and
   diamonds of a partition into straight code:

       H: cbr %c, @A, @J            H: ...A's insns...
       A: ...; br @J          =>       %p = select %c, %a, %h
       J: %p = phi [@H: %h],           br @J
                   [@A: %a]         J: ...

   (and the diamond H -> A, B -> J alike), when each arm has at most
   cpu_ifconvert_max_insns instructions, all of them safe to run on lanes
   that did not take the arm: no memory access, call, convergent or
   trapping integer operation.  The lanes that do not take an arm compute
   its values and drop them, as the emitted vector code already does for
   the inactive lanes of a masked block.  Nested conditionals convert from
   the inside out.  Uniform branches stay branches: all lanes go one way
   and skip the other arm.

   The switch: -fplugin-arg-gangway-disable=cpu-ifconvert.

   Requires: nothing (it runs after cpu-simplify).
   Guarantees: no divergent branch of a partition leads to a small
   speculable triangle or diamond; the partition tree is unchanged (no
   block with a marker, or its predecessor's branch, is touched).
   Invalidates: the CFG.  */

#include "emitter.h"

#include <algorithm>

namespace gw_cpu {

namespace {

/* The most instructions of an arm the pass runs unconditionally: the
   arms of a conditional assignment or a clamp are one to four; past a
   few more the wasted work on lanes that skip the arm outweighs the
   block's mask handling.  */
const size_t cpu_ifconvert_max_insns = 8;

/* May INSN run on lanes whose program does not reach it?  It must not
   touch memory, call, synchronize or trap (an integer division by zero
   would; a float one gives an infinity, as inactive lanes already
   compute).  */

bool
speculable (const dir_insn *i)
{
  if (dir_side_effect_p (i) || dir_op_flag (i->op, DOPF_READS)
      || i->op == DOP_CALL || i->op == DOP_DCALL)
    return false;
  return !dir_op_flag (i->op, DOPF_TRAPS) || dir_type_float_p (i->type);
}

/* Is X an arm H may run unconditionally: reached from H alone, small,
   speculable, ending in a jump?  Set *TO to where it jumps.  */

bool
arm_p (const dir_func *fn, const dir_block *h, const dir_block *x,
       dir_block **to)
{
  if (x == h || x == fn->blocks[0] || x->preds.size () != 1
      || marker_block (x) || x->insns.size () > cpu_ifconvert_max_insns + 1)
    return false;
  dir_insn *t = x->terminator ();
  if (!t || t->op != DOP_BR)
    return false;
  for (const dir_insn *i : x->insns)
    if (i != t && !speculable (i))
      return false;
  *to = t->targets[0];
  return true;
}

/* Move the insns of arm X, but its jump, before H's terminator; its phis
   (of one value) become copies.  */

void
hoist_arm (dir_func *fn, dir_block *h, dir_block *x)
{
  size_t pos = h->insns.size () - 1;
  std::vector<dir_insn *> moved;
  for (dir_insn *phi : x->phis)
    {
      phi->op = DOP_COPY;
      phi->targets.clear ();
      moved.push_back (phi);
    }
  x->phis.clear ();
  dir_remove_insn (fn, x->terminator ());
  for (dir_insn *i : x->insns)
    moved.push_back (i);
  x->insns.clear ();
  for (dir_insn *i : moved)
    {
      i->bb = h;
      h->insns.insert (h->insns.begin () + pos++, i);
    }
}

/* Convert the triangle or diamond H heads, if it is one.  TOUCHED marks
   the blocks this round changed (their CFG edges are stale).  */

bool
convert (dir_func *fn, dir_block *h, std::vector<char> &touched)
{
  dir_insn *t = h->terminator ();
  dir_block *bt = t->targets[0], *bf = t->targets[1];
  if (bt == bf || touched[bt->index] || touched[bf->index])
    return false;
  dir_block *jt = nullptr, *jf = nullptr;
  bool arm_t = arm_p (fn, h, bt, &jt), arm_f = arm_p (fn, h, bf, &jf);
  /* The join, and the predecessors it reaches it from on the true and
     the false side.  */
  dir_block *j, *from_t, *from_f;
  if (arm_t && arm_f && jt == jf)
    j = jt, from_t = bt, from_f = bf;
  else if (arm_t && jt == bf)
    j = bf, from_t = bt, from_f = h;
  else if (arm_f && jf == bt)
    j = bt, from_t = h, from_f = bf;
  else
    return false;
  if (j == h || j == fn->blocks[0] || touched[j->index]
      || j->preds.size () != 2 || marker_block (j) || j->rpo <= h->rpo)
    return false;
  for (const dir_insn *phi : j->phis)
    if (phi->type == DT_B1)
      return false;

  dir_value c = t->ops[0];
  if (from_t != h)
    hoist_arm (fn, h, from_t);
  if (from_f != h)
    hoist_arm (fn, h, from_f);
  /* The join's phis become selects at the end of H.  */
  size_t pos = h->insns.size () - 1;
  for (dir_insn *phi : j->phis)
    {
      dir_value vt, vf;
      for (size_t k = 0; k < phi->targets.size (); k++)
	(phi->targets[k] == from_t ? vt : vf) = phi->ops[k];
      phi->op = DOP_SELECT;
      phi->ops = { c, vt, vf };
      phi->targets.clear ();
      phi->bb = h;
      h->insns.insert (h->insns.begin () + pos++, phi);
    }
  j->phis.clear ();
  t->op = DOP_BR;
  t->ops.clear ();
  t->targets = { j };
  for (dir_block *x : { from_t, from_f })
    if (x != h)
      {
	touched[x->index] = 1;
	fn->blocks[x->index] = nullptr;
      }
  touched[h->index] = touched[j->index] = 1;
  dir_cfg_changed (fn);
  return true;
}

} // anon namespace

} // namespace gw_cpu

bool
gw_cpu_ifconvert (dir_func *fn, const gw_pass_context &ctx)
{
  using namespace gw_cpu;
  bool changed = false;
  for (unsigned round = 0;; round++)
    {
      dir_compact (fn);
      dir_fill_cfg (fn);
      gw_partitions parts;
      std::string error;
      /* The emitter reports partitions it cannot read.  */
      if (!parts.discover (fn, &error))
	return changed;
      gw_divergence div;
      div.compute (fn, parts, parts.active);
      std::vector<char> touched (fn->blocks.size (), 0);
      unsigned n = 0;
      std::vector<dir_block *> heads;
      for (dir_block *b : fn->blocks)
	{
	  dir_insn *t = b->terminator ();
	  if (t && t->op == DOP_CBR && div.partitioned (b)
	      && div.divergent_branch (b) && !marker_block (b))
	    heads.push_back (b);
	}
      for (dir_block *h : heads)
	if (!touched[h->index] && convert (fn, h, touched))
	  n++;
      if (ctx.dump)
	fprintf (ctx.dump, ";; round %u: %u conditionals converted\n",
		 round, n);
      if (!n)
	break;
      fn->blocks.erase (std::remove (fn->blocks.begin (), fn->blocks.end (),
				     nullptr), fn->blocks.end ());
      dir_renumber_blocks (fn);
      /* A converted head and its join become one block, which may be
	 the arm of an enclosing conditional.  */
      dir_fill_cfg (fn);
      gw_cpu_merge_jumps (fn);
      changed = true;
    }
  return changed;
}
