/* The expander's math: the C library's math functions and GCC's math
   builtins.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   plugin/ir/ir.h.

   Part of the expander (expand.cc, whose header says what it requires and
   guarantees).  A math function becomes a device opcode where the device
   RTL has one, or a call of the device's math library.  */

#include "gcc-api.h"
#include "plugin.h"
#include "expander.h"

namespace gw_expand {

namespace {

/* The device opcode of the math function CFN, or DOP_NUM.  */

dir_opcode
math_opcode (combined_fn cfn)
{
  if (internal_fn_p (cfn))
    switch (as_internal_fn (cfn))
      {
      case IFN_SQRT: return DOP_SQRT;
      case IFN_FLOOR: return DOP_FLOOR;
      case IFN_CEIL: return DOP_CEIL;
      case IFN_TRUNC: return DOP_FTRUNC;
      case IFN_ROUND: return DOP_ROUND;
      case IFN_RINT: case IFN_NEARBYINT: return DOP_RINT;
      case IFN_COPYSIGN: return DOP_COPYSIGN;
      case IFN_FMIN: return DOP_FMIN;
      case IFN_FMAX: return DOP_FMAX;
      case IFN_FMA: return DOP_FMA;
      default: return DOP_NUM;
      }
  if (!builtin_fn_p (cfn))
    return DOP_NUM;
  switch (as_builtin_fn (cfn))
    {
    case BUILT_IN_SQRT: case BUILT_IN_SQRTF: return DOP_SQRT;
    case BUILT_IN_FABS: case BUILT_IN_FABSF: return DOP_ABS;
    case BUILT_IN_FLOOR: case BUILT_IN_FLOORF: return DOP_FLOOR;
    case BUILT_IN_CEIL: case BUILT_IN_CEILF: return DOP_CEIL;
    case BUILT_IN_TRUNC: case BUILT_IN_TRUNCF: return DOP_FTRUNC;
    case BUILT_IN_ROUND: case BUILT_IN_ROUNDF: return DOP_ROUND;
    case BUILT_IN_RINT: case BUILT_IN_RINTF:
    case BUILT_IN_NEARBYINT: case BUILT_IN_NEARBYINTF: return DOP_RINT;
    case BUILT_IN_COPYSIGN: case BUILT_IN_COPYSIGNF: return DOP_COPYSIGN;
    case BUILT_IN_FMIN: case BUILT_IN_FMINF: return DOP_FMIN;
    case BUILT_IN_FMAX: case BUILT_IN_FMAXF: return DOP_FMAX;
    case BUILT_IN_FMA: case BUILT_IN_FMAF: return DOP_FMA;
    default: return DOP_NUM;
    }
}

} // anon namespace

/* If CALL computes a math function FN the device RTL has an opcode or a
   library call for, emit it into *R and return true.  */

bool
expander::math_call (combined_fn cfn, gcall *call, dir_value *r)
{
  tree lhs = gimple_call_lhs (call);
  unsigned n = gimple_call_num_args (call);
  tree rtype = lhs ? TREE_TYPE (lhs) : gimple_call_return_type (call);
  if (n < 1 || n > 3 || VOID_TYPE_P (rtype))
    return false;
  /* A call whose value nothing reads stays in the function only for
     errno (-fmath-errno), which the device does not keep: once the
     device is known to have the function, there is nothing to do.  */
  dir_type t = reg_type (rtype);
  std::vector<dir_value> args;
  for (unsigned k = 0; k < n; k++)
    args.push_back (value (gimple_call_arg (call, k)));
  if ((cfn == CFN_BUILT_IN_SIGNBIT || cfn == CFN_BUILT_IN_SIGNBITF)
      && n == 1 && dir_type_float_p (args[0].type) && dir_type_int_p (t))
    {
      /* The sign bit, set for -0.0 and negative NaNs too.  */
      dir_type it = args[0].type == DT_F64 ? DT_I64 : DT_I32;
      dir_value bits = emit (DOP_BITCAST, it, { args[0] });
      *r = emit (DOP_ZEXT, t, { b.cmp (DC_LT, bits, dir_imm (it, 0)) });
      return true;
    }
  if (cfn == CFN_XORSIGN && n == 2 && dir_type_float_p (t)
      && args[0].type == t && args[1].type == t)
    {
      /* x with its sign flipped where y's sign bit is set (GCC's form of
	 x * copysign (1, y)): x's bits xor y's sign bit.  */
      dir_type it = t == DT_F64 ? DT_I64 : DT_I32;
      int64_t sign = it == DT_I64 ? INT64_MIN : (int64_t) INT32_MIN;
      dir_value x = emit (DOP_BITCAST, it, { args[0] });
      dir_value y = emit (DOP_BITCAST, it, { args[1] });
      dir_value s = emit (DOP_AND, it, { y, dir_imm (it, sign) });
      *r = emit (DOP_BITCAST, t, { emit (DOP_XOR, it, { x, s }) });
      return true;
    }
  dir_opcode op = math_opcode (cfn);
  switch (op)
    {
    case DOP_NUM:
      {
	/* A libm function the device provides.  */
	static const char *const known[] = {
	  "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sin",
	  "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh",
	  "tanh", "asinh", "acosh", "atanh", "pow", "cbrt", "hypot", "fmod",
	  "remainder", "erf", "erfc", "tgamma", "lgamma", "fdim", "logb",
	  "ldexp",
	  "lrint", "llrint", "lround", "llround", "ilogb", 0
	};
	tree decl = gimple_call_fndecl (call);
	if (!decl || !fndecl_built_in_p (decl, BUILT_IN_NORMAL))
	  return false;
	const char *name = IDENTIFIER_POINTER (DECL_NAME (decl));
	if (startswith (name, "__builtin_"))
	  name += strlen ("__builtin_");
	std::string base = name;
	if (!args.empty () && args[0].type == DT_F32 && !base.empty ()
	    && base.back () == 'f')
	  base.pop_back ();
	for (const char *const *k = known; *k; k++)
	  if (base == *k)
	    {
	      for (dir_value &a : args)
		if (!dir_type_float_p (a.type) && strcmp (*k, "ldexp"))
		  return false;
	      if (lhs)
		*r = lib_call (name, t, args);
	      return true;
	    }
	return false;
      }
    default:
      break;
    }
  if ((int) args.size () != dir_op_table[op].nops)
    return false;
  if (!lhs)
    return true;
  dir_insn *i = dir_new_insn (fn.get (), op, t);
  i->ops = args;
  i->dest = dir_new_reg (fn.get (), t);
  b.loc = loc;
  b.emit (i);
  *r = dir_reg_value (fn.get (), i->dest);
  return true;
}

} // namespace gw_expand
