/* step-indices: step the indices of collapsed loops instead of dividing.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   plugin/ir/ir.h.

   What: GCC lowers `collapse(N)` (and `tile`) to one loop over a linear
   iteration number X and recovers the original indices in every
   iteration by dividing: i = X % NI, T = X / NI, j = T % NJ, k = T / NJ.
   Each thread's chunk of a partitioned loop steps X by a constant (the
   vector length, or 1), so the indices can be stepped instead: the
   quotient and remainder of the first X are computed once before the
   loop, and each iteration adds the step to the remainder, subtracts the
   divisor when it overflows and carries one into the quotient.  The
   quotient is itself a stepped value (by 0 or 1 per iteration, or the
   step's quotient and a carry), so the next level's division of it steps
   the same way.  No division is left in the loop.

   Two things are recognized:

   - the identity urem(X, C) + udiv(X, C) * C = X, found in the linear
     form of any sum (a subscript of the nest's own shape, `a[k][j][i]`
     or `a[(k * NJ + j) * NI + i]`, whatever order GCC added the terms
     in): the sum is rebuilt from X, which is affine in the vector lane,
     so the targets see a contiguous access;
   - in a loop whose header has a phi X = [init, X + S] with a constant
     S > 0, whose latch continues only while X + S < BOUND (BOUND
     invariant) and where a range analysis proves init >= 0, each
     `udiv X, C` and `urem X, C` by a C the loop does not change becomes
     a stepped quotient and remainder (phis of the header), and each
     `sext X` a 64-bit phi of its own.  These are exact as long as X + S
     does not overflow the signed type while the loop goes on, which is
     what GCC's lowering assumes too (counted () says why).

   Requires: nothing; runs first, on the captured function.
   Guarantees: the CFG is unchanged; every rewritten udiv/urem is a copy
   of the stepped value (uses inside the loop read the phi itself);
   instructions left without uses by the rewrite are removed.  */

#include "passes.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace {

/* A closed interval of the signed values of an integer register.  */
struct range
{
  __int128 lo, hi;
};

__int128
smax_of (dir_type t)
{
  return ((__int128) 1 << (dir_type_bytes (t) * 8 - 1)) - 1;
}

range
full (dir_type t)
{
  if (t == DT_B1)
    return { 0, 1 };
  return { -smax_of (t) - 1, smax_of (t) };
}

/* Signed ranges of integer registers, from their definitions: enough to
   see that the chunk bounds GCC computes from gang and vector positions
   are small and non-negative.  */
class ranges
{
public:
  explicit ranges (const dir_func *f) : fn (f) {}

  range of (const dir_value &v, int depth = 0)
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

private:
  const dir_func *fn;
  std::map<uint32_t, range> memo;

  range clamp (range r, dir_type t, bool exact)
  {
    range f = full (t);
    if (r.lo >= f.lo && r.hi <= f.hi)
      return r;
    /* A nsw result is the exact value, which the type holds: clamp.  */
    if (exact)
      return { std::max (r.lo, f.lo), std::min (r.hi, f.hi) };
    return f;
  }

  range compute (uint32_t reg, int depth)
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
};

/* A value that steps exactly: in each iteration of its loop it is INIT
   plus the sum of the steps so far, never wrapping.  The step, what the
   latch adds, is a constant (STEP), or K + CARRY for a K the loop does
   not change and a b1 register CARRY (the quotient of a stepped value:
   STEP is then the register holding the sum), or of no form this pass
   divides further.  */
struct stepped
{
  enum kind_t { CONSTANT, CARRY, OTHER } kind = OTHER;
  uint32_t reg = DIR_NOREG;	/* The header's phi.  */
  dir_value init;
  dir_value step;
  dir_value k, carry;
};

class stepper
{
public:
  stepper (dir_func *f, bool cheap) : fn (f), rng (f), cheap_const (cheap)
  {}
  bool run ();

private:
  dir_func *fn;
  ranges rng;
  bool cheap_const;		/* Step divisions by registers only.  */
  std::vector<std::vector<dir_insn *>> uses;

