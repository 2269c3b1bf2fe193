/* The cpu target: device RTL to SIMD C.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   plugin/ir/ir.h.

   One host thread runs a whole gang; a gang's vector lanes are the lanes
   of GCC vector types (cpu.h).  The kernel body is one C function per
   gang:

   - code outside vector partitions runs once, as scalar C: every register
     is a scalar, blocks are labels, branches are gotos.  That is exactly
     the single thread's part of the neutering (br.single jumps to the
     single thread's side; broadcasts are copies).
   - a vector partition runs as SIMD code over P lanes, P the vector length
     rounded up to a power of two.  Uniform registers (divergence.h) stay
     scalars; varying ones are vectors.  The control flow is linearized as
     linearize.cc plans it: each block has a lane mask m_<block>, runs with
     gw_cur when that mask is not empty, and hands its lanes to its
     successors' masks.  A varying register another block reads is written
     under the mask (blend), so lanes that are off keep their value.
     Memory accesses at consecutive addresses (a stride analysis of the
     addresses) use whole-vector loads and stores, others gathers and
     scatters; all are masked.

   For a vector loop with an early exit (16 float lanes), the heart of a
   Mandelbrot kernel comes out as

     b12: if (!gw_any16 (m_12)) goto a12;
	  gw_cur = m_12; m_12 = (gw_m16) {};
	  r40 = gw_blend_f32 (gw_cur, r33 * r33, r40);
	  ...
	  { gw_m16 gw_t = gw_cur & r45, gw_f = gw_cur & ~r45;
	    r50 = gw_blend_u32 (gw_t, r38, r50); m_13 |= gw_t; m_15 |= gw_f; }
     a12: ;
	  if (gw_any16 (m_10)) goto b10;

   which GCC turns into the masked loop of docs/design.md section 4.  */

#include "cpu.h"
#include "linearize.h"
#include "../../plugin/ir/print.h"

#include <algorithm>
#include <cinttypes>
#include <climits>
#include <cmath>
#include <cstdarg>
#include <cstring>
#include <map>

namespace {

const int64_t STRIDE_UNKNOWN = INT64_MIN;
const int64_t STRIDE_TOP = INT64_MAX;

/* Thrown when the kernel uses something this emitter cannot do.  */
struct cannot
{
  std::string why;
};

class emitter
{
public:
  emitter (dir_func *fn, const cpu_isa &isa) : fn (fn), isa (isa) {}
  void run (std::string *code, unsigned *lanes);

private:
  dir_func *fn;
  cpu_isa isa;
  gw_partitions parts;
  gw_divergence div;
  unsigned p = 0;			/* SIMD lanes, 0 if no partition.  */
  int vlen = 1;				/* The vector length.  */
  std::vector<simd_region> regions;
  std::vector<int> region_of;		/* Block index -> region or -1.  */
  std::vector<int64_t> stride;		/* Register -> affine stride.  */
  std::vector<bool> affine;		/* Register -> a scalar base + the lane
					   times its stride.  */
  std::vector<bool> blend;		/* Register -> masked writes.  */
  std::vector<bool> phi_blend;		/* Phi register -> masked copies.  */
  std::vector<bool> check;		/* Block -> its mask may be empty
					   when the code falls into it.  */
  std::vector<uint32_t> slot_offset;	/* In its frame.  */
  uint32_t frame_size = 0;		/* Each lane's frame.  */
  uint32_t shared_size = 0;		/* The gang's shared frame.  */
  std::string out;

  void put (const char *fmt, ...) __attribute__ ((format (printf, 2, 3)));
  bool simd (const dir_block *b) const { return region_of[b->index] >= 0; }
  bool vary (const dir_value &v) const { return div.varying (v); }
  /* Is register R held in a C vector (varying and not affine)?  */
  bool is_vec (uint32_t r) const { return div.varying (r) && !affine[r]; }
  bool is_vec (const dir_value &v) const { return v.reg_p () && is_vec (v.reg); }

  /* Types.  */
  std::string sty (dir_type t, bool sign = false) const;
  std::string vty (dir_type t, bool sign = false) const;
  const char *ename (dir_type t) const;

  /* Operands.  */
  std::string lit (const dir_value &v) const;
  std::string sval (const dir_value &v) const;
  std::string vval (const dir_value &v) const;
  std::string lval (const dir_value &v) const;
  std::string mask_of (const std::string &cmp, dir_type t) const;
  static std::string disp (int64_t d);

  /* Insns.  */
  std::string scalar_expr (const dir_insn *i,
			   const std::vector<std::string> &a) const;
  std::string vector_expr (const dir_insn *i) const;
  void scalar_insn (const dir_insn *i);
  void simd_insn (const dir_insn *i);
  void simd_load (const dir_insn *i);
  void simd_store (const dir_insn *i);
  void assign_varying (const dir_insn *i, const std::string &expr);

  /* Blocks and edges.  */
  void phi_copies (const dir_block *from, const dir_block *to,
		   const std::string *mask);
  void scalar_edge (const dir_block *from, const dir_block *to);
  void simd_edge_to (const simd_region &r, const dir_block *from,
		     const dir_block *to, const std::string &mask,
		     simd_edge kind);
  void scalar_block (const dir_block *b);
  void simd_region_code (const simd_region &r);
  void simd_block (const simd_region &r, int k);

