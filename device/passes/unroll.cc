/* unroll: unroll the small counted loops of private arrays.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   What: the loops users write over small private arrays (`double
   stencil[4]`, a loop over 4 points, one over 4 variables) are counted
   loops of a few iterations.  Left as loops, every access to the array
   is at an offset that changes with the iteration, so the array stays in
   memory: a gather and a scatter per access on the cpu device, local
   memory on ptx.  Unrolled, the offsets are constants, and promote-slots
   can keep the array's elements in registers.

   The pass repeats, until nothing changes:

   - fold: an integer operation of constant operands becomes its value
     (the unrolled copies' induction values and the offsets made of
     them), X + 0 is X, and the readers of a copy of a register read the
     register;
   - merge: a block that is the only successor of its predecessor and
     whose only predecessor that is, is appended to it (so that a loop
     whose body held an inner loop becomes a block of its own once the
     inner loop is unrolled);
   - unroll: a loop of one block whose trip count is a constant N (the
     phi its exit test reads starts at a constant and steps by one) is
     replaced by N copies of its body, if N is at most 16 and the copies
     at most 512 instructions.  Loops with markers or convergent
     instructions are left alone.

   Requires: nothing; runs before the reorg, on the captured function.
   Guarantees: the function computes the same; no block is entered only
   from a block that jumps only to it, unless one of the two holds a
   marker.  */

#include "passes.h"

#include <algorithm>