  bool loop_ok (const dir_loop &, dir_block **pre, dir_block **latch);
  bool counted (const dir_loop &, dir_block *pre, dir_block *latch,
		dir_insn *phi, stepped *out);
  void divide (const dir_loop &, dir_block *pre, dir_block *latch,
	       const stepped &x, dir_value c, std::vector<stepped> *work);
  bool divisor_ok (const dir_loop &, dir_block *pre, const stepped &x,
		   const dir_insn *div);
  static bool in_loop (const dir_loop &l, const dir_block *b)
  {
    return std::find (l.blocks.begin (), l.blocks.end (), b)
	   != l.blocks.end ();
  }
  bool widen (const dir_loop &, dir_block *pre, dir_block *latch,
	      const stepped &x);
  dir_value incoming (dir_insn *phi, dir_block *from);
};

dir_value
stepper::incoming (dir_insn *phi, dir_block *from)
{
  for (size_t k = 0; k < phi->targets.size (); k++)
    if (phi->targets[k] == from)
      return phi->ops[k];
  return dir_value ();
}

/* A loop of one entry edge from PRE and one back edge from LATCH, which
   ends in the conditional branch that decides whether to go on.  */

bool
stepper::loop_ok (const dir_loop &l, dir_block **pre, dir_block **latch)
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
stepper::counted (const dir_loop &l, dir_block *pre, dir_block *latch,
		  dir_insn *phi, stepped *out)
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
  dir_value x = dir_reg_value (fn, phi->dest);
  dir_value s;
  if (add->ops[0] == x)
    s = add->ops[1];
  else if (add->ops[1] == x)
    s = add->ops[0];
  if (!s.imm_p () || (int64_t) s.imm <= 0)
    return false;
  /* The latch's test: next < bound (or bound > next) goes on.  */
  const dir_insn *br = latch->terminator ();
  if (!br->ops[0].reg_p ())
    return false;
  const dir_insn *cmp = fn->regs[br->ops[0].reg].def;
  if (!cmp || cmp->op != DOP_CMP || cmp->type != t)
    return false;
  bool go_on_true = br->targets[0] == l.header;
  if (!go_on_true && br->targets[1] != l.header)
    return false;
  dir_cond c = cmp->pred;
  dir_value bound;
  if (cmp->ops[0] == next)
    bound = cmp->ops[1];
  else if (cmp->ops[1] == next)
    {
      bound = cmp->ops[0];
      /* bound > next is next < bound.  */
      static const dir_cond swap[] = { DC_EQ, DC_NE, DC_GT, DC_GE, DC_LT,
				       DC_LE, DC_UGT, DC_UGE, DC_ULT,
				       DC_ULE };
      if (c > DC_UGE)
	return false;
      c = swap[c];
    }
  else
    return false;
  if (!go_on_true)
    {
      /* Going on when !(next >= bound) is next < bound, and when
	 !(next > bound) it is next <= bound.  */
      static const dir_cond inverse[] = { DC_NE, DC_EQ, DC_GE, DC_GT,
					  DC_LE, DC_LT, DC_UGE, DC_UGT,
					  DC_ULE, DC_ULT };
      if (c > DC_UGE)
	return false;
      c = inverse[c];
    }
  /* next <= K is next < K + 1.  */
  if ((c == DC_LE || c == DC_ULE) && bound.imm_p ()
      && (int64_t) bound.imm >= 0 && (__int128) (int64_t) bound.imm < smax_of (t))
    {
      bound = dir_imm (t, (int64_t) bound.imm + 1);
      c = c == DC_LE ? DC_LT : DC_ULT;
    }
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
  else if (x.kind == stepped::CONSTANT)
    {
      add_r = b.def (DOP_UREM, t, { x.step, c });
      add_q = b.def (DOP_UDIV, t, { x.step, c });
      next_kind = stepped::CARRY;
    }
  else if (x.k.imm_p () && rng.of (c).lo > (int64_t) x.k.imm + 1)
    {
      /* K + CARRY is below C: it is its own remainder.  */
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
  auto phi = [&] (dir_value init) {
    dir_insn *p = dir_new_insn (fn, DOP_PHI, t);
    p->dest = dir_new_reg (fn, t);
    p->ops = { init, dir_value () };
    p->targets = { pre, latch };
    dir_add_phi (l.header, p);
    fn->regs[p->dest].def = p;
    return p;
  };
  dir_insn *qphi = phi (q0), *rphi = phi (r0);
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
  work->push_back (quo);
}

