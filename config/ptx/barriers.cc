/* ptx-barriers: the vector barriers that complete the ptx target's
   broadcasts through memory, a device pass (config/ptx/passes.def).
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   What: a worker of a vector length above the warp (64 .. 1024 lanes)
   is several warps, across which the reorg's vector broadcasts cannot
   be shuffles: the single lane stores the value into its worker's part
   of a .shared buffer (gw_vbuf) and every lane loads it after a barrier
   of the worker's threads (reorg.cc).  The target-independent barriers
   pass places the worker barriers that complete broadcasts across
   workers, and the barriers memory needs at forks and joins; this pass
   places the vector barrier that completes each run of vector
   broadcasts through gw_vbuf: before the first instruction after them
   that is neither a broadcast nor a barrier of an axis of size above 1
   (which completes them itself), the terminator at the latest.

     @5:  fork vector                  @5:  fork vector
	  %9 = bcast.i32 vector %8          %9 = bcast.i32 vector %8
	  br @6                      =>       barrier vector
					      br @6

   The emitter prints it as it prints any vector barrier of such a
   worker (bar.sync 1+tid.y, VLEN, or bar.sync 1, VLEN with one worker),
   and loads the broadcasts after it.

   Which broadcasts go through gw_vbuf is the emitter's rule
   (reorg.cc: emit_bcast, emit_frame_bcast), for the function's own
   dimensions (a worker or vector routine runs once per shape, config/
   module.cc, with the shape's): with a vector length above 32, a bcast
   of a register, or a frame.bcast of a slot that is not shared, whose
   axes, less those of size 1, are the vector axis alone.  A broadcast
   of an immediate is a move; one on the worker axis (of more than one
   worker) goes through gw_wbuf and waits for a worker barrier; one on
   no axis of size above 1 is nothing.  Broadcasts that do not fill
   gw_vbuf do not end a run either: the emitter lets them through.

   Requires: no property checked (REQUIRES 0: the emitter also prints
   functions of one thread that never went through the reorg, which
   have nothing for it to do); it is meant for the reorg's result
   (DIR_PROP_SYNCED): the broadcasts it completes are propagate's, and
   the barriers pass's barriers complete them too.
   Guarantees: in each block, a barrier on the vector axis, or on the
   worker axis of more than one worker, comes between every broadcast
   through gw_vbuf and the next instruction that is neither a broadcast
   nor such a barrier (the terminator at the latest); with a vector
   length of at most 32 the function is unchanged.
   Invalidates: nothing (instructions are added: no register, block or
   edge changes).

   Disabled (-fplugin-arg-gangway-disable=ptx-barriers), the emitter
   finds the loads of such a broadcast pending at an instruction that
   needs them done and refuses the function ("vector broadcasts across
   warps without a barrier after them"): the region then has no ptx
   code, rather than PTX that reads gw_vbuf before the single lane wrote
   it.  Functions of at most 32 lanes are unaffected.  */

#include "ptx.h"

#include <algorithm>

namespace {

const unsigned WORKER = 1u << DA_WORKER, VECTOR = 1u << DA_VECTOR;

/* Does I store into gw_vbuf what the lanes of its worker load after the
   next barrier, in a function of a vector length above the warp whose
   axes of size above 1 are ACTIVE?  */

bool
fills_vbuf (const dir_func *fn, const dir_insn *i, unsigned active)
{
  unsigned axes = i->axes & active;
  if (!(axes & VECTOR) || (axes & WORKER))
    return false;
  if (i->op == DOP_BCAST)
    return !i->ops.empty () && !i->ops[0].imm_p ();
  if (i->op == DOP_FRAME_BCAST)
    for (uint32_t s : i->slots)
      if (s < fn->slots.size () && !fn->slots[s].shared)
	return true;
  return false;
}

/* Does I complete the broadcasts pending in gw_vbuf itself: a barrier on
   an axis of size above 1?  */

bool
completes (const dir_insn *i, unsigned active)
{
  return i->op == DOP_BARRIER && (i->axes & active);
}

} // anon namespace

bool
gw_ptx_barriers (dir_func *fn, const gw_pass_context &ctx)
{
  /* The emitter's dimensions (emit.cc, emitter::run).  */
  int wlen = std::max (fn->dims[DA_WORKER], 1);
  int vlen = std::max (fn->dims[DA_VECTOR], 1);
  if (vlen <= ptx_warp_size)
    return false;
  unsigned active = VECTOR | (wlen > 1 ? WORKER : 0);

  bool changed = false;
  for (dir_block *b : fn->blocks)
    {
      /* Broadcasts of this block wait in gw_vbuf.  */
      bool pending = false;
      for (size_t k = 0; k < b->insns.size (); k++)
	{
	  dir_insn *i = b->insns[k];
	  if (pending && i->op != DOP_BCAST && i->op != DOP_FRAME_BCAST
	      && !completes (i, active))
	    {
	      dir_insn *bar = dir_new_insn (fn, DOP_BARRIER);
	      bar->axes = VECTOR;
	      dir_insert_at (b, k++, bar);
	      pending = false;
	      changed = true;
	      if (ctx.dump)
		fprintf (ctx.dump, ";; barrier vector in @%u of %s before %s: "
			 "vector broadcasts through .shared memory "
			 "(%d lanes)\n", b->index, fn->name.c_str (),
			 dir_op_name (i->op), vlen);
	    }
	  if (completes (i, active))
	    pending = false;
	  else if (fills_vbuf (fn, i, active))
	    pending = true;
	}
    }
  return changed;
}
