/* step-indices: step the indices of collapsed loops instead of dividing.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

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

   In order:

   - the identity urem(X, C) + udiv(X, C) * C = X, found in the linear
     form of any sum (digits.cc): a subscript of the nest's own shape,
     `a[k][j][i]` or `a[(k * NJ + j) * NI + i]`, becomes X, affine in the
     vector lane, so the targets see a contiguous access;
   - narrow: a vector loop's counter that GCC's induction variable
     optimizations made 64 bits wide (tested as a truncation) becomes
     the 32-bit counter it was (narrow () says when), so that rows can
     align its lanes;
   - rows: a vector loop whose lanes take consecutive numbers (a shared U
     plus the lane's position, stepping by the vector length) has its
     lanes aligned with the rows of the nest instead (rows () shows the
     rewrite): the row is then the same in every lane and the column is
     the lane's position plus a shared one, so the divisions are gone and
     a subscript such as `state[ll][k + 2][i + 2]` is contiguous too; a
     row's whole vectors run in a copy of the body with every lane busy,
     its last columns in the body itself; a vector loop whose number no
     division reads is one segment of its chunk, run the same way; a
     loop of one lane (a gang loop) that divides runs each row's
     segment as a loop of its own, the nest as it was written;
   - in a loop whose header has a phi X = [init, X + S] with a constant
     S > 0, whose latch continues only while X + S < BOUND (BOUND
     invariant; or while X + S != BOUND, with S = 1 and an add that
     cannot overflow or a way into the loop only past a signed test
     init < BOUND: GCC's gang loops) and where a range analysis
     proves init >= 0, each `udiv X, C` and `urem X, C` by a C the loop
     does not change becomes
     a stepped quotient and remainder (phis of the header), and each
     `sext X` a 64-bit phi of its own.  These are exact as long as X + S
     does not overflow the signed type while the loop goes on, which is
     what GCC's lowering assumes too (counted () says why).  The rows'
     quotients step the same way.  A target that divides by constants
     cheaply (gw_pass_context) has only divisions by registers stepped.

   Requires: nothing; runs first, on the captured function.
   Guarantees: every rewritten udiv/urem is a copy of the stepped value
   (uses inside the loop read the phi itself); instructions left without
   uses by the rewrite are removed.  Rows adds blocks (each rewritten
   loop's body, its copy for whole vectors, the tail's loop and the next
   row's latch).  */

#include "passes.h"

#include <algorithm>
#include <map>

namespace {

/* The most instructions of a vector loop's body that rows copies for
   the full vectors of a row.  */
const size_t max_full_copy = 400;

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
  dir_value bound;		/* CONSTANT: the latch goes on while the
				   next value is below BOUND ...  */
  dir_cond cond = DC_LT;	/* ... by this comparison.  */
  /* Dividing before the loop traps only where the loop would have, for
     a division in these blocks: the header's code, moved there by rows
     (the tail's block and the full vectors' copy of it), of a loop that
     the block before it always entered.  */
  std::vector<dir_block *> hoist_blocks;
};

class stepper
{
public:
  stepper (dir_func *f, bool cheap, bool simd)
    : fn (f), rng (f), cheap_const (cheap), simd_lanes (simd) {}
  bool run ();

private:
  dir_func *fn;
  ranges rng;
  bool cheap_const;		/* Step divisions by registers only.  */
  bool simd_lanes;		/* Align vector lanes with rows.  */
  std::vector<std::vector<dir_insn *>> uses;

