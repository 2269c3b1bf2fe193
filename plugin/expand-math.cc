/* The expander's math: the C library's math functions and GCC's math
   builtins.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   Part of the expander (expand.cc, whose header says what it requires and
   guarantees).  A math function becomes a device opcode where the device
   RTL has one, or a call of the device's math library; those C99 gives
   results through pointers (frexp, modf, remquo) and the exact ones whose
   bits a few opcodes compute (nextafter) are computed inline, with the
   results stored through their pointers, so that they are the same on
   every device and the same as glibc's; GCC's integer builtins that no
   opcode computes (ffs, parity, clrsb) are sequences of opcodes.  */

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
  if (n < 1 || n > 3 || VOID_TYPE_P (rtype)
      || TREE_CODE (rtype) == COMPLEX_TYPE)
    return false;
  for (unsigned k = 0; k < n; k++)
    if (TREE_CODE (TREE_TYPE (gimple_call_arg (call, k))) == COMPLEX_TYPE)
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

/* The floating-point constant D of type T (f32 or f64).  */

static dir_value
fimm (dir_type t, double d)
{
  return t == DT_F32 ? dir_imm_f32 ((float) d) : dir_imm_f64 (d);
}

/* frexp (X, E) of the float type T: the significand of X in [0.5, 1)
   with X's sign, its exponent stored as an int at address E; glibc's
   x + x and an exponent of 0 for a zero, an infinity or a NaN.  A
   subnormal X is scaled into the normal range first (by 2^54, 2^25 for
   floats, as glibc does).  */

dir_value
expander::frexp_insns (dir_type t, dir_value x, dir_value e)
{
  bool d = t == DT_F64;
  dir_type it = d ? DT_I64 : DT_I32;
  int mant = d ? 52 : 23, scale = d ? 54 : 25;
  int64_t emask = d ? 0x7ff : 0xff, half = d ? 1022 : 126;
  auto exponent = [&] (dir_value bits) {
    return emit (DOP_AND, it, { emit (DOP_SHR, it, { bits,
						     dir_imm (it, mant) }),
				dir_imm (it, emask) });
  };
  dir_value bits = emit (DOP_BITCAST, it, { x });
  dir_value ex = exponent (bits);
  dir_value sub = b.cmp (DC_EQ, ex, dir_imm (it, 0));
  dir_value special
    = emit (DOP_OR, DT_B1, { b.cmp (DC_EQ, x, fimm (t, 0)),
			     b.cmp (DC_EQ, ex, dir_imm (it, emask)) });
  dir_value y = emit (DOP_SELECT, t, { sub, emit (DOP_MUL, t,
						  { x, fimm (t, d ? 0x1p54
							     : 0x1p25) }), x });
  dir_value ybits = emit (DOP_BITCAST, it, { y });
  dir_value ey = emit (DOP_SUB, it, { exponent (ybits),
				      emit (DOP_SELECT, it,
					    { sub, dir_imm (it, half + scale),
					      dir_imm (it, half) }) });
  dir_value m = emit (DOP_OR, it,
		      { emit (DOP_AND, it, { ybits, dir_imm (it, ~(emask
								  << mant)) }),
			dir_imm (it, half << mant) });
  dir_value exp32 = d ? emit (DOP_TRUNC, DT_I32, { ey }) : ey;
  b.store (DT_I32, e, 0, emit (DOP_SELECT, DT_I32,
			       { special, dir_imm (DT_I32, 0), exp32 }));
  return emit (DOP_SELECT, t, { special, emit (DOP_ADD, t, { x, x }),
				emit (DOP_BITCAST, t, { m }) });
}

/* modf (X, IP) of the float type T: X's fractional part with X's sign,
   its integral part stored at address IP (an infinity's fractional part
   is a zero of its sign).  x - trunc (x) is exact.  */

dir_value
expander::modf_insns (dir_type t, dir_value x, dir_value ip)
{
  dir_value whole = emit (DOP_FTRUNC, t, { x });
  b.store (t, ip, 0, whole);
  dir_value inf = b.cmp (DC_EQ, emit (DOP_ABS, t, { x }),
			 fimm (t, __builtin_inf ()));
  dir_value frac = emit (DOP_SELECT, t, { inf, fimm (t, 0),
					  emit (DOP_SUB, t, { x, whole }) });
  return emit (DOP_COPYSIGN, t, { frac, x });
}

/* nextafter (X, Y) of the float type T: the neighbour of X towards Y,
   found by stepping X's bits by one; Y if they are equal, the smallest
   subnormal with Y's sign from a zero, x + y if either is a NaN.  */

