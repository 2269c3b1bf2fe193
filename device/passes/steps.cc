/* What the passes that step a collapsed nest's indices share (steps.h).
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.  */

#include "steps.h"

#include <algorithm>

namespace gw_steps {

namespace {

range
full (dir_type t)
{
  if (t == DT_B1)
    return { 0, 1 };
  return { -smax_of (t) - 1, smax_of (t) };
}

/* Whether A and B are the same value: the same register or constant, or
   registers that the same operation computes from the same operands (a
   truncation done twice).  */

bool
same_value (const dir_func *fn, const dir_value &a, const dir_value &b)
{
  if (a == b)
    return true;
  if (!a.reg_p () || !b.reg_p ())
    return false;
  const dir_insn *da = fn->regs[a.reg].def, *db = fn->regs[b.reg].def;
  return da && db && da->op == db->op && da->type == db->type
	 && da->ops == db->ops && da->flags == db->flags
	 && !dir_op_flag (da->op, DOPF_TERMINATOR)
	 && (da->op == DOP_TRUNC || da->op == DOP_SEXT || da->op == DOP_ZEXT
	     || da->op == DOP_ADD || da->op == DOP_SUB);
}

/* The integer comparison C with its operands swapped (A C B is
   B swapped_cond (C) A), and negated (!(A C B) is A negated_cond (C) B).
   Neither is asked of a floating-point comparison.  */

dir_cond
swapped_cond (dir_cond c)
{
  static const dir_cond swapped[] = { DC_EQ, DC_NE, DC_GT, DC_GE, DC_LT,
				      DC_LE, DC_UGT, DC_UGE, DC_ULT, DC_ULE };
  return swapped[c];
}

dir_cond
negated_cond (dir_cond c)
{
  static const dir_cond negated[] = { DC_NE, DC_EQ, DC_GE, DC_GT, DC_LE,
				      DC_LT, DC_UGE, DC_UGT, DC_ULE, DC_ULT };
  return negated[c];
}

/* Whether the conditional branch BR goes to TO exactly when an integer
   comparison A C B holds; if so, set *C, *A and *B.  */

bool
branch_test (const dir_func *fn, const dir_insn *br, const dir_block *to,
	     dir_cond *c, dir_value *a, dir_value *b)
{
  if (!br || br->op != DOP_CBR || !br->ops[0].reg_p ()
      || br->targets[0] == br->targets[1])
    return false;
  const dir_insn *cmp = fn->regs[br->ops[0].reg].def;
  if (!cmp || cmp->op != DOP_CMP || cmp->pred > DC_UGE)
    return false;
  bool on_true = br->targets[0] == to;
  if (!on_true && br->targets[1] != to)
    return false;
  *c = on_true ? cmp->pred : negated_cond (cmp->pred);
  *a = cmp->ops[0];
  *b = cmp->ops[1];
  return true;
}

/* Make every reader of a copy of a register read the register.  */

void
propagate_copies (dir_func *fn)
{
  auto source = [&] (dir_value v) {
    while (v.reg_p () && fn->regs[v.reg].def
	   && fn->regs[v.reg].def->op == DOP_COPY
	   && fn->regs[v.reg].def->ops[0].reg_p ())
      v = fn->regs[v.reg].def->ops[0];
    return v;
  };
  for (dir_block *b : fn->blocks)
    {
      for (dir_insn *p : b->phis)
	dir_for_each_use (p, [&] (dir_value &v) { v = source (v); });
      for (dir_insn *i : b->insns)
	dir_for_each_use (i, [&] (dir_value &v) { v = source (v); });
    }
}

/* Remove the pure instructions and phis whose values nothing needs.  */

void
remove_dead (dir_func *fn)
{
  auto pure = [] (const dir_insn *i) {
    if (i->dest == DIR_NOREG || dir_side_effect_p (i))
      return false;
    switch (dir_op_table[i->op].cls)
      {
      case DOC_VALUE:
      case DOC_CMP:
      case DOC_PHI:
	break;
      default:
	return false;
      }
    /* A division that traps (by zero, or INT_MIN by -1) is undefined
       behaviour in the source: an unused one may go.  */
    if (dir_op_flag (i->op, DOPF_READS))
      return false;
    return i->op != DOP_UNDEF;
  };
  std::vector<char> live (fn->regs.size (), 0);
  std::vector<dir_insn *> stack;
  auto mark = [&] (dir_insn *i) {
    dir_for_each_use (i, [&] (dir_value &v) {
      if (!live[v.reg])
	{
	  live[v.reg] = 1;
	  if (fn->regs[v.reg].def)
	    stack.push_back (fn->regs[v.reg].def);
	}
    });
  };
  for (dir_block *b : fn->blocks)
    for (dir_insn *i : b->insns)
      if (!pure (i))
	{
	  if (i->dest != DIR_NOREG)
	    live[i->dest] = 1;
	  mark (i);
	}
  while (!stack.empty ())
    {
      dir_insn *i = stack.back ();
      stack.pop_back ();
      mark (i);
    }
  std::vector<dir_insn *> dead;
  for (dir_block *b : fn->blocks)
    {
      for (dir_insn *p : b->phis)
	if (!live[p->dest])
	  dead.push_back (p);
      for (dir_insn *i : b->insns)
	if (i->dest != DIR_NOREG && !live[i->dest] && pure (i))
	  dead.push_back (i);
    }
  for (dir_insn *i : dead)
    dir_remove_insn (fn, i);
}

} // anon namespace

__int128
smax_of (dir_type t)
{
  return ((__int128) 1 << (dir_type_bytes (t) * 8 - 1)) - 1;
}

range
ranges::of (const dir_value &v, int depth)
{
  if (v.imm_p ())
    {
      int64_t x = (int64_t) v.imm;
      return { x, x };
    }
  if (!v.reg_p () || (!dir_type_int_p (v.type) && v.type != DT_B1))
    return full (dir_type_int_p (v.type) ? v.type : DT_I64);
  auto it = memo.find (v.reg);
  if (it != memo.end ())
    return it->second;
  range r = depth > 24 ? full (v.type) : compute (v.reg, depth + 1);
  memo[v.reg] = r;
  return r;
}

range
ranges::clamp (range r, dir_type t, bool exact)
{
  range f = full (t);
  if (r.lo >= f.lo && r.hi <= f.hi)
    return r;
  /* A nsw result is the exact value, which the type holds: clamp.  */
  if (exact)
    return { std::max (r.lo, f.lo), std::min (r.hi, f.hi) };
  return f;
}

range
ranges::compute (uint32_t reg, int depth)
{
  const dir_insn *d = fn->regs[reg].def;
  dir_type t = fn->regs[reg].type;
  if (!d)
    return full (t);
  auto op = [&] (int k) { return of (d->ops[k], depth); };
  bool nsw = d->flags & DIF_NSW;
  switch (d->op)
    {
    case DOP_COPY:
      return op (0);
    case DOP_DIM_POS:
      return { 0, fn->dims[d->axis] > 0 ? fn->dims[d->axis] - 1
					: (__int128) INT32_MAX - 1 };
    case DOP_DIM_SIZE:
      return { fn->dims[d->axis] > 0 ? fn->dims[d->axis] : 1,
	       fn->dims[d->axis] > 0 ? fn->dims[d->axis] : INT32_MAX };
    case DOP_ADD:
      {
	range a = op (0), b = op (1);
	return clamp ({ a.lo + b.lo, a.hi + b.hi }, t, nsw);
      }
    case DOP_SUB:
      {
	range a = op (0), b = op (1);
	return clamp ({ a.lo - b.hi, a.hi - b.lo }, t, nsw);
      }
    case DOP_MUL:
      {
	range a = op (0), b = op (1);
	/* Products of 64-bit bounds may not fit 128 bits: only bounds
	   of at most 62 bits are multiplied.  */
	const __int128 lim = (__int128) 1 << 62;
	if (a.lo < -lim || a.hi > lim || b.lo < -lim || b.hi > lim)
	  {
	    if (nsw && a.lo >= 0 && b.lo >= 0)
	      return { 0, smax_of (t) };
	    return full (t);
	  }
	__int128 c[4] = { a.lo * b.lo, a.lo * b.hi, a.hi * b.lo,
			  a.hi * b.hi };
	return clamp ({ *std::min_element (c, c + 4),
			*std::max_element (c, c + 4) }, t, nsw);
      }
    case DOP_DIV:
    case DOP_UDIV:
      {
	range a = op (0), b = op (1);
	if (a.lo >= 0 && b.lo >= 1)
	  return { a.lo / b.hi, a.hi / b.lo };
	return full (t);
      }
    case DOP_UREM:
      {
	range a = op (0), b = op (1);
	if (a.lo >= 0 && b.lo >= 1)
	  return { 0, std::min (a.hi, b.hi - 1) };
	if (b.lo >= 1)
	  return { 0, b.hi - 1 };
	return full (t);
      }
    case DOP_MIN:
      {
	range a = op (0), b = op (1);
	return { std::min (a.lo, b.lo), std::min (a.hi, b.hi) };
      }
    case DOP_MAX:
      {
	range a = op (0), b = op (1);
	return { std::max (a.lo, b.lo), std::max (a.hi, b.hi) };
      }
    case DOP_SELECT:
      {
	range a = op (1), b = op (2);
	return { std::min (a.lo, b.lo), std::max (a.hi, b.hi) };
      }
    case DOP_SEXT:
      return op (0);
    case DOP_ZEXT:
      {
	range a = op (0);
	if (a.lo >= 0)
	  return a;
	return { 0, 2 * smax_of (d->ops[0].type) + 1 };
      }
    case DOP_TRUNC:
      return clamp (op (0), t, false);
    case DOP_CMP:
      return { 0, 1 };
    default:
      return full (t);
    }
}

bool
in_loop (const dir_loop &l, const dir_block *b)
{
  return std::find (l.blocks.begin (), l.blocks.end (), b) != l.blocks.end ();
}

std::vector<dir_loop>
find_loops (dir_func *fn)
{
  dir_fill_cfg (fn);
  std::vector<bool> all (fn->blocks.size (), true);
  std::vector<int> innermost;
  return dir_find_loops (fn, all, &innermost);
}

dir_value
incoming (const dir_insn *phi, const dir_block *from)
{
  for (size_t k = 0; k < phi->targets.size (); k++)
    if (phi->targets[k] == from)
      return phi->ops[k];
  return dir_value ();
}

dir_value
constant_step (const dir_func *fn, const dir_insn *add, const dir_insn *phi)
{
  dir_value x = dir_reg_value (fn, phi->dest);
  dir_value s = add->ops[0] == x ? add->ops[1]
		: add->ops[1] == x ? add->ops[0] : dir_value ();
  return s.imm_p () && (int64_t) s.imm > 0 ? s : dir_value ();
}

/* Whether the way into the loop from PRE passes a signed test INIT <
   BOUND that it takes only when true: PRE or a block before it of a
   single predecessor ends in that branch.  */

bool
entered_below (const dir_func *fn, dir_block *pre, dir_value init,
	       dir_value bound)
{
  dir_block *to = pre;
  for (int k = 0; k < 4 && to->preds.size () == 1; k++)
    {
      dir_block *from = to->preds[0];
      const dir_insn *br = from->terminator ();
      if (br && br->op == DOP_CBR)
	{
	  dir_cond c;
	  dir_value lo, hi;
	  if (!branch_test (fn, br, to, &c, &lo, &hi))
	    return false;
	  if (c == DC_GT)
	    std::swap (lo, hi), c = DC_LT;
	  return c == DC_LT && same_value (fn, lo, init)
		 && same_value (fn, hi, bound);
	}
      to = from;
    }
  return false;
}

/* A loop of one entry edge from PRE and one back edge from LATCH, which
   ends in the conditional branch that decides whether to go on.  */

bool
loop_ok (const dir_loop &l, dir_block **pre, dir_block **latch)
{
  *pre = *latch = nullptr;
  for (dir_block *p : l.header->preds)
    {
      bool inside = std::find (l.blocks.begin (), l.blocks.end (), p)
		    != l.blocks.end ();
      dir_block *&slot = inside ? *latch : *pre;
      if (slot)
	return false;
      slot = p;
    }
  if (!*pre || !*latch)
    return false;
  const dir_insn *t = (*latch)->terminator ();
  return t && t->op == DOP_CBR;
}

/* Whether PHI of LOOP's header is X = [PRE: init], [LATCH: X + S] with
   a constant S > 0, the latch going on only while X + S < BOUND, and X
   never wrapping.  */

bool
counted (const dir_func *fn, ranges &rng, const dir_loop &l, dir_block *pre,
	 dir_block *latch, const dir_insn *phi, stepped *out)
{
  dir_type t = phi->type;
  if (t != DT_I32 && t != DT_I64)
    return false;
  dir_value init = incoming (phi, pre), next = incoming (phi, latch);
  if (!next.reg_p ())
    return false;
  const dir_insn *add = fn->regs[next.reg].def;
  if (!add || add->op != DOP_ADD)
    return false;
  dir_value s = constant_step (fn, add, phi);
  if (!s.imm_p ())
    return false;
  /* The latch's test: next < bound (or bound > next) goes on.  */
  dir_cond c;
  dir_value a, bound;
  if (!branch_test (fn, latch->terminator (), l.header, &c, &a, &bound))
    return false;
  if (bound == next)
    {
      /* bound > next is next < bound.  */
      std::swap (a, bound);
      c = swapped_cond (c);
    }
  if (a != next)
    return false;
  /* next <= K is next < K + 1.  */
  if ((c == DC_LE || c == DC_ULE) && bound.imm_p ()
      && (int64_t) bound.imm >= 0 && (__int128) (int64_t) bound.imm < smax_of (t))
    {
      bound = dir_imm (t, (int64_t) bound.imm + 1);
      c = c == DC_LE ? DC_LT : DC_ULT;
    }
  /* Going on while next != bound by steps of 1 is going on while
     next < bound when they cannot overflow (nsw: from an init at or
     above the bound the loop would overflow), or when the loop is only
     entered with init < bound (X counts up to the bound and stops).  */
  if (c == DC_NE && (int64_t) s.imm == 1
      && ((add->flags & DIF_NSW) || entered_below (fn, pre, init, bound)))
    c = DC_LT;
  if (c != DC_LT && c != DC_ULT)
    return false;
  if (bound.reg_p ())
    {
      const dir_insn *bd = fn->regs[bound.reg].def;
      if (!bd || std::find (l.blocks.begin (), l.blocks.end (), bd->bb)
		 != l.blocks.end ())
	return false;
    }
  /* X starts non-negative.  Then X + S wraps around (as the unsigned
     value the divisions read) only after the loop went on with an X + S
     that overflowed the signed type, 2^31 / S iterations earlier: the
     stepped values are exact in every run in which the loop's iteration
     numbers stay within the type, the only runs in which GCC's lowering
     of the nest is right.  */
  if (rng.of (init).lo < 0)
    return false;
  /* An unsigned test goes on with any X below BOUND: with BOUND within
     the signed type, X + S cannot wrap around.  */
  if (c == DC_ULT && (rng.of (bound).lo < 0 || rng.of (bound).hi > smax_of (t)))
    return false;
  *out = stepped ();
  out->reg = phi->dest;
  out->init = init;
  out->kind = stepped::CONSTANT;
  out->step = s;
  out->bound = bound;
  out->cond = c;
  return true;
}

/* Whether X's division by C inside loop L may be stepped: C is a
   constant or a register the loop does not change; the step is below C
   if it is a register; and if C may be 0, computing the first quotient
   before the loop traps only where the loop's first iteration would:
   the division is in the header and the block before it always enters
   it.  */

bool
divisor_ok (const dir_func *fn, ranges &rng, bool cheap_const,
	    const dir_loop &l, dir_block *pre, const stepped &x,
	    const dir_insn *div)
{
  dir_value c = div->ops[1];
  if (c.reg_p ())
    {
      const dir_insn *d = fn->regs[c.reg].def;
      if (!d || in_loop (l, d->bb))
	return false;
    }
  range rc = rng.of (c);
  if ((c.imm_p () && (c.imm == 1 || cheap_const))
      || x.kind == stepped::OTHER)
    return false;
  if (rc.lo >= 1
      || std::find (x.hoist_blocks.begin (), x.hoist_blocks.end (),
		   div->bb) != x.hoist_blocks.end ())
    return true;
  const dir_insn *t = pre->terminator ();
  return t->op == DOP_BR && div->bb == l.header;
}

/* A new phi of type T in WHERE with the incoming values IN (an empty
   value is filled in later, when the latch has computed it).  */

dir_insn *
new_phi (dir_func *fn, dir_block *where, dir_type t,
	 std::initializer_list<std::pair<dir_block *, dir_value>> in)
{
  dir_insn *p = dir_new_insn (fn, DOP_PHI, t);
  p->dest = dir_new_reg (fn, t);
  for (auto &[from, v] : in)
    {
      p->targets.push_back (from);
      p->ops.push_back (v);
    }
  dir_add_phi (where, p);
  fn->regs[p->dest].def = p;
  return p;
}

/* Whether V is the same in every vector lane of a worker: it is
   computed from constants, parameters, the gang and worker positions
   and sizes, and loads of such addresses that are not a thread's own
   slot.  */

bool
lane_free (const dir_func *fn, const dir_value &v, int depth)
{
  if (!v.reg_p ())
    return true;
  const dir_insn *d = fn->regs[v.reg].def;
  if (!d || depth > 24)
    return false;
  switch (d->op)
    {
    case DOP_PARAM:
    case DOP_DIM_SIZE:
    case DOP_ADDR_GLOBAL:
      return true;
    case DOP_DIM_POS:
      return d->axis != DA_VECTOR;
    case DOP_LOAD:
      return !(d->flags & (DIF_VOLATILE | DIF_ATOMIC))
	     && lane_free (fn, d->ops[0], depth + 1);
    case DOP_PHI:
    case DOP_ADDR_LOCAL:
    case DOP_CALL:
    case DOP_DCALL:
      return false;
    default:
      if (dir_op_table[d->op].cls != DOC_VALUE
	  && dir_op_table[d->op].cls != DOC_CMP)
	return false;
      for (const dir_value &o : d->ops)
	if (!lane_free (fn, o, depth + 1))
	  return false;
      return true;
    }
}

/* If INIT is a vector lane's position plus a value the lanes share, or
   the position alone, return its definition and set *LK to the
   position's operand (-1 for the position alone); else null.  */

const dir_insn *
lane_start (const dir_func *fn, const dir_value &init, int *lk)
{
  const dir_insn *ini = init.reg_p () ? fn->regs[init.reg].def : nullptr;
  *lk = -1;
  if (!ini)
    return nullptr;
  if (ini->op == DOP_DIM_POS && ini->axis == DA_VECTOR)
    return ini;
  if (ini->op != DOP_ADD)
    return nullptr;
  for (int k = 0; k < 2; k++)
    {
      const dir_insn *p = ini->ops[k].reg_p ()
			  ? fn->regs[ini->ops[k].reg].def : nullptr;
      if (p && p->op == DOP_DIM_POS && p->axis == DA_VECTOR)
	*lk = k;
    }
  return *lk >= 0 && lane_free (fn, ini->ops[1 - *lk], 0) ? ini : nullptr;
}

bool
clean_up (dir_func *fn, bool changed)
{
  if (changed)
    {
      propagate_copies (fn);
      remove_dead (fn);
    }
  return changed;
}

} // namespace gw_steps
