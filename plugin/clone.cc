/* gangway-clone: make a device clone of every OpenACC compute region and
   routine.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   What: a SIMPLE_IPA_PASS right after GCC's ipa_oacc.  For each function
   GCC outlined from a parallel, kernels or serial construct (attribute
   "oacc function", not a routine), for each routine with a body in the
   unit (gw_routine_p), and for each enabled target, it makes a versioned
   clone marked "gangway device".  The original stays the host version;
   the clone then goes through the whole per-function pipeline, where
   GCC's OpenACC lowering consults the target's hooks (hooks.cc) and the
   gangway pass captures it (capture.cc).  Calls of routines in the
   device clones of a target are redirected to the routines' clones for
   that target (docs/internals.md, section 8.2).

   A region that uses something the device cannot do yet and that GCC
   would otherwise lower in host form (an atomic construct GCC made a
   critical section of, GOMP_atomic_start/end) gets a warning and no
   clone: it runs on the host.  Everything else unsupported is
   found after optimization, by the expander.

   The pass also rewrites every launch (GOACC_parallel_keyed) of the unit
   into a call of libgangway's gangway_parallel_keyed, and creates the
   unit's registration constructor (unit.cc).

   Requires: GIMPLE bodies in SSA form, after ipa_oacc.
   Guarantees: every device clone has the attribute
     "gangway device" (HOST-DECL TARGET-NAME)
   and optimization options without vectorization or loop distribution,
   whose vector types and library calls the device RTL does not have; a
   device clone calls no routine of the unit that has a clone for its
   target, only that clone.  */

#include "gcc-api.h"
#include "plugin.h"

static const char clone_attr[] = "gangway device";

/* Return true if FNDECL is a device clone.  */

bool
gw_device_clone_p (const_tree fndecl)
{
  return fndecl && TREE_CODE (fndecl) == FUNCTION_DECL
	 && lookup_attribute (clone_attr, DECL_ATTRIBUTES (fndecl));
}

/* Return the host version of the device clone CLONE.  */

tree
gw_host_version (const_tree clone)
{
  tree a = lookup_attribute (clone_attr, DECL_ATTRIBUTES (clone));
  return a ? TREE_VALUE (TREE_VALUE (a)) : NULL_TREE;
}

/* Return the target of CLONE, or null if it is not a device clone.  */

const gw_target *
gw_clone_target (const_tree clone)
{
  if (!clone || TREE_CODE (clone) != FUNCTION_DECL)
    return nullptr;
  tree a = lookup_attribute (clone_attr, DECL_ATTRIBUTES (clone));
  if (!a)
    return nullptr;
  tree name = TREE_VALUE (TREE_CHAIN (TREE_VALUE (a)));
  return gw_find_target (TREE_STRING_POINTER (name));
}

/* PLUGIN_PRE_GENERICIZE, for the function FNDECL (GCC_DATA): a member
   function of a C++ lambda's closure type (its operator (), or the
   static function its conversion to a function pointer returns) gets
   the attribute "gangway lambda", which makes it a seq routine
   (gw_routine_p).  The closure type's name is an anonymous identifier the
   C++ front end marks with its protected flag (cp-tree.h,
   IDENTIFIER_LAMBDA_P); only the front end's trees say so: GCC's
   free_lang_data forgets it before the IPA passes.  */

void
gw_mark_lambda (void *gcc_data, void *)
{
  tree fndecl = (tree) gcc_data;
  if (!lang_GNU_CXX () || !fndecl || TREE_CODE (fndecl) != FUNCTION_DECL)
    return;
  tree ctx = DECL_CONTEXT (fndecl);
  if (!ctx || TREE_CODE (ctx) != RECORD_TYPE)
    return;
  tree name = TYPE_NAME (TYPE_MAIN_VARIANT (ctx));
  if (name && TREE_CODE (name) == TYPE_DECL)
    name = DECL_NAME (name);
  if (name && TREE_CODE (name) == IDENTIFIER_NODE && IDENTIFIER_ANON_P (name)
      && name->base.protected_flag
      && !lookup_attribute ("gangway lambda", DECL_ATTRIBUTES (fndecl)))
    DECL_ATTRIBUTES (fndecl) = tree_cons (get_identifier ("gangway lambda"),
					  NULL_TREE,
					  DECL_ATTRIBUTES (fndecl));
}

