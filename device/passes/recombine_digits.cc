/* recombine-digits: a collapsed number's digits recombined.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   What: GCC lowers `collapse(N)` (and `tile`) to one loop over a linear
   iteration number X and splits X into digits, i = X % NI,
   j = X / NI % NJ, k = X / NI / NJ; the body's subscripts often combine
   them back in the nest's own shape, (k * NJ + j) * NI + i, in whatever
   order GCC's reassociation left the terms.  Such a sum is X.  This
   pass finds, in the linear form of every sum, the digits of a number
   weighted A and A * NI (a remainder and its quotient: A * X % NI +
   A * NI * (X / NI) is A * X) and replaces them by the number, as often
   as that applies; the coefficients are polynomials in the nest's
   run-time extents.  The sum is rebuilt from what is left, so a
   subscript of the nest's shape becomes X itself, affine in the vector
   lane: the targets see a contiguous access, and no division is needed
   for it (the divisions left unused go).

     %i = urem.i64 %x, 100                %i = urem.i64 %x, 100
     %t = udiv.i64 %x, 100                %t = udiv.i64 %x, 100
     %k = mul.i64 %t, 100          =>     ...
     %s = add.i64 %k, %i                  (%s's readers read %x)
     %a = mul.i64 %s, 8                   %a = mul.i64 %x, 8

   (the urem and udiv go too when nothing else reads them).

   Requires: nothing; it runs first, on the captured function, before
   the passes that step what divisions are left (steps.h).
   Guarantees: each rewritten sum is a copy of its rebuilt value, and
   the copies are propagated to their readers; what the rewrite left
   unused is removed.
   Invalidates: nothing of the CFG; register numbers (removed ones are
   free).  */

#include "steps.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace {

/* Linear forms of integer expressions: sums of registers times
   coefficients plus a constant, in the modular arithmetic of the
   expression's type.  A coefficient is a polynomial in registers the
   expression does not compute from digits (the run-time extents of a
   nest: GCC writes k * nx as k * (nx + 1) - k where it has nx + 1
   already, and the polynomial sees through that).  A term is a register,
   zero-extended to the form's type if narrower (the digits udiv and urem
   give are non-negative, so their sign and zero extensions agree).  */

struct poly
{
  /* Sorted registers -> coefficient; the empty product is the
     constant.  No zero coefficients.  */
  std::map<std::vector<uint32_t>, uint64_t> m;
  uint64_t mask = ~UINT64_C (0);	/* The type's width.  */

  static poly constant (uint64_t k, uint64_t mask)
  {
    poly p;
    p.mask = mask;
    if (k & mask)
      p.m[{}] = k & mask;
    return p;
  }
  void add (const poly &o, uint64_t scale = 1)
  {
    for (auto &[regs, k] : o.m)
      {
	uint64_t &c = m[regs];
	c = (c + scale * k) & mask;
	if (c == 0)
	  m.erase (regs);
      }
  }
  poly times (const poly &o) const
  {
    poly r;
    r.mask = mask;
    for (auto &[ra, ka] : m)
      for (auto &[rb, kb] : o.m)
	{
	  std::vector<uint32_t> regs = ra;
	  regs.insert (regs.end (), rb.begin (), rb.end ());
	  std::sort (regs.begin (), regs.end ());
	  poly t;
	  t.mask = mask;
	  t.m[regs] = (ka * kb) & mask;
	  if (t.m[regs])
	    r.add (t);
	}
    return r;
  }
  bool operator== (const poly &o) const { return m == o.m; }
};

struct linear
{
  std::map<uint32_t, poly> terms;	/* Register -> coefficient.  */
  poly constant;
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
  poly coefficient (const dir_value &v, uint64_t mask, int depth) const;
  void collect (const dir_value &v, const poly &c, linear *f, int depth);
  bool merge (linear *f);
  dir_value rebuild (dir_builder &b, const linear &f, dir_type t);
  dir_value emit_poly (dir_builder &b, const poly &p, dir_type t);
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
    case DOP_COPY: case DOP_SHL: case DOP_SEXT: case DOP_ZEXT:
      return has_digits (d->ops[0], depth + 1);
    default:
      return false;
    }
}

/* V, which has no digits, as a polynomial in the registers it is
   computed from by additions and multiplications.  */

poly
recombiner::coefficient (const dir_value &v, uint64_t mask, int depth) const
{
  if (v.imm_p ())
    return poly::constant (v.imm, mask);
  const dir_insn *d = def (v);
  if (d && depth < 8)
    switch (d->op)
      {
      case DOP_COPY:
	return coefficient (d->ops[0], mask, depth + 1);
      case DOP_ADD:
      case DOP_SUB:
	{
	  poly p = coefficient (d->ops[0], mask, depth + 1);
	  p.add (coefficient (d->ops[1], mask, depth + 1),
		 d->op == DOP_ADD ? 1 : ~UINT64_C (0));
	  return p;
	}
      case DOP_MUL:
	return coefficient (d->ops[0], mask, depth + 1)
	       .times (coefficient (d->ops[1], mask, depth + 1));
      default:
	break;
      }
  poly p;
  p.mask = mask;
  p.m[{ v.reg }] = 1;
  return p;
}

