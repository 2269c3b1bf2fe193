/* Expand the calls of a device clone: internal functions, OpenACC's
   markers and builtins, the C library, routines.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   Part of the expander (expand.cc, whose header says what it requires and
   guarantees).  GCC's .UNIQUE markers, .GOACC_DIM_* and the
   overflow-checking pairs become their device forms, the C library's
   printf and friends library calls, routines device calls (math
   functions: expand-math.cc); any other call is a failure naming the
   callee.  */

#include "gcc-api.h"
#include "plugin.h"
#include "expander.h"

namespace gw_expand {

/* The device RTL opcode that combines values of TYPE as the tree code
   CODE of a reduction does, or DOP_NUM.  GCC's lowering hands && and ||
   over as & and |: on floats, which have no & or | reduction, those are
   the logical operations; on integers the bits combine, as GCC's own
   offloading does (see reductions.cc).  */

static dir_opcode
combining_opcode (tree_code code, tree type)
{
  bool fp = FLOAT_TYPE_P (type);
  bool u = TYPE_UNSIGNED (type) && !fp;
  switch (code)
    {
    case PLUS_EXPR: return DOP_ADD;
    case MULT_EXPR: return DOP_MUL;
    case MIN_EXPR: return u ? DOP_UMIN : DOP_MIN;
    case MAX_EXPR: return u ? DOP_UMAX : DOP_MAX;
    case BIT_AND_EXPR: case TRUTH_ANDIF_EXPR: case TRUTH_AND_EXPR:
      return fp ? DOP_LAND : DOP_AND;
    case BIT_IOR_EXPR: case TRUTH_ORIF_EXPR: case TRUTH_OR_EXPR:
      return fp ? DOP_LOR : DOP_OR;
    case BIT_XOR_EXPR: return fp ? DOP_NUM : DOP_XOR;
    default: return DOP_NUM;
    }
}

/* Set LHS, if any, to the thread's position on AXIS (POS) or AXIS's
   size.  */

void
expander::dim_query (tree lhs, bool pos, HOST_WIDE_INT axis)
{
  if (!lhs)
    return;
  b.loc = loc;
  set_lhs (lhs, b.axis_op (pos ? DOP_DIM_POS : DOP_DIM_SIZE,
			   reg_type (TREE_TYPE (lhs)), (dir_axis) axis));
}

/* Expand a marker of reductions.cc: IFN_UNIQUE (UNSPEC, MARKER, ...).  */

void
expander::reduction_marker (gcall *call)
{
  tree lhs = gimple_call_lhs (call);
  auto marker = (gw_unique_marker) tree_to_uhwi (gimple_call_arg (call, 1));
  if (marker != GW_UNIQUE_REDUCE && marker != GW_UNIQUE_ATOMIC)
    fail ("an internal marker left by GCC's OpenACC lowering");
  bool reduce = marker == GW_UNIQUE_REDUCE;
  tree val = gimple_call_arg (call, reduce ? 2 : 3);
  tree type = TREE_TYPE (val);
  auto code = (tree_code) tree_to_shwi (gimple_call_arg (call, reduce ? 3
							 : 4));
  if (TREE_CODE (type) == COMPLEX_TYPE)
    {
      complex_product (call, reduce, val, code);
      return;
    }
  dir_type t = reg_type (type);
  bool boolean = t == DT_B1;
  /* Fortran's .neqv. is ^ on booleans; .eqv. is too on their negations
     (!(a .eqv. b) == !a ^ !b), so its operands are negated and so is its
     result; across gangs, r .eqv. x == r ^ !x.  */
  bool negate = boolean && code == EQ_EXPR;
  dir_opcode redop = (boolean && (code == EQ_EXPR || code == NE_EXPR)
		      ? DOP_XOR : combining_opcode (code, type));
  if (redop == DOP_NUM || (!INTEGRAL_TYPE_P (type) && !SCALAR_FLOAT_TYPE_P
			   (type)))
    fail ("a reduction of this operator on values of type '%s'",
	  user_type_name (type).c_str ());
  /* A bool is the integer 0 or 1 of its size in memory (a byte in C, 1
     to 8 bytes in Fortran): + max || combine as |, * min && as & (C's
     b + x and b * x are 1 or 0 again), ^ as it is.  */
  tree word = NULL_TREE;
  if (boolean)
    {
      t = reg_type (type, true);
      word = build_nonstandard_integer_type (tree_to_uhwi (TYPE_SIZE (type)),
					     1);
      redop = redop == DOP_XOR ? DOP_XOR
	      : redop == DOP_ADD || redop == DOP_UMAX || redop == DOP_OR
		|| redop == DOP_MAX ? DOP_OR : DOP_AND;
    }
  auto operand = [&] () {
    dir_value v = value (val);
    if (negate)
      v = emit (DOP_NOT, DT_B1, { v });
    return boolean ? convert (v, type, word) : v;
  };
  if (!reduce)
    {
      /* Across gangs: into the receiver, relaxed, deferred (the result
	 is the receiver's at the end of the launch).  */
      dir_value receiver = value (gimple_call_arg (call, 2));
      dir_value v = operand ();
      if (lhs)
	fail ("a gang reduction marker with a result");
      atomic_access (DOP_ATOMIC, redop, t, receiver, { v }, DMO_RELAXED,
		     DIF_DEFERRED);
      return;
    }
  dir_value r = reduce_insn (call, redop, t, { operand () });
  if (boolean)
    {
      r = convert (r, word, type);
      if (negate)
	r = emit (DOP_NOT, DT_B1, { r });
    }
  if (lhs)
    set_lhs (lhs, r);
}

/* Emit the REDUCE by REDOP of the values OPS of type T across the level
   the REDUCE marker CALL names, and return its result.  */

dir_value
expander::reduce_insn (gcall *call, dir_opcode redop, dir_type t,
		       std::initializer_list<dir_value> ops)
{
  HOST_WIDE_INT level = tree_to_shwi (gimple_call_arg (call, 4));
  if (level <= GOMP_DIM_GANG || level >= DA_NUM)
    fail ("a reduction marker without a worker or vector level");
  dir_insn *i = dir_new_insn (fn.get (), DOP_REDUCE, t);
  i->redop = redop;
  i->axes = dir_axis_bit ((dir_axis) level);
  i->ops = ops;
  i->dest = dir_new_reg (fn.get (), t);
  b.loc = loc;
  b.emit (i);
  return dir_reg_value (fn.get (), i->dest);
}

/* The REDUCE or ATOMIC (REDUCE) marker CALL of a product (CODE) of the
   complex value VAL: across workers or lanes two REDUCEs of its parts,
   by cmulre and cmulim, give the product's parts; across gangs one
   ATOMIC by cmulre multiplies the receiver by it.  */

void
expander::complex_product (gcall *call, bool reduce, tree val,
			   tree_code code)
{
  tree lhs = gimple_call_lhs (call);
  tree elt = TREE_TYPE (TREE_TYPE (val));
  dir_type t = reg_type (elt);
  if (code != MULT_EXPR || !dir_type_float_p (t))
    fail ("a reduction of this operator on values of type '%s'",
	  user_type_name (TREE_TYPE (val)).c_str ());
  pair v = complex_value (val);
  if (!reduce)
    {
      if (lhs)
	fail ("a gang reduction marker with a result");
      atomic_access (DOP_ATOMIC, DOP_CMULRE, t,
		     value (gimple_call_arg (call, 2)),
		     { v.first, v.second }, DMO_RELAXED, DIF_DEFERRED);
      return;
    }
  dir_value re = reduce_insn (call, DOP_CMULRE, t, { v.first, v.second });
  dir_value im = reduce_insn (call, DOP_CMULIM, t, { v.first, v.second });
  if (lhs)
    set_complex (lhs, { re, im });
}

/* The call CALL of libgcc's __mulsc3 or __muldc3 (a, b, c, d): the
   product of a + b i and c + d i as C's Annex G defines it, which GCC's
   complex lowering calls when the plain product's parts are both NaN.
   The recovery of infinite operands, without branches: if a or b is
   infinite, they become copysign (1 or 0) and a NaN c or d becomes
   copysign (0); the same the other way round; failing both, if a partial
   product overflowed, every NaN becomes copysign (0); then, if any of
   that applied, the parts are infinity times the product recomputed.
   Return false (the caller refuses the call) for other types.  */

bool
expander::complex_mul_call (gcall *call)
{
  tree lhs = gimple_call_lhs (call);
  if (gimple_call_num_args (call) != 4)
    return false;
  dir_type t = reg_type (TREE_TYPE (gimple_call_arg (call, 0)));
  if (t != DT_F32 && t != DT_F64)
    return false;
  auto fimm = [&] (double d) {
    return t == DT_F32 ? dir_imm_f32 ((float) d) : dir_imm_f64 (d);
  };
  dir_value a = value (gimple_call_arg (call, 0));
  dir_value bb = value (gimple_call_arg (call, 1));
  dir_value c = value (gimple_call_arg (call, 2));
  dir_value d = value (gimple_call_arg (call, 3));
  b.loc = loc;
  auto op = [&] (dir_opcode o, dir_value x, dir_value y) {
    return emit (o, t, { x, y });
  };
  auto both = [&] (dir_value x, dir_value y) {
    return emit (DOP_AND, DT_B1, { x, y });
  };
  auto either = [&] (dir_value x, dir_value y) {
    return emit (DOP_OR, DT_B1, { x, y });
  };
  auto select = [&] (dir_value k, dir_value x, dir_value y) {
    return emit (DOP_SELECT, t, { k, x, y });
  };
  auto is_nan = [&] (dir_value x) { return b.cmp (DC_UNO, x, x); };
  auto is_inf = [&] (dir_value x) {
    return b.cmp (DC_EQ, emit (DOP_ABS, t, { x }), fimm (__builtin_inf ()));
  };
  /* copysign (isinf (x) ? 1 : 0, x), and x made copysign (0, x) where
     K and x is a NaN.  */
  auto boxed = [&] (dir_value x) {
    return op (DOP_COPYSIGN, select (is_inf (x), fimm (1), fimm (0)), x);
  };
  auto no_nan = [&] (dir_value x, dir_value k) {
    return select (both (k, is_nan (x)), op (DOP_COPYSIGN, fimm (0), x), x);
  };
  auto re = [&] (dir_value p, dir_value q, dir_value r, dir_value s) {
    return op (DOP_SUB, op (DOP_MUL, p, r), op (DOP_MUL, q, s));
  };
  auto im = [&] (dir_value p, dir_value q, dir_value r, dir_value s) {
    return op (DOP_ADD, op (DOP_MUL, p, s), op (DOP_MUL, q, r));
  };

  dir_value ac = op (DOP_MUL, a, c), bd = op (DOP_MUL, bb, d);
  dir_value ad = op (DOP_MUL, a, d), bc = op (DOP_MUL, bb, c);
  dir_value x = op (DOP_SUB, ac, bd), y = op (DOP_ADD, ad, bc);

  dir_value inf_ab = either (is_inf (a), is_inf (bb));
  dir_value a1 = select (inf_ab, boxed (a), a);
  dir_value b1 = select (inf_ab, boxed (bb), bb);
  dir_value c1 = no_nan (c, inf_ab), d1 = no_nan (d, inf_ab);

  dir_value inf_cd = either (is_inf (c1), is_inf (d1));
  dir_value c2 = select (inf_cd, boxed (c1), c1);
  dir_value d2 = select (inf_cd, boxed (d1), d1);
  dir_value a2 = no_nan (a1, inf_cd), b2 = no_nan (b1, inf_cd);

  dir_value recalc = either (inf_ab, inf_cd);
  dir_value overflow = either (either (is_inf (ac), is_inf (bd)),
			       either (is_inf (ad), is_inf (bc)));
  dir_value k3 = both (emit (DOP_NOT, DT_B1, { recalc }), overflow);
  dir_value a3 = no_nan (a2, k3), b3 = no_nan (b2, k3);
  dir_value c3 = no_nan (c2, k3), d3 = no_nan (d2, k3);
  recalc = either (recalc, k3);

  dir_value use = both (both (is_nan (x), is_nan (y)), recalc);
  x = select (use, op (DOP_MUL, fimm (__builtin_inf ()), re (a3, b3, c3, d3)), x);
  y = select (use, op (DOP_MUL, fimm (__builtin_inf ()), im (a3, b3, c3, d3)), y);
  if (lhs)
    set_complex (lhs, { x, y });
  return true;
}

/* CALL's first argument, or null if it has none (a call through a
   declaration without a prototype).  */

static tree
first_arg (gcall *call)
{
  return gimple_call_num_args (call) ? gimple_call_arg (call, 0) : NULL_TREE;
}

/* Expand the call CALL of an internal function: an OpenACC marker or
   query, a bit operation, an overflow check, a three-way comparison
   or a math function.  */

void
expander::internal_call (gcall *call)
{
  tree lhs = gimple_call_lhs (call);
  internal_fn ifn = gimple_call_internal_fn (call);
  switch (ifn)
    {
    case IFN_UNIQUE:
      {
	auto kind = (ifn_unique_kind)
	  TREE_INT_CST_LOW (gimple_call_arg (call, 0));
	if (kind == IFN_UNIQUE_UNSPEC && gimple_call_num_args (call) > 1)
	  {
	    reduction_marker (call);
	    return;
	  }
	if (kind != IFN_UNIQUE_OACC_FORK && kind != IFN_UNIQUE_OACC_JOIN)
	  fail ("an internal marker left by GCC's OpenACC lowering");
	HOST_WIDE_INT axis = tree_to_shwi (gimple_call_arg (call, 2));
	if (axis < 0 || axis >= DA_NUM)
	  fail ("a fork/join marker without an axis");
	b.loc = loc;
	b.marker (kind == IFN_UNIQUE_OACC_FORK ? DOP_FORK : DOP_JOIN,
		  (dir_axis) axis);
	/* The data dependence the marker carries is only an ordering
	   device: its value is the argument's.  */
	if (lhs)
	  set_lhs (lhs, value (gimple_call_arg (call, 1)));
	return;
      }
    case IFN_GOACC_DIM_POS:
    case IFN_GOACC_DIM_SIZE:
      dim_query (lhs, ifn == IFN_GOACC_DIM_POS,
		 tree_to_shwi (gimple_call_arg (call, 0)));
      return;
    case IFN_BUILTIN_EXPECT:
      if (lhs)
	set_lhs (lhs, value (gimple_call_arg (call, 0)));
      return;
    case IFN_CLZ: case IFN_CTZ: case IFN_POPCOUNT:
    case IFN_FFS: case IFN_PARITY: case IFN_CLRSB:
      bit_builtin (ifn, first_arg (call), lhs);
      return;
    case IFN_DIVMOD:
    case IFN_ADD_OVERFLOW:
    case IFN_SUB_OVERFLOW:
    case IFN_MUL_OVERFLOW:
      if (pair_call (call))
	return;
      fail ("the internal function '%s' on these types",
	    internal_fn_name (ifn));
    case IFN_ATOMIC_COMPARE_EXCHANGE:
      compare_exchange_ifn (call);
      return;
    case IFN_SPACESHIP:
      if (lhs)
	{
	  /* GCC's three-way comparison of floats: -1, 0, 1, or 2 for
	     unordered operands.  */
	  dir_value a = value (gimple_call_arg (call, 0));
	  dir_value c = value (gimple_call_arg (call, 1));
	  dir_type t = reg_type (TREE_TYPE (lhs));
	  b.loc = loc;
	  dir_value r = emit (DOP_SELECT, t, { b.cmp (DC_GT, a, c),
					       dir_imm (t, 1),
					       dir_imm (t, 2) });
	  r = emit (DOP_SELECT, t, { b.cmp (DC_EQ, a, c), dir_imm (t, 0),
				     r });
	  set_lhs (lhs, emit (DOP_SELECT, t, { b.cmp (DC_LT, a, c),
					       dir_imm (t, -1), r }));
	}
      return;
    case IFN_GOACC_REDUCTION:
    case IFN_GOACC_LOOP:
    case IFN_GOACC_TILE:
      fail ("an OpenACC construct GCC did not lower for the device");
    default:
      {
	dir_value r;
	if (math_call (gimple_call_combined_fn (call), call, &r))
	  {
	    if (lhs)
	      set_lhs (lhs, r);
	    return;
	  }
	fail ("the internal function '%s' is not supported on the device",
	      internal_fn_name (ifn));
      }
    }
}

/* Expand the call CALL of DECL, a normal builtin, if the device has it
   (acc_on_device's relatives, the bit operations, memset, memcpy and
   memmove, the atomic and the math builtins); set *ENDS_BLOCK if it
   never returns.  Return false if it is none of those: a function of
   the C library, or one the device does not support.  */

bool
expander::builtin_call (gcall *call, tree decl, bool *ends_block)
{
  tree lhs = gimple_call_lhs (call);
  switch (DECL_FUNCTION_CODE (decl))
    {
    case BUILT_IN_EXPECT:
    case BUILT_IN_EXPECT_WITH_PROBABILITY:
    case BUILT_IN_ASSUME_ALIGNED:
      if (lhs)
	set_lhs (lhs, value (gimple_call_arg (call, 0)));
      return true;
    case BUILT_IN_PREFETCH:
      /* A hint (its arguments have no side effects in GIMPLE).  */
      return true;
    case BUILT_IN_ABORT:
      /* abort () of the device's C library, which never returns.  */
      library_call (call, dir_find_library_function ("abort"));
      *ends_block = true;
      return true;
    case BUILT_IN_TRAP:
    case BUILT_IN_UNREACHABLE:
      *ends_block = true;
      return true;
    case BUILT_IN_EXIT:
    case BUILT_IN__EXIT:
    case BUILT_IN__EXIT2:
      exit_call (decl);
      *ends_block = true;
      return true;
    case BUILT_IN_GOACC_PARLEVEL_ID:
    case BUILT_IN_GOACC_PARLEVEL_SIZE:
      {
	/* The thread's position on an axis, or the axis's size: what
	   GCC's offload compilers make of them at RTL expansion.  */
	tree arg = gimple_call_arg (call, 0);
	if (!tree_fits_shwi_p (arg) || tree_to_shwi (arg) < GOMP_DIM_GANG
	    || tree_to_shwi (arg) > GOMP_DIM_VECTOR)
	  fail ("'%s' of an axis that is not a constant",
		IDENTIFIER_POINTER (DECL_NAME (decl)));
	dim_query (lhs, DECL_FUNCTION_CODE (decl)
			== BUILT_IN_GOACC_PARLEVEL_ID,
		   tree_to_shwi (arg));
	return true;
      }
    case BUILT_IN_ABS: case BUILT_IN_LABS: case BUILT_IN_LLABS:
    case BUILT_IN_IMAXABS:
      if (lhs)
	set_lhs (lhs, emit (DOP_ABS, reg_type (TREE_TYPE (lhs)),
			    { value (gimple_call_arg (call, 0)) }));
      return true;
    CASE_INT_FN (BUILT_IN_CLZ):
      bit_builtin (IFN_CLZ, first_arg (call), lhs);
      return true;
    CASE_INT_FN (BUILT_IN_CTZ):
      bit_builtin (IFN_CTZ, first_arg (call), lhs);
      return true;
    CASE_INT_FN (BUILT_IN_POPCOUNT):
      bit_builtin (IFN_POPCOUNT, first_arg (call), lhs);
      return true;
    CASE_INT_FN (BUILT_IN_FFS):
      bit_builtin (IFN_FFS, first_arg (call), lhs);
      return true;
    CASE_INT_FN (BUILT_IN_PARITY):
      bit_builtin (IFN_PARITY, first_arg (call), lhs);
      return true;
    CASE_INT_FN (BUILT_IN_CLRSB):
      bit_builtin (IFN_CLRSB, first_arg (call), lhs);
      return true;
    case BUILT_IN_BSWAP16: case BUILT_IN_BSWAP32: case BUILT_IN_BSWAP64:
      if (lhs)
	{
	  tree arg = gimple_call_arg (call, 0);
	  dir_value a = convert (value (arg), TREE_TYPE (arg),
				 TREE_TYPE (lhs));
	  set_lhs (lhs, emit (DOP_BSWAP, a.type, { a }));
	}
      return true;
    case BUILT_IN_CEXPI:
    case BUILT_IN_CEXPIF:
      /* GCC's sincos pass makes sin (x) and cos (x) one cexpi (x);
	 its parts are the two calls again.  */
      if (lhs && TREE_CODE (lhs) == SSA_NAME)
	{
	  bool f = DECL_FUNCTION_CODE (decl) == BUILT_IN_CEXPIF;
	  dir_value x = value (gimple_call_arg (call, 0));
	  dir_value part[2];
	  part[0] = lib_call (f ? "cosf" : "cos", x.type, { x });
	  part[1] = lib_call (f ? "sinf" : "sin", x.type, { x });
	  parts[SSA_NAME_VERSION (lhs)] = { part[0], part[1] };
	  return true;
	}
      break;
    case BUILT_IN_MEMSET:
    case BUILT_IN_MEMCPY:
    case BUILT_IN_MEMMOVE:
      mem_call (call, DECL_FUNCTION_CODE (decl));
      return true;
    case BUILT_IN_STACK_SAVE:
    case BUILT_IN_STACK_RESTORE:
      /* What GCC wraps around the scope of a variable-length array
	 (found at its declaration first, unsupported_construct).  */
      fail ("variable-length arrays are not supported on the device");
    CASE_BUILT_IN_ALLOCA:
      if (gimple_call_alloca_for_var_p (call))
	fail ("variable-length arrays are not supported on the device");
      fail ("'alloca' is not supported on the device");
    default:
      if (DECL_FUNCTION_CODE (decl) >= BUILT_IN_COMPLEX_MUL_MIN
	  && DECL_FUNCTION_CODE (decl) <= BUILT_IN_COMPLEX_MUL_MAX
	  && complex_mul_call (call))
	return true;
      if ((DECL_FUNCTION_CODE (decl) >= BUILT_IN_COMPLEX_MUL_MIN
	   && DECL_FUNCTION_CODE (decl) <= BUILT_IN_COMPLEX_MUL_MAX)
	  || (DECL_FUNCTION_CODE (decl) >= BUILT_IN_COMPLEX_DIV_MIN
	      && DECL_FUNCTION_CODE (decl) <= BUILT_IN_COMPLEX_DIV_MAX))
	fail ("'%s' %s is not supported on the device",
	      user_type_name (gimple_call_return_type (call)).c_str (),
	      DECL_FUNCTION_CODE (decl) <= BUILT_IN_COMPLEX_MUL_MAX
	      ? "multiplication" : "division");
      if (atomic_call (call, DECL_FUNCTION_CODE (decl)))
	return true;
      if (math_builtin (call, DECL_FUNCTION_CODE (decl)))
	return true;
      break;
    }
  dir_value r;
  if (math_call (gimple_call_combined_fn (call), call, &r))
    {
      if (lhs)
	set_lhs (lhs, r);
      return true;
    }
  return false;
}

/* Fail for the call CALL of DECL (null for a call through a function
   pointer), which the device cannot make, saying why: an instrumented
   check, gfortran's packing of an array, a math function the device
   lacks, or a function that is not a routine.  */

void
expander::unsupported_call (gcall *call, tree decl)
{
  if (decl)
    {
      /* The checks -fsanitize=undefined (or another sanitizer) put into
	 the region, as calls of its runtime.  */
      const char *name = IDENTIFIER_POINTER (DECL_NAME (decl));
      if (strncmp (name, "__builtin_", 10) == 0)
	name += 10;
      for (const char *prefix : { "__ubsan_", "__asan_", "__tsan_",
				  "__sanitizer_" })
	if (strncmp (name, prefix, strlen (prefix)) == 0)
	  fail ("code instrumented by -fsanitize=%s is not supported on the "
		"device",
		prefix[2] == 'u' ? "undefined" : prefix[2] == 'a' ? "address"
		: prefix[2] == 't' ? "thread" : "...");
      std::string packing = fortran_packing (call, decl);
      if (!packing.empty ())
	fail ("%s", packing.c_str ());
      /* A math function of the C library GCC knows (one of its
	 arguments or its result a floating-point or complex type): no
	 directive would make it a routine.  */
      if (fndecl_built_in_p (decl, BUILT_IN_NORMAL) && DECL_EXTERNAL (decl)
	  && !gimple_has_body_p (decl))
	{
	  bool math = false;
	  tree fntype = TREE_TYPE (decl);
	  for (tree a = TYPE_ARG_TYPES (fntype); a; a = TREE_CHAIN (a))
	    math |= FLOAT_TYPE_P (TREE_VALUE (a))
		    || TREE_CODE (TREE_VALUE (a)) == COMPLEX_TYPE;
	  math |= FLOAT_TYPE_P (TREE_TYPE (fntype))
		  || TREE_CODE (TREE_TYPE (fntype)) == COMPLEX_TYPE;
	  if (math && !gimple_builtin_call_types_compatible_p (call, decl))
	    fail ("a call of '%s' whose arguments do not match its prototype",
		  name);
	  if (math)
	    fail ("the math function '%s' is not supported on the device yet",
		  name);
	}
      fail ("'%s' is called, but it is not an OpenACC routine (declare it "
	    "with '#pragma acc routine')",
	    lang_hooks.decl_printable_name (decl, 2));
    }
  fail ("calls through function pointers are not supported on the "
	"device");
}

/* Expand the call CALL.  Set *ENDS_BLOCK if the call never returns.  */

void
expander::stmt_call (gcall *call, bool *ends_block)
{
  tree lhs = gimple_call_lhs (call);
  if (gimple_call_internal_p (call))
    {
      internal_call (call);
      return;
    }

  tree decl = gimple_call_fndecl (call);
  /* acc_on_device: the builtin, or the runtime function clone.cc
     redirected it to.  */
  if (decl
      && (decl == gw_on_device_decl ()
	  || fndecl_built_in_p (decl, BUILT_IN_ACC_ON_DEVICE)))
    {
      if (lhs)
	set_lhs (lhs, emit (DOP_ONDEV, DT_I32,
			    { convert (value (gimple_call_arg (call, 0)),
				       TREE_TYPE (gimple_call_arg (call, 0)),
				       integer_type_node) }));
      return;
    }
  if (decl && fndecl_built_in_p (decl, BUILT_IN_NORMAL)
      && builtin_call (call, decl, ends_block))
    return;
  dir_level level;
  if (decl && gw_routine_p (decl, &level))
    {
      routine_call (call, decl, level);
      return;
    }
  /* printf, puts, fprintf... of the C library (not a function of the
     program's own of that name).  */
  if (decl && DECL_EXTERNAL (decl) && !gimple_has_body_p (decl))
    {
      /* GCC's own calls (fputs made fwrite) name the builtin.  */
      const char *name = IDENTIFIER_POINTER (DECL_NAME (decl));
      if (startswith (name, "__builtin_"))
	name += strlen ("__builtin_");
      if (const dir_library_function *f = dir_find_library_function (name))
	{
	  library_call (call, f);
	  *ends_block = f->noreturn;
	  return;
	}
    }
  if (decl && DECL_EXTERNAL (decl)
      && (id_equal (DECL_NAME (decl), "quick_exit")
	  || id_equal (DECL_NAME (decl), "_Exit")))
    {
      exit_call (decl);
      *ends_block = true;
      return;
    }
  unsupported_call (call, decl);
}

/* If CALL, of DECL (malloc, free or libgfortran's internal_pack or
   internal_unpack) in Fortran code, is part of gfortran's packing of an
   array into a contiguous temporary for a call (an assumed-shape array
   or a section like a(1:n:2) passed to an explicit-shape or assumed-size
   dummy), return the sentence that says so, naming the arrays and the
   procedure (fortran-packing.cc recorded them under the call's location,
   which every statement of the packing has), else "".  */

std::string
expander::fortran_packing (gcall *call, tree decl)
{
  if (!lang_GNU_Fortran ())
    return "";
  const char *name = IDENTIFIER_POINTER (DECL_NAME (decl));
  if (startswith (name, "__builtin_"))
    name += strlen ("__builtin_");
  bool pack = (strcmp (name, "_gfortran_internal_pack") == 0
	       || strcmp (name, "_gfortran_internal_unpack") == 0);
  if (!pack && strcmp (name, "malloc") != 0 && strcmp (name, "free") != 0)
    return "";
  location_t where = gimple_location (call);
  const gw_packing_site *site
    = gw_fortran_packing_site (where != UNKNOWN_LOCATION ? where : loc);
  if (!site && !pack)
    return "";
  std::vector<std::string> named;
  if (site)
    for (const std::string &a : site->arrays)
      if (!a.empty ())
	named.push_back ("'" + a + "'");
  std::string what = named.empty () ? "a contiguous copy of an array argument"
		     : named.size () == 1 ? "a contiguous copy of the array "
					    + named[0]
		     : "contiguous copies of the arrays ";
  for (size_t k = 0; named.size () > 1 && k < named.size (); k++)
    what += (k == 0 ? "" : k + 1 == named.size () ? " and " : ", ")
	    + named[k];
  return (site ? "the call of '" + site->callee + "'" : "this call")
	 + " needs " + what + ", which may not be contiguous (an "
	 "assumed-shape array or a section with a stride, passed for an "
	 "explicit-shape or assumed-size dummy argument), and the device "
	 "cannot allocate the copy; pass a contiguous array, or make the "
	 "dummy argument assumed-shape";
}

/* Expand CALL of memcpy, memmove or memset (CODE) of a constant size:
   copy_block's (a block copy from gw_opts.block_copy bytes, else loads
   and stores of the widest chunks the pointers' alignment allows);
   memmove's are chunks, all loaded before the first store.  gfortran makes them of array
   assignments (a = [1, 2, 3], a(1:5) = b) and of derived-type copies.  A
   size only known at run time would need a loop in the middle of the
   block: not supported yet.  */

void
expander::mem_call (gcall *call, built_in_function code)
{
  const char *name = code == BUILT_IN_MEMSET ? "memset"
		     : code == BUILT_IN_MEMCPY ? "memcpy" : "memmove";
  tree dst = gimple_call_arg (call, 0), src = gimple_call_arg (call, 1);
  tree len = gimple_call_arg (call, 2);
  const HOST_WIDE_INT limit = 1024;
  bool block = (code != BUILT_IN_MEMMOVE && tree_fits_uhwi_p (len)
		&& block_p (tree_to_uhwi (len)));
  if (!tree_fits_uhwi_p (len)
      || (tree_to_uhwi (len) > (unsigned) limit && !block))
    fail ("'%s' of a size not known at compile time (or above %d bytes) "
	  "is not supported on the device yet", name, (int) limit);
  HOST_WIDE_INT size = tree_to_uhwi (len);
  unsigned align = get_pointer_alignment (dst);
  if (code != BUILT_IN_MEMSET)
    align = MIN (align, get_pointer_alignment (src));
  align /= BITS_PER_UNIT;
  dir_value d = value (dst), sv, fill;
  if (code == BUILT_IN_MEMSET)
    {
      /* The byte in every byte of a 64-bit word.  */
      if (tree_fits_uhwi_p (src))
	fill = dir_imm (DT_I64, (tree_to_uhwi (src) & 0xff)
			* UINT64_C (0x0101010101010101));
      else
	{
	  dir_value byte = convert (value (src), TREE_TYPE (src),
				    unsigned_char_type_node);
	  dir_value w = emit (DOP_ZEXT, DT_I64, { byte });
	  fill = emit (DOP_MUL, DT_I64,
		       { w, dir_imm (DT_I64, UINT64_C (0x0101010101010101)) });
	}
    }
  else
    sv = value (src);
  b.loc = loc;
  if (code != BUILT_IN_MEMMOVE)
    {
      copy_block (d, 0, code == BUILT_IN_MEMSET ? nullptr : &sv, 0, fill,
		  size, align);
      if (tree lhs = gimple_call_lhs (call))
	set_lhs (lhs, d);
      return;
    }
  std::vector<mem_chunk> chunks = mem_chunks (size, align);
  std::vector<dir_value> vals;
  for (const mem_chunk &c : chunks)
    vals.push_back (b.load (c.type, sv, c.pos));
  /* memmove: every load before the first store.  */
  for (size_t k = 0; k < vals.size (); k++)
    b.store (chunks[k].type, d, chunks[k].pos, vals[k]);
  if (tree lhs = gimple_call_lhs (call))
    set_lhs (lhs, d);
}

/* Expand CALL of F, a function of the device's C library: a device call
   flagged DIF_LIBRARY, its arguments after F's parameters variadic (as C
   promoted them: int, long, double, pointers), F declared to the
   module.  */

void
expander::library_call (gcall *call, const dir_library_function *f)
{
  const char *name = f->name;
  unsigned n = gimple_call_num_args (call);
  if (n < f->sig.params.size () || (n > f->sig.params.size () && !f->variadic))
    fail ("a call of '%s' with %u arguments", name, n);
  std::vector<dir_value> ops;
  for (unsigned k = 0; k < n; k++)
    {
      tree arg = gimple_call_arg (call, k);
      dir_value v = value (arg);
      if (k < f->sig.params.size () && v.type != f->sig.params[k])
	{
	  /* A bool (libgfortran's quiet flag) goes as an int, 0 or 1.  */
	  if ((!dir_type_int_p (v.type) && v.type != DT_B1)
	      || !dir_type_int_p (f->sig.params[k]))
	    fail ("an argument of type '%s' to '%s'",
		  user_type_name (TREE_TYPE (arg)).c_str (), name);
	  v = convert (v, TREE_TYPE (arg),
		       f->sig.params[k] == DT_I64 ? long_integer_type_node
		       : integer_type_node);
	}
      else if (k >= f->sig.params.size ()
	       && (v.type == DT_B1 || v.type == DT_I8 || v.type == DT_I16))
	/* C's promotions, which GIMPLE has normally applied.  */
	v = convert (v, TREE_TYPE (arg), integer_type_node);
      else if (k >= f->sig.params.size () && v.type == DT_F32)
	v = convert (v, TREE_TYPE (arg), double_type_node);
      ops.push_back (v);
    }
  dir_decl d;
  d.name = name;
  d.host_name = name;
  d.sig = f->sig;
  d.library = true;
  d.variadic = f->variadic;
  gw_unit_declare (gw_clone_target (fun->decl), d);
  dir_insn *i = dir_new_insn (fn.get (), DOP_DCALL, f->sig.result);
  i->flags = DIF_LIBRARY;
  i->callee = name;
  i->ops = ops;
  if (f->sig.result != DT_VOID)
    i->dest = dir_new_reg (fn.get (), f->sig.result);
  b.loc = loc;
  b.emit (i);
  tree lhs = gimple_call_lhs (call);
  if (lhs && f->sig.result != DT_VOID)
    set_lhs (lhs, convert (dir_reg_value (fn.get (), i->dest),
			   f->sig.result == DT_I64 ? size_type_node
			   : integer_type_node, TREE_TYPE (lhs)));
}

/* A call of exit, _exit, _Exit or quick_exit, DECL, in device code: an
   error at its location, once (each target's clone meets it), as OpenACC
   gives device code no way to end the program.  The expansion goes on
   (the call ends its block, as it never returns), so that each such call
   is said.  */

void
expander::exit_call (tree decl)
{
  static hash_set<location_hash> said;
  if (said.add (LOCATION_LOCUS (loc)))
    return;
  /* Speak of the host's function, not of the device clone.  */
  tree saved = current_function_decl;
  current_function_decl = gw_host_version (fun->decl);
  error_at (LOCATION_LOCUS (loc), "'%s' cannot be called in device code "
	    "(OpenACC compute regions and routines); call 'abort' to stop "
	    "the program", IDENTIFIER_POINTER (DECL_NAME (decl)));
  current_function_decl = saved;
}

/* The device type of the parameter or result type TYPE of the routine
   NAME, failing for those the device cannot pass.  */

dir_type
expander::interface_type (tree type, const char *name, bool result)
{
  if (AGGREGATE_TYPE_P (type) || TREE_CODE (type) == COMPLEX_TYPE)
    fail (result ? "the routine '%s' returns a '%s', which the device "
		   "cannot return yet"
	  : "the routine '%s' takes a '%s' by value, which the device cannot "
	    "pass yet", name, user_type_name (type).c_str ());
  return reg_type (type);
}

/* Expand CALL of DECL, a routine of level LEVEL: a device call of its
   device clone, of the routine another unit defines (an import), or a
   failure naming why the routine cannot run on the device.  */

void
expander::routine_call (gcall *call, tree decl, dir_level level)
{
  tree host = gw_device_clone_p (decl) ? gw_host_version (decl) : decl;
  const char *name = lang_hooks.decl_printable_name (host ? host : decl, 2);
  const gw_target *target = gw_clone_target (fun->decl);
  std::string symbol;
  cgraph_node *node = cgraph_node::get (decl);
  bool defined = node && node->definition;
  if (gw_device_clone_p (decl))
    symbol = gw_unit_routine_symbol (decl);
  else if (const char *why = gw_routine_refusal (decl))
    fail ("%s in the routine '%s', which this code calls, are not "
	  "supported on the device yet", why, name);
  else if (defined || !TREE_PUBLIC (decl))
    fail ("the routine '%s' has no device code", name);
  else
    symbol = gw_unit_import_symbol (decl);

  /* The signature, from the routine's prototype, else (a C routine
     declared 'int f ()') from its definition's parameters, whose types
     the routine itself takes them as (expand.cc).  */
  tree fntype = TREE_TYPE (decl);
  dir_signature sig;
  std::vector<tree> ptypes;
  if (prototype_p (fntype))
    for (tree a = TYPE_ARG_TYPES (fntype); a && a != void_list_node;
	 a = TREE_CHAIN (a))
      ptypes.push_back (TREE_VALUE (a));
  else if (gw_device_clone_p (decl) && host)
    for (tree p = DECL_ARGUMENTS (host); p; p = DECL_CHAIN (p))
      ptypes.push_back (TREE_TYPE (p));
  else
    fail ("the routine '%s' has no prototype", name);
  for (tree t : ptypes)
    sig.params.push_back (interface_type (t, name, false));
  if (stdarg_p (fntype))
    fail ("the routine '%s' takes a variable number of arguments, which "
	  "the device cannot pass yet", name);
  if (!VOID_TYPE_P (TREE_TYPE (fntype)))
    sig.result = interface_type (TREE_TYPE (fntype), name, true);
  if (gimple_call_num_args (call) != sig.params.size ())
    fail ("a call of the routine '%s' with %u arguments; it takes %zu",
	  name, gimple_call_num_args (call), sig.params.size ());

  /* The arguments as the parameters' types: a char or short argument
     comes promoted to int (x86's promote_prototypes).  */
  std::vector<dir_value> ops;
  for (unsigned k = 0; k < gimple_call_num_args (call); k++)
    {
      tree arg = gimple_call_arg (call, k);
      dir_value v = value (arg);
      if (v.type != sig.params[k] || !useless_type_conversion_p
					   (ptypes[k], TREE_TYPE (arg)))
	v = convert (v, TREE_TYPE (arg), ptypes[k]);
      if (v.type != sig.params[k])
	fail ("an argument of type '%s' to the routine '%s'",
	      user_type_name (TREE_TYPE (arg)).c_str (), name);
      ops.push_back (v);
    }
  if (!gw_device_clone_p (decl))
    {
      dir_decl d;
      d.name = symbol;
      d.host_name = name;
      d.level = level;
      d.sig = sig;
      gw_unit_declare (target, d);
    }

  /* A routine that partitions worker or vector loops is called by every
     thread of those axes together: the call is a partition of its own,
     between markers of the axes that have more than one thread here
     (docs/internals.md, section 8.4).  */
  std::vector<dir_axis> axes;
  for (int a = DA_WORKER; a < DA_NUM; a++)
    if ((dir_level_axes (level) & (1u << a)) && oacc_get_fn_attrib (fun->decl)
	&& oacc_get_fn_dim_size (fun->decl, a) != 1)
      axes.push_back ((dir_axis) a);
  b.loc = loc;
  for (dir_axis a : axes)
    b.marker (DOP_FORK, a);
  dir_insn *i = dir_new_insn (fn.get (), DOP_DCALL, sig.result);
  i->axes = dir_level_axes (level);
  i->callee = symbol;
  i->ops = ops;
  tree lhs = gimple_call_lhs (call);
  if (sig.result != DT_VOID)
    i->dest = dir_new_reg (fn.get (), sig.result);
  b.emit (i);
  for (auto a = axes.rbegin (); a != axes.rend (); ++a)
    b.marker (DOP_JOIN, *a);
  if (lhs && sig.result != DT_VOID)
    set_lhs (lhs, dir_reg_value (fn.get (), i->dest));
}

/* Expand CALL, an internal function with a complex result (.DIVMOD, and
   the .*_OVERFLOW checks), into the two parts of its result.  Return false
   if the types are not ones this expands.  */

bool
expander::pair_call (gcall *call)
{
  tree lhs = gimple_call_lhs (call);
  if (!lhs)
    return true;
  if (TREE_CODE (lhs) != SSA_NAME
      || TREE_CODE (TREE_TYPE (lhs)) != COMPLEX_TYPE)
    return false;
  tree type = TREE_TYPE (TREE_TYPE (lhs));
  tree a0 = gimple_call_arg (call, 0), a1 = gimple_call_arg (call, 1);
  dir_type t = reg_type (type);
  internal_fn ifn0 = gimple_call_internal_fn (call);
  if (t == DT_B1 && ifn0 != IFN_DIVMOD
      && TREE_CODE (TREE_TYPE (a0)) == BOOLEAN_TYPE
      && TREE_CODE (TREE_TYPE (a1)) == BOOLEAN_TYPE)
    {
      /* One-bit arithmetic (GCC makes it of comparisons of booleans):
	 a + b is a ^ b, overflowing when both are set; a - b is a ^ b,
	 overflowing when only b is; a * b is a & b and never
	 overflows.  */
      dir_value a = value (a0), c = value (a1);
      b.loc = loc;
      dir_value re, ovf;
      if (ifn0 == IFN_MUL_OVERFLOW)
	{
	  re = emit (DOP_AND, t, { a, c });
	  ovf = dir_imm (DT_B1, 0);
	}
      else
	{
	  re = emit (DOP_XOR, t, { a, c });
	  ovf = emit (DOP_AND, t, { ifn0 == IFN_ADD_OVERFLOW ? a
				    : emit (DOP_NOT, t, { a }), c });
	}
      parts[SSA_NAME_VERSION (lhs)] = { re, ovf };
      return true;
    }
  if (!dir_type_int_p (t))
    return false;
  bool uns = TYPE_UNSIGNED (type);
  internal_fn ifn = gimple_call_internal_fn (call);
  if (ifn != IFN_DIVMOD)
    for (tree arg : { a0, a1 })
      {
	/* The checks below need operands whose values the result type
	   holds: of its signedness and no wider, or unsigned and
	   narrower.  Others take the long way.  */
	tree at = TREE_TYPE (arg);
	if (!INTEGRAL_TYPE_P (at))
	  return false;
	if (!((TYPE_UNSIGNED (at) == uns
	       && TYPE_PRECISION (at) <= TYPE_PRECISION (type))
	      || (TYPE_UNSIGNED (at)
		  && TYPE_PRECISION (at) < TYPE_PRECISION (type))))
	  return wide_overflow (call);
      }
  dir_value a = convert (value (a0), TREE_TYPE (a0), type);
  dir_value c = convert (value (a1), TREE_TYPE (a1), type);
  dir_value re, im;
  if (ifn == IFN_DIVMOD)
    {
      re = emit (uns ? DOP_UDIV : DOP_DIV, t, { a, c });
      im = emit (uns ? DOP_UREM : DOP_REM, t, { a, c });
    }
  else
    {
      dir_value zero = dir_imm (t, 0);
      b.loc = loc;
      dir_value ovf;
      if (ifn == IFN_ADD_OVERFLOW || ifn == IFN_SUB_OVERFLOW)
	{
	  bool add = ifn == IFN_ADD_OVERFLOW;
	  re = emit (add ? DOP_ADD : DOP_SUB, t, { a, c });
	  if (uns)
	    ovf = add ? b.cmp (DC_ULT, re, a) : b.cmp (DC_ULT, a, c);
	  else
	    {
	      /* Signed: the sign of the result is wrong.  */
	      dir_value x = emit (DOP_XOR, t, { a, re });
	      dir_value y = emit (DOP_XOR, t, { add ? c : a, add ? re : c });
	      ovf = b.cmp (DC_LT, emit (DOP_AND, t, { x, y }), zero);
	    }
	}
      else
	{
	  re = emit (DOP_MUL, t, { a, c });
	  dir_value hi = emit (uns ? DOP_MULHU : DOP_MULHS, t, { a, c });
	  if (uns)
	    ovf = b.cmp (DC_NE, hi, zero);
	  else
	    {
	      unsigned bits = dir_type_bytes (t) * 8 - 1;
	      dir_value sign = emit (DOP_SAR, t, { re, dir_imm (t, bits) });
	      ovf = b.cmp (DC_NE, hi, sign);
	    }
	}
      im = emit (DOP_ZEXT, t, { ovf });
    }
  parts[SSA_NAME_VERSION (lhs)] = { re, im };
  return true;
}

/* Expand CALL, an .ADD_OVERFLOW, .SUB_OVERFLOW or .MUL_OVERFLOW whose
   operands the result type does not hold (wider ones, or of another
   signedness: __builtin_add_overflow (long, unsigned long, int *)), as
   GCC defines it: the operation on the operands' exact values, the
   result that value modulo the result type, overflowing when it does not
   fit.  Each operand, extended to 64 bits by its type, is the 128-bit
   pair (lo, hi) with hi its sign (0 for an unsigned operand); the 128-bit
   sum, difference or product (modulo 2^128; an unsigned product of two
   64-bit values above 2^127 reads as a negative value, which fits no
   result type either) fits the result type when its extension from the
   truncated result is the pair itself.  Return true.  */

bool
expander::wide_overflow (gcall *call)
{
  tree lhs = gimple_call_lhs (call);
  tree type = TREE_TYPE (TREE_TYPE (lhs));
  dir_type t = reg_type (type);
  internal_fn ifn = gimple_call_internal_fn (call);
  dir_value lo[2], hi[2];
  for (int k = 0; k < 2; k++)
    {
      tree arg = gimple_call_arg (call, k);
      lo[k] = convert (value (arg), TREE_TYPE (arg), long_integer_type_node);
      hi[k] = (TYPE_UNSIGNED (TREE_TYPE (arg)) ? dir_imm (DT_I64, 0)
	       : emit (DOP_SAR, DT_I64, { lo[k], dir_imm (DT_I64, 63) }));
    }
  b.loc = loc;
  dir_value rlo, rhi;
  auto add = [&] (dir_value x, dir_value y) {
    return y.imm_p () && y.imm == 0 ? x : emit (DOP_ADD, DT_I64, { x, y });
  };
  if (ifn == IFN_ADD_OVERFLOW)
    {
      rlo = emit (DOP_ADD, DT_I64, { lo[0], lo[1] });
      dir_value carry = emit (DOP_ZEXT, DT_I64,
			      { b.cmp (DC_ULT, rlo, lo[0]) });
      rhi = add (add (hi[0], hi[1]), carry);
    }
  else if (ifn == IFN_SUB_OVERFLOW)
    {
      rlo = emit (DOP_SUB, DT_I64, { lo[0], lo[1] });
      dir_value borrow = emit (DOP_ZEXT, DT_I64,
			       { b.cmp (DC_ULT, lo[0], lo[1]) });
      rhi = emit (DOP_SUB, DT_I64,
		  { emit (DOP_SUB, DT_I64, { hi[0], hi[1] }), borrow });
    }
  else
    {
      /* (a1 2^64 + a0) (b1 2^64 + b0) mod 2^128: a0 b0 and, in the high
	 word, its high half plus a0 b1 + a1 b0.  */
      rlo = emit (DOP_MUL, DT_I64, { lo[0], lo[1] });
      rhi = emit (DOP_MULHU, DT_I64, { lo[0], lo[1] });
      for (int k = 0; k < 2; k++)
	if (!hi[1 - k].imm_p ())
	  rhi = add (rhi, emit (DOP_MUL, DT_I64, { lo[k], hi[1 - k] }));
    }
  /* The result, and the pair its type's value extends to.  */
  dir_value r = t == DT_I64 ? rlo : emit (DOP_TRUNC, t, { rlo });
  tree wide = TYPE_UNSIGNED (type) ? long_unsigned_type_node
	      : long_integer_type_node;
  r = normalize (r, type);
  dir_value xlo = t == DT_I64 ? r : convert (r, type, wide);
  dir_value xhi = (TYPE_UNSIGNED (type) ? dir_imm (DT_I64, 0)
		   : emit (DOP_SAR, DT_I64, { xlo, dir_imm (DT_I64, 63) }));
  dir_value ovf = emit (DOP_OR, DT_B1, { b.cmp (DC_NE, xlo, rlo),
					 b.cmp (DC_NE, xhi, rhi) });
  parts[SSA_NAME_VERSION (lhs)] = { r, emit (DOP_ZEXT, t, { ovf }) };
  return true;
}

} // namespace gw_expand
