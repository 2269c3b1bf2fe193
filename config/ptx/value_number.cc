/* The ptx target's value numbering, a device pass (config/ptx/passes.def).
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   What: the expander and the reorg repeat work that GCC's passes never
   saw: each partition reads the thread's position and computes its
   addresses afresh, and the neutering of consecutive regions leaves
   chains of phis of one value.  ptxas does not remove all of it across
   blocks.

   Requires: nothing (it runs after the generic passes, on what the
   emitter will print).
   Guarantees: the function is valid SSA with the same partitions; every
   pure instruction that repeats a dominating one is a copy of it; uses
   read the first of equal values.  */

#include "ptx.h"

#include <functional>
#include <map>

namespace {

/* Is V an undefined value of FN (any register will do)?  */

bool
undef_p (const dir_func *fn, const dir_value &v)
{
  return v.reg_p () && fn->regs[v.reg].def
	 && fn->regs[v.reg].def->op == DOP_UNDEF;
}

} // anon namespace

/* Pure instructions that compute what a dominating one computed already
   become copies of its result (a dominator-tree walk with a scoped table,
   as in Briggs, Cooper and Simpson's "Value Numbering", 1997).  Loads are
   left alone (memory may change), and so are the reorg's convergent
   instructions.  */

bool
gw_ptx_value_number (dir_func *fn, const gw_pass_context &)
{
  bool changed = false;
  dir_fill_cfg (fn);
  dir_compute_dominators (fn);
  std::vector<std::vector<dir_block *>> kids (fn->blocks.size ());
  for (dir_block *b : fn->blocks)
    if (b->idom && b->idom != b)
      kids[b->idom->index].push_back (b);
  std::vector<uint32_t> leader (fn->regs.size ());
  for (size_t r = 0; r < leader.size (); r++)
    leader[r] = r;
  std::map<std::string, uint32_t> table;
  auto key = [&] (dir_insn *i) {
    std::string k;
    /* Every field but the value operands, which follow.  */
    dir_appendf (k, "%d.%d.%d.%d.%d.%d.%d.%d.%lld.%u.%u.%u.%s", (int) i->op,
		 (int) i->type, (int) i->flags, (int) i->pred, (int) i->axis,
		 (int) i->axes, (int) i->align, (int) i->redop,
		 (long long) i->disp, i->param, i->global, i->slot,
		 i->callee.c_str ());
    for (uint32_t s : i->slots)
      dir_appendf (k, "$%u", s);
    for (int64_t c : i->cases)
      dir_appendf (k, "[%lld]", (long long) c);
    for (dir_value &v : i->ops)
      {
	if (v.reg_p ())
	  v.reg = leader[v.reg];
	dir_appendf (k, "|%d.%d.%u.%llx", (int) v.kind, (int) v.type,
		     v.reg, (unsigned long long) v.imm);
      }
    return k;
  };
  std::function<void (dir_block *)> walk = [&] (dir_block *b) {
    std::vector<std::string> added;
    for (size_t k = 0; k < b->phis.size (); k++)
      {
	/* A phi of one value V (besides undefined ones and itself) whose
	   definition dominates it is V: chains of them come from the
	   neutering of consecutive regions.  */
	dir_insn *phi = b->phis[k];
	uint32_t only = DIR_NOREG;
	bool one = true;
	for (dir_value &v : phi->ops)
	  {
	    if (v.reg_p ())
	      v.reg = leader[v.reg];
	    if (undef_p (fn, v) || (v.reg_p () && v.reg == phi->dest))
	      continue;
	    if (!v.reg_p () || (only != DIR_NOREG && only != v.reg))
	      one = false;
	    else
	      only = v.reg;
	  }
	dir_insn *def = one && only != DIR_NOREG ? fn->regs[only].def
			: nullptr;
	if (def && def->bb && def->bb != b
	    && dir_dominates (fn, def->bb, b))
	  {
	    leader[phi->dest] = only;
	    b->phis.erase (b->phis.begin () + k--);
	    changed = true;
	  }
      }
    for (dir_insn *i : b->insns)
      {
	bool pure = i->dest != DIR_NOREG && !dir_side_effect_p (i)
		    && !dir_op_flag (i->op, DOPF_READS) && i->op != DOP_UNDEF
		    && i->op != DOP_BCAST && i->op != DOP_PARAM
		    && i->op != DOP_CALL;
	std::string k = key (i);
	if (!pure)
	  continue;
	auto it = table.find (k);
	if (it != table.end ())
	  {
	    leader[i->dest] = it->second;
	    dir_make_copy (i, dir_reg_value (fn, it->second));
	    changed = true;
	    continue;
	  }
	table.emplace (k, i->dest);
	added.push_back (k);
      }
    /* Successors' phis read values at the end of B.  */
    for (dir_block *c : kids[b->index])
      walk (c);
    for (const std::string &k : added)
      table.erase (k);
  };
  walk (fn->blocks[0]);
  /* Uses in blocks the walk did not reach before their phis did.  */
  for (dir_block *b : fn->blocks)
    for (dir_insn *phi : b->phis)
      for (dir_value &v : phi->ops)
	if (v.reg_p ())
	  v.reg = leader[v.reg];
  return changed;
}

