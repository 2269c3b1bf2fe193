/* Expand the optimized GIMPLE of a device clone into device RTL.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   What: the device clone arrives in SSA form, fully optimized by GCC,
   lowered by GCC's oaccdevlow with the target's dimensions, the fork/join
   markers still in place.  Each GIMPLE basic block becomes one block, each
   SSA name one register, each statement a few insns:

     _22 = MEM[(float *)_6 + ivtmp_35 * 4];     %9 = mul.i64 %8, 4
					   =>    %10 = add.i64 %3, %9
					         %11 = load.f32 [%10]
     .data_dep_11 = .UNIQUE (OACC_FORK, 0, 2);   fork vector

   Memory the function keeps in its frame (arrays, variables whose address
   is taken) becomes frame slots; globals become entries of the function's
   global table.  A new entry block defines the parameters.

   Requires: the clone's body in SSA form with a CFG.
   Guarantees: a verifiable device RTL function, or a failure that names
   the first construct the device compiler does not support and its
   location.  Nothing here changes the GIMPLE.  */

#include "gcc-api.h"
#include "plugin.h"

#include "expander.h"

namespace gw_expand {


/* Abandon the expansion: the construct at the current location is not
   supported on the device.  */

void
expander::fail (const char *fmt, ...)
{
  char buf[512];
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (buf, sizeof buf, fmt, ap);
  va_end (ap);
  throw unsupported { loc, buf };
}

/* The name of TYPE as the user wrote it, for messages: its typedef's
   name if it has one, else C's spelling ("long double", "_Complex
   double", "__int128").  */

std::string
user_type_name (tree type)
{
  if (TYPE_NAME (type) && TREE_CODE (TYPE_NAME (type)) == TYPE_DECL
      && DECL_NAME (TYPE_NAME (type)) && !DECL_IS_UNDECLARED_BUILTIN
					     (TYPE_NAME (type)))
    return IDENTIFIER_POINTER (DECL_NAME (TYPE_NAME (type)));
  type = TYPE_MAIN_VARIANT (type);
  if (TREE_CODE (type) == COMPLEX_TYPE)
    return "_Complex " + user_type_name (TREE_TYPE (type));
  if (TREE_CODE (type) == VECTOR_TYPE && tree_fits_uhwi_p (TYPE_SIZE_UNIT
							   (type)))
    return "__attribute__ ((vector_size ("
	   + std::to_string (tree_to_uhwi (TYPE_SIZE_UNIT (type)))
	   + "))) " + user_type_name (TREE_TYPE (type));
  /* GCC's arithmetic on it may be unsigned; the user wrote __int128.  */
  if (INTEGRAL_TYPE_P (type) && TYPE_PRECISION (type) == 128)
    return "__int128";
  char *p = print_generic_expr_to_str (type);
  std::string name = p;
  free (p);
  return name;
}

/* The device type of values of TYPE.  In MEMORY a boolean is an integer
   of its size (a byte in C; Fortran's LOGICAL kinds are 1, 2, 4 or 8
   bytes), 0 or 1.  */

dir_type
expander::reg_type (tree type, bool memory)
{
  if (TREE_CODE (type) == BOOLEAN_TYPE
      || (INTEGRAL_TYPE_P (type) && TYPE_PRECISION (type) == 1))
    {
      if (!memory)
	return DT_B1;
      unsigned bits = tree_to_uhwi (TYPE_SIZE (type));
      dir_type t = bits % 8 ? DT_VOID : dir_int_type (bits / 8);
      if (t == DT_VOID)
	fail ("a boolean of %u bits", bits);
      return t;
    }
  if (INTEGRAL_TYPE_P (type) || POINTER_TYPE_P (type)
      || TREE_CODE (type) == OFFSET_TYPE)
    {
      unsigned prec = TYPE_PRECISION (type);
      if (memory && TYPE_SIZE (type)
	  && TREE_CODE (TYPE_SIZE (type)) == INTEGER_CST
	  && tree_to_uhwi (TYPE_SIZE (type)) != prec)
	fail ("bit-fields are not supported on the device (a value of %u "
	      "bits)", prec);
      /* A value of fewer bits than its register (GCC's optimizers make
	 (unsigned:2) x for x & 3) is kept extended from its precision
	 (normalize).  */
      if (prec <= 8)
	return DT_I8;
      if (prec <= 16)
	return DT_I16;
      if (prec <= 32)
	return DT_I32;
      if (prec <= 64)
	return DT_I64;
      fail ("'%s' is not supported on the device",
	    user_type_name (type).c_str ());
    }
  if (TREE_CODE (type) == REAL_TYPE)
    {
      if (TYPE_MODE (type) == SFmode)
	return DT_F32;
      if (TYPE_MODE (type) == DFmode)
	return DT_F64;
      fail ("'%s' is not supported on the device",
	    user_type_name (type).c_str ());
    }
  if (TREE_CODE (type) == COMPLEX_TYPE)
    fail ("'%s' is not supported on the device",
	  user_type_name (type).c_str ());
  if (TREE_CODE (type) == VECTOR_TYPE)
    fail ("the vector type '%s' is not supported on the device",
	  user_type_name (type).c_str ());
  fail ("values of type '%s' are not supported on the device",
	user_type_name (type).c_str ());
}

/* Emit "%r = OP.T OPS" at the current position.  */

dir_value
expander::emit (dir_opcode op, dir_type t, std::initializer_list<dir_value> ops)
{
  b.loc = loc;
  return b.def (op, t, ops);
}

/* Bring V, a value of the integer TYPE in its register, back to TYPE's
   precision when that is narrower than the register: zero-extended from
   it if TYPE is unsigned, sign-extended otherwise, as every value of
   such a type is kept.  */

dir_value
expander::normalize (dir_value v, tree type)
{
  if (!INTEGRAL_TYPE_P (type) || TREE_CODE (type) == BOOLEAN_TYPE)
    return v;
  unsigned prec = TYPE_PRECISION (type);
  unsigned bits = dir_type_bytes (v.type) * 8;
  if (prec <= 1 || prec >= bits)
    return v;
  if (v.imm_p ())
    {
      uint64_t mask = (1ULL << prec) - 1, u = (uint64_t) v.imm & mask;
      if (!TYPE_UNSIGNED (type) && ((u >> (prec - 1)) & 1))
	u |= ~mask;
      return dir_imm (v.type, (int64_t) u);
    }
  if (TYPE_UNSIGNED (type))
    return emit (DOP_AND, v.type,
		 { v, dir_imm (v.type, (int64_t) ((1ULL << prec) - 1)) });
  dir_value k = dir_imm (v.type, bits - prec);
  return emit (DOP_SAR, v.type, { emit (DOP_SHL, v.type, { v, k }), k });
}

/* Return the i64 A + K.  */

dir_value
expander::add (dir_value a, int64_t k)
{
  if (k == 0)
    return a;
  if (a.imm_p ())
    return dir_imm (DT_I64, (int64_t) a.imm + k);
  return emit (DOP_ADD, DT_I64, { a, dir_imm (DT_I64, k) });
}

/* Emit a call of the library function NAME with result type T.  */

dir_value
expander::lib_call (const char *name, dir_type t,
		    std::vector<dir_value> args)
{
  dir_insn *i = dir_new_insn (fn.get (), DOP_CALL, t);
  i->callee = name;
  i->ops = std::move (args);
  i->dest = dir_new_reg (fn.get (), t);
  b.loc = loc;
  b.emit (i);
  return dir_reg_value (fn.get (), i->dest);
}

/* The immediate for the constant T.  */

dir_value
expander::constant (tree t)
{
  tree type = TREE_TYPE (t);
  if (TREE_CODE (t) == INTEGER_CST)
    {
      dir_type dt = reg_type (type);
      if (dt == DT_B1)
	return dir_imm (DT_B1, integer_zerop (t) ? 0 : 1);
      return dir_imm (dt, wi::to_wide (t).to_shwi ());
    }
  if (TREE_CODE (t) == REAL_CST)
    {
      dir_type dt = reg_type (type);
      long l[2];
      if (dt == DT_F32)
	{
	  REAL_VALUE_TO_TARGET_SINGLE (TREE_REAL_CST (t), l[0]);
	  dir_value v = dir_imm_f32 (0);
	  v.imm = (uint32_t) l[0];
	  return v;
	}
      REAL_VALUE_TO_TARGET_DOUBLE (TREE_REAL_CST (t), l);
      dir_value v = dir_imm_f64 (0);
      v.imm = (uint64_t) (uint32_t) l[0] | ((uint64_t) (uint32_t) l[1] << 32);
      return v;
    }
  fail ("a constant of kind '%s' is not supported on the device",
	get_tree_code_name (TREE_CODE (t)));
}

/* The value of the GIMPLE operand T: an SSA name, a constant or an
   address.  */

dir_value
expander::value (tree t)
{
  switch (TREE_CODE (t))
    {
    case SSA_NAME:
      {
	dir_value v = ssa[SSA_NAME_VERSION (t)];
	if (v.kind == dir_value::NONE && complex_p (t))
	  fail ("this use of a '%s' value is not supported on the device",
		user_type_name (TREE_TYPE (t)).c_str ());
	if (v.kind == dir_value::NONE)
	  fail ("an SSA name without a definition");
	return v;
      }
    case INTEGER_CST:
    case REAL_CST:
      return constant (t);
    case ADDR_EXPR:
      return address_value (TREE_OPERAND (t, 0));
    default:
      return expr (t);
    }
}

/* The value of the GENERIC expression T: variable offsets as
   get_inner_reference builds them (sizetype arithmetic on SSA names) and
   the comparison a COND_EXPR may carry as its condition.  */

dir_value
expander::expr (tree t)
{
  tree type = TREE_TYPE (t);
  switch (TREE_CODE (t))
    {
    case SSA_NAME: case INTEGER_CST: case REAL_CST: case ADDR_EXPR:
      return value (t);
    case NOP_EXPR: case CONVERT_EXPR:
      {
	tree op = TREE_OPERAND (t, 0);
	return convert (expr (op), TREE_TYPE (op), type);
      }
    case NEGATE_EXPR:
      if (reg_type (type) == DT_B1)
	return expr (TREE_OPERAND (t, 0));
      return normalize (emit (DOP_NEG, reg_type (type),
			      { expr (TREE_OPERAND (t, 0)) }), type);
    case PLUS_EXPR: case MINUS_EXPR: case MULT_EXPR: case POINTER_PLUS_EXPR:
    case EXACT_DIV_EXPR: case TRUNC_DIV_EXPR: case LSHIFT_EXPR:
    case BIT_AND_EXPR:
      return binary (TREE_CODE (t), type, expr (TREE_OPERAND (t, 0)),
		     expr (TREE_OPERAND (t, 1)),
		     TREE_TYPE (TREE_OPERAND (t, 0)));
    default:
      if (COMPARISON_CLASS_P (t))
	return compare (TREE_CODE (t), TREE_TYPE (TREE_OPERAND (t, 0)),
			expr (TREE_OPERAND (t, 0)), expr (TREE_OPERAND (t, 1)));
      fail ("an expression of kind '%s'", get_tree_code_name (TREE_CODE (t)));
    }
}

/* Find the assignments of integers wider than 64 bits (which the device
   has no registers for) whose values nothing but other such assignments
   uses: at -O0 gfortran computes the size in bits of an array of
   variable size, for the array's type, in bitsizetype (128 bits), and
   nothing reads it.  They are left out of the expansion.  */

void
expander::find_dead_wide ()
{
  std::vector<gassign *> cands;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      if (gassign *a = dyn_cast <gassign *> (gsi_stmt (gsi)))
	{
	  tree lhs = gimple_assign_lhs (a);
	  tree type = TREE_TYPE (lhs);
	  if (INTEGRAL_TYPE_P (type) && TYPE_PRECISION (type) > 64
	      && (TREE_CODE (lhs) == SSA_NAME
		  || (VAR_P (lhs) && !TREE_ADDRESSABLE (lhs)
		      && !is_global_var (lhs))))
	    cands.push_back (a);
	}
  if (cands.empty ())
    return;
  /* Whether the local LHS is read by a statement not (yet) found dead.  */
  auto read = [&] (tree lhs) {
    FOR_EACH_BB_FN (bb, fun)
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	   gsi_next (&gsi))
	{
	  gimple *s = gsi_stmt (gsi);
	  if (is_gimple_debug (s) || dead_wide.count (s))
	    continue;
	  for (unsigned i = 0; i < gimple_num_ops (s); i++)
	    {
	      tree op = gimple_op (s, i);
	      if (!op || (i == 0 && is_gimple_assign (s) && op == lhs))
		continue;
	      if (walk_tree_without_duplicates (&op, [] (tree *t, int *, void *d)
						  { return *t == (tree) d
						    ? *t : NULL_TREE; },
						lhs))
		return true;
	    }
	}
    return false;
  };
  for (bool changed = true; changed;)
    {
      changed = false;
      for (gassign *a : cands)
	if (!dead_wide.count (a) && !read (gimple_assign_lhs (a)))
	  {
	    dead_wide.insert (a);
	    changed = true;
	  }
    }
}

