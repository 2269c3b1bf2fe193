/* barriers: synchronise the threads where memory or broadcasts cross them.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   What: after neutering and propagation, the threads of a gang still need
   to wait for each other at some forks and joins:

   - at a worker fork, if it broadcasts anything across workers (the
     single worker's values go through memory: its spill must happen
     before, everyone's fill after a barrier), or if memory was written
     since the last barrier (worker-single code stored what the partition
     may read);
   - at a worker join, if memory was written since the last barrier (the
     partition's workers stored what the single code after it may read);
   - at a vector fork or join, likewise for memory only (vector broadcasts
     are lane permutations, which need no memory; where a target makes
     them go through memory, as ptx does across the warps of a worker,
     its own pass completes them: config/ptx/barriers.cc);
   - after the broadcasts across workers of other blocks (the condition of
     a branch out of worker-single code, which every thread must take
     alike): the same spill, barrier and fill as at a fork.

   "Written since the last barrier" is a forward data-flow problem over the
   blocks: a store makes memory dirty for both axes, a worker barrier
   cleans both, a vector barrier the vector axis.  So a fork that
   propagates nothing into a region, after single code that stores
   nothing, gets no barrier, and neither does the join of a partition that
   only reads.

     @12:  fork worker                 @12:  fork worker
	   %39 = bcast.i64 worker+vector %36   %39 = bcast.i64 worker+vector %36
	   br @13                  =>          barrier worker
					       br @13

   Requires: DIR_PROP_PROPAGATED.
   Invariant after (DIR_PROP_SYNCED): every block that broadcasts across
   workers has a worker barrier after its broadcasts.  The verifier checks
   it.

   See also gcc/config/nvptx/nvptx.cc:nvptx_process_pars, which places a
   bar.sync after every worker fork that propagates and at every worker
   join.  */

#include "passes.h"
#include "partitions.h"

namespace {

const unsigned WORKER = 1u << DA_WORKER, VECTOR = 1u << DA_VECTOR;

/* The axes a barrier on AXIS makes clean: a worker barrier waits for
   every thread of the gang, lanes included.  */

unsigned
cleans (int axis)
{
  return axis == DA_WORKER ? WORKER | VECTOR : VECTOR;
}

/* The index of the last insn of B that broadcasts across workers, or -1.  */

int
last_worker_bcast (const dir_block *b)
{
  int last = -1;
  for (size_t k = 0; k < b->insns.size (); k++)
    {
      const dir_insn *i = b->insns[k];
      if ((i->op == DOP_BCAST || i->op == DOP_FRAME_BCAST)
	  && (i->axes & WORKER))
	last = k;
    }
  return last;
}

} // anon namespace

bool
gw_barriers (dir_func *fn, const gw_pass_context &ctx)
{
  dir_fill_cfg (fn);
  gw_partitions parts;
  std::string error;
  if (!parts.discover (fn, &error))
    dir_internal_error (__FILE__, __LINE__, "barriers: %s", error.c_str ());
  if (!parts.active)
    return false;

  size_t nb = fn->blocks.size ();
  std::vector<unsigned> out (nb, 0), at (nb, 0);
  std::vector<int> axis_at (nb, -1);
  std::vector<dir_block *> order = dir_rpo (fn);
  bool workers = parts.active & WORKER;

  /* Where B's barrier would go: after its last broadcast across workers,
     or at the end of a marker block; and on which axis.  -1 if none can.  */
  std::vector<int> pos (nb, -1);
  for (dir_block *b : order)
    {
      int k = workers ? last_worker_bcast (b) : -1;
      bool marker = !b->insns.empty ()
		    && dir_op_flag (b->insns[0]->op, DOPF_MARKER)
		    && (parts.active & (1u << b->insns[0]->axis));
      if (marker)
	{
	  pos[b->index] = b->insns.size () - 1;
	  axis_at[b->index] = k >= 0 ? DA_WORKER : b->insns[0]->axis;
	}
      else if (k >= 0)
	{
	  pos[b->index] = k + 1;
	  axis_at[b->index] = DA_WORKER;
	}
    }

  /* Iterate to a fixed point.  A barrier, once placed, stays.  */
  std::vector<bool> placed (nb, false);
  bool changed = true;
  while (changed)
    {
      changed = false;
      for (dir_block *b : order)
	{
	  unsigned d = 0;
	  for (const dir_block *p : b->preds)
	    d |= out[p->index];
	  int axis = axis_at[b->index];
	  if (axis >= 0 && !placed[b->index]
	      && ((d & (1u << axis)) || last_worker_bcast (b) >= 0))
	    placed[b->index] = changed = true;
	  at[b->index] = d;
	  for (size_t k = 0; k < b->insns.size (); k++)
	    {
	      if (placed[b->index] && (int) k == pos[b->index])
		d &= ~cleans (axis);
	      if (dir_op_flag (b->insns[k]->op, DOPF_WRITES))
		d |= WORKER | VECTOR;
	    }
	  d &= parts.active;
	  if (d != out[b->index])
	    {
	      out[b->index] = d;
	      changed = true;
	    }
	}
    }

  bool any = false;
  for (dir_block *b : order)
    if (placed[b->index])
      {
	int axis = axis_at[b->index];
	dir_insn *bar = dir_new_insn (fn, DOP_BARRIER);
	bar->axes = 1u << axis;
	dir_insert_at (b, pos[b->index], bar);
	any = true;
	if (ctx.dump)
	  fprintf (ctx.dump, ";; barrier %s in @%u: %s\n",
		   dir_axis_name ((dir_axis) axis), b->index,
		   last_worker_bcast (b) >= 0 ? "broadcasts across workers"
		   : "memory written before");
      }
  return any;
}