namespace {

const unsigned max_trips = 16, max_insns = 512;

int64_t
wrap (dir_type t, __int128 v)
{
  unsigned bits = t == DT_B1 ? 1 : dir_type_bytes (t) * 8;
  if (bits >= 64)
    return (int64_t) (uint64_t) v;
  uint64_t m = (uint64_t) v & ((UINT64_C (1) << bits) - 1);
  /* Immediates hold values sign-extended to 64 bits.  */
  if (t != DT_B1 && (m >> (bits - 1)) & 1)
    m |= ~((UINT64_C (1) << bits) - 1);
  return (int64_t) m;
}

uint64_t
unsigned_of (dir_type t, uint64_t v)
{
  unsigned bits = t == DT_B1 ? 1 : dir_type_bytes (t) * 8;
  return bits >= 64 ? v : v & ((UINT64_C (1) << bits) - 1);
}

/* The value of the integer comparison C of A and B of type T.  */

bool
compare (dir_cond c, dir_type t, uint64_t a, uint64_t b)
{
  int64_t sa = wrap (t, (int64_t) a), sb = wrap (t, (int64_t) b);
  uint64_t ua = unsigned_of (t, a), ub = unsigned_of (t, b);
  switch (c)
    {
    case DC_EQ: return ua == ub;
    case DC_NE: return ua != ub;
    case DC_LT: return sa < sb;
    case DC_LE: return sa <= sb;
    case DC_GT: return sa > sb;
    case DC_GE: return sa >= sb;
    case DC_ULT: return ua < ub;
    case DC_ULE: return ua <= ub;
    case DC_UGT: return ua > ub;
    case DC_UGE: return ua >= ub;
    default: dir_assert (false);
    }
}

/* The constant INSN computes from constant operands, if it is an integer
   operation this pass folds.  */

bool
fold_insn (const dir_insn *i, dir_value *out)
{
  if (i->dest == DIR_NOREG || i->ops.empty ())
    return false;
  for (const dir_value &v : i->ops)
    if (!v.imm_p () || !(dir_type_int_p (v.type) || v.type == DT_B1))
      return false;
  dir_type t = i->type;
  if (!dir_type_int_p (t) && !(t == DT_B1 && i->op == DOP_CMP))
    return false;
  __int128 a = (int64_t) i->ops[0].imm;
  __int128 b = i->ops.size () > 1 ? (int64_t) i->ops[1].imm : 0;
  __int128 r;
  switch (i->op)
    {
    case DOP_COPY: r = a; break;
    case DOP_ADD: r = a + b; break;
    case DOP_SUB: r = a - b; break;
    case DOP_MUL: r = (__int128) (uint64_t) a * (uint64_t) b; break;
    case DOP_AND: r = a & b; break;
    case DOP_OR: r = a | b; break;
    case DOP_XOR: r = a ^ b; break;
    case DOP_SHL:
      if (b < 0 || b >= dir_type_bytes (t) * 8)
	return false;
      r = (__int128) ((uint64_t) a << (unsigned) b);
      break;
    case DOP_SEXT:
    case DOP_TRUNC:
      r = wrap (i->ops[0].type, a);
      break;
    case DOP_ZEXT:
      r = (__int128) unsigned_of (i->ops[0].type, (uint64_t) a);
      break;
    case DOP_CMP:
      *out = dir_imm (DT_B1, compare (i->pred, i->type, (uint64_t) a,
				      (uint64_t) b));
      return true;
    default:
      return false;
    }
  *out = dir_imm (t, wrap (t, r));
  return true;
}

/* Fold every foldable instruction, replacing the uses of its register by
   the constant.  */

bool
fold (dir_func *fn)
{
  bool changed = false, again = true;
  while (again)
    {
      again = false;
      std::vector<dir_value> value (fn->regs.size ());
      for (dir_block *b : fn->blocks)
	for (dir_insn *i : b->insns)
	  {
	    dir_value v;
	    if (fold_insn (i, &v))
	      {
		value[i->dest] = v;
		again = true;
	      }
	    else if ((i->op == DOP_ADD || i->op == DOP_SUB || i->op == DOP_OR
		      || i->op == DOP_XOR)
		     && dir_type_int_p (i->type) && i->ops[1].imm_p ()
		     && i->ops[1].imm == 0 && i->ops[0].reg_p ())
	      {
		/* X + 0 is X.  */
		dir_value src = i->ops[0];
		while (value[src.reg].reg_p ())
		  src = value[src.reg];
		value[i->dest] = src;
		again = true;
	      }
	    else if (i->op == DOP_COPY && i->ops[0].reg_p ())
	      {
		/* A copy of a register: its readers read the register.  */
		dir_value src = i->ops[0];
		while (value[src.reg].reg_p ())
		  src = value[src.reg];
		value[i->dest] = src;
		again = true;
	      }
	  }
      if (!again)
	break;
      auto subst = [&] (dir_insn *i) {
	dir_for_each_use (i, [&] (dir_value &u) {
	  while (u.reg_p () && value[u.reg].kind != dir_value::NONE)
	    u = value[u.reg];
	});
      };
      std::vector<dir_insn *> dead;
      for (dir_block *b : fn->blocks)
	{
	  for (dir_insn *p : b->phis)
	    subst (p);
	  for (dir_insn *i : b->insns)
	    {
	      subst (i);
	      if (i->dest != DIR_NOREG
		  && value[i->dest].kind != dir_value::NONE)
		dead.push_back (i);
	    }
	}
      for (dir_insn *i : dead)
	dir_remove_insn (fn, i);
      changed = true;
    }
  return changed;
}

bool
has_marker (const dir_block *b)
{
  for (const dir_insn *i : b->insns)
    if (dir_op_flag (i->op, DOPF_MARKER))
      return true;
  return false;
}

/* Whether merge may append B to A: neither holds a marker, and A is not
   the entry block.  */

bool
may_merge (const dir_block *a, const dir_block *b)
{
  return a->index != 0 && !has_marker (a) && !has_marker (b);
}

/* Append each block to its predecessor where the edge between them is
   the only way out of one and into the other.  */

bool
merge (dir_func *fn)
{
  dir_fill_cfg (fn);
  return dir_merge_chains (fn, may_merge);
}

/* The number of times the one-block loop H runs its body, entered from
   PRE, or 0 if it is not a constant at most MAX_TRIPS.  */

unsigned
trip_count (const dir_func *fn, const dir_block *h, const dir_block *pre)
{
  const dir_insn *br = h->terminator ();
  if (!br || br->op != DOP_CBR || !br->ops[0].reg_p ())
    return 0;
  bool go_on_true = br->targets[0] == h;
  const dir_insn *cmp = fn->regs[br->ops[0].reg].def;
  if (!cmp || cmp->op != DOP_CMP || cmp->bb != h
      || !dir_type_int_p (cmp->type))
    return 0;
  /* One operand is a constant, the other the phi or the phi plus a
     constant step.  */
  int var = cmp->ops[0].imm_p () ? 1 : 0;
  if (!cmp->ops[1 - var].imm_p () || !cmp->ops[var].reg_p ())
    return 0;
  uint64_t bound = cmp->ops[1 - var].imm;
  const dir_insn *next = fn->regs[cmp->ops[var].reg].def;
  const dir_insn *phi = next;
  uint64_t step = 0;
  if (next && next->op == DOP_ADD && next->bb == h)
    {
      int k = next->ops[0].imm_p () ? 0 : 1;
      if (!next->ops[k].imm_p () || !next->ops[1 - k].reg_p ())
	return 0;
      step = next->ops[k].imm;
      phi = fn->regs[next->ops[1 - k].reg].def;
    }
  if (!phi || phi->op != DOP_PHI || phi->bb != h)
    return 0;
  dir_value init, latch;
  for (size_t k = 0; k < phi->targets.size (); k++)
    (phi->targets[k] == pre ? init : latch) = phi->ops[k];
  if (!init.imm_p () || !latch.reg_p ()
      || (next != phi && fn->regs[latch.reg].def != next))
    return 0;
  dir_type t = cmp->type;
  uint64_t x = init.imm;
  for (unsigned n = 1; n <= max_trips; n++)
    {
      uint64_t v = next == phi ? x : (uint64_t) wrap (t, (__int128) x + step);
      bool c = var == 0 ? compare (cmp->pred, t, v, bound)
			: compare (cmp->pred, t, bound, v);
      if (c != go_on_true)
	return n;
      if (next == phi)
	return 0;		/* Tests the phi itself: never changes.  */
      x = v;
    }
  return 0;
}

/* Replace the one-block loop H, entered from PRE, by N copies of its
   body.  */

void
unroll_loop (dir_func *fn, dir_block *h, dir_block *pre, unsigned n)
{
  dir_insn *br = h->terminator ();
  dir_block *exit = br->targets[0] == h ? br->targets[1] : br->targets[0];
  std::vector<dir_insn *> body (h->insns.begin (), h->insns.end () - 1);
  std::vector<dir_insn *> phis = h->phis;
  std::vector<dir_value> value (fn->regs.size ());
  auto mapped = [&] (dir_value v) {
    return v.reg_p () && value[v.reg].kind != dir_value::NONE
	   ? value[v.reg] : v;
  };
  std::vector<dir_insn *> out;
  for (unsigned j = 0; j < n; j++)
    {
      bool last = j + 1 == n;
      /* The phis' values in this iteration.  */
      std::vector<dir_value> now;
      for (dir_insn *phi : phis)
	{
	  dir_value v;
	  for (size_t k = 0; k < phi->targets.size (); k++)
	    if ((phi->targets[k] == pre) == (j == 0))
	      v = phi->ops[k];
	  now.push_back (j == 0 ? v : mapped (v));
	}
      for (size_t k = 0; k < phis.size (); k++)
	{
	  if (last)
	    {
	      /* The last copy defines the loop's own registers, which
		 code after the loop reads.  */
	      dir_insn *c = dir_new_insn (fn, DOP_COPY, phis[k]->type);
	      c->ops = { now[k] };
	      c->dest = phis[k]->dest;
	      c->bb = h;
	      fn->regs[c->dest].def = c;
	      out.push_back (c);
	      value[phis[k]->dest] = dir_value ();
	    }
	  else
	    value[phis[k]->dest] = now[k];
	}
      for (dir_insn *i : body)
	{
	  dir_insn *c = last ? i : dir_copy_insn (fn, i);
	  for (dir_value &o : c->ops)
	    o = mapped (o);
	  if (!last && c->dest != DIR_NOREG)
	    {
	      c->dest = dir_new_reg (fn, fn->regs[i->dest].type);
	      value.resize (fn->regs.size ());
	      fn->regs[c->dest].def = c;
	      value[i->dest] = dir_reg_value (fn, c->dest);
	    }
	  else if (last && c->dest != DIR_NOREG)
	    value[i->dest] = dir_value ();
	  c->bb = h;
	  out.push_back (c);
	}
    }
  h->phis.clear ();
  dir_insn *jump = dir_new_insn (fn, DOP_BR);
  jump->targets = { exit };
  jump->bb = h;
  out.push_back (jump);
  h->insns = out;
  dir_cfg_changed (fn);
  dir_fill_cfg (fn);
}

bool
unroll (dir_func *fn)
{
  bool changed = false;
  dir_fill_cfg (fn);
  for (size_t k = 0; k < fn->blocks.size (); k++)
    {
      dir_block *h = fn->blocks[k];
      if (h->preds.size () != 2 || h->phis.empty () || has_marker (h))
	continue;
      dir_block *pre = h->preds[0] == h ? h->preds[1] : h->preds[0];
      if (pre == h || (h->preds[0] != h && h->preds[1] != h))
	continue;
      bool plain = true;
      for (const dir_insn *i : h->insns)
	if (dir_convergent_p (i))
	  plain = false;
      unsigned n = plain ? trip_count (fn, h, pre) : 0;
      if (n < 2 || n * (h->insns.size () + h->phis.size ()) > max_insns)
	continue;
      unroll_loop (fn, h, pre, n);
      changed = true;
    }
  return changed;
}

} // anon namespace

bool
gw_unroll (dir_func *fn, const gw_pass_context &)
{
  bool changed = false;
  for (int round = 0; round < 8; round++)
    {
      bool c = fold (fn);
      c |= merge (fn);
      c |= unroll (fn);
      if (!c)
	break;
      changed = true;
    }
  if (changed)
    {
      dir_cfg_changed (fn);
      dir_fill_cfg (fn);
    }
  return changed;
}
