/* Sites: what libgangway's messages say of a launch or data directive.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   Each launch and data directive the plugin rewrites (unit.cc,
   gw_rewrite_launches) passes libgangway a site first: a static
   struct gw_site (libruntime/gangway-abi.h) with the directive's source
   location, what it is, and the name of the variable of each of its
   mappings, so that a present error or a data bug the checker finds
   (GANGWAY_CHECK=data) names the variable and the line.

   Runs on the host function in SSA form after GCC's OpenMP expansion,
   before its optimizations: the directive's call receives the address of
   a local record (.omp_data_arr) whose Ith field holds the host address
   of mapping I, stored by plain assignments.  The name of mapping I is
   that field's, which GCC gives the variable a clause names; for a
   section or a pointer (an unnamed field) it is read off the value
   stored there: the variable whose address it is, the pointer variable
   it was loaded from, through the copies and conversions GCC's
   gimplifier makes.  A mapping that names no user variable gets an
   empty name, and the runtime gives the address.  */

#include "gcc-api.h"
#include "plugin.h"

#include <map>

namespace {

std::string name_of (tree t, int depth);

/* The name of the object the reference T designates: "a", "s.p",
   "a" for an element or section of array a, "p" for *p.  */

std::string
lvalue_name (tree t, int depth)
{
  switch (TREE_CODE (t))
    {
    case VAR_DECL:
    case PARM_DECL:
    case RESULT_DECL:
      if (DECL_NAME (t) && !DECL_ARTIFICIAL (t))
	return lang_hooks.decl_printable_name (t, 0);
      if (DECL_HAS_DEBUG_EXPR_P (t) && depth < 8)
	return lvalue_name (DECL_DEBUG_EXPR (t), depth + 1);
      return "";
    case COMPONENT_REF:
      {
	std::string base = lvalue_name (TREE_OPERAND (t, 0), depth + 1);
	tree field = TREE_OPERAND (t, 1);
	if (base.empty () || !DECL_NAME (field))
	  return base;
	/* gfortran's array descriptors: the array is the name.  */
	const char *f = IDENTIFIER_POINTER (DECL_NAME (field));
	if (lang_GNU_Fortran () && strcmp (f, "data") == 0)
	  return base;
	return base + "." + f;
      }
    case ARRAY_REF:
    case ARRAY_RANGE_REF:
    case REALPART_EXPR:
    case IMAGPART_EXPR:
    case VIEW_CONVERT_EXPR:
      return lvalue_name (TREE_OPERAND (t, 0), depth + 1);
    case MEM_REF:
      return name_of (TREE_OPERAND (t, 0), depth + 1);
    default:
      return "";
    }
}

/* The name of the variable the pointer-valued (or scalar) operand T comes
   from.  */

std::string
name_of (tree t, int depth)
{
  if (depth > 16)
    return "";
  switch (TREE_CODE (t))
    {
    case ADDR_EXPR:
      return lvalue_name (TREE_OPERAND (t, 0), depth + 1);
    case SSA_NAME:
      {
	tree var = SSA_NAME_VAR (t);
	if (var && DECL_NAME (var) && !DECL_ARTIFICIAL (var))
	  return lang_hooks.decl_printable_name (var, 0);
	gimple *def = SSA_NAME_DEF_STMT (t);
	if (!is_gimple_assign (def))
	  return "";
	switch (gimple_assign_rhs_code (def))
	  {
	  case POINTER_PLUS_EXPR:
	  case PLUS_EXPR:
	  CASE_CONVERT:
	    return name_of (gimple_assign_rhs1 (def), depth + 1);
	  default:
	    if (gimple_assign_single_p (def))
	      return name_of (gimple_assign_rhs1 (def), depth + 1);
	    return "";
	  }
      }
    default:
      return lvalue_name (t, depth);
    }
}

/* The names of the MAPNUM mappings whose host addresses the function FUN
   stores in the fields of ARR, separated by newlines; empty if ARR's
   fields do not match the mappings one for one.  */

std::string
mapping_names (function *fun, tree arr, unsigned HOST_WIDE_INT mapnum)
{
  std::vector<tree> fields;
  for (tree f = TYPE_FIELDS (TREE_TYPE (arr)); f; f = DECL_CHAIN (f))
    if (TREE_CODE (f) == FIELD_DECL)
      fields.push_back (f);
  if (mapnum == 0 || fields.size () != mapnum)
    return "";

  /* The stores into the fields of the function's records, found once per
     function.  */
  static function *stores_of;
  static std::map<tree, std::vector<gassign *>> stores;
  if (stores_of != fun)
    {
      stores_of = fun;
      stores.clear ();
      basic_block bb;
      FOR_EACH_BB_FN (bb, fun)
	for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	     gsi_next (&gsi))
	  {
	    gimple *s = gsi_stmt (gsi);
	    if (!gimple_assign_single_p (s))
	      continue;
	    tree lhs = gimple_assign_lhs (s);
	    if (TREE_CODE (lhs) == COMPONENT_REF
		&& VAR_P (TREE_OPERAND (lhs, 0)))
	      stores[TREE_OPERAND (lhs, 0)].push_back (as_a <gassign *> (s));
	  }
    }