/* Bind the result V to LHS: an SSA name gets the value, memory a
   store.  */

void
expander::set_lhs (tree lhs, dir_value v)
{
  if (TREE_CODE (lhs) == SSA_NAME)
    {
      dir_value &slot = ssa[SSA_NAME_VERSION (lhs)];
      dir_type want = reg_type (TREE_TYPE (lhs));
      if (v.type != want)
	fail ("a value of unexpected type");
      if (slot.kind != dir_value::NONE)
	fail ("an SSA name defined twice");
      /* Blocks are expanded in dominator order, so V is available at
	 every use of LHS.  */
      slot = v;
      return;
    }
  store (lhs, v);
}

/* Whether T (an expression or a type) is complex.  */

bool
expander::complex_p (tree t)
{
  if (!TYPE_P (t))
    t = TREE_TYPE (t);
  return TREE_CODE (t) == COMPLEX_TYPE;
}

/* The real and imaginary parts of the complex operand T: an SSA name's
   pair, a constant's parts, or two loads from memory.  */

expander::pair
expander::complex_value (tree t)
{
  if (TREE_CODE (t) == SSA_NAME)
    {
      auto it = parts.find (SSA_NAME_VERSION (t));
      if (it == parts.end ())
	fail ("complex arithmetic is not supported on the device");
      return it->second;
    }
  if (TREE_CODE (t) == COMPLEX_CST)
    return { value (TREE_REALPART (t)), value (TREE_IMAGPART (t)) };
  tree elt = TREE_TYPE (TREE_TYPE (t));
  return { load (build1 (REALPART_EXPR, elt, t)),
	   load (build1 (IMAGPART_EXPR, elt, t)) };
}