/* Return true if FNDECL is a routine: a function GCC marked for the
   device, with "oacc function" of a routine's level (an OpenACC routine
   directive) or with "omp declare target" alone (OpenMP's marking, and
   GCC's implicit one), which is a seq routine; or a C++ lambda, which
   the user cannot mark (the directive must be at file scope) and which
   is a seq routine of the unit that defines it.  Set *LEVEL to its
   level.  A compute region's function is not a routine.  */

bool
gw_routine_p (const_tree fndecl, dir_level *level)
{
  if (!fndecl || TREE_CODE (fndecl) != FUNCTION_DECL)
    return false;
  tree decl = CONST_CAST_TREE (fndecl);
  if (tree attrs = oacc_get_fn_attrib (decl))
    {
      int l = oacc_fn_attrib_level (attrs);
      if (l < 0)
	return false;
      *level = l >= GOMP_DIM_MAX ? DL_SEQ : (dir_level) l;
      return true;
    }
  if ((lookup_attribute ("omp declare target", DECL_ATTRIBUTES (decl))
       && !lookup_attribute ("omp target entrypoint", DECL_ATTRIBUTES (decl)))
      || lookup_attribute ("gangway lambda", DECL_ATTRIBUTES (decl)))
    {
      *level = DL_SEQ;
      return true;
    }
  return false;
}

/* The routines of the unit that have no device clone, and why (a
   construct the device cannot run yet, found before cloning).  */
static hash_map<tree, const char *> *refused_routines;

/* If the routine DECL has a body in the unit but no device clone, return
   why; else null.  */

const char *
gw_routine_refusal (tree decl)
{
  if (!refused_routines)
    return nullptr;
  const char **why = refused_routines->get (decl);
  return why ? *why : nullptr;
}

/* Return the target of the function being compiled, or null if it is not a
   device clone.  */

const gw_target *
gw_current_target ()
{
  return gw_clone_target (current_function_decl);
}

/* If the region FNDECL uses a construct that must stay on the host for
   now, return a description of it and set *WHERE to its location.  */

static const char *
unsupported_construct (tree fndecl, location_t *where)
{
  function *fun = DECL_STRUCT_FUNCTION (fndecl);
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *s = gsi_stmt (gsi);
	if (!is_gimple_call (s))
	  continue;
	*where = gimple_location (s);
	tree decl = gimple_call_fndecl (s);
	if (!decl || !fndecl_built_in_p (decl, BUILT_IN_NORMAL))
	  continue;
	built_in_function code = DECL_FUNCTION_CODE (decl);
	if (code == BUILT_IN_GOMP_ATOMIC_START)
	  {
	    /* The call has no location; the critical section's accesses
	       have the construct's.  */
	    for (gimple_stmt_iterator g = gsi; *where == UNKNOWN_LOCATION
		 && !gsi_end_p (g); gsi_next (&g))
	      *where = gimple_location (gsi_stmt (g));
	    if (*where == UNKNOWN_LOCATION)
	      *where = DECL_SOURCE_LOCATION (fndecl);
	    return "atomic operations on objects no atomic instruction covers "
		 "(GCC makes them a critical section)";
	  }
      }
  return nullptr;
}

/* Give the device clone CLONE optimization options without the
   transformations whose results the device RTL cannot express: GCC's
   vectorizers (the device does its own SIMD) and loop distribution into
   library calls.  */

static void
set_device_optimization (tree clone)
{
  tree old = DECL_FUNCTION_SPECIFIC_OPTIMIZATION (clone);
  if (!old)
    old = optimization_default_node;
  gcc_options opts = global_options;
  gcc_options opts_set = global_options_set;
  cl_optimization_restore (&opts, &opts_set, TREE_OPTIMIZATION (old));
  opts.x_flag_tree_loop_vectorize = 0;
  opts.x_flag_tree_slp_vectorize = 0;
  opts.x_flag_tree_loop_distribute_patterns = 0;
  /* Explicitly: GCC's OpenACC lowering asks vector loops to be vectorized
     unless the user said -fno-tree-loop-vectorize.  */
  opts_set.x_flag_tree_loop_vectorize = 1;
  opts_set.x_flag_tree_slp_vectorize = 1;
  opts_set.x_flag_tree_loop_distribute_patterns = 1;
  DECL_FUNCTION_SPECIFIC_OPTIMIZATION (clone)
    = build_optimization_node (&opts, &opts_set);
}

