/* gangway-loop-reductions: carry a compute construct's reductions into
   the loops that update the reduced variable without a clause.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   What: OpenACC 2.7 asks that a variable reduced by a compute construct
   (or by a loop) and updated inside a nested partitioned loop carry a
   reduction clause on that loop and on every loop between; without one,
   the threads of the loop update the gang's copy at once, a race.  Real
   programs leave the clauses out (an NPB norm routine; the conformance
   tests of `parallel reduction'), NVHPC reduces such loops as if the
   clause were there, and GCC's host fallback, which runs every loop in
   order, gives the same answer.  So before GCC lowers the regions, every
   OpenACC loop inside a `parallel' construct that updates a variable the
   construct or an enclosing loop reduces, and names it in no reduction
   or private clause of its own, gets the reduction clause:

     #pragma omp target oacc_parallel reduction(+:s) map(tofrom:s)
       #pragma acc loop private(x)              // no clause for s
	 for (x = 0; x < n; x = x + 1)
	   s = D.1 + s;
   becomes
     #pragma omp target oacc_parallel reduction(+:s) map(tofrom:s)
       #pragma acc loop reduction(+:s) private(x)
	 ...

   with a warning at the loop naming the variable and the clause (it
   begins with the words GCC's own warning uses when an inner loop has
   the clause and an outer one lacks it, which this pass also answers)
   and a -fopt-info-omp remark.  A loop is "updating" the variable if a
   statement in it, at any depth, assigns it (or, for a variable reduced
   by reference, as a Fortran dummy argument or a C++ reference is, what
   it refers to), other than inside a nested loop that makes it private.
   `serial' constructs run one thread and `kernels' constructs take no
   reduction clause: both are left alone.

   Requires: GIMPLE before omplower (the gimplifier's clauses, no CFG).
   Guarantees: in a parallel construct, every OpenACC loop that updates a
   variable reduced around it reduces it with the same operator.
   Invalidates: nothing (clauses only).

   See also gcc/omp-low.cc:scan_omp_for, whose check of the loops between
   a reduction and an enclosing one this mirrors.  */

#include "gcc-api.h"
#include "plugin.h"

#include <vector>

namespace {

/* A reduction in force around a loop: the variable, its operator and
   where the clause that reduces it stands.  */
struct active_reduction
{
  tree decl;
  tree_code op;
  location_t where;
};

typedef std::vector<active_reduction> reductions;

/* Return true if the clause C names DECL in a reduction or makes it
   private.  */

bool
clause_names_p (tree c, tree decl)
{
  switch (OMP_CLAUSE_CODE (c))
    {
    case OMP_CLAUSE_REDUCTION:
    case OMP_CLAUSE_PRIVATE:
    case OMP_CLAUSE_FIRSTPRIVATE:
      return OMP_CLAUSE_DECL (c) == decl;
    default:
      return false;
    }
}

/* Return true if the loop clauses CLAUSES make DECL private.  */

bool
privatizes_p (tree clauses, tree decl)
{
  for (tree c = clauses; c; c = OMP_CLAUSE_CHAIN (c))
    if ((OMP_CLAUSE_CODE (c) == OMP_CLAUSE_PRIVATE
	 || OMP_CLAUSE_CODE (c) == OMP_CLAUSE_FIRSTPRIVATE)
	&& OMP_CLAUSE_DECL (c) == decl)
      return true;
  return false;
}

/* The variable a loop's statements are searched for stores to: DECL,
   and, for DECL reduced by reference, the temporaries that hold copies
   of the reference (gfortran reads and writes the dummy argument of an
   async construct through one made at each use: s.5 = s; *s.5 = ...).  */
struct store_search
{
  tree decl;
  hash_set<tree> refs;
};

/* Return true if LHS, the left-hand side of a statement, is the variable
   S->decl, or part of it, or what it refers to.  */

bool
stores_to_p (tree lhs, store_search *s)
{
  if (!lhs)
    return false;
  tree base = get_base_address (lhs);
  if (base == s->decl)
    return true;
  if (base && (TREE_CODE (base) == MEM_REF
	       || TREE_CODE (base) == INDIRECT_REF))
    {
      tree ptr = TREE_OPERAND (base, 0);
      return ptr == s->decl ? omp_privatize_by_reference (s->decl)
			    : s->refs.contains (ptr);
    }
  return false;
}

/* walk_gimple_seq's statement callback for updates_p: add to the copies
   of the reference (WI->info, a store_search) the variables assigned
   one of them, and say so in WI->changed.  */

tree
find_ref_copy (gimple_stmt_iterator *gsi, bool *handled,
	       struct walk_stmt_info *wi)
{
  gimple *g = gsi_stmt (*gsi);
  store_search *s = (store_search *) wi->info;

