/* The translation unit's offloaded regions: images, descriptor, launches.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   Everything a compiled object tells libgangway is built here, as GCC
   trees, following libruntime/gangway-abi.h:

   - at IPA time (clone.cc), a static constructor that calls
       gangway_register_unit (&__gangway_unit)
     and a destructor that calls gangway_unregister_unit, both of
     priority 100, so that they run before and after the program's own;
     and every GOACC_parallel_keyed call rewritten to gangway_parallel_keyed
     (and the data directives' calls to libgangway's entry points);
   - during compilation, the list of the unit's kernels (one per region)
     and of the globals their device code refers to, and one image builder
     per target (config/<target>/);
   - at the end of the unit (PLUGIN_FINISH_UNIT), each target's image and
     its table of compile-time dimensions, and the descriptor
     __gangway_unit: header, images, kernels, the globals' addresses and
     their sizes (with whether a declare directive names them), as an
     array of pointer-sized words.

   The descriptor is declared when the constructor is built but only
   defined at the end, when every image is known; GCC assembles a variable
   finalized after compilation right away, so the order of the assembly
   output is right.  */

#include "gcc-api.h"
#include "plugin.h"
#include "../libruntime/gangway-abi.h"

#include <algorithm>
#include <map>

/* A word pointing to the string S (sites.cc's too).  */

tree
gw_string_word (const std::string &s)
{
  return fold_convert (ptr_type_node,
		       build_string_literal (s.size () + 1, s.c_str ()));
}

/* Finalize DECL, of TYPE, as a static read-only artificial variable with
   initializer INIT, aligned to ALIGN bytes (sites.cc's too).  */

void
gw_define_static (tree decl, tree type, tree init, unsigned align)
{
  TREE_STATIC (decl) = 1;
  TREE_READONLY (decl) = 1;
  DECL_ARTIFICIAL (decl) = 1;
  DECL_IGNORED_P (decl) = 1;
  SET_DECL_ALIGN (decl, align * BITS_PER_UNIT);
  DECL_USER_ALIGN (decl) = 1;
  TREE_TYPE (init) = type;
  DECL_INITIAL (decl) = init;
  varpool_node::finalize_decl (decl);
}