/* Bind the complex value V (its parts) to LHS: an SSA name gets the pair,
   memory two stores.  */

void
expander::set_complex (tree lhs, pair v)
{
  if (TREE_CODE (lhs) == SSA_NAME)
    {
      if (!parts.emplace (SSA_NAME_VERSION (lhs), v).second)
	fail ("an SSA name defined twice");
      return;
    }
  tree elt = TREE_TYPE (TREE_TYPE (lhs));
  store (build1 (REALPART_EXPR, elt, lhs), v.first);
  store (build1 (IMAGPART_EXPR, elt, lhs), v.second);
}

/* Expand the assignment S of a single operand (GIMPLE_SINGLE_RHS): a
   complex value as its parts, a copy of an aggregate, of a register or
   a constant, a part of a complex value, a view-conversion, or a
   load.  */

void
expander::single_assign (gassign *s)
{
  tree lhs = gimple_assign_lhs (s);
  tree type = TREE_TYPE (lhs);
  tree rhs1 = gimple_assign_rhs1 (s);

  if (complex_p (type)
      && (TREE_CODE (lhs) == SSA_NAME || TREE_CODE (rhs1) == SSA_NAME
	  || TREE_CODE (rhs1) == COMPLEX_CST))
    {
      /* A complex value as its two parts.  */
      set_complex (lhs, complex_value (rhs1));
      return;
    }
  if (AGGREGATE_TYPE_P (type) || TREE_CODE (type) == COMPLEX_TYPE
      || TREE_CODE (type) == VECTOR_TYPE)
    {
      if (TREE_CODE (lhs) == SSA_NAME)
	reg_type (type);	/* Fails with the reason.  */
      HOST_WIDE_INT size = int_size_in_bytes (type);
      if (size < 0)
	fail ("an aggregate of variable size");
      if (TREE_CODE (rhs1) == CONSTRUCTOR)
	{
	  if (CONSTRUCTOR_NELTS (rhs1))
	    fail ("a non-empty constructor");
	  copy_bytes (lhs, NULL_TREE, size);
	}
      else
	copy_bytes (lhs, rhs1, size);
      return;
    }
  switch (TREE_CODE (rhs1))
    {
    case SSA_NAME: case INTEGER_CST: case REAL_CST: case ADDR_EXPR:
      set_lhs (lhs, value (rhs1));
      return;
    case PAREN_EXPR:
      set_lhs (lhs, value (TREE_OPERAND (rhs1, 0)));
      return;
    case REALPART_EXPR:
    case IMAGPART_EXPR:
      {
	tree op = TREE_OPERAND (rhs1, 0);
	if (TREE_CODE (op) != SSA_NAME && !CONSTANT_CLASS_P (op))
	  {
	    /* One part of a complex object in memory: a load of it.  */
	    set_lhs (lhs, load (rhs1));
	    return;
	  }
	auto it = TREE_CODE (op) == SSA_NAME
		  ? parts.find (SSA_NAME_VERSION (op)) : parts.end ();
	if (it == parts.end ())
	  fail ("complex arithmetic is not supported on the device");
	set_lhs (lhs, TREE_CODE (rhs1) == REALPART_EXPR
		      ? it->second.first : it->second.second);
	return;
      }
    case VIEW_CONVERT_EXPR:
      {
	tree op = TREE_OPERAND (rhs1, 0);
	if (TREE_CODE (op) == SSA_NAME || CONSTANT_CLASS_P (op))
	  {
	    dir_value v = value (op);
	    dir_type t = reg_type (type);
	    /* A boolean's byte seen as a boolean (a field copied out of
	       a struct as bytes), or the other way.  */
	    if (t == DT_B1 && dir_type_int_p (v.type))
	      {
		set_lhs (lhs, to_b1 (v));
		return;
	      }
	    if (v.type == DT_B1 && dir_type_int_p (t))
	      {
		set_lhs (lhs, emit (DOP_ZEXT, t, { v }));
		return;
	      }
	    if (dir_type_bytes (v.type) != dir_type_bytes (t))
	      fail ("a view-conversion between types of different size");
	    set_lhs (lhs, v.type == t ? v : emit (DOP_BITCAST, t, { v }));
	    return;
	  }
      }
      /* A memory reference seen through another type: a load.  */
      set_lhs (lhs, load (rhs1));
      return;
    case CONSTRUCTOR:
      fail ("a constructor of a vector");
    default:
      if (TREE_CODE (lhs) != SSA_NAME && TREE_CODE (rhs1) != SSA_NAME
	  && !is_gimple_min_invariant (rhs1))
	fail ("a memory-to-memory scalar copy");
      set_lhs (lhs, load (rhs1));
      return;
    }
}

