/* gangway: OpenACC reductions in device clones.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   GCC's OpenACC lowering brackets each reduction of a partitioned loop
   (or of a compute construct) with four internal calls,
   IFN_GOACC_REDUCTION (CODE, REF_TO_RES, VAR, LEVEL, OP, OFFSET):

     SETUP     before the fork of LEVEL: the value the reduction starts
	       from (the receiver object *REF_TO_RES, if there is one);
     INIT      after the fork: each thread's private starting value;
     FINI      before the join: the threads' values combined;
     TEARDOWN  after the join: the result, stored to the receiver.

   The reduction hook (hooks.cc) calls gw_lower_reduction for those of a
   device clone; it rewrites them into plain GIMPLE and two markers the
   expander turns into device RTL (expand-calls.cc):

     SETUP     LHS = *REF_TO_RES (below the gang level) or VAR;
     INIT      across gangs, LHS = the identity of OP if the result goes
	       to a receiver (gangs combine into it), else VAR; below, the
	       thread at position 0 of LEVEL keeps VAR and the others start
	       from the identity: the incoming value counts once;
     FINI      across workers or vector lanes, LHS = the REDUCE marker:
	       every thread gets the combination (reduce.OP.T AXES);
	       across gangs, the ATOMIC marker combines VAR into
	       *REF_TO_RES (atomic.OP.T), which the neuter pass leaves to
	       one thread of the gang;
     TEARDOWN  below the gang level *REF_TO_RES = VAR (one thread, again
	       by neutering); LHS = VAR.

   The markers are IFN_UNIQUE calls of kind IFN_UNIQUE_UNSPEC, which GCC
   neither duplicates, nor moves across control flow, nor deletes: what a
   convergent operation needs.  Their second argument says which marker
   it is (gw_unique_marker).

   Complex values: INIT works on the parts (REALPART_EXPR /
   IMAGPART_EXPR, COMPLEX_EXPR, which GCC's complex lowering, run after
   this, splits; the identity of a product is 1 + 0i).  A sum is two
   sums, of the real and of the imaginary parts, with a marker per part
   in FINI; across gangs the two atomics go to the receiver's two halves.
   A product does not split that way: FINI's marker takes the complex
   value whole, and the expander makes it a pair of REDUCEs of both parts
   (cmulre, cmulim) or one ATOMIC (cmulre) that updates both halves of the
   receiver at once.

   GCC's lowering hands && and || reductions over as & and |, starting
   each private copy from -1 or 0.  On floats, which have no & or |
   reduction, the expander makes them the logical land and lor; on
   integers, like GCC's own offloading, a result whose initial value is
   true but not 1 combines by its bits.  Bools combine as bytes.

   Requires: a device clone being lowered by oaccdevlow, in SSA form.
   Guarantees: no IFN_GOACC_REDUCTION call is left.  */

#include "gcc-api.h"
#include "omp-low.h"
#include "plugin.h"

