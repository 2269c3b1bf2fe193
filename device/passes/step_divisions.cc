/* step-divisions: a counted loop's divisions stepped instead.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   What: each thread's chunk of a partitioned loop steps its iteration
   number X by a constant (the vector length, or 1), so the indices GCC
   recovers from X by dividing (i = X % NI, T = X / NI, j = T % NJ, ...)
   can be stepped instead: the quotient and remainder of the first X are
   computed once before the loop, and each iteration adds the step to
   the remainder, subtracts the divisor when it overflows and carries
   one into the quotient.  The quotient is itself a stepped value (by 0
   or 1 per iteration, or the step's quotient and a carry), so the next
   level's division of it steps the same way.

   In a loop whose header has a phi X = [init, X + S] with a constant
   S > 0, whose latch continues only while X + S < BOUND (BOUND
   invariant; or while X + S != BOUND, with S = 1 and an add that cannot
   overflow or a way into the loop only past a signed test init < BOUND:
   GCC's gang loops) and where a range analysis proves init >= 0
   (steps.h: counted), each `udiv X, C` and `urem X, C` by a C the loop
   does not change becomes a stepped quotient and remainder (phis of the
   header), and each `sext X` of an i32 X a 64-bit phi of its own.
   These are exact as long as X + S does not overflow the signed type
   while the loop goes on, which is what GCC's lowering assumes too.
   The row Q of a loop align-rows rewrote (row_quotient) steps by its
   carry, and its divisions step the same way.  A target that divides by
   constants cheaply (gw_pass_context::cheap_constant_division: ptx) has
   only divisions by registers stepped.

     @H:  %x = phi.i32 [@pre: %i], [@L: %n]
	  %q = udiv.i32 %x, 37
	  %r = urem.i32 %x, 37
	  ... %q, %r ...
     @L:  %n = add.i32 %x, 4
	  cbr (%n < %b), @H, @exit
   becomes
     @pre: %q0 = udiv.i32 %i, 37
	  %r0 = urem.i32 %i, 37
     @H:  %x = phi.i32 [@pre: %i], [@L: %n]
	  %qs = phi.i32 [@pre: %q0], [@L: %qn]
	  %rs = phi.i32 [@pre: %r0], [@L: %rn]
	  ... %qs, %rs ...
     @L:  %n = add.i32 %x, 4
	  %c = cmp.uge.i32 %rs, 33              (37 - 4: it wraps around)
	  %rn = select (%c, %rs - 33, %rs + 4)
	  %qn = %qs + select (%c, 1, 0)
	  cbr (%n < %b), @H, @exit

   Requires: nothing.  It runs after align-rows, whose row quotients it
   recognizes by their shape.
   Guarantees: every stepped udiv/urem is a copy of the stepped value
   (uses inside the loop read the phi itself) and every widened sext a
   copy of its phi; what the rewrite left unused (the copies among it)
   is removed.  No block is added: the CFG is unchanged.
   Invalidates: nothing but register numbers (the removed ones are
   free).  */

#include "steps.h"

#include <algorithm>

using namespace gw_steps;

namespace {

class stepper
{
public:
  stepper (dir_func *f, bool cheap)
    : fn (f), rng (f), cheap_const (cheap) {}
  bool run ();

private:
  dir_func *fn;
  ranges rng;
  bool cheap_const;		/* Step divisions by registers only.  */
  uses_t uses;

