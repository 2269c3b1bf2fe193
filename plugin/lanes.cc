/* How a compute region's memory accesses move with its loops' lanes.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   What: validate_dims (hooks.cc) asks whether giving a region's vector
   loops SIMD lanes would pay.  On the cpu device a vector lane is a SIMD
   lane: consecutive lanes run consecutive iterations, and an access whose
   address moves by its own size from one iteration to the next is one
   vector load or store.  An access that moves by a row of a 2-D array
   (a halo exchange walking down the rows) is a gather or a scatter,
   element by element, plus the lane masks and index vectors around it:
   a loop made only of those runs faster as one lane per gang.

   How: for each partitioned loop of the region, GCC's IFN_GOACC_LOOP
   (OFFSET) call gives the first iteration of a thread; the loop's
   counter and every value computed from it are followed through the
   SSA definitions, each given its stride (how much it changes from one
   iteration to the next): zero, a known constant, a multiple of a value
   the loop does not change (a row length), or unknown.  Divisions (a
   collapsed nest's outer indices) count as not moving, remainders as
   moving like their dividend: a lane's row changes once a row, its
   column every iteration.  Each load and store then has the stride of
   its address.

   Requires: the region in SSA form, between omp-expand and oaccloops'
   lowering of IFN_GOACC_LOOP (validate_dims runs there).  Guarantees
   nothing about the code; the answer is a cost estimate, and every
   answer is correct (a vector length of 1 runs any loop).  */

#include "gcc-api.h"
#include "plugin.h"

#include <map>

namespace {

/* A value's stride across consecutive iterations of the loop studied.  */
struct stride
{
  enum kind_t
  {
    ZERO,	/* It does not change.  */
    CONST,	/* It changes by the constant STEP (not 0).  */
    SCALED,	/* By a loop-invariant non-constant amount.  */
    UNKNOWN	/* Anyhow (a loaded index, a product of two counters).  */
  } kind;
  HOST_WIDE_INT step;

  static stride zero () { return { ZERO, 0 }; }
  static stride unknown () { return { UNKNOWN, 0 }; }
  static stride by (HOST_WIDE_INT s)
  {
    return s ? stride { CONST, s } : zero ();
  }
  static stride scaled () { return { SCALED, 0 }; }
  bool operator== (const stride &o) const
  {
    return kind == o.kind && step == o.step;
  }
};

/* Strides of integer magnitude beyond this are treated as not constant,
   so that products never overflow.  */
const HOST_WIDE_INT max_step = HOST_WIDE_INT_1 << 30;

stride
add (stride a, stride b, bool minus)
{
  if (a.kind == stride::UNKNOWN || b.kind == stride::UNKNOWN)
    return stride::unknown ();
  if (b.kind == stride::ZERO)
    return a;
  if (a.kind == stride::ZERO)
    return b.kind == stride::CONST && minus ? stride::by (-b.step) : b;
  if (a.kind == stride::CONST && b.kind == stride::CONST)
    return stride::by (minus ? a.step - b.step : a.step + b.step);
  return stride::scaled ();
}

/* A multiplication of A by the loop-invariant B (the constant C if
   CONSTANT).  */
stride
scale (stride a, bool constant, HOST_WIDE_INT c)
{
  if (a.kind == stride::ZERO || a.kind == stride::UNKNOWN)
    return a;
  if (!constant)
    return stride::scaled ();
  if (c == 0)
    return stride::zero ();
  if (a.kind == stride::CONST && a.step < max_step && a.step > -max_step
      && c < max_step && c > -max_step)
    return stride::by (a.step * c);
  return stride::scaled ();
}

/* Whether T is an integer constant small enough for scale; its value in
   *C.  */
bool
small_constant (tree t, HOST_WIDE_INT *c)
{
  if (TREE_CODE (t) != INTEGER_CST || !tree_fits_shwi_p (t))
    return false;
  *c = tree_to_shwi (t);
  return *c < max_step && *c > -max_step;
}

/* The strides of the SSA names of one function with respect to one loop,
   whose thread's first iteration is COUNTER (the lhs of its
   IFN_GOACC_LOOP (OFFSET) call).  */
class stride_walk
{
public:
  explicit stride_walk (tree counter) : counter (counter) {}