  bool loop_ok (const dir_loop &, dir_block **pre, dir_block **latch);
  bool counted (const dir_loop &, dir_block *pre, dir_block *latch,
		dir_insn *phi, stepped *out);
  bool entered_below (dir_block *pre, dir_value init, dir_value bound);
  void divide (const dir_loop &, dir_block *pre, dir_block *latch,
	       const stepped &x, dir_value c, std::vector<stepped> *work);
  bool divisor_ok (const dir_loop &, dir_block *pre, const stepped &x,
		   const dir_insn *div);
  static bool in_loop (const dir_loop &l, const dir_block *b)
  {
    return std::find (l.blocks.begin (), l.blocks.end (), b)
	   != l.blocks.end ();
  }
  dir_insn *new_phi (dir_block *where, dir_type t,
		     std::initializer_list<std::pair<dir_block *, dir_value>>
		       in);
  bool lane_free (const dir_value &v, int depth) const;
  bool rows (const dir_loop &, dir_block *pre, dir_block *latch,
	     const stepped &x);
  bool narrow (const dir_loop &, dir_block *pre, dir_block *latch,
	       dir_insn *phi);
  const dir_insn *lane_start (const dir_value &init, int *lk) const;
  /* Phis made by rows: the quotients, which step by their carry.  */
  std::map<uint32_t, stepped> known;
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

/* The step S > 0 of ADD = PHI + S, a constant; none if ADD is not that.  */

dir_value
constant_step (const dir_func *fn, const dir_insn *add, const dir_insn *phi)
{
  dir_value x = dir_reg_value (fn, phi->dest);
  dir_value s = add->ops[0] == x ? add->ops[1]
		: add->ops[1] == x ? add->ops[0] : dir_value ();
  return s.imm_p () && (int64_t) s.imm > 0 ? s : dir_value ();
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

/* Whether the way into the loop from PRE passes a signed test INIT <
   BOUND that it takes only when true: PRE or a block before it of a
   single predecessor ends in that branch.  */

bool
stepper::entered_below (dir_block *pre, dir_value init, dir_value bound)
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
      && ((add->flags & DIF_NSW) || entered_below (pre, init, bound)))
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
  dir_insn *qphi = new_phi (l.header, t, { { pre, q0 }, { latch, {} } });
  dir_insn *rphi = new_phi (l.header, t, { { pre, r0 }, { latch, {} } });
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

/* A new phi of type T in WHERE with the incoming values IN (an empty
   value is filled in later, when the latch has computed it).  */

dir_insn *
stepper::new_phi (dir_block *where, dir_type t,
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
  if (rc.lo >= 1
      || std::find (x.hoist_blocks.begin (), x.hoist_blocks.end (),
		   div->bb) != x.hoist_blocks.end ())
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
  dir_insn *p = new_phi (l.header, DT_I64, { { pre, init }, { latch, {} } });
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

/* Whether V is the same in every vector lane of a worker: it is
   computed from constants, parameters, the gang and worker positions
   and sizes, and loads of such addresses that are not a thread's own
   slot.  */

bool
stepper::lane_free (const dir_value &v, int depth) const
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
	     && lane_free (d->ops[0], depth + 1);
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
	if (!lane_free (o, depth + 1))
	  return false;
      return true;
    }
}

/* If INIT is a vector lane's position plus a value the lanes share, or
   the position alone, return its definition and set *LK to the
   position's operand (-1 for the position alone); else null.  */

const dir_insn *
stepper::lane_start (const dir_value &init, int *lk) const
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
  return *lk >= 0 && lane_free (ini->ops[1 - *lk], 0) ? ini : nullptr;
}

/* GCC's induction variable optimizations widen a vector loop's counter
   to 64 bits: X = [sext I, X + S] with the latch testing trunc (X + S)
   against a 32-bit bound.  As long as X + S stays within the signed
   32-bit range, which is what the source's `int` loop assumes, that is
   the 32-bit counter X32 = [I, X32 + S] tested directly, and X is
   sext X32: make it so, on a SIMD target, for a loop whose lanes start
   at their position (rows can then align them).  */