/* The function that stands for acc_on_device in device clones.  GCC folds
   calls of the builtin during expansion with the host's answer; calls of
   this one it leaves alone, and the expander makes them DOP_ONDEV.  */

tree
gw_on_device_decl ()
{
  static tree decl;
  if (!decl)
    {
      tree type = build_function_type_list (integer_type_node,
					    integer_type_node, NULL_TREE);
      decl = build_fn_decl ("__gangway_acc_on_device", type);
      TREE_READONLY (decl) = 1;	/* const */
      TREE_NOTHROW (decl) = 1;
      DECL_ATTRIBUTES (decl) = tree_cons (get_identifier ("leaf"), NULL_TREE,
					  NULL_TREE);
      gw_keep_tree (decl);
    }
  return decl;
}

/* Is S a call of acc_on_device: the builtin, or the runtime's function
   itself when the builtin is off (-fno-builtin-acc_on_device), an
   external C function of that name and one argument?  */

static bool
acc_on_device_call_p (gimple *s)
{
  if (gimple_call_builtin_p (s, BUILT_IN_ACC_ON_DEVICE))
    return true;
  tree fn = is_gimple_call (s) ? gimple_call_fndecl (s) : NULL_TREE;
  return (fn && !fndecl_built_in_p (fn) && TREE_PUBLIC (fn)
	  && DECL_EXTERNAL (fn) && gimple_call_num_args (s) == 1
	  && INTEGRAL_TYPE_P (TREE_TYPE (gimple_call_arg (s, 0)))
	  && strcmp (IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fn)),
		     "acc_on_device") == 0);
}

/* Is S a call of Fortran's acc_on_device: libgomp's openacc module (and
   openacc_lib.h) binds it to the external function acc_on_device_h_,
   which takes its argument by reference and returns a LOGICAL?  */

static bool
fortran_acc_on_device_call_p (gimple *s)
{
  tree fn = is_gimple_call (s) ? gimple_call_fndecl (s) : NULL_TREE;
  if (!fn || fndecl_built_in_p (fn) || !TREE_PUBLIC (fn)
      || !DECL_EXTERNAL (fn) || gimple_call_num_args (s) != 1
      || strcmp (IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fn)),
		 "acc_on_device_h_") != 0)
    return false;
  tree arg = gimple_call_arg (s, 0);
  tree lhs = gimple_call_lhs (s);
  return (POINTER_TYPE_P (TREE_TYPE (arg))
	  && INTEGRAL_TYPE_P (TREE_TYPE (TREE_TYPE (arg)))
	  && (!lhs || INTEGRAL_TYPE_P (TREE_TYPE (lhs))));
}

/* Make the call S of Fortran's acc_on_device_h_ (P) in FUN one of the
   device's acc_on_device (*P) (gw_on_device_decl), whose result, not 0,
   is the LOGICAL's .true..  That function is const: S's virtual
   definition goes.  */

