/* gangway-seq-private: give the variables declared in the body of a seq
   loop the privatization level of the code the loop runs in.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   What: omp-low lists the addressable variables declared in an OpenACC
   loop's body in an IFN_UNIQUE (OACC_PRIVATE) marker at the loop's head,
   and oaccloops gives the marker the loop's partitioning level, which
   oaccdevlow hands to targetm.goacc.adjust_private_decl: at the gang or
   worker level the variable is one per gang or per worker, which
   Gangway makes a shared frame slot (hooks.cc); at the vector level it
   stays in each thread's own frame.  The variables of a region's own
   body get a marker of the gang level.  A seq loop (or an auto loop
   oaccloops made seq) partitions nothing, so oaccloops leaves its
   marker at level -1 ("UNKNOWN"), oaccdevlow adjusts nothing, and the
   variable used to stay in each thread's own frame.  But a seq loop's
   body runs in the mode of the code around it: in a `parallel loop seq'
   one thread per gang runs it, as it runs the region's own body.  When
   partitioned code reached the variable (a worker or vector routine it
   is passed to, the vector loop of such a routine inlined there), each
   thread wrote its own copy, and the single thread read only its own
   lane's stores back.  So each such marker gets the level of the
   innermost partitioned loop around the seq loop, the level a variable
   declared right there has:

     .data_dep.2 = .UNIQUE (OACC_HEAD_MARK, 0, 1, 5);
     .data_dep.3 = .UNIQUE (OACC_PRIVATE, .data_dep.2, -1, &la);
     .data_dep.4 = .UNIQUE (OACC_FORK, .data_dep.3, -1);
   becomes, in gang-redundant code (no partitioned loop around),
     .data_dep.3 = .UNIQUE (OACC_PRIVATE, .data_dep.2, 0, &la);

   and in a worker loop level 1, in a vector loop level 2 (a thread's
   own, as before).  A seq loop of a region that is inside no partitioned
   loop gets the gang level, as the region's body does.  One at the top
   level of a routine is left as it is: its variables are then like the
   routine's own, which GCC does not mark either, and which
   gangway-routine-locals (routine-locals.cc) has marked one per call.

   The loop around a marker is found from the fork markers: a walk from
   the entry carries the levels of the forks opened and not yet joined
   (the forks and joins of partitioned loops nest; a seq loop's have
   level -1).

   Requires: oaccloops has set the markers' levels (the pass runs right
   before oaccdevlow).
   Guarantees: in a device clone, no OACC_PRIVATE marker inside a
   partitioned loop, or outside every partitioned loop of a region, is
   left at level -1.
   Invalidates: nothing (only the markers' level arguments change).

   See also gcc/omp-offload.cc:oacc_loop_process, which sets the levels
   of partitioned loops' markers, and
   gcc/omp-low.cc:lower_oacc_private_marker, which makes them.  */

#include "gcc-api.h"
#include "plugin.h"

#include <utility>
#include <vector>

namespace {

/* The kind of the IFN_UNIQUE call CALL.  */

ifn_unique_kind
unique_kind (const gcall *call)
{
  return (ifn_unique_kind) TREE_INT_CST_LOW (gimple_call_arg (call, 0));
}

/* The level argument of CALL, an OACC_FORK, OACC_JOIN or OACC_PRIVATE
   marker: an axis, or -1.  */

int
marker_level (const gcall *call)
{
  return (int) TREE_INT_CST_LOW (gimple_call_arg (call, 2));
}

/* The innermost axis among OPEN, the levels of the forks open at a
   point, or -1 if none is partitioned.  */

int
innermost_axis (const std::vector<int> &open)
{
  int axis = -1;
  for (int level : open)
    axis = std::max (axis, level);
  return axis;
}

/* Give the OACC_PRIVATE markers of level -1 in FUN, a device clone, the
   level of the partitioned code around them, or OUTER (-1: leave them)
   outside every partitioned loop.  Write what was done to the dump file.
   Return the number of markers changed.  */

unsigned
set_seq_private_levels (function *fun, int outer)
{
  unsigned changed = 0;
  std::vector<bool> seen (last_basic_block_for_fn (fun));
  std::vector<std::pair<basic_block, std::vector<int>>> work;
  work.push_back ({ ENTRY_BLOCK_PTR_FOR_FN (fun), {} });
  seen[ENTRY_BLOCK_PTR_FOR_FN (fun)->index] = true;
  while (!work.empty ())
    {
      basic_block bb = work.back ().first;
      std::vector<int> open = std::move (work.back ().second);
      work.pop_back ();
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	   gsi_next (&gsi))
	{
	  gcall *call = dyn_cast <gcall *> (gsi_stmt (gsi));
	  if (!call || !gimple_call_internal_p (call, IFN_UNIQUE))
	    continue;
	  switch (unique_kind (call))
	    {
	    case IFN_UNIQUE_OACC_FORK:
	      open.push_back (marker_level (call));
	      break;
	    case IFN_UNIQUE_OACC_JOIN:
	      if (!open.empty ())
		open.pop_back ();
	      break;
	    case IFN_UNIQUE_OACC_PRIVATE:
	      {
		if (marker_level (call) != -1)
		  break;
		int level = innermost_axis (open);
		if (level < 0)
		  level = outer;
		if (level < 0)
		  break;
		*gimple_call_arg_ptr (call, 2)
		  = build_int_cst (unsigned_type_node, level);
		update_stmt (call);
		changed++;
		if (dump_file)
		  {
		    static const char *const axes[] = { "gang", "worker",
							"vector" };
		    fprintf (dump_file, "Gangway seq loop variables at "
			     "privatization level %s:", axes[level]);
		    for (unsigned i = 3; i < gimple_call_num_args (call); i++)
		      {
			fputc (' ', dump_file);
			print_generic_expr (dump_file,
					    gimple_call_arg (call, i));
		      }
		    fputc ('\n', dump_file);
		  }
	      }
	      break;
	    default:
	      break;
	    }
	}
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
	if (!seen[e->dest->index])
	  {
	    seen[e->dest->index] = true;
	    work.push_back ({ e->dest, open });
	  }
    }
  return changed;
}

const pass_data seq_private_pass_data = {
  GIMPLE_PASS,			/* type */
  "gangway-seq-private",	/* name */
  OPTGROUP_OMP,			/* optinfo_flags */
  TV_NONE,			/* tv_id */
  PROP_cfg,			/* properties_required */
  0,				/* properties_provided */
  0,				/* properties_destroyed */
  0,				/* todo_flags_start */
  0				/* todo_flags_finish */
};

class pass_gangway_seq_private : public gimple_opt_pass
{
public:
  pass_gangway_seq_private (gcc::context *ctxt)
    : gimple_opt_pass (seq_private_pass_data, ctxt) {}

  bool gate (function *fun) final override
  {
    return gw_device_clone_p (fun->decl);
  }

  unsigned int execute (function *fun) final override
  {
    /* Outside every partitioned loop, a region's code is gang-redundant:
       its variables are the gang's.  */
    tree attrs = oacc_get_fn_attrib (fun->decl);
    int outer = attrs && oacc_fn_attrib_level (attrs) < 0 ? GOMP_DIM_GANG : -1;
    set_seq_private_levels (fun, outer);
    return 0;
  }
};

} // anon namespace

/* Return a new instance of the seq-loop privatization pass.  */

opt_pass *
gw_make_seq_private_pass (gcc::context *ctxt)
{
  return new pass_gangway_seq_private (ctxt);
}