  void analyse ();
  void strides ();
};

void
emitter::put (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  dir_vappendf (out, fmt, ap);
  va_end (ap);
}

/* The C type of a scalar of type T (unsigned for integers unless SIGN).  */

std::string
emitter::sty (dir_type t, bool sign) const
{
  switch (t)
    {
    case DT_B1: return "int";
    case DT_I8: return sign ? "int8_t" : "uint8_t";
    case DT_I16: return sign ? "int16_t" : "uint16_t";
    case DT_I32: return sign ? "int32_t" : "uint32_t";
    case DT_I64: return sign ? "int64_t" : "uint64_t";
    case DT_F32: return "float";
    case DT_F64: return "double";
    default: throw cannot { "a value of type void" };
    }
}

/* The C type of a vector of P values of type T.  */

std::string
emitter::vty (dir_type t, bool sign) const
{
  std::string w = std::to_string (p);
  switch (t)
    {
    case DT_B1: return "gw_m" + w;
    case DT_I8: return (sign ? "gw_s8x" : "gw_u8x") + w;
    case DT_I16: return (sign ? "gw_s16x" : "gw_u16x") + w;
    case DT_I32: return (sign ? "gw_s32x" : "gw_u32x") + w;
    case DT_I64: return (sign ? "gw_s64x" : "gw_u64x") + w;
    case DT_F32: return "gw_f32x" + w;
    case DT_F64: return "gw_f64x" + w;
    default: throw cannot { "a vector of type void" };
    }
}

/* The helper-name suffix of type T: "u32", "f64", "m".  */

const char *
emitter::ename (dir_type t) const
{
  switch (t)
    {
    case DT_B1: return "m";
    case DT_I8: return "u8";
    case DT_I16: return "u16";
    case DT_I32: return "u32";
    case DT_I64: return "u64";
    case DT_F32: return "f32";
    case DT_F64: return "f64";
    default: throw cannot { "a value of type void" };
    }
}

/* The C literal of the immediate V.  */

std::string
emitter::lit (const dir_value &v) const
{
  char buf[96];
  switch (v.type)
    {
    case DT_B1:
      return v.imm ? "1" : "0";
    case DT_I8: case DT_I16: case DT_I32:
      {
	unsigned bits = dir_type_bytes (v.type) * 8;
	uint32_t x = (uint32_t) v.imm & (uint32_t) ((1ULL << bits) - 1);
	snprintf (buf, sizeof buf, "((%s) 0x%" PRIx32 "u)",
		  sty (v.type).c_str (), x);
	return buf;
      }
    case DT_I64:
      snprintf (buf, sizeof buf, "UINT64_C (0x%" PRIx64 ")", v.imm);
      return buf;
    case DT_F32:
      {
	uint32_t bits = (uint32_t) v.imm;
	float f;
	memcpy (&f, &bits, 4);
	if (std::isfinite (f))
	  snprintf (buf, sizeof buf, "%af", (double) f);
	else
	  snprintf (buf, sizeof buf,
		    "((union { uint32_t u; float f; }) { 0x%" PRIx32 "u }).f",
		    bits);
	return buf;
      }
    case DT_F64:
      {
	double d;
	memcpy (&d, &v.imm, 8);
	if (std::isfinite (d))
	  snprintf (buf, sizeof buf, "%a", d);
	else
	  snprintf (buf, sizeof buf,
		    "((union { uint64_t u; double f; }) { UINT64_C (0x%"
		    PRIx64 ") }).f", v.imm);
	return buf;
      }
    default:
      throw cannot { "an immediate of type void" };
    }
}

/* V as a scalar: lane 0 of a varying register.  */

std::string
emitter::sval (const dir_value &v) const
{
  if (v.imm_p ())
    return lit (v);
  std::string r = "r" + std::to_string (v.reg);
  if (!is_vec (v))
    return r;			/* Uniform, or an affine value's lane 0.  */
  if (v.type == DT_B1)
    return "(" + r + "[0] != 0)";
  return r + "[0]";
}

/* V as a vector of its type: uniform values are splat.  */

std::string
emitter::vval (const dir_value &v) const
{
  if (is_vec (v))
    return "r" + std::to_string (v.reg);
  if (v.reg_p () && affine[v.reg])
    {
      /* base + lane * stride, in the type's wrapping arithmetic.  */
      std::string e = std::string (ename (v.type)) + "x" + std::to_string (p);
      return "(gw_splat_" + e + " (r" + std::to_string (v.reg) + ") + gw_iota_"
	     + e + " * (" + sty (v.type) + ") " + std::to_string (stride[v.reg])
	     + ")";
    }
  if (v.type == DT_B1)
    return "((gw_m" + std::to_string (p) + ") {} - (int32_t) (" + sval (v)
	   + "))";
  /* A splat, not "{} + s": adding +0.0 would turn -0.0 into +0.0.  */
  return std::string ("gw_splat_") + ename (v.type) + "x" + std::to_string (p)
	 + " (" + sval (v) + ")";
}

/* V in lane gw_l, inside a lane loop.  */

std::string
emitter::lval (const dir_value &v) const
{
  if (v.reg_p () && affine[v.reg])
    return "((" + sty (v.type) + ") (r" + std::to_string (v.reg) + " + ("
	   + sty (v.type) + ") gw_l * " + std::to_string (stride[v.reg]) + "))";
  if (!vary (v))
    return sval (v);
  std::string r = "r" + std::to_string (v.reg) + "[gw_l]";
  if (v.type == DT_B1)
    return "(" + r + " != 0)";
  return r;
}

/* The displacement D as an unsigned 64-bit C constant (it wraps as the
   address arithmetic does).  */

std::string
emitter::disp (int64_t d)
{
  char buf[48];
  snprintf (buf, sizeof buf, "(uint64_t) INT64_C (%" PRId64 ")", d);
  return buf;
}

/* The lane mask gw_mP of CMP, a vector comparison of T values (whose
   lanes are -1 or 0 of T's width).  */

std::string
emitter::mask_of (const std::string &cmp, dir_type t) const
{
  std::string m = "gw_m" + std::to_string (p);
  if (dir_type_bytes (t) == 4)
    return "((" + m + ") (" + cmp + "))";
  return "__builtin_convertvector (" + cmp + ", " + m + ")";
}

/* The C expression of the value INSN computes, as a scalar, given its
   operands' expressions A.  */

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
    case DOP_UNDEF:
      return cast (T, "0");
    case DOP_PARAM:
      return "((uint64_t) (uintptr_t) gw_data)";
    case DOP_ADD: return bin ("+");
    case DOP_SUB: return bin ("-");
    case DOP_MUL: return bin ("*");
    case DOP_AND: return bin ("&");
    case DOP_OR: return bin ("|");
    case DOP_XOR: return bin ("^");
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
      return fp ? "(-" + a[0] + ")" : cast (T, "-(" + P + ") " + a[0]);
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
	switch ((dir_cond) i->cond)
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
      return i->axis () == DA_GANG ? "gw_gang" : cast (T, "0");
    case DOP_DIM_SIZE:
      if (i->axis () == DA_GANG)
	return cast (T, "gw_num_gangs");
      return cast (T, std::to_string (fn->dims[i->axis ()]));
    case DOP_ADDR_GLOBAL:
      {
	const dir_global &g = fn->globals[i->disp];
	if (g.kind == dir_global::HOST)
	  return "((uint64_t) (uintptr_t) gw_globals["
		 + std::to_string (g.table_index) + "])";
	return "((uint64_t) (uintptr_t) " + fn->name + "_data"
	       + std::to_string (i->disp) + ")";
      }
    case DOP_ADDR_LOCAL:
      if (fn->slots[i->disp].shared)
	return "((uint64_t) (uintptr_t) &gw_shared["
	       + std::to_string (slot_offset[i->disp]) + "])";
      return "((uint64_t) (uintptr_t) &gw_frame[0]["
	     + std::to_string (slot_offset[i->disp]) + "])";
    default:
      throw cannot { std::string ("the operation ") + dir_op_name (i->op) };
    }
}