/* Expand the assignment S.  */

void
expander::stmt_assign (gassign *s)
{
  tree lhs = gimple_assign_lhs (s);
  tree_code code = gimple_assign_rhs_code (s);
  tree type = TREE_TYPE (lhs);
  tree rhs1 = gimple_assign_rhs1 (s);

  if (gimple_clobber_p (s))
    return;
  /* A bit-field's value has an odd type: name the field first.  */
  for (tree ref : { lhs, rhs1 })
    if (tree f = bit_field_of (ref))
      {
	if (TREE_CODE (f) == FIELD_DECL && DECL_NAME (f))
	  fail ("the bit-field '%s' is not supported on the device",
		IDENTIFIER_POINTER (DECL_NAME (f)));
	fail ("bit-fields are not supported on the device");
      }

  switch (get_gimple_rhs_class (code))
    {
    case GIMPLE_SINGLE_RHS:
      single_assign (s);
      return;

    case GIMPLE_UNARY_RHS:
      {
	dir_value a = value (rhs1);
	dir_type t = reg_type (type);
	switch (code)
	  {
	  CASE_CONVERT:
	  case FLOAT_EXPR:
	  case FIX_TRUNC_EXPR:
	    set_lhs (lhs, convert (a, TREE_TYPE (rhs1), type));
	    return;
	  case NEGATE_EXPR:
	    /* In one bit, two's complement negation changes nothing.  */
	    set_lhs (lhs, t == DT_B1 ? a
			  : normalize (emit (DOP_NEG, t, { a }), type));
	    return;
	  case ABS_EXPR:
	  case ABSU_EXPR:
	    set_lhs (lhs, normalize (emit (DOP_ABS, t, { a }), type));
	    return;
	  case BIT_NOT_EXPR:
	  case TRUTH_NOT_EXPR:
	    set_lhs (lhs, normalize (emit (DOP_NOT, t, { a }), type));
	    return;
	  case PAREN_EXPR:
	    set_lhs (lhs, a);
	    return;
	  default:
	    fail ("the operation '%s' is not supported on the device",
		  get_tree_code_name (code));
	  }
      }

    case GIMPLE_BINARY_RHS:
      {
	tree rhs2 = gimple_assign_rhs2 (s);
	if (code == COMPLEX_EXPR)
	  {
	    set_complex (lhs, { value (rhs1), value (rhs2) });
	    return;
	  }
	dir_value a = value (rhs1), c = value (rhs2);
	if (code == WIDEN_MULT_EXPR)
	  {
	    a = convert (a, TREE_TYPE (rhs1), type);
	    c = convert (c, TREE_TYPE (rhs2), type);
	    code = MULT_EXPR;
	  }
	else if (code == POINTER_PLUS_EXPR && c.type != DT_I64)
	  c = convert (c, TREE_TYPE (rhs2), sizetype);
	set_lhs (lhs, binary (code, type, a, c, TREE_TYPE (rhs1)));
	return;
      }

    case GIMPLE_TERNARY_RHS:
      if (code == COND_EXPR)
	{
	  dir_value c = to_b1 (value (rhs1));
	  dir_value x = value (gimple_assign_rhs2 (s));
	  dir_value y = value (gimple_assign_rhs3 (s));
	  set_lhs (lhs, emit (DOP_SELECT, reg_type (type), { c, x, y }));
	  return;
	}
      fail ("the operation '%s' is not supported on the device",
	    get_tree_code_name (code));

    default:
      fail ("an assignment of kind '%s'", get_tree_code_name (code));
    }
}

