/* frame-addresses: recompute the address of a thread's own frame slot
   where it is used, instead of carrying it from the block that made it.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   What: `addr.local $S` of a slot that is not shared means "slot S of the
   executing thread" (docs/ir.md).  A register holding it, or an address
   computed from it by adding an offset, names the frame of the thread
   that computed it.  If single code computes it and partitioned code uses
   it, propagate would broadcast the single thread's address, and every
   partitioned thread would then read and write the single thread's slot:
   a private variable shared by all of them.  GCC makes this shape itself:
   at -O0 the private copy of a `private` reference (C++ `int &r` in a
   worker loop's private clause) has its address taken in the loop's
   pre-body, which runs in worker-single mode.

   GCC's nvptx target gets the meaning right by the hardware: the frame is
   in .local memory, whose generic addresses resolve in the accessing
   thread's own window, and the fork copies the frame's contents
   (frame.bcast here).  Gangway's targets give each thread a frame at its
   own address, so the meaning is made explicit instead: every use of such
   an address in another block than its definition gets the address
   recomputed right before it (for a phi, at the end of the incoming
   block), the chain of additions included.  The single thread computes
   the same value it did before (same thread, same slot), so the rewrite
   changes nothing where no partition boundary lies between definition and
   use, and where one does, each thread gets its own slot.

   An address that leaves registers, stored to an own slot and loaded by
   another thread, names the storing thread's slot too; GCC makes that
   shape at -O0 as well (Fortran's reduction of a dummy argument: the
   pointer to the private copy goes to a slot in the pre-body, and the
   loop loads it).  The fork copies the frame with such addresses made
   the copying thread's own (the cpu target's gw_frame_copy; .local
   memory on ptx), so a load of the slot in the partition gets the
   thread's own address.  A register loaded from an own slot that holds
   the same value wherever the register is used is such an address too,
   and is recomputed (reloaded) like one: no store to the slot can run
   between the load and a use (stores earlier in the load's block are
   none: a later run of the block stores and loads again; a use in
   another block is reached from the load's block before any block that
   stores to the slot), and its address is used for nothing but loads
   and stores, so the slot and the register agree at every use.  GCC
   makes that shape at -O0 for a worker vector reduction of a Fortran
   dummy argument: the pointer set in the region's entry, or in a gang
   loop's body, and loaded in the worker-single block before the vector
   loop.  Other addresses in memory still name the storing thread's
   slot.

   Requires: DIR_PROP_SPLIT (partition boundaries are block boundaries,
   so a use across one is in another block than its definition).
   Guarantees: no register defined from `addr.local` of an own slot is
   used outside its defining block.  Definitions left unused are
   removed.  */

#include "passes.h"

#include <map>

namespace {

/* The slot whose address V is (addr.local), or -1.  */
int
addressed_slot (const dir_func *fn, const dir_value &v)
{
  const dir_insn *d = v.reg_p () ? fn->regs[v.reg].def : nullptr;
  return d && d->op == DOP_ADDR_LOCAL ? (int) d->slot : -1;
}

/* Whether I is a load or store, neither volatile nor atomic, at
   displacement 0 from its address.  */
bool
plain_access (const dir_insn *i)
{
  return ((i->op == DOP_LOAD || i->op == DOP_STORE) && i->disp == 0
	  && !(i->flags & (DIF_VOLATILE | DIF_ATOMIC)));
}

/* The own slots that hold thread addresses: for each slot, the blocks
   that store to it, if the slot is an own slot whose address is only
   loaded from and stored to (at displacement 0); else BAD.  */
struct pointer_slots
{
  const dir_func *fn;
  std::vector<std::vector<const dir_block *>> stores;
  std::vector<bool> bad;
  /* The uses of each register when the pass began.  */
  std::vector<std::vector<dir_insn *>> uses;
  /* For a block and a slot, the blocks a path from the block's end
     reaches before any store to the slot, as found.  */
  mutable std::map<std::pair<uint32_t, int>, std::vector<bool>> clean;

  explicit pointer_slots (const dir_func *f)
    : fn (f), stores (f->slots.size ()), bad (f->slots.size ()),
      uses (dir_compute_uses (f))
  {
    for (const dir_block *b : fn->blocks)
      for (const dir_insn *i : b->insns)
	for (size_t n = 0; n < i->ops.size (); n++)
	  {
	    int sl = addressed_slot (fn, i->ops[n]);
	    if (sl < 0)
	      continue;
	    if (n != 0 || !plain_access (i) || fn->slots[sl].shared)
	      bad[sl] = true;
	    else if (i->op == DOP_STORE
		     && (stores[sl].empty () || stores[sl].back () != b))
	      stores[sl].push_back (b);
	  }
  }

  /* The blocks that a path from the end of FROM reaches without entering
     a block that stores to SL, or FROM again (whose next run loads
     anew).  */
  const std::vector<bool> &clean_reach (const dir_block *from, int sl) const
  {
    std::vector<bool> &r = clean[{ from->index, sl }];
    if (!r.empty ())
      return r;
    r.assign (fn->blocks.size (), false);
    std::vector<bool> stop (fn->blocks.size ());
    for (const dir_block *b : stores[sl])
      stop[b->index] = true;
    stop[from->index] = true;
    std::vector<const dir_block *> work { from };
    while (!work.empty ())
      {
	const dir_block *b = work.back ();
	work.pop_back ();
	if (const dir_insn *t = b->terminator ())
	  for (const dir_block *s : t->targets)
	    if (!r[s->index] && !stop[s->index])
	      {
		r[s->index] = true;
		work.push_back (s);
	      }
      }
    return r;
  }

