/* The cpu target: the plan of a function's C (plan.h), and the pass
   cpu-plan that computes it.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.  */

#include "plan.h"

#include <algorithm>
#include <cinttypes>
#include <cstring>

namespace gw_cpu {

/* The plan of FN for OPTS with chunks of at most WIDEST lanes.  */

std::unique_ptr<cpu_plan>
cpu_plan::make (dir_func *fn, const cpu_emit_options &opts, unsigned widest)
{
  std::unique_ptr<cpu_plan> pl (new cpu_plan (fn));
  pl->max_lanes = opts.max_lanes;
  pl->unmasked = opts.unmasked;
  pl->check_lanes = opts.check_lanes;
  pl->widest = widest;
  try
    {
      pl->analyse ();
    }
  catch (const cannot &c)
    {
      pl->why = c.why;
    }
  return pl;
}

/* The chunk width: a reduction across workers that chunks of the ISA's
   SIMD lanes cannot run (check_chunked_reduce) may run in the fewer
   chunks of the device's widest vector, its values wider than
   registers: then the plan is made again with those.  */

std::unique_ptr<cpu_plan>
cpu_plan::compute (dir_func *fn, const cpu_emit_options &opts)
{
  std::unique_ptr<cpu_plan> pl = make (fn, opts, opts.max_lanes);
  if (pl->why.empty () && !pl->refused.empty ()
      && opts.max_lanes < cpu_max_vector)
    {
      pl = make (fn, opts, cpu_max_vector);
      pl->wide = true;
    }
  return pl;
}

const cpu_plan *
cpu_plan::of (const dir_func *fn, const cpu_emit_options &opts)
{
  if (!fn->analysis || strcmp (fn->analysis->kind (), "cpu-plan") != 0)
    return nullptr;
  const cpu_plan *pl = static_cast<const cpu_plan *> (fn->analysis.get ());
  if (pl->fn != fn || pl->max_lanes != opts.max_lanes
      || pl->unmasked != opts.unmasked
      || pl->check_lanes != opts.check_lanes)
    return nullptr;
  return pl;
}

/* Compute everything the emission needs.  */

void
cpu_plan::analyse ()
{
  dir_fill_cfg (fn);
  std::string error;
  if (!parts.discover (fn, &error))
    throw cannot { "malformed partitions: " + error };
  wlen = std::max (fn->dims[DA_WORKER], 1);
  vlen = std::max (fn->dims[DA_VECTOR], 1);
  frames ();

  /* Divergence, the regions' plans, strides and masks depend on each
     other: a register the masking finds must be per lane varies, which
     may make branches divergent and change the plans.  Iterate until the
     per-lane registers are stable (they only grow).  */
  live = dir_compute_liveness (fn);
  not_affine.assign (fn->regs.size (), false);
  for (;;)
    {
      div.compute (fn, parts, parts.active, per_lane);
      plan_regions ();
      strides ();
      empty_checks ();
      mask_defs.clear ();
      mask_copies.clear ();
      if (!unmasked)
	for (const simd_region &r : regions)
	  find_masked_writes (r);
      bool more = false;
      auto per_lane_reg = [&] (uint32_t reg) {
	if (is_vec (reg))
	  return;
	if (div.varying (reg))
	  not_affine[reg] = true;
	else
	  per_lane.push_back (reg);
	more = true;
      };
      for (const dir_insn *i : mask_defs)
	per_lane_reg (i->dest);
      for (auto &c : mask_copies)
	per_lane_reg (c.first->dest);
      if (!more)
	break;
    }
  find_deferred ();
  find_combined ();
  find_refused ();
  find_prefix ();
}

/* The frames: each lane's own, each worker's and the gang's shared
   ones.  */

void
cpu_plan::frames ()
{
  for (const dir_slot &s : fn->slots)
    {
      uint32_t &size = !s.shared ? frame_size
		       : s.per_worker ? wshared_size : shared_size;
      uint32_t align = std::max<uint32_t> (s.align, 1);
      size = (size + align - 1) / align * align;
      slot_offset.push_back (size);
      size += s.size;
    }
  wshared_size = (wshared_size + 63) / 64 * 64;
  frame_size = (frame_size + 15) / 16 * 16;
}

/* Plan the SIMD regions: each partition of the root is one, over all the
   gang's lanes; partitions nested in it are part of its code.  */

void
cpu_plan::plan_regions ()
{
  regions.clear ();
  region_of.assign (fn->blocks.size (), -1);
  for (gw_partition *n : parts.root ()->children)
    {
      if (n->axis == DA_GANG)
	throw cannot { "a gang partition" };
      /* An empty partition (its fork jumps to its join) is nothing.  */
      if (n->fork->succs[0] == n->join)
	continue;
      if (!p)
	{
	  int most = widest;
	  if (wlen > 1 && wlen * vlen > most)
	    {
	      group = std::max (1, most / vlen);
	      chunks = (wlen + group - 1) / group;
	    }
	  else
	    group = wlen;
	  for (p = 1; (int) p < group * vlen; p *= 2)
	    ;
	}
      simd_region r;
      plan_simd_region (&r, fn, parts, n, div);
      for (const dir_block *b : r.order)
	region_of[b->index] = regions.size ();
      regions.push_back (r);
    }
}

/* Which blocks of the SIMD regions test their mask before running.  */

void
cpu_plan::empty_checks ()
{
  /* Which blocks of the SIMD regions can be entered with an empty mask:
     jumps carry their lanes, so only falling in from the block before can
     bring none, if that block could be skipped itself, kept some of its
     lanes elsewhere, or ends a loop whose lanes went elsewhere.  A block
     that returns or traps brings nothing, but its skip falls in all the
     same (two traps in a row, the checks of gfortran's -fcheck=bounds or
     two aborts at -O0: the second one ran with no lane and trapped).  */
  check.assign (fn->blocks.size (), false);
  for (const simd_region &r : regions)
    for (size_t k = 1; k < r.order.size (); k++)
      {
	const dir_block *prev = r.order[k - 1], *b = r.order[k];
	bool empty = check[prev->index];
	for (const simd_component &c : r.comps)
	  if (c.last == (int) k - 1 && c.check)
	    empty = true;
	const dir_insn *t = prev->terminator ();
	if (t->op == DOP_RET || t->op == DOP_TRAP)
	  ;			/* Nothing falls in but the skip.  */
	else if (div.divergent_branch (prev))
	  empty = true;
	else
	  for (const dir_block *s : t->targets)
	    if (s != b && r.edge (prev, s, div) != SIMD_EDGE_GOTO)
	      empty = true;	/* Some lanes stay behind, or leave.  */
	check[b->index] = empty;
      }
}

/* The deferred atomics of scalar code (SIMD code makes them plain
   atomics).  */

void
cpu_plan::find_deferred ()
{
  deferred.clear ();
  for (const dir_block *b : fn->blocks)
    if (!simd (b) && b->rpo != ~0u)
      for (const dir_insn *i : b->insns)
	if (i->op == DOP_ATOMIC && (i->flags & DIF_DEFERRED))
	  deferred.push_back (i);
}

/* The write-combined atomics: those the pass cpu-combine-atomics flagged
   (wcombine.cc), in the blocks that run; none in a routine (the cache is
   a kernel call's).  */

void
cpu_plan::find_combined ()
{
  wc.clear ();
  wc_rep = nullptr;
  if (fn->kind == DFK_ROUTINE)
    return;
  for (const dir_block *b : fn->blocks)
    if (b->rpo != ~0u)
      for (const dir_insn *i : b->insns)
	if (i->op == DOP_ATOMIC && (i->flags & DIF_COMBINED))
	  {
	    if (!wc_rep)
	      wc_rep = i;
	    wc.insert (i);
	  }
}

/* The start of the kernel that every gang computes alike: from the
   entry, through the blocks that follow one another unconditionally (the
   entry block, the arguments' block, a vector partition's first block),
   up to the first instruction that writes memory (or may: a call, an
   atomic), the uniform values computed from the launch's arguments, the
   number of gangs, the image's globals and constants alone, with plain
   loads from their addresses: the loop bounds read from the argument
   block, the gangs' chunk size and its division.  The exported kernel
   computes them once for all the gangs it runs, and each gang starts
   from them (PREFIX, in order; their registers are defined nowhere else
   but, for a phi, in the copy of its one incoming edge, which copies
   the same value).  A gang reads each of those addresses before it
   writes anything, so it reads what the launch began with unless another
   gang wrote there first; gangs are not ordered, and that gang might as
   well have run after.  Not with write-combined atomics (the gang's
   combining state is the exported kernel's) or lane checks, and only
   with a load: GCC's own loop invariant motion takes the rest out of
   the gangs' loop.  */

void
cpu_plan::find_prefix ()
{
  prefix.clear ();
  in_prefix.clear ();
  if (fn->kind == DFK_ROUTINE || wc_rep || check_lanes)
    return;
  std::vector<unsigned> defs (fn->regs.size ());
  for (const dir_block *bb : fn->blocks)
    {
      for (const dir_insn *i : bb->phis)
	defs[i->dest]++;
      for (const dir_insn *i : bb->insns)
	if (i->dest != DIR_NOREG)
	  defs[i->dest]++;
    }
  std::vector<bool> invariant (fn->regs.size ());
  auto known = [&] (const dir_value &v) {
    return !v.reg_p () || invariant[v.reg];
  };
  /* I, or the phi I with the incoming value IN.  */
  auto take = [&] (const dir_insn *i, const dir_value &in) {
    bool ok = i->dest != DIR_NOREG && defs[i->dest] == 1
	      && !is_vec (i->dest) && !affine[i->dest] && !masked (i)
	      && i->op != DOP_UNDEF
	      && (i->op == DOP_PHI ? known (in)
		  : std::all_of (i->ops.begin (), i->ops.end (), known));
    if (ok)
      {
	invariant[i->dest] = true;
	prefix.push_back ({ i, in });
	in_prefix.insert (i);
      }
  };
  std::vector<bool> seen (fn->blocks.size ());
  const dir_block *prev = nullptr;
  bool ended = false;
  for (const dir_block *b = fn->blocks[0]; b && !ended;)
    {
      /* A block of SIMD code that may run with no lane runs its code
	 only if some lane does.  */
      if (simd (b) && check[b->index])
	break;
      seen[b->index] = true;
      /* A phi's value is the one from the block before.  */
      for (const dir_insn *phi : b->phis)
	for (size_t k = 0; k < phi->ops.size (); k++)
	  if (phi->targets[k] == prev)
	    take (phi, phi->ops[k]);
      for (const dir_insn *i : b->insns)
	{
	  if (i->terminator_p ())
	    break;
	  dir_op_class cls = dir_op_table[i->op].cls;
	  bool value = (cls == DOC_VALUE || cls == DOC_CMP
			|| i->op == DOP_BCAST)
		       && !dir_op_flag (i->op, DOPF_READS | DOPF_WRITES);
	  bool load = i->op == DOP_LOAD
		      && !(i->flags & (DIF_ATOMIC | DIF_VOLATILE));
	  bool gang = i->op == DOP_PARAM || i->op == DOP_ADDR_GLOBAL
		      || (i->op == DOP_DIM_SIZE && i->axis == DA_GANG);
	  if (value || load || gang)
	    take (i, dir_value ());
	  /* The gang's and the lanes' positions, frame addresses, and
	     the markers (nothing to wait for: the lanes run in lockstep)
	     stay in the gang; anything else ends the start.  */
	  else if (i->op != DOP_DIM_POS && i->op != DOP_DIM_SIZE
		   && i->op != DOP_ADDR_LOCAL && i->op != DOP_FORK
		   && i->op != DOP_JOIN && i->op != DOP_BARRIER)
	    {
	      ended = true;
	      break;
	    }
	}
      /* On to the block B always goes to (scalar code takes br.single's
	 first target), if it is entered from the blocks before only.  */
      const dir_insn *t = b->terminator ();
      const dir_block *next = nullptr;
      if (t && (t->op == DOP_BR || (t->op == DOP_BR_SINGLE && !simd (b))))
	next = t->targets[0];
      if (next && (seen[next->index]
		   || !std::all_of (next->preds.begin (), next->preds.end (),
				    [&] (const dir_block *q) {
				      return seen[q->index]; })))
	next = nullptr;
      prev = b;
      b = next;
    }
  /* Without a load, GCC moves the computation out of the gangs' loop
     itself.  */
  if (std::none_of (prefix.begin (), prefix.end (), [] (const auto &e) {
	return e.first->op == DOP_LOAD; }))
    {
      prefix.clear ();
      in_prefix.clear ();
    }
}

/* The REDUCEs across workers that run in several chunks that the chunks
   cannot run: REFUSED, with why (for the emitter).  */

void
cpu_plan::find_refused ()
{
  refused.clear ();
  if (wlen <= 1 || chunks <= 1)
    return;
  for (const simd_region &r : regions)
    for (const dir_block *b : r.order)
      for (const dir_insn *i : b->insns)
	{
	  if (i->op != DOP_REDUCE || !(i->axes & dir_axis_bit (DA_WORKER)))
	    continue;
	  try
	    {
	      check_chunked_reduce (i);
	      if (i->redop == DOP_CMULRE || i->redop == DOP_CMULIM)
		refused[i] = "a complex product across workers that run in "
			     "several chunks of lanes";
	    }
	  catch (const cannot &c)
	    {
	      refused[i] = c.why;
	    }
	}
}

/* A REDUCE across workers that run in several chunks combines each
   chunk's lanes, then the chunks' results in the order the chunks run
   (the last first), so that the lanes of chunk 0, which run last, end
   with the whole combination.  The other chunks see a part of it, which
   is harmless only if nothing they do with it survives chunk 0's run:
   I must run once per chunk (no cycle of the region through it), and
   its value, and every value computed from it, may only be stored to the
   lane's own frame (only global lane 0's is read outside a partition:
   frame.bcast refreshes the others) or to an address every lane shares
   (chunk 0 stores last), or be used after the partition's join.  GCC's
   lowering gives a worker reduction's FINI just those uses.  */

/* Whether the own slot SL only ever holds addresses of own slots: its
   address is only the address of plain loads and stores of 64 bits at
   displacement 0, and each store stores an own slot's address.  */

bool
cpu_plan::holds_own_addresses (uint32_t sl) const
{
  for (const dir_block *b : fn->blocks)
    for (const dir_insn *u : b->insns)
      for (size_t n = 0; n < u->ops.size (); n++)
	{
	  const dir_value &v = u->ops[n];
	  const dir_insn *d = v.reg_p () ? fn->regs[v.reg].def : nullptr;
	  if (!d || d->op != DOP_ADDR_LOCAL || d->slot != sl)
	    continue;
	  if (n != 0 || (u->op != DOP_LOAD && u->op != DOP_STORE)
	      || u->type != DT_I64 || u->disp != 0
	      || (u->flags & (DIF_VOLATILE | DIF_ATOMIC)))
	    return false;
	  if (u->op == DOP_STORE)
	    {
	      const dir_insn *s = (u->ops[1].reg_p ()
				   ? fn->regs[u->ops[1].reg].def : nullptr);
	      if (!s || s->op != DOP_ADDR_LOCAL || fn->slots[s->slot].shared)
		return false;
	    }
	}
  return !fn->slots[sl].shared;
}

void
cpu_plan::check_chunked_reduce (const dir_insn *i) const
{
  const simd_region &r = regions[region_of[i->bb->index]];
  auto refuse = [] () {
    throw cannot { "a reduction across workers that run in several chunks "
		   "of lanes, whose partial value the code after it uses" };
  };
  /* No path from I's block back to it inside the region.  */
  std::vector<bool> seen (fn->blocks.size ());
  std::vector<const dir_block *> work (i->bb->succs.begin (),
				       i->bb->succs.end ());
  while (!work.empty ())
    {
      const dir_block *b = work.back ();
      work.pop_back ();
      if (b == i->bb)
	refuse ();
      if (!r.contains (b) || seen[b->index])
	continue;
      seen[b->index] = true;
      work.insert (work.end (), b->succs.begin (), b->succs.end ());
    }
  /* The values computed from I's, to a fixed point.  */
  std::vector<bool> part (fn->regs.size ());
  part[i->dest] = true;
  auto tainted = [&] (const dir_value &v) { return v.reg_p () && part[v.reg]; };
  auto own_slot_address = [&] (const dir_value &a) {
    const dir_insn *d = a.reg_p () ? fn->regs[a.reg].def : nullptr;
    return d && d->op == DOP_ADDR_LOCAL && !fn->slots[d->slot].shared;
  };
  /* The lane's own frame: an own slot's address, or one loaded from an
     own slot that only ever holds such addresses (at -O0, GCC's pointer
     to the private copy of a reduction of a Fortran dummy argument): a
     lane's copy of it is the lane's own store or frame.bcast's, which
     makes lane 0's addresses the lane's own (gw_frame_copy).  */
  auto own_frame = [&] (const dir_value &a) {
    if (own_slot_address (a))
      return true;
    const dir_insn *d = a.reg_p () ? fn->regs[a.reg].def : nullptr;
    return (d && d->op == DOP_LOAD && d->type == DT_I64 && d->disp == 0
	    && !(d->flags & (DIF_VOLATILE | DIF_ATOMIC))
	    && own_slot_address (d->ops[0])
	    && holds_own_addresses (fn->regs[d->ops[0].reg].def->slot));
  };
  for (bool changed = true; changed;)
    {
      changed = false;
      for (const dir_block *b : r.order)
	for (const auto *list : { &b->phis, &b->insns })
	  for (const dir_insn *u : *list)
	    {
	      if (u == i || (u->dest != DIR_NOREG && part[u->dest])
		  || !std::any_of (u->ops.begin (), u->ops.end (), tainted))
		continue;
	      if (u->op == DOP_STORE && !tainted (u->ops[0])
		  && !(u->flags & (DIF_VOLATILE | DIF_ATOMIC))
		  && (own_frame (u->ops[0]) || !vary (u->ops[0])))
		continue;
	      if (dir_side_effect_p (u) || u->dest == DIR_NOREG
		  || dir_op_flag (u->op, DOPF_READS | DOPF_TRAPS))
		refuse ();
	      part[u->dest] = changed = true;
	    }
    }
}

/* The plan, as comment lines after the function in dumps.  */

void
cpu_plan::print (FILE *f, const dir_func *func) const
{
  (void) func;
  if (!why.empty ())
    {
      fprintf (f, "; cpu-plan: cannot: %s\n", why.c_str ());
      return;
    }
  if (!p)
    fprintf (f, "; cpu-plan: no SIMD code\n");
  else
    fprintf (f, "; cpu-plan: %u lanes: %d worker(s) of %d, %d per chunk, "
	     "%d chunk(s) (at most %u lanes%s)\n", p, wlen, vlen, group,
	     chunks, widest,
	     wide ? ", the widest vector: a reduction across workers needs "
		    "fewer chunks" : "");
  if (!fn->slots.empty ())
    {
      fprintf (f, "; cpu-plan: frames: lane %u, gang %u, worker %u bytes;",
	       frame_size, shared_size, wshared_size);
      for (size_t s = 0; s < fn->slots.size (); s++)
	fprintf (f, " $%zu at %u", s, slot_offset[s]);
      fprintf (f, "\n");
    }
  for (const simd_region &r : regions)
    {
      fprintf (f, "; cpu-plan: %s region, fork @%u, join @%u:",
	       dir_axis_name ((dir_axis) r.part->axis), r.part->fork->index,
	       r.exit->index);
      for (const dir_block *b : r.order)
	fprintf (f, " @%u%s", b->index, check[b->index] ? " (checked)" : "");
      fprintf (f, "\n");
    }
  /* The varying registers, in order.  */
  for (size_t r = 0; r < fn->regs.size (); r++)
    {
      uint32_t reg = r;
      if (!fn->regs[r].def || !div.varying (reg))
	continue;
      std::string s = "; cpu-plan: %" + std::to_string (r);
      if (affine[r])
	s += " affine, strides " + std::to_string (stride[r]) + " (lane) "
	     + std::to_string (wstride[r]) + " (worker)";
      else
	s += " vector";
      if (guard_root[r])
	s += ", guarded by %" + std::to_string (guard_root[r] - 1);
      if (not_affine[r])
	s += ", per lane (masked)";
      if (std::find (per_lane.begin (), per_lane.end (), reg)
	  != per_lane.end ())
	s += ", per lane (uniform, masked)";
      fprintf (f, "%s\n", s.c_str ());
    }
  /* The masked writes, in order.  */
  for (const dir_block *b : fn->blocks)
    {
      for (const dir_insn *phi : b->phis)
	for (const dir_block *from : phi->targets)
	  if (masked_copy (phi, from))
	    fprintf (f, "; cpu-plan: masked copy into %%%u from @%u\n",
		     phi->dest, from->index);
      for (const dir_insn *i : b->insns)
	if (masked (i))
	  fprintf (f, "; cpu-plan: masked %%%u in @%u\n", i->dest, b->index);
    }
  for (const dir_block *b : fn->blocks)
    for (const dir_insn *i : b->insns)
      if (const std::string *why = refusal (i))
	fprintf (f, "; cpu-plan: refused %%%u in @%u: %s\n", i->dest,
		 b->index, why->c_str ());
  if (wc_rep)
    fprintf (f, "; cpu-plan: write-combined atomics (%s.%s): %zu\n",
	     dir_op_name (wc_rep->redop), dir_type_name (wc_rep->type),
	     wc.size ());
  if (!prefix.empty ())
    {
      fprintf (f, "; cpu-plan: gang-invariant start:");
      for (const auto &e : prefix)
	{
	  fprintf (f, " %%%u", e.first->dest);
	  if (e.first->op == DOP_PHI)
	    fprintf (f, " (from @%u)", e.first->bb->index);
	}
      fprintf (f, "\n");
    }
  for (size_t k = 0; k < deferred.size (); k++)
    fprintf (f, "; cpu-plan: deferred atomic %zu in @%u\n", k,
	     deferred[k]->bb->index);
}

} // namespace gw_cpu

/* The pass cpu-plan: the plan of FN's C, left with FN.  */

bool
gw_cpu_plan (dir_func *fn, const gw_pass_context &ctx)
{
  fn->analysis = gw_cpu::cpu_plan::compute (fn, cpu_pass_emit_options (ctx));
  return false;
}
