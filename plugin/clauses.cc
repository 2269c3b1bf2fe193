/* gangway: OpenACC clauses GCC 12 accepts but cannot compile.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   GCC 12's C and C++ front ends accept an array, or an array section, in
   an OpenACC `reduction' clause (the OpenMP clause parser they share
   allows it), and its gimplifier then crashes on it, with or without
   offloading.  The answer the program asks for is simple to get on the
   host: the loop run in order adds each element's updates to the array.
   So, before gimplification, each compute construct (parallel, serial,
   kernels) whose clauses, or whose loops' clauses, reduce an array loses
   those clauses and gets an `if (0)' clause: GCC's host fallback runs it
   in order, on the host's arrays (which the construct maps with `copy' by
   default), with a warning at the clause.  An orphaned loop (in a
   routine) has no construct to move to the host: its clause is an error.

   Requires: a function's body in GENERIC, before gimplification
   (PLUGIN_PRE_GENERICIZE).
   Guarantees: no OpenACC reduction clause on an array or array section
   reaches the gimplifier.  */

#include "gcc-api.h"
#include "plugin.h"

#include <set>

namespace {

/* Does the reduction clause C reduce an array or an array section?  */

bool
array_reduction_p (tree c)
{
  if (OMP_CLAUSE_CODE (c) != OMP_CLAUSE_REDUCTION)
    return false;
  tree d = OMP_CLAUSE_DECL (c);
  if (!d || d == error_mark_node)
    return false;
  /* A section: the front end keeps it as a TREE_LIST of bounds, or has
     made it a reference into the array.  */
  if (TREE_CODE (d) == TREE_LIST || TREE_CODE (d) == MEM_REF
      || TREE_CODE (d) == ARRAY_REF || TREE_CODE (d) == INDIRECT_REF)
    return true;
  tree t = TREE_TYPE (d);
  if (t && TREE_CODE (t) == REFERENCE_TYPE)
    t = TREE_TYPE (t);
  return t && TREE_CODE (t) == ARRAY_TYPE;
}

/* The name of what the clause C reduces, for messages.  */

tree
reduced_name (tree c)
{
  tree d = OMP_CLAUSE_DECL (c);
  /* A section's TREE_LIST chains its bounds down to the array.  */
  while (d && TREE_CODE (d) == TREE_LIST)
    d = TREE_CHAIN (d) ? TREE_CHAIN (d) : TREE_VALUE (d);
  while (d && (TREE_CODE (d) == MEM_REF || TREE_CODE (d) == ARRAY_REF
	       || TREE_CODE (d) == INDIRECT_REF || TREE_CODE (d) == ADDR_EXPR
	       || TREE_CODE (d) == POINTER_PLUS_EXPR || CONVERT_EXPR_P (d)))
    d = TREE_OPERAND (d, 0);
  return d && DECL_P (d) ? DECL_NAME (d) : NULL_TREE;
}

/* Remove the array reduction clauses of *CLAUSES, each with a
   diagnostic: a warning naming the construct WHAT if HOST (it runs on the
   host), else an error; once per location in SEEN (a combined construct
   has the clause twice).  Return how many there were.  */

int
strip (tree *clauses, const char *what, bool host,
       std::set<location_t> *seen = nullptr)
{
  int n = 0;
  for (tree *pc = clauses; *pc;)
    {
      tree c = *pc;
      if (!array_reduction_p (c))
	{
	  pc = &OMP_CLAUSE_CHAIN (c);
	  continue;
	}
      n++;
      location_t loc = OMP_CLAUSE_LOCATION (c);
      tree name = reduced_name (c);
      *pc = OMP_CLAUSE_CHAIN (c);
      if (seen && !seen->insert (loc).second)
	continue;
      if (host)
	gw_with_warnings ([&] {
	  if (name)
	    warning_at (loc, 0, "gangway: GCC 12 cannot compile the reduction "
			"of the array %qE; this OpenACC %s region runs on the "
			"host, in order", name, what);
	  else
	    warning_at (loc, 0, "gangway: GCC 12 cannot compile the reduction "
			"of an array; this OpenACC %s region runs on the "
			"host, in order", what);
	});
      else
	error_at (loc, "gangway: GCC 12 cannot compile the reduction of an "
		  "array in an OpenACC loop outside a compute construct");
    }
  return n;
}

/* The walk over a compute construct's loops: their array reductions
   stripped, counted in FOUND.  */

struct construct_walk
{
  int found;
  const char *what;
  std::set<location_t> seen;
};

tree
strip_loops (tree *tp, int *walk_subtrees, void *data)
{
  construct_walk *w = (construct_walk *) data;
  tree t = *tp;
  if (TYPE_P (t))
    *walk_subtrees = 0;
  else if (TREE_CODE (t) == OACC_LOOP)
    w->found += strip (&OMP_CLAUSES (t), w->what, true, &w->seen);
  return NULL_TREE;
}

/* The walk over a function's body.  */

tree
check (tree *tp, int *walk_subtrees, void *)
{
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  const char *what;
  switch (TREE_CODE (t))
    {
    case OACC_PARALLEL: what = "parallel"; break;
    case OACC_KERNELS: what = "kernels"; break;
    case OACC_SERIAL: what = "serial"; break;
    case OACC_LOOP:
      /* Outside every compute construct (those below are walked by
	 strip_loops, which does not come back here).  */
      strip (&OMP_CLAUSES (t), "", false);
      return NULL_TREE;
    default:
      return NULL_TREE;
    }
  construct_walk w = { 0, what, {} };
  w.found = strip (&OMP_CLAUSES (t), what, true, &w.seen);
  walk_tree_without_duplicates (&OMP_BODY (t), strip_loops, &w);
  *walk_subtrees = 0;
  if (!w.found)
    return NULL_TREE;
  /* Run it on the host: if (0), or if (COND, 0) where it had one.  */
  location_t loc = EXPR_LOCATION (t);
  for (tree c = OMP_CLAUSES (t); c; c = OMP_CLAUSE_CHAIN (c))
    if (OMP_CLAUSE_CODE (c) == OMP_CLAUSE_IF)
      {
	OMP_CLAUSE_IF_EXPR (c)
	  = build2 (COMPOUND_EXPR, boolean_type_node, OMP_CLAUSE_IF_EXPR (c),
		    boolean_false_node);
	return NULL_TREE;
      }
  tree c = build_omp_clause (loc, OMP_CLAUSE_IF);
  OMP_CLAUSE_IF_MODIFIER (c) = ERROR_MARK;
  OMP_CLAUSE_IF_EXPR (c) = boolean_false_node;
  OMP_CLAUSE_CHAIN (c) = OMP_CLAUSES (t);
  OMP_CLAUSES (t) = c;
  return NULL_TREE;
}

} // anon namespace

/* PLUGIN_PRE_GENERICIZE: check the OpenACC clauses of the function
   GCC_DATA (see above).  */

void
gw_check_clauses (void *gcc_data, void *)
{
  tree fndecl = (tree) gcc_data;
  if (!fndecl || TREE_CODE (fndecl) != FUNCTION_DECL
      || !DECL_SAVED_TREE (fndecl))
    return;
  walk_tree_without_duplicates (&DECL_SAVED_TREE (fndecl), check, NULL);
}