  /* Whether the slot SL that LOAD reads holds the loaded value wherever
     the loaded register is used: no store to the slot can run after the
     load and before a use.  A use in the load's block follows it; one in
     another block must be reached from the load's block before any
     store to the slot (a phi's use at the end of its incoming block).  */
  bool stable_after (const dir_insn *load, int sl) const
  {
    if (bad[sl] || stores[sl].empty ())
      return false;
    bool after = false;
    for (const dir_insn *i : load->bb->insns)
      if (i == load)
	after = true;
      else if (after && i->op == DOP_STORE
	       && addressed_slot (fn, i->ops[0]) == sl)
	return false;
    if (!after || load->dest >= uses.size ())
      return false;
    const std::vector<bool> &r = clean_reach (load->bb, sl);
    for (const dir_insn *u : uses[load->dest])
      if (u->op == DOP_PHI)
	{
	  for (size_t k = 0; k < u->ops.size (); k++)
	    if (u->ops[k].reg_p () && u->ops[k].reg == load->dest
		&& u->targets[k] != load->bb && !r[u->targets[k]->index])
	      return false;
	}
      else if (u->bb != load->bb && !r[u->bb->index])
	return false;
    return true;
  }
};

/* Whether REG is the address of an own (not shared) slot, or such an
   address plus or minus an offset that is not one, or a 64-bit load of a
   pointer slot (PS) that no store can follow.  */
bool
frame_address_p (const dir_func *fn, uint32_t reg, const pointer_slots *ps,
		 int depth = 0)
{
  const dir_insn *d = fn->regs[reg].def;
  if (!d || depth > 8)
    return false;
  if (d->op == DOP_ADDR_LOCAL)
    return !fn->slots[d->slot].shared;
  if (d->op == DOP_LOAD && d->type == DT_I64 && plain_access (d))
    {
      int sl = addressed_slot (fn, d->ops[0]);
      return sl >= 0 && ps->stable_after (d, sl);
    }
  if ((d->op != DOP_ADD && d->op != DOP_SUB) || d->type != DT_I64)
    return false;
  bool a = (d->ops[0].reg_p ()
	    && frame_address_p (fn, d->ops[0].reg, ps, depth + 1));
  bool b = (d->ops[1].reg_p ()
	    && frame_address_p (fn, d->ops[1].reg, ps, depth + 1));
  return d->op == DOP_ADD ? a != b : a && !b;
}

/* Emit a copy of REG's definition chain at B's POS; return the new
   register and advance POS past what was inserted.  */
uint32_t
recompute (dir_func *fn, uint32_t reg, dir_block *b, size_t &pos,
	   const pointer_slots *ps)
{
  const dir_insn *d = fn->regs[reg].def;
  dir_insn *c = dir_new_insn (fn, d->op, d->type);
  *c = *d;
  c->bb = nullptr;
  c->ops.clear ();
  for (dir_value v : d->ops)
    {
      if (v.reg_p () && frame_address_p (fn, v.reg, ps))
	v = dir_reg_value (fn, recompute (fn, v.reg, b, pos, ps));
      c->ops.push_back (v);
    }
  c->dest = dir_new_reg (fn, d->type);
  fn->regs[c->dest].def = c;
  dir_insert_at (b, pos++, c);
  return c->dest;
}

} // anon namespace

bool
gw_frame_addresses (dir_func *fn, const gw_pass_context &)
{
  bool changed = false;
  const pointer_slots ps (fn);
  /* Blocks only gain insns; the loop sees each original use once, and the
     recomputed definitions it inserts are used in their own block.  */
  for (dir_block *b : fn->blocks)
    {
      for (dir_insn *phi : b->phis)
	for (size_t k = 0; k < phi->ops.size (); k++)
	  {
	    dir_value &v = phi->ops[k];
	    dir_block *from = phi->targets[k];
	    if (!v.reg_p () || !frame_address_p (fn, v.reg, &ps)
		|| fn->regs[v.reg].def->bb == from)
	      continue;
	    size_t pos = from->insns.size () - 1;	/* Before the branch.  */
	    v = dir_reg_value (fn, recompute (fn, v.reg, from, pos, &ps));
	    changed = true;
	  }
      for (size_t i = 0; i < b->insns.size (); i++)
	{
	  dir_insn *insn = b->insns[i];
	  size_t pos = i;
	  for (dir_value &v : insn->ops)
	    if (v.reg_p () && frame_address_p (fn, v.reg, &ps)
		&& fn->regs[v.reg].def->bb != b)
	      {
		v = dir_reg_value (fn, recompute (fn, v.reg, b, pos, &ps));
		changed = true;
	      }
	  i = pos;
	}
    }
  if (!changed)
    return false;

  /* Remove the definitions no longer used, users first.  */
  for (bool again = true; again;)
    {
      again = false;
      std::vector<std::vector<dir_insn *>> uses = dir_compute_uses (fn);
      for (uint32_t r = 0; r < fn->regs.size (); r++)
	{
	  dir_insn *d = fn->regs[r].def;
	  if (d && uses[r].empty () && frame_address_p (fn, r, &ps))
	    {
	      dir_remove_insn (fn, d);
	      again = true;
	    }
	}
    }
  return true;
}