/* If S is a computed goto or a call of setjmp, longjmp or another
   function that returns twice (vfork, getcontext...), return the words
   that name it as the program wrote it ("a computed goto ('goto *')",
   "'setjmp'"), else "".  The C library's names lose the underscores of
   its implementation (_setjmp, __sigsetjmp, __longjmp_chk).  */

std::string
expander::abnormal_construct (gimple *s)
{
  if (gimple_code (s) == GIMPLE_GOTO)
    return "a computed goto ('goto *')";
  gcall *call = dyn_cast <gcall *> (s);
  if (!call || gimple_call_internal_p (call))
    return "";
  tree decl = gimple_call_fndecl (call);
  const char *name = decl ? IDENTIFIER_POINTER (DECL_NAME (decl)) : "";
  static const struct { const char *name, *user; } known[] = {
    { "setjmp", "setjmp" }, { "_setjmp", "setjmp" },
    { "__sigsetjmp", "sigsetjmp" }, { "sigsetjmp", "sigsetjmp" },
    { "longjmp", "longjmp" }, { "_longjmp", "longjmp" },
    { "__longjmp_chk", "longjmp" }, { "siglongjmp", "siglongjmp" },
    { "__builtin_setjmp", "__builtin_setjmp" },
    { "__builtin_longjmp", "__builtin_longjmp" },
  };
  for (const auto &k : known)
    if (strcmp (name, k.name) == 0)
      return std::string ("'") + k.user + "'";
  if (decl && (gimple_call_flags (call) & ECF_RETURNS_TWICE))
    return std::string ("'") + lang_hooks.decl_printable_name (decl, 2)
	   + "', which returns twice,";
  return "";
}

/* End the block of BB, whose last statement is LAST (or null), with the
   terminator its successors call for; TRAP if it ends in a call that does
   not return.  */

void
expander::block_end (basic_block bb, gimple *last, bool trap)
{
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, bb->succs)
    if (e->flags & (EDGE_EH | EDGE_ABNORMAL))
      fail ("exceptions and abnormal control flow are not supported on the "
	    "device");
  b.loc = loc;
  if (trap)
    {
      dir_insn *t = dir_new_insn (fn.get (), DOP_TRAP);
      b.emit (t);
      return;
    }
  if (last && gimple_code (last) == GIMPLE_COND)
    {
      gcond *c = as_a <gcond *> (last);
      loc = gimple_location (c);
      dir_value v = binary (gimple_cond_code (c), boolean_type_node,
			    value (gimple_cond_lhs (c)),
			    value (gimple_cond_rhs (c)),
			    TREE_TYPE (gimple_cond_lhs (c)));
      edge te, fe;
      extract_true_false_edges_from_block (bb, &te, &fe);
      b.loc = loc;
      b.cbr (to_b1 (v), blocks.at (te->dest->index),
	     blocks.at (fe->dest->index));
      return;
    }
  if (last && gimple_code (last) == GIMPLE_SWITCH)
    {
      gswitch *sw = as_a <gswitch *> (last);
      loc = gimple_location (sw);
      tree index = gimple_switch_index (sw);
      dir_value v = value (index);
      dir_insn *t = dir_new_insn (fn.get (), DOP_SWITCH, v.type);
      t->ops = { v };
      tree def = gimple_switch_default_label (sw);
      t->targets.push_back (blocks.at (label_to_block (fun,
					 CASE_LABEL (def))->index));
      for (unsigned k = 1; k < gimple_switch_num_labels (sw); k++)
	{
	  tree cl = gimple_switch_label (sw, k);
	  dir_block *to = blocks.at (label_to_block (fun, CASE_LABEL (cl))
				     ->index);
	  tree lo = CASE_LOW (cl), hi = CASE_HIGH (cl) ? CASE_HIGH (cl) : lo;
	  widest_int w = wi::to_widest (hi) - wi::to_widest (lo);
	  if (wi::gtu_p (w, 255))
	    fail ("a case range of more than 256 values");
	  for (widest_int k2 = wi::to_widest (lo); k2 <= wi::to_widest (hi);
	       k2 += 1)
	    {
	      t->cases.push_back (k2.to_shwi ());
	      t->targets.push_back (to);
	    }
	}
      b.emit (t);
      dir_cfg_changed (fn.get ());
      return;
    }
  if (EDGE_COUNT (bb->succs) == 0)
    {
      b.emit (dir_new_insn (fn.get (), DOP_TRAP));
      return;
    }
  if (EDGE_COUNT (bb->succs) != 1)
    fail ("a block with several successors and no branch");
  basic_block to = single_succ (bb);
  if (to == EXIT_BLOCK_PTR_FOR_FN (fun))
    {
      /* A routine's result; any value where the source returns none
	 (falling off the end of a function that has a result).  */
      dir_insn *r = dir_new_insn (fn.get (), DOP_RET);
      if (fn->sig.result != DT_VOID)
	{
	  tree v = last && gimple_code (last) == GIMPLE_RETURN
		   ? gimple_return_retval (as_a <greturn *> (last)) : NULL_TREE;
	  r->ops = { v ? value (v) : b.def (DOP_UNDEF, fn->sig.result, {}) };
	}
      b.loc = loc;
      b.emit (r);
    }
  else
    b.br (blocks.at (to->index));
}

