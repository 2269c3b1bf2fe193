/* gangway-routine-locals: a partitioned routine's own variables are one
   per call, shared by the threads that make it.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   What: a gang, worker or vector routine is called by all the threads
   of its axes together (docs/internals.md 8.4), and runs its code
   outside its partitioned loops in single mode on those axes, as a
   region runs its own body.  A variable it declares there is the one
   variable of that call: a worker loop of the routine that stores into
   it stores into that variable, and the single code after the loop
   reads every iteration's store.  GCC gives a region's own variables
   the gang level (they become a frame slot the gang's threads share,
   hooks.cc) but gives a routine's none, so they stayed in each
   thread's own frame: each thread stored its own iterations into its
   own copy and the single thread read back only its own (a worker
   routine's `float t[32]', filled by a worker loop and summed after it:
   garbage on both targets; at -O1 and above an ICE where the routine
   was inlined, frame-addresses recomputing the copy's address after a
   join).  So, before omplower, the variables declared in a partitioned
   routine outside its partitioned loops get a mark, "gangway call",
   that the expander reads as that of a gang- or worker-private
   variable (gw_call_shared_p):

     #pragma acc routine worker
     void row (const float *a, float *out, int i)
     {
       float t[32];           // "gangway call": one per call (per gang)
       #pragma acc loop worker
       for (int j = 0; j < 32; ++j)
	 { float u[2]; ... }  // the loop's: left to GCC (worker level)

   In a gang or worker routine the variable is one per gang (the call's
   threads are the gang's); in a vector routine one per worker (each
   worker calls it).  The mark's value is (PER_WORKER . VAR), VAR the
   variable itself: its copies that inlining and the device clones make
   (whose DECL_ORIGIN is VAR) are the call's too, but the copies
   omp-low makes of it for a loop's private or reduction clause carry
   the attribute list and are not (their origin is themselves): they
   are the loop's, with GCC's level.  The body
   of a `loop seq' runs in the mode around it and is walked; that of any
   other loop (gang, worker, vector, auto, independent, bare: GCC may
   partition it) is not: its variables get the loop's level from GCC's
   privatization.  Only variables the user declared are marked:
   gimplifier temporaries of a loop's body may sit in the routine's
   outer scope and are per thread.  Seq routines are left alone: they
   run in the thread that calls them.

   Requires: GIMPLE before omplower (GIMPLE_BIND scopes, no CFG).
   Guarantees: in a gang, worker or vector routine, every local
   non-static variable the user declared outside its partitioned loops
   carries "gangway call".
   Invalidates: nothing (attributes only).  */

#include "gcc-api.h"
#include "plugin.h"

namespace {

/* What the walk of one routine carries: the mark's PER_WORKER (NULL_TREE
   one per gang, integer_one_node one per worker) and how many it
   marked.  */
struct marking
{
  tree value;
  unsigned count;
};

/* Mark the user's variables of BIND with M's value, and count them.  */

void
mark_vars (gbind *bind, marking *m)
{
  for (tree v = gimple_bind_vars (bind); v; v = DECL_CHAIN (v))
    if (VAR_P (v) && !TREE_STATIC (v) && !DECL_EXTERNAL (v)
	&& !DECL_ARTIFICIAL (v)
	&& !lookup_attribute ("gangway call", DECL_ATTRIBUTES (v)))
      {
	DECL_ATTRIBUTES (v)
	  = tree_cons (get_identifier ("gangway call"),
		       tree_cons (m->value, v, NULL_TREE), DECL_ATTRIBUTES (v));
	m->count++;
      }
}

/* walk_gimple_seq's statement callback: mark the variables of the
   scopes outside partitioned loops; do not enter those loops.  */

tree
visit (gimple_stmt_iterator *gsi, bool *handled, struct walk_stmt_info *wi)
{
  gimple *g = gsi_stmt (*gsi);
  marking *m = (marking *) wi->info;

  *handled = false;
  if (gbind *bind = dyn_cast <gbind *> (g))
    mark_vars (bind, m);
  else if (gimple_code (g) == GIMPLE_OMP_FOR
	   && gimple_omp_for_kind (g) == GF_OMP_FOR_KIND_OACC_LOOP
	   && !omp_find_clause (gimple_omp_for_clauses (g), OMP_CLAUSE_SEQ))
    *handled = true;
  return NULL_TREE;
}

const pass_data routine_locals_pass_data = {
  GIMPLE_PASS,			/* type */
  "gangway-routine-locals",	/* name */
  OPTGROUP_OMP,			/* optinfo_flags */
  TV_NONE,			/* tv_id */
  PROP_gimple_any,		/* properties_required */
  0,				/* properties_provided */
  0,				/* properties_destroyed */
  0,				/* todo_flags_start */
  0				/* todo_flags_finish */
};

class pass_gangway_routine_locals : public gimple_opt_pass
{
public:
  pass_gangway_routine_locals (gcc::context *ctxt)
    : gimple_opt_pass (routine_locals_pass_data, ctxt) {}

  bool gate (function *fun) final override
  {
    dir_level level;
    return (flag_openacc && !seen_error () && !gw_opts.targets.empty ()
	    && gw_routine_p (fun->decl, &level) && level != DL_SEQ);
  }

  unsigned int execute (function *fun) final override
  {
    dir_level level;
    gw_routine_p (fun->decl, &level);
    marking m = { level == DL_VECTOR ? integer_one_node : NULL_TREE, 0 };
    struct walk_stmt_info wi;
    memset (&wi, 0, sizeof wi);
    wi.info = &m;
    walk_gimple_seq (gimple_body (fun->decl), visit, NULL, &wi);
    if (dump_file)
      fprintf (dump_file, "Gangway %s routine: %u variable%s one per %s\n",
	       level == DL_GANG ? "gang" : level == DL_WORKER ? "worker"
	       : "vector", m.count, m.count == 1 ? "" : "s",
	       m.value ? "worker" : "gang");
    return 0;
  }
};

} // anon namespace

/* If DECL is the call's variable of a partitioned routine (or a copy
   of it that inlining or cloning made), return true and set *PER_WORKER
   (one per worker, else one per gang).  */

bool
gw_call_shared_p (tree decl, bool *per_worker)
{
  tree a = lookup_attribute ("gangway call", DECL_ATTRIBUTES (decl));
  if (!a || DECL_ORIGIN (decl) != TREE_VALUE (TREE_VALUE (a)))
    return false;
  *per_worker = TREE_PURPOSE (TREE_VALUE (a)) != NULL_TREE;
  return true;
}

/* Return a new instance of the routine-locals pass.  */

opt_pass *
gw_make_routine_locals_pass (gcc::context *ctxt)
{
  return new pass_gangway_routine_locals (ctxt);
}