/* The vector expression of the varying INSN, or "" if it takes a loop over
   the lanes.  */

std::string
emitter::vector_expr (const dir_insn *i) const
{
  dir_type t = i->type;
  std::string T = vty (t), S = vty (t, true);
  std::string a = i->ops.size () > 0 ? vval (i->ops[0]) : "";
  std::string b = i->ops.size () > 1 ? vval (i->ops[1]) : "";
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
    return std::string ("gw_sel_") + ename (t) + "x" + P + " ((gw_u" + bits + "x"
	   + P + ") (" + k + "), " + x + ", " + y + ")";
  };

  switch (i->op)
    {
    case DOP_COPY: return a;
    case DOP_UNDEF: return "((" + T + ") {})";
    case DOP_ADD: return "(" + a + " + " + b + ")";
    case DOP_SUB: return "(" + a + " - " + b + ")";
    case DOP_MUL: return "(" + a + " * " + b + ")";
    case DOP_DIV: return fp ? "(" + a + " / " + b + ")" : "";
    case DOP_AND: return "(" + a + " & " + b + ")";
    case DOP_OR: return "(" + a + " | " + b + ")";
    case DOP_XOR: return "(" + a + " ^ " + b + ")";
    case DOP_NOT: return "(~" + a + ")";
    case DOP_NEG: return "(-" + a + ")";
    case DOP_SHL: return "(" + a + " << " + b + ")";
    case DOP_SHR: return "(" + a + " >> " + b + ")";
    case DOP_SAR: return cast (T, cast (S, a) + " >> " + cast (S, b));
    case DOP_MIN: case DOP_MAX:
      {
	const char *op = i->op == DOP_MIN ? " < " : " > ";
	std::string x = fp ? a : cast (S, a), y = fp ? b : cast (S, b);
	return sel (x + op + y, a, b);
      }
    case DOP_UMIN: return sel (a + " < " + b, a, b);
    case DOP_UMAX: return sel (a + " > " + b, a, b);
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
	std::string os = vty (ot, true);
	std::string x = vval (i->ops[0]), y = vval (i->ops[1]);
	std::string sx = ofp ? x : cast (os, x), sy = ofp ? y : cast (os, y);
	std::string e;
	bool invert = false;
	switch ((dir_cond) i->cond)
	  {
	  case DC_EQ: e = x + " == " + y; break;
	  case DC_NE: e = x + " != " + y; break;
	  case DC_LT: e = sx + " < " + sy; break;
	  case DC_LE: e = sx + " <= " + sy; break;
	  case DC_GT: e = sx + " > " + sy; break;
	  case DC_GE: e = sx + " >= " + sy; break;
	  case DC_ULT:
	    if (ofp) { e = x + " >= " + y; invert = true; }
	    else e = x + " < " + y;
	    break;
	  case DC_ULE:
	    if (ofp) { e = x + " > " + y; invert = true; }
	    else e = x + " <= " + y;
	    break;
	  case DC_UGT:
	    if (ofp) { e = x + " <= " + y; invert = true; }
	    else e = x + " > " + y;
	    break;
	  case DC_UGE:
	    if (ofp) { e = x + " < " + y; invert = true; }
	    else e = x + " >= " + y;
	    break;
	  case DC_UEQ:
	    e = "(" + x + " < " + y + ") | (" + x + " > " + y + ")";
	    invert = true;
	    break;
	  case DC_ONE:
	    e = "(" + x + " < " + y + ") | (" + x + " > " + y + ")";
	    break;
	  case DC_ORD:
	    e = "(" + x + " == " + x + ") & (" + y + " == " + y + ")";
	    break;
	  case DC_UNO:
	    e = "(" + x + " == " + x + ") & (" + y + " == " + y + ")";
	    invert = true;
	    break;
	  default:
	    return "";
	  }
	if (ot == DT_B1)
	  /* Masks compare as masks: only EQ and NE occur.  */
	  return i->cond == DC_EQ ? "(~(" + x + " ^ " + y + "))"
				  : "(" + x + " ^ " + y + ")";
	std::string m = mask_of (e, ot);
	return invert ? "(~" + m + ")" : m;
      }
    case DOP_SELECT:
      {
	const dir_value &c = i->ops[0];
	std::string x = vval (i->ops[1]), y = vval (i->ops[2]);
	if (!vary (c))
	  return "(" + sval (c) + " ? " + x + " : " + y + ")";
	return std::string ("gw_blend_") + ename (t) + "x" + P + " (" + vval (c)
	       + ", " + x + ", " + y + ")";
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
      return cast (T, "-(" + a + " == " + vval (dir_imm (DT_I32, 4)) + ")");
    case DOP_DIM_POS:
      /* Only the vector axis varies here.  */
      return dir_type_bytes (t) == 4 ? cast (T, "gw_lane" + P)
				     : cvt ("gw_lane" + P, T);
    case DOP_ADDR_LOCAL:
      return "(((gw_u64x" + P + ") {} + (uint64_t) (uintptr_t) &gw_frame[0]["
	     + std::to_string (slot_offset[i->disp]) + "]) + "
	     + cvt ("gw_lane" + P, "gw_u64x" + P) + " * "
	     + std::to_string (frame_size) + "u)";
    default:
      return "";
    }
}

/* Define the varying register of INSN as EXPR: under the mask if another
   block reads it.  */