  bool row_quotient (const dir_loop &, dir_block *pre, dir_block *latch,
		     const dir_insn *phi, stepped *out) const;
  void divide (const dir_loop &, dir_block *pre, dir_block *latch,
	       const stepped &x, dir_value c, std::vector<stepped> *work);
  bool widen (const dir_loop &, dir_block *pre, dir_block *latch,
	      const stepped &x);
  bool step (const dir_loop &, dir_block *pre, dir_block *latch,
	     std::vector<stepped> work);
};

/* Whether PHI of loop L's header is the row Q of a loop align-rows
   rewrote: Q = [PRE: udiv U0, NI], [LATCH: Q + select (CARRY, 1, 0)]
   where CARRY is R + SEG == NI for a phi R = [PRE: urem U0, NI],
   [LATCH: select (CARRY, 0, R + SEG)] of the header and SEG = umin
   (NI - R, ...): R is the remainder of a number U that moves by SEG <=
   NI - R, and Q its quotient, stepping by CARRY, 0 or 1.  If so,
   describe Q in *OUT: its divisions step by the carry too.  Dividing Q
   before the loop traps only where the loop would have, for a division
   in the blocks that hold the old header's code (the body, the tail's
   block, and its copy for the full vectors) if the block before the
   loop always enters it: the loop's first row runs them.  */

bool
stepper::row_quotient (const dir_loop &l, dir_block *pre, dir_block *latch,
		       const dir_insn *phi, stepped *out) const
{
  dir_type t = phi->type;
  auto def = [&] (const dir_value &v) -> const dir_insn * {
    return v.reg_p () ? fn->regs[v.reg].def : nullptr;
  };
  if (t != DT_I32)
    return false;
  dir_value q = dir_reg_value (fn, phi->dest);
  dir_value q0 = incoming (phi, pre);
  const dir_insn *qn = def (incoming (phi, latch));
  if (!qn || qn->op != DOP_ADD || qn->bb != latch || qn->ops[0] != q)
    return false;
  const dir_insn *dq = def (qn->ops[1]);
  if (!dq || dq->op != DOP_SELECT || dq->ops[1] != dir_imm (t, 1)
      || dq->ops[2] != dir_imm (t, 0))
    return false;
  dir_value carry = dq->ops[0];
  const dir_insn *eq = def (carry);
  if (!eq || eq->op != DOP_CMP || eq->pred != DC_EQ)
    return false;
  const dir_insn *rs = def (eq->ops[0]);
  dir_value c = eq->ops[1];
  if (!rs || rs->op != DOP_ADD)
    return false;
  const dir_insn *rphi = def (rs->ops[0]);
  if (!rphi || rphi->op != DOP_PHI || rphi->bb != l.header)
    return false;
  const dir_insn *rn = def (incoming (rphi, latch));
  if (!rn || rn->op != DOP_SELECT || rn->ops[0] != carry
      || rn->ops[1] != dir_imm (t, 0)
      || rn->ops[2] != dir_reg_value (fn, rs->dest))
    return false;
  const dir_insn *d0 = def (q0), *m0 = def (incoming (rphi, pre));
  if (!d0 || d0->op != DOP_UDIV || d0->ops[1] != c
      || !m0 || m0->op != DOP_UREM || m0->ops != d0->ops)
    return false;
  const dir_insn *seg = def (rs->ops[1]);
  const dir_insn *room = seg && seg->op == DOP_UMIN ? def (seg->ops[0])
						    : nullptr;
  if (!room || room->op != DOP_SUB || room->ops[0] != c
      || room->ops[1] != rs->ops[0])
    return false;
  *out = stepped ();
  out->kind = stepped::CARRY;
  out->reg = phi->dest;
  out->init = q0;
  out->step = qn->ops[1];
  out->k = dir_imm (t, 0);
  out->carry = carry;

  /* The blocks of the old header's code: the header goes to them, to
     the body of a loop of one lane, or (through the full vectors' copy
     @F, which comes first) to the tail @T, whose test jt < seg leads to
     the lane's test @TB, which leads to the body.  */
  const dir_insn *pt = pre->terminator (), *ht = l.header->terminator ();
  if (pt->op != DOP_BR || !ht)
    return true;
  dir_block *to = ht->targets.back ();
  const dir_insn *tt = to->terminator ();
  const dir_insn *tc = tt && tt->op == DOP_CBR ? def (tt->ops[0]) : nullptr;
  bool tail = !to->phis.empty () && tc && tc->op == DOP_CMP
	      && tc->pred == DC_LT
	      && tc->ops[0] == dir_reg_value (fn, to->phis[0]->dest)
	      && tc->ops[1] == dir_reg_value (fn, seg->dest);
  if (!tail)
    {
      if (ht->op == DOP_BR)
	out->hoist_blocks.push_back (to);
      return true;
    }
  dir_block *tb = tt->targets[0];
  if (!tb->terminator () || tb->terminator ()->op != DOP_CBR)
    return true;
  out->hoist_blocks.push_back (tb->terminator ()->targets[0]);
  if (ht->op == DOP_CBR)
    out->hoist_blocks.push_back (ht->targets[0]);
  return true;
}

/* Replace X's divisions and remainders by C (a constant, or a register
   the loop does not change) inside loop L with a stepped quotient and
   remainder; queue the quotient, which steps too.  */

void
stepper::divide (const dir_loop &l, dir_block *pre, dir_block *latch,
		 const stepped &x, dir_value c, std::vector<stepped> *work)
{
  dir_type t = fn->regs[x.reg].type;
  /* Before the loop: the first quotient and remainder, and those of a
     constant step.  */
  dir_builder b (fn, pre, pre->insns.size () - 1);
  dir_value q0 = b.def (DOP_UDIV, t, { x.init, c });
  dir_value r0 = b.def (DOP_UREM, t, { x.init, c });
  dir_value add_r, add_q;
  stepped::kind_t next_kind = stepped::OTHER;
  bool small_carry = false;
  if (x.kind == stepped::CONSTANT && c.imm_p ())
    {
      add_r = dir_imm (t, (uint64_t) x.step.imm % c.imm);
      add_q = dir_imm (t, (uint64_t) x.step.imm / c.imm);
      next_kind = stepped::CARRY;
    }
  else if (x.kind == stepped::CONSTANT && (int64_t) x.step.imm == 1)
    {
      /* 1 % C and 1 / C without dividing: C is 1, or more.  */
      dir_value one = b.cmp (DC_EQ, c, dir_imm (t, 1));
      add_r = b.def (DOP_SELECT, t, { one, dir_imm (t, 0), dir_imm (t, 1) });
      add_q = b.def (DOP_SELECT, t, { one, dir_imm (t, 1), dir_imm (t, 0) });
      next_kind = stepped::CARRY;
    }
  else if (x.kind == stepped::CONSTANT)
    {
      add_r = b.def (DOP_UREM, t, { x.step, c });
      add_q = b.def (DOP_UDIV, t, { x.step, c });
      next_kind = stepped::CARRY;
    }
  else if (x.k.imm_p ()
	   && ((int64_t) x.k.imm == 0 || rng.of (c).lo > (int64_t) x.k.imm + 1))
    {
      /* K + CARRY is below C, or is 0 or 1 (which steps any C >= 1 the
	 same way): it is its own remainder.  */
      add_r = x.step;
      add_q = dir_imm (t, 0);
      next_kind = stepped::CARRY;
    }
  else
    small_carry = true;
  dir_value a0, b0, a1, b1;
  if (small_carry)
    {
      /* K + CARRY is K or K + 1: divide both before the loop.  */
      dir_value k1 = b.def (DOP_ADD, t, { x.k, dir_imm (t, 1) });
      a0 = b.def (DOP_UREM, t, { x.k, c });
      b0 = b.def (DOP_UDIV, t, { x.k, c });
      a1 = b.def (DOP_UREM, t, { k1, c });
      b1 = b.def (DOP_UDIV, t, { k1, c });
    }
  dir_insn *qphi = new_phi (fn, l.header, t, { { pre, q0 }, { latch, {} } });
  dir_insn *rphi = new_phi (fn, l.header, t, { { pre, r0 }, { latch, {} } });
  dir_value q = dir_reg_value (fn, qphi->dest);
  dir_value r = dir_reg_value (fn, rphi->dest);
  /* In the latch: r += S mod C, carrying into q += S / C.  r and S mod C
     are below C, so r + S mod C >= C is r >= C - S mod C, which cannot
     overflow whatever C is.  */
  dir_builder e (fn, latch, latch->insns.size () - 1);
  if (small_carry)
    {
      add_r = e.def (DOP_SELECT, t, { x.carry, a1, a0 });
      add_q = e.def (DOP_SELECT, t, { x.carry, b1, b0 });
    }
  dir_value room = c.imm_p () && add_r.imm_p ()
		   ? dir_imm (t, (int64_t) (c.imm - add_r.imm))
		   : e.def (DOP_SUB, t, { c, add_r });
  dir_value carry = e.cmp (DC_UGE, r, room);
  dir_value wrapped = e.def (DOP_SUB, t, { r, room });
  dir_value plain = e.def (DOP_ADD, t, { r, add_r });
  dir_value rn = e.def (DOP_SELECT, t, { carry, wrapped, plain });
  dir_value dq = e.def (DOP_SELECT, t, { carry, dir_imm (t, 1),
					 dir_imm (t, 0) });
  if (!add_q.imm_p () || add_q.imm != 0)
    dq = e.def (DOP_ADD, t, { dq, add_q });
  dir_value qn = e.def (DOP_ADD, t, { q, dq });
  qphi->ops[1] = qn;
  rphi->ops[1] = rn;
  uses.resize (fn->regs.size ());

  /* The divisions become copies; the loop reads the phis.  */
  dir_value xv = dir_reg_value (fn, x.reg);
  std::vector<dir_insn *> xs = uses[x.reg];
  for (dir_insn *i : xs)
    {
      if ((i->op != DOP_UDIV && i->op != DOP_UREM) || i->ops[0] != xv
	  || i->ops[1] != c || !in_loop (l, i->bb))
	continue;
      dir_value v = i->op == DOP_UDIV ? q : r;
      uint32_t old = i->dest;
      for (dir_insn *u : uses[old])
	if (in_loop (l, u->bb) && u->op != DOP_PHI)
	  for (dir_value &o : u->ops)
	    if (o.reg_p () && o.reg == old)
	      {
		o = v;
		uses[v.reg].push_back (u);
	      }
      dir_make_copy (i, v);
    }
  stepped quo;
  quo.kind = next_kind;
  quo.reg = qphi->dest;
  quo.init = q0;
  quo.step = dq;
  quo.k = add_q;
  quo.carry = carry;
  quo.hoist_blocks = x.hoist_blocks;
  work->push_back (quo);
}

/* A counted i32 X never wraps (it stays in [0, 2^31): sext and zext
   agree), so sext (X) steps as a 64-bit value of its own: make it a
   phi, so that addresses computed from it are affine in X (a vector
   lane's X is its position plus a uniform value: the targets then see a
   contiguous access).  */

bool
stepper::widen (const dir_loop &l, dir_block *pre, dir_block *latch,
		const stepped &x)
{
  if (fn->regs[x.reg].type != DT_I32 || x.kind != stepped::CONSTANT)
    return false;
  dir_value xv = dir_reg_value (fn, x.reg);
  std::vector<dir_insn *> exts;
  for (dir_insn *i : uses[x.reg])
    if ((i->op == DOP_SEXT || i->op == DOP_ZEXT) && i->type == DT_I64
	&& i->ops[0] == xv
	&& std::find (l.blocks.begin (), l.blocks.end (), i->bb)
	   != l.blocks.end ())
      exts.push_back (i);
  if (exts.empty ())
    return false;
  dir_builder b (fn, pre, pre->insns.size () - 1);
  dir_value init = b.def (DOP_SEXT, DT_I64, { x.init });
  dir_insn *p = new_phi (fn, l.header, DT_I64,
			 { { pre, init }, { latch, {} } });
  dir_value wide = dir_reg_value (fn, p->dest);
  dir_builder e (fn, latch, latch->insns.size () - 1);
  dir_value next = e.def (DOP_ADD, DT_I64,
			  { wide, dir_imm (DT_I64, (int64_t) x.step.imm) });
  e.bb->insns[e.pos - 1]->flags |= DIF_NSW;
  p->ops[1] = next;
  for (dir_insn *i : exts)
    dir_make_copy (i, wide);
  return true;
}

/* Step the values of WORK, counted phis of loop L's header or row
   quotients, and the quotients their stepping makes; return whether
   any changed.  */

bool
stepper::step (const dir_loop &l, dir_block *pre, dir_block *latch,
	       std::vector<stepped> work)
{
  bool changed = false;
  uses = dir_compute_uses (fn);
  while (!work.empty ())
    {
      stepped x = work.back ();
      work.pop_back ();
      if (widen (l, pre, latch, x))
	{
	  changed = true;
	  uses.resize (fn->regs.size ());
	}
      /* The divisors X is divided by inside the loop.  */
      std::vector<dir_value> divisors;
      dir_value xv = dir_reg_value (fn, x.reg);
      for (dir_insn *i : uses[x.reg])
	if ((i->op == DOP_UDIV || i->op == DOP_UREM) && i->ops[0] == xv
	    && in_loop (l, i->bb)
	    && divisor_ok (fn, rng, cheap_const, l, pre, x, i)
	    && std::find (divisors.begin (), divisors.end (), i->ops[1])
	       == divisors.end ())
	  divisors.push_back (i->ops[1]);
      for (dir_value c : divisors)
	{
	  divide (l, pre, latch, x, c, &work);
	  changed = true;
	}
    }
  return changed;
}

bool
stepper::run ()
{
  std::vector<dir_loop> loops = find_loops (fn);
  /* The ranges are those of the function as the pass found it: each
     loop's start and bound are looked at before any division becomes a
     copy of a phi (a remainder then keeps the range of the urem it
     replaces).  */
  for (const dir_loop &l : loops)
    {
      dir_block *pre, *latch;
      stepped s;
      if (loop_ok (l, &pre, &latch))
	for (const dir_insn *phi : l.header->phis)
	  counted (fn, rng, l, pre, latch, phi, &s);
    }
  bool changed = false;
  for (const dir_loop &l : loops)
    {
      dir_block *pre, *latch;
      if (!loop_ok (l, &pre, &latch))
	continue;
      std::vector<stepped> work;
      for (dir_insn *phi : l.header->phis)
	{
	  stepped s;
	  if (row_quotient (l, pre, latch, phi, &s)
	      || counted (fn, rng, l, pre, latch, phi, &s))
	    work.push_back (s);
	}
      if (work.empty ())
	continue;
      changed |= step (l, pre, latch, work);
    }
  return changed;
}

} // anon namespace

bool
gw_step_divisions (dir_func *fn, const gw_pass_context &ctx)
{
  stepper s (fn, ctx.cheap_constant_division);
  return clean_up (fn, s.run ());
}