namespace {

/* One region of the unit.  */
struct unit_kernel
{
  tree host;			/* The host version.  */
  std::string symbol;		/* Its kernel symbol in every image.  */
  std::string name;		/* For the launch log.  */
  /* The compile-time dimensions of each target that compiled it: the
     targets compile a region for different dimensions.  */
  std::vector<std::pair<const gw_target *, std::array<int, DA_NUM>>> dims;
  /* The targets that could not compile it, and why (capture.cc, clone.cc),
     reported at the end of the unit.  */
  struct failure
  {
    const gw_target *target;
    location_t where;
    std::string why;
  };
  std::vector<failure> failures;
};

std::vector<unit_kernel> kernels;

/* One routine of the unit that has a device clone.  */
struct unit_routine
{
  tree host;			/* The host version.  */
  /* The targets that have no code for it, and why (capture.cc, the
     targets), reported at the end of the unit if it matters.  */
  std::vector<unit_kernel::failure> failures;
  /* The targets of the images some kernel of which was left out because
     it calls the routine.  */
  std::vector<const gw_target *> needed;
};

std::vector<unit_routine> routines;

/* The device clones of exported routines that clone.cc made (not those
   GCC's IPA passes derive from them), and the symbol of every routine
   clone named so far with its host version.  */
std::vector<tree> exported_clones;
std::map<std::string, tree> routine_symbols;
std::vector<std::pair<const gw_target *, std::unique_ptr<gw_image_builder>>>
  builders;
std::vector<tree> global_decls;

/* Trees the plugin holds across passes, kept alive for GCC's garbage
   collector through gw_roots.  */
tree unit_desc;
tree keep_list;

const struct ggc_root_tab gw_roots[] = {
  { &unit_desc, 1, sizeof (unit_desc), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  { &keep_list, 1, sizeof (keep_list), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  LAST_GGC_ROOT_TAB
};

/* Keep T alive until the end of the compilation.  */

void
keep (tree t)
{
  keep_list = tree_cons (NULL_TREE, t, keep_list);
}

/* NAME with every character other than a letter or a digit made '_'.  */

std::string
clean_name (const char *name)
{
  std::string clean;
  for (const char *c = name; *c; c++)
    clean += ISALNUM (*c) ? *c : '_';
  return clean;
}

/* Return the entry of the region HOST, creating it.  */

unit_kernel &
kernel_for (tree host)
{
  for (unit_kernel &k : kernels)
    if (k.host == host)
      return k;
  keep (host);
  unit_kernel k;
  k.host = host;
  k.name = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (host));
  k.symbol = "gw_k" + std::to_string (kernels.size ()) + "_"
	     + clean_name (k.name.c_str ());
  kernels.push_back (k);
  return kernels.back ();
}

/* The symbol of the exported routine whose host version is DECL, in the
   images of the unit that defines it.  */

std::string
exported_symbol (tree decl)
{
  return "gw_r_" + clean_name (IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME
						  (decl)));
}

/* Return the entry of the routine HOST, creating it.  */

unit_routine &
routine_for (tree host)
{
  for (unit_routine &r : routines)
    if (r.host == host)
      return r;
  keep (host);
  unit_routine r;
  r.host = host;
  routines.push_back (r);
  return routines.back ();
}

/* The name of the function DECL as the user wrote it, for messages.  */

std::string
user_name (tree decl)
{
  return lang_hooks.decl_printable_name (decl, 2);
}

/* Return the image builder of target T, starting it.  */

gw_image_builder *
builder_for (const gw_target *t)
{
  for (auto &b : builders)
    if (b.first == t)
      return b.second.get ();
  builders.emplace_back (t, t->start_unit (gw_opts.target));
  return builders.back ().second.get ();
}

/* A pointer-sized word of value V.  */

tree
word (unsigned HOST_WIDE_INT v)
{
  return build_int_cst (ptr_type_node, v);
}

/* A word holding the address of DECL.  */

tree
address_word (tree decl)
{
  return fold_convert (ptr_type_node, build_fold_addr_expr (decl));
}

/* Define a static read-only byte array named NAME holding BYTES, aligned
   to ALIGN bytes, and return it.  */

tree
define_bytes (const char *name, const std::string &bytes, unsigned align)
{
  tree type = build_array_type_nelts (unsigned_char_type_node, bytes.size ());
  tree decl = build_decl (BUILTINS_LOCATION, VAR_DECL, get_identifier (name),
			  type);
  gw_define_static (decl, type, build_string (bytes.size (), bytes.data ()),
		 align);
  return decl;
}

/* Define a static read-only array named NAME of pointers to the strings
   S, followed by a null pointer, and return it.  */

tree
define_strings (const char *name, const std::vector<std::string> &s)
{
  tree type = build_array_type_nelts (ptr_type_node, s.size () + 1);
  tree decl = build_decl (BUILTINS_LOCATION, VAR_DECL, get_identifier (name),
			  type);
  vec<constructor_elt, va_gc> *v = NULL;
  for (const std::string &str : s)
    CONSTRUCTOR_APPEND_ELT (v, NULL_TREE, gw_string_word (str));
  CONSTRUCTOR_APPEND_ELT (v, NULL_TREE, word (0));
  tree init = build_constructor (type, v);
  TREE_CONSTANT (init) = 1;
  TREE_STATIC (init) = 1;
  gw_define_static (decl, type, init, TYPE_ALIGN_UNIT (ptr_type_node));
  return decl;
}

/* Define a static read-only array named NAME of pointer-sized integers
   holding the compile-time dimensions of every kernel of the unit for
   target T, gw_image.dims, and return it.  */

tree
define_dims (const char *name, const gw_target *t)
{
  tree elt = signed_type_for (ptr_type_node);
  tree type = build_array_type_nelts (elt, DA_NUM * kernels.size ());
  tree decl = build_decl (BUILTINS_LOCATION, VAR_DECL, get_identifier (name),
			  type);
  vec<constructor_elt, va_gc> *v = NULL;
  for (const unit_kernel &k : kernels)
    {
      /* A kernel the target did not compile gets zeros.  */
      std::array<int, DA_NUM> dims = { 0, 0, 0 };
      for (const auto &d : k.dims)
	if (d.first == t)
	  dims = d.second;
      for (int a = 0; a < DA_NUM; a++)
	CONSTRUCTOR_APPEND_ELT (v, NULL_TREE, build_int_cst (elt, dims[a]));
    }
  tree init = build_constructor (type, v);
  TREE_CONSTANT (init) = 1;
  TREE_STATIC (init) = 1;
  gw_define_static (decl, type, init, TYPE_ALIGN_UNIT (elt));
  return decl;
}

} // anon namespace

/* Return the symbol the kernel of the region HOST has in the images.  */

std::string
gw_unit_kernel_symbol (tree host)
{
  return kernel_for (host).symbol;
}

/* Record that the region HOST could not be compiled for target T: it
   stays in the descriptor, so the launch log can name it, but no image
   has its symbol.  */