bool
stepper::narrow (const dir_loop &l, dir_block *pre, dir_block *latch,
		 dir_insn *phi)
{
  if (!simd_lanes || phi->type != DT_I64)
    return false;
  /* Only a loop rows may rewrite: it leaves only from its latch.  */
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
  if (!lane_start (i32, &lk) || rng.of (i32).lo < 0)
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
  dir_insn *p32 = new_phi (l.header, DT_I32, { { pre, i32 },
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

/* The innermost dimension of a collapsed nest becomes the SIMD
   dimension.  X, a vector loop's iteration number, starts at a value U
   the lanes share plus the lane's position and steps by the vector
   length VL: the lanes take consecutive numbers, which straddle the
   rows of the nest (the runs of NI numbers with one quotient by NI).
   Rewritten, the lanes share a position U in the nest, its row Q and
   column R, and take the columns of that row only: the loop runs the
   row's segment in the chunk, SEG numbers from U, VL at a time, and then
   starts the next row.  Then X / NI is Q, the same in every lane, and
   X % NI is R + J + lane, affine in it, so a subscript of the nest's
   shape is contiguous.  The segment's whole vectors run in a copy of the
   body (@F) in which every lane is busy, so that a SIMD target needs no
   mask there; its last numbers, fewer than VL, run in the body itself,
   the lanes past the end idle (fewer than VL are left after the whole
   vectors: the tail runs once):

     @pre:  ...                          @pre: r0 = U % NI, q0 = U / NI
     @H:  x = phi [U + lane], [next]     @H:  u, q, r = phi ...
	  body (x / NI, x % NI)                seg = umin (NI - r, B - u)
	  next = x + VL                        cbr seg >= VL, @F, @T
	  cbr next < B, @H, @exit        @F:  j = phi [0], [j + VL]
					      body (q, r + j + lane)
					      cbr j + VL <= seg - VL, @F, @T
					 @T:  jt = phi [0], [j + VL]
					      cbr jt < seg, @TB, @NL
					 @TB: cbr lane < seg - jt, @body, @NLT
					 @body: body (q, r + jt + lane)
					 @NLT: br @NL
					 @NL: u' = u + seg, r' = r + seg
					      carry: r' == NI (r' = 0, q + 1)
					      cbr u' < B, @H, @exit

   The lanes that entered the loop are those with U + lane < B; each
   segment stays below B, so every lane @F runs and every lane @TB keeps
   is one of them.  A body of more than max_full_copy instructions, or
   with a convergent one, is not copied (@H goes to @T), and then the
   tail is a loop over the whole segment (@NLT: br @T (jt + VL), a phi
   input of @T).

   Requires a loop whose only header phi is X, whose only exit is its
   latch and whose values no code after it reads (a reduction's
   accumulator or a second induction variable would follow the vector
   iterations, which the rewrite changes: such loops are only stepped).
   Q is then a stepped value of this pass (a quotient stepping by its
   carry), whose own division steps too.

   A loop of one lane (X steps by 1 from a value every lane shares: a
   gang loop, or a vector loop of vector length 1) is rewritten the same
   way, its segment being a loop of its own in which the row is
   invariant and the column steps by 1, so that the target's compiler
   sees the inner loop of the nest it was written as:

     @H:  u, q, r = phi ...              (as above)
	  seg = umin (NI - r, B - u)
	  br @body
     @body: j = phi [@H: 0], [@NJ: j + 1]
	  body (q, r + j)
     @NJ: cbr j + 1 < seg, @body, @NL
     @NL: (as above)

   It needs a division (one row would gain nothing) and a loop entered
   only past a signed test U < B (entered_below): every segment then
   has a number, and the body runs once at least, as it did.  */

bool
stepper::rows (const dir_loop &l, dir_block *pre, dir_block *latch,
	       const stepped &x)
{
  dir_type t = fn->regs[x.reg].type;
  if (!simd_lanes || x.kind != stepped::CONSTANT || t != DT_I32
      || !lane_free (x.bound, 0))
    return false;
  /* One lane: X steps by 1 from U.  */
  bool one = (int64_t) x.step.imm == 1 && lane_free (x.init, 0);
  int vl = one ? 1 : fn->dims[DA_VECTOR];
  if (!one && (vl <= 1 || (int64_t) x.step.imm != vl))
    return false;
  /* init = U + lane, or the lane (U = 0).  */
  int lk = -1;
  const dir_insn *ini = one ? nullptr : lane_start (x.init, &lk);
  if (!one && !ini)
    return false;
  dir_value u0 = one ? x.init : lk < 0 ? dir_imm (t, 0) : ini->ops[1 - lk];
  dir_value lane0 = one ? dir_imm (t, 0) : lk < 0 ? x.init : ini->ops[lk];
  /* X's one divisor.  */
  dir_value xv = dir_reg_value (fn, x.reg), c;
  std::vector<dir_insn *> divs;
  for (dir_insn *i : uses[x.reg])
    if ((i->op == DOP_UDIV || i->op == DOP_UREM) && i->ops[0] == xv
	&& in_loop (l, i->bb))
      {
	if (c.kind != dir_value::NONE && i->ops[1] != c)
	  return false;
	c = i->ops[1];
	divs.push_back (i);
      }
  bool in_header = true;
  for (dir_insn *i : divs)
    in_header &= i->bb == l.header;
  /* Without a division the loop is one segment (no rows).  */
  bool split = !divs.empty ();
  if (one && (!split || !entered_below (pre, x.init, x.bound)))
    return false;
  if (split && (!divisor_ok (l, pre, x, divs[0])
		|| (c.imm_p () && (int64_t) c.imm < vl) || !lane_free (c, 0)))
    return false;
  /* X is the header's only phi: another one would be an induction or an
     accumulator whose values follow the vector iterations, which the
     rewrite changes.  One exit, from the latch, and no code after the
     loop reads a value the loop computes.  */
  if (l.header->phis.size () != 1)
    return false;
  const dir_insn *br = latch->terminator ();
  dir_block *exit = br->targets[0] == l.header ? br->targets[1]
					       : br->targets[0];
  for (dir_block *b : l.blocks)
    for (dir_block *s : b->succs)
      if (!in_loop (l, s) && (b != latch || s != exit))
	return false;
  auto from_loop = [&] (const dir_value &v) {
    return v.reg_p () && fn->regs[v.reg].def
	   && in_loop (l, fn->regs[v.reg].def->bb);
  };
  for (dir_block *b : fn->blocks)
    {
      if (in_loop (l, b))
	continue;
      for (dir_insn *p : b->phis)
	for (const dir_value &v : p->ops)
	  if (from_loop (v))
	    return false;
      for (dir_insn *i : b->insns)
	for (const dir_value &v : i->ops)
	  if (from_loop (v))
	    return false;
    }
  /* The body is copied for the full vectors if it is small and holds
     nothing convergent.  */
  size_t body_insns = 0;
  bool convergent = false;
  for (dir_block *b : l.blocks)
    for (dir_insn *i : b->insns)
      {
	if (dir_op_flag (i->op, DOPF_MARKER))
	  return false;
	body_insns++;
	convergent |= dir_convergent_p (i);
      }
  bool full = !one && body_insns <= max_full_copy && !convergent;

  /* Before the loop: the lanes' shared position, its row and column.  */
  dir_block *h = l.header;
  dir_builder b (fn, pre, pre->insns.size () - 1);
  dir_value lane = lane0.type == t ? lane0 : b.def (DOP_TRUNC, t, { lane0 });
  dir_value r0, q0;
  if (split)
    {
      r0 = b.def (DOP_UREM, t, { u0, c });
      q0 = b.def (DOP_UDIV, t, { u0, c });
    }

  /* The body moves to a block of its own: with the loop's other blocks,
     the part the tail and the full vectors run.  */
  dir_block *body = dir_split_block (fn, h, 0);
  if (latch == h)
    latch = body;
  std::vector<dir_block *> inner = { body };
  for (dir_block *blk : fn->blocks)
    if (blk != h && blk != body && in_loop (l, blk))
      inner.push_back (blk);
  dir_block *tl = one ? nullptr : dir_new_block (fn);
  dir_block *tb = one ? nullptr : dir_new_block (fn);
  dir_block *nlt = dir_new_block (fn);
  dir_block *nl = split ? dir_new_block (fn) : nullptr;
  dir_value u = u0, q, r;
  dir_insn *uphi = nullptr, *qphi = nullptr, *rphi = nullptr;
  if (split)
    {
      uphi = new_phi (h, t, { { pre, u0 }, { nl, dir_value () } });
      qphi = new_phi (h, t, { { pre, q0 }, { nl, dir_value () } });
      rphi = new_phi (h, t, { { pre, r0 }, { nl, dir_value () } });
      u = dir_reg_value (fn, uphi->dest);
      q = dir_reg_value (fn, qphi->dest);
      r = dir_reg_value (fn, rphi->dest);
    }
  dir_value vlv = dir_imm (t, vl);

  /* The header: the row's segment in the chunk, SEG > 0 numbers from U
     (U is below the bound: the lanes that entered have X = U + lane
     below it).  */
  dir_remove_insn (fn, h->terminator ());
  dir_builder hb (fn, h);
  bool at0 = u.imm_p () && u.imm == 0;
  dir_value seg = at0 ? x.bound : hb.def (DOP_SUB, t, { x.bound, u });
  if (split)
    seg = hb.def (DOP_UMIN, t, { hb.def (DOP_SUB, t, { c, r }), seg });

  /* The tail: from JT on, VL numbers at a time while some are left, the
     lanes past the segment's end idle.  With one lane, the whole
     segment: the body from J = 0, while J + 1 < SEG.  Where the full
     vectors run in their copy, fewer than VL numbers are left for the
     tail: it runs once, and goes on to the next row.  */
  bool once = !one && full && split;
  dir_insn *jphi = new_phi (one ? body : tl, t, { { h, dir_imm (t, 0) } });
  dir_value jt = dir_reg_value (fn, jphi->dest);
  dir_remove_insn (fn, latch->terminator ());
  dir_builder lb (fn, latch);
  lb.br (nlt);
  dir_builder ntb (fn, nlt);
  if (!once)
    {
      jphi->targets.push_back (nlt);
      jphi->ops.push_back (ntb.def (DOP_ADD, t, { jt, vlv }));
    }
  if (one)
    {
      nlt->insns[ntb.pos - 1]->flags |= DIF_NSW;
      ntb.cbr (ntb.cmp (DC_LT, jphi->ops[1], seg), body, nl);
    }
  else
    {
      ntb.br (once ? nl : tl);
      dir_builder tlb (fn, tl);
      tlb.cbr (tlb.cmp (DC_LT, jt, seg), tb, split ? nl : exit);
      dir_builder tbb (fn, tb);
      dir_value rem = tbb.def (DOP_SUB, t, { seg, jt });
      tbb.cbr (tbb.cmp (DC_ULT, lane, rem), body, nlt);
    }

  /* The exit's phis (of values from before the loop) now come from NL
     (from the tail, for one segment).  */
  for (dir_insn *p : exit->phis)
    for (dir_block *&from : p->targets)
      if (from == latch)
	from = split ? nl : tl;

  /* The lane's number replaces the old phi; its row and column replace
     the divisions.  Exact (nsw) in every lane that runs the body: below
     the bound and the row's end.  */
  dir_builder bb (fn, body, 0);
  dir_value uj = at0 ? jt : bb.def (DOP_ADD, t, { u, jt });
  dir_value xnew = one ? uj : bb.def (DOP_ADD, t, { uj, lane });
  dir_value col;
  if (split)
    {
      col = bb.def (DOP_ADD, t, { r, jt });
      if (!one)
	col = bb.def (DOP_ADD, t, { col, lane });
    }
  for (size_t k = 0; k < bb.pos; k++)
    body->insns[k]->flags |= DIF_NSW;
  std::map<uint32_t, dir_value> repl;
  repl[x.reg] = xnew;
  for (dir_insn *i : divs)
    {
      repl[i->dest] = i->op == DOP_UDIV ? q : col;
      dir_make_copy (i, repl[i->dest]);
    }
  dir_remove_insn (fn, fn->regs[x.reg].def);
  for (dir_block *blk : fn->blocks)
    {
      for (dir_insn *p : blk->phis)
	for (dir_value &o : p->ops)
	  if (o.reg_p () && repl.count (o.reg))
	    o = repl[o.reg];
      for (dir_insn *i : blk->insns)
	for (dir_value &o : i->ops)
	  if (o.reg_p () && repl.count (o.reg) && i->op != DOP_COPY)
	    o = repl[o.reg];
    }

  /* The full vectors: a copy of the body in a loop of its own, J from 0
     by VL while J + VL <= SEG, every lane busy; then the tail, from
     there.  */
  std::vector<dir_block *> fulls;
  if (full)
    {
      dir_value last = hb.def (DOP_SUB, t, { seg, vlv });
      h->insns[hb.pos - 1]->flags |= DIF_NSW;
      std::vector<dir_value> value;
      fulls = dir_copy_blocks (fn, inner, &value);
      dir_block *f = fulls[0];
      dir_block *flatch = fulls[std::find (inner.begin (), inner.end (),
					   latch) - inner.begin ()];
      dir_insn *fphi = new_phi (f, t, { { h, dir_imm (t, 0) },
					{ flatch, dir_value () } });
      dir_value j = dir_reg_value (fn, fphi->dest);
      for (dir_block *blk : fulls)
	for (dir_insn *i : blk->insns)
	  for (dir_value &o : i->ops)
	    if (o == jt)
	      o = j;
      dir_remove_insn (fn, flatch->terminator ());
      dir_builder fb (fn, flatch);
      dir_value jn = fb.def (DOP_ADD, t, { j, vlv });
      flatch->insns[fb.pos - 1]->flags |= DIF_NSW;
      fb.cbr (fb.cmp (DC_LE, jn, last), f, tl);
      fphi->ops[1] = jn;
      jphi->targets.push_back (flatch);
      jphi->ops.push_back (jn);
      hb.cbr (hb.cmp (DC_GE, seg, vlv), f, tl);
    }
  else
    hb.br (one ? body : tl);

  /* Layout: the header, the full vectors, the tail, the next row.  */
  std::vector<dir_block *> seq = fulls;
  if (!one)
    {
      seq.push_back (tl);
      seq.push_back (tb);
    }
  seq.insert (seq.end (), inner.begin (), inner.end ());
  seq.push_back (nlt);
  if (split)
    seq.push_back (nl);
  for (dir_block *blk : seq)
    fn->blocks.erase (std::find (fn->blocks.begin (), fn->blocks.end (),
				 blk));
  fn->blocks.insert (std::find (fn->blocks.begin (), fn->blocks.end (), h)
		     + 1, seq.begin (), seq.end ());
  dir_renumber_blocks (fn);

  if (split)
    {
      /* NL: the next row.  */
      dir_builder nb (fn, nl);
      dir_value un = nb.def (DOP_ADD, t, { u, seg });
      dir_value rs = nb.def (DOP_ADD, t, { r, seg });
      dir_value carry = nb.cmp (DC_EQ, rs, c);
      dir_value rn = nb.def (DOP_SELECT, t, { carry, dir_imm (t, 0), rs });
      dir_value dq = nb.def (DOP_SELECT, t, { carry, dir_imm (t, 1),
					      dir_imm (t, 0) });
      dir_value qn = nb.def (DOP_ADD, t, { q, dq });
      dir_value go_on = nb.cmp (x.cond, un, x.bound);
      nb.cbr (go_on, h, exit);
      uphi->ops[1] = un;
      qphi->ops[1] = qn;
      rphi->ops[1] = rn;

      stepped quo;
      quo.kind = stepped::CARRY;
      quo.reg = qphi->dest;
      quo.init = q0;
      quo.step = dq;
      quo.k = dir_imm (t, 0);
      quo.carry = carry;
      if (in_header && pre->terminator ()->op == DOP_BR)
	{
	  quo.hoist_blocks.push_back (body);
	  if (full)
	    quo.hoist_blocks.push_back (fulls[0]);
	}
      known[qphi->dest] = quo;
    }
  dir_cfg_changed (fn);
  dir_fill_cfg (fn);
  return true;
}

bool
stepper::run ()
{
  bool changed = false;
  /* Rows first: each rewrite changes the CFG, so the loops are found
     again after it.  */
  for (bool again = true; again;)
    {
      again = false;
      dir_fill_cfg (fn);
      std::vector<bool> all (fn->blocks.size (), true);
      std::vector<int> innermost;
      std::vector<dir_loop> loops = dir_find_loops (fn, all, &innermost);
      uses = dir_compute_uses (fn);
      for (const dir_loop &l : loops)
	{
	  dir_block *pre, *latch;
	  if (!loop_ok (l, &pre, &latch))
	    continue;
	  for (dir_insn *phi : l.header->phis)
	    {
	      stepped s;
	      if (narrow (l, pre, latch, phi)
		  || (counted (l, pre, latch, phi, &s)
		      && rows (l, pre, latch, s)))
		{
		  changed = again = true;
		  break;
		}
	    }
	  if (again)
	    break;
	}
    }
  dir_fill_cfg (fn);
  std::vector<bool> all (fn->blocks.size (), true);
  std::vector<int> innermost;
  std::vector<dir_loop> loops = dir_find_loops (fn, all, &innermost);
  for (const dir_loop &l : loops)
    {
      dir_block *pre, *latch;
      if (!loop_ok (l, &pre, &latch))
	continue;
      std::vector<stepped> work;
      for (dir_insn *phi : l.header->phis)
	{
	  stepped s;
	  if (known.count (phi->dest))
	    work.push_back (known[phi->dest]);
	  else if (counted (l, pre, latch, phi, &s))
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
  bool changed = gw_recombine_digits (fn);
  if (changed)
    {
      propagate_copies (fn);
      remove_dead (fn);
    }
  stepper s (fn, ctx.cheap_constant_division, ctx.simd_lanes);
  changed |= s.run ();
  if (changed)
    {
      propagate_copies (fn);
      remove_dead (fn);
    }
  return changed;
}
