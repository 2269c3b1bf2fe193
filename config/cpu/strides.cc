/* The cpu target's plan: affine values (plan.h).
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.  */

#include "plan.h"

#include <algorithm>

namespace gw_cpu {

/* A stride pair of the lattice: the change of a value from one worker to
   the next and from one vector lane to the next.  */
struct lin
{
  int64_t w, v;
  bool top () const { return v == STRIDE_TOP; }
  bool unknown () const { return v == STRIDE_UNKNOWN; }
  bool operator== (const lin &o) const { return w == o.w && v == o.v; }
};

const lin LIN_TOP = { STRIDE_TOP, STRIDE_TOP };
const lin LIN_UNKNOWN = { STRIDE_UNKNOWN, STRIDE_UNKNOWN };

lin
meet (lin a, lin b)
{
  return a.top () ? b : b.top () || a == b ? a : LIN_UNKNOWN;
}

/* A + SIGN * B.  */

lin
sum (lin a, lin b, int64_t sign)
{
  if (a.unknown () || b.unknown ())
    return LIN_UNKNOWN;
  if (a.top () || b.top ())
    return LIN_TOP;
  return { a.w + sign * b.w, a.v + sign * b.v };
}

lin
scale (lin a, int64_t k)
{
  return a.top () || a.unknown () ? a : lin { a.w * k, a.v * k };
}

/* Is the edge FROM -> TO the one by which the threads that skip a
   neutered region reach its join?  */

bool
skip_edge (const dir_block *from, const dir_block *to)
{
  const dir_insn *t = from->terminator ();
  return t && t->op == DOP_BR_SINGLE && t->targets[1] == to
	 && t->targets[0] != to;
}

namespace {

/* The strides of the phi PHI of block B, from the strides ST of PL's
   registers.  */

lin
phi_stride (const cpu_plan &pl, const dir_insn *phi, const dir_block *b,
	    const std::vector<lin> &st)
{
  const dir_func *fn = pl.fn;
  /* The strides of operand V of an insn in block B: none if V comes out
     of a loop the lanes left at different iterations.  */
  auto at = [&] (const dir_value &v) -> lin {
    if (v.reg_p () && fn->regs[v.reg].def
	&& pl.div.leaves_divergent_loop (fn->regs[v.reg].def->bb, b))
      return LIN_UNKNOWN;
    return v.reg_p () ? st[v.reg] : lin { 0, 0 };
  };
  /* At a join of divergent paths the lanes' values come from different
     definitions: no common base.  Except at the join of a neutered
     region that the region leaves by one edge: the lanes that skipped it
     bring an undefined value, which they never read (they take the
     single lane's by a broadcast), so the region's value describes them
     all.  */
  size_t defined = 0;
  bool neuter_join = true;
  for (size_t k = 0; k < phi->ops.size (); k++)
    if (!skip_edge (phi->targets[k], b))
      defined++;
    else if (!phi->ops[k].imm_p ())
      neuter_join = false;
  /* One edge of the region's: several could bring different bases to
     lanes that took different paths.  */
  neuter_join &= defined == 1;
  if (pl.div.divergent_join (b) && !neuter_join)
    return LIN_UNKNOWN;
  /* The skipping lanes' undefined value is no constraint: no lane takes
     that edge where the branch is uniform (scalar code and redundant
     single code take the single side).  */
  lin s = LIN_TOP;
  for (size_t k = 0; k < phi->ops.size (); k++)
    if (!neuter_join || !skip_edge (phi->targets[k], b))
      s = meet (s, at (phi->ops[k]));
  return s;
}

/* The strides of the varying insn I of block B, from the strides ST of
   PL's registers, EXACT (exact_sequences) and MAY_GUARD (whether sign
   extensions may be guarded).  */

lin
insn_stride (const cpu_plan &pl, const dir_insn *i, const dir_block *b,
	     const std::vector<lin> &st, const std::vector<char> &exact,
	     bool may_guard)
{
  const dir_func *fn = pl.fn;
  auto at = [&] (const dir_value &v) -> lin {
    if (v.reg_p () && fn->regs[v.reg].def
	&& pl.div.leaves_divergent_loop (fn->regs[v.reg].def->bb, b))
      return LIN_UNKNOWN;
    return v.reg_p () ? st[v.reg] : lin { 0, 0 };
  };
  auto exact_op = [&] (const dir_value &v) {
    return !v.reg_p () || exact[v.reg];
  };
  lin x = i->ops.size () > 0 ? at (i->ops[0]) : lin { 0, 0 };
  lin y = i->ops.size () > 1 ? at (i->ops[1]) : lin { 0, 0 };
  switch (i->op)
    {
    case DOP_DIM_POS:
      return i->axis == DA_WORKER ? lin { 1, 0 } : lin { 0, 1 };
    case DOP_ADDR_LOCAL:
      /* Each lane's frame, or its worker's shared slot.  */
      return !fn->slots[i->slot].shared
	     ? lin { (int64_t) pl.frame_size * pl.vlen, pl.frame_size }
	     : lin { pl.wshared_size, 0 };
    case DOP_BCAST:
      /* Every lane takes its single lane's value: no change along the
	 axes broadcast across.  */
      return x.top () || x.unknown () ? x
	     : lin { (i->axes & (1u << DA_WORKER)) ? 0 : x.w,
		     (i->axes & (1u << DA_VECTOR)) ? 0 : x.v };
    case DOP_COPY: case DOP_TRUNC:
      /* A truncation keeps the strides modulo its width, which is how
	 the narrower lanes are computed.  */
      return x;
    case DOP_SEXT:
      /* A sign extension keeps them if the narrow lanes hold an exact
	 sequence; a zero extension never (the narrow value may cross
	 zero).  */
      if (exact_op (i->ops[0]))
	return x;
      if (may_guard && pl.guard_candidate (i, exact)
	  && (x.top () || (!x.unknown () && x.w == 0 && x.v != 0)))
	return x;
      return LIN_UNKNOWN;
    case DOP_ADD:
      return sum (x, y, 1);
    case DOP_SUB:
      return sum (x, y, -1);
    case DOP_MUL:
      if (i->ops[1].imm_p ())
	return scale (x, (int64_t) i->ops[1].imm);
      if (i->ops[0].imm_p ())
	return scale (y, (int64_t) i->ops[0].imm);
      if (x.top () || y.top ())
	return LIN_TOP;
      return LIN_UNKNOWN;
    case DOP_SHL:
      if (i->ops[1].imm_p () && i->ops[1].imm < 63)
	return scale (x, (int64_t) 1 << i->ops[1].imm);
      if (x.top ())
	return LIN_TOP;
      return LIN_UNKNOWN;
    default:
      return LIN_UNKNOWN;
    }
}

} // anon namespace

/* Which varying registers hold exact sequences: the lanes' values are
   the base plus the lane times the strides as integers, not reduced
   modulo the register's width (nothing wrapped between the lanes).  Only
   those can be widened by a sign extension into an affine value:
   (signed char) (i * 7) wraps from lane to lane, and its extension to
   int is no sequence.  Positions are exact, and so are sums, differences
   and products of exact values whose overflow the source left undefined
   (nsw), copies, broadcasts and extensions; uniform values (one value
   for all lanes) trivially.  Optimistic over phis.  */

std::vector<char>
cpu_plan::exact_sequences () const
{
  std::vector<char> exact (fn->regs.size (), 1);
  bool changed_exact = true;
  auto exact_op = [&] (const dir_value &v) {
    return !v.reg_p () || exact[v.reg];
  };
  while (changed_exact)
    {
      changed_exact = false;
      for (const dir_block *b : fn->blocks)
	{
	  if (!simd (b))
	    continue;
	  auto lower = [&] (const dir_insn *i, bool e) {
	    if (!e && exact[i->dest])
	      {
		exact[i->dest] = 0;
		changed_exact = true;
	      }
	  };
	  for (const dir_insn *phi : b->phis)
	    if (div.varying (phi->dest))
	      {
		bool e = true;
		for (const dir_value &v : phi->ops)
		  e &= exact_op (v);
		lower (phi, e);
	      }
	  for (const dir_insn *i : b->insns)
	    {
	      if (i->dest == DIR_NOREG || !div.varying (i->dest))
		continue;
	      bool e = false;
	      switch (i->op)
		{
		case DOP_DIM_POS: case DOP_ADDR_LOCAL:
		  e = true;
		  break;
		case DOP_COPY: case DOP_BCAST: case DOP_SEXT:
		  e = exact_op (i->ops[0]);
		  break;
		case DOP_ADD: case DOP_SUB: case DOP_MUL:
		  e = (i->flags & DIF_NSW) && exact_op (i->ops[0])
		      && exact_op (i->ops[1]);
		  break;
		default:
		  break;
		}
	      lower (i, e);
	    }
	}
    }
  return exact;
}

/* A sign extension of a 32-bit value that is not exact but steps by a
   constant from lane to lane (an index GCC computed in unsigned
   arithmetic) is affine unless the lanes wrap past INT32_MAX between
   lane 0 and the last: find_guards keeps it so where every value made
   from it is an address of plain loads and stores, which test that at
   run time (guarded).  Vector lanes only: no workers, and no atomics.  */

bool
cpu_plan::may_guard () const
{
  bool ok = wlen == 1;
  for (const dir_block *b : fn->blocks)
    for (const dir_insn *i : b->insns)
      if (i->op == DOP_ATOMIC || i->op == DOP_XCHG || i->op == DOP_CAS
	  || (i->flags & DIF_ATOMIC))
	ok = false;
  return ok;
}

/* The affine strides of each varying register: the differences between
   the values of adjacent workers and of adjacent lanes, where those are
   constants.  Optimistic over phis.  Then which of them are affine
   (find_affine), and the guarded extensions (find_guards): those it
   refuses are not affine, and the strides are computed once more
   without them.  */

void
cpu_plan::strides ()
{
  for (;;)
    {
      std::vector<char> exact = exact_sequences ();
      bool guards = may_guard ();
      std::vector<lin> st (fn->regs.size (), lin { 0, 0 });
      for (size_t r = 0; r < fn->regs.size (); r++)
	if (div.varying ((uint32_t) r))
	  st[r] = LIN_TOP;
      bool changed = true;
      while (changed)
	{
	  changed = false;
	  for (const dir_block *b : fn->blocks)
	    {
	      if (!simd (b))
		continue;
	      auto update = [&] (const dir_insn *i, lin s) {
		if (!(st[i->dest] == s))
		  {
		    st[i->dest] = s;
		    changed = true;
		  }
	      };
	      for (const dir_insn *phi : b->phis)
		if (div.varying (phi->dest))
		  update (phi, phi_stride (*this, phi, b, st));
	      for (const dir_insn *i : b->insns)
		if (i->dest != DIR_NOREG && div.varying (i->dest))
		  update (i, insn_stride (*this, i, b, st, exact, guards));
	    }
	}
      stride.assign (fn->regs.size (), STRIDE_UNKNOWN);
      wstride.assign (fn->regs.size (), STRIDE_UNKNOWN);
      /* Only integers are affine: a merge or broadcast of a uniform
	 boolean or float varies in no lattice of strides.  */
      for (size_t r = 0; r < fn->regs.size (); r++)
	if (!st[r].top () && !st[r].unknown ()
	    && dir_type_int_p (fn->regs[r].type))
	  {
	    wstride[r] = st[r].w;
	    stride[r] = st[r].v;
	  }
      find_affine ();
      if (find_guards (exact))
	return;
    }
}

/* A varying register with strides is kept as lane 0's value: every insn
   that makes one (positions, frame addresses, sums, products by
   constants, sign extensions, truncations, phis) computes that value
   from its operands' lane-0 values.  Not one the masking keeps per lane
   (NOT_AFFINE): its base would be written for lanes that still read the
   old one.  */

void
cpu_plan::find_affine ()
{
  affine.assign (fn->regs.size (), false);
  for (size_t r = 0; r < fn->regs.size (); r++)
    affine[r] = div.varying ((uint32_t) r) && stride[r] != STRIDE_UNKNOWN
		&& !not_affine[r];

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

/* Whether I could be a guarded sign extension (strides): one of a 32-bit
   register whose lanes EXACT does not say are a sequence, not refused
   yet.  */

bool
cpu_plan::guard_candidate (const dir_insn *i,
			  const std::vector<char> &exact) const
{
  return i->op == DOP_SEXT && i->type == DT_I64 && i->ops[0].reg_p ()
	 && i->ops[0].type == DT_I32 && !exact[i->ops[0].reg]
	 && !no_guard.count (i->dest);
}

/* The guarded sign extensions (strides): each affine one is the root of
   the registers made from it by copies, sums and differences with values
   uniform across the gang, and products and shifts by constants, all
   affine too.  Those must be used only so, and as the address of plain
   loads and stores in SIMD code, whose emission tests lane 0's value
   (guarded) and falls back to the lanes' true addresses.  Fill
   guard_root; refuse (no_guard) the roots of registers used otherwise,
   and return false if there were any.  */

bool
cpu_plan::find_guards (const std::vector<char> &exact)
{
  guard_root.assign (fn->regs.size (), 0);
  auto root_of = [&] (const dir_value &v) -> uint32_t {
    return v.reg_p () ? guard_root[v.reg] : 0;
  };
  auto uniform = [&] (const dir_value &v) {
    return !v.reg_p () || (!div.varying (v.reg) && !guard_root[v.reg]);
  };
  /* The root a propagating insn I gives its destination, or 0.  */
  auto propagated = [&] (const dir_insn *i) -> uint32_t {
    if (i->dest == DIR_NOREG || !affine[i->dest])
      return 0;
    switch (i->op)
      {
      case DOP_COPY:
	return root_of (i->ops[0]);
      case DOP_ADD: case DOP_SUB:
	if (root_of (i->ops[0]) && uniform (i->ops[1]))
	  return root_of (i->ops[0]);
	if (i->op == DOP_ADD && root_of (i->ops[1]) && uniform (i->ops[0]))
	  return root_of (i->ops[1]);
	return 0;
      case DOP_MUL: case DOP_SHL:
	if (root_of (i->ops[0]) && i->ops[1].imm_p ())
	  return root_of (i->ops[0]);
	if (i->op == DOP_MUL && root_of (i->ops[1]) && i->ops[0].imm_p ())
	  return root_of (i->ops[1]);
	return 0;
      default:
	return 0;
      }
  };
  bool changed = true;
  while (changed)
    {
      changed = false;
      for (const dir_block *b : fn->blocks)
	if (simd (b))
	  for (const dir_insn *i : b->insns)
	    {
	      if (i->dest == DIR_NOREG || guard_root[i->dest])
		continue;
	      uint32_t r = 0;
	      if (guard_candidate (i, exact) && affine[i->dest]
		  && affine[i->ops[0].reg] && stride[i->ops[0].reg]
		  && stride[i->dest] == stride[i->ops[0].reg]
		  && !wstride[i->dest])
		r = i->dest + 1;
	      else
		r = propagated (i);
	      if (r)
		{
		  guard_root[i->dest] = r;
		  changed = true;
		}
	    }
    }

  std::set<uint32_t> refused;
  for (const dir_block *b : fn->blocks)
    {
      for (const dir_insn *phi : b->phis)
	for (const dir_value &v : phi->ops)
	  if (root_of (v))
	    refused.insert (root_of (v) - 1);
      for (const dir_insn *i : b->insns)
	for (size_t k = 0; k < i->ops.size (); k++)
	  {
	    uint32_t r = root_of (i->ops[k]);
	    if (!r)
	      continue;
	    bool ok = false;
	    if (!simd (b))
	      ok = false;
	    else if ((i->op == DOP_LOAD || i->op == DOP_STORE) && k == 0)
	      ok = !(i->flags & (DIF_VOLATILE | DIF_ATOMIC))
		   && stride[i->ops[0].reg] % stride[r - 1] == 0;
	    else
	      ok = i->dest != DIR_NOREG && guard_root[i->dest] == r;
	    if (!ok)
	      refused.insert (r - 1);
	  }
    }
  no_guard.insert (refused.begin (), refused.end ());
  return refused.empty ();
}

/* The stride of the affine register R from one lane of the gang to the
   next where block B runs, or STRIDE_UNKNOWN if it is not a constant.  */

int64_t
cpu_plan::lane_stride (uint32_t r, const dir_block *b) const
{
  if (!affine[r])
    return STRIDE_UNKNOWN;
  /* Outside worker partitions only worker 0's lanes run.  */
  if (wlen == 1 || !(parts.mask (b) & (1u << DA_WORKER)))
    return stride[r];
  if (vlen == 1)
    return wstride[r];
  return wstride[r] == stride[r] * vlen ? stride[r] : STRIDE_UNKNOWN;
}

} // namespace gw_cpu