void
gw_unit_note_failure (tree host, const gw_target *t, location_t where,
		      const std::string &why)
{
  kernel_for (host).failures.push_back ({ t, where, why });
}

/* WHERE, or where the user wrote the macro (signbit, say) that put it in
   a system header, whose warnings GCC does not show.  */

static location_t
user_location (location_t where)
{
  return expansion_point_location_if_in_system_header (where);
}

/* Warn about the regions some target could not compile, now that every
   target has had its go: a region no target compiled runs on the host
   (one warning, with the first reason a target that was asked for gave);
   otherwise each target that failed and was asked for says why it has no
   code.  Quiet targets (enabled by default) say nothing;
   -fopt-info-omp-missed has it all.  */

static void
report_failures ()
{
  /* A routine without code for a target says why where it matters: some
     region of the unit calls it, or other units may.  */
  for (unit_routine &r : routines)
    for (const unit_kernel::failure &f : r.failures)
      if (!gw_target_quiet_p (f.target)
	  && (gw_unit_routine_exported (r.host)
	      || std::count (r.needed.begin (), r.needed.end (), f.target)))
	{
	  tree saved = current_function_decl;
	  current_function_decl = r.host;
	  warning_at (user_location (f.where), 0, "gangway: %s; the routine "
		      "'%s' has no %s code", f.why.c_str (),
		      user_name (r.host).c_str (), f.target->name ());
	  current_function_decl = saved;
	}
  for (unit_kernel &k : kernels)
    {
      if (k.failures.empty ())
	continue;
      /* Speak of the region's host function.  */
      tree saved = current_function_decl;
      current_function_decl = k.host;
      const char *construct = gw_construct_name (k.host);
      if (k.failures.size () >= gw_opts.targets.size ())
	{
	  const unit_kernel::failure *said = &k.failures.front ();
	  for (const unit_kernel::failure &f : k.failures)
	    if (!gw_target_quiet_p (f.target))
	      {
		said = &f;
		break;
	      }
	  warning_at (user_location (said->where), 0, "gangway: %s; this "
		      "OpenACC %s region runs on the host", said->why.c_str (),
		      construct);
	}
      else
	for (const unit_kernel::failure &f : k.failures)
	  if (!gw_target_quiet_p (f.target))
	    warning_at (user_location (f.where), 0, "gangway: %s; this "
			"OpenACC %s region has no %s code", f.why.c_str (),
			construct, f.target->name ());
      current_function_decl = saved;
      k.failures.clear ();
    }
}

/* Return the index of the global DECL in the unit's address table.  */

int64_t
gw_unit_global_index (tree decl)
{
  for (size_t i = 0; i < global_decls.size (); i++)
    if (global_decls[i] == decl)
      return i;
  keep (decl);
  global_decls.push_back (decl);
  return global_decls.size () - 1;
}

/* Return true if the routine HOST, which has a body in the unit, is one
   other units may call: a function of external linkage with one
   definition in the program.  An inline, comdat or weak one is compiled
   by each unit that calls it, for itself.  */

bool
gw_unit_routine_exported (tree host)
{
  return TREE_PUBLIC (host) && !DECL_EXTERNAL (host) && !DECL_COMDAT (host)
	 && !DECL_WEAK (host) && !DECL_ONE_ONLY (host);
}

/* Record that CLONE is the device clone clone.cc made of an exported
   routine: its symbol is the one other units call.  */

void
gw_unit_note_exported_clone (tree clone)
{
  keep (clone);
  exported_clones.push_back (clone);
}

/* Return true if CLONE, a routine's device clone, is exported.  */

bool
gw_unit_clone_exported (tree clone)
{
  return std::count (exported_clones.begin (), exported_clones.end (),
		     clone) != 0;
}

/* Return the symbol of CLONE, a device clone of a routine of the unit,
   in the images: the exported one for the clone of an exported routine,
   else one of the module's own, made of the clone's assembler name (GCC
   may derive clones of clones, whose signatures differ).  */

std::string
gw_unit_routine_symbol (tree clone)
{
  tree host = gw_host_version (clone);
  std::string symbol
    = gw_unit_clone_exported (clone) ? exported_symbol (host)
      : "gw_s_" + clean_name (IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME
						  (clone)));
  routine_symbols[symbol] = host;
  return symbol;
}

/* Return the symbol of the routine DECL, declared in the unit and
   defined in another, in that unit's images.  */

std::string
gw_unit_import_symbol (tree decl)
{
  return exported_symbol (decl);
}

/* Declare D, a routine another unit defines, to the module of target
   T.  */

void
gw_unit_declare (const gw_target *t, const dir_decl &d)
{
  builder_for (t)->declare (d);
}