/* Add C times V, a value of the form's type, to F.  */

void
recombiner::collect (const dir_value &v, const poly &c, linear *f,
		     int depth)
{
  if (v.imm_p ())
    {
      f->constant.add (c, v.imm);
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
	  poly n = poly::constant (0, c.mask);
	  n.add (c, ~UINT64_C (0));
	  collect (d->ops[1], n, f, depth + 1);
	  return;
	}
      case DOP_MUL:
	for (int k = 0; k < 2; k++)
	  {
	    const dir_value &m = d->ops[k], &o = d->ops[1 - k];
	    if (has_digits (m, 0) || m.type != o.type)
	      continue;
	    collect (o, c.times (coefficient (m, c.mask, 0)), f, depth + 1);
	    return;
	  }
	break;
      case DOP_SHL:
	if (d->ops[1].imm_p () && d->ops[1].imm < 64)
	  {
	    poly by = poly::constant (UINT64_C (1) << d->ops[1].imm, c.mask);
	    collect (d->ops[0], c.times (by), f, depth + 1);
	    return;
	  }
	break;
      case DOP_SEXT:
      case DOP_ZEXT:
	/* Widening a digit: the digit itself.  */
	if (digit_p (def (d->ops[0])))
	  {
	    f->terms[d->ops[0].reg].mask = c.mask;
	    f->terms[d->ops[0].reg].add (c);
	    return;
	  }
	break;
      default:
	break;
      }
  f->terms[v.reg].mask = c.mask;
  f->terms[v.reg].add (c);
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
	  if (a.m.empty () || !digit_p (d) || d->op != DOP_UREM)
	    continue;
	  auto q = quotient.find ({ d->ops[0].reg, d->ops[1] });
	  if (q == quotient.end ())
	    continue;
	  auto t = f->terms.find (q->second);
	  if (t == f->terms.end ()
	      || !(t->second == a.times (coefficient (d->ops[1], a.mask, 0))))
	    continue;
	  uint32_t x = d->ops[0].reg;
	  poly coeff = a;
	  f->terms.erase (t);
	  f->terms.erase (reg);
	  f->terms[x].mask = coeff.mask;
	  f->terms[x].add (coeff);
	  any = again = true;
	  break;
	}
    }
  return any;
}

/* Emit P, of type T, with B (null if P is 0).  */

dir_value
recombiner::emit_poly (dir_builder &b, const poly &p, dir_type t)
{
  dir_value sum;
  for (auto &[regs, k] : p.m)
    {
      dir_value v;
      for (uint32_t r : regs)
	{
	  dir_value m = dir_reg_value (fn, r);
	  if (m.type != t)
	    m = b.def (DOP_SEXT, t, { m });
	  v = v.kind == dir_value::NONE ? m : b.def (DOP_MUL, t, { v, m });
	}
      if (v.kind == dir_value::NONE)
	v = dir_imm (t, t == DT_I32 ? (int64_t) (int32_t) k : (int64_t) k);
      else if (k != 1)
	v = b.def (DOP_MUL, t, { v, dir_imm (t, t == DT_I32
						   ? (int64_t) (int32_t) k
						   : (int64_t) k) });
      sum = sum.kind == dir_value::NONE ? v : b.def (DOP_ADD, t, { sum, v });
    }
  return sum;
}

/* Emit F, of type T, with B.  */

dir_value
recombiner::rebuild (dir_builder &b, const linear &f, dir_type t)
{
  dir_value sum;
  for (auto &[reg, a] : f.terms)
    {
      if (a.m.empty ())
	continue;
      dir_value v = dir_reg_value (fn, reg);
      if (v.type != t)
	v = b.def (DOP_ZEXT, t, { v });
      if (!(a.m.size () == 1 && a.m.begin ()->first.empty ()
	    && a.m.begin ()->second == 1))
	v = b.def (DOP_MUL, t, { v, emit_poly (b, a, t) });
      sum = sum.kind == dir_value::NONE ? v : b.def (DOP_ADD, t, { sum, v });
    }
  dir_value k = emit_poly (b, f.constant, t);
  if (sum.kind == dir_value::NONE)
    return k.kind == dir_value::NONE ? dir_imm (t, 0) : k;
  if (k.kind != dir_value::NONE)
    sum = b.def (DOP_ADD, t, { sum, k });
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
	uint64_t mask = i->type == DT_I32 ? UINT64_C (0xffffffff)
					  : ~UINT64_C (0);
	f.constant = poly::constant (0, mask);
	collect (dir_reg_value (fn, i->dest), poly::constant (1, mask), &f,
		 0);
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

} // anon namespace

bool
gw_recombine_digits (dir_func *fn, const gw_pass_context &)
{
  recombiner r (fn);
  return gw_steps::clean_up (fn, r.run ());
}
