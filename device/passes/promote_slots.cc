/* promote-slots: keep a thread's private array in registers.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   What: a private array (`double vals[4]` in a `private` clause, or
   declared in a partitioned loop's body) is a slot of each thread's
   frame.  Once unroll has made the loops over it straight-line code,
   every access is at a constant offset, and the array can live in
   registers: a store of element K defines K's value, a load of it reads
   the value last stored.  On the cpu device that replaces a scatter and
   a gather per access by nothing (the values stay in vector registers,
   one lane per thread); on ptx, local memory by registers.

   A slot is promoted when

   - it is a thread's own (not shared by a gang or a worker);
   - its address is only ever used, directly or plus a constant, as the
     address of plain (not volatile, not atomic) loads and stores: it
     never escapes into memory, a call or arithmetic;
   - each element (offset) is always accessed with one type, elements do
     not overlap, and in each block that accesses the slot, in the
     block's order, every element loaded there is stored there before
     (so no load reads what another block, an earlier run of the block,
     or nobody left: align-rows' copy of a vector loop's body for the
     full vectors accesses the slot in a second block).

   Requires: nothing; runs before the reorg (no frame broadcasts yet).
   Guarantees: a promoted slot has no accesses left; its loads are copies
   of the stored values.  */

#include "passes.h"

#include <algorithm>
#include <map>

namespace {

/* An access to a slot: the insn, and the element's offset.  */
struct access
{
  dir_insn *insn;
  int64_t offset;
};

/* Collect the accesses through register REG, the slot's address plus
   BASE.  Return false if the address is used any other way.  */

bool
collect (dir_func *fn, const std::vector<std::vector<dir_insn *>> &uses,
	 uint32_t reg, int64_t base, std::vector<access> *out,
	 std::vector<dir_insn *> *addrs)
{
  for (dir_insn *u : uses[reg])
    {
      bool as_address = u->ops[0].reg_p () && u->ops[0].reg == reg;
      if ((u->op == DOP_LOAD && as_address)
	  || (u->op == DOP_STORE && as_address
	      && !(u->ops[1].reg_p () && u->ops[1].reg == reg)))
	{
	  if (u->flags & (DIF_VOLATILE | DIF_ATOMIC))
	    return false;
	  out->push_back ({ u, base + u->disp });
	}
      else if (u->op == DOP_ADD && u->type == DT_I64)
	{
	  int k = u->ops[0].reg_p () && u->ops[0].reg == reg ? 1 : 0;
	  if (!u->ops[k].imm_p ()
	      || (u->ops[1 - k].reg_p () && u->ops[1 - k].reg != reg))
	    return false;
	  addrs->push_back (u);
	  if (!collect (fn, uses, u->dest, base + (int64_t) u->ops[k].imm,
			out, addrs))
	    return false;
	}
      else
	return false;
    }
  return true;
}

/* The type an access moves.  */

dir_type
moved (const dir_insn *i)
{
  return i->op == DOP_LOAD ? i->type : i->ops[1].type;
}

bool
promote (dir_func *fn, uint32_t slot,
	 const std::vector<std::vector<dir_insn *>> &uses)
{
  std::vector<access> accs;
  std::vector<dir_insn *> addrs;
  for (dir_block *b : fn->blocks)
    for (dir_insn *i : b->insns)
      if (i->op == DOP_ADDR_LOCAL && i->slot == slot)
	{
	  addrs.push_back (i);
	  if (!collect (fn, uses, i->dest, 0, &accs, &addrs))
	    return false;
	}
  if (accs.empty ())
    return false;
  /* One type per element, no overlaps.  */
  std::map<int64_t, dir_type> elems;
  std::vector<dir_block *> blocks;
  for (const access &a : accs)
    {
      if (a.offset < 0)
	return false;
      dir_type t = moved (a.insn);
      auto it = elems.find (a.offset);
      if (it != elems.end () && it->second != t)
	return false;
      elems[a.offset] = t;
      if (std::find (blocks.begin (), blocks.end (), a.insn->bb)
	  == blocks.end ())
	blocks.push_back (a.insn->bb);
    }
  int64_t end = 0;
  for (auto &e : elems)
    {
      if (e.first < end)
	return false;
      end = e.first + dir_type_bytes (e.second);
    }
  /* In each block's order, each load reads the value last stored to its
     element in that block; a load before any store there keeps the slot
     in memory.  */
  std::map<dir_insn *, int64_t> where;
  for (const access &a : accs)
    where[a.insn] = a.offset;
  std::vector<std::pair<dir_insn *, dir_value>> loads;
  std::vector<dir_insn *> dead;
  for (dir_block *b : blocks)
    {
      std::map<int64_t, dir_value> cur;
      for (dir_insn *i : b->insns)
	{
	  auto it = where.find (i);
	  if (it == where.end ())
	    continue;
	  if (i->op == DOP_STORE)
	    {
	      cur[it->second] = i->ops[1];
	      dead.push_back (i);
	    }
	  else if (!cur.count (it->second))
	    return false;
	  else
	    loads.push_back ({ i, cur[it->second] });
	}
    }
  /* Rewrite: loads become copies of those values.  */
  for (auto &[load, v] : loads)
    dir_make_copy (load, v);
  for (dir_insn *i : dead)
    dir_remove_insn (fn, i);
  /* The address computations are dead now, innermost first.  */
  for (auto it = addrs.rbegin (); it != addrs.rend (); ++it)
    dir_remove_insn (fn, *it);
  return true;
}

} // anon namespace

bool
gw_promote_slots (dir_func *fn, const gw_pass_context &)
{
  bool changed = false;
  std::vector<std::vector<dir_insn *>> uses = dir_compute_uses (fn);
  for (uint32_t s = 0; s < fn->slots.size (); s++)
    if (!fn->slots[s].shared && promote (fn, s, uses))
      {
	changed = true;
	uses = dir_compute_uses (fn);
      }
  return changed;
}