/* Record that the routine CLONE, a device clone, has no code for target
   T, for WHY found at WHERE: the functions that call it are left out of
   the image.  */

void
gw_unit_note_routine_failure (tree clone, const gw_target *t,
			      location_t where, const std::string &why)
{
  routine_for (gw_host_version (clone)).failures.push_back ({ t, where, why });
  builder_for (t)->note_failure (gw_unit_routine_symbol (clone), why);
}

/* Add the function FN of the region or routine HOST, compiled by the
   device passes, to the module of target T; dump what the target makes
   of it to DUMP.  Return false and set WHY if the target cannot compile
   it.  */

bool
gw_unit_add_function (tree host, const gw_target *t, dir_func *fn,
		      FILE *dump, std::string *why)
{
  if (fn->kind == DFK_ROUTINE)
    return builder_for (t)->add_function (fn, why, dump);
  unit_kernel &k = kernel_for (host);
  if (!builder_for (t)->add_function (fn, why, dump))
    return false;
  std::array<int, DA_NUM> dims;
  for (int a = 0; a < DA_NUM; a++)
    dims[a] = fn->dims[a];
  k.dims.emplace_back (t, dims);
  return true;
}

/* The priority of the unit's constructor and destructor: the last of
   those reserved for the implementation (0-100), so that the unit is
   registered before any constructor of the program or library (the
   linker sorts every object's prioritized constructors, which run before
   the others), and unregistered after every destructor: a region in a
   user's constructor or destructor, or in a C++ static initializer,
   finds its kernel.  */
#define GW_UNIT_CDTOR_PRIORITY 100

/* Build the unit's registration constructor and declare its descriptor.
   Called once, at IPA time, if the unit has offloaded regions.  */

void
gw_unit_create_constructor ()
{
  if (unit_desc)
    return;
  tree type = build_array_type (ptr_type_node, NULL_TREE);
  unit_desc = build_decl (BUILTINS_LOCATION, VAR_DECL,
			  get_identifier ("__gangway_unit"), type);
  TREE_STATIC (unit_desc) = 1;
  TREE_PUBLIC (unit_desc) = 0;
  DECL_ARTIFICIAL (unit_desc) = 1;
  DECL_IGNORED_P (unit_desc) = 1;
  TREE_ADDRESSABLE (unit_desc) = 1;
  SET_DECL_ALIGN (unit_desc, 64 * BITS_PER_UNIT);
  DECL_USER_ALIGN (unit_desc) = 1;

  tree fntype = build_function_type_list (void_type_node, ptr_type_node,
					  NULL_TREE);
  tree reg = build_fn_decl ("gangway_register_unit", fntype);
  TREE_NOTHROW (reg) = 1;
  tree call = build_call_expr (reg, 1, build_fold_addr_expr (unit_desc));
  cgraph_build_static_cdtor ('I', call, GW_UNIT_CDTOR_PRIORITY);
  /* A shared library may be unloaded: forget its unit then.  */
  tree unreg = build_fn_decl ("gangway_unregister_unit", fntype);
  TREE_NOTHROW (unreg) = 1;
  call = build_call_expr (unreg, 1, build_fold_addr_expr (unit_desc));
  cgraph_build_static_cdtor ('D', call, GW_UNIT_CDTOR_PRIORITY);
}

/* Return true if NAME, the symbol of a function defined elsewhere, is
   one of the OpenACC data API's that libgangway owns
   (libruntime/data-api.def): acc_copyin, acc_deviceptr and the others,
   C's by their names, Fortran's by their external procedures' symbols
   (acc_copyin_32_h_).  */

static bool
data_api_name_p (const char *name)
{
  static const char *const names[] = {
#define GW_DATA_API(RET, NAME, PARAMS, ARGS) #NAME,
#define GW_DATA_API_26 GW_DATA_API
#define GW_DATA_API_F(RET, NAME, PARAMS, ARGS) #NAME "_",
#include "../libruntime/data-api.def"
#undef GW_DATA_API
#undef GW_DATA_API_26
#undef GW_DATA_API_F
  };
  for (const char *n : names)
    if (strcmp (name, n) == 0)
      return true;
  return false;
}

/* What the site of a launch of the region FN says it is: "parallel",
   "kernels" or "serial".  */

