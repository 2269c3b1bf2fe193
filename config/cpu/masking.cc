/* The cpu target: which writes of a SIMD region must be masked.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   What: a SIMD region (linearize.cc) runs the blocks of a partition in a
   fixed order, each with the mask of the lanes that wait for it.  Lanes
   that are not in a block's mask are parked: waiting at another block
   for the order to reach it, or gone out of the region.  A register write
   is either masked (a blend: only the writing lanes' values change) or
   unmasked (a whole C vector assignment, or the assignment of a C scalar,
   which every lane shares).  This analysis finds the writes that must be
   masked:

     An unmasked write of register R is correct if and only if no lane
     outside the write's mask will read the value R held for it before
     writing R itself.

   A lane parked at block Y next runs Y, then the blocks of its own path:
   the registers it may read before writing them are those live into Y
   (SSA liveness of the device RTL, the thread's own program) and the
   phis of Y, whose copies it got on its way in.  A lane that left the
   region may be read after it (the scalar code after the join reads the
   single lane's registers): the registers live into the join.  So a
   write must be masked when, at that point of the emitted code, lanes
   may be parked at a block Y where R is live.

   Where lanes may be parked is a may-analysis of the emitted program
   itself, whose control flow simd_block writes: block K tests its mask
   (check[]), takes it (the mask is then empty), defines its registers,
   takes its edges (a divergent branch adds lanes to every target's mask;
   a uniform one to one target, and jumps there if the edge is a goto);
   after block K, each component ending there with a divergent back edge
   goes back to its head while lanes wait there.  The abstract state is
   the set of blocks whose masks may be non-empty (plus "out" for lanes
   that left); it grows along the emitted control flow to a fixed point.
   At a phi copy of the edge B -> S, the lanes of B that take another
   edge are outside too.

   Because the rule is checked at every write of the emitted program, it
   holds for any CFG the linearization accepts: irreducible cycles
   entered at several blocks, loops whose lanes leave at different trips
   and wait after them, latches reached by several paths in one pass
   (several copies into one phi before its block runs: the later ones
   find the earlier lanes parked at the block, the phi live there).  It
   also decides which registers may stay C scalars.  A uniform register
   (divergence.cc) is computed alike by the lanes that run its definition
   together; one scalar serves every lane only if no write of it happens
   while lanes that still read its old value are parked.  A register
   with such a write becomes per-lane: the emitter treats it as varying
   (and the divergence analysis propagates that) and masks the write.
   The divergence analysis' data sources (positions, frame addresses,
   loads from varying addresses) thus decide what varies between lanes
   that run together; control-flow divergence, in whatever order the
   linearization runs the lanes, is caught here.

   This file has two halves.  The analysis is part of the plan (plan.h):
   it requires the region's plan (linearize.cc), the empty-mask checks,
   the divergence of the registers, liveness, and provides the masked
   definitions and phi copies, and the registers that must be per-lane.
   The emitter's half: emitter::verify_masks checks the emitted code
   against the same rule in checking builds, and the lane checker
   instruments it.  */

#include "emitter.h"
#include "../../device/ir/print.h"

#include <algorithm>
#include <cstdlib>