namespace {

/* Append "LHS = A CODE B" (or CODE (A, B, C)) to SEQ and return LHS.  */

tree
assign (gimple_seq *seq, tree lhs, tree_code code, tree a, tree b = NULL_TREE,
	tree c = NULL_TREE)
{
  gimple_seq_add_stmt (seq, gimple_build_assign (lhs, code, a, b, c));
  return lhs;
}

/* Append "LHS = RHS" to SEQ.  */

void
copy (gimple_seq *seq, tree lhs, tree rhs)
{
  gimple_seq_add_stmt (seq, gimple_build_assign (lhs, rhs));
}

/* A new SSA name of TYPE.  */

tree
temp (tree type)
{
  return make_ssa_name (type);
}

/* A marker call: LHS = .UNIQUE (UNSPEC, KIND, ARGS...).  */

void
marker (gimple_seq *seq, location_t loc, tree lhs, gw_unique_marker kind,
	std::initializer_list<tree> args)
{
  auto_vec<tree> v;
  v.safe_push (build_int_cst (unsigned_type_node, IFN_UNIQUE_UNSPEC));
  v.safe_push (build_int_cst (unsigned_type_node, kind));
  for (tree a : args)
    v.safe_push (a);
  gcall *g = gimple_build_call_internal_vec (IFN_UNIQUE, v);
  gimple_call_set_lhs (g, lhs);
  gimple_set_location (g, loc);
  gimple_seq_add_stmt (seq, g);
}

/* Append to SEQ the test "this thread is at position 0 of LEVEL", and
   return its boolean.  */

tree
first_at (gimple_seq *seq, int level)
{
  tree pos = temp (integer_type_node);
  gcall *g = gimple_build_call_internal (IFN_GOACC_DIM_POS, 1,
					 build_int_cst (integer_type_node,
							level));
  gimple_call_set_lhs (g, pos);
  gimple_seq_add_stmt (seq, g);
  return assign (seq, temp (boolean_type_node), EQ_EXPR, pos,
		 integer_zero_node);
}

/* Append "LHS = CODE <X>" for the part CODE (REALPART_EXPR or
   IMAGPART_EXPR) of the complex X to SEQ, and return LHS.  */

tree
part (gimple_seq *seq, tree_code code, tree x)
{
  tree t = TREE_TYPE (TREE_TYPE (x));
  return assign (seq, temp (t), code, build1 (code, t, x));
}

/* The INIT or FINI step CALL of a complex sum or product (the
   arguments as in gw_lower_reduction), appended to SEQ; see above.
   SETUP and TEARDOWN only copy, which complex values do as scalars
   do.  */

void
lower_complex (gcall *call, gimple_seq *seq)
{
  location_t loc = gimple_location (call);
  unsigned code = TREE_INT_CST_LOW (gimple_call_arg (call, 0));
  tree ref = gimple_call_arg (call, 1);
  tree var = gimple_call_arg (call, 2);
  int level = TREE_INT_CST_LOW (gimple_call_arg (call, 3));
  tree_code op = (tree_code) TREE_INT_CST_LOW (gimple_call_arg (call, 4));
  tree lhs = gimple_call_lhs (call);
  tree type = TREE_TYPE (var), elt = TREE_TYPE (type);
  bool has_ref = !integer_zerop (ref);
  tree how = build_int_cst (integer_type_node, op);

  if (code == IFN_GOACC_REDUCTION_FINI && op == MULT_EXPR)
    {
      if (level != GOMP_DIM_GANG)
	marker (seq, loc, lhs ? lhs : temp (type), GW_UNIQUE_REDUCE,
		{ var, how, build_int_cst (integer_type_node, level) });
      else
	{
	  if (has_ref)
	    marker (seq, loc, NULL_TREE, GW_UNIQUE_ATOMIC, { ref, var, how });
	  if (lhs)
	    copy (seq, lhs, var);
	}
      return;
    }

  tree out[2] = { part (seq, REALPART_EXPR, var),
		   part (seq, IMAGPART_EXPR, var) };
  switch (code)
    {
    case IFN_GOACC_REDUCTION_INIT:
      {
	if (!lhs)
	  return;
	tree id[2] = { op == MULT_EXPR ? build_one_cst (elt)
		       : build_zero_cst (elt), build_zero_cst (elt) };
	if (level == GOMP_DIM_GANG)
	  {
	    if (has_ref)
	      out[0] = id[0], out[1] = id[1];
	    break;
	  }
	tree first = first_at (seq, level);
	for (int k = 0; k < 2; k++)
	  out[k] = assign (seq, temp (elt), COND_EXPR, first, out[k], id[k]);
	break;
      }

    case IFN_GOACC_REDUCTION_FINI:
      if (level != GOMP_DIM_GANG)
	{
	  for (tree &x : out)
	    {
	      tree r = temp (elt);
	      marker (seq, loc, r, GW_UNIQUE_REDUCE,
		      { x, how, build_int_cst (integer_type_node, level) });
	      x = r;
	    }
	  break;
	}
      if (has_ref)
	{
	  /* The receiver's real part, then its imaginary part.  */
	  tree p = build_pointer_type (elt);
	  tree at[2];
	  at[0] = assign (seq, temp (p), NOP_EXPR, ref);
	  at[1] = assign (seq, temp (p), POINTER_PLUS_EXPR, at[0],
			  TYPE_SIZE_UNIT (elt));
	  for (int k = 0; k < 2; k++)
	    marker (seq, loc, NULL_TREE, GW_UNIQUE_ATOMIC,
		    { at[k], out[k], how });
	}
      break;

    default:
      gcc_unreachable ();
    }
  if (lhs)
    assign (seq, lhs, COMPLEX_EXPR, out[0], out[1]);
}

} // anon namespace