static const char *
launch_kind (tree fn)
{
  if (TREE_CODE (fn) == ADDR_EXPR)
    fn = TREE_OPERAND (fn, 0);
  if (TREE_CODE (fn) == FUNCTION_DECL)
    {
      tree attrs = DECL_ATTRIBUTES (fn);
      if (lookup_attribute ("oacc kernels", attrs)
	  || lookup_attribute ("oacc parallel_kernels_parallelized", attrs)
	  || lookup_attribute ("oacc parallel_kernels_gang_single", attrs))
	return "kernels";
      if (lookup_attribute ("oacc serial", attrs))
	return "serial";
    }
  return "parallel";
}

/* Replace CALL, at *GSI in FUN, by a call of DECL with SITE and CALL's
   arguments, keeping the call graph and what IPA points-to analysis
   (pass_ipa_oacc runs it) found the call uses and clobbers; return the
   new call.  */

static gcall *
call_with_site (function *fun, gimple_stmt_iterator *gsi, gcall *call,
		tree decl, tree site)
{
  auto_vec<tree> args;
  args.safe_push (site);
  for (unsigned a = 0; a < gimple_call_num_args (call); a++)
    args.safe_push (gimple_call_arg (call, a));
  gcall *with_site = gimple_build_call_vec (decl, args);
  gimple_call_set_lhs (with_site, gimple_call_lhs (call));
  gimple_set_location (with_site, gimple_location (call));
  gimple_call_copy_flags (with_site, call);
  *gimple_call_use_set (with_site) = *gimple_call_use_set (call);
  *gimple_call_clobber_set (with_site) = *gimple_call_clobber_set (call);
  gimple_set_vuse (with_site, gimple_vuse (call));
  gimple_set_vdef (with_site, gimple_vdef (call));
  if (gimple_vdef (call) && TREE_CODE (gimple_vdef (call)) == SSA_NAME)
    SSA_NAME_DEF_STMT (gimple_vdef (call)) = with_site;
  push_cfun (fun);
  gsi_replace (gsi, with_site, false);
  pop_cfun ();
  if (cgraph_node *caller = cgraph_node::get (fun->decl))
    {
      if (cgraph_edge *e = caller->get_edge (call))
	{
	  e = cgraph_edge::set_call_stmt (e, with_site, false);
	  e->redirect_callee (cgraph_node::get_create (decl));
	}
      /* The references from the call (to the region) are the new call's,
	 and the site is referred to, and stays.  */
      ipa_ref *ref;
      for (unsigned r = 0; caller->iterate_reference (r, ref); r++)
	if (ref->stmt == call)
	  ref->stmt = with_site;
      caller->create_reference (varpool_node::get (TREE_OPERAND (site, 0)),
				IPA_REF_ADDR, with_site);
    }
  return with_site;
}

/* Redirect the call S in FUN of FNDECL, a function defined elsewhere, if
   it is one of the OpenACC functions libgangway replaces: one of the
   data API's, to gangway_ and its name, or one of RENAMES.  */