dir_value
expander::nextafter_insns (dir_type t, dir_value x, dir_value y)
{
  dir_type it = t == DT_F64 ? DT_I64 : DT_I32;
  dir_value bits = emit (DOP_BITCAST, it, { x });
  /* The magnitude grows when Y is beyond X away from zero.  */
  dir_value grow = emit (DOP_XOR, DT_B1, { b.cmp (DC_LT, x, y),
					   b.cmp (DC_LT, x, fimm (t, 0)) });
  dir_value next = emit (DOP_SELECT, it,
			 { grow, emit (DOP_ADD, it, { bits, dir_imm (it, 1) }),
			   emit (DOP_SUB, it, { bits, dir_imm (it, 1) }) });
  dir_value r = emit (DOP_BITCAST, t, { next });
  dir_value tiny = emit (DOP_COPYSIGN, t,
			 { fimm (t, t == DT_F64 ? 0x1p-1074 : 0x1p-149), y });
  r = emit (DOP_SELECT, t, { b.cmp (DC_EQ, x, fimm (t, 0)), tiny, r });
  r = emit (DOP_SELECT, t, { b.cmp (DC_EQ, x, y), y, r });
  return emit (DOP_SELECT, t, { b.cmp (DC_UNO, x, y),
				emit (DOP_ADD, t, { x, y }), r });
}

/* remquo (X, Y, QUO) of the float type T, as glibc computes it (its
   s_remquo.c and s_remquof.c, here without branches): x = fmod (x, 8y)
   (8y overflows to an infinity, which leaves x, exactly where glibc
   skips the fmod), then up to three subtractions of 4|y|, 2|y| and |y|
   (and one more |y| for the rounding to nearest) give the remainder and
   the low three bits of the quotient, with the signs of x and x/y.  The
   quotient is stored as an int at address QUO, except for the inputs
   with a NaN result (y zero or a NaN, x infinite or a NaN), for which
   glibc leaves *QUO as it was.  */

dir_value
expander::remquo_insns (dir_type t, dir_value x, dir_value y, dir_value quo)
{
  bool d = t == DT_F64;
  auto op = [&] (dir_opcode o, dir_value p, dir_value q) {
    return emit (o, t, { p, q });
  };
  auto sel = [&] (dir_value c, dir_value p, dir_value q) {
    return emit (DOP_SELECT, p.type, { c, p, q });
  };
  dir_value zero = fimm (t, 0);
  dir_value ax = emit (DOP_ABS, t, { x }), ay = emit (DOP_ABS, t, { y });
  dir_value nan_result
    = emit (DOP_OR, DT_B1,
	    { emit (DOP_OR, DT_B1, { b.cmp (DC_EQ, y, zero),
				     b.cmp (DC_UNO, y, y) }),
	      b.cmp (DC_UGE, ax, fimm (t, __builtin_inf ())) });
  dir_value xm = lib_call (d ? "fmod" : "fmodf", t,
			   { x, op (DOP_MUL, fimm (t, 8), y) });
  dir_value v = emit (DOP_ABS, t, { xm });
  dir_value q = dir_imm (DT_I32, 0);
  auto step = [&] (dir_value c, dir_value by, int k) {
    v = sel (c, op (DOP_SUB, v, by), v);
    q = emit (DOP_ADD, DT_I32, { q, sel (c, dir_imm (DT_I32, k),
					 dir_imm (DT_I32, 0)) });
  };
  /* 4|y| and 2|y| overflow where glibc's tests skip their steps: v is
     finite, never at least an infinity.  */
  dir_value y4 = op (DOP_MUL, fimm (t, 4), ay);
  step (b.cmp (DC_GE, v, y4), y4, 4);
  dir_value y2 = op (DOP_MUL, fimm (t, 2), ay);
  step (b.cmp (DC_GE, v, y2), y2, 2);
  /* Halving a y below twice the smallest normal would round: compare
     2v with y there.  */
  dir_value small = b.cmp (DC_LT, ay, fimm (t, d ? 0x1p-1021 : 0x1p-125));
  dir_value half = op (DOP_MUL, fimm (t, 0.5), ay);
  dir_value c1 = sel (small, b.cmp (DC_GT, op (DOP_ADD, v, v), ay),
		      b.cmp (DC_GT, v, half));
  step (c1, ay, 1);
  dir_value c2 = emit (DOP_AND, DT_B1,
		       { c1, sel (small, b.cmp (DC_GE, op (DOP_ADD, v, v), ay),
				  b.cmp (DC_GE, v, half)) });
  step (c2, ay, 1);
  /* A zero remainder is +0 in every rounding mode, then gets x's
     sign.  */
  v = sel (b.cmp (DC_EQ, v, zero), zero, v);
  dir_value xneg = b.cmp (DC_LT, emit (DOP_BITCAST, d ? DT_I64 : DT_I32,
				       { x }),
			  dir_imm (d ? DT_I64 : DT_I32, 0));
  dir_value yneg = b.cmp (DC_LT, emit (DOP_BITCAST, d ? DT_I64 : DT_I32,
				       { y }),
			  dir_imm (d ? DT_I64 : DT_I32, 0));
  dir_value qneg = emit (DOP_XOR, DT_B1, { xneg, yneg });
  dir_value r = sel (xneg, emit (DOP_NEG, t, { v }), v);
  /* |x| == |y|: a quotient of +-1 and a zero of x's sign.  */
  dir_value same = b.cmp (DC_EQ, ax, ay);
  q = sel (same, dir_imm (DT_I32, 1), q);
  r = sel (same, op (DOP_MUL, zero, xm), r);
  q = sel (qneg, emit (DOP_NEG, DT_I32, { q }), q);
  q = sel (nan_result, b.load (DT_I32, quo, 0), q);
  b.store (DT_I32, quo, 0, q);
  dir_value xy = op (DOP_MUL, x, y);
  return sel (nan_result, op (DOP_DIV, xy, xy), r);
}