/* Set the function's kind and, for a routine, its signature's result
   (read_params adds its parameters).  */

void
expander::routine_signature ()
{
  dir_level level;
  if (gw_routine_p (fun->decl, &level))
    {
      fn->kind = DFK_ROUTINE;
      loc = DECL_SOURCE_LOCATION (fun->decl);
      tree rt = TREE_TYPE (TREE_TYPE (fun->decl));
      if (!VOID_TYPE_P (rt))
	{
	  if (AGGREGATE_TYPE_P (rt) || TREE_CODE (rt) == COMPLEX_TYPE)
	    fail ("a routine that returns a '%s' is not supported on the "
		  "device yet", user_type_name (rt).c_str ());
	  fn->sig.result = reg_type (rt);
	}
    }
}

/* Emit into ENTRY the reads of the parameters (a routine's signature
   gets their types), and bind the SSA names they define.  Return
   the parameters that live in memory, with their reads, for
   store_memory_params.  */

expander::param_reads
expander::read_params (dir_block *entry)
{
  b = dir_builder (fn.get (), entry);
  int parm_no = 0;
  param_reads in_memory;
  for (tree parm = DECL_ARGUMENTS (fun->decl); parm;
       parm = DECL_CHAIN (parm), parm_no++)
    {
      if (fn->kind == DFK_ROUTINE
	  && (AGGREGATE_TYPE_P (TREE_TYPE (parm))
	      || TREE_CODE (TREE_TYPE (parm)) == COMPLEX_TYPE))
	{
	  loc = DECL_SOURCE_LOCATION (parm);
	  fail ("passing a '%s' by value to a routine is not supported on "
		"the device yet", user_type_name (TREE_TYPE (parm)).c_str ());
	}
      dir_type t = reg_type (TREE_TYPE (parm));
      if (fn->kind == DFK_ROUTINE)
	fn->sig.params.push_back (t);
      dir_insn *i = dir_new_insn (fn.get (), DOP_PARAM, t);
      i->param = parm_no;
      i->dest = dir_new_reg (fn.get (), t);
      b.emit (i);
      if (tree def = ssa_default_def (fun, parm))
	ssa[SSA_NAME_VERSION (def)] = dir_reg_value (fn.get (), i->dest);
      else if (!is_gimple_reg (parm))
	in_memory.push_back ({ parm, i });
    }
  return in_memory;
}

/* Define every other default definition (an uninitialised variable
   and, for a complex one, its parts) as an undefined value, with the
   builder where read_params left it.  */

void
expander::undefined_defaults ()
{
  unsigned ix;
  tree name;
  FOR_EACH_SSA_NAME (ix, name, fun)
    if (!virtual_operand_p (name) && SSA_NAME_IS_DEFAULT_DEF (name)
	&& ssa[ix].kind == dir_value::NONE)
      {
	if (complex_p (name))
	  {
	    dir_type t = reg_type (TREE_TYPE (TREE_TYPE (name)));
	    parts[ix] = { b.def (DOP_UNDEF, t, {}), b.def (DOP_UNDEF, t, {}) };
	    continue;
	  }
	dir_type t = reg_type (TREE_TYPE (name));
	ssa[ix] = b.def (DOP_UNDEF, t, {});
      }
}

/* Store the parameters IN_MEMORY (read_params), those whose address
   is taken: each value goes to a frame slot of its own, stored in a
   block after the entry, which the function's code begins with (the
   entry holds only the parameters' reads: a partitioned routine's
   single code, the store, is neutered like the rest of it).  */

