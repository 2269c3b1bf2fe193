/* gangway: capture a device clone and compile it for its target.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   What: a GIMPLE pass right after GCC's "optimized", so it sees each
   device clone fully optimized by GCC with its fork/join markers in place.
   For a device clone it

     1. expands the GIMPLE into device RTL (expand.cc);
     2. runs the device passes of passes/passes.def (pipeline.cc);
     3. hands the result to the clone's target, which adds it to the unit's
	image (config/<target>/);
     4. discards the clone's GIMPLE body, so that the host back end never
	sees device code: the clone leaves no trace in the host object.

   If the expander or the target cannot compile the clone, the user gets a
   warning that names the construct and its location, at the end of the
   unit when every target has had its go (unit.cc): the region runs on
   the host if no target compiled it.

   The device RTL is dumped into this pass's dump file
   (-fdump-tree-gangway, or -fplugin-arg-gangway-dump=PASSES).

   Requires: a device clone in SSA form (clone.cc).
   Guarantees: the clone's body is gone (TODO_discard_function).  */

#include "gcc-api.h"
#include "plugin.h"
#include "../device/passes/passes.h"

namespace {

const pass_data capture_pass_data = {
  GIMPLE_PASS,			/* type */
  "gangway",			/* name */
  OPTGROUP_OMP,			/* optinfo_flags */
  TV_NONE,			/* tv_id */
  PROP_cfg | PROP_ssa,		/* properties_required */
  0,				/* properties_provided */
  0,				/* properties_destroyed */
  0,				/* todo_flags_start */
  0				/* todo_flags_finish */
};

class pass_gangway_capture : public gimple_opt_pass
{
public:
  pass_gangway_capture (gcc::context *ctxt)
    : gimple_opt_pass (capture_pass_data, ctxt) {}

  /* Only device clones are captured.  */
  bool gate (function *fun) final override
  {
    return gw_device_clone_p (fun->decl);
  }

  unsigned int execute (function *) final override;
};

/* The name of the construct the host function HOST was outlined from, for
   messages.  */

} // anon namespace

const char *
gw_construct_name (tree host)
{
  tree attrs = DECL_ATTRIBUTES (host);
  if (lookup_attribute ("oacc serial", attrs))
    return "serial";
  if (lookup_attribute ("oacc kernels", attrs)
      || lookup_attribute ("oacc parallel_kernels_parallelized", attrs)
      || lookup_attribute ("oacc parallel_kernels_gang_single", attrs))
    return "kernels";
  return "parallel";
}

namespace {

unsigned int
pass_gangway_capture::execute (function *fun)
{
  tree clone = fun->decl;
  tree host = gw_host_version (clone);
  const gw_target *target = gw_clone_target (clone);
  dir_level level;
  bool routine = gw_routine_p (clone, &level);

  gw_expand_failure failure;
  std::unique_ptr<dir_func> fn = gw_expand_function (fun, &failure);
  std::string why;
  location_t where = failure.where;
  if (fn)
    {
      fn->host_name = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (host));
      if (routine)
	{
	  /* The expander gave it its kind and signature.  */
	  fn->level = level;
	  fn->name = gw_unit_routine_symbol (clone);
	  fn->exported = gw_unit_clone_exported (clone);
	}
      else
	fn->name = gw_unit_kernel_symbol (host);
      /* A routine's dims: 1 on the axes outside its level, 0 (its
	 caller's) on the others.  */
      bool dims = oacc_get_fn_attrib (clone);
      for (int axis = 0; axis < DA_NUM; axis++)
	fn->dims[axis] = dims ? oacc_get_fn_dim_size (clone, axis) : 1;
      gw_pipeline_options popts = gw_opts.target.pipeline;
      popts.details = dump_file && (dump_flags & TDF_DETAILS);
      popts.cheap_constant_division = target->cheap_constant_division ();
      popts.simd_lanes = target->simd_lanes ();
      popts.target_props = target->properties ();
      /* The target-independent passes, then the target's own and its
	 code (config/module.cc).  */
      if (!gw_run_passes (fn.get (), popts, dump_file, &why)
	  || !gw_unit_add_function (host, target, fn.get (), dump_file, &why))
	{
	  if (why.empty ())
	    why = "the device passes stopped";
	  where = DECL_SOURCE_LOCATION (host);
	  fn.reset ();
	}
    }
  else
    why = failure.why;

  if (!fn)
    {
      if (where == UNKNOWN_LOCATION)
	where = DECL_SOURCE_LOCATION (host);
      /* The warning waits for the other targets (unit.cc).  */
      if (routine)
	gw_unit_note_routine_failure (clone, target, where, why);
      else
	gw_unit_note_failure (host, target, where, why);
      if (dump_file)
	fprintf (dump_file, "not compiled for %s: %s\n", target->name (),
		 why.c_str ());
      if (dump_enabled_p ())
	dump_printf_loc (MSG_MISSED_OPTIMIZATION,
			 dump_user_location_t::from_location_t (where),
			 "gangway %s device: not compiled: %s\n",
			 target->name (), why.c_str ());
    }

  /* The clone has served its purpose: drop its body and keep it out of
     the assembly.  */
  TREE_ASM_WRITTEN (clone) = 1;
  return TODO_discard_function;
}

} // anon namespace

/* Return a new instance of the capture pass.  */

opt_pass *
gw_make_capture_pass (gcc::context *ctxt)
{
  return new pass_gangway_capture (ctxt);
}