void
emitter::assign_varying (const dir_insn *i, const std::string &expr)
{
  if (blend[i->dest])
    put ("  r%u = gw_blend_%sx%u (gw_cur, %s, r%u);\n", i->dest,
	 ename (i->type == DT_VOID ? DT_B1 : fn->regs[i->dest].type), p,
	 expr.c_str (), i->dest);
  else
    put ("  r%u = %s;\n", i->dest, expr.c_str ());
}

/* Emit INSN in scalar code.  */

void
emitter::scalar_insn (const dir_insn *i)
{
  std::vector<std::string> a;
  for (const dir_value &v : i->ops)
    a.push_back (sval (v));
  switch (i->op)
    {
    case DOP_FORK: case DOP_JOIN:
      return;
    case DOP_FRAME_BCAST:
      if (p > 1 && frame_size)
	put ("  for (int gw_l = 1; gw_l < %u; gw_l++) memcpy (gw_frame[gw_l], "
	     "gw_frame[0], %u);\n", p, frame_size);
      return;
    case DOP_STORE:
      put ("  *(%s%s *) (uintptr_t) (%s + %" PRId64 ") = %s;\n",
	   i->flags & DIF_VOLATILE ? "volatile " : "", sty (i->type).c_str (),
	   a[0].c_str (), i->disp, a[1].c_str ());
      return;
    case DOP_LOAD:
      put ("  r%u = *(%sconst %s *) (uintptr_t) (%s + %" PRId64 ");\n",
	   i->dest, i->flags & DIF_VOLATILE ? "volatile " : "",
	   sty (i->type).c_str (), a[0].c_str (), i->disp);
      return;
    default:
      break;
    }
  if (i->dest == DIR_NOREG)
    throw cannot { std::string ("the operation ") + dir_op_name (i->op) };
  if (is_vec (i->dest))
    /* Only varying where partitioned.  */
    throw cannot { "a varying value outside a partition" };
  put ("  r%u = %s;\n", i->dest, scalar_expr (i, a).c_str ());
}

/* Emit the load INSN in SIMD code.  */

void
emitter::simd_load (const dir_insn *i)
{
  const dir_value &addr = i->ops[0];
  std::string P = std::to_string (p);
  if (!vary (addr))
    {
      /* All lanes read the same address; the block runs for some lane.  */
      put ("  r%u = *(%sconst %s *) (uintptr_t) (%s + %" PRId64 ");\n",
	   i->dest, i->flags & DIF_VOLATILE ? "volatile " : "",
	   sty (i->type).c_str (), sval (addr).c_str (), i->disp);
      return;
    }
  if (i->flags & DIF_VOLATILE)
    {
      put ("  for (int gw_l = 0; gw_l < %s; gw_l++) if (gw_cur[gw_l]) "
	   "r%u[gw_l] = *(volatile const %s *) (uintptr_t) (%s + %s);\n",
	   P.c_str (), i->dest, sty (i->type).c_str (), lval (addr).c_str (),
	   disp (i->disp).c_str ());
      return;
    }
  std::string e;
  if (affine[addr.reg]
      && stride[addr.reg] == (int64_t) dir_type_bytes (i->type))
    /* Consecutive: one vector load from lane 0's address.  */
    e = std::string ("gw_ld_") + ename (i->type) + "x" + P + " ("
	+ sval (addr) + " + " + disp (i->disp) + ", gw_cur)";
  else
    e = std::string ("gw_gather_") + ename (i->type) + "x" + P + " ("
	+ vval (addr) + " + " + disp (i->disp) + ", gw_cur)";
  assign_varying (i, e);
}

/* Emit the store INSN in SIMD code.  */

void
emitter::simd_store (const dir_insn *i)
{
  const dir_value &addr = i->ops[0], &val = i->ops[1];
  std::string P = std::to_string (p);
  std::string ty = sty (i->type);
  const char *vol = i->flags & DIF_VOLATILE ? "volatile " : "";
  if (!vary (addr) && !vary (val))
    {
      put ("  *(%s%s *) (uintptr_t) (%s + %" PRId64 ") = %s;\n", vol,
	   ty.c_str (), sval (addr).c_str (), i->disp, sval (val).c_str ());
      return;
    }
  if (!vary (addr) || (i->flags & DIF_VOLATILE))
    {
      /* Every active lane stores, in lane order.  */
      put ("  for (int gw_l = 0; gw_l < %s; gw_l++) if (gw_cur[gw_l]) "
	   "*(%s%s *) (uintptr_t) (%s + %s) = %s;\n", P.c_str (), vol,
	   ty.c_str (), lval (addr).c_str (), disp (i->disp).c_str (),
	   lval (val).c_str ());
      return;
    }
  if (affine[addr.reg]
      && stride[addr.reg] == (int64_t) dir_type_bytes (i->type))
    put ("  gw_st_%sx%s (%s + %s, %s, gw_cur);\n", ename (i->type), P.c_str (),
	 sval (addr).c_str (), disp (i->disp).c_str (), vval (val).c_str ());
  else
    put ("  gw_scatter_%sx%s (%s + %s, %s, gw_cur);\n", ename (i->type),
	 P.c_str (), vval (addr).c_str (), disp (i->disp).c_str (),
	 vval (val).c_str ());
}

/* Emit INSN in SIMD code.  */

void
emitter::simd_insn (const dir_insn *i)
{
  switch (i->op)
    {
    case DOP_LOAD:
      simd_load (i);
      return;
    case DOP_STORE:
      simd_store (i);
      return;
    case DOP_FORK: case DOP_JOIN: case DOP_FRAME_BCAST:
      throw cannot { "a nested partition inside a vector partition" };
    default:
      break;
    }
  if (i->dest == DIR_NOREG)
    throw cannot { std::string ("the operation ") + dir_op_name (i->op) };
  if (!is_vec (i->dest))
    {
      /* Uniform, or the base of an affine value: computed once, as in
	 scalar code.  */
      std::vector<std::string> a;
      for (const dir_value &v : i->ops)
	a.push_back (sval (v));
      if (i->op == DOP_DIM_POS && i->axis () == DA_VECTOR)
	{
	  /* An affine lane number: lane 0's is 0.  */
	  put ("  r%u = 0;\n", i->dest);
	  return;
	}
      put ("  r%u = %s;\n", i->dest, scalar_expr (i, a).c_str ());
      return;
    }
  std::string e = vector_expr (i);
  if (!e.empty ())
    {
      assign_varying (i, e);
      return;
    }
  /* A loop over the lanes, computing the scalar form in each; guarded by
     the mask where an inactive lane could trap or a lane's old value must
     survive.  */
  std::vector<std::string> a;
  for (const dir_value &v : i->ops)
    a.push_back (lval (v));
  bool guard = blend[i->dest] || dir_op_flag (i->op, DOPF_TRAPS)
	       || i->op == DOP_CALL;
  std::string value = scalar_expr (i, a);
  if (fn->regs[i->dest].type == DT_B1)
    value = "-(int32_t) " + value;
  put ("  for (int gw_l = 0; gw_l < %u; gw_l++) %sr%u[gw_l] = %s;\n", p,
       guard ? "if (gw_cur[gw_l]) " : "", i->dest, value.c_str ());
}