/* Whether X's division by C inside loop L may be stepped: C is a
   constant or a register the loop does not change; the step is below C
   if it is a register; and if C may be 0, computing the first quotient
   before the loop traps only where the loop's first iteration would:
   the division is in the header and the block before it always enters
   it.  */

bool
stepper::divisor_ok (const dir_loop &l, dir_block *pre, const stepped &x,
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
  if (rc.lo >= 1)
    return true;
  const dir_insn *t = pre->terminator ();
  return t->op == DOP_BR && div->bb == l.header;
}

/* A counted i32 X never wraps (it stays in [0, 2^31): sext and zext
   agree), so sext (X) steps as a 64-bit value of its own: make it a phi, so that addresses computed from it are affine
   in X (a vector lane's X is its position plus a uniform value: the
   targets then see a contiguous access).  */

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
  dir_insn *p = dir_new_insn (fn, DOP_PHI, DT_I64);
  p->dest = dir_new_reg (fn, DT_I64);
  p->targets = { pre, latch };
  dir_add_phi (l.header, p);
  fn->regs[p->dest].def = p;
  dir_value wide = dir_reg_value (fn, p->dest);
  dir_builder e (fn, latch, latch->insns.size () - 1);
  dir_value next = e.def (DOP_ADD, DT_I64,
			  { wide, dir_imm (DT_I64, (int64_t) x.step.imm) });
  e.bb->insns[e.pos - 1]->flags |= DIF_NSW;
  p->ops = { init, next };
  for (dir_insn *i : exts)
    dir_make_copy (i, wide);
  return true;
}

bool
stepper::run ()
{
  dir_fill_cfg (fn);
  std::vector<bool> all (fn->blocks.size (), true);
  std::vector<int> innermost;
  std::vector<dir_loop> loops = dir_find_loops (fn, all, &innermost);
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
	  if (counted (l, pre, latch, phi, &s))
	    work.push_back (s);
	}
      if (work.empty ())
	continue;
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
		&& in_loop (l, i->bb) && divisor_ok (l, pre, x, i)
		&& std::find (divisors.begin (), divisors.end (), i->ops[1])
		   == divisors.end ())
	      divisors.push_back (i->ops[1]);
	  for (dir_value c : divisors)
	    {
	      divide (l, pre, latch, x, c, &work);
	      changed = true;
	    }
	}
    }
  return changed;
}

/* Linear forms of integer expressions: sums of registers times
   coefficients plus a constant, in the modular arithmetic of the
   expression's type.  A coefficient is a constant times a product of
   registers (the extents of a nest known at run time).  A term is a
   register, zero-extended to the form's type if narrower (the digits
   udiv and urem give are non-negative, so their sign and zero extensions
   agree).  */

struct monomial
{
  uint64_t k = 0;
  std::vector<uint32_t> regs;	/* Sorted.  */

  monomial times (const monomial &o) const
  {
    monomial m;
    m.k = k * o.k;
    m.regs = regs;
    m.regs.insert (m.regs.end (), o.regs.begin (), o.regs.end ());
    std::sort (m.regs.begin (), m.regs.end ());
    return m;
  }
};

struct linear
{
  std::map<uint32_t, monomial> terms;	/* Register -> coefficient.  */
  std::vector<uint32_t> mixed;	/* Terms of several monomials.  */
  uint64_t constant = 0;
  bool unknown = false;		/* A coefficient's register has no
				   definition the rebuilt sum could use.  */

  void add (uint32_t reg, const monomial &c)
  {
    auto it = terms.find (reg);
    if (it == terms.end ())
      terms[reg] = c;
    else if (it->second.regs == c.regs)
      it->second.k += c.k;
    else
      mixed.push_back (reg);
  }
};