/* If CALL is one of the math functions of CODE that the device computes
   from its opcodes and other math functions, emit it, set CALL's result
   and return true: frexp, modf, nextafter, remquo (above); scalbn, which
   is ldexp where FLT_RADIX is 2, scalbln, which is ldexp of the exponent
   clamped into an int (beyond it every result has overflowed or
   underflowed), drem, GNU's remainder, and cabs, the hypot of the parts
   (glibc's cabs calls hypot).  Return false for other functions and
   types.  */

bool
expander::math_builtin (gcall *call, built_in_function code)
{
  tree lhs = gimple_call_lhs (call);
  unsigned n = gimple_call_num_args (call);
  tree rtype = gimple_call_return_type (call);
  if (!SCALAR_FLOAT_TYPE_P (rtype))
    return false;
  /* The arguments the function takes (a call through a declaration
     without a prototype may pass others): F the result's float type, P a
     pointer, I an integer, C a complex of F.  */
  const char *sig;
  switch (code)
    {
    case BUILT_IN_CABS: case BUILT_IN_CABSF: sig = "C"; break;
    case BUILT_IN_FREXP: case BUILT_IN_FREXPF:
    case BUILT_IN_MODF: case BUILT_IN_MODFF: sig = "FP"; break;
    case BUILT_IN_NEXTAFTER: case BUILT_IN_NEXTAFTERF:
    case BUILT_IN_DREM: case BUILT_IN_DREMF: sig = "FF"; break;
    case BUILT_IN_REMQUO: case BUILT_IN_REMQUOF: sig = "FFP"; break;
    case BUILT_IN_SCALBN: case BUILT_IN_SCALBNF:
    case BUILT_IN_SCALBLN: case BUILT_IN_SCALBLNF: sig = "FI"; break;
    default: return false;
    }
  if (n != strlen (sig))
    return false;
  for (unsigned k = 0; k < n; k++)
    {
      tree at = TREE_TYPE (gimple_call_arg (call, k));
      bool ok = false;
      switch (sig[k])
	{
	case 'F':
	  ok = TYPE_MAIN_VARIANT (at) == TYPE_MAIN_VARIANT (rtype);
	  break;
	case 'C':
	  ok = (TREE_CODE (at) == COMPLEX_TYPE
		&& TYPE_MAIN_VARIANT (TREE_TYPE (at))
		   == TYPE_MAIN_VARIANT (rtype));
	  break;
	case 'P': ok = POINTER_TYPE_P (at); break;
	default: ok = INTEGRAL_TYPE_P (at); break;
	}
      if (!ok)
	return false;
    }
  dir_type t = reg_type (rtype);
  if (t != DT_F32 && t != DT_F64)
    return false;
  bool f = t == DT_F32;
  dir_value r;
  switch (code)
    {
    case BUILT_IN_CABS: case BUILT_IN_CABSF:
      {
	pair z = complex_value (gimple_call_arg (call, 0));
	if (lhs)
	  r = lib_call (f ? "hypotf" : "hypot", t, { z.first, z.second });
	break;
      }
    case BUILT_IN_FREXP: case BUILT_IN_FREXPF:
      r = frexp_insns (t, value (gimple_call_arg (call, 0)),
		       value (gimple_call_arg (call, 1)));
      break;
    case BUILT_IN_MODF: case BUILT_IN_MODFF:
      r = modf_insns (t, value (gimple_call_arg (call, 0)),
		      value (gimple_call_arg (call, 1)));
      break;
    case BUILT_IN_NEXTAFTER: case BUILT_IN_NEXTAFTERF:
      r = nextafter_insns (t, value (gimple_call_arg (call, 0)),
			   value (gimple_call_arg (call, 1)));
      break;
    case BUILT_IN_REMQUO: case BUILT_IN_REMQUOF:
      r = remquo_insns (t, value (gimple_call_arg (call, 0)),
			value (gimple_call_arg (call, 1)),
			value (gimple_call_arg (call, 2)));
      break;
    case BUILT_IN_SCALBN: case BUILT_IN_SCALBNF:
    case BUILT_IN_SCALBLN: case BUILT_IN_SCALBLNF:
      {
	tree e = gimple_call_arg (call, 1);
	dir_value k = convert (value (e), TREE_TYPE (e),
			       long_integer_type_node);
	k = emit (DOP_MAX, DT_I64, { emit (DOP_MIN, DT_I64,
					   { k, dir_imm (DT_I64, INT_MAX) }),
				     dir_imm (DT_I64, INT_MIN) });
	k = emit (DOP_TRUNC, DT_I32, { k });
	if (lhs)
	  r = lib_call (f ? "ldexpf" : "ldexp", t,
			{ value (gimple_call_arg (call, 0)), k });
	break;
      }
    case BUILT_IN_DREM: case BUILT_IN_DREMF:
      if (lhs)
	r = lib_call (f ? "remainderf" : "remainder", t,
		      { value (gimple_call_arg (call, 0)),
			value (gimple_call_arg (call, 1)) });
      break;
    default:
      return false;
    }
  if (lhs)
    set_lhs (lhs, r);
  return true;
}