static void
defer_fortran_acc_on_device (function *fun, gcall *s)
{
  bool ssa = gimple_in_ssa_p (fun);
  auto temp = [&] (tree type) {
    return (ssa ? make_ssa_name_fn (fun, type, NULL)
	    : create_tmp_reg_fn (fun, type, NULL));
  };
  location_t loc = gimple_location (s);
  tree arg = gimple_call_arg (s, 0);
  tree ity = TREE_TYPE (TREE_TYPE (arg));
  tree kind = temp (ity);
  gassign *load = gimple_build_assign (kind, build2 (MEM_REF, ity, arg,
						     build_int_cst
						     (TREE_TYPE (arg), 0)));
  gimple_set_location (load, loc);
  gimple_set_vuse (load, gimple_vuse (s));
  gimple_stmt_iterator gsi = gsi_for_stmt (s);
  gsi_insert_before (&gsi, load, GSI_SAME_STMT);
  tree ikind = kind;
  if (!useless_type_conversion_p (integer_type_node, ity))
    {
      ikind = temp (integer_type_node);
      gassign *conv = gimple_build_assign (ikind, NOP_EXPR, kind);
      gimple_set_location (conv, loc);
      gsi_insert_before (&gsi, conv, GSI_SAME_STMT);
    }
  tree lhs = gimple_call_lhs (s);
  tree vuse = gimple_vuse (s), vdef = gimple_vdef (s);
  bool store = lhs && !is_gimple_reg (lhs);
  if (vdef && !store)
    {
      unlink_stmt_vdef (s);
      if (ssa)
	release_ssa_name_fn (fun, vdef);
    }
  gimple_set_vdef (s, NULL_TREE);
  gimple_set_vuse (s, NULL_TREE);
  gimple_call_set_arg (s, 0, ikind);
  if (lhs)
    {
      tree r = temp (integer_type_node);
      gimple_call_set_lhs (s, r);
      tree b = store ? temp (TREE_TYPE (lhs)) : lhs;
      gassign *test = gimple_build_assign (b, NE_EXPR, r,
					   build_zero_cst (integer_type_node));
      gimple_set_location (test, loc);
      gsi_insert_after (&gsi, test, GSI_NEW_STMT);
      if (store)
	{
	  /* The store takes over the call's virtual operands.  */
	  gassign *st = gimple_build_assign (lhs, b);
	  gimple_set_location (st, loc);
	  gimple_set_vuse (st, vuse);
	  gimple_set_vdef (st, vdef);
	  if (vdef && TREE_CODE (vdef) == SSA_NAME)
	    SSA_NAME_DEF_STMT (vdef) = st;
	  gsi_insert_after (&gsi, st, GSI_NEW_STMT);
	}
    }
  gimple_call_set_fntype (s, TREE_TYPE (gw_on_device_decl ()));
  gw_redirect_call (fun, s, gw_on_device_decl ());
}

/* In the device clone NODE, make acc_on_device calls stand for the
   device's answer (gw_on_device_decl).  */

static void
defer_acc_on_device (cgraph_node *node)
{
  function *fun = DECL_STRUCT_FUNCTION (node->decl);
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *s = gsi_stmt (gsi);
	if (acc_on_device_call_p (s))
	  gw_redirect_call (fun, as_a <gcall *> (s), gw_on_device_decl ());
	else if (fortran_acc_on_device_call_p (s))
	  defer_fortran_acc_on_device (fun, as_a <gcall *> (s));
      }
}

/* The "omp declare target" attribute of a routine's clone: the host
   decl's clauses without nohost, which would make GCC's oaccloops
   discard the clone as it discards the host version of a nohost
   routine.  */

static void
drop_nohost (tree clone)
{
  tree attr = lookup_attribute ("omp declare target", DECL_ATTRIBUTES (clone));
  if (!attr || !omp_find_clause (TREE_VALUE (attr), OMP_CLAUSE_NOHOST))
    return;
  tree clauses = NULL_TREE;
  for (tree c = TREE_VALUE (attr); c; c = OMP_CLAUSE_CHAIN (c))
    if (OMP_CLAUSE_CODE (c) != OMP_CLAUSE_NOHOST)
      {
	tree copy = copy_node (c);
	OMP_CLAUSE_CHAIN (copy) = clauses;
	clauses = copy;
      }
  tree attrs = remove_attribute ("omp declare target",
				 copy_list (DECL_ATTRIBUTES (clone)));
  DECL_ATTRIBUTES (clone) = tree_cons (get_identifier ("omp declare target"),
				       nreverse (clauses), attrs);
}

/* Make the device clone of the region or routine NODE for target T and
   return it, or null if GCC cannot version it.  */