class recombiner
{
public:
  explicit recombiner (dir_func *f) : fn (f)
  {
    for (dir_block *b : fn->blocks)
      for (dir_insn *i : b->insns)
	if (digit_p (i) && i->op == DOP_UDIV)
	  quotient[{ i->ops[0].reg, i->ops[1] }] = i->dest;
  }
  bool run ();

private:
  dir_func *fn;
  /* (X, C) -> the register of udiv X, C.  */
  struct key_less
  {
    bool operator() (const std::pair<uint32_t, dir_value> &a,
		     const std::pair<uint32_t, dir_value> &b) const
    {
      return std::make_tuple (a.first, a.second.kind, a.second.reg,
			      a.second.imm)
	     < std::make_tuple (b.first, b.second.kind, b.second.reg,
				b.second.imm);
    }
  };
  std::map<std::pair<uint32_t, dir_value>, uint32_t, key_less> quotient;

  const dir_insn *def (const dir_value &v) const
  {
    return v.reg_p () ? fn->regs[v.reg].def : nullptr;
  }
  /* udiv or urem of a register by a constant of at least 2 or by a
     register.  */
  static bool digit_p (const dir_insn *d)
  {
    return d && (d->op == DOP_UDIV || d->op == DOP_UREM)
	   && d->ops[0].reg_p ()
	   && (d->ops[1].reg_p ()
	       || (d->ops[1].imm_p () && (int64_t) d->ops[1].imm >= 2));
  }
  bool has_digits (const dir_value &v, int depth) const;
  void collect (const dir_value &v, const monomial &c, linear *f,
		int depth);
  bool merge (linear *f);
  dir_value rebuild (dir_builder &b, const linear &f, dir_type t);
};

/* Whether V is computed from digits by the operations collect walks.  */

bool
recombiner::has_digits (const dir_value &v, int depth) const
{
  const dir_insn *d = def (v);
  if (!d || depth > 8)
    return false;
  if (digit_p (d))
    return true;
  switch (d->op)
    {
    case DOP_ADD: case DOP_SUB: case DOP_MUL:
      return has_digits (d->ops[0], depth + 1)
	     || has_digits (d->ops[1], depth + 1);
    case DOP_COPY: case DOP_SHL:
      return has_digits (d->ops[0], depth + 1);
    default:
      return false;
    }
}

/* Add C times V, a value of the form's type, to F.  */

void
recombiner::collect (const dir_value &v, const monomial &c, linear *f,
		     int depth)
{
  if (v.imm_p ())
    {
      if (!c.regs.empty ())
	f->unknown = true;
      f->constant += c.k * v.imm;
      return;
    }
  const dir_insn *d = def (v);
  if (d && depth < 16)
    switch (d->op)
      {
      case DOP_COPY:
	collect (d->ops[0], c, f, depth + 1);
	return;
      case DOP_ADD:
	collect (d->ops[0], c, f, depth + 1);
	collect (d->ops[1], c, f, depth + 1);
	return;
      case DOP_SUB:
	{
	  collect (d->ops[0], c, f, depth + 1);
	  monomial n = c;
	  n.k = -n.k;
	  collect (d->ops[1], n, f, depth + 1);
	  return;
	}
      case DOP_MUL:
	for (int k = 0; k < 2; k++)
	  {
	    const dir_value &m = d->ops[k], &o = d->ops[1 - k];
	    monomial by;
	    if (m.imm_p ())
	      by.k = m.imm;
	    else if (m.reg_p () && m.type == o.type && has_digits (o, 0)
		     && !has_digits (m, 0))
	      {
		by.k = 1;
		by.regs = { m.reg };
	      }
	    else
	      continue;
	    collect (o, c.times (by), f, depth + 1);
	    return;
	  }
	break;
      case DOP_SHL:
	if (d->ops[1].imm_p () && d->ops[1].imm < 64)
	  {
	    monomial by;
	    by.k = UINT64_C (1) << d->ops[1].imm;
	    collect (d->ops[0], c.times (by), f, depth + 1);
	    return;
	  }
	break;
      case DOP_SEXT:
      case DOP_ZEXT:
	/* Widening a digit: the digit itself.  */
	if (digit_p (def (d->ops[0])))
	  {
	    f->add (d->ops[0].reg, c);
	    return;
	  }
	break;
      default:
	break;
      }
  f->add (v.reg, c);
}

/* Replace A * urem (X, C) + A * C * udiv (X, C) by A * X in F, as often
   as it applies (a digit's quotient may be the sum of the next digits).
   Return whether it did.  */