/* Lower the reduction call CALL of a device clone (see above).  */

void
gw_lower_reduction (gcall *call)
{
  location_t loc = gimple_location (call);
  unsigned code = TREE_INT_CST_LOW (gimple_call_arg (call, 0));
  tree ref = gimple_call_arg (call, 1);
  tree var = gimple_call_arg (call, 2);
  int level = TREE_INT_CST_LOW (gimple_call_arg (call, 3));
  tree_code op = (tree_code) TREE_INT_CST_LOW (gimple_call_arg (call, 4));
  tree lhs = gimple_call_lhs (call);
  tree type = TREE_TYPE (var);
  bool has_ref = !integer_zerop (ref);
  gimple_seq seq = NULL;

  if (TREE_CODE (type) == COMPLEX_TYPE
      && (code == IFN_GOACC_REDUCTION_INIT
	  || code == IFN_GOACC_REDUCTION_FINI))
    {
      lower_complex (call, &seq);
      gimple_stmt_iterator gsi = gsi_for_stmt (call);
      gimple_seq_set_location (seq, loc);
      gsi_replace_with_seq (&gsi, seq, true);
      return;
    }

  switch (code)
    {
    case IFN_GOACC_REDUCTION_SETUP:
      if (lhs)
	copy (&seq, lhs, level != GOMP_DIM_GANG && has_ref
			 ? build_simple_mem_ref (ref) : var);
      break;

    case IFN_GOACC_REDUCTION_INIT:
      {
	if (!lhs)
	  break;
	tree init = omp_reduction_init_op (loc, op, type);
	if (level == GOMP_DIM_GANG)
	  {
	    copy (&seq, lhs, has_ref ? init : var);
	    break;
	  }
	tree first = first_at (&seq, level);
	assign (&seq, lhs, COND_EXPR, first, var, init);
	break;
      }

    case IFN_GOACC_REDUCTION_FINI:
      {
	tree how = build_int_cst (integer_type_node, op);
	if (level != GOMP_DIM_GANG)
	  {
	    tree out = lhs ? lhs : temp (type);
	    marker (&seq, loc, out, GW_UNIQUE_REDUCE,
		    { var, how, build_int_cst (integer_type_node, level) });
	    break;
	  }
	if (has_ref)
	  marker (&seq, loc, NULL_TREE, GW_UNIQUE_ATOMIC, { ref, var, how });
	if (lhs)
	  copy (&seq, lhs, var);
	break;
      }

    case IFN_GOACC_REDUCTION_TEARDOWN:
      if (level != GOMP_DIM_GANG && has_ref)
	gimple_seq_add_stmt (&seq, gimple_build_assign
				   (build_simple_mem_ref (ref), var));
      if (lhs)
	copy (&seq, lhs, var);
      break;

    default:
      gcc_unreachable ();
    }

  gimple_stmt_iterator gsi = gsi_for_stmt (call);
  if (seq)
    gimple_seq_set_location (seq, loc);
  gsi_replace_with_seq (&gsi, seq, true);
}