  stride of (tree t);
  stride of_ref (tree ref);

  /* Set when the function was too big to follow: the strides are then
     not to be believed.  */
  bool overflow = false;

private:
  stride of_def (tree name);
  stride of_assign (gassign *a);

  tree counter;
  std::map<tree, stride> known;
  /* The PHIs being evaluated: a use of one inside its own cycle says
     nothing about the stride.  What is computed while one is open is
     provisional, forgotten when the last one closes.  */
  hash_set<tree> open;
  std::vector<tree> provisional;
  unsigned depth = 0;
  unsigned long steps = 0;
};

stride
stride_walk::of (tree t)
{
  if (TREE_CODE (t) == ADDR_EXPR)
    return of_ref (TREE_OPERAND (t, 0));
  if (TREE_CODE (t) != SSA_NAME)
    return stride::zero ();
  if (t == counter)
    return stride::by (1);
  if (SSA_NAME_IS_DEFAULT_DEF (t))
    return stride::zero ();
  auto it = known.find (t);
  if (it != known.end ())
    return it->second;
  /* Long chains of definitions, or many re-evaluations after PHIs
     closed, are not followed forever.  */
  if (++steps > 100000 || depth > 500)
    {
      overflow = true;
      return stride::unknown ();
    }
  depth++;
  stride s = of_def (t);
  depth--;
  known[t] = s;
  if (!open.is_empty ())
    provisional.push_back (t);
  return s;
}

/* The stride of the address of the memory reference REF.  */

stride
stride_walk::of_ref (tree ref)
{
  switch (TREE_CODE (ref))
    {
    case MEM_REF:
      return of (TREE_OPERAND (ref, 0));
    case ARRAY_REF:
      {
	tree size = array_ref_element_size (ref);
	HOST_WIDE_INT c = 0;
	stride index = of (TREE_OPERAND (ref, 1));
	bool constant = small_constant (size, &c);
	stride element = scale (index, constant, c);
	return add (of_ref (TREE_OPERAND (ref, 0)), element, false);
      }
    case COMPONENT_REF:
    case REALPART_EXPR:
    case IMAGPART_EXPR:
    case BIT_FIELD_REF:
    case VIEW_CONVERT_EXPR:
      return of_ref (TREE_OPERAND (ref, 0));
    case VAR_DECL:
    case PARM_DECL:
    case RESULT_DECL:
    case STRING_CST:
    case CONST_DECL:
      return stride::zero ();
    default:
      return stride::unknown ();
    }
}

stride
stride_walk::of_def (tree name)
{
  gimple *def = SSA_NAME_DEF_STMT (name);
  if (gphi *phi = dyn_cast<gphi *> (def))
    {
      /* A PHI moves like its arguments that are not its own cycle: a
	 counter's PHI like its start, an inner loop's counter not at
	 all.  */
      if (open.contains (name))
	return stride::zero ();
      open.add (name);
      bool first = true;
      stride s = stride::zero ();
      for (unsigned k = 0; k < gimple_phi_num_args (phi); k++)
	{
	  stride a = of (gimple_phi_arg_def (phi, k));
	  if (first)
	    s = a, first = false;
	  else if (!(a == s))
	    {
	      /* A cycle's own arguments evaluate to their increments'
		 strides while the PHI is open; a counter plus a
		 constant has the counter's.  */
	      s = a.kind == stride::ZERO ? s
		  : s.kind == stride::ZERO ? a : stride::unknown ();
	    }
	}
      open.remove (name);
      if (open.is_empty ())
	{
	  for (tree p : provisional)
	    known.erase (p);
	  provisional.clear ();
	}
      return s;
    }
  if (gassign *a = dyn_cast<gassign *> (def))
    return of_assign (a);
  if (gcall *call = dyn_cast<gcall *> (def))
    {
      /* GCC's own schedule values (the other loops' counters included)
	 do not move with this loop's iterations.  */
      if (gimple_call_internal_p (call, IFN_GOACC_LOOP)
	  || gimple_call_internal_p (call, IFN_UNIQUE)
	  || gimple_call_internal_p (call, IFN_GOACC_DIM_POS)
	  || gimple_call_internal_p (call, IFN_GOACC_DIM_SIZE))
	return stride::zero ();
      for (unsigned k = 0; k < gimple_call_num_args (call); k++)
	if (of (gimple_call_arg (call, k)).kind != stride::ZERO)
	  return stride::unknown ();
      /* A call of invariant arguments may still read memory that the
	 loop writes; a pure or const one does not change.  */
      return (gimple_call_flags (call) & (ECF_CONST | ECF_PURE))
	     ? stride::zero () : stride::unknown ();
    }
  return stride::unknown ();
}

stride
stride_walk::of_assign (gassign *a)
{
  tree_code code = gimple_assign_rhs_code (a);
  tree r1 = gimple_assign_rhs1 (a);
  if (gimple_vuse (a) && gimple_assign_single_p (a))
    /* A load: its value is the loop's same one where its address is.  */
    return of_ref (r1).kind == stride::ZERO ? stride::zero ()
	   : stride::unknown ();
  if (gimple_assign_single_p (a) || CONVERT_EXPR_CODE_P (code)
      || code == NON_LVALUE_EXPR)
    return of (r1);
  tree r2 = gimple_num_ops (a) > 2 ? gimple_assign_rhs2 (a) : NULL_TREE;
  stride s1 = of (r1), s2 = r2 ? of (r2) : stride::zero ();
  HOST_WIDE_INT c = 0;
  switch (code)
    {
    case PLUS_EXPR:
    case POINTER_PLUS_EXPR:
      return add (s1, s2, false);
    case MINUS_EXPR:
    case POINTER_DIFF_EXPR:
      return add (s1, s2, true);
    case NEGATE_EXPR:
      return scale (s1, true, -1);
    case MULT_EXPR:
      if (s1.kind == stride::ZERO)
	std::swap (s1, s2), std::swap (r1, r2);
      if (s2.kind != stride::ZERO)
	return s1.kind == stride::ZERO ? stride::zero () : stride::unknown ();
      {
	bool constant = small_constant (r2, &c);
	return scale (s1, constant, c);
      }
    case LSHIFT_EXPR:
      if (s2.kind == stride::ZERO && small_constant (r2, &c) && c >= 0
	  && c < 30)
	return scale (s1, true, HOST_WIDE_INT_1 << c);
      return s1.kind == stride::ZERO && s2.kind == stride::ZERO
	     ? stride::zero () : stride::unknown ();
    case TRUNC_DIV_EXPR:
    case EXACT_DIV_EXPR:
    case RSHIFT_EXPR:
      /* A collapsed nest's outer index: it changes once in many
	 iterations.  */
      if (s2.kind != stride::ZERO)
	return stride::unknown ();
      return s1.kind == stride::UNKNOWN ? s1 : stride::zero ();
    case TRUNC_MOD_EXPR:
      /* Its inner index: it moves with the counter, but for the
	 wrap-around.  */
      return s2.kind == stride::ZERO ? s1 : stride::unknown ();
    default:
      for (unsigned k = 1; k < gimple_num_ops (a); k++)
	if (of (gimple_op (a, k)).kind != stride::ZERO)
	  return stride::unknown ();
      return stride::zero ();
    }
}

/* The tally of one loop's accesses.  */
struct tally
{
  unsigned unit = 0;		/* Consecutive from lane to lane.  */
  unsigned strided = 0;		/* Apart, or unknown.  */
  unsigned arithmetic = 0;	/* Floating-point operations that move.  */
};

/* Add to T what the statement STMT does with respect to WALK's loop.  */

void
count (stride_walk &walk, gimple *stmt, tally *t)
{
  tree refs[2] = { NULL_TREE, NULL_TREE };
  if (gassign *a = dyn_cast<gassign *> (stmt))
    {
      if (gimple_vdef (a))
	refs[0] = gimple_assign_lhs (a);
      if (gimple_vuse (a) && gimple_assign_single_p (a)
	  && !is_gimple_min_invariant (gimple_assign_rhs1 (a))
	  && TREE_CODE (gimple_assign_rhs1 (a)) != SSA_NAME)
	refs[1] = gimple_assign_rhs1 (a);
      tree lhs = gimple_assign_lhs (a);
      if (!refs[0] && !refs[1] && FLOAT_TYPE_P (TREE_TYPE (lhs))
	  && TREE_CODE (lhs) == SSA_NAME
	  && walk.of (lhs).kind != stride::ZERO)
	t->arithmetic++;
    }
  else if (gcall *c = dyn_cast<gcall *> (stmt))
    {
      if (gimple_call_internal_p (c))
	return;
      tree lhs = gimple_call_lhs (c);
      if (lhs && TREE_CODE (lhs) == SSA_NAME
	  && walk.of (lhs).kind != stride::ZERO)
	t->arithmetic++;
      return;
    }
  for (tree ref : refs)
    {
      if (!ref || !TYPE_SIZE_UNIT (TREE_TYPE (ref)))
	continue;
      stride s = walk.of_ref (ref);
      HOST_WIDE_INT size;
      if (s.kind == stride::ZERO)
	continue;
      if (s.kind == stride::CONST
	  && small_constant (TYPE_SIZE_UNIT (TREE_TYPE (ref)), &size)
	  && (s.step == size || s.step == -size))
	t->unit++;
      else
	t->strided++;
    }
}

} // anon namespace

