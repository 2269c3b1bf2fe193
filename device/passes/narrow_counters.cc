/* narrow-counters: a vector loop's counter 32 bits wide again.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   What: GCC's induction variable optimizations widen a vector loop's
   counter to 64 bits: X = [sext I, X + S], the latch testing trunc
   (X + S) against a 32-bit bound.  As long as X + S stays within the
   signed 32-bit range, which is what the source's `int` loop assumes,
   that is the 32-bit counter X32 = [I, X32 + S] tested directly, and X
   is sext X32.  On a target whose vector lanes are SIMD lanes of one
   thread (gw_pass_context::simd_lanes: the cpu), this pass makes it so
   for a loop whose lanes start at their position (a value the lanes
   share plus the vector position) and that leaves only from its latch:
   the loops align-rows rewrites, which it does only with a 32-bit
   counter.

     @H:  %x = phi.i64 [@pre: %i64], [@L: %n]       (%i64 = sext.i64 %i)
	  ... %x ...
     @L:  %n = add.i64 %x, 8
	  %t = trunc.i32 %n
	  %c = cmp.lt.i32 %t, %bound
	  cbr %c, @H, @exit
   becomes
     @H:  %x32 = phi.i32 [@pre: %i], [@L: %n32]
	  %w = sext.i64 %x32
	  ... %w ...
     @L:  %n32 = add.i32 %x32, 8 nsw
	  %c = cmp.lt.i32 %n32, %bound
	  cbr %c, @H, @exit

   Requires: nothing (it runs after recombine-digits, which leaves the
   counters alone).
   Guarantees: each rewritten loop's counter is an i32 phi of its header
   stepping by a constant (nsw), tested by the latch directly; the 64-bit
   value is its sext, computed first in the header; what the rewrite left
   unused is removed.
   Invalidates: nothing of the CFG (no block is added or removed); the
   register numbers of the old counter are free.  */

#include "steps.h"

#include <algorithm>

using namespace gw_steps;

namespace {

/* Make PHI of loop L's header, X = [sext I, X + S] tested as trunc
   (X + S), the 32-bit counter X32 = [I, X32 + S] with X = sext X32, if
   it is one whose lanes start at their position.  USES are the readers
   of each register (those of the old registers, which go).  */

bool
narrow (dir_func *fn, ranges &rng, const uses_t &uses, const dir_loop &l,
	dir_block *pre, dir_block *latch, dir_insn *phi)
{
  if (phi->type != DT_I64)
    return false;
  /* Only a loop align-rows may rewrite: it leaves only from its
     latch.  */
  for (dir_block *b : l.blocks)
    for (dir_block *s : b->succs)
      if (!in_loop (l, s) && b != latch)
	return false;
  dir_value init = incoming (phi, pre), next = incoming (phi, latch);
  const dir_insn *ext = init.reg_p () ? fn->regs[init.reg].def : nullptr;
  dir_insn *add = next.reg_p () ? fn->regs[next.reg].def : nullptr;
  if (!ext || ext->op != DOP_SEXT || ext->ops[0].type != DT_I32
      || !add || add->op != DOP_ADD || !in_loop (l, add->bb))
    return false;
  int lk;
  dir_value i32 = ext->ops[0];
  if (!lane_start (fn, i32, &lk) || rng.of (i32).lo < 0)
    return false;
  dir_value xv = dir_reg_value (fn, phi->dest);
  dir_value step = constant_step (fn, add, phi);
  if (!step.imm_p () || (int64_t) step.imm > INT32_MAX)
    return false;
  /* NEXT feeds the phi and one truncation, which the latch's test
     reads.  */
  dir_insn *tr = nullptr;
  for (dir_insn *u : uses[next.reg])
    if (u == phi)
      continue;
    else if (u->op == DOP_TRUNC && u->type == DT_I32 && !tr)
      tr = u;
    else
      return false;
  const dir_insn *br = latch->terminator ();
  const dir_insn *cmp = br && br->ops.size () == 1 && br->ops[0].reg_p ()
			? fn->regs[br->ops[0].reg].def : nullptr;
  if (!tr || !cmp || cmp->op != DOP_CMP || cmp->type != DT_I32)
    return false;
  bool tested = false;
  for (const dir_value &o : cmp->ops)
    tested |= o.reg_p () && o.reg == tr->dest;
  if (!tested)
    return false;

  /* X32 and its next value, which replaces the truncation.  */
  dir_insn *p32 = new_phi (fn, l.header, DT_I32, { { pre, i32 },
					       { latch, dir_value () } });
  dir_value x32 = dir_reg_value (fn, p32->dest);
  auto at = std::find (add->bb->insns.begin (), add->bb->insns.end (), add);
  dir_builder nb (fn, add->bb, at - add->bb->insns.begin () + 1);
  dir_value n32 = nb.def (DOP_ADD, DT_I32,
			  { x32, dir_imm (DT_I32, (int64_t) step.imm) });
  nb.bb->insns[nb.pos - 1]->flags |= DIF_NSW;
  p32->ops[1] = n32;
  dir_value tv = dir_reg_value (fn, tr->dest);
  for (dir_insn *u : uses[tr->dest])
    for (dir_value &o : u->ops)
      if (o == tv)
	o = n32;
  dir_remove_insn (fn, tr);
  /* X is sext X32 from the header on.  */
  dir_builder hb (fn, l.header, 0);
  dir_value wide = hb.def (DOP_SEXT, DT_I64, { x32 });
  for (dir_insn *u : uses[phi->dest])
    if (u != add)
      for (dir_value &o : u->ops)
	if (o == xv)
	  o = wide;
  dir_remove_insn (fn, add);
  dir_remove_insn (fn, phi);
  return true;
}

} // anon namespace

bool
gw_narrow_counters (dir_func *fn, const gw_pass_context &ctx)
{
  if (!ctx.simd_lanes)
    return false;
  ranges rng (fn);
  bool changed = false;
  /* Each rewrite removes a phi: the loops are found again after it.  */
  for (bool again = true; again;)
    {
      again = false;
      std::vector<dir_loop> loops = find_loops (fn);
      uses_t uses = dir_compute_uses (fn);
      for (const dir_loop &l : loops)
	{
	  dir_block *pre, *latch;
	  if (!loop_ok (l, &pre, &latch))
	    continue;
	  for (dir_insn *phi : l.header->phis)
	    if (narrow (fn, rng, uses, l, pre, latch, phi))
	      {
		changed = again = true;
		break;
	      }
	  if (again)
	    break;
	}
    }
  return clean_up (fn, changed);
}