void
expander::store_memory_params (const param_reads &in_memory)
{
  if (!in_memory.empty ())
    {
      dir_block *init = dir_new_block (fn.get ());
      b.br (init);
      b = dir_builder (fn.get (), init);
      for (auto &pi : in_memory)
	{
	  tree parm = pi.first;
	  dir_type t = pi.second->type;
	  dir_insn *a = dir_new_insn (fn.get (), DOP_ADDR_LOCAL, DT_I64);
	  a->slot = slot_for (parm);
	  a->dest = dir_new_reg (fn.get (), DT_I64);
	  b.emit (a);
	  dir_type mt = reg_type (TREE_TYPE (parm), true);
	  dir_value v = dir_reg_value (fn.get (), pi.second->dest);
	  b.store (mt, dir_reg_value (fn.get (), a->dest), 0,
		   t == DT_B1 ? emit (DOP_ZEXT, mt, { v }) : v);
	}
    }
}

/* Create the phis of every block first, so that every SSA name has its
   register before any use (uses in phis may precede definitions in
   layout order).  Their arguments come last (fill_phis).  */

void
expander::create_phis ()
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gphi_iterator gsi = gsi_start_phis (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gphi *phi = gsi.phi ();
	tree res = gimple_phi_result (phi);
	if (virtual_operand_p (res))
	  continue;
	/* A phi GCC made (an induction variable) may have no location:
	   take an argument's, else the first one of its block.  */
	loc = gimple_location (phi);
	for (unsigned k = 0; loc == UNKNOWN_LOCATION
			     && k < gimple_phi_num_args (phi); k++)
	  loc = gimple_phi_arg_location (phi, k);
	for (gimple_stmt_iterator g = gsi_start_bb (bb);
	     loc == UNKNOWN_LOCATION && !gsi_end_p (g); gsi_next (&g))
	  loc = gimple_location (gsi_stmt (g));
	/* A complex value: a phi for each part.  */
	bool cplx = complex_p (res);
	dir_type t = reg_type (cplx ? TREE_TYPE (TREE_TYPE (res))
			       : TREE_TYPE (res));
	dir_value v[2];
	for (int k = 0; k < 1 + cplx; k++)
	  {
	    dir_insn *p = dir_new_insn (fn.get (), DOP_PHI, t);
	    p->dest = dir_new_reg (fn.get (), t);
	    fn->regs[p->dest].def = p;
	    dir_add_phi (blocks.at (bb->index), p);
	    v[k] = dir_reg_value (fn.get (), p->dest);
	  }
	if (cplx)
	  parts[SSA_NAME_VERSION (res)] = { v[0], v[1] };
	else
	  ssa[SSA_NAME_VERSION (res)] = v[0];
      }
}

/* Refuse a variable-length array (or alloca) at its declaration, not
   at the stack save GCC put before it; a computed goto, setjmp and
   longjmp, whose abnormal edges GCC's dispatcher blocks stand for, at
   the statement the program wrote.  */

void
expander::refuse_abnormal ()
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      if (std::string what = abnormal_construct (gsi_stmt (gsi));
	  !what.empty ())
	{
	  /* GCC's computed goto has no location: its address's
	     computation, else the statement before it, has.  */
	  gimple *s = gsi_stmt (gsi);
	  if (gimple_code (s) == GIMPLE_GOTO
	      && gimple_location (s) == UNKNOWN_LOCATION)
	    {
	      /* (At -O0 through a copy into GCC's gotovar.)  */
	      tree dest = gimple_goto_dest (as_a <ggoto *> (s));
	      for (int k = 0; k < 4 && TREE_CODE (dest) == SSA_NAME
			      && gimple_location (s) == UNKNOWN_LOCATION; k++)
		{
		  s = SSA_NAME_DEF_STMT (dest);
		  if (!gimple_assign_single_p (s))
		    break;
		  dest = gimple_assign_rhs1 (s);
		}
	      if (gimple_location (s) == UNKNOWN_LOCATION)
		{
		  gimple_stmt_iterator prev = gsi;
		  gsi_prev (&prev);
		  if (!gsi_end_p (prev))
		    s = gsi_stmt (prev);
		}
	    }
	  if (gimple_location (s) != UNKNOWN_LOCATION)
	    loc = gimple_location (s);
	  fail ("%s is not supported on the device", what.c_str ());
	}
      else if (gimple_call_builtin_p (gsi_stmt (gsi), BUILT_IN_NORMAL))
	switch (DECL_FUNCTION_CODE (gimple_call_fndecl (gsi_stmt (gsi))))
	  {
	  CASE_BUILT_IN_ALLOCA:
	    if (gimple_location (gsi_stmt (gsi)) != UNKNOWN_LOCATION)
	      loc = gimple_location (gsi_stmt (gsi));
	    if (gimple_call_alloca_for_var_p (as_a <gcall *> (gsi_stmt (gsi))))
	      fail ("variable-length arrays are not supported on the device");
	    fail ("'alloca' is not supported on the device");
	  default:
	    break;
	  }
}

/* Expand the statements of the blocks FIRST dominates (the function's
   code after its entry) and end each block.  Registers are assigned as
   definitions are met, in dominator order, so that every use finds its
   value: GIMPLE's layout order need not be a dominator order.  */