/* Copy the incoming values of TO's phis for the edge from FROM.  MASK is
   the edge's lane mask in SIMD code, null in scalar code.  */

void
emitter::phi_copies (const dir_block *from, const dir_block *to,
		     const std::string *mask)
{
  std::vector<std::pair<const dir_insn *, dir_value>> copies;
  for (const dir_insn *phi : to->phis)
    for (size_t k = 0; k < phi->ops.size (); k++)
      if (phi->targets[k] == from)
	copies.push_back ({ phi, phi->ops[k] });
  if (copies.empty ())
    return;
  /* Parallel copies: read every source before writing any phi.  */
  bool temps = copies.size () > 1;
  auto source = [&] (const dir_insn *phi, const dir_value &v) {
    return is_vec (phi->dest) ? vval (v) : sval (v);
  };
  auto type_of = [&] (const dir_insn *phi) {
    return is_vec (phi->dest) ? vty (phi->type) : sty (phi->type);
  };
  put ("  {");
  for (size_t k = 0; k < copies.size () && temps; k++)
    put (" %s gw_p%zu = %s;", type_of (copies[k].first).c_str (), k,
	 source (copies[k].first, copies[k].second).c_str ());
  for (size_t k = 0; k < copies.size (); k++)
    {
      const dir_insn *phi = copies[k].first;
      std::string v = temps ? "gw_p" + std::to_string (k)
		      : source (phi, copies[k].second);
      if (mask && is_vec (phi->dest) && phi_blend[phi->dest])
	put (" r%u = gw_blend_%sx%u (%s, %s, r%u);", phi->dest,
	     ename (phi->type), p, mask->c_str (), v.c_str (), phi->dest);
      else
	put (" r%u = %s;", phi->dest, v.c_str ());
    }
  put (" }\n");
}

/* Emit the edge FROM -> TO of scalar code (without the jump).  */

void
emitter::scalar_edge (const dir_block *from, const dir_block *to)
{
  phi_copies (from, to, nullptr);
  if (simd (to))
    /* Entering a vector partition: every lane of the vector length.  */
    put ("  m_%u = gw_entry;\n", to->index);
  put ("  goto b%u;\n", to->index);
}

/* Emit the edge FROM -> TO of the SIMD region R for the lanes MASK, taken
   as KIND.  */

void
emitter::simd_edge_to (const simd_region &r, const dir_block *from,
		       const dir_block *to, const std::string &mask,
		       simd_edge kind)
{
  if (kind == SIMD_EDGE_EXIT || !r.contains (to))
    return;
  phi_copies (from, to, &mask);
  put ("  m_%u |= %s;\n", to->index, mask.c_str ());
  if (kind == SIMD_EDGE_GOTO
      && r.pos[to->index] != r.pos[from->index] + 1)
    put ("  goto b%u;\n", to->index);
}

/* Emit the scalar block B.  */

void
emitter::scalar_block (const dir_block *b)
{
  put ("b%u:;\n", b->index);
  const dir_insn *t = b->terminator ();
  for (const dir_insn *i : b->insns)
    if (i != t)
      scalar_insn (i);
  switch (t->op)
    {
    case DOP_BR:
      scalar_edge (b, t->targets[0]);
      break;
    case DOP_BR_SINGLE:
      /* The scalar code is the single thread.  */
      scalar_edge (b, t->targets[0]);
      break;
    case DOP_CBR:
      put ("  if (%s)\n  {\n", sval (t->ops[0]).c_str ());
      scalar_edge (b, t->targets[0]);
      put ("  }\n");
      scalar_edge (b, t->targets[1]);
      break;
    case DOP_SWITCH:
      {
	put ("  switch (%s)\n  {\n", sval (t->ops[0]).c_str ());
	std::map<const dir_block *, std::vector<int64_t>> cases;
	for (size_t k = 0; k < t->cases.size (); k++)
	  if (t->targets[k + 1] != t->targets[0])
	    cases[t->targets[k + 1]].push_back (t->cases[k]);
	for (auto &c : cases)
	  {
	    for (int64_t v : c.second)
	      put ("  case %s:\n", lit (dir_imm (t->type, v)).c_str ());
	    put ("  {\n");
	    scalar_edge (b, c.first);
	    put ("  }\n");
	  }
	put ("  default:\n  {\n");
	scalar_edge (b, t->targets[0]);
	put ("  }\n  }\n");
      }
      break;
    case DOP_RET:
      put ("  return;\n");
      break;
    case DOP_TRAP:
      put ("  __builtin_trap ();\n");
      break;
    default:
      throw cannot { std::string ("the terminator ") + dir_op_name (t->op) };
    }
}

/* Emit block K of the order of the SIMD region R.  */