static void
rewrite_api_call (function *fun, gimple *s, tree fndecl)
{
  /* The OpenACC functions (openacc.h declares them extern "C"), by
     name.  */
  static const struct
  {
    const char *from, *to;
  } renames[] = {
    { "acc_wait", "gangway_acc_wait" },
    { "acc_async_wait", "gangway_acc_wait" },
    { "acc_wait_all", "gangway_acc_wait_all" },
    { "acc_async_wait_all", "gangway_acc_wait_all" },
    { "acc_wait_async", "gangway_acc_wait_async" },
    { "acc_wait_all_async", "gangway_acc_wait_all_async" },
    { "acc_async_test", "gangway_acc_async_test" },
    { "acc_async_test_all", "gangway_acc_async_test_all" },
    { "acc_get_cuda_stream", "gangway_acc_get_cuda_stream" },
    { "acc_set_cuda_stream", "gangway_acc_set_cuda_stream" },
    { "acc_get_current_cuda_device", "gangway_acc_get_current_cuda_device" },
    { "acc_get_current_cuda_context",
      "gangway_acc_get_current_cuda_context" },
    /* The profiling interface's registration (libruntime/prof.c).  */
    { "acc_prof_register", "gangway_acc_prof_register" },
    { "acc_prof_unregister", "gangway_acc_prof_unregister" },
    /* Fortran's (libgomp's openacc module and openacc_lib.h), by their
       symbols: external procedures, arguments by reference.  */
    { "acc_wait_h_", "gangway_acc_wait_h_" },
    { "acc_wait_all_h_", "gangway_acc_wait_all_h_" },
    { "acc_wait_async_h_", "gangway_acc_wait_async_h_" },
    { "acc_wait_all_async_h_", "gangway_acc_wait_all_async_h_" },
    { "acc_async_test_h_", "gangway_acc_async_test_h_" },
    { "acc_async_test_all_h_", "gangway_acc_async_test_all_h_" },
    /* The device type's choice (libruntime/api.c).  */
    { "acc_set_device_type", "gangway_acc_set_device_type" },
    { "acc_set_device_num", "gangway_acc_set_device_num" },
    { "acc_set_device_type_h_", "gangway_acc_set_device_type_h_" },
    { "acc_set_device_num_h_", "gangway_acc_set_device_num_h_" },
    /* The device type's queries (api.c).  */
    { "acc_get_device_type", "gangway_acc_get_device_type" },
    { "acc_get_num_devices", "gangway_acc_get_num_devices" },
    { "acc_get_device_num", "gangway_acc_get_device_num" },
    { "acc_init", "gangway_acc_init" },
    { "acc_shutdown", "gangway_acc_shutdown" },
    { "acc_get_property", "gangway_acc_get_property" },
    { "acc_get_property_string", "gangway_acc_get_property_string" },
    { "acc_get_device_type_h_", "gangway_acc_get_device_type_h_" },
    { "acc_get_num_devices_h_", "gangway_acc_get_num_devices_h_" },
    { "acc_get_device_num_h_", "gangway_acc_get_device_num_h_" },
    { "acc_init_h_", "gangway_acc_init_h_" },
    { "acc_shutdown_h_", "gangway_acc_shutdown_h_" },
    { "acc_get_property_h_", "gangway_acc_get_property_h_" },
    { "acc_get_property_string_h_", "gangway_acc_get_property_string_h_" },
  };
  static tree renamed[ARRAY_SIZE (renames)];
  static std::map<std::string, tree> data_api_decls;
  /* A declaration of a function defined elsewhere whose symbol
     is the name (C linkage) or, in Fortran, the name and an
     underscore.  */
  if (!TREE_PUBLIC (fndecl) || !DECL_EXTERNAL (fndecl))
    return;
  const char *name = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fndecl));
  const char *source = IDENTIFIER_POINTER (DECL_NAME (fndecl));
  size_t n = strlen (source);
  if (strncmp (name, "acc_", 4) != 0
      || strncmp (name, source, n) != 0
      || (name[n] && strcmp (name + n, "_") != 0))
    return;
  if (data_api_name_p (name))
    {
      /* The data API's: gangway_ and the name.  */
      std::string to = std::string ("gangway_") + name;
      tree &decl = data_api_decls[to];
      if (!decl)
	{
	  decl = build_fn_decl (to.c_str (), TREE_TYPE (fndecl));
	  SET_DECL_ASSEMBLER_NAME (decl, get_identifier (to.c_str ()));
	  TREE_NOTHROW (decl) = TREE_NOTHROW (fndecl);
	  keep (decl);
	}
      gw_redirect_call (fun, as_a <gcall *> (s), decl);
      return;
    }
  for (size_t i = 0; i < ARRAY_SIZE (renames); i++)
    if (strcmp (name, renames[i].from) == 0)
      {
	if (!renamed[i])
	  {
	    renamed[i] = build_fn_decl (renames[i].to,
					TREE_TYPE (fndecl));
	    SET_DECL_ASSEMBLER_NAME (renamed[i],
				     get_identifier (renames[i].to));
	    TREE_NOTHROW (renamed[i]) = TREE_NOTHROW (fndecl);
	    keep (renamed[i]);
	  }
	gw_redirect_call (fun, as_a <gcall *> (s), renamed[i]);
	break;
      }
}

/* Rewrite the call S, at *GSI in FUN, of FNDECL, a normal builtin, if
   it is one of libgomp's entry points of REWRITES: to libgangway's
   function, with a site first for those that map data.  */

