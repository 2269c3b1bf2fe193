/* Expand the optimized GIMPLE of a device clone into device RTL.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   plugin/ir/ir.h.

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

/* The bit-field that REF, a memory reference, reads or writes, or
   NULL_TREE.  */

static tree
bit_field_of (tree ref)
{
  for (; handled_component_p (ref); ref = TREE_OPERAND (ref, 0))
    if (TREE_CODE (ref) == COMPONENT_REF
	&& DECL_BIT_FIELD (TREE_OPERAND (ref, 1)))
      return TREE_OPERAND (ref, 1);
    else if (TREE_CODE (ref) == BIT_FIELD_REF)
      return ref;
  return NULL_TREE;
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
      switch (tree_to_uhwi (TYPE_SIZE (type)))
	{
	case 8: return DT_I8;
	case 16: return DT_I16;
	case 32: return DT_I32;
	case 64: return DT_I64;
	default:
	  fail ("a boolean of %d bits", (int) tree_to_uhwi (TYPE_SIZE (type)));
	}
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

/* The frame slot of the memory local DECL.  */

int64_t
expander::slot_for (tree decl)
{
  auto it = slots.find (decl);
  if (it != slots.end ())
    return it->second;
  tree size = DECL_SIZE_UNIT (decl);
  if (!size || !tree_fits_uhwi_p (size))
    fail ("variable-length arrays are not supported on the device");
  dir_slot s;
  s.size = tree_to_uhwi (size);
  s.align = MAX (DECL_ALIGN_UNIT (decl), 1);
  if (tree a = lookup_attribute ("gangway shared", DECL_ATTRIBUTES (decl)))
    {
      s.shared = true;
      s.per_worker = TREE_VALUE (a) != NULL_TREE;
      if (!s.per_worker)
	gw_note_gang_private (decl);
    }
  if (DECL_NAME (decl))
    s.name = IDENTIFIER_POINTER (DECL_NAME (decl));
  fn->slots.push_back (s);
  return slots[decl] = fn->slots.size () - 1;
}

/* If DECL is a read-only variable of the unit with a constant
   initializer (a routine's static const table, say), set *BYTES to its
   bytes and return true: the image carries a copy, so that a device with
   memory of its own has it without a data clause.  */

static bool
constant_bytes (tree decl, std::string *bytes)
{
  /* A CONST_DECL in memory is a Fortran PARAMETER passed by reference.  */
  if ((TREE_CODE (decl) != CONST_DECL
       && (!VAR_P (decl) || !TREE_STATIC (decl) || DECL_EXTERNAL (decl)
	   || !TREE_READONLY (decl) || TREE_THIS_VOLATILE (decl)))
      || !DECL_INITIAL (decl) || DECL_INITIAL (decl) == error_mark_node)
    return false;
  tree unit = (TREE_CODE (decl) == CONST_DECL
	       ? TYPE_SIZE_UNIT (TREE_TYPE (decl)) : DECL_SIZE_UNIT (decl));
  if (!unit || !tree_fits_uhwi_p (unit))
    return false;
  unsigned HOST_WIDE_INT size = tree_to_uhwi (unit);
  if (size == 0 || size > (1u << 20))
    return false;
  std::vector<unsigned char> buf (size, 0);
  if (native_encode_initializer (DECL_INITIAL (decl), buf.data (), size)
      != (int) size)
    return false;
  bytes->assign ((const char *) buf.data (), size);
  return true;
}

/* The global-table entry of the static or external variable DECL, or of
   the string constant DECL.  */

int64_t
expander::global_for (tree decl)
{
  auto it = globals.find (decl);
  if (it != globals.end ())
    return it->second;
  dir_global g;
  if (TREE_CODE (decl) == STRING_CST)
    {
      g.kind = dir_global::DATA;
      g.bytes.assign (TREE_STRING_POINTER (decl), TREE_STRING_LENGTH (decl));
      g.align = 1;
    }
  else if (constant_bytes (decl, &g.bytes))
    {
      g.kind = dir_global::DATA;
      g.align = (TREE_CODE (decl) == CONST_DECL
		 ? TYPE_ALIGN_UNIT (TREE_TYPE (decl)) : DECL_ALIGN_UNIT (decl));
    }
  else if (TREE_CODE (decl) == CONST_DECL)
    fail ("the constant '%s' in memory",
	  DECL_NAME (decl) ? IDENTIFIER_POINTER (DECL_NAME (decl)) : "?");
  else
    {
      if (DECL_THREAD_LOCAL_P (decl))
	fail ("thread-local variable '%s' in device code",
	      IDENTIFIER_POINTER (DECL_NAME (decl)));
      if (lookup_attribute ("omp declare target link",
			    DECL_ATTRIBUTES (decl)))
	fail ("'declare link' variables are not supported on the device");
      g.kind = dir_global::HOST;
      g.name = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (decl));
      g.table_index = gw_unit_global_index (decl);
      /* The unit's address table refers to DECL: keep it in the output
	 even if the host code stops using it.  */
      if (varpool_node *node = varpool_node::get (decl))
	node->force_output = true;
      TREE_USED (decl) = 1;
    }
  fn->globals.push_back (g);
  return globals[decl] = fn->globals.size () - 1;
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

/* Split the address of the reference REF into a BASE value and a constant
   displacement DISP.  */

void
expander::address (tree ref, dir_value *base, int64_t *disp)
{
  poly_int64 bitsize, bitpos;
  tree offset;
  machine_mode mode;
  int unsignedp, reversep, volatilep = 0;
  tree inner = get_inner_reference (ref, &bitsize, &bitpos, &offset, &mode,
				    &unsignedp, &reversep, &volatilep);
  HOST_WIDE_INT bits;
  if (tree f = bit_field_of (ref))
    {
      if (TREE_CODE (f) == FIELD_DECL && DECL_NAME (f))
	fail ("the bit-field '%s' is not supported on the device",
	      IDENTIFIER_POINTER (DECL_NAME (f)));
      fail ("bit-fields are not supported on the device");
    }
  if (!bitpos.is_constant (&bits) || bits % BITS_PER_UNIT)
    fail ("bit-fields are not supported on the device");
  if (reversep)
    fail ("reverse storage order is not supported on the device");
  int64_t d = bits / BITS_PER_UNIT;
  dir_value v;

  switch (TREE_CODE (inner))
    {
    case MEM_REF:
      v = value (TREE_OPERAND (inner, 0));
      d += mem_ref_offset (inner).force_shwi ().to_constant ();
      break;
    case TARGET_MEM_REF:
      {
	v = value (TMR_BASE (inner));
	if (TMR_INDEX (inner))
	  {
	    dir_value idx = value (TMR_INDEX (inner));
	    if (TMR_STEP (inner) && !integer_onep (TMR_STEP (inner)))
	      idx = emit (DOP_MUL, DT_I64, { idx, constant (TMR_STEP (inner)) });
	    v = emit (DOP_ADD, DT_I64, { v, idx });
	  }
	if (TMR_INDEX2 (inner))
	  v = emit (DOP_ADD, DT_I64, { v, value (TMR_INDEX2 (inner)) });
	d += mem_ref_offset (inner).force_shwi ().to_constant ();
      }
      break;
    case VAR_DECL:
    case PARM_DECL:
    case RESULT_DECL:
      if (VAR_P (inner) && (TREE_STATIC (inner) || DECL_EXTERNAL (inner)))
	{
	  dir_insn *i = dir_new_insn (fn.get (), DOP_ADDR_GLOBAL, DT_I64);
	  i->global = global_for (inner);
	  i->dest = dir_new_reg (fn.get (), DT_I64);
	  b.loc = loc;
	  b.emit (i);
	  v = dir_reg_value (fn.get (), i->dest);
	}
      else if (VAR_P (inner)
	       || (TREE_CODE (inner) == PARM_DECL && slots.count (inner)))
	{
	  dir_insn *i = dir_new_insn (fn.get (), DOP_ADDR_LOCAL, DT_I64);
	  i->slot = slot_for (inner);
	  i->dest = dir_new_reg (fn.get (), DT_I64);
	  b.loc = loc;
	  b.emit (i);
	  v = dir_reg_value (fn.get (), i->dest);
	}
      else
	fail ("a parameter or result in memory");
      break;
    case STRING_CST:
    case CONST_DECL:
      {
	dir_insn *i = dir_new_insn (fn.get (), DOP_ADDR_GLOBAL, DT_I64);
	i->global = global_for (inner);
	i->dest = dir_new_reg (fn.get (), DT_I64);
	b.loc = loc;
	b.emit (i);
	v = dir_reg_value (fn.get (), i->dest);
      }
      break;
    case FUNCTION_DECL:
      fail ("function pointers are not supported on the device");
    default:
      fail ("a memory reference of kind '%s' is not supported on the device",
	    get_tree_code_name (TREE_CODE (inner)));
    }

  if (offset)
    {
      dir_value off = expr (offset);
      if (off.type != DT_I64)
	off = convert (off, TREE_TYPE (offset), sizetype);
      v = emit (DOP_ADD, DT_I64, { v, off });
    }
  *base = v;
  *disp = d;
}

/* The address of REF as one i64 value.  */

dir_value
expander::address_value (tree ref)
{
  dir_value base;
  int64_t disp;
  address (ref, &base, &disp);
  return add (base, disp);
}

/* The alignment in bytes GCC knows the object REF to have: less than its
   size where GCC's own passes, tuned for the host's cheap unaligned
   accesses, merged narrower ones (store merging, the bswap pass) or a
   packed layout put it; a GPU needs to know.  */

static unsigned
known_alignment (tree ref)
{
  return get_object_alignment (ref) / BITS_PER_UNIT;
}

/* Emit a load of the scalar REF.  */

dir_value
expander::load (tree ref)
{
  tree type = TREE_TYPE (ref);
  dir_type mt = reg_type (type, true);
  dir_value base;
  int64_t disp;
  address (ref, &base, &disp);
  b.loc = loc;
  dir_value v = b.load (mt, base, disp,
			TREE_THIS_VOLATILE (ref) ? DIF_VOLATILE : 0,
			known_alignment (ref));
  if (reg_type (type) == DT_B1)
    v = b.cmp (DC_NE, v, dir_imm (mt, 0));
  return v;
}

/* Emit a store of V to the scalar REF.  */

void
expander::store (tree ref, dir_value v)
{
  tree type = TREE_TYPE (ref);
  dir_type mt = reg_type (type, true);
  if (v.type == DT_B1)
    v = emit (DOP_ZEXT, mt, { v });
  dir_value base;
  int64_t disp;
  address (ref, &base, &disp);
  b.loc = loc;
  b.store (mt, base, disp, v, TREE_THIS_VOLATILE (ref) ? DIF_VOLATILE : 0,
	   known_alignment (ref));
}

/* Copy SIZE bytes from the object SRC to the object DST (an aggregate
   assignment), or clear DST if SRC is null.  */

void
expander::copy_bytes (tree dst, tree src, HOST_WIDE_INT size)
{
  if (size > 4096)
    fail ("an aggregate copy of %ld bytes", (long) size);
  unsigned align = get_object_alignment (dst);
  if (src)
    align = MIN (align, get_object_alignment (src));
  align /= BITS_PER_UNIT;
  dir_value dbase, sbase;
  int64_t ddisp, sdisp = 0;
  address (dst, &dbase, &ddisp);
  if (src)
    address (src, &sbase, &sdisp);
  b.loc = loc;
  for (HOST_WIDE_INT pos = 0; pos < size;)
    {
      unsigned chunk = 8;
      while (chunk > 1 && (chunk > align || pos + chunk > size))
	chunk /= 2;
      dir_type t = chunk == 8 ? DT_I64 : chunk == 4 ? DT_I32
		   : chunk == 2 ? DT_I16 : DT_I8;
      dir_value v = src ? b.load (t, sbase, sdisp + pos) : dir_imm (t, 0);
      b.store (t, dbase, ddisp + pos, v);
      pos += chunk;
    }
}

/* Normalise the i8..i64 V to a b1 (nonzero test).  */

dir_value
expander::to_b1 (dir_value v)
{
  if (v.type == DT_B1)
    return v;
  b.loc = loc;
  return b.cmp (DC_NE, v, dir_imm (v.type, 0));
}

/* Convert V of GCC type FROM to GCC type TO, with GCC's semantics for
   NOP_EXPR/CONVERT_EXPR/FLOAT_EXPR/FIX_TRUNC_EXPR.  */

dir_value
expander::convert (dir_value v, tree from, tree to)
{
  return normalize (convert_reg (v, from, to), to);
}

/* convert, without bringing the result to TO's precision.  */

dir_value
expander::convert_reg (dir_value v, tree from, tree to)
{
  dir_type ft = reg_type (from), tt = reg_type (to);
  bool fu = TYPE_UNSIGNED (from) || ft == DT_B1;
  if (ft == tt)
    return v;
  if (v.imm_p () && dir_type_int_p (ft) && dir_type_int_p (tt))
    {
      /* Fold: truncate or extend the constant.  */
      int64_t x = (int64_t) v.imm;
      unsigned fb = dir_type_bytes (ft) * 8, tb = dir_type_bytes (tt) * 8;
      unsigned bits = MIN (fb, tb);
      uint64_t mask = bits == 64 ? ~0ULL : (1ULL << bits) - 1;
      uint64_t u = (uint64_t) x & mask;
      bool sign = (fb <= tb) ? !fu : true;
      if (sign && bits < 64 && (u >> (bits - 1)) & 1)
	u |= ~mask;
      return dir_imm (tt, (int64_t) u);
    }
  if (tt == DT_B1)
    {
      /* A conversion to a one-bit type keeps the low bit.  */
      if (dir_type_float_p (ft))
	fail ("a conversion from floating point to a one-bit type");
      dir_value low = emit (DOP_AND, ft, { v, dir_imm (ft, 1) });
      return to_b1 (low);
    }
  if (ft == DT_B1)
    {
      v = emit (DOP_ZEXT, DT_I32, { v });
      /* A signed 1-bit integer (not a _Bool) holds 0 or -1.  */
      if (!TYPE_UNSIGNED (from) && TREE_CODE (from) != BOOLEAN_TYPE)
	{
	  v = emit (DOP_NEG, DT_I32, { v });
	  fu = false;
	}
      else
	fu = true;
      ft = DT_I32;
      if (tt == DT_I32)
	return v;
    }
  bool ff = dir_type_float_p (ft), tf = dir_type_float_p (tt);
  if (!ff && !tf)
    {
      unsigned fb = dir_type_bytes (ft), tb = dir_type_bytes (tt);
      if (tb < fb)
	return emit (DOP_TRUNC, tt, { v });
      return emit (fu ? DOP_ZEXT : DOP_SEXT, tt, { v });
    }
  if (!ff && tf)
    return emit (fu ? DOP_UITOFP : DOP_SITOFP, tt, { v });
  if (ff && !tf)
    return emit (TYPE_UNSIGNED (to) ? DOP_FPTOUI : DOP_FPTOSI, tt, { v });
  return emit (dir_type_bytes (tt) > dir_type_bytes (ft) ? DOP_FPEXT
	       : DOP_FPTRUNC, tt, { v });
}

/* Emit the comparison CODE of A and C, operands of type OP_TYPE.  */

dir_value
expander::compare (tree_code code, tree op_type, dir_value a, dir_value c)
{
  dir_type t = reg_type (op_type);
  bool fp = dir_type_float_p (t);
  bool uns = !fp && (TYPE_UNSIGNED (op_type) || POINTER_TYPE_P (op_type)
		     || t == DT_B1);
  dir_cond cond;
  switch (code)
    {
    case EQ_EXPR: cond = DC_EQ; break;
    case NE_EXPR: cond = DC_NE; break;
    case LT_EXPR: cond = uns ? DC_ULT : DC_LT; break;
    case LE_EXPR: cond = uns ? DC_ULE : DC_LE; break;
    case GT_EXPR: cond = uns ? DC_UGT : DC_GT; break;
    case GE_EXPR: cond = uns ? DC_UGE : DC_GE; break;
    case UNLT_EXPR: cond = DC_ULT; break;
    case UNLE_EXPR: cond = DC_ULE; break;
    case UNGT_EXPR: cond = DC_UGT; break;
    case UNGE_EXPR: cond = DC_UGE; break;
    case UNEQ_EXPR: cond = DC_UEQ; break;
    case LTGT_EXPR: cond = DC_ONE; break;
    case ORDERED_EXPR: cond = DC_ORD; break;
    case UNORDERED_EXPR: cond = DC_UNO; break;
    default:
      fail ("comparison '%s'", get_tree_code_name (code));
    }
  if (t == DT_B1 && cond != DC_EQ && cond != DC_NE)
    {
      /* Order booleans as integers.  */
      a = emit (DOP_ZEXT, DT_I8, { a });
      c = emit (DOP_ZEXT, DT_I8, { c });
    }
  b.loc = loc;
  return b.cmp (cond, a, c);
}

/* Emit the binary operation CODE with result TYPE on A and C; OP_TYPE is
   the type of the first operand.  */

dir_value
expander::binary (tree_code code, tree type, dir_value a, dir_value c,
		  tree op_type)
{
  if (TREE_CODE_CLASS (code) == tcc_comparison)
    return compare (code, op_type, a, c);
  dir_type t = reg_type (type);
  bool uns = TYPE_UNSIGNED (type) || POINTER_TYPE_P (type);
  bool fp = dir_type_float_p (t);
  dir_opcode op;
  switch (code)
    {
    case PLUS_EXPR: case POINTER_PLUS_EXPR: op = DOP_ADD; break;
    case MINUS_EXPR: case POINTER_DIFF_EXPR: op = DOP_SUB; break;
    case MULT_EXPR: op = DOP_MUL; break;
    case RDIV_EXPR: op = DOP_DIV; break;
    case TRUNC_DIV_EXPR: case EXACT_DIV_EXPR:
      op = fp ? DOP_DIV : uns ? DOP_UDIV : DOP_DIV;
      break;
    case TRUNC_MOD_EXPR: op = uns ? DOP_UREM : DOP_REM; break;
    case MIN_EXPR: op = (!fp && uns) ? DOP_UMIN : DOP_MIN; break;
    case MAX_EXPR: op = (!fp && uns) ? DOP_UMAX : DOP_MAX; break;
    case BIT_AND_EXPR: case TRUTH_AND_EXPR: op = DOP_AND; break;
    case BIT_IOR_EXPR: case TRUTH_OR_EXPR: op = DOP_OR; break;
    case BIT_XOR_EXPR: case TRUTH_XOR_EXPR: op = DOP_XOR; break;
    case LSHIFT_EXPR: op = DOP_SHL; break;
    case RSHIFT_EXPR: op = uns ? DOP_SHR : DOP_SAR; break;
    case LROTATE_EXPR: op = DOP_ROTL; break;
    case RROTATE_EXPR: op = DOP_ROTR; break;
    case MULT_HIGHPART_EXPR: op = uns ? DOP_MULHU : DOP_MULHS; break;
    case FLOOR_DIV_EXPR: case FLOOR_MOD_EXPR:
      /* Fortran's MODULO (and GCC's folding of divisions by powers of
	 two): the truncating division, moved down by one where the
	 remainder is not 0 and its sign differs from the divisor's.  */
      if (fp || t == DT_B1)
	fail ("the operation '%s' is not supported on the device",
	      get_tree_code_name (code));
      if (uns)
	return emit (code == FLOOR_DIV_EXPR ? DOP_UDIV : DOP_UREM, t, { a, c });
      {
	dir_value q = emit (DOP_DIV, t, { a, c });
	dir_value r = emit (DOP_REM, t, { a, c });
	b.loc = loc;
	dir_value off = b.cmp (DC_LT, emit (DOP_XOR, t, { r, c }),
			       dir_imm (t, 0));
	dir_value adj = emit (DOP_AND, DT_B1,
			      { off, b.cmp (DC_NE, r, dir_imm (t, 0)) });
	if (code == FLOOR_MOD_EXPR)
	  return emit (DOP_SELECT, t, { adj, emit (DOP_ADD, t, { r, c }), r });
	return emit (DOP_SELECT, t, { adj, emit (DOP_SUB, t,
						  { q, dir_imm (t, 1) }), q });
      }
    default:
      fail ("the operation '%s' is not supported on the device",
	    get_tree_code_name (code));
    }
  if (op == DOP_SHL || op == DOP_SAR || op == DOP_SHR || op == DOP_ROTL
      || op == DOP_ROTR)
    {
      /* Shift counts have their own type in GIMPLE; make them T.  */
      if (c.type != t)
	{
	  if (c.imm_p ())
	    c = dir_imm (t, (int64_t) c.imm);
	  else if (dir_type_bytes (c.type) > dir_type_bytes (t))
	    c = emit (DOP_TRUNC, t, { c });
	  else
	    c = emit (DOP_ZEXT, t, { c });
	}
    }
  if (t == DT_B1 && op != DOP_AND && op != DOP_OR && op != DOP_XOR)
    {
      /* Arithmetic modulo 2, which GCC uses for the low bit of a sum or
	 a product (an _Bool or a 1-bit type, signed or not: two's
	 complement in one bit wraps alike): a sum or difference is the
	 exclusive or, a product the and; the minimum of 0 and 1 is the
	 and, of 0 and -1 the or.  */
      bool sgn = !TYPE_UNSIGNED (type) && TREE_CODE (type) != BOOLEAN_TYPE;
      switch (op)
	{
	case DOP_ADD: case DOP_SUB: op = DOP_XOR; break;
	case DOP_MUL: op = DOP_AND; break;
	case DOP_MIN: case DOP_UMIN: op = sgn && op == DOP_MIN ? DOP_OR
					   : DOP_AND; break;
	case DOP_MAX: case DOP_UMAX: op = sgn && op == DOP_MAX ? DOP_AND
					   : DOP_OR; break;
	default:
	  fail ("the operation '%s' on booleans", get_tree_code_name (code));
	}
    }
  dir_value r = emit (op, t, { a, c });
  /* Signed overflow the source leaves undefined: the exact result.  */
  if ((op == DOP_ADD || op == DOP_SUB || op == DOP_MUL) && !fp
      && r.reg_p () && INTEGRAL_TYPE_P (type) && TYPE_OVERFLOW_UNDEFINED (type))
    fn->regs[r.reg].def->flags |= DIF_NSW;
  return normalize (r, type);
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

  /* A routine's kind and signature: its parameters, below, and its
     result.  */
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

  /* Parameters and the default definitions of uninitialised variables.  */
  b = dir_builder (fn.get (), entry);
  int parm_no = 0;
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
	{
	  /* A parameter in memory (its address is taken): its value goes
	     to a frame slot of its own.  */
	  dir_insn *a = dir_new_insn (fn.get (), DOP_ADDR_LOCAL, DT_I64);
	  a->slot = slot_for (parm);
	  a->dest = dir_new_reg (fn.get (), DT_I64);
	  b.emit (a);
	  dir_type mt = reg_type (TREE_TYPE (parm), true);
	  dir_value v = dir_reg_value (fn.get (), i->dest);
	  b.store (mt, dir_reg_value (fn.get (), a->dest), 0,
		   t == DT_B1 ? emit (DOP_ZEXT, mt, { v }) : v);
	}
    }
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
  basic_block first = single_succ (ENTRY_BLOCK_PTR_FOR_FN (fun));
  b.br (blocks.at (first->index));

  /* Phis first, so that every SSA name has its register before any use
     (uses in phis may precede definitions in layout order).  */
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

  /* A variable-length array (or alloca) is refused at its declaration,
     not at the stack save GCC put before it.  */
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      if (gimple_call_builtin_p (gsi_stmt (gsi), BUILT_IN_NORMAL))
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

  /* The statements.  Registers are assigned as definitions are met, in
     dominator order, so that every use finds its value: GIMPLE's layout
     order need not be a dominator order.  */
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
	    default:
	      fail ("the GIMPLE statement '%s' is not supported on the device",
		    gimple_code_name[gimple_code (s)]);
	    }
	  if (trap)
	    break;
	}
      block_end (bb2, last, trap);
    }

  /* Phi arguments, materialised at the end of the incoming blocks.  */
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