void
emitter::simd_block (const simd_region &r, int k)
{
  const dir_block *b = r.order[k];
  std::string P = std::to_string (p);
  put ("b%u:;\n", b->index);
  if (check[b->index])
    put ("  if (!gw_any%s (m_%u)) goto a%u;\n", P.c_str (), b->index,
	 b->index);
  put ("  gw_cur = m_%u; m_%u = (gw_m%s) {};\n", b->index, b->index,
       P.c_str ());
  const dir_insn *t = b->terminator ();
  for (const dir_insn *i : b->insns)
    if (i != t)
      simd_insn (i);

  switch (t->op)
    {
    case DOP_BR:
      simd_edge_to (r, b, t->targets[0], "gw_cur",
		    r.edge (b, t->targets[0], div));
      break;
    case DOP_CBR:
      if (!div.divergent_branch (b))
	{
	  put ("  if (%s)\n  {\n", sval (t->ops[0]).c_str ());
	  simd_edge_to (r, b, t->targets[0], "gw_cur",
			r.edge (b, t->targets[0], div));
	  put ("  }\n  else\n  {\n");
	  simd_edge_to (r, b, t->targets[1], "gw_cur",
			r.edge (b, t->targets[1], div));
	  put ("  }\n");
	}
      else
	{
	  std::string c = vval (t->ops[0]);
	  put ("  {\n  gw_m%s gw_t = gw_cur & %s, gw_f = gw_cur & ~%s;\n",
	       P.c_str (), c.c_str (), c.c_str ());
	  simd_edge_to (r, b, t->targets[0], "gw_t", SIMD_EDGE_PARK);
	  simd_edge_to (r, b, t->targets[1], "gw_f", SIMD_EDGE_PARK);
	  put ("  }\n");
	}
      break;
    case DOP_SWITCH:
      {
	std::map<const dir_block *, std::vector<int64_t>> cases;
	for (size_t k2 = 0; k2 < t->cases.size (); k2++)
	  if (t->targets[k2 + 1] != t->targets[0])
	    cases[t->targets[k2 + 1]].push_back (t->cases[k2]);
	if (!div.divergent_branch (b))
	  {
	    put ("  switch (%s)\n  {\n", sval (t->ops[0]).c_str ());
	    for (auto &c : cases)
	      {
		for (int64_t v : c.second)
		  put ("  case %s:\n", lit (dir_imm (t->type, v)).c_str ());
		put ("  {\n");
		simd_edge_to (r, b, c.first, "gw_cur", r.edge (b, c.first, div));
		put ("  }\n  break;\n");
	      }
	    put ("  default:\n  {\n");
	    simd_edge_to (r, b, t->targets[0], "gw_cur",
			  r.edge (b, t->targets[0], div));
	    put ("  }\n  }\n");
	  }
	else
	  {
	    std::string v = vval (t->ops[0]);
	    put ("  {\n  gw_m%s gw_rest = gw_cur;\n", P.c_str ());
	    for (auto &c : cases)
	      {
		std::string m;
		for (int64_t k2 : c.second)
		  m += (m.empty () ? "" : " | ")
		       + mask_of (v + " == " + lit (dir_imm (t->type, k2)),
				  t->type);
		put ("  {\n  gw_m%s gw_c = gw_cur & (%s);\n  gw_rest &= ~gw_c;\n",
		     P.c_str (), m.c_str ());
		simd_edge_to (r, b, c.first, "gw_c", SIMD_EDGE_PARK);
		put ("  }\n");
	      }
	    simd_edge_to (r, b, t->targets[0], "gw_rest", SIMD_EDGE_PARK);
	    put ("  }\n");
	  }
      }
      break;
    case DOP_TRAP:
      put ("  __builtin_trap ();\n");
      break;
    default:
      throw cannot { std::string ("the terminator ") + dir_op_name (t->op)
		     + " inside a vector partition" };
    }
  put ("a%u:;\n", b->index);
  for (const simd_component &c : r.comps)
    if (c.last == k && c.check)
      put ("  if (gw_any%s (m_%u)) goto b%u;\n", P.c_str (),
	   r.order[c.head]->index, r.order[c.head]->index);
}

/* Emit the SIMD region R.  */

void
emitter::simd_region_code (const simd_region &r)
{
  put ("  /* vector partition: fork @%u, join @%u */\n", r.part->fork->index,
       r.exit->index);
  for (int k = 0; k < (int) r.order.size (); k++)
    simd_block (r, k);
  put ("  goto b%u;\n", r.exit->index);
}

/* The affine stride of each varying register: the difference between
   the values of adjacent lanes, where that is a constant.  Optimistic over
   phis.  */