static void
rewrite_builtin_call (function *fun, gimple_stmt_iterator *gsi, gimple *s,
		      tree fndecl)
{
  /* WHAT, for the directives that map data, is what the site (sites.cc)
     their replacement receives first says they are; MAPNUM is the
     argument of the original call that counts the mappings, the host
     addresses following it.  */
  static const struct
  {
    built_in_function code;
    const char *name;
    const char *what;
    unsigned mapnum;
  } rewrites[] = {
    { BUILT_IN_GOACC_PARALLEL, "gangway_parallel_keyed", "parallel", 2 },
    { BUILT_IN_GOACC_DATA_START, "gangway_data_start", "data", 1 },
    { BUILT_IN_GOACC_DATA_END, "gangway_data_end", NULL, 0 },
    { BUILT_IN_GOACC_ENTER_DATA, "gangway_enter_data", "enter data", 1 },
    { BUILT_IN_GOACC_EXIT_DATA, "gangway_exit_data", "exit data", 1 },
    { BUILT_IN_GOACC_UPDATE, "gangway_update", "update", 1 },
    { BUILT_IN_GOACC_WAIT, "gangway_wait", NULL, 0 },
    { BUILT_IN_GOACC_DECLARE, "gangway_declare", "declare", 1 },
  };
  static tree decls[ARRAY_SIZE (rewrites)];
  for (size_t i = 0; i < ARRAY_SIZE (rewrites); i++)
    {
      if (DECL_FUNCTION_CODE (fndecl) != rewrites[i].code)
	continue;
      if (!decls[i])
	{
	  tree gomp = builtin_decl_explicit (rewrites[i].code);
	  tree type = TREE_TYPE (gomp);
	  /* The site comes first.  */
	  if (rewrites[i].what)
	    type = build_function_type (TREE_TYPE (type),
					tree_cons (NULL_TREE,
						   ptr_type_node,
						   TYPE_ARG_TYPES
						     (type)));
	  decls[i] = build_fn_decl (rewrites[i].name, type);
	  /* Their "fn spec" would name the wrong arguments.  */
	  if (!rewrites[i].what)
	    DECL_ATTRIBUTES (decls[i]) = DECL_ATTRIBUTES (gomp);
	  TREE_NOTHROW (decls[i]) = TREE_NOTHROW (gomp);
	  keep (decls[i]);
	}
      gcall *call = as_a <gcall *> (s);
      if (!rewrites[i].what)
	{
	  gw_redirect_call (fun, call, decls[i]);
	  break;
	}
      const char *what = rewrites[i].what;
      if (rewrites[i].code == BUILT_IN_GOACC_PARALLEL)
	what = launch_kind (gimple_call_arg (call, 1));
      call_with_site (fun, gsi, call, decls[i],
		      gw_site_for (fun, call, what, rewrites[i].mapnum,
				   rewrites[i].mapnum + 1));
      break;
    }
}

/* Rewrite every launch, data and wait directive in FUN, and every call
   of the OpenACC functions that wait for or test async queues, choose
   the device or make up the data API, to go through libgangway:
   libgomp's entry points become libgangway's ones of the same
   interface, which know the devices, their memory and the cpu device's
   queue (libruntime/launch.c, data-map.c, async.c, api.c, data-api.c),
   those of launches and directives that map data with a site
   (sites.cc) before libgomp's arguments.  GCC 12 emits separate enter
   and exit data calls.  */

void
gw_rewrite_launches (function *fun)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	/* Not gimple_call_builtin_p: it checks the arguments' types
	   against the builtin's, and does not recognize the enter data,
	   exit data and update calls GCC 12's expansion builds.  Their
	   arguments go to a function of the builtin's type all the
	   same.  */
	gimple *s = gsi_stmt (gsi);
	tree fndecl = is_gimple_call (s) ? gimple_call_fndecl (s) : NULL_TREE;
	if (!fndecl)
	  continue;
	if (!fndecl_built_in_p (fndecl, BUILT_IN_NORMAL))
	  rewrite_api_call (fun, s, fndecl);
	else
	  rewrite_builtin_call (fun, &gsi, s, fndecl);
      }
}

/* Make CALL in FUN call DECL, keeping the call graph right.  */

void
gw_redirect_call (function *fun, gcall *call, tree decl)
{
  if (cgraph_node *caller = cgraph_node::get (fun->decl))
    if (cgraph_edge *e = caller->get_edge (call))
      e->redirect_callee (cgraph_node::get_create (decl));
  gimple_call_set_fndecl (call, decl);
  update_stmt_fn (fun, call);
}

/* PLUGIN_FINISH_UNIT: build every target's image and define the unit
   descriptor the constructor registers.  */