  std::vector<std::string> names (mapnum);
  for (gassign *s : stores[arr])
    for (size_t i = 0; i < mapnum; i++)
      if (fields[i] == TREE_OPERAND (gimple_assign_lhs (s), 1))
	names[i] = name_of (gimple_assign_rhs1 (s), 0);
  /* GCC names the field of a clause that names a variable after it, and
     leaves those of sections and pointers unnamed.  */
  for (size_t i = 0; i < mapnum; i++)
    if (DECL_NAME (fields[i]))
      {
	const char *n = IDENTIFIER_POINTER (DECL_NAME (fields[i]));
	if ((ISALPHA (n[0]) || n[0] == '_') && !strchr (n, '.'))
	  names[i] = n;
      }
  /* gfortran maps an array as its data, then its descriptor (named)
     and the descriptor's pointer: the data is the array, whose address
     the optimizers may have replaced by where it came from.  */
  if (lang_GNU_Fortran ())
    for (size_t i = mapnum - 1; i-- > 0;)
      if (names[i].empty ())
	names[i] = names[i + 1];
  std::string all;
  for (size_t i = 0; i < mapnum; i++)
    {
      /* A name with a newline cannot be one.  */
      if (names[i].find ('\n') != std::string::npos)
	names[i].clear ();
      all += (i ? "\n" : "") + names[i];
    }
  return all;
}

} // anon namespace

/* Return the address of a new static gw_site for CALL in FUN, a call of
   a launch or data directive of kind WHAT whose mapping count and host
   addresses are its arguments MAPNUM_ARG and HOSTADDRS_ARG.  */

tree
gw_site_for (function *fun, gcall *call, const char *what,
	     unsigned mapnum_arg, unsigned hostaddrs_arg)
{
  std::string names;
  tree mapnum = gimple_call_arg (call, mapnum_arg);
  tree addrs = gimple_call_arg (call, hostaddrs_arg);
  if (tree_fits_uhwi_p (mapnum) && TREE_CODE (addrs) == ADDR_EXPR
      && VAR_P (TREE_OPERAND (addrs, 0))
      && TREE_CODE (TREE_TYPE (TREE_OPERAND (addrs, 0))) == RECORD_TYPE)
    names = mapping_names (fun, TREE_OPERAND (addrs, 0),
			   tree_to_uhwi (mapnum));

  std::string where;
  location_t loc = expansion_point_location_if_in_system_header
		     (gimple_location (call));
  if (loc != UNKNOWN_LOCATION)
    {
      expanded_location x = expand_location (loc);
      if (x.file)
	where = std::string (x.file) + ":" + std::to_string (x.line);
    }

  static unsigned counter;
  std::string id = "__gangway_site_" + std::to_string (counter++);
  tree type = build_array_type_nelts (ptr_type_node, 3);
  tree decl = build_decl (BUILTINS_LOCATION, VAR_DECL,
			  get_identifier (id.c_str ()), type);
  vec<constructor_elt, va_gc> *v = NULL;
  CONSTRUCTOR_APPEND_ELT (v, NULL_TREE, gw_string_word (where));
  CONSTRUCTOR_APPEND_ELT (v, NULL_TREE, gw_string_word (what));
  CONSTRUCTOR_APPEND_ELT (v, NULL_TREE, gw_string_word (names));
  tree init = build_constructor (type, v);
  TREE_CONSTANT (init) = 1;
  TREE_STATIC (init) = 1;
  TREE_ADDRESSABLE (decl) = 1;
  gw_define_static (decl, type, init, TYPE_ALIGN_UNIT (ptr_type_node));
  /* A call's argument: an address constant, without a conversion.  */
  return build_fold_addr_expr_with_type (decl, ptr_type_node);
}