void
emitter::strides ()
{
  stride.assign (fn->regs.size (), 0);
  for (size_t r = 0; r < fn->regs.size (); r++)
    if (div.varying ((uint32_t) r))
      stride[r] = STRIDE_TOP;
  auto of = [&] (const dir_value &v) -> int64_t {
    return v.reg_p () ? stride[v.reg] : 0;
  };
  /* The stride of operand V of an insn in block B: none if V comes out of
     a loop the lanes left at different iterations.  */
  auto at = [&] (const dir_value &v, const dir_block *b) -> int64_t {
    if (v.reg_p () && fn->regs[v.reg].def
	&& div.leaves_divergent_loop (fn->regs[v.reg].def->bb, b))
      return STRIDE_UNKNOWN;
    return of (v);
  };
  auto known = [] (int64_t s) {
    return s != STRIDE_UNKNOWN && s != STRIDE_TOP;
  };
  bool changed = true;
  while (changed)
    {
      changed = false;
      for (const dir_block *b : fn->blocks)
	{
	  if (!simd (b))
	    continue;
	  auto update = [&] (const dir_insn *i, int64_t s) {
	    if (stride[i->dest] != s)
	      {
		stride[i->dest] = s;
		changed = true;
	      }
	  };
	  for (const dir_insn *phi : b->phis)
	    {
	      if (!div.varying (phi->dest))
		continue;
	      /* At a join of divergent paths the lanes' values come from
		 different definitions: no common base.  */
	      if (div.divergent_join (b))
		{
		  update (phi, STRIDE_UNKNOWN);
		  continue;
		}
	      int64_t s = STRIDE_TOP;
	      for (size_t k = 0; k < phi->ops.size (); k++)
		{
		  const dir_value &v = phi->ops[k];
		  int64_t o = of (v);
		  if (v.reg_p () && fn->regs[v.reg].def
		      && div.leaves_divergent_loop (fn->regs[v.reg].def->bb,
						    b))
		    o = STRIDE_UNKNOWN;
		  if (o == STRIDE_TOP)
		    continue;
		  s = (s == STRIDE_TOP || s == o) ? o : STRIDE_UNKNOWN;
		}
	      update (phi, s);
	    }
	  for (const dir_insn *i : b->insns)
	    {
	      if (i->dest == DIR_NOREG || !div.varying (i->dest))
		continue;
	      int64_t s = STRIDE_UNKNOWN;
	      int64_t x = i->ops.size () > 0 ? at (i->ops[0], b) : 0;
	      int64_t y = i->ops.size () > 1 ? at (i->ops[1], b) : 0;
	      bool both = known (x) && known (y);
	      switch (i->op)
		{
		case DOP_DIM_POS: s = 1; break;
		case DOP_ADDR_LOCAL: s = frame_size; break;
		case DOP_COPY: case DOP_SEXT: case DOP_TRUNC:
		  /* A sign extension keeps the stride as long as no lane
		     overflows the narrower type, which would be undefined in
		     the source; a zero extension does not (unsigned wrap is
		     defined).  */
		  s = x;
		  break;
		case DOP_ADD:
		  s = both ? x + y : (x == STRIDE_TOP || y == STRIDE_TOP)
				      ? STRIDE_TOP : STRIDE_UNKNOWN;
		  break;
		case DOP_SUB:
		  s = both ? x - y : (x == STRIDE_TOP || y == STRIDE_TOP)
				      ? STRIDE_TOP : STRIDE_UNKNOWN;
		  break;
		case DOP_MUL:
		  if (i->ops[1].imm_p () && known (x))
		    s = x * (int64_t) i->ops[1].imm;
		  else if (i->ops[0].imm_p () && known (y))
		    s = y * (int64_t) i->ops[0].imm;
		  else if (x == STRIDE_TOP || y == STRIDE_TOP)
		    s = STRIDE_TOP;
		  break;
		case DOP_SHL:
		  if (i->ops[1].imm_p () && known (x) && i->ops[1].imm < 63)
		    s = x << i->ops[1].imm;
		  else if (x == STRIDE_TOP)
		    s = STRIDE_TOP;
		  break;
		default:
		  break;
		}
	      update (i, s);
	    }
	}
    }
  for (int64_t &s : stride)
    if (s == STRIDE_TOP)
      s = STRIDE_UNKNOWN;

  /* A varying register with a stride is kept as lane 0's value: every
     insn that makes one (lane numbers, frame addresses, sums, products by
     constants, sign extensions, truncations, phis) computes that value
     from its operands' lane-0 values.  */
  affine.assign (fn->regs.size (), false);
  for (size_t r = 0; r < fn->regs.size (); r++)
    affine[r] = div.varying ((uint32_t) r) && stride[r] != STRIDE_UNKNOWN;

  /* ... unless code after a loop the lanes left at different iterations
     reads it: the lanes' values come from different iterations there, so
     no one base describes them.  */
  auto read_at = [&] (const dir_value &v, const dir_block *use) {
    if (v.reg_p () && affine[v.reg] && fn->regs[v.reg].def
	&& div.leaves_divergent_loop (fn->regs[v.reg].def->bb, use))
      affine[v.reg] = false;
  };
  for (const dir_block *b : fn->blocks)
    {
      for (const dir_insn *phi : b->phis)
	for (size_t k = 0; k < phi->ops.size (); k++)
	  read_at (phi->ops[k], phi->targets[k]);
      for (const dir_insn *i : b->insns)
	for (const dir_value &v : i->ops)
	  read_at (v, b);
    }

  /* An affine value's base comes from its operands' bases: one computed
     from a vector (lane 0, which may be off) is not one.  */
  bool changed_affine = true;
  while (changed_affine)
    {
      changed_affine = false;
      auto check = [&] (const dir_insn *i) {
	if (i->dest == DIR_NOREG || !affine[i->dest])
	  return;
	for (const dir_value &v : i->ops)
	  if (v.reg_p () && div.varying (v.reg) && !affine[v.reg])
	    {
	      affine[i->dest] = false;
	      changed_affine = true;
	      return;
	    }
      };
      for (const dir_block *b : fn->blocks)
	{
	  for (const dir_insn *phi : b->phis)
	    check (phi);
	  for (const dir_insn *i : b->insns)
	    check (i);
	}
    }
}

/* Compute everything the emission needs.  */

