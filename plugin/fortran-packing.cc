/* gangway-fortran-packing: remember where gfortran packs an array into
   a contiguous temporary for a call, and which array, for the expander's
   warning.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   What: an array that may not be contiguous (an assumed-shape array, a
   section like a(1:n:2)) passed to an explicit-shape or assumed-size
   dummy argument is copied by the caller into a contiguous temporary on
   the heap, and back after the call: at -O0 through libgfortran's
   internal_pack and internal_unpack, when optimizing with malloc, copy
   loops and free inline (the front end's arg_ptr):

     D.1 = _gfortran_internal_pack (&parm.4);       parm.4.data = b.17;
     work (D.1, n);
   or
     if (contiguous.7) arg_ptr.8 = parm.11.data;    parm.11.data = b.32;
     else { D.2 = __builtin_malloc (...); ...; arg_ptr.8 = atmp.5.data; }
     work (arg_ptr.8, n);

   The device cannot allocate, so the expander refuses the region at the
   first of those calls it meets, after the optimizers have inlined the
   procedure, threaded the branches and renamed the temporaries.  This
   pass reads the front end's code while it is still plain: for each
   call of a procedure that passes such a temporary it records, under the
   call's location (which gfortran gives every statement of the packing),
   the procedure and the arrays packed, named after the program's
   variables (b.0, gfortran's data pointer of the dummy b, is b); the
   expander asks gw_fortran_packing_site for the location of the malloc,
   free or internal_pack it refuses.  Nothing is changed.

   Requires: GIMPLE before omplower (no CFG), Fortran.
   Guarantees: nothing of the IL changes.
   Invalidates: nothing.

   See also gcc/fortran/trans-array.cc:gfc_conv_array_parameter and
   gcc/fortran/trans-expr.cc:gfc_conv_subref_array_arg, which make the
   code.  */

#include "gcc-api.h"
#include "plugin.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace {

/* The packing sites of the unit, by the location (its locus) of the
   call.  */
std::map<location_t, gw_packing_site> sites;

/* What a function's statements assign: a variable (gfortran's
   temporaries: D.1, arg_ptr.8, b.32) or a descriptor's data field
   (parm.11.data) -> the values assigned to it, in order (for
   internal_pack's result, the descriptor's address it packs); and the
   variables that hold internal_pack's results.  */
struct assignments
{
  std::map<tree, std::vector<tree>> vars, data;
  std::set<tree> packed;
};

/* Whether FIELD is an array descriptor's data pointer.  */

bool
data_field_p (tree field)
{
  return DECL_NAME (field) && id_equal (DECL_NAME (field), "data");
}

/* The name the program gave DECL, or "": gfortran's own variables for a
   variable X (X.0, the data pointer of an assumed-shape dummy, and the
   copies OpenMP lowering makes of it) are X; its temporaries (D.N,
   parm.N, arg_ptr.N, atmp.N...) are nothing.  */

std::string
program_name (tree decl)
{
  if (!DECL_NAME (decl))
    return "";
  std::string name = IDENTIFIER_POINTER (DECL_NAME (decl));
  if (DECL_ARTIFICIAL (decl) || name.find ('.') != std::string::npos)
    {
      name = name.substr (0, name.find ('.'));
      for (const char *temp : { "D", "parm", "arg_ptr", "atmp", "origptr",
				"contiguous", "iftmp", "SR" })
	if (name == temp)
	  return "";
    }
  if (name.empty () || !ISALPHA (name[0]))
    return "";
  return name;
}

/* The name of the array whose data the value T is, as the assignments A
   of its function show, or "": a variable of the program, a dummy
   argument (b, through b->data), or what gfortran's temporaries were set
   from, the packed temporary's own data (atmp.N) aside.  DEPTH bounds
   the search.  */

std::string
array_name (tree t, const assignments &a, int depth = 0)
{
  if (!t || depth > 12)
    return "";
  switch (TREE_CODE (t))
    {
    case ADDR_EXPR: case ARRAY_REF: case ARRAY_RANGE_REF: case NOP_EXPR:
    case CONVERT_EXPR: case VIEW_CONVERT_EXPR: case INDIRECT_REF:
    case MEM_REF: case POINTER_PLUS_EXPR:
      return array_name (TREE_OPERAND (t, 0), a, depth + 1);
    case COMPONENT_REF:
      {
	tree base = TREE_OPERAND (t, 0), field = TREE_OPERAND (t, 1);
	if (!data_field_p (field))
	  return array_name (base, a, depth + 1);
	/* A descriptor gfortran filled (parm.N.data = X), or the
	   program's own (b->data).  */
	if (DECL_P (base))
	  {
	    auto it = a.data.find (base);
	    if (it != a.data.end ())
	      {
		for (tree v : it->second)
		  {
		    std::string n = array_name (v, a, depth + 1);
		    if (!n.empty ())
		      return n;
		  }
		return "";
	      }
	  }
	return array_name (base, a, depth + 1);
      }
    case VAR_DECL: case PARM_DECL: case RESULT_DECL:
      {
	std::string n = program_name (t);
	if (!n.empty ())
	  return n;
	/* A temporary; atmp.N, the packed copy, is not the array.  */
	if (DECL_NAME (t) && startswith (IDENTIFIER_POINTER (DECL_NAME (t)),
					 "atmp"))
	  return "";
	/* What it was set to, or what its data field was (a descriptor
	   gfortran filled for internal_pack: &parm.4).  */
	for (const auto *m : { &a.vars, &a.data })
	  {
	    auto it = m->find (t);
	    if (it == m->end ())
	      continue;
	    for (tree v : it->second)
	      {
		std::string n = array_name (v, a, depth + 1);
		if (!n.empty ())
		  return n;
	      }
	  }
	return "";
      }
    default:
      return "";
    }
}