/* Emit OP (CLZ, CTZ, POPCOUNT, or the FFS, PARITY and CLRSB, which the
   device RTL has no opcode for) of the integer ARG into LHS, if any, as
   GCC's builtins define them (clz and ctz of 0 are undefined):
   ffs (x) = x ? popcount (x ^ (x - 1)) : 0, parity (x) = popcount (x) & 1,
   clrsb (x) = clz ((x ^ (x >> (N - 1))) << 1 | 1), which is never
   clz (0).  */

void
expander::bit_builtin (int op, tree arg, tree lhs)
{
  if (!lhs)
    return;
  if (!arg)
    fail ("a call of '__builtin_%s' without an argument", op == IFN_CLZ
	  ? "clz" : op == IFN_CTZ ? "ctz" : op == IFN_POPCOUNT ? "popcount"
	  : op == IFN_FFS ? "ffs" : op == IFN_PARITY ? "parity" : "clrsb");
  dir_value a = value (arg);
  dir_type t = a.type;
  if (!dir_type_int_p (t))
    fail ("'__builtin_%s' of a '%s'", op == IFN_CLZ ? "clz"
	  : op == IFN_CTZ ? "ctz" : op == IFN_POPCOUNT ? "popcount"
	  : op == IFN_FFS ? "ffs" : op == IFN_PARITY ? "parity" : "clrsb",
	  user_type_name (TREE_TYPE (arg)).c_str ());
  int bits = dir_type_bytes (t) * 8;
  dir_value r;
  switch (op)
    {
    case IFN_CLZ: r = emit (DOP_CLZ, t, { a }); break;
    case IFN_CTZ: r = emit (DOP_CTZ, t, { a }); break;
    case IFN_POPCOUNT: r = emit (DOP_POPCOUNT, t, { a }); break;
    case IFN_FFS:
      {
	dir_value low = emit (DOP_XOR, t, { a, emit (DOP_SUB, t,
						     { a, dir_imm (t, 1) }) });
	r = emit (DOP_SELECT, t, { b.cmp (DC_EQ, a, dir_imm (t, 0)),
				   dir_imm (t, 0),
				   emit (DOP_POPCOUNT, t, { low }) });
	break;
      }
    case IFN_PARITY:
      r = emit (DOP_AND, t, { emit (DOP_POPCOUNT, t, { a }),
			      dir_imm (t, 1) });
      break;
    default:
      {
	dir_value s = emit (DOP_XOR, t, { a, emit (DOP_SAR, t,
						   { a, dir_imm (t, bits - 1) })
				       });
	s = emit (DOP_OR, t, { emit (DOP_SHL, t, { s, dir_imm (t, 1) }),
			       dir_imm (t, 1) });
	r = emit (DOP_CLZ, t, { s });
	break;
      }
    }
  set_lhs (lhs, convert (r, TREE_TYPE (arg), TREE_TYPE (lhs)));
}

} // namespace gw_expand