void
emitter::analyse ()
{
  dir_compact (fn);
  dir_fill_cfg (fn);
  std::string error;
  if (!parts.discover (fn, &error))
    throw cannot { "malformed partitions: " + error };
  if (fn->dims[DA_WORKER] > 1)
    throw cannot { "worker parallelism" };
  vlen = fn->dims[DA_VECTOR];
  div.compute (fn, parts, 1u << DA_VECTOR);

  region_of.assign (fn->blocks.size (), -1);
  for (auto &n : parts.nodes)
    if (n->axis == DA_VECTOR)
      {
	if (!p)
	  for (p = 1; (int) p < vlen; p *= 2)
	    ;
	simd_region r;
	plan_simd_region (&r, fn, parts, n.get (), div);
	for (const dir_block *b : r.order)
	  region_of[b->index] = regions.size ();
	regions.push_back (r);
      }
    else if (n->axis >= 0)
      throw cannot { std::string ("a ") + dir_axis_name ((dir_axis) n->axis)
		     + " partition" };

  /* The frames: each lane's own, and the gang's shared one.  */
  for (const dir_slot &s : fn->slots)
    {
      uint32_t &size = s.shared ? shared_size : frame_size;
      uint32_t align = std::max<uint32_t> (s.align, 1);
      size = (size + align - 1) / align * align;
      slot_offset.push_back (size);
      size += s.size;
    }
  frame_size = (frame_size + 15) / 16 * 16;

  strides ();

  /* A varying register is written under the mask when a lane that was
     off at its definition may read it later: when some use (for a phi,
     the end of its incoming block) is not dominated by the definition, or
     lies outside a loop the definition is in (the lanes read it after
     leaving the loop, the definition may have run again without them).
     A use in the same pass through the same iteration sees only lanes
     that ran the definition with it.  */
  dir_compute_dominators (fn);
  std::vector<bool> simd_block (fn->blocks.size (), false);
  for (const dir_block *b : fn->blocks)
    simd_block[b->index] = simd (b);
  std::vector<int> innermost;
  std::vector<dir_loop> loops = dir_find_loops (fn, simd_block, &innermost);
  auto in_loops_of = [&] (const dir_block *def, const dir_block *use) {
    for (int l = innermost[def->index]; l >= 0; l = loops[l].parent)
      if (std::find (loops[l].blocks.begin (), loops[l].blocks.end (), use)
	  == loops[l].blocks.end ())
	return false;
    return true;
  };
  auto needs_blend = [&] (const dir_value &v, const dir_block *use) {
    if (!v.reg_p () || !fn->regs[v.reg].def)
      return false;
    const dir_block *def = fn->regs[v.reg].def->bb;
    return def != use
	   && !(dir_dominates (fn, def, use) && in_loops_of (def, use));
  };
  blend.assign (fn->regs.size (), false);
  /* A phi's copies are masked unless its block is entered by one edge per
     pass (no divergent join) and only readers in the same pass read it:
     then the lanes off on the edge never read the value.  */
  phi_blend.assign (fn->regs.size (), false);
  for (const dir_block *b : fn->blocks)
    for (const dir_insn *phi : b->phis)
      phi_blend[phi->dest] = div.divergent_join (b);
  for (const dir_block *b : fn->blocks)
    {
      for (const dir_insn *phi : b->phis)
	for (size_t k = 0; k < phi->ops.size (); k++)
	  if (needs_blend (phi->ops[k], phi->targets[k]))
	    {
	      blend[phi->ops[k].reg] = true;
	      phi_blend[phi->ops[k].reg] = true;
	    }
      for (const dir_insn *i : b->insns)
	for (const dir_value &v : i->ops)
	  if (needs_blend (v, b))
	    {
	      blend[v.reg] = true;
	      phi_blend[v.reg] = true;
	    }
    }

  /* Which blocks of the SIMD regions can be entered with an empty mask:
     jumps carry their lanes, so only falling in from the block before can
     bring none, if that block could be skipped itself, kept some of its
     lanes elsewhere, or ends a loop whose lanes went elsewhere.  */
  check.assign (fn->blocks.size (), false);
  for (const simd_region &r : regions)
    for (size_t k = 1; k < r.order.size (); k++)
      {
	const dir_block *prev = r.order[k - 1], *b = r.order[k];
	bool empty = check[prev->index];
	for (const simd_component &c : r.comps)
	  if (c.last == (int) k - 1 && c.check)
	    empty = true;
	const dir_insn *t = prev->terminator ();
	if (div.divergent_branch (prev))
	  empty = true;
	else
	  for (const dir_block *s : t->targets)
	    if (s != b && r.edge (prev, s, div) != SIMD_EDGE_GOTO)
	      empty = true;	/* Some lanes stay behind, or leave.  */
	if (t->op == DOP_RET || t->op == DOP_TRAP)
	  empty = false;	/* Nothing falls in.  */
	check[b->index] = empty;
      }
  for (size_t r = 0; r < blend.size (); r++)
    if (!is_vec ((uint32_t) r))
      blend[r] = false;
}

void
emitter::run (std::string *code, unsigned *lanes)
{
  analyse ();
  *lanes = p;
  std::string name = fn->name;

  /* Read-only data the kernel carries.  */
  for (size_t g = 0; g < fn->globals.size (); g++)
    {
      const dir_global &gl = fn->globals[g];
      if (gl.kind != dir_global::DATA)
	continue;
      put ("static const unsigned char %s_data%zu[%zu] __attribute__ "
	   "((aligned (%u))) = {", name.c_str (), g, gl.bytes.size (),
	   gl.align);
      for (size_t k = 0; k < gl.bytes.size (); k++)
	put ("%s%u", k ? "," : "", (unsigned char) gl.bytes[k]);
      put ("};\n");
    }

  put ("/* %s: the kernel of %s, dims %d %d %d.  */\n", name.c_str (),
       fn->host_name.c_str (), fn->dims[0], fn->dims[1], fn->dims[2]);
  put ("GW_INLINE void\n%s_gang (void *gw_data, void *const *gw_globals, "
       "uint32_t gw_num_gangs, uint32_t gw_gang)\n{\n", name.c_str ());
  put ("  (void) gw_data; (void) gw_globals; (void) gw_num_gangs; "
       "(void) gw_gang;\n");
  for (size_t r = 0; r < fn->regs.size (); r++)
    {
      if (!fn->regs[r].def)
	continue;
      bool v = is_vec ((uint32_t) r);
      put ("  %s r%zu = %s;\n", (v ? vty (fn->regs[r].type)
				 : sty (fn->regs[r].type)).c_str (), r,
	   v ? "{}" : "0");
    }
  if (p)
    {
      put ("  const gw_m%u gw_entry = (gw_m%u) (gw_lane%u < %du);\n", p, p, p,
	   vlen);
      put ("  gw_m%u gw_cur = {};\n", p);
      for (const simd_region &r : regions)
	for (const dir_block *b : r.order)
	  put ("  gw_m%u m_%u = {};\n", p, b->index);
    }
  if (frame_size)
    put ("  unsigned char gw_frame[%u][%u] __attribute__ ((aligned (64)));\n",
	 p > 1 ? p : 1, frame_size);
  if (shared_size)
    put ("  unsigned char gw_shared[%u] __attribute__ ((aligned (64)));\n",
	 shared_size);
  put ("  goto b%u;\n", fn->blocks[0]->index);

  std::vector<bool> done (regions.size (), false);
  for (const dir_block *b : fn->blocks)
    {
      int ri = region_of[b->index];
      if (ri < 0)
	{
	  if (b->rpo != ~0u)
	    scalar_block (b);
	  continue;
	}
      if (!done[ri])
	{
	  simd_region_code (regions[ri]);
	  done[ri] = true;
	}
    }
  put ("}\n\n");
  put ("GW_EXPORT void\n%s (void *gw_data, void *const *gw_globals, "
       "uint32_t gw_num_gangs, uint32_t gw_lo, uint32_t gw_hi)\n{\n"
       "  for (uint32_t gw_gang = gw_lo; gw_gang < gw_hi; gw_gang++)\n"
       "    %s_gang (gw_data, gw_globals, gw_num_gangs, gw_gang);\n}\n\n",
       name.c_str (), name.c_str ());
  *code = out;
}

} // anon namespace

bool
cpu_emit_kernel (dir_func *fn, const cpu_isa &isa, std::string *code,
		 unsigned *lanes, std::string *why)
{
  emitter e (fn, isa);
  try
    {
      e.run (code, lanes);
      return true;
    }
  catch (const cannot &c)
    {
      *why = "the cpu device cannot run " + c.why + " yet";
      return false;
    }
}
