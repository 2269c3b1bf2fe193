/* The expander's arithmetic: conversions, comparisons and binary
   operations with GCC's semantics.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   Part of the expander (expand.cc, whose header says what it requires and
   guarantees).  A value of fewer bits than its register is kept extended
   from its precision (normalize); booleans are b1 registers, integers of
   0 or 1 in memory; signed overflow the source leaves undefined marks the
   result exact (nsw).  */

#include "gcc-api.h"
#include "plugin.h"
#include "expander.h"

namespace gw_expand {

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

} // namespace gw_expand