  *handled = false;
  if (gimple_assign_single_p (g) && VAR_P (gimple_assign_lhs (g)))
    {
      tree rhs = gimple_assign_rhs1 (g);
      if ((rhs == s->decl || s->refs.contains (rhs))
	  && !s->refs.add (gimple_assign_lhs (g)))
	wi->changed = true;
    }
  return NULL_TREE;
}

/* walk_gimple_seq's statement callback for updates_p: stop at a
   statement that stores to the variable WI->info (a store_search)
   names; skip the nested loops that make it private.  */

tree
find_store (gimple_stmt_iterator *gsi, bool *handled, struct walk_stmt_info *wi)
{
  gimple *g = gsi_stmt (*gsi);
  store_search *s = (store_search *) wi->info;

  *handled = false;
  switch (gimple_code (g))
    {
    case GIMPLE_OMP_FOR:
      if (privatizes_p (gimple_omp_for_clauses (g), s->decl))
	*handled = true;
      return NULL_TREE;
    case GIMPLE_ASSIGN:
    case GIMPLE_CALL:
      if (stores_to_p (gimple_get_lhs (g), s))
	{
	  /* A callback that returns a value has handled the statement.  */
	  *handled = true;
	  wi->callback_result = s->decl;
	  return s->decl;
	}
      return NULL_TREE;
    default:
      return NULL_TREE;
    }
}

/* Return true if a statement of SEQ, at any depth, updates DECL.  */

bool
updates_p (gimple_seq seq, tree decl)
{
  store_search s;
  s.decl = decl;
  struct walk_stmt_info wi;
  if (omp_privatize_by_reference (decl))
    do
      {
	memset (&wi, 0, sizeof wi);
	wi.info = &s;
	walk_gimple_seq (seq, find_ref_copy, NULL, &wi);
      }
    while (wi.changed);
  memset (&wi, 0, sizeof wi);
  wi.info = &s;
  walk_gimple_seq (seq, find_store, NULL, &wi);
  return wi.callback_result != NULL_TREE;
}

/* The spelling of the reduction operator OP in a clause.  */

const char *
op_name (tree_code op)
{
  switch (op)
    {
    case PLUS_EXPR: return "+";
    case MULT_EXPR: return "*";
    case MINUS_EXPR: return "-";
    case MAX_EXPR: return "max";
    case MIN_EXPR: return "min";
    case BIT_AND_EXPR: return "&";
    case BIT_IOR_EXPR: return "|";
    case BIT_XOR_EXPR: return "^";
    case TRUTH_ANDIF_EXPR: case TRUTH_AND_EXPR: return "&&";
    case TRUTH_ORIF_EXPR: case TRUTH_OR_EXPR: return "||";
    /* Fortran's .eqv. and .neqv.  */
    case EQ_EXPR: return ".eqv.";
    case NE_EXPR: return ".neqv.";
    default: return "?";
    }
}

/* The name of DECL as the user wrote it.  */

tree
user_name (tree decl)
{
  return DECL_NAME (lang_hooks.decls.omp_report_decl (decl));
}

/* Give the loop LOOP, inside the reductions ACTIVE, the clauses of those
   it updates without one; say so.  Return the reductions in force inside
   it.  */

reductions
carry_into_loop (gomp_for *loop, const reductions &active)
{
  tree clauses = gimple_omp_for_clauses (loop);
  location_t loc = gimple_location (loop);
  reductions inner;

  for (const active_reduction &r : active)
    {
      bool named = false;
      for (tree c = clauses; c && !named; c = OMP_CLAUSE_CHAIN (c))
	named = clause_names_p (c, r.decl);
      /* A reduction of its own is in force inside, as added below; a
	 private copy hides the variable.  */
      if (named)
	continue;
      inner.push_back (r);
      if (!updates_p (gimple_omp_body (loop), r.decl))
	continue;

      tree c = build_omp_clause (loc, OMP_CLAUSE_REDUCTION);
      OMP_CLAUSE_DECL (c) = r.decl;
      OMP_CLAUSE_REDUCTION_CODE (c) = r.op;
      OMP_CLAUSE_CHAIN (c) = clauses;
      clauses = c;
      gimple_omp_for_set_clauses (loop, clauses);

      tree name = user_name (r.decl);
      if (warning_at (loc, 0, "nested loop in reduction needs reduction "
		      "clause for %qE: this loop updates it without one; "
		      "gangway reduces it here as %<reduction(%s:%E)%>",
		      name, op_name (r.op), name))
	inform (r.where, "the reduction of %qE that the loop is in", name);
      if (dump_enabled_p ())
	{
	  dump_user_location_t dloc = dump_user_location_t::from_location_t
	    (loc);
	  dump_printf_loc (MSG_OPTIMIZED_LOCATIONS | MSG_PRIORITY_USER_FACING,
			   dloc, "gangway: implicit reduction(%s:%T) on the "
			   "loop\n", op_name (r.op), name);
	}
    }

  /* The loop's own reductions, the ones it was given included.  */
  for (tree c = clauses; c; c = OMP_CLAUSE_CHAIN (c))
    if (OMP_CLAUSE_CODE (c) == OMP_CLAUSE_REDUCTION
	&& DECL_P (OMP_CLAUSE_DECL (c)))
      {
	tree decl = OMP_CLAUSE_DECL (c);
	bool seen = false;
	for (active_reduction &r : inner)
	  if (r.decl == decl)
	    seen = true;
	if (!seen)
	  inner.push_back ({ decl, OMP_CLAUSE_REDUCTION_CODE (c),
			     OMP_CLAUSE_LOCATION (c) });
      }
  return inner;
}

/* The search of a parallel construct's body for the uses of a C++
   reference (find_reference_use): DECL, the loops that reduce it, and
   whether a use outside them, or a reduction of it that does not
   partition gangs, was found.  */
struct reference_search
{
  tree decl;
  bool in_loop;
  int loops = 0;
  bool other = false;
};

/* Whether the OpenACC loop LOOP partitions gangs: a gang clause, or, for
   a loop nested in no other (IN_LOOP false), none of the clauses that
   choose other levels or leave the choice to the compiler.  */
bool
gang_loop_p (gimple *loop, bool in_loop)
{
  bool gang = false, other = false;
  for (tree c = gimple_omp_for_clauses (loop); c; c = OMP_CLAUSE_CHAIN (c))
    switch (OMP_CLAUSE_CODE (c))
      {
      case OMP_CLAUSE_GANG:
	gang = true;
	break;
      case OMP_CLAUSE_WORKER: case OMP_CLAUSE_VECTOR: case OMP_CLAUSE_SEQ:
      case OMP_CLAUSE_AUTO: case OMP_CLAUSE_TILE:
	other = true;
	break;
      default:
	break;
      }
  return gang || (!in_loop && !other);
}

bool search_reference (gimple_seq seq, reference_search *s);

/* walk_gimple_seq's operand callback for search_reference: a use of the
   reference (WI->info) outside the loops that reduce it.  */
tree
find_reference_operand (tree *tp, int *walk_subtrees, void *data)
{
  struct walk_stmt_info *wi = (struct walk_stmt_info *) data;
  reference_search *s = (reference_search *) wi->info;
  if (*tp == s->decl)
    {
      s->other = true;
      return *tp;
    }
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* walk_gimple_seq's statement callback for search_reference: a loop
   that reduces the reference is counted and not entered; other loops are
   searched inside.  */
tree
find_reference_use (gimple_stmt_iterator *gsi, bool *handled,
		    struct walk_stmt_info *wi)
{
  gimple *g = gsi_stmt (*gsi);
  reference_search *s = (reference_search *) wi->info;

  *handled = false;
  if (gimple_code (g) != GIMPLE_OMP_FOR
      || gimple_omp_for_kind (g) != GF_OMP_FOR_KIND_OACC_LOOP)
    return NULL_TREE;
  *handled = true;
  for (tree c = gimple_omp_for_clauses (g); c; c = OMP_CLAUSE_CHAIN (c))
    if (OMP_CLAUSE_CODE (c) == OMP_CLAUSE_REDUCTION
	&& OMP_CLAUSE_DECL (c) == s->decl)
      {
	if (!gang_loop_p (g, s->in_loop))
	  s->other = true;
	s->loops++;
	return s->other ? s->decl : NULL_TREE;
      }
  for (size_t k = 0; k < gimple_omp_for_collapse (g); k++)
    for (tree t : { gimple_omp_for_initial (g, k), gimple_omp_for_final (g, k),
		    gimple_omp_for_incr (g, k) })
      if (walk_tree (&t, find_reference_operand, wi, NULL))
	return s->decl;
  bool outer = s->in_loop;
  s->in_loop = true;
  bool ok = (search_reference (gimple_omp_for_pre_body (g), s)
	     && search_reference (gimple_omp_body (g), s));
  s->in_loop = outer;
  return ok ? NULL_TREE : s->decl;
}

/* Search SEQ for the reference S->decl; return false once a use that
   is not a gang reduction's is found.  */
bool
search_reference (gimple_seq seq, reference_search *s)
{
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = s;
  walk_gimple_seq (seq, find_reference_use, find_reference_operand, &wi);
  return !s->other;
}

/* GCC 12's lowering finds no receiver for a gang loop's reduction of a
   C++ reference (int &s) that the parallel construct PAR maps (copy
   (s)) but does not reduce: the reference is mapped as a firstprivate
   reference, which gives the construct no field for it, and each gang
   then stores its own partial result over the others' (a race that loses
   updates; GCC's own offloading makes it too).  Where every use of the
   reference in the construct is inside loops that reduce it, and the
   outermost of those partition gangs, reducing it on the construct
   itself means the same (each gang's partial results combine into the
   variable at the end of the region) and lowers right: give PAR the
   clause, and make the reference's map a pointer mapping into the
   referred-to data's (a device with memory of its own then hands the
   region a reference to its copy, data-map.c).  */
void
reduce_references (gomp_target *par, const reductions &gang_reductions)
{
  tree clauses = gimple_omp_target_clauses (par);
  for (const active_reduction &r : gang_reductions)
    {
      tree decl = r.decl;
      if (TREE_CODE (TREE_TYPE (decl)) != REFERENCE_TYPE)
	continue;
      tree ref = NULL_TREE, data = NULL_TREE;
      bool reduced = false;
      for (tree c = clauses; c; c = OMP_CLAUSE_CHAIN (c))
	if (clause_names_p (c, decl))
	  reduced = true;
	else if (OMP_CLAUSE_CODE (c) != OMP_CLAUSE_MAP)
	  continue;
	else if (OMP_CLAUSE_DECL (c) == decl)
	  ref = c;
	else if ((TREE_CODE (OMP_CLAUSE_DECL (c)) == INDIRECT_REF
		  || TREE_CODE (OMP_CLAUSE_DECL (c)) == MEM_REF)
		 && TREE_OPERAND (OMP_CLAUSE_DECL (c), 0) == decl)
	  data = c;
      if (reduced || !ref || !data
	  || OMP_CLAUSE_MAP_KIND (ref) != GOMP_MAP_FIRSTPRIVATE_REFERENCE
	  || (OMP_CLAUSE_MAP_KIND (data) & GOMP_MAP_TOFROM) != GOMP_MAP_TOFROM)
	continue;
      reference_search s;
      s.decl = decl;
      s.in_loop = false;
      if (!search_reference (gimple_omp_body (par), &s) || s.loops == 0)
	continue;

      tree c = build_omp_clause (gimple_location (par), OMP_CLAUSE_REDUCTION);
      OMP_CLAUSE_DECL (c) = decl;
      OMP_CLAUSE_REDUCTION_CODE (c) = r.op;
      OMP_CLAUSE_CHAIN (c) = clauses;
      clauses = c;
      OMP_CLAUSE_SET_MAP_KIND (ref, GOMP_MAP_POINTER);
      OMP_CLAUSE_MAP_IN_REDUCTION (ref) = 1;
      OMP_CLAUSE_MAP_IN_REDUCTION (data) = 1;
      gimple_omp_target_set_clauses (par, clauses);
      if (dump_enabled_p ())
	{
	  dump_user_location_t dloc = dump_user_location_t::from_location_t
	    (gimple_location (par));
	  dump_printf_loc (MSG_OPTIMIZED_LOCATIONS | MSG_PRIORITY_USER_FACING,
			   dloc, "gangway: reduction(%s:%T) on the construct, "
			   "for the gang loop's reduction of a reference\n",
			   op_name (r.op), user_name (decl));
	}
    }
}

/* The reductions of the loops directly in SEQ (at any depth of other
   statements, not inside other loops), by variable.  */
tree
collect_loop_reductions (gimple_stmt_iterator *gsi, bool *handled,
			 struct walk_stmt_info *wi)
{
  gimple *g = gsi_stmt (*gsi);
  reductions *out = (reductions *) wi->info;
  *handled = false;
  if (gimple_code (g) == GIMPLE_OMP_TARGET)
    *handled = true;
  if (gimple_code (g) != GIMPLE_OMP_FOR
      || gimple_omp_for_kind (g) != GF_OMP_FOR_KIND_OACC_LOOP)
    return NULL_TREE;
  *handled = true;
  for (tree c = gimple_omp_for_clauses (g); c; c = OMP_CLAUSE_CHAIN (c))
    if (OMP_CLAUSE_CODE (c) == OMP_CLAUSE_REDUCTION
	&& DECL_P (OMP_CLAUSE_DECL (c)))
      {
	bool seen = false;
	for (const active_reduction &r : *out)
	  seen |= r.decl == OMP_CLAUSE_DECL (c);
	if (!seen)
	  out->push_back ({ OMP_CLAUSE_DECL (c),
			    OMP_CLAUSE_REDUCTION_CODE (c),
			    OMP_CLAUSE_LOCATION (c) });
      }
  return NULL_TREE;
}

void walk (gimple_seq seq, const reductions *active);

/* walk_gimple_seq's statement callback for walk: the reductions in
   force are WI->info (NULL outside parallel constructs, none inside one
   that has none).  Compute
   constructs and loops are walked here, with the reductions in force
   inside them.  */

tree
visit (gimple_stmt_iterator *gsi, bool *handled, struct walk_stmt_info *wi)
{
  gimple *s = gsi_stmt (*gsi);
  const reductions *active = (const reductions *) wi->info;

  *handled = false;
  if (gimple_code (s) == GIMPLE_OMP_TARGET)
    {
      /* Inside a parallel construct, its reductions and its loops'; no
	 other construct's loops.  */
      *handled = true;
      reductions inner;
      bool parallel = (gimple_omp_target_kind (s)
		       == GF_OMP_TARGET_KIND_OACC_PARALLEL);
      for (tree c = gimple_omp_target_clauses (s); parallel && c;
	   c = OMP_CLAUSE_CHAIN (c))
	if (OMP_CLAUSE_CODE (c) == OMP_CLAUSE_REDUCTION
	    && DECL_P (OMP_CLAUSE_DECL (c)))
	  inner.push_back ({ OMP_CLAUSE_DECL (c),
			     OMP_CLAUSE_REDUCTION_CODE (c),
			     OMP_CLAUSE_LOCATION (c) });
      walk (gimple_omp_body (s), parallel ? &inner : NULL);
      if (parallel)
	{
	  reductions outermost;
	  struct walk_stmt_info lw;
	  memset (&lw, 0, sizeof lw);
	  lw.info = &outermost;
	  walk_gimple_seq (gimple_omp_body (s), collect_loop_reductions, NULL,
			   &lw);
	  reduce_references (as_a <gomp_target *> (s), outermost);
	}
    }
  else if (gimple_code (s) == GIMPLE_OMP_FOR && active
	   && gimple_omp_for_kind (s) == GF_OMP_FOR_KIND_OACC_LOOP)
    {
      *handled = true;
      reductions inner = carry_into_loop (as_a <gomp_for *> (s), *active);
      walk (gimple_omp_for_pre_body (s), active);
      walk (gimple_omp_body (s), &inner);
    }
  return NULL_TREE;
}

/* Walk SEQ with the reductions ACTIVE in force (NULL for none).  */

void
walk (gimple_seq seq, const reductions *active)
{
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = (void *) active;
  walk_gimple_seq (seq, visit, NULL, &wi);
}

const pass_data loop_reductions_pass_data = {
  GIMPLE_PASS,			/* type */
  "gangway-loop-reductions",	/* name */
  OPTGROUP_OMP,			/* optinfo_flags */
  TV_NONE,			/* tv_id */
  PROP_gimple_any,		/* properties_required */
  0,				/* properties_provided */
  0,				/* properties_destroyed */
  0,				/* todo_flags_start */
  0				/* todo_flags_finish */
};

class pass_gangway_loop_reductions : public gimple_opt_pass
{
public:
  pass_gangway_loop_reductions (gcc::context *ctxt)
    : gimple_opt_pass (loop_reductions_pass_data, ctxt) {}

  bool gate (function *) final override
  {
    return flag_openacc && !seen_error ();
  }

  unsigned int execute (function *fun) final override
  {
    walk (gimple_body (fun->decl), NULL);
    return 0;
  }
};

} // anon namespace

/* Return a new instance of the loop-reduction pass.  */

opt_pass *
gw_make_loop_reductions_pass (gcc::context *ctxt)
{
  return new pass_gangway_loop_reductions (ctxt);
}