void
gw_unit_finish (void *, void *)
{
  struct image
  {
    std::string target, isa;
    tree decl;
    size_t size;
    tree dims, exports, imports;
  };
  std::vector<image> images;
  for (auto &b : builders)
    {
      if (seen_error ())
	break;
      gw_image_out out;
      std::string why;
      if (!b.second->finish (&out, &why))
	{
	  if (!out.fall_back)
	    {
	      error ("gangway: cannot build the %s image of this unit: %s",
		     b.first->name (), why.c_str ());
	      continue;
	    }
	  /* The regions run without the target's code: one warning, at
	     the unit's first region.  */
	  location_t where = input_location;
	  for (const unit_kernel &k : kernels)
	    {
	      location_t l = user_location (DECL_SOURCE_LOCATION (k.host));
	      if (where == input_location
		  || linemap_location_before_p (line_table, l, where))
		where = l;
	    }
	  gw_with_warnings ([&] () {
	    warning_at (where, 0, "gangway: cannot build the %s image of this "
			"unit: %s; its OpenACC regions have no %s code",
			b.first->name (), why.c_str (), b.first->name ());
	  });
	  continue;
	}
      const gw_target *t = b.first;
      /* The kernels left out have no code for T, and say why.  */
      for (const gw_image_out::dropped_kernel &d : out.dropped)
	for (unit_kernel &k : kernels)
	  if (k.symbol == d.kernel)
	    {
	      std::string name = d.routine;
	      auto h = routine_symbols.find (d.routine);
	      if (h != routine_symbols.end ())
		{
		  name = user_name (h->second);
		  routine_for (h->second).needed.push_back (t);
		}
	      k.failures.push_back ({ t, DECL_SOURCE_LOCATION (k.host),
				      "the routine '" + name + "' it calls "
				      "has no " + std::string (t->name ())
				      + " code (" + d.why + ")" });
	      for (size_t e = 0; e < k.dims.size (); e++)
		if (k.dims[e].first == t)
		  k.dims.erase (k.dims.begin () + e--);
	    }
      std::string &bytes = out.image;
      if (bytes.empty ())
	continue;		/* No function compiled for this target.  */
      std::string name = std::string ("__gangway_image_") + t->name ();
      tree decl = define_bytes (name.c_str (), bytes, 64);
      name = std::string ("__gangway_dims_") + t->name ();
      tree dims = define_dims (name.c_str (), t);
      std::vector<std::string> exports = out.exports, imports;
      for (const dir_decl &d : out.imports)
	{
	  imports.push_back (d.name);
	  imports.push_back (d.host_name);
	}
      tree ex = define_strings ((std::string ("__gangway_exports_")
				 + t->name ()).c_str (), exports);
      tree im = define_strings ((std::string ("__gangway_imports_")
				 + t->name ()).c_str (), imports);
      images.push_back ({ t->name (), out.isa, decl, bytes.size (), dims,
			  ex, im });
    }
  gw_with_warnings (report_failures);
  if (!unit_desc || seen_error ())
    return;

  vec<constructor_elt, va_gc> *v = NULL;
  auto add = [&] (tree t) { CONSTRUCTOR_APPEND_ELT (v, NULL_TREE, t); };
  add (word (GW_UNIT_MAGIC));
  add (word (GW_ABI_VERSION));
  add (word (images.size ()));
  add (word (kernels.size ()));
  add (word (global_decls.size ()));
  for (const image &im : images)
    {
      add (gw_string_word (im.target));
      add (gw_string_word (im.isa));
      add (address_word (im.decl));
      add (word (im.size));
      add (address_word (im.dims));
      add (address_word (im.exports));
      add (address_word (im.imports));
    }
  for (const unit_kernel &k : kernels)
    {
      add (address_word (k.host));
      add (gw_string_word (k.symbol));
      add (gw_string_word (k.name));
    }
  for (tree g : global_decls)
    add (address_word (g));
  for (tree g : global_decls)
    {
      /* A declare directive at file or module scope makes GCC mark the
	 variable "omp declare target" (its link clause, "omp declare
	 target link", device code refuses).  */
      tree size = DECL_SIZE_UNIT (g);
      bool declared = lookup_attribute ("omp declare target",
					DECL_ATTRIBUTES (g)) != NULL_TREE;
      add (word (GW_GLOBAL_INFO (size && tree_fits_uhwi_p (size)
				 ? tree_to_uhwi (size) : 0, declared)));
    }

  size_t n = GW_UNIT_WORDS (images.size (), kernels.size (),
			    global_decls.size ());
  gcc_assert (vec_safe_length (v) == n);
  TREE_TYPE (unit_desc) = build_array_type_nelts (ptr_type_node, n);
  DECL_SIZE (unit_desc) = NULL_TREE;
  DECL_SIZE_UNIT (unit_desc) = NULL_TREE;
  layout_decl (unit_desc, 64 * BITS_PER_UNIT);
  DECL_INITIAL (unit_desc) = build_constructor (TREE_TYPE (unit_desc), v);
  TREE_CONSTANT (DECL_INITIAL (unit_desc)) = 1;
  TREE_STATIC (DECL_INITIAL (unit_desc)) = 1;
  varpool_node::finalize_decl (unit_desc);
}

/* Keep T alive for as long as the compilation runs.  */

void
gw_keep_tree (tree t)
{
  keep (t);
}

/* Register the trees the plugin keeps with GCC's garbage collector.  */

void
gw_unit_register_roots ()
{
  register_callback (gw_plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
		     const_cast<ggc_root_tab *> (gw_roots));
}