static cgraph_node *
make_clone (cgraph_node *node, const gw_target *t)
{
  std::string suffix = std::string ("gw_") + t->name ();
  /* The user's noclone on the function around the region is inherited
     by the outlined region; it was not meant for it.  */
  DECL_ATTRIBUTES (node->decl) = remove_attribute ("noclone",
						   DECL_ATTRIBUTES (node->decl));
  /* Copying the body folds its calls, and folding IFN_GOACC_DIM_POS/SIZE
     (kernels regions already have some) reads the dimensions of the
     function, which are not decided yet.  Let them read "dynamic", which
     folds nothing, then give both functions back their undecided ones.  */
  tree attrib = oacc_get_fn_attrib (node->decl);
  tree dims = attrib ? TREE_VALUE (attrib) : NULL_TREE;
  if (attrib)
    {
      tree dynamic = NULL_TREE;
      for (tree d = dims; d; d = TREE_CHAIN (d))
	dynamic = tree_cons (TREE_PURPOSE (d),
			     TREE_VALUE (d) ? TREE_VALUE (d)
			     : integer_zero_node, dynamic);
      oacc_replace_fn_attrib (node->decl, nreverse (dynamic));
    }
  cgraph_node *c
    = node->create_version_clone_with_body (vNULL, NULL, NULL, NULL, NULL,
					    suffix.c_str ());
  if (attrib)
    oacc_replace_fn_attrib (node->decl, dims);
  if (!c)
    return nullptr;
  if (attrib)
    oacc_replace_fn_attrib (c->decl, copy_list (dims));
  drop_nohost (c->decl);
  tree value = tree_cons (NULL_TREE, node->decl,
			  build_tree_list (NULL_TREE,
					   build_string (strlen (t->name ()) + 1,
							 t->name ())));
  DECL_ATTRIBUTES (c->decl)
    = tree_cons (get_identifier (clone_attr), value,
		 DECL_ATTRIBUTES (c->decl));
  set_device_optimization (c->decl);
  defer_acc_on_device (c);
  /* The device's memory accesses are no host's: -fsanitize=address or
     thread must not instrument the clone (its calls of their runtimes
     would keep it off the device).  sanitize_flags_p reads the flags a
     no_sanitize attribute holds.  UndefinedBehaviorSanitizer's checks
     come from the front end, before cloning: the expander names them.  */
  if (flag_sanitize & (SANITIZE_ADDRESS | SANITIZE_THREAD))
    DECL_ATTRIBUTES (c->decl)
      = tree_cons (get_identifier ("no_sanitize"),
		   build_int_cst (unsigned_type_node,
				  SANITIZE_ADDRESS | SANITIZE_THREAD),
		   DECL_ATTRIBUTES (c->decl));
  /* Nothing calls a region's clone, and another unit may call a routine
     the unit exports (gw_unit_routine_exported): keep the clone until
     capture discards it.  It is not local: IPA passes must not assume
     they know all its callers.  A static routine's clone lives as long as
     device code calls it.  */
  dir_level level;
  if (!gw_routine_p (node->decl, &level))
    c->force_output = true;
  else if (gw_unit_routine_exported (node->decl))
    {
      c->force_output = true;
      gw_unit_note_exported_clone (c->decl);
    }
  c->local = false;
  return c;
}

/* In the device clone NODE, make every call of a routine that has a
   clone in CLONES (host decl -> clone) call the clone instead.  */

static void
redirect_routine_calls (cgraph_node *node, hash_map<tree, tree> &clones)
{
  function *fun = DECL_STRUCT_FUNCTION (node->decl);
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gcall *call = dyn_cast <gcall *> (gsi_stmt (gsi));
	tree decl = call ? gimple_call_fndecl (call) : NULL_TREE;
	if (!decl)
	  continue;
	if (tree *clone = clones.get (decl))
	  gw_redirect_call (fun, call, *clone);
      }
}

namespace {

const pass_data clone_pass_data = {
  SIMPLE_IPA_PASS,		/* type */
  "gangway-clone",		/* name */
  OPTGROUP_OMP,			/* optinfo_flags */
  TV_NONE,			/* tv_id */
  0,				/* properties_required */
  0,				/* properties_provided */
  0,				/* properties_destroyed */
  0,				/* todo_flags_start */
  0				/* todo_flags_finish */
};

class pass_gangway_clone : public simple_ipa_opt_pass
{
public:
  pass_gangway_clone (gcc::context *ctxt)
    : simple_ipa_opt_pass (clone_pass_data, ctxt) {}

  bool gate (function *) final override
  {
    return flag_openacc && !seen_error () && !gw_opts.targets.empty ();
  }

  unsigned int execute (function *) final override;
};

unsigned int
pass_gangway_clone::execute (function *)
{
  auto_vec<cgraph_node *> regions, routines;
  cgraph_node *node;
  FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node)
    {
      if (gw_device_clone_p (node->decl))
	continue;
      tree attrs = oacc_get_fn_attrib (node->decl);
      dir_level level;
      if (attrs && oacc_fn_attrib_level (attrs) < 0)
	regions.safe_push (node);
      else if (gw_routine_p (node->decl, &level))
	routines.safe_push (node);
    }