void
expander::expand_blocks (basic_block first)
{
  calculate_dominance_info (CDI_DOMINATORS);
  auto_vec<basic_block> order
    = get_all_dominated_blocks (CDI_DOMINATORS, first);
  for (basic_block bb2 : order)
    {
      b = dir_builder (fn.get (), blocks.at (bb2->index));
      gimple *last = nullptr;
      bool trap = false;
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb2); !gsi_end_p (gsi);
	   gsi_next (&gsi))
	{
	  gimple *s = gsi_stmt (gsi);
	  if (is_gimple_debug (s))
	    continue;
	  /* A statement GCC made without a location (the libcall of a
	     complex multiplication...) has the location of the next one
	     in its block that has one, else of the one before it.  */
	  if (gimple_location (s) != UNKNOWN_LOCATION)
	    loc = gimple_location (s);
	  else
	    {
	      gimple_stmt_iterator next = gsi;
	      for (gsi_next (&next); !gsi_end_p (next); gsi_next (&next))
		if (gimple_location (gsi_stmt (next)) != UNKNOWN_LOCATION)
		  {
		    loc = gimple_location (gsi_stmt (next));
		    break;
		  }
	      if (loc == UNKNOWN_LOCATION)
		loc = DECL_SOURCE_LOCATION (fun->decl);
	    }
	  if (dead_wide.count (s))
	    continue;
	  last = s;
	  switch (gimple_code (s))
	    {
	    case GIMPLE_ASSIGN:
	      stmt_assign (as_a <gassign *> (s));
	      break;
	    case GIMPLE_CALL:
	      stmt_call (as_a <gcall *> (s), &trap);
	      break;
	    case GIMPLE_COND: case GIMPLE_SWITCH: case GIMPLE_RETURN:
	    case GIMPLE_LABEL: case GIMPLE_NOP: case GIMPLE_PREDICT:
	      break;
	    case GIMPLE_ASM:
	      fail ("inline assembly ('asm') is not supported on the device");
	    case GIMPLE_GOTO:
	      fail ("a computed goto ('goto *') is not supported on the "
		    "device");
	    default:
	      fail ("the GIMPLE statement '%s' is not supported on the device",
		    gimple_code_name[gimple_code (s)]);
	    }
	  if (trap)
	    break;
	}
      block_end (bb2, last, trap);
    }
}

/* Fill in the phis' arguments, materialised at the end of the incoming
   blocks (ENTRY for an edge from GCC's entry block).  */

void
expander::fill_phis (dir_block *entry)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gphi_iterator gsi = gsi_start_phis (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gphi *phi = gsi.phi ();
	tree res = gimple_phi_result (phi);
	if (virtual_operand_p (res))
	  continue;
	bool cplx = complex_p (res);
	unsigned v = SSA_NAME_VERSION (res);
	dir_insn *p[2] = { fn->regs[(cplx ? parts[v].first : ssa[v]).reg].def,
			   cplx ? fn->regs[parts[v].second.reg].def : nullptr };
	for (unsigned k = 0; k < gimple_phi_num_args (phi); k++)
	  {
	    edge e = gimple_phi_arg_edge (phi, k);
	    dir_block *pred = e->src == ENTRY_BLOCK_PTR_FOR_FN (fun)
			      ? entry : blocks.at (e->src->index);
	    if (pred->insns.empty ())
	      continue;		/* An unreachable predecessor.  */
	    loc = gimple_phi_arg_location (phi, k);
	    b = dir_builder (fn.get (), pred, pred->insns.size () - 1);
	    tree arg = gimple_phi_arg_def (phi, k);
	    if (cplx)
	      {
		pair a = complex_value (arg);
		p[0]->ops.push_back (a.first);
		p[1]->ops.push_back (a.second);
		p[1]->targets.push_back (pred);
	      }
	    else
	      p[0]->ops.push_back (value (arg));
	    p[0]->targets.push_back (pred);
	  }
      }
}

/* Expand the whole function.  */

std::unique_ptr<dir_func>
expander::run ()
{
  fn.reset (new dir_func);
  ssa.assign (num_ssa_names, dir_value ());
  find_dead_wide ();

  /* Blocks in GCC's layout order, after a new entry block.  */
  dir_block *entry = dir_new_block (fn.get ());
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    blocks[bb->index] = dir_new_block (fn.get ());

  routine_signature ();

  /* Parameters and the default definitions of uninitialised variables.  */
  param_reads in_memory = read_params (entry);
  undefined_defaults ();
  store_memory_params (in_memory);
  basic_block first = single_succ (ENTRY_BLOCK_PTR_FOR_FN (fun));
  b.br (blocks.at (first->index));

  create_phis ();
  refuse_abnormal ();
  expand_blocks (first);
  fill_phis (entry);

  /* Unreachable GIMPLE blocks got no insns: drop them.  */
  std::vector<dir_block *> kept;
  for (dir_block *blk : fn->blocks)
    if (!blk->insns.empty ())
      kept.push_back (blk);
  fn->blocks = kept;
  dir_renumber_blocks (fn.get ());
  dir_fill_cfg (fn.get ());
  return std::move (fn);
}

} // namespace gw_expand

/* Expand the device clone FUN into device RTL.  Return null and fill
   *FAILURE if it uses something the device compiler does not support.  */

std::unique_ptr<dir_func>
gw_expand_function (function *fun, gw_expand_failure *failure)
{
  gw_expand::expander e (fun);
  try
    {
      return e.run ();
    }
  catch (const gw_expand::unsupported &u)
    {
      failure->where = u.where;
      failure->why = u.why;
      return nullptr;
    }
}
