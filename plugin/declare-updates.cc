/* gangway-declare-updates: the update directives of globals that a
   declare directive names reach the runtime.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   What: a variable that OpenACC's declare directive names at file or
   module scope (create, copyin, device_resident) carries "omp declare
   target", and GCC's lowering leaves such a variable out of the data
   list of every construct: with GCC's own offloading the device image
   holds the variable, so a region uses it in place.  That drops the
   update directive's clauses too, and `update device(g)' passes nothing
   to the runtime, so a device with memory of its own (libgangway keeps
   a copy of each declared global, libruntime/data-map.c) would never see
   the host's new value.  So before GCC lowers the directives, each
   update clause of such a variable names it through its address:

     #pragma omp target oacc_update map(force_to:g [len: 400])
   becomes
     #pragma omp target oacc_update map(force_to:MEM[(float[100] *)&g]
				   [len: 400])

   which GCC maps as the object at that address, as it does `p[0:n]'.
   The other constructs keep GCC's behaviour: the declared copy is present
   for the life of the program, so their clauses would only count
   references.

   Requires: GIMPLE before omplower (the gimplifier's clauses, no CFG).
   Guarantees: no update clause names a declared global directly.
   Invalidates: nothing (clauses only).  */

#include "gcc-api.h"
#include "plugin.h"

namespace {

/* Return true if DECL is a variable that a declare directive names at
   file or module scope, which GCC's lowering leaves out of data lists
   (omp-low.cc, scan_sharing_clauses).  */

bool
declared_global_p (tree decl)
{
  if (!VAR_P (decl) || !is_global_var (decl))
    return false;
  varpool_node *node = varpool_node::get (decl);
  return (node && node->offloadable
	  && !lookup_attribute ("omp declare target link",
				DECL_ATTRIBUTES (decl)));
}

/* walk_gimple_seq's statement callback: rewrite the clauses of each
   update directive.  */

tree
visit (gimple_stmt_iterator *gsi, bool *handled, struct walk_stmt_info *)
{
  gimple *g = gsi_stmt (*gsi);

  *handled = false;
  if (gimple_code (g) != GIMPLE_OMP_TARGET
      || gimple_omp_target_kind (g) != GF_OMP_TARGET_KIND_OACC_UPDATE)
    return NULL_TREE;
  for (tree c = gimple_omp_target_clauses (g); c; c = OMP_CLAUSE_CHAIN (c))
    {
      if (OMP_CLAUSE_CODE (c) != OMP_CLAUSE_MAP)
	continue;
      tree decl = OMP_CLAUSE_DECL (c);
      if (!declared_global_p (decl))
	continue;
      TREE_ADDRESSABLE (decl) = 1;
      tree addr = build1 (ADDR_EXPR, build_pointer_type (TREE_TYPE (decl)),
			  decl);
      OMP_CLAUSE_DECL (c) = build_simple_mem_ref (addr);
      if (dump_file)
	fprintf (dump_file, "update of the declared global %s: by its "
		 "address\n", IDENTIFIER_POINTER (DECL_NAME (decl)));
    }
  return NULL_TREE;
}

const pass_data declare_updates_pass_data = {
  GIMPLE_PASS,			/* type */
  "gangway-declare-updates",	/* name */
  OPTGROUP_OMP,			/* optinfo_flags */
  TV_NONE,			/* tv_id */
  PROP_gimple_any,		/* properties_required */
  0,				/* properties_provided */
  0,				/* properties_destroyed */
  0,				/* todo_flags_start */
  0				/* todo_flags_finish */
};

class pass_gangway_declare_updates : public gimple_opt_pass
{
public:
  pass_gangway_declare_updates (gcc::context *ctxt)
    : gimple_opt_pass (declare_updates_pass_data, ctxt) {}

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

/* Return a new instance of the declare-updates pass.  */

opt_pass *
gw_make_declare_updates_pass (gcc::context *ctxt)
{
  return new pass_gangway_declare_updates (ctxt);
}