  /* The routines' clones first, by target: the regions' clones, and the
     routines' own, then call them.  */
  std::vector<hash_map<tree, tree>> clones (gw_opts.targets.size ());
  auto_vec<cgraph_node *> made;
  if (!refused_routines)
    refused_routines = new hash_map<tree, const char *>;
  for (cgraph_node *n : routines)
    {
      location_t where = DECL_SOURCE_LOCATION (n->decl);
      if (const char *what = unsupported_construct (n->decl, &where))
	{
	  refused_routines->put (n->decl, what);
	  continue;
	}
      for (size_t k = 0; k < gw_opts.targets.size (); k++)
	if (cgraph_node *c = make_clone (n, gw_opts.targets[k]))
	  {
	    clones[k].put (n->decl, c->decl);
	    made.safe_push (c);
	  }
	else
	  refused_routines->put (n->decl, "a routine GCC cannot copy for the "
				 "device (it uses non-local gotos or saves "
				 "label addresses)");
      if (dump_file)
	fprintf (dump_file, "device clones of the routine %s\n",
		 n->dump_name ());
    }

  for (cgraph_node *n : regions)
    {
      location_t where = DECL_SOURCE_LOCATION (n->decl);
      /* The warnings wait for the end of the unit (unit.cc).  */
      if (const char *what = unsupported_construct (n->decl, &where))
	{
	  std::string why = std::string (what)
			    + " are not supported on the device yet";
	  for (const gw_target *t : gw_opts.targets)
	    gw_unit_note_failure (n->decl, t, where, why);
	  continue;
	}
      for (size_t k = 0; k < gw_opts.targets.size (); k++)
	if (cgraph_node *c = make_clone (n, gw_opts.targets[k]))
	  made.safe_push (c);
	else
	  gw_unit_note_failure (n->decl, gw_opts.targets[k],
				DECL_SOURCE_LOCATION (n->decl),
				"GCC cannot copy the region for the device "
				"(it uses non-local gotos or saves label "
				"addresses)");
      if (dump_file)
	fprintf (dump_file, "device clones of %s\n", n->dump_name ());
    }

  /* Device code calls the routines' device clones of its target.  */
  for (cgraph_node *c : made)
    {
      const gw_target *t = gw_clone_target (c->decl);
      for (size_t k = 0; k < gw_opts.targets.size (); k++)
	if (gw_opts.targets[k] == t)
	  redirect_routine_calls (c, clones[k]);
    }

  /* Launches go through libgangway, which knows the device versions.  */
  FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node)
    if (!gw_device_clone_p (node->decl))
      gw_rewrite_launches (DECL_STRUCT_FUNCTION (node->decl));

  /* The globals a declare directive names that this unit defines go in
     its table whether or not its device code uses them, as GCC's own
     offloading puts each in the device image: libgangway keeps a device
     copy of each (libruntime/data-map.c), which acc_is_present and the
     update directives find.  */
  bool declared = false;
  varpool_node *var;
  FOR_EACH_DEFINED_VARIABLE (var)
    if (lookup_attribute ("omp declare target", DECL_ATTRIBUTES (var->decl)))
      {
	gw_unit_global_index (var->decl);
	var->force_output = true;
	declared = true;
      }

  if (!made.is_empty () || declared)
    gw_unit_create_constructor ();

  /* Gangway is this unit's offloading: GCC's own must not stream the
     regions and routines (and their clones) into offload LTO sections.
     With GCC's offload compilers installed (gcc-12-offload-nvptx), any
     link of an object carrying them runs mkoffload on them, which fails
     on what only Gangway compiles (calls of routines it did not see
     marked) and on Debian's default PTX architecture, which current
     ptxas no longer takes; -foffload=disable at compile time does not
     keep them out, only at link time.  GCC writes them after the small
     IPA passes, this one among them, if HAVE_OFFLOAD is still set.  */
  g->have_offload = false;
  return 0;
}

} // anon namespace

/* Return a new instance of the clone pass.  */

opt_pass *
gw_make_clone_pass (gcc::context *ctxt)
{
  return new pass_gangway_clone (ctxt);
}
