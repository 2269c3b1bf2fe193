/* gangway-serial-loops: the loops of a serial construct that calls
   partitioned routines stay sequential.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   What: a serial construct runs as one gang of one worker with a vector
   length of one, and GCC lowers its loops for those dimensions: whatever
   partitioning they have or GCC assigns them runs on one thread.  But a
   region that calls a worker or vector routine runs at the vector length
   the routine was compiled for (one variant of each routine serves
   every caller, docs/internals.md section 8), and the targets' dimension
   hooks give such a serial region that length ("using vector_length (16)
   due to a call of a vector-partitionable routine, ignoring 1"): its own
   loops, those GCC partitions (a bare `loop', `loop auto', `loop
   independent', `loop vector'), then run on that many lanes, and race on
   what they update (a serial construct's reduction, a scalar: s = 7
   instead of 100).  So before GCC lowers the regions, the loops of a
   serial construct that calls such a routine lose their partitioning
   clauses and become `seq':

     #pragma omp target oacc_serial ...
       #pragma acc loop private(j)           // GCC would make it vector
	 for (j = 0; j < n; j = j + 1) s = s + a[j];
       rw (b, n);                            // a worker routine
   becomes
     #pragma omp target oacc_serial ...
       #pragma acc loop seq private(j)

   The routines themselves keep their loops' partitioning: they run on
   the region's lanes, as everywhere.  A serial construct that calls no
   partitioned routine is left alone (its loops already run on one
   thread).

   Requires: GIMPLE before omplower (the gimplifier's clauses, no CFG).
   Guarantees: a serial construct's loops run on one thread.
   Invalidates: nothing (clauses only).  */

#include "gcc-api.h"
#include "plugin.h"

namespace {

/* walk_gimple_seq's statement callback for calls_partitioned_routine_p:
   stop at a call of a gang, worker or vector routine, whose name goes to
   WI->info.  */

tree
find_partitioned_call (gimple_stmt_iterator *gsi, bool *handled,
		       struct walk_stmt_info *wi)
{
  gimple *g = gsi_stmt (*gsi);
  dir_level level;

  *handled = false;
  if (is_gimple_call (g) && gw_routine_p (gimple_call_fndecl (g), &level)
      && level != DL_SEQ)
    {
      *handled = true;
      wi->info = gimple_call_fndecl (g);
      return gimple_call_fndecl (g);
    }
  return NULL_TREE;
}

/* Return the first gang, worker or vector routine SEQ calls, or
   NULL_TREE.  */

tree
calls_partitioned_routine_p (gimple_seq seq)
{
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  walk_gimple_seq (seq, find_partitioned_call, NULL, &wi);
  return (tree) wi.info;
}

/* Make the OpenACC loop LOOP sequential: drop its partitioning clauses
   (gang, worker, vector, auto, independent) and give it seq, unless it
   has it.  */

void
make_seq (gomp_for *loop)
{
  tree *pc = gimple_omp_for_clauses_ptr (loop);
  bool seq = false;

  while (*pc)
    switch (OMP_CLAUSE_CODE (*pc))
      {
      case OMP_CLAUSE_GANG:
      case OMP_CLAUSE_WORKER:
      case OMP_CLAUSE_VECTOR:
      case OMP_CLAUSE_AUTO:
      case OMP_CLAUSE_INDEPENDENT:
	*pc = OMP_CLAUSE_CHAIN (*pc);
	break;
      case OMP_CLAUSE_SEQ:
	seq = true;
	/* Fall through.  */
      default:
	pc = &OMP_CLAUSE_CHAIN (*pc);
      }
  if (!seq)
    {
      tree c = build_omp_clause (gimple_location (loop), OMP_CLAUSE_SEQ);
      OMP_CLAUSE_CHAIN (c) = gimple_omp_for_clauses (loop);
      gimple_omp_for_set_clauses (loop, c);
    }
}

/* walk_gimple_seq's statement callback for the loops of a serial
   construct: each becomes sequential.  */

tree
visit_loop (gimple_stmt_iterator *gsi, bool *handled, struct walk_stmt_info *)
{
  gimple *g = gsi_stmt (*gsi);

  *handled = false;
  if (gimple_code (g) == GIMPLE_OMP_FOR
      && gimple_omp_for_kind (g) == GF_OMP_FOR_KIND_OACC_LOOP)
    make_seq (as_a <gomp_for *> (g));
  return NULL_TREE;
}

/* walk_gimple_seq's statement callback for a function's body: the serial
   constructs that call partitioned routines get sequential loops.  */

tree
visit (gimple_stmt_iterator *gsi, bool *handled, struct walk_stmt_info *)
{
  gimple *g = gsi_stmt (*gsi);

  *handled = false;
  if (gimple_code (g) != GIMPLE_OMP_TARGET
      || gimple_omp_target_kind (g) != GF_OMP_TARGET_KIND_OACC_SERIAL)
    return NULL_TREE;
  *handled = true;
  gimple_seq body = gimple_omp_body (g);
  if (tree routine = calls_partitioned_routine_p (body))
    {
      struct walk_stmt_info wi;
      memset (&wi, 0, sizeof wi);
      walk_gimple_seq (body, visit_loop, NULL, &wi);
      if (dump_enabled_p ())
	{
	  dump_user_location_t loc
	    = dump_user_location_t::from_location_t (gimple_location (g));
	  dump_printf_loc (MSG_OPTIMIZED_LOCATIONS | MSG_PRIORITY_USER_FACING,
			   loc, "gangway: the loops of this serial construct "
			   "run sequentially; it calls the partitioned "
			   "routine %qs\n",
			   lang_hooks.decl_printable_name (routine, 2));
	}
    }
  return NULL_TREE;
}

const pass_data serial_loops_pass_data = {
  GIMPLE_PASS,			/* type */
  "gangway-serial-loops",	/* name */
  OPTGROUP_OMP,			/* optinfo_flags */
  TV_NONE,			/* tv_id */
  PROP_gimple_any,		/* properties_required */
  0,				/* properties_provided */
  0,				/* properties_destroyed */
  0,				/* todo_flags_start */
  0				/* todo_flags_finish */
};

class pass_gangway_serial_loops : public gimple_opt_pass
{
public:
  pass_gangway_serial_loops (gcc::context *ctxt)
    : gimple_opt_pass (serial_loops_pass_data, ctxt) {}

  bool gate (function *) final override
  {
    return flag_openacc && !seen_error () && !gw_opts.targets.empty ();
  }

  unsigned int execute (function *fun) final override
  {
    struct walk_stmt_info wi;
    memset (&wi, 0, sizeof wi);
    walk_gimple_seq (gimple_body (fun->decl), visit, NULL, &wi);
    return 0;
  }
};

} // anon namespace

/* Return a new instance of the serial-loops pass.  */

opt_pass *
gw_make_serial_loops_pass (gcc::context *ctxt)
{
  return new pass_gangway_serial_loops (ctxt);
}