/* Whether the call CALL is of libgfortran's FN.  */

bool
gfortran_call_p (gimple *call, const char *fn)
{
  tree f = is_gimple_call (call) ? gimple_call_fndecl (call) : NULL_TREE;
  return f && DECL_NAME (f) && id_equal (DECL_NAME (f), fn);
}

/* walk_gimple_seq's statement callback: record in WI->info (an
   assignments) what the statement at GSI assigns.  */

tree
collect (gimple_stmt_iterator *gsi, bool *, struct walk_stmt_info *wi)
{
  assignments *a = (assignments *) wi->info;
  gimple *s = gsi_stmt (*gsi);
  tree lhs = NULL_TREE, rhs = NULL_TREE;
  if (gassign *g = dyn_cast <gassign *> (s))
    {
      lhs = gimple_assign_lhs (g);
      if (gimple_assign_single_p (g)
	  || CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (g))
	  || gimple_assign_rhs_code (g) == POINTER_PLUS_EXPR)
	rhs = gimple_assign_rhs1 (g);
    }
  else if (gfortran_call_p (s, "_gfortran_internal_pack")
	   && gimple_call_num_args (s) == 1)
    {
      lhs = gimple_call_lhs (s);
      rhs = gimple_call_arg (s, 0);
      if (lhs)
	a->packed.insert (lhs);
    }
  if (!lhs || !rhs)
    return NULL_TREE;
  if (VAR_P (lhs))
    a->vars[lhs].push_back (rhs);
  else if (TREE_CODE (lhs) == COMPONENT_REF
	   && data_field_p (TREE_OPERAND (lhs, 1))
	   && DECL_P (TREE_OPERAND (lhs, 0)))
    a->data[TREE_OPERAND (lhs, 0)].push_back (rhs);
  return NULL_TREE;
}

/* Whether the temporary T, an argument of a call, is a packed copy: the
   front end's arg_ptr, or internal_pack's result (A's record of it).  */

bool
packed_p (tree t, const assignments &a)
{
  if (!VAR_P (t))
    return false;
  return a.packed.count (t)
	 || (DECL_NAME (t) && startswith (IDENTIFIER_POINTER (DECL_NAME (t)),
					  "arg_ptr"));
}

/* walk_gimple_seq's statement callback: record the packing site of the
   call at GSI, if it passes packed temporaries (WI->info: the function's
   assignments).  */

tree
record (gimple_stmt_iterator *gsi, bool *, struct walk_stmt_info *wi)
{
  const assignments *a = (const assignments *) wi->info;
  gcall *call = dyn_cast <gcall *> (gsi_stmt (*gsi));
  if (!call || gimple_call_internal_p (call))
    return NULL_TREE;
  tree f = gimple_call_fndecl (call);
  if (!f || fndecl_built_in_p (f) || !DECL_NAME (f)
      || startswith (IDENTIFIER_POINTER (DECL_NAME (f)), "_gfortran_"))
    return NULL_TREE;
  gw_packing_site site;
  for (unsigned k = 0; k < gimple_call_num_args (call); k++)
    {
      tree arg = gimple_call_arg (call, k);
      if (!packed_p (arg, *a))
	continue;
      site.arrays.push_back (array_name (arg, *a));
    }
  if (site.arrays.empty ())
    return NULL_TREE;
  site.callee = lang_hooks.decl_printable_name (f, 2);
  sites[LOCATION_LOCUS (gimple_location (call))] = site;
  return NULL_TREE;
}

const pass_data fortran_packing_pass_data = {
  GIMPLE_PASS,			/* type */
  "gangway-fortran-packing",	/* name */
  OPTGROUP_OMP,			/* optinfo_flags */
  TV_NONE,			/* tv_id */
  PROP_gimple_any,		/* properties_required */
  0,				/* properties_provided */
  0,				/* properties_destroyed */
  0,				/* todo_flags_start */
  0				/* todo_flags_finish */
};

class pass_gangway_fortran_packing : public gimple_opt_pass
{
public:
  pass_gangway_fortran_packing (gcc::context *ctxt)
    : gimple_opt_pass (fortran_packing_pass_data, ctxt) {}

  bool gate (function *) final override
  {
    return flag_openacc && lang_GNU_Fortran () && !seen_error ();
  }

  unsigned int execute (function *fun) final override
  {
    assignments a;
    struct walk_stmt_info wi;
    memset (&wi, 0, sizeof wi);
    wi.info = &a;
    walk_gimple_seq (gimple_body (fun->decl), collect, NULL, &wi);
    memset (&wi, 0, sizeof wi);
    wi.info = &a;
    walk_gimple_seq (gimple_body (fun->decl), record, NULL, &wi);
    return 0;
  }
};

} // anon namespace

/* The packing site of the call at location LOC (its locus is the key),
   or null.  */

const gw_packing_site *
gw_fortran_packing_site (location_t loc)
{
  auto it = sites.find (LOCATION_LOCUS (loc));
  return it == sites.end () ? nullptr : &it->second;
}

/* Return a new instance of the Fortran packing pass.  */

opt_pass *
gw_make_fortran_packing_pass (gcc::context *ctxt)
{
  return new pass_gangway_fortran_packing (ctxt);
}