/* Whether every memory access of the compute region DECL that moves with
   the iterations of one of its partitioned loops is strided, and none of
   them is a `loop vector`: no loop
   reads or writes consecutive elements from one iteration to the next,
   at least one access moves, and the region does less floating-point
   arithmetic that moves than it has moving accesses (SIMD arithmetic
   would not pay for the gathers).  */

bool
gw_lanes_strided (tree decl)
{
  function *fn = DECL_STRUCT_FUNCTION (decl);
  if (!fn || !gimple_in_ssa_p (fn) || !fn->cfg)
    return false;
  std::vector<tree> counters;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gcall *call = dyn_cast<gcall *> (gsi_stmt (gsi));
	/* A loop the program partitions over vector lanes explicitly
	   (`loop vector`) keeps them: the head mark's tag says so.  */
	if (call && gimple_call_internal_p (call, IFN_UNIQUE)
	    && (tree_to_shwi (gimple_call_arg (call, 0))
		== IFN_UNIQUE_OACC_HEAD_MARK)
	    && gimple_call_num_args (call) > 3
	    && TREE_CODE (gimple_call_arg (call, 3)) == INTEGER_CST
	    && (tree_to_shwi (gimple_call_arg (call, 3)) & OLF_DIM_VECTOR))
	  return false;
	if (call && gimple_call_internal_p (call, IFN_GOACC_LOOP)
	    && gimple_call_lhs (call)
	    && TREE_CODE (gimple_call_lhs (call)) == SSA_NAME
	    && (tree_to_shwi (gimple_call_arg (call, 0))
		== IFN_GOACC_LOOP_OFFSET))
	  counters.push_back (gimple_call_lhs (call));
      }
  if (counters.empty ())
    return false;

  tally all;
  for (tree counter : counters)
    {
      stride_walk walk (counter);
      tally t;
      FOR_EACH_BB_FN (bb, fn)
	for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	     gsi_next (&gsi))
	  count (walk, gsi_stmt (gsi), &t);
      if (dump_file && (dump_flags & TDF_DETAILS))
	{
	  fprintf (dump_file, "Gangway lanes of the loop of ");
	  print_generic_expr (dump_file, counter);
	  fprintf (dump_file, ": %u consecutive accesses, %u strided, %u "
		   "moving floating-point operations%s\n", t.unit, t.strided,
		   t.arithmetic, walk.overflow ? " (too big to follow)" : "");
	}
      if (t.unit || walk.overflow)
	return false;
      all.strided += t.strided;
      all.arithmetic += t.arithmetic;
    }
  return all.strided > 0 && all.arithmetic < all.strided;
}