namespace gw_cpu {

/* The edges block B of region R takes, as simd_block emits them: the
   targets of one branch, each with how its lanes go.  A divergent
   terminator takes all of them (disjoint lanes); a uniform one takes one
   of them (ALTERNATIVES).  */

void
cpu_plan::block_edges (const simd_region &r, const dir_block *b,
		      std::vector<std::pair<const dir_block *, simd_edge>>
			*edges, bool *alternatives) const
{
  const dir_insn *t = b->terminator ();
  edges->clear ();
  *alternatives = false;
  auto add = [&] (const dir_block *s, simd_edge kind) {
    for (auto &e : *edges)
      if (e.first == s)
	return;
    edges->push_back ({ s, kind });
  };
  switch (t->op)
    {
    case DOP_BR:
      add (t->targets[0], r.edge (b, t->targets[0], div));
      break;
    case DOP_CBR:
    case DOP_SWITCH:
      {
	bool d = div.divergent_branch (b);
	*alternatives = !d;
	if (t->op == DOP_SWITCH)
	  for (auto &c : switch_cases (t))
	    add (c.first, d ? SIMD_EDGE_PARK : r.edge (b, c.first, div));
	for (const dir_block *s : t->targets)
	  add (s, d ? SIMD_EDGE_PARK : r.edge (b, s, div));
      }
      break;
    case DOP_BR_SINGLE:
      add (t->targets[0], SIMD_EDGE_PARK);
      add (t->targets[1], SIMD_EDGE_PARK);
      break;
    default:
      break;
    }
  /* An edge out of the region is an exit, whatever its kind.  */
  for (auto &e : *edges)
    if (!r.contains (e.first))
      e.second = SIMD_EDGE_EXIT;
}

/* For the SIMD region R, find at every write of the emitted code the
   blocks where lanes outside the write's mask may wait, and call
   ON_WRITE (INSN, FROM, OUTSIDE) for it: INSN the definition, or the phi
   whose copy it is with FROM the incoming block (null for a
   definition).  */

void
cpu_plan::region_writes (const simd_region &r,
			const std::function<void (const dir_insn *,
						  const dir_block *,
						  const lane_set &)> &on_write)
  const
{
  size_t nb = fn->blocks.size (), out = nb;
  int n = r.order.size ();

  /* The states reaching block K's label: sets of blocks whose masks may
     hold lanes, kept apart (the lanes of a uniform branch are at one
     target or the other, never both), up to a limit past which they are
     merged.  */
  const size_t max_states = 32;
  std::vector<std::set<lane_set>> at (n);
  std::vector<std::pair<int, lane_set>> work;
  auto reach = [&] (int k, const lane_set &s) {
    if (k >= n)
      return;
    std::set<lane_set> &st = at[k];
    if (st.size () >= max_states)
      {
	/* Merge everything into one state.  */
	lane_set u (nb + 1, 0);
	for (const lane_set &x : st)
	  for (size_t y = 0; y <= nb; y++)
	    u[y] |= x[y];
	bool grew = false;
	for (size_t y = 0; y <= nb; y++)
	  if (s[y] && !u[y])
	    u[y] = grew = true;
	if (st.size () == 1 && !grew)
	  return;
	st.clear ();
	st.insert (u);
	work.push_back ({ k, u });
	return;
      }
    if (st.insert (s).second)
      work.push_back ({ k, s });
  };

  /* After block K, in state S: the component checks, then the next
     block.  */
  auto after = [&] (int k, lane_set s) {
    for (const simd_component &c : r.comps)
      if (c.last == k && c.check)
	{
	  const dir_block *h = r.order[c.head];
	  if (s[h->index])
	    reach (c.head, s);
	  s[h->index] = 0;
	}
    reach (k + 1, s);
  };

  std::vector<std::pair<const dir_block *, simd_edge>> edges;
  bool alternatives;
  /* Run block K from state S; with RECORD, report its writes.  */
  auto visit = [&] (int k, const lane_set &in, bool record) {
    const dir_block *b = r.order[k];
    lane_set s = in;
    s[b->index] = 0;
    /* The block is skipped when its mask is empty, if it tests it.  */
    if (check[b->index])
      {
	if (!record)
	  after (k, s);
	if (!in[b->index])
	  return;
      }
    if (record)
      for (const dir_insn *i : b->insns)
	if (i->dest != DIR_NOREG)
	  on_write (i, nullptr, s);
    block_edges (r, b, &edges, &alternatives);
    /* Take the edge to TO in STATE; return true if the code jumps.  */
    auto take = [&] (lane_set &state, const dir_block *to, simd_edge kind,
		     bool others) {
      if (kind == SIMD_EDGE_EXIT)
	{
	  state[out] = 1;
	  return false;
	}
      if (record && !to->phis.empty ())
	{
	  /* Lanes of B bound for its other targets are outside too.  */
	  lane_set outside = state;
	  if (others)
	    for (auto &e : edges)
	      if (e.first != to)
		outside[e.second == SIMD_EDGE_EXIT ? out
			: e.first->index] = 1;
	  for (const dir_insn *phi : to->phis)
	    on_write (phi, b, outside);
	}
      state[to->index] = 1;
      return kind == SIMD_EDGE_GOTO && r.pos[to->index] != k + 1;
    };
    if (edges.empty ())
      return;			/* A trap.  */
    if (alternatives)
      for (auto &e : edges)
	{
	  lane_set t = s;
	  if (take (t, e.first, e.second, false))
	    {
	      if (!record)
		reach (r.pos[e.first->index], t);
	    }
	  else if (!record)
	    after (k, t);
	}
    else
      {
	for (auto &e : edges)
	  if (take (s, e.first, e.second, true))
	    {
	      /* A jump: the one edge of a br.  */
	      if (!record)
		reach (r.pos[e.first->index], s);
	      return;
	    }
	if (!record)
	  after (k, s);
      }
  };

  lane_set entry (nb + 1, 0);
  entry[r.entry->index] = 1;
  reach (0, entry);
  while (!work.empty ())
    {
      auto w = work.back ();
      work.pop_back ();
      /* A state merged away since it was queued is covered.  */
      if (at[w.first].count (w.second))
	visit (w.first, w.second, false);
    }
  for (int k = 0; k < n; k++)
    for (const lane_set &s : at[k])
      visit (k, s, true);
}

/* Is register REG live for lanes waiting at the block of index Y of
   region R (Y = number of blocks: lanes that left R)?  */

bool
cpu_plan::live_for_waiting (const simd_region &r, size_t y, uint32_t reg)
  const
{
  bool gone = y == fn->blocks.size ();
  const dir_block *b = gone ? r.exit : fn->blocks[y];
  if (live[b->index][reg])
    return true;
  for (const dir_insn *phi : b->phis)
    {
      /* Lanes waiting at B got its phis' values on the way in.  */
      if (!gone && phi->dest == reg)
	return true;
      /* The join's phis read their operands in the single lane.  */
      if (gone)
	for (const dir_value &v : phi->ops)
	  if (v.reg_p () && v.reg == reg)
	    return true;
    }
  return false;
}

/* Record in MASK_DEFS and MASK_COPIES the writes of the SIMD region R
   that lanes outside their masks may still read.  */

void
cpu_plan::find_masked_writes (const simd_region &r)
{
  region_writes (r, [&] (const dir_insn *i, const dir_block *from,
			 const lane_set &outside) {
    uint32_t reg = i->dest;
    for (size_t y = 0; y < outside.size (); y++)
      if (outside[y] && live_for_waiting (r, y, reg))
	{
	  if (from)
	    mask_copies.insert ({ i, from });
	  else
	    mask_defs.insert (i);
	  return;
	}
  });
}

/* Note that the emitter wrote INSN's register (or, with FROM, the copy
   into the phi INSN from FROM) in SIMD code for the lanes MASK, MASKED
   or not (all lanes change).  */

void
emitter::note_write (const dir_insn *i, const dir_block *from, bool masked,
		     const std::string &mask)
{
  if (opts.verify)
    written[{ i, from }] |= masked ? 2 : 1;
  if (tracked (i->dest))
    put ("  o%u %s %s;\n", i->dest, masked ? "|=" : "=", mask.c_str ());
}

/* The lane checker, a run-time oracle for this file's rule
   (-fplugin-arg-gangway-check-lanes): each register R defined in SIMD
   code gets a mask oR of the lanes for which it holds their own value.  A
   masked write adds its lanes, an unmasked one makes them the only ones;
   a block checks on entry that every lane it runs owns the registers it
   reads from elsewhere, a phi copy that its lanes own the source, scalar
   code after a region that the single lane (lane 0) owns what it reads.
   A failure reports the register, the block and the lanes, and aborts.
   Operands of broadcasts are read in other lanes and not checked.  */

bool
emitter::tracked (uint32_t r) const
{
  return opts.check_lanes && r != DIR_NOREG && fn->regs[r].def
	 && simd (fn->regs[r].def->bb);
}

/* Check that the lanes MASK own the operand V read in block B; in scalar
   code (MASK empty), lane 0.  */

void
emitter::check_lanes (const dir_value &v, const std::string &mask,
		      const dir_block *b)
{
  if (!v.reg_p () || !tracked (v.reg))
    return;
  if (mask.empty ())
    put ("  if (!o%u[0]) gw_lane_fail (\"%s\", %u, %u, 1);\n", v.reg,
	 fn->name.c_str (), v.reg, b->index);
  else
    put ("  if (gw_any%u (%s & ~o%u)) gw_lane_fail (\"%s\", %u, %u, "
	 "gw_bits%u (%s & ~o%u));\n", p, mask.c_str (), v.reg,
	 fn->name.c_str (), v.reg, b->index, p, mask.c_str (), v.reg);
}

/* Check, on entry to block B run by the lanes MASK (scalar code: empty),
   the registers B reads that it does not define itself.  */

void
emitter::check_block_lanes (const dir_block *b, const std::string &mask)
{
  if (!opts.check_lanes)
    return;
  std::set<uint32_t> done;
  for (const dir_insn *i : b->insns)
    {
      if (i->op == DOP_BCAST)
	continue;
      for (const dir_value &v : i->ops)
	if (v.reg_p () && fn->regs[v.reg].def
	    && (fn->regs[v.reg].def->bb != b
		|| fn->regs[v.reg].def->op == DOP_PHI)
	    && done.insert (v.reg).second)
	  check_lanes (v, mask, b);
    }
}

/* At the start of a run of the SIMD region R: no lane owns a register
   of R yet, except the phis of its entry, just copied for every lane.  */

void
emitter::reset_owners (const simd_region &r)
{
  if (!opts.check_lanes)
    return;
  for (const dir_block *b : r.order)
    {
      for (const dir_insn *phi : b->phis)
	put ("  o%u = (gw_m%u) {}%s;\n", phi->dest, p,
	     b == r.entry ? " - 1" : "");
      for (const dir_insn *i : b->insns)
	if (i->dest != DIR_NOREG)
	  put ("  o%u = (gw_m%u) {};\n", i->dest, p);
    }
}

/* The verifier of the emitted SIMD code, run when checking: no write
   emitted without a mask may change a register for lanes outside it
   that still read it (the rule of this file's header, checked on what
   the emitter wrote).  An error is an internal error, reported with the
   device RTL annotated.  */

void
emitter::verify_masks () const
{
  std::map<const dir_insn *, std::string> errors;
  for (const simd_region &r : regions)
    plan.region_writes (r, [&] (const dir_insn *i, const dir_block *from,
				const cpu_plan::lane_set &outside) {
      auto w = written.find ({ i, from });
      if (w == written.end () || !(w->second & 1))
	return;
      for (size_t y = 0; y < outside.size (); y++)
	if (outside[y] && plan.live_for_waiting (r, y, i->dest))
	  {
	    std::string &e = errors[i];
	    std::string what
	      = (from ? "a copy from @" + std::to_string (from->index)
		      + " without a mask"
		 : std::string ("written without a mask"))
		+ ", but lanes "
		+ (y == fn->blocks.size () ? std::string ("that left the region")
		   : "waiting at @" + std::to_string (y))
		+ " still read %" + std::to_string (i->dest);
	    if (e.find (what) == std::string::npos)
	      e += (e.empty () ? "error: " : "; error: ") + what;
	    return;
	  }
    });
  if (errors.empty ())
    return;
  dir_annotations notes;
  notes.insn = [&] (const dir_insn *i) {
    auto e = errors.find (i);
    return e == errors.end () ? std::string () : e->second;
  };
  dir_internal_error (__FILE__, __LINE__,
		      "the cpu code of %s has %zu unmasked write(s) of values "
		      "lanes outside the mask still read:\n%s",
		      fn->name.c_str (), errors.size (),
		      dir_to_string (fn, &notes).c_str ());
}

} // namespace gw_cpu
