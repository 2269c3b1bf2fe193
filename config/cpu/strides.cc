/* The cpu emitter: affine values (see emitter.h).
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   plugin/ir/ir.h.  */

#include "emitter.h"

#include <algorithm>

namespace gw_cpu {

/* The affine stride of each varying register: the difference between
   the values of adjacent lanes, where that is a constant.  Optimistic over
   phis.  */

void
emitter::strides ()
{
  stride.assign (fn->regs.size (), 0);
  for (size_t r = 0; r < fn->regs.size (); r++)
    if (div.varying ((uint32_t) r))
      stride[r] = STRIDE_TOP;
  auto of = [&] (const dir_value &v) -> int64_t {
    return v.reg_p () ? stride[v.reg] : 0;
  };
  /* The stride of operand V of an insn in block B: none if V comes out of
     a loop the lanes left at different iterations.  */
  auto at = [&] (const dir_value &v, const dir_block *b) -> int64_t {
    if (v.reg_p () && fn->regs[v.reg].def
	&& div.leaves_divergent_loop (fn->regs[v.reg].def->bb, b))
      return STRIDE_UNKNOWN;
    return of (v);
  };
  auto known = [] (int64_t s) {
    return s != STRIDE_UNKNOWN && s != STRIDE_TOP;
  };
  bool changed = true;
  while (changed)
    {
      changed = false;
      for (const dir_block *b : fn->blocks)
	{
	  if (!simd (b))
	    continue;
	  auto update = [&] (const dir_insn *i, int64_t s) {
	    if (stride[i->dest] != s)
	      {
		stride[i->dest] = s;
		changed = true;
	      }
	  };
	  for (const dir_insn *phi : b->phis)
	    {
	      if (!div.varying (phi->dest))
		continue;
	      /* At a join of divergent paths the lanes' values come from
		 different definitions: no common base.  */
	      if (div.divergent_join (b))
		{
		  update (phi, STRIDE_UNKNOWN);
		  continue;
		}
	      int64_t s = STRIDE_TOP;
	      for (size_t k = 0; k < phi->ops.size (); k++)
		{
		  const dir_value &v = phi->ops[k];
		  int64_t o = of (v);
		  if (v.reg_p () && fn->regs[v.reg].def
		      && div.leaves_divergent_loop (fn->regs[v.reg].def->bb,
						    b))
		    o = STRIDE_UNKNOWN;
		  if (o == STRIDE_TOP)
		    continue;
		  s = (s == STRIDE_TOP || s == o) ? o : STRIDE_UNKNOWN;
		}
	      update (phi, s);
	    }
	  for (const dir_insn *i : b->insns)
	    {
	      if (i->dest == DIR_NOREG || !div.varying (i->dest))
		continue;
	      int64_t s = STRIDE_UNKNOWN;
	      int64_t x = i->ops.size () > 0 ? at (i->ops[0], b) : 0;
	      int64_t y = i->ops.size () > 1 ? at (i->ops[1], b) : 0;
	      bool both = known (x) && known (y);
	      switch (i->op)
		{
		case DOP_DIM_POS: s = 1; break;
		case DOP_ADDR_LOCAL: s = frame_size; break;
		case DOP_COPY: case DOP_SEXT: case DOP_TRUNC:
		  /* A sign extension keeps the stride as long as no lane
		     overflows the narrower type, which would be undefined in
		     the source; a zero extension does not (unsigned wrap is
		     defined).  */
		  s = x;
		  break;
		case DOP_ADD:
		  s = both ? x + y : (x == STRIDE_TOP || y == STRIDE_TOP)
				      ? STRIDE_TOP : STRIDE_UNKNOWN;
		  break;
		case DOP_SUB:
		  s = both ? x - y : (x == STRIDE_TOP || y == STRIDE_TOP)
				      ? STRIDE_TOP : STRIDE_UNKNOWN;
		  break;
		case DOP_MUL:
		  if (i->ops[1].imm_p () && known (x))
		    s = x * (int64_t) i->ops[1].imm;
		  else if (i->ops[0].imm_p () && known (y))
		    s = y * (int64_t) i->ops[0].imm;
		  else if (x == STRIDE_TOP || y == STRIDE_TOP)
		    s = STRIDE_TOP;
		  break;
		case DOP_SHL:
		  if (i->ops[1].imm_p () && known (x) && i->ops[1].imm < 63)
		    s = x << i->ops[1].imm;
		  else if (x == STRIDE_TOP)
		    s = STRIDE_TOP;
		  break;
		default:
		  break;
		}
	      update (i, s);
	    }
	}
    }
  for (int64_t &s : stride)
    if (s == STRIDE_TOP)
      s = STRIDE_UNKNOWN;

  /* A varying register with a stride is kept as lane 0's value: every
     insn that makes one (lane numbers, frame addresses, sums, products by
     constants, sign extensions, truncations, phis) computes that value
     from its operands' lane-0 values.  */
  affine.assign (fn->regs.size (), false);
  for (size_t r = 0; r < fn->regs.size (); r++)
    affine[r] = div.varying ((uint32_t) r) && stride[r] != STRIDE_UNKNOWN;

  /* ... unless code after a loop the lanes left at different iterations
     reads it: the lanes' values come from different iterations there, so
     no one base describes them.  */
  auto read_at = [&] (const dir_value &v, const dir_block *use) {
    if (v.reg_p () && affine[v.reg] && fn->regs[v.reg].def
	&& div.leaves_divergent_loop (fn->regs[v.reg].def->bb, use))
      affine[v.reg] = false;
  };
  for (const dir_block *b : fn->blocks)
    {
      for (const dir_insn *phi : b->phis)
	for (size_t k = 0; k < phi->ops.size (); k++)
	  read_at (phi->ops[k], phi->targets[k]);
      for (const dir_insn *i : b->insns)
	for (const dir_value &v : i->ops)
	  read_at (v, b);
    }

  /* An affine value's base comes from its operands' bases: one computed
     from a vector (lane 0, which may be off) is not one.  */
  bool changed_affine = true;
  while (changed_affine)
    {
      changed_affine = false;
      auto check = [&] (const dir_insn *i) {
	if (i->dest == DIR_NOREG || !affine[i->dest])
	  return;
	for (const dir_value &v : i->ops)
	  if (v.reg_p () && div.varying (v.reg) && !affine[v.reg])
	    {
	      affine[i->dest] = false;
	      changed_affine = true;
	      return;
	    }
      };
      for (const dir_block *b : fn->blocks)
	{
	  for (const dir_insn *phi : b->phis)
	    check (phi);
	  for (const dir_insn *i : b->insns)
	    check (i);
	}
    }
}

} // namespace gw_cpu
