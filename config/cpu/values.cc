/* The cpu emitter: C types, literals and operands (see emitter.h).
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.  */

#include "emitter.h"

#include <cinttypes>
#include <cmath>
#include <cstdarg>
#include <cstring>

namespace gw_cpu {

void
emitter::put (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  dir_vappendf (out, fmt, ap);
  va_end (ap);
}

/* The C type of a scalar of type T, as the emitter keeps it.  */

std::string
c_type (dir_type t)
{
  switch (t)
    {
    case DT_B1: return "int";
    case DT_I8: return "uint8_t";
    case DT_I16: return "uint16_t";
    case DT_I32: return "uint32_t";
    case DT_I64: return "uint64_t";
    case DT_F32: return "float";
    case DT_F64: return "double";
    default: throw cannot { "a value of type void" };
    }
}

/* The C type of a scalar of type T (unsigned for integers unless SIGN).  */

std::string
emitter::sty (dir_type t, bool sign) const
{
  if (!sign)
    return c_type (t);
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

/* The name of the prelude's helper OP for P values of type T:
   "gw_OP_f32x16", "gw_OP_mx8".  */

std::string
emitter::helper (const char *op, dir_type t) const
{
  const char *suffix;
  switch (t)
    {
    case DT_B1: suffix = "m"; break;
    case DT_I8: suffix = "u8"; break;
    case DT_I16: suffix = "u16"; break;
    case DT_I32: suffix = "u32"; break;
    case DT_I64: suffix = "u64"; break;
    case DT_F32: suffix = "f32"; break;
    case DT_F64: suffix = "f64"; break;
    default: throw cannot { "a value of type void" };
    }
  return std::string ("gw_") + op + "_" + suffix + "x" + std::to_string (p);
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
      /* base + worker * wstride + lane * stride, in the type's wrapping
	 arithmetic: the lanes' offsets are a constant vector.  */
      std::string iota = helper ("iota", v.type), ty = sty (v.type);
      std::string e = "(" + helper ("splat", v.type) + " (r"
		      + std::to_string (v.reg) + ")";
      if (wlen == 1)
	{
	  if (stride[v.reg])
	    e += " + " + iota + " * (" + ty + ") "
		 + std::to_string (stride[v.reg]);
	  return e + ")";
	}
      if (!wstride[v.reg] && !stride[v.reg])
	return e + ")";
      e += " + (" + vty (v.type) + ") {";
      for (unsigned l = 0; l < p; l++)
	{
	  uint64_t off = (uint64_t) (l / vlen) * (uint64_t) wstride[v.reg]
			 + (uint64_t) (l % vlen) * (uint64_t) stride[v.reg];
	  e += (l ? ", " : " ") + lit (dir_imm (v.type, (int64_t) off));
	}
      return e + " })";
    }
  if (v.type == DT_B1)
    return "((gw_m" + std::to_string (p) + ") {} - (int32_t) (" + sval (v)
	   + "))";
  /* A splat, not "{} + s": adding +0.0 would turn -0.0 into +0.0.  */
  return helper ("splat", v.type) + " (" + sval (v) + ")";
}

/* V in lane gw_l, inside a lane loop.  */

std::string
emitter::lval (const dir_value &v) const
{
  if (v.reg_p () && affine[v.reg])
    {
      std::string ty = sty (v.type), w = std::to_string (vlen);
      std::string e = "((" + ty + ") (r" + std::to_string (v.reg);
      if (wlen > 1 && wstride[v.reg])
	e += " + (" + ty + ") (gw_l / " + w + ") * "
	     + std::to_string (wstride[v.reg]);
      if (stride[v.reg])
	e += " + (" + ty + ") " + (wlen > 1 ? "(gw_l % " + w + ")" : "gw_l")
	     + " * " + std::to_string (stride[v.reg]);
      return e + "))";
    }
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

} // namespace gw_cpu
