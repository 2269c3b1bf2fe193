/* The cpu emitter: the C expression of each operation, as scalar code
   and as vector code (see emitter.h).
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.  */

#include "emitter.h"

#include <algorithm>


namespace gw_cpu {

/* The C expression of the value INSN computes, as a scalar, given its
   operands' expressions A.  Long for a reason: one switch over the
   opcodes, each case a line or a few, the table of their C; split, the
   table would only be scattered.  */

std::string
emitter::scalar_expr (const dir_insn *i,
		      const std::vector<std::string> &a) const
{
  dir_type t = i->type;
  std::string T = sty (t), S = sty (t, true);
  unsigned bits = dir_type_bytes (t) * 8;
  std::string P = bits <= 32 ? "uint32_t" : "uint64_t";
  bool fp = dir_type_float_p (t);
  const char *fs = t == DT_F32 ? "f" : "";
  dir_type st = i->ops.empty () ? DT_VOID : i->ops[0].type;
  auto cast = [] (const std::string &ty, const std::string &e) {
    return "((" + ty + ") (" + e + "))";
  };
  auto bin = [&] (const char *op) {
    if (fp)
      return "(" + a[0] + " " + op + " " + a[1] + ")";
    if (t == DT_B1)
      return "(" + a[0] + " " + op + " " + a[1] + ")";
    return cast (T, "(" + P + ") " + a[0] + " " + op + " (" + P + ") "
		    + a[1]);
  };
  auto fn1 = [&] (const char *name) {
    return std::string ("__builtin_") + name + fs + " (" + a[0] + ")";
  };
  auto fn2 = [&] (const char *name) {
    return std::string ("__builtin_") + name + fs + " (" + a[0] + ", " + a[1]
	   + ")";
  };

  switch (i->op)
    {
    case DOP_COPY: case DOP_BCAST:
      return a[0];
    case DOP_REDUCE:
      /* Scalar code runs where the axes have one thread (simd_insn
	 reduces the lanes of SIMD code).  */
      return i->redop == DOP_CMULIM ? a[1] : a[0];
    case DOP_CMULRE:
      return "(" + a[0] + " * " + a[2] + " - " + a[1] + " * " + a[3] + ")";
    case DOP_CMULIM:
      return "(" + a[0] + " * " + a[3] + " + " + a[1] + " * " + a[2] + ")";
    case DOP_ATOMIC: case DOP_XCHG: case DOP_CAS:
      return atomic_expr (i, a);
    case DOP_UNDEF:
      return cast (T, "0");
    case DOP_PARAM:
      if (fn->kind == DFK_ROUTINE)
	return "gw_a" + std::to_string (i->param);
      return "((uint64_t) (uintptr_t) gw_data)";
    case DOP_ADD: return bin ("+");
    case DOP_SUB: return bin ("-");
    case DOP_MUL: return bin ("*");
    case DOP_AND: return bin ("&");
    case DOP_OR: return bin ("|");
    case DOP_XOR: return bin ("^");
    case DOP_LAND: case DOP_LOR:
      return cast (T, "(" + a[0] + " != 0) " + (i->op == DOP_LAND ? "&&"
						     : "||")
		      + " (" + a[1] + " != 0)");
    case DOP_DIV:
      return fp ? "(" + a[0] + " / " + a[1] + ")"
	     : cast (T, cast (S, a[0]) + " / " + cast (S, a[1]));
    case DOP_UDIV: return cast (T, a[0] + " / " + a[1]);
    case DOP_REM: return cast (T, cast (S, a[0]) + " % " + cast (S, a[1]));
    case DOP_UREM: return cast (T, a[0] + " % " + a[1]);
    case DOP_MULHS: case DOP_MULHU:
      {
	bool sg = i->op == DOP_MULHS;
	std::string wide = bits == 64 ? (sg ? "__int128" : "unsigned __int128")
			   : (sg ? "int64_t" : "uint64_t");
	std::string x = sg ? cast (S, a[0]) : a[0];
	std::string y = sg ? cast (S, a[1]) : a[1];
	return cast (T, "(" + cast (wide, x) + " * " + cast (wide, y) + ") >> "
			+ std::to_string (bits));
      }
    case DOP_NEG:
      /* A negative constant's own sign must not make a decrement.  */
      return fp ? (a[0][0] == '-' ? "(- " : "(-") + a[0] + ")"
		: cast (T, "-(" + P + ") " + a[0]);
    case DOP_NOT:
      return t == DT_B1 ? "(!" + a[0] + ")" : cast (T, "~" + a[0]);
    case DOP_ABS:
      return fp ? fn1 ("fabs")
	     : cast (T, cast (S, a[0]) + " < 0 ? -(" + P + ") " + a[0] + " : ("
			+ P + ") " + a[0]);
    case DOP_MIN: case DOP_MAX:
      {
	const char *op = i->op == DOP_MIN ? " < " : " > ";
	std::string x = fp ? a[0] : cast (S, a[0]);
	std::string y = fp ? a[1] : cast (S, a[1]);
	return "(" + x + op + y + " ? " + a[0] + " : " + a[1] + ")";
      }
    case DOP_UMIN:
      return "(" + a[0] + " < " + a[1] + " ? " + a[0] + " : " + a[1] + ")";
    case DOP_UMAX:
      return "(" + a[0] + " > " + a[1] + " ? " + a[0] + " : " + a[1] + ")";
    case DOP_SHL: return cast (T, "(" + P + ") " + a[0] + " << " + a[1]);
    case DOP_SAR: return cast (T, cast (S, a[0]) + " >> " + a[1]);
    case DOP_SHR: return cast (T, a[0] + " >> " + a[1]);
    case DOP_ROTL: case DOP_ROTR:
      {
	std::string m = std::to_string (bits - 1), w = std::to_string (bits);
	std::string x = "(" + P + ") " + a[0];
	std::string k = "(" + a[1] + " & " + m + ")";
	std::string k2 = "((" + w + " - " + a[1] + ") & " + m + ")";
	if (i->op == DOP_ROTR)
	  std::swap (k, k2);
	return cast (T, "(" + x + " << " + k + ") | (" + x + " >> " + k2 + ")");
      }
    case DOP_CLZ:
      return bits == 64 ? cast (T, "__builtin_clzll (" + a[0] + ")")
	     : cast (T, "__builtin_clz ((uint32_t) " + a[0] + ") - "
			+ std::to_string (32 - bits));
    case DOP_CTZ:
      return cast (T, (bits == 64 ? "__builtin_ctzll (" : "__builtin_ctz (")
		      + a[0] + ")");
    case DOP_POPCOUNT:
      return cast (T, (bits == 64 ? "__builtin_popcountll (" :
		       "__builtin_popcount (") + a[0] + ")");
    case DOP_BSWAP:
      if (bits == 8)
	return a[0];
      return cast (T, "__builtin_bswap" + std::to_string (bits) + " (" + a[0]
		      + ")");
    case DOP_SQRT: return fn1 ("sqrt");
    case DOP_FLOOR: return fn1 ("floor");
    case DOP_CEIL: return fn1 ("ceil");
    case DOP_FTRUNC: return fn1 ("trunc");
    case DOP_ROUND: return fn1 ("round");
    case DOP_RINT: return fn1 ("rint");
    case DOP_COPYSIGN: return fn2 ("copysign");
    case DOP_FMIN: return fn2 ("fmin");
    case DOP_FMAX: return fn2 ("fmax");
    case DOP_FMA:
      return std::string ("__builtin_fma") + fs + " (" + a[0] + ", " + a[1]
	     + ", " + a[2] + ")";
    case DOP_CMP:
      {
	dir_type ot = i->type;
	bool ofp = dir_type_float_p (ot);
	std::string os = sty (ot, true);
	std::string x = a[0], y = a[1];
	auto sg = [&] (const std::string &e) { return cast (os, e); };
	switch (i->pred)
	  {
	  case DC_EQ: return "(" + x + " == " + y + ")";
	  case DC_NE: return "(" + x + " != " + y + ")";
	  case DC_LT: return ofp ? "(" + x + " < " + y + ")"
			     : "(" + sg (x) + " < " + sg (y) + ")";
	  case DC_LE: return ofp ? "(" + x + " <= " + y + ")"
			     : "(" + sg (x) + " <= " + sg (y) + ")";
	  case DC_GT: return ofp ? "(" + x + " > " + y + ")"
			     : "(" + sg (x) + " > " + sg (y) + ")";
	  case DC_GE: return ofp ? "(" + x + " >= " + y + ")"
			     : "(" + sg (x) + " >= " + sg (y) + ")";
	  case DC_ULT: return ofp ? "(!(" + x + " >= " + y + "))"
			      : "(" + x + " < " + y + ")";
	  case DC_ULE: return ofp ? "(!(" + x + " > " + y + "))"
			      : "(" + x + " <= " + y + ")";
	  case DC_UGT: return ofp ? "(!(" + x + " <= " + y + "))"
			      : "(" + x + " > " + y + ")";
	  case DC_UGE: return ofp ? "(!(" + x + " < " + y + "))"
			      : "(" + x + " >= " + y + ")";
	  case DC_UEQ:
	    return "(!(" + x + " < " + y + " || " + x + " > " + y + "))";
	  case DC_ONE:
	    return "(" + x + " < " + y + " || " + x + " > " + y + ")";
	  case DC_ORD:
	    return "(" + x + " == " + x + " && " + y + " == " + y + ")";
	  case DC_UNO:
	    return "(" + x + " != " + x + " || " + y + " != " + y + ")";
	  default:
	    throw cannot { "an unknown comparison" };
	  }
      }
    case DOP_SELECT:
      return "(" + a[0] + " ? " + a[1] + " : " + a[2] + ")";
    case DOP_SEXT:
      if (st == DT_B1)
	return cast (T, "-(" + P + ") " + a[0]);
      return cast (T, cast (sty (st, true), a[0]));
    case DOP_ZEXT: case DOP_TRUNC: case DOP_FPEXT: case DOP_FPTRUNC:
    case DOP_UITOFP: case DOP_FPTOUI:
      return cast (T, a[0]);
    case DOP_SITOFP:
      return cast (T, cast (sty (st, true), a[0]));
    case DOP_FPTOSI:
      return cast (T, cast (S, a[0]));
    case DOP_BITCAST:
      return "({ " + T + " gw_r; __typeof__ (" + a[0] + ") gw_s = " + a[0]
	     + "; memcpy (&gw_r, &gw_s, sizeof gw_r); gw_r; })";
    case DOP_ONDEV:
      /* The cpu device is a device, not the host, and not a GPU: only
	 acc_device_not_host (4) matches.  */
      return cast (T, "(int32_t) " + a[0] + " == 4");
    case DOP_CALL:
      {
	std::string s = i->callee + " (";
	for (size_t k = 0; k < a.size (); k++)
	  {
	    if (k)
	      s += ", ";
	    if (dir_type_int_p (i->ops[k].type))
	      s += "(int) " + cast ("int32_t", a[k]);
	    else
	      s += a[k];
	  }
	return s + ")";
      }
    case DOP_DIM_POS:
      /* A routine's position on an axis it does not partition is its
	 caller's.  */
      if (fn->kind == DFK_ROUTINE && i->axis != DA_GANG
	  && !(dir_level_axes (fn->level) & (1u << i->axis)))
	return cast (T, i->axis == DA_WORKER ? "gw_ctx->worker"
		     : "gw_ctx->vector");
      return i->axis == DA_GANG ? "gw_gang" : cast (T, "0");
    case DOP_DIM_SIZE:
      if (i->axis == DA_GANG)
	return cast (T, "gw_num_gangs");
      if (fn->kind == DFK_ROUTINE)
	return cast (T, i->axis == DA_WORKER ? "gw_ctx->num_workers"
		     : "gw_ctx->vector_length");
      return cast (T, std::to_string (fn->dims[i->axis]));
    case DOP_ADDR_GLOBAL:
      {
	const dir_global &g = fn->globals[i->global];
	if (g.kind == dir_global::HOST)
	  return "((uint64_t) (uintptr_t) gw_globals["
		 + std::to_string (g.table_index) + "])";
	return "((uint64_t) (uintptr_t) " + fn->name + "_data"
	       + std::to_string (i->global) + ")";
      }
    case DOP_ADDR_LOCAL:
      /* Lane 0's (the chunk's first in SIMD code).  */
      if (fn->slots[i->slot].shared && fn->slots[i->slot].per_worker)
	return "((uint64_t) (uintptr_t) &gw_wshared[gw_lane0 / "
	       + std::to_string (vlen) + "u]["
	       + std::to_string (slot_offset[i->slot]) + "])";
      if (fn->slots[i->slot].shared)
	return "((uint64_t) (uintptr_t) &gw_shared["
	       + std::to_string (slot_offset[i->slot]) + "])";
      return "((uint64_t) (uintptr_t) &gw_frame[gw_lane0]["
	     + std::to_string (slot_offset[i->slot]) + "])";
    default:
      throw cannot { std::string ("the operation ") + dir_op_name (i->op) };
    }
}

/* The vector expression of the varying INSN, or "" if it takes a loop over
   the lanes.  */

std::string
emitter::vector_expr (const dir_insn *i) const
{
  if (i->op == DOP_REDUCE)
    return reduce_expr (i);
  return vector_expr (i, i->ops.size () > 0 ? vval (i->ops[0]) : "",
		      i->ops.size () > 1 ? vval (i->ops[1]) : "");
}

/* The vector comparison A OP B (OP one of eq ne lt le gt ge) of values
   of type T, as signed if SIGN: a prelude helper, which compares a
   register at a time (GCC 12 compares vectors wider than the ISA's
   registers one element at a time).  */

std::string
emitter::vcmp (const char *op, dir_type t, bool sign, const std::string &a,
	       const std::string &b) const
{
  std::string ty = vty (t, sign && !dir_type_float_p (t));
  return "gw_" + std::string (op) + "_" + ty.substr (3) + " ((" + ty + ") ("
	 + a + "), (" + ty + ") (" + b + "))";
}

/* The same, given the vector expressions A and B of its first two
   operands.  Long for the reason scalar_expr is.  */

std::string
emitter::vector_expr (const dir_insn *i, const std::string &a,
		      const std::string &b) const
{
  dir_type t = i->type;
  std::string T = vty (t), S = vty (t, true);
  bool fp = dir_type_float_p (t);
  dir_type st = i->ops.empty () ? DT_VOID : i->ops[0].type;
  std::string P = std::to_string (p);
  auto cast = [] (const std::string &ty, const std::string &e) {
    return "((" + ty + ") (" + e + "))";
  };
  auto cvt = [] (const std::string &e, const std::string &ty) {
    return "__builtin_convertvector (" + e + ", " + ty + ")";
  };
  auto sel = [&] (const std::string &k, const std::string &x,
		  const std::string &y) {
    std::string bits = std::to_string (dir_type_bytes (t) * 8);
    return helper ("sel", t) + " ((gw_u" + bits + "x" + P + ") (" + k + "), "
	   + x + ", " + y + ")";
  };

  switch (i->op)
    {
    case DOP_COPY: return a;
    case DOP_UNDEF: return "((" + T + ") {})";
    case DOP_ADD: return "(" + a + " + " + b + ")";
    case DOP_SUB: return "(" + a + " - " + b + ")";
    case DOP_MUL:
      /* By a power of two: a shift (GCC 12 multiplies vectors wider
	 than a register by a constant as it reads them, with vpmullq).  */
      if (!fp && i->ops.size () == 2 && i->ops[1].imm_p ()
	  && i->ops[1].imm && !(i->ops[1].imm & (i->ops[1].imm - 1)))
	return "(" + a + " << " + std::to_string (__builtin_ctzll
						   (i->ops[1].imm)) + ")";
      return "(" + a + " * " + b + ")";
    case DOP_DIV: return fp ? "(" + a + " / " + b + ")" : "";
    case DOP_AND: return "(" + a + " & " + b + ")";
    case DOP_OR: return "(" + a + " | " + b + ")";
    case DOP_XOR: return "(" + a + " ^ " + b + ")";
    case DOP_LAND: case DOP_LOR:
      {
	std::string z = helper ("splat", t) + " (0)";
	std::string k = "(" + vcmp ("ne", t, false, a, z)
			+ (i->op == DOP_LAND ? " & " : " | ")
			+ vcmp ("ne", t, false, b, z) + ")";
	return sel (k, helper ("splat", t) + " (1)", z);
      }
    case DOP_NOT: return "(~" + a + ")";
    case DOP_NEG: return (a[0] == '-' ? "(- " : "(-") + a + ")";
    case DOP_SHL: return "(" + a + " << " + b + ")";
    case DOP_SHR: return "(" + a + " >> " + b + ")";
    case DOP_SAR: return cast (T, cast (S, a) + " >> " + cast (S, b));
    case DOP_MIN: case DOP_MAX:
      {
	const char *op = i->op == DOP_MIN ? "lt" : "gt";
	return sel (vcmp (op, t, true, a, b), a, b);
      }
    case DOP_UMIN: return sel (vcmp ("lt", t, false, a, b), a, b);
    case DOP_UMAX: return sel (vcmp ("gt", t, false, a, b), a, b);
    case DOP_ABS:
      if (fp)
	{
	  std::string u = t == DT_F32 ? "gw_u32x" + P : "gw_u64x" + P;
	  std::string k = t == DT_F32 ? "0x7fffffffu"
			  : "UINT64_C (0x7fffffffffffffff)";
	  return cast (T, cast (u, a) + " & ((" + u + ") {} + " + k + ")");
	}
      return sel (cast (S, a) + " < 0", "-" + a, a);
    case DOP_CMP:
      {
	dir_type ot = i->type;
	bool ofp = dir_type_float_p (ot);
	std::string x = vval (i->ops[0]), y = vval (i->ops[1]);
	if (ot == DT_B1)
	  /* Masks compare as masks: only EQ and NE occur.  */
	  return i->pred == DC_EQ ? "(~(" + x + " ^ " + y + "))"
				  : "(" + x + " ^ " + y + ")";
	auto c = [&] (const char *op, bool sign) {
	  return vcmp (op, ot, sign, x, y);
	};
	std::string e;
	bool invert = false;
	switch (i->pred)
	  {
	  case DC_EQ: e = c ("eq", false); break;
	  case DC_NE: e = c ("ne", false); break;
	  case DC_LT: e = c ("lt", true); break;
	  case DC_LE: e = c ("le", true); break;
	  case DC_GT: e = c ("gt", true); break;
	  case DC_GE: e = c ("ge", true); break;
	  /* On floats, unordered or less is not greater or equal.  */
	  case DC_ULT:
	    e = ofp ? c ("ge", false) : c ("lt", false);
	    invert = ofp;
	    break;
	  case DC_ULE:
	    e = ofp ? c ("gt", false) : c ("le", false);
	    invert = ofp;
	    break;
	  case DC_UGT:
	    e = ofp ? c ("le", false) : c ("gt", false);
	    invert = ofp;
	    break;
	  case DC_UGE:
	    e = ofp ? c ("lt", false) : c ("ge", false);
	    invert = ofp;
	    break;
	  case DC_UEQ:
	  case DC_ONE:
	    e = "(" + c ("lt", false) + " | " + c ("gt", false) + ")";
	    invert = i->pred == DC_UEQ;
	    break;
	  case DC_ORD:
	  case DC_UNO:
	    e = "(" + vcmp ("eq", ot, false, x, x) + " & "
		+ vcmp ("eq", ot, false, y, y) + ")";
	    invert = i->pred == DC_UNO;
	    break;
	  default:
	    return "";
	  }
	std::string m = mask_of (e, ot);
	return invert ? "(~" + m + ")" : m;
      }
    case DOP_SELECT:
      {
	const dir_value &c = i->ops[0];
	std::string x = vval (i->ops[1]), y = vval (i->ops[2]);
	if (!vary (c))
	  return "(" + sval (c) + " ? " + x + " : " + y + ")";
	return helper ("blend", t) + " (" + vval (c) + ", " + x + ", " + y + ")";
      }
    case DOP_SEXT:
      if (st == DT_B1)
	return cast (T, cvt (a, S));
      return cast (T, cvt (cast (vty (st, true), a), S));
    case DOP_ZEXT:
      if (st == DT_B1)
	return cast (T, "-" + cvt (a, S));
      return cvt (a, T);
    case DOP_TRUNC: case DOP_FPEXT: case DOP_FPTRUNC: case DOP_UITOFP:
    case DOP_FPTOUI:
      return cvt (a, T);
    case DOP_SITOFP:
      return cvt (cast (vty (st, true), a), T);
    case DOP_FPTOSI:
      return cast (T, cvt (a, S));
    case DOP_BITCAST:
      return cast (T, a);
    case DOP_ONDEV:
      /* A vector comparison: GCC 12's SLP vectorizer turns the lane loop
	 "r[l] = (uint32_t) (a[l] == 4)" into -1 for true.  */
      return cast (T, "-" + vcmp ("eq", DT_I32, false, a,
				      vval (dir_imm (DT_I32, 4))));
    case DOP_DIM_POS:
      return dir_type_bytes (t) == 4 ? cast (T, pos_expr (i))
				     : cvt (pos_expr (i), T);
    case DOP_ADDR_LOCAL:
      {
	/* The lane's own frame, or its worker's shared one.  */
	const dir_slot &sl = fn->slots[i->slot];
	bool w = sl.shared;
	return "(((gw_u64x" + P + ") {} + (uint64_t) (uintptr_t) &"
	       + (w ? "gw_wshared" : "gw_frame") + "[0]["
	       + std::to_string (slot_offset[i->slot]) + "]) + "
	       + cvt (w ? "(" + global_lane () + " / " + std::to_string (vlen)
			  + "u)" : global_lane (), "gw_u64x" + P)
	       + " * " + std::to_string (w ? wshared_size : frame_size)
	       + "u)";
      }
    case DOP_BCAST:
      {
	/* Each lane takes its single lane's value.  */
	if ((i->axes & (1u << DA_WORKER)) && chunks > 1)
	  throw cannot { "a broadcast across workers inside a worker "
			 "partition" };
	/* A constant permutation: lane L takes lane L % V (across
	   workers) or L / V * V (across lanes).  */
	unsigned bytes = t == DT_B1 ? 4 : dir_type_bytes (t);
	dir_type it = dir_int_type (bytes);
	std::string idx = "(" + vty (it) + ") {";
	for (unsigned l = 0; l < p; l++)
	  {
	    unsigned src = (i->axes & (1u << DA_WORKER)) ? l % vlen
			   : l / vlen * vlen;
	    idx += (l ? ", " : " ") + std::to_string (src);
	  }
	return "__builtin_shuffle (" + a + ", " + idx + " })";
      }
    default:
      return "";
    }
}


/* The expression that combines A and B, both of type T, by the binary
   opcode OP: as vectors if VECTOR, else as scalars.  */

std::string
emitter::combine (dir_opcode op, dir_type t, const std::string &a,
		  const std::string &b, bool vector) const
{
  dir_insn c;
  c.op = op;
  c.type = t;
  c.ops = { dir_imm (t, 0), dir_imm (t, 0) };
  return vector ? vector_expr (&c, a, b) : scalar_expr (&c, { a, b });
}

/* The identity of the combining opcode OP on values of type T, as a C
   scalar of T's (unsigned) element type.  */

std::string
emitter::reduce_identity (dir_opcode op, dir_type t) const
{
  unsigned bits = dir_type_bytes (t) * 8;
  std::string T = "(" + sty (t) + ") ";
  bool fp = dir_type_float_p (t);
  std::string inf = t == DT_F32 ? "__builtin_inff ()" : "__builtin_inf ()";
  std::string sign = "(1ull << " + std::to_string (bits - 1) + ")";
  switch (op)
    {
    case DOP_ADD: case DOP_OR: case DOP_XOR: case DOP_UMAX: case DOP_LOR:
      return T + "0";
    case DOP_MUL: case DOP_LAND:
      return T + "1";
    case DOP_AND: case DOP_UMIN:
      return T + "-1";
    case DOP_MIN:
      return fp ? T + inf : T + "(" + sign + " - 1)";
    case DOP_MAX:
      return fp ? T + "-" + inf : T + sign;
    default:
      throw cannot { std::string ("a reduction by ") + dir_op_name (op) };
    }
}

/* The vector expression of the REDUCE I: each lane gets the combination
   of the lanes that share its position on the axes I does not reduce
   across.  A group of 2^K lanes at a stride of 2^S (the vector lanes of
   a worker, the workers of a chunk, or all) combines in K butterfly
   steps, lane L with lane L ^ D; any other group folds its members in
   order.  Across workers that run in chunks, the chunks' results then
   combine as the plan checked (plan.cc, check_chunked_reduce), the
   lanes of workers past the last counting as the identity.  Either way
   the order of the combination is fixed by the dimensions: a float reduction gives the
   same result every run.  */

std::string
emitter::reduce_expr (const dir_insn *i) const
{
  bool across_vector = i->axes & dir_axis_bit (DA_VECTOR);
  bool across_workers = (i->axes & dir_axis_bit (DA_WORKER)) && wlen > 1;
  bool chunked = across_workers && chunks > 1;
  if (chunked)
    if (const std::string *why = plan.refusal (i))
      throw cannot { *why };
  /* The members of lane L's group: count, stride, and the first.  */
  unsigned n = (across_vector ? vlen : 1) * (across_workers ? group : 1);
  unsigned stride = across_vector ? 1 : vlen;
  auto first = [&] (unsigned l) {
    unsigned w = l / vlen, v = l % vlen;
    return (across_workers ? 0 : w * vlen) + (across_vector ? 0 : v);
  };
  dir_type t = i->type;
  /* A complex product carries the real and imaginary parts (gw_r and
     gw_s; sources gw_x and gw_y) and returns one of them.  */
  bool pair = i->redop == DOP_CMULRE || i->redop == DOP_CMULIM;
  std::string x = vval (i->ops[0]), y = pair ? vval (i->ops[1]) : "";
  std::string result = i->redop == DOP_CMULIM ? "gw_s" : "gw_r";
  if (n <= 1 && !chunked)
    return i->redop == DOP_CMULIM ? y : x;
  if (chunked && wlen % group)
    x = helper ("blend", t) + " ((gw_m" + std::to_string (p) + ") ("
	+ global_lane () + " < " + std::to_string (wlen * vlen) + "u), " + x
	+ ", " + helper ("splat", t) + " (" + reduce_identity (i->redop, t)
	+ "))";
  unsigned bits = dir_type_bytes (t) * 8;
  if (bits == 8 && p > 256)
    throw cannot { "a reduction of bytes across more than 256 lanes" };
  std::string T = vty (t), idx = "gw_u" + std::to_string (bits) + "x"
				 + std::to_string (p);
  unsigned real = group * vlen;
  auto shuffle = [&] (const std::string &v, auto lane_of) {
    std::string s = "__builtin_shuffle (" + v + ", (" + idx + ") {";
    for (unsigned l = 0; l < p; l++)
      s += (l ? ", " : " ") + std::to_string (l < real ? lane_of (l) : l);
    return s + " })";
  };
  /* Combine the value(s) with those of the lanes LANE_OF names, taken
     from gw_r (and gw_s), or from the sources if FROM_SOURCE.  */
  auto step = [&] (bool from_source, auto lane_of) {
    std::string a = shuffle (from_source ? "gw_x" : "gw_r", lane_of);
    if (!pair)
      return "gw_r = " + combine (i->redop, t, "gw_r", a, true) + "; ";
    std::string b = shuffle (from_source ? "gw_y" : "gw_s", lane_of);
    return "{ " + T + " gw_a = " + a + ", gw_b = " + b
	   + ", gw_t = gw_r * gw_a - gw_s * gw_b; "
	   "gw_s = gw_r * gw_b + gw_s * gw_a; gw_r = gw_t; } ";
  };
  std::string e = "({ " + T + " gw_r = " + x + (pair ? ", gw_s = " + y : "")
		  + "; ";
  bool pow2 = (n & (n - 1)) == 0 && (stride & (stride - 1)) == 0
	      && (across_vector || (vlen & (vlen - 1)) == 0);
  if (pow2)
    for (unsigned d = n / 2 * stride; d >= stride; d /= 2)
      e += step (false, [&] (unsigned l) { return l ^ d; });
  else
    {
      auto at_first = [&] (unsigned l) { return first (l); };
      e = "({ " + T + " gw_x = " + x + (pair ? ", gw_y = " + y : "")
	  + ", gw_r = " + shuffle ("gw_x", at_first)
	  + (pair ? ", gw_s = " + shuffle ("gw_y", at_first) : "") + "; ";
      for (unsigned k = 1; k < n; k++)
	e += step (true, [&] (unsigned l) { return first (l) + k * stride; });
    }
  if (chunked)
    {
      /* The chunk run before, in the lanes that hold its combination
	 (worker 0's, which every chunk has).  */
      std::string before = "r" + std::to_string (i->dest);
      before = is_vec (i->dest)
	       ? shuffle (before, [&] (unsigned l) { return first (l); })
	       : helper ("splat", t) + " (" + before + ")";
      e += "if (gw_lane0 != "
	   + std::to_string ((chunks - 1) * group * vlen) + "u) gw_r = "
	   + combine (i->redop, t, "gw_r", before, true) + "; ";
    }
  return e + result + "; })";
}

/* The C name of the memory order O.  */

static const char *
c_order (dir_order o)
{
  static const char *const names[DMO_NUM]
    = { "__ATOMIC_RELAXED", "__ATOMIC_ACQUIRE", "__ATOMIC_RELEASE",
	"__ATOMIC_ACQ_REL", "__ATOMIC_SEQ_CST" };
  return names[o];
}

/* The C pointer to the T the memory access I addresses, given the
   expression ADDR of its address operand.  */

std::string
emitter::mem_ptr (const dir_insn *i, const std::string &addr) const
{
  return "((" + sty (i->type) + " *) (uintptr_t) (" + addr + " + "
	 + disp (i->disp) + "))";
}

/* The scalar expression of the read-modify-write I (ATOMIC, XCHG or CAS)
   with its operands' expressions A: the old value.  GCC's atomic
   builtins, with I's memory order; for an ATOMIC whose operation no
   builtin has (min, max, mul; float add), a compare-and-swap loop.  The
   generic (by-address) builtins take any type, floats too.  */

std::string
emitter::atomic_expr (const dir_insn *i,
		      const std::vector<std::string> &a) const
{
  dir_type t = i->type;
  std::string T = sty (t), ptr = mem_ptr (i, a[0]);
  std::string o = c_order (i->order);
  /* A failed compare-and-swap only reads: no release in its order.  */
  std::string fo = c_order (i->order == DMO_SEQ_CST ? DMO_SEQ_CST
			    : i->order == DMO_ACQUIRE
			      || i->order == DMO_ACQ_REL ? DMO_ACQUIRE
			    : DMO_RELAXED);
  if (i->op == DOP_ATOMIC && i->redop == DOP_CMULRE)
    /* No instruction updates both parts: under the image's lock.  */
    return "({ " + T + " *gw_p = " + ptr + ", gw_v = " + a[1] + ", gw_w = "
	   + a[2] + ", gw_o, gw_oi; "
	   "while (__atomic_exchange_n (&gw_cmul_lock, 1, __ATOMIC_ACQUIRE)); "
	   "gw_o = gw_p[0]; gw_oi = gw_p[1]; "
	   "gw_p[0] = gw_o * gw_v - gw_oi * gw_w; "
	   "gw_p[1] = gw_o * gw_w + gw_oi * gw_v; "
	   "__atomic_store_n (&gw_cmul_lock, 0, __ATOMIC_RELEASE); gw_o; })";
  if (i->op == DOP_XCHG)
    return "({ " + T + " gw_v = " + a[1] + ", gw_o; __atomic_exchange ("
	   + ptr + ", &gw_v, &gw_o, " + o + "); gw_o; })";
  if (i->op == DOP_CAS)
    return "({ " + T + " gw_o = " + a[1] + ", gw_n = " + a[2]
	   + "; __atomic_compare_exchange (" + ptr + ", &gw_o, &gw_n, 0, "
	   + o + ", " + fo + "); gw_o; })";
  const char *builtin = nullptr;
  if (dir_type_int_p (t))
    switch (i->redop)
      {
      case DOP_ADD: builtin = "__atomic_fetch_add"; break;
      case DOP_AND: builtin = "__atomic_fetch_and"; break;
      case DOP_OR: builtin = "__atomic_fetch_or"; break;
      case DOP_XOR: builtin = "__atomic_fetch_xor"; break;
      default: break;
      }
  if (builtin)
    return std::string (builtin) + " (" + ptr + ", " + a[1] + ", " + o
	   + ")";
  return "({ " + T + " *gw_p = " + ptr + ", gw_v = " + a[1] + ", gw_o, gw_n; "
	 "__atomic_load (gw_p, &gw_o, __ATOMIC_RELAXED); "
	 "do gw_n = " + combine (i->redop, t, "gw_o", "gw_v", false) + "; "
	 "while (!__atomic_compare_exchange (gw_p, &gw_o, &gw_n, 1, " + o
	 + ", " + fo + ")); gw_o; })";
}

/* The scalar C of the atomic load or store I (DIF_ATOMIC) with its
   operands' expressions A: the loaded value's expression, or the store's
   statement.  */

std::string
emitter::atomic_mem (const dir_insn *i,
		     const std::vector<std::string> &a) const
{
  std::string T = sty (i->type), o = c_order (i->order);
  if (i->op == DOP_LOAD)
    return "({ " + T + " gw_v; __atomic_load (" + mem_ptr (i, a[0])
	   + ", &gw_v, " + o + "); gw_v; })";
  return "{ " + T + " gw_v = " + a[1] + "; __atomic_store ("
	 + mem_ptr (i, a[0]) + ", &gw_v, " + o + "); }";
}

/* Open a block that combines the values (operand 1) of the ATOMIC I of
   the running lanes, in lane order, into gw_a; gw_n counts them.  */

void
emitter::combine_lanes (const dir_insn *i)
{
  std::string v = lval (i->ops[1]);
  put ("  {\n    %s gw_a = 0; int gw_n = 0;\n"
       "    for (int gw_l = 0; gw_l < %u; gw_l++)\n"
       "      if (gw_cur[gw_l]) { gw_a = gw_n++ ? %s : %s; }\n",
       sty (i->type).c_str (), p,
       combine (i->redop, i->type, "gw_a", v, false).c_str (), v.c_str ());
}

/* Emit the ATOMIC I in SIMD code when every lane addresses the same
   memory: the active lanes' values combined in lane order, one atomic
   access with the combination, and each lane's old value what it would
   be had the lanes made their accesses one after the other in lane
   order.  A counter that every lane of a vector bumps is one locked
   instruction, not one per lane.  */

void
emitter::simd_atomic_uniform (const dir_insn *i)
{
  dir_type t = i->type;
  std::string T = sty (t), v = lval (i->ops[1]);
  note_write (i, nullptr, true, "gw_cur");
  combine_lanes (i);
  put ("    if (gw_n)\n      {\n        %s gw_b = %s;\n"
       "        for (int gw_l = 0; gw_l < %u; gw_l++)\n"
       "          if (gw_cur[gw_l]) { r%u[gw_l] = gw_b; gw_b = %s; }\n"
       "      }\n  }\n",
       T.c_str (), atomic_expr (i, { sval (i->ops[0]), "gw_a" }).c_str (),
       p, i->dest, combine (i->redop, t, "gw_b", v, false).c_str ());
}

/* The C call of the routine the DCALL I calls (its variant for this
   function's workers and vector length: they make the call together),
   with the operands' C expressions A and the caller's context CTX (a
   const struct gw_ctx *).  Imported routines are macros that call
   through the image's import table (target.cc).  Records the call.  */

std::string
emitter::dcall_expr (const dir_insn *i, const std::vector<std::string> &a,
		     const std::string &ctx)
{
  if (i->flags & DIF_LIBRARY)
    {
      /* A function of the C library (the host's own: the cpu device is
	 the host), called through a pointer of the call's types, as the
	 image declares it under a name of its own (target.cc).  */
      const dir_library_function *f = dir_find_library_function (i->callee);
      if (!f)
	throw cannot { "the library function '" + i->callee + "'" };
      gw_call c;
      c.symbol = i->callee;
      c.library = true;
      calls.push_back (c);
      std::string fp = "((" + std::string (i->type == DT_VOID ? "void"
					    : c_type (i->type)) + " (*) (";
      for (size_t k = 0; k < f->sig.params.size (); k++)
	fp += (k ? ", " : "") + c_type (f->sig.params[k]);
      if (f->variadic)
	fp += f->sig.params.empty () ? "..." : ", ...";
      else if (f->sig.params.empty ())
	fp += "void";
      std::string s = fp + ")) gw_lib_" + i->callee + ") (";
      for (size_t k = 0; k < a.size (); k++)
	s += (k ? ", (" : "(") + c_type (i->ops[k].type) + ") " + a[k];
      return s + ")";
    }
  gw_call c = gw_call_of (i, wlen, vlen);
  calls.push_back (c);
  std::string s = c.variant () + " (" + ctx;
  for (size_t k = 0; k < a.size (); k++)
    s += i->ops[k].type == DT_B1 ? ", (" + a[k] + " != 0)"
	 : ", (" + c_type (i->ops[k].type) + ") " + a[k];
  return s + ")";
}

/* The context of the routines lane GW_L of SIMD code calls: gw_c, a
   struct gw_ctx declared and set by the C this returns.  */

std::string
emitter::lane_ctx () const
{
  std::string W = std::to_string (wlen), V = std::to_string (vlen);
  return "const struct gw_ctx gw_c = { gw_gang, gw_num_gangs, (gw_lane0 "
	 "+ gw_l) / " + V + "u, " + W + ", (gw_lane0 + gw_l) % " + V + "u, "
	 + V + " };";
}

} // namespace gw_cpu