bool
recombiner::merge (linear *f)
{
  bool any = false, again = true;
  while (again)
    {
      again = false;
      for (auto &[reg, a] : f->terms)
	{
	  const dir_insn *d = fn->regs[reg].def;
	  if (a.k == 0 || !digit_p (d) || d->op != DOP_UREM
	      || std::find (f->mixed.begin (), f->mixed.end (), reg)
		 != f->mixed.end ())
	    continue;
	  auto q = quotient.find ({ d->ops[0].reg, d->ops[1] });
	  if (q == quotient.end ())
	    continue;
	  auto t = f->terms.find (q->second);
	  monomial by;
	  if (d->ops[1].imm_p ())
	    by.k = d->ops[1].imm;
	  else
	    {
	      by.k = 1;
	      by.regs = { d->ops[1].reg };
	    }
	  monomial want = a.times (by);
	  if (t == f->terms.end () || t->second.k != want.k
	      || t->second.regs != want.regs
	      || std::find (f->mixed.begin (), f->mixed.end (), q->second)
		 != f->mixed.end ())
	    continue;
	  uint32_t x = d->ops[0].reg;
	  monomial coeff = a;
	  f->terms.erase (t);
	  f->terms.erase (reg);
	  f->add (x, coeff);
	  any = again = true;
	  break;
	}
    }
  return any && f->mixed.empty () && !f->unknown;
}

/* Emit F, of type T, with B.  */

dir_value
recombiner::rebuild (dir_builder &b, const linear &f, dir_type t)
{
  dir_value sum;
  for (auto &[reg, a] : f.terms)
    {
      if (a.k == 0)
	continue;
      dir_value v = dir_reg_value (fn, reg);
      if (v.type != t)
	v = b.def (DOP_ZEXT, t, { v });
      for (uint32_t r : a.regs)
	{
	  dir_value m = dir_reg_value (fn, r);
	  if (m.type != t)
	    m = b.def (DOP_SEXT, t, { m });
	  v = b.def (DOP_MUL, t, { v, m });
	}
      if (a.k != 1)
	v = b.def (DOP_MUL, t, { v, dir_imm (t, (int64_t) a.k) });
      sum = sum.kind == dir_value::NONE ? v : b.def (DOP_ADD, t, { sum, v });
    }
  uint64_t k = f.constant;
  if (t == DT_I32)
    k = (uint64_t) (int64_t) (int32_t) k;
  if (sum.kind == dir_value::NONE)
    return dir_imm (t, (int64_t) k);
  if (k != 0)
    sum = b.def (DOP_ADD, t, { sum, dir_imm (t, (int64_t) k) });
  return sum;
}

/* Rewrite every sum whose linear form holds the digits of a number
   (its remainder and quotient by C, weighted A and A * C) with the
   number instead: (k * NJ + j) * NI + i, over a nest that GCC split as
   i = X % NI, j = X / NI % NJ, k = X / NI / NJ, is X.  */

bool
recombiner::run ()
{
  if (quotient.empty ())
    return false;
  bool changed = false;
  for (dir_block *b : fn->blocks)
    for (size_t n = 0; n < b->insns.size (); n++)
      {
	dir_insn *i = b->insns[n];
	if ((i->op != DOP_ADD && i->op != DOP_SUB)
	    || (i->type != DT_I32 && i->type != DT_I64))
	  continue;
	linear f;
	monomial one;
	one.k = 1;
	collect (dir_reg_value (fn, i->dest), one, &f, 0);
	if (!merge (&f))
	  continue;
	dir_builder bld (fn, b, n);
	bld.loc = i->loc;
	dir_value v = rebuild (bld, f, i->type);
	n = bld.pos;
	dir_make_copy (i, v);
	changed = true;
      }
  return changed;
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

bool
gw_step_indices (dir_func *fn, const gw_pass_context &ctx)
{
  recombiner r (fn);
  bool changed = r.run ();
  if (changed)
    {
      propagate_copies (fn);
      remove_dead (fn);
    }
  stepper s (fn, ctx.cheap_constant_division);
  changed |= s.run ();
  if (changed)
    {
      propagate_copies (fn);
      remove_dead (fn);
    }
  return changed;
}
