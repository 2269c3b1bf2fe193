/* The ptx target: the PTX of each ordinary instruction.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   Integer operations work on .b32 registers for i8, i16 and i32, whose
   upper bits are garbage for the narrow types: what reads them extends
   first (emitter::ext).  Floating-point arithmetic is correctly rounded
   (.rn), which also keeps ptxas from contracting it.  */

#include "emitter.h"

#include <algorithm>

namespace gw_ptx {

/* The setp comparison of COND on floats.  */
const char *
float_cond (dir_cond c)
{
  static const char *const names[DC_NUM] = {
    "eq", "neu", "lt", "le", "gt", "ge", "ltu", "leu", "gtu", "geu",
    "equ", "ne", "num", "nan"
  };
  return names[c];
}

/* The setp comparison of COND on integers; *UNSIGNED_P says how the
   operands are read.  */
const char *
int_cond (dir_cond c, bool *unsigned_p)
{
  static const char *const names[] = {
    "eq", "ne", "lt", "le", "gt", "ge", "lt", "le", "gt", "ge"
  };
  if (c > DC_UGE)
    throw cannot { "the float comparison " + std::string (dir_cond_name (c))
		   + " on integers" };
  *unsigned_p = c >= DC_ULT;
  return names[c];
}

/* The PTX of the ordinary instruction I; arithmetic goes on to
   emit_arith.  Long for a reason: it is one switch over the opcodes,
   each case a few lines, the table of what each prints; split, the
   table would only be scattered.  */

void
emitter::emit_insn (dir_insn *i)
{
  /* Named before emission (emitter::emit).  */
  if (i->dest != DIR_NOREG && !alias[i->dest].empty ())
    return;
  switch (i->op)
    {
    case DOP_PARAM:
      if (fn->kind == DFK_ROUTINE)
	{
	  /* A routine's parameter N is gw_pN (ptx_param_type).  */
	  std::string p = "[gw_p" + std::to_string (i->param) + "]";
	  if (i->type == DT_B1)
	    {
	      std::string t = temp (RC_B32);
	      ins ("ld.param.b32 %s, %s", t.c_str (), p.c_str ());
	      ins ("setp.ne.b32 %s, %s, 0", dest (i).c_str (), t.c_str ());
	    }
	  else
	    ins ("ld.param%s %s, %s", ptx_param_type (i->type),
		 dest (i).c_str (), p.c_str ());
	  return;
	}
      if (i->param != 0)
	throw cannot { "a kernel parameter other than the first" };
      ins ("ld.param.u64 %s, [gw_data]", dest (i).c_str ());
      return;

    case DOP_COPY:
      ins ("%s %s, %s", rc_mov[class_of (i->type)], dest (i).c_str (),
	   op (i->ops[0]).c_str ());
      return;

    case DOP_UNDEF:
    case DOP_PHI:
      return;

    case DOP_CMP:
      emit_cmp (i);
      return;

    case DOP_SEXT: case DOP_ZEXT: case DOP_TRUNC: case DOP_FPEXT:
    case DOP_FPTRUNC: case DOP_SITOFP: case DOP_UITOFP: case DOP_FPTOSI:
    case DOP_FPTOUI: case DOP_BITCAST:
      emit_convert (i);
      return;

    case DOP_LOAD:
      {
	std::string a = in_reg (i->ops[0]);
	if (i->align)
	  {
	    emit_unaligned (i, a);
	    return;
	  }
	fence_before (i->order);
	ins ("ld%s%s %s, [%s+%lld]", (i->flags & DIF_VOLATILE) ? ".volatile"
	     : (i->flags & DIF_ATOMIC) ? ".relaxed.gpu" : "", mty (i->type),
	     dest (i).c_str (), a.c_str (), (long long) i->disp);
	fence_after (i->order);
	return;
      }

    case DOP_STORE:
      {
	std::string a = in_reg (i->ops[0]);
	if (i->align)
	  {
	    emit_unaligned (i, a);
	    return;
	  }
	fence_before (i->order);
	ins ("st%s%s [%s+%lld], %s", (i->flags & DIF_VOLATILE) ? ".volatile"
	     : (i->flags & DIF_ATOMIC) ? ".relaxed.gpu" : "", mty (i->type),
	     a.c_str (), (long long) i->disp, op (i->ops[1]).c_str ());
	fence_after (i->order);
	return;
      }

    case DOP_COPY_MEM: case DOP_FILL_MEM:
      emit_block (i);
      return;

    case DOP_ADDR_GLOBAL:
      {
	const dir_global &g = fn->globals.at (i->global);
	if (g.kind == dir_global::DATA)
	  {
	    ins ("cvta.global.u64 %s, %s_d%u", dest (i).c_str (),
		 fn->name.c_str (), i->global);
	    return;
	  }
	if (g.table_index < 0)
	  throw cannot { "the host global '" + g.name
			 + "' has no address-table entry" };
	use_gtab = true;
	ins ("ld.u64 %s, [%%gw_gtab+%lld]", dest (i).c_str (),
	     (long long) g.table_index * 8);
	return;
      }

    case DOP_ADDR_LOCAL:
      {
	const dir_slot &s = fn->slots.at (i->slot);
	if (!s.shared)
	  {
	    ins ("cvta.local.u64 %s, gw_s%u", dest (i).c_str (), i->slot);
	    return;
	  }
	if (!s.per_worker || slot_workers () == 1)
	  {
	    ins ("cvta.shared.u64 %s, gw_s%u", dest (i).c_str (), i->slot);
	    return;
	  }
	std::string t = temp (RC_B64);
	ins ("cvta.shared.u64 %s, gw_s%u", t.c_str (), i->slot);
	ins ("mad.wide.u32 %s, %s, %u, %s", dest (i).c_str (),
	     tid_y ().c_str (), (unsigned) worker_stride (s), t.c_str ());
	return;
      }

    case DOP_CALL:
      emit_call (i);
      return;

    case DOP_DCALL:
      emit_dcall (i);
      return;

    case DOP_FORK:
    case DOP_JOIN:
      body += std::string ("\t// ") + dir_op_name (i->op) + " "
	      + dir_axis_name (i->axis) + "\n";
      return;

    case DOP_DIM_POS:
    case DOP_DIM_SIZE:
      {
	std::string v;
	if (i->op == DOP_DIM_POS)
	  v = i->axis == DA_GANG ? "%ctaid.x"
	      : i->axis == DA_WORKER ? tid_y () : tid_x ();
	else if (fn->kind == DFK_ROUTINE)
	  /* The caller's.  */
	  v = i->axis == DA_GANG ? "%nctaid.x"
	      : i->axis == DA_WORKER ? "%ntid.y" : "%ntid.x";
	else
	  v = i->axis == DA_GANG ? "%nctaid.x"
	      : std::to_string (i->axis == DA_WORKER ? wlen : vlen);
	if (i->type == DT_I64)
	  ins ("cvt.u64.u32 %s, %s", dest (i).c_str (), v.c_str ());
	else
	  ins ("mov.u32 %s, %s", dest (i).c_str (), v.c_str ());
	return;
      }

    case DOP_ONDEV:
      {
	/* acc_device_not_host (4) and acc_device_nvidia (5).  */
	const dir_value &d = i->ops[0];
	if (d.imm_p ())
	  {
	    ins ("mov.u32 %s, %d", dest (i).c_str (),
		 (int) (d.imm == 4 || d.imm == 5));
	    return;
	  }
	std::string p = temp (RC_PRED);
	ins ("setp.eq.u32 %s, %s, 4", p.c_str (), op (d).c_str ());
	ins ("setp.eq.or.u32 %s, %s, 5, %s", p.c_str (), op (d).c_str (),
	     p.c_str ());
	ins ("selp.u32 %s, 1, 0, %s", dest (i).c_str (), p.c_str ());
	return;
      }

    case DOP_BCAST:
      emit_bcast (i);
      return;
    case DOP_REDUCE:
      emit_reduce (i);
      return;
    case DOP_ATOMIC: case DOP_XCHG: case DOP_CAS:
      fence_before (i->order);
      emit_atomic (i);
      fence_after (i->order);
      return;
    case DOP_FRAME_BCAST:
      emit_frame_bcast (i);
      return;
    case DOP_BARRIER:
      emit_barrier (i);
      return;

    default:
      emit_arith (i);
      return;
    }
}

/* The PTX of the arithmetic, logical, comparison and conversion
   instruction I.  Long for the reason emit_insn is: one dispatch over
   the opcodes and types, each case a few lines.  */

void
emitter::emit_arith (dir_insn *i)
{
  dir_type t = i->type;
  std::string d = dest (i);
  const char *dc = d.c_str ();
  auto a = [&] (int k) { return op (i->ops[k]); };
  bool fl = dir_type_float_p (t);

  if (t == DT_B1)
    {
      const char *name = i->op == DOP_AND || i->op == DOP_LAND ? "and"
			 : i->op == DOP_OR || i->op == DOP_LOR ? "or"
			 : i->op == DOP_XOR ? "xor" : nullptr;
      if (name)
	ins ("%s.pred %s, %s, %s", name, dc, in_reg (i->ops[0]).c_str (),
	     in_reg (i->ops[1]).c_str ());
      else if (i->op == DOP_NOT)
	ins ("not.pred %s, %s", dc, in_reg (i->ops[0]).c_str ());
      else if (i->op == DOP_SELECT)
	{
	  /* A predicated move: no selp on predicates.  */
	  ins ("mov.pred %s, %s", dc, a (2).c_str ());
	  ins ("@%s mov.pred %s, %s", in_reg (i->ops[0]).c_str (), dc,
	       a (1).c_str ());
	}
      else
	throw cannot { std::string ("'") + dir_op_name (i->op)
		       + "' on booleans" };
      return;
    }

  switch (i->op)
    {
    case DOP_ADD: case DOP_SUB: case DOP_MUL:
      {
	const char *name = i->op == DOP_ADD ? "add" : i->op == DOP_SUB
			   ? "sub" : fl ? "mul" : "mul.lo";
	ins ("%s%s%s %s, %s, %s", name, fl ? ".rn" : "",
	     fl ? fty (t) : sty (t), dc, a (0).c_str (), a (1).c_str ());
	return;
      }

    case DOP_MULHS: case DOP_MULHU:
      {
	bool s = i->op == DOP_MULHS;
	if (narrow_p (t))
	  {
	    std::string p = temp (RC_B32);
	    ins ("mul.lo.s32 %s, %s, %s", p.c_str (),
		 ext (i->ops[0], s).c_str (), ext (i->ops[1], s).c_str ());
	    ins ("shr%s %s, %s, %u", s ? ".s32" : ".u32", dc, p.c_str (),
		 width (t));
	  }
	else
	  ins ("mul.hi%s %s, %s, %s", s ? sty (t) : uty (t), dc,
	       a (0).c_str (), a (1).c_str ());
	return;
      }

    case DOP_DIV: case DOP_UDIV: case DOP_REM: case DOP_UREM:
      {
	if (fl)
	  {
	    if (i->op != DOP_DIV)
	      throw cannot { "a float remainder" };
	    ins ("div.rn%s %s, %s, %s", fty (t), dc, a (0).c_str (),
		 a (1).c_str ());
	    return;
	  }
	bool s = i->op == DOP_DIV || i->op == DOP_REM;
	const char *name = i->op == DOP_DIV || i->op == DOP_UDIV ? "div"
			   : "rem";
	ins ("%s%s %s, %s, %s", name, s ? sty (t) : uty (t), dc,
	     ext (i->ops[0], s).c_str (), ext (i->ops[1], s).c_str ());
	return;
      }

    case DOP_NEG:
      ins ("neg%s %s, %s", fl ? fty (t) : sty (t), dc, a (0).c_str ());
      return;

    case DOP_ABS:
      ins ("abs%s %s, %s", fl ? fty (t) : sty (t), dc,
	   fl ? a (0).c_str () : ext (i->ops[0], true).c_str ());
      return;

    case DOP_MIN: case DOP_MAX:
      if (fl)
	{
	  /* "a < b ? a : b": PTX's min.f32 is C's fmin.  */
	  std::string p = temp (RC_PRED);
	  ins ("setp.%s%s %s, %s, %s", i->op == DOP_MIN ? "lt" : "gt",
	       fty (t), p.c_str (), a (0).c_str (), a (1).c_str ());
	  ins ("selp%s %s, %s, %s, %s", fty (t), dc, a (0).c_str (),
	       a (1).c_str (), p.c_str ());
	  return;
	}
      ins ("%s%s %s, %s, %s", i->op == DOP_MIN ? "min" : "max", sty (t), dc,
	   ext (i->ops[0], true).c_str (), ext (i->ops[1], true).c_str ());
      return;

    case DOP_UMIN: case DOP_UMAX:
      ins ("%s%s %s, %s, %s", i->op == DOP_UMIN ? "min" : "max", uty (t),
	   dc, ext (i->ops[0], false).c_str (),
	   ext (i->ops[1], false).c_str ());
      return;

    case DOP_AND: case DOP_OR: case DOP_XOR:
      ins ("%s%s %s, %s, %s", dir_op_name (i->op), bty (t), dc,
	   a (0).c_str (), a (1).c_str ());
      return;

    case DOP_NOT:
      ins ("not%s %s, %s", bty (t), dc, a (0).c_str ());
      return;

    case DOP_LAND: case DOP_LOR:
      combine (i->op, t, d, in_reg (i->ops[0]), in_reg (i->ops[1]));
      return;

    case DOP_CMULRE: case DOP_CMULIM:
      {
	std::string x = temp (class_of (t));
	std::string dr = i->op == DOP_CMULRE ? d : x;
	std::string di = i->op == DOP_CMULIM ? d : x;
	complex_mul (t, dr, di, in_reg (i->ops[0]), in_reg (i->ops[1]),
		     in_reg (i->ops[2]), in_reg (i->ops[3]));
	return;
      }

    case DOP_SHL:
      ins ("shl%s %s, %s, %s", bty (t), dc, a (0).c_str (),
	   shift_count (i->ops[1]).c_str ());
      return;

    case DOP_SAR: case DOP_SHR:
      {
	bool s = i->op == DOP_SAR;
	std::string c = shift_count (i->ops[1]);
	ins ("shr%s %s, %s, %s", s ? sty (t) : uty (t), dc,
	     ext (i->ops[0], s).c_str (), c.c_str ());
	return;
      }

    case DOP_ROTL: case DOP_ROTR:
      {
	bool left = i->op == DOP_ROTL;
	std::string c = shift_count (i->ops[1]);
	if (t == DT_I32)
	  {
	    std::string x = in_reg (i->ops[0]);
	    ins ("shf.%c.wrap.b32 %s, %s, %s, %s", left ? 'l' : 'r', dc,
		 x.c_str (), x.c_str (), c.c_str ());
	    return;
	  }
	/* (x << c) | (x >> (n - c)) with c in 0 .. n-1; PTX shifts by n
	   or more give 0, which makes c == 0 right.  */
	unsigned n = width (t);
	std::string x = ext (i->ops[0], false);
	std::string cm = temp (RC_B32), cn = temp (RC_B32);
	rclass rc = class_of (t);
	std::string l = temp (rc), r = temp (rc);
	ins ("and.b32 %s, %s, %u", cm.c_str (), c.c_str (), n - 1);
	ins ("sub.u32 %s, %u, %s", cn.c_str (), n, cm.c_str ());
	ins ("shl%s %s, %s, %s", bty (t), l.c_str (), x.c_str (),
	     (left ? cm : cn).c_str ());
	ins ("shr%s %s, %s, %s", uty (t), r.c_str (), x.c_str (),
	     (left ? cn : cm).c_str ());
	ins ("or%s %s, %s, %s", bty (t), dc, l.c_str (), r.c_str ());
	return;
      }

    case DOP_CLZ: case DOP_CTZ: case DOP_POPCOUNT:
      {
	std::string x = i->op == DOP_CTZ ? in_reg (i->ops[0])
			: ext (i->ops[0], false);
	if (i->op == DOP_CTZ)
	  {
	    std::string r = temp (class_of (t));
	    ins ("brev%s %s, %s", bty (t), r.c_str (), x.c_str ());
	    x = r;
	  }
	const char *name = i->op == DOP_POPCOUNT ? "popc" : "clz";
	std::string r32 = t == DT_I64 ? temp (RC_B32) : d;
	ins ("%s%s %s, %s", name, bty (t), r32.c_str (), x.c_str ());
	if (t == DT_I64)
	  ins ("cvt.u64.u32 %s, %s", dc, r32.c_str ());
	else if (narrow_p (t) && i->op == DOP_CLZ)
	  ins ("sub.u32 %s, %s, %u", dc, dc, 32 - width (t));
	return;
      }

    case DOP_BSWAP:
      {
	std::string x = in_reg (i->ops[0]);
	if (t == DT_I8)
	  ins ("mov.b32 %s, %s", dc, x.c_str ());
	else if (t == DT_I16)
	  ins ("prmt.b32 %s, %s, 0, 0x0001", dc, x.c_str ());
	else if (t == DT_I32)
	  ins ("prmt.b32 %s, %s, 0, 0x0123", dc, x.c_str ());
	else
	  {
	    std::string lo = temp (RC_B32), hi = temp (RC_B32);
	    std::string lo2 = temp (RC_B32), hi2 = temp (RC_B32);
	    ins ("mov.b64 {%s, %s}, %s", lo.c_str (), hi.c_str (), x.c_str ());
	    ins ("prmt.b32 %s, %s, 0, 0x0123", lo2.c_str (), hi.c_str ());
	    ins ("prmt.b32 %s, %s, 0, 0x0123", hi2.c_str (), lo.c_str ());
	    ins ("mov.b64 %s, {%s, %s}", dc, lo2.c_str (), hi2.c_str ());
	  }
	return;
      }

    case DOP_SQRT:
      ins ("sqrt.rn%s %s, %s", fty (t), dc, a (0).c_str ());
      return;
    case DOP_FMA:
      ins ("fma.rn%s %s, %s, %s, %s", fty (t), dc, a (0).c_str (),
	   a (1).c_str (), a (2).c_str ());
      return;
    case DOP_FLOOR: case DOP_CEIL: case DOP_FTRUNC: case DOP_RINT:
      {
	const char *mode = i->op == DOP_FLOOR ? "rmi" : i->op == DOP_CEIL
			   ? "rpi" : i->op == DOP_FTRUNC ? "rzi" : "rni";
	ins ("cvt.%s%s%s %s, %s", mode, fty (t), fty (t), dc, a (0).c_str ());
	return;
      }
    case DOP_ROUND:
      round_half_away (i->ops[0], d);
      return;
    case DOP_COPYSIGN:
      /* PTX's first source gives the sign.  */
      ins ("copysign%s %s, %s, %s", fty (t), dc, a (1).c_str (),
	   a (0).c_str ());
      return;
    case DOP_FMIN: case DOP_FMAX:
      ins ("%s%s %s, %s, %s", i->op == DOP_FMIN ? "min" : "max", fty (t), dc,
	   a (0).c_str (), a (1).c_str ());
      return;

    case DOP_SELECT:
      {
	const dir_value &c = i->ops[0];
	if (c.imm_p ())
	  ins ("%s %s, %s", rc_mov[class_of (t)], dc,
	       a (c.imm ? 1 : 2).c_str ());
	else
	  ins ("selp%s %s, %s, %s, %s", fl ? fty (t) : bty (t), dc,
	       a (1).c_str (), a (2).c_str (), reg (c.reg).c_str ());
	return;
      }

    default:
      throw cannot { std::string ("the instruction '")
		     + dir_op_name (i->op) + "'" };
    }
}

/* The load or store I at address A, less aligned than its type (I->align
   bytes): a GPU faults on a misaligned access, so it goes in pieces of
   the alignment, little end first, through 32-bit words.  */

/* The block copy or fill I (copy.mem, fill.mem): a loop of the
   executing thread over the elements.  */

void
emitter::emit_block (dir_insn *i)
{
  dir_type t = i->type;
  unsigned size = dir_type_bytes (t);
  uint64_t n = i->ops[2].imm;
  std::string d = temp (RC_B64), end = temp (RC_B64), s, v;
  std::string p = temp (RC_PRED), again = label ();
  ins ("add.u64 %s, %s, %lld", d.c_str (), in_reg (i->ops[0]).c_str (),
       (long long) i->disp);
  ins ("add.u64 %s, %s, %llu", end.c_str (), d.c_str (),
       (unsigned long long) (n * size));
  if (i->op == DOP_COPY_MEM)
    {
      s = temp (RC_B64);
      v = temp (class_of (t));
      ins ("mov.b64 %s, %s", s.c_str (), in_reg (i->ops[1]).c_str ());
    }
  else
    v = in_reg (i->ops[1]);
  body += again + ":\n";
  if (i->op == DOP_COPY_MEM)
    {
      ins ("ld%s %s, [%s]", mty (t), v.c_str (), s.c_str ());
      ins ("add.u64 %s, %s, %u", s.c_str (), s.c_str (), size);
    }
  ins ("st%s [%s], %s", mty (t), d.c_str (), v.c_str ());
  ins ("add.u64 %s, %s, %u", d.c_str (), d.c_str (), size);
  ins ("setp.lt.u64 %s, %s, %s", p.c_str (), d.c_str (), end.c_str ());
  ins ("@%s bra %s", p.c_str (), again.c_str ());
}

void
emitter::emit_unaligned (dir_insn *i, const std::string &a)
{
  dir_type t = i->type;
  unsigned size = dir_type_bytes (t), align = i->align;
  const char *vol = (i->flags & DIF_VOLATILE) ? ".volatile" : "";
  const char *pt = align == 1 ? ".u8" : align == 2 ? ".u16" : ".u32";
  unsigned words = size > 4 ? 2 : 1, per_word = (size < 4 ? size : 4) / align;
  std::vector<std::string> w (words);
  if (i->op == DOP_STORE)
    {
      /* The value as 32-bit words.  */
      std::string v = in_reg (i->ops[1]);
      if (words == 2)
	{
	  w[0] = temp (RC_B32);
	  w[1] = temp (RC_B32);
	  ins ("mov.b64 {%s, %s}, %s", w[0].c_str (), w[1].c_str (), v.c_str ());
	}
      else if (t == DT_F32)
	{
	  w[0] = temp (RC_B32);
	  ins ("mov.b32 %s, %s", w[0].c_str (), v.c_str ());
	}
      else
	w[0] = v;
      for (unsigned k = 0; k < words; k++)
	for (unsigned p = 0; p < per_word; p++)
	  {
	    std::string x = w[k];
	    if (p)
	      {
		x = temp (RC_B32);
		ins ("shr.b32 %s, %s, %u", x.c_str (), w[k].c_str (),
		     8 * align * p);
	      }
	    ins ("st%s%s [%s+%lld], %s", vol, pt, a.c_str (),
		 (long long) (i->disp + 4 * k + align * p), x.c_str ());
	  }
      return;
    }
  for (unsigned k = 0; k < words; k++)
    {
      w[k] = temp (RC_B32);
      for (unsigned p = 0; p < per_word; p++)
	{
	  std::string x = p ? temp (RC_B32) : w[k];
	  ins ("ld%s%s %s, [%s+%lld]", vol, pt, x.c_str (), a.c_str (),
	       (long long) (i->disp + 4 * k + align * p));
	  if (p)
	    {
	      ins ("shl.b32 %s, %s, %u", x.c_str (), x.c_str (),
		   8 * align * p);
	      ins ("or.b32 %s, %s, %s", w[k].c_str (), w[k].c_str (),
		   x.c_str ());
	    }
	}
    }
  std::string d = dest (i);
  if (words == 2)
    ins ("mov.b64 %s, {%s, %s}", d.c_str (), w[0].c_str (), w[1].c_str ());
  else
    ins ("mov.b32 %s, %s", d.c_str (), w[0].c_str ());
}

/* The float V rounded to the nearest integer, halfway cases away from
   zero: |V| truncated, plus one if the fraction (an exact subtraction) is
   at least a half, with V's sign, into RES.  */

void
emitter::round_half_away (const dir_value &v, const std::string &res)
{
  dir_type t = v.type;
  rclass rc = class_of (t);
  const char *ft = fty (t);
  std::string a = op (v);
  std::string m = temp (rc), tr = temp (rc), fr = temp (rc), up = temp (rc),
	      r = temp (rc), p = temp (RC_PRED);
  std::string half = imm (t == DT_F64 ? dir_imm_f64 (0.5)
			  : dir_imm_f32 (0.5f));
  std::string one = imm (t == DT_F64 ? dir_imm_f64 (1.0) : dir_imm_f32 (1.0f));
  ins ("abs%s %s, %s", ft, m.c_str (), a.c_str ());
  ins ("cvt.rzi%s%s %s, %s", ft, ft, tr.c_str (), m.c_str ());
  ins ("sub.rn%s %s, %s, %s", ft, fr.c_str (), m.c_str (), tr.c_str ());
  ins ("setp.ge%s %s, %s, %s", ft, p.c_str (), fr.c_str (), half.c_str ());
  ins ("add.rn%s %s, %s, %s", ft, up.c_str (), tr.c_str (), one.c_str ());
  ins ("selp%s %s, %s, %s, %s", ft, r.c_str (), up.c_str (), tr.c_str (),
       p.c_str ());
  ins ("copysign%s %s, %s, %s", ft, res.c_str (), a.c_str (), r.c_str ());
}

/* The device call I: the arguments, after the unit's global table, and
   the result in .param variables of a scope of their own (the PTX
   calling convention), as ptx_param_type says.  */

void
emitter::emit_dcall (dir_insn *i)
{
  if (i->flags & DIF_LIBRARY)
    {
      emit_library (i);
      return;
    }
  gw_call c = gw_call_of (i, wlen, vlen);
  calls.push_back (c);
  routine_call (c.variant (), i->ops, i->type,
		i->dest != DIR_NOREG ? dest (i) : "");
}

/* A call of the routine CALLEE with the arguments OPS, after the unit's
   global table, and its result of type T into the register DEST if not
   empty: .param variables in a scope of their own (the PTX calling
   convention), as ptx_param_type says.  */

void
emitter::routine_call (const std::string &callee,
		       const std::vector<dir_value> &ops, dir_type t,
		       const std::string &dest)
{
  use_gtab = true;
  body += "\t{\n";
  ins (".param .b64 gw_a0");
  for (size_t k = 0; k < ops.size (); k++)
    ins (".param %s gw_a%zu", ptx_param_type (ops[k].type), k + 1);
  if (t != DT_VOID)
    ins (".param %s gw_rv", ptx_param_type (t));
  ins ("st.param.b64 [gw_a0], %%gw_gtab");
  std::string args = "gw_a0";
  for (size_t k = 0; k < ops.size (); k++)
    {
      const dir_value &v = ops[k];
      std::string a = op (v);
      if (v.type == DT_B1)
	{
	  a = temp (RC_B32);
	  ins ("selp.u32 %s, 1, 0, %s", a.c_str (), op (v).c_str ());
	}
      ins ("st.param%s [gw_a%zu], %s", ptx_param_type (v.type), k + 1,
	   a.c_str ());
      args += ", gw_a" + std::to_string (k + 1);
    }
  if (t == DT_VOID)
    ins ("call %s, (%s)", callee.c_str (), args.c_str ());
  else
    {
      ins ("call (gw_rv), %s, (%s)", callee.c_str (), args.c_str ());
      if (dest.empty ())
	;
      else if (t == DT_B1)
	{
	  std::string w = temp (RC_B32);
	  ins ("ld.param.b32 %s, [gw_rv]", w.c_str ());
	  ins ("setp.ne.b32 %s, %s, 0", dest.c_str (), w.c_str ());
	}
      else
	ins ("ld.param%s %s, [gw_rv]", ptx_param_type (t), dest.c_str ());
    }
  body += "\t}\n";
}

/* The call I of a function of the C library (dir_find_library_function),
   as CUDA's device printf does it: through vprintf (FORMAT, ARGS), ARGS
   the address of a buffer holding the arguments one after the other,
   each aligned to its size (C has promoted them).  Every stream is the
   GPU's output, which the driver prints on the host's stdout.  puts,
   fputs, putchar, putc, fputc and fwrite print their text through
   formats of the module's own ("%s\n", "%s", "%c", "%.*s"); abort traps
   (the terminator after it), which ends the launch with an error the
   runtime reports before aborting.  The result is vprintf's status, the
   character written, or fwrite's count.  */

void
emitter::emit_library (dir_insn *i)
{
  const std::string &f = i->callee;
  if (f == "_gfortran_runtime_error_at" || f == "_gfortran_runtime_error")
    {
      runtime_error (i);
      return;
    }
  /* abort, and Fortran's STOP, ERROR STOP and abort: the trap after.  */
  if (const dir_library_function *lf = dir_find_library_function (f))
    if (lf->noreturn)
      return;
  /* The format, the arguments and the result.  */
  std::string format;
  size_t first = 0;
  std::vector<dir_value> args;
  dir_value result;
  if (f == "printf" || f == "fprintf")
    first = f == "printf" ? 0 : 1;
  else if (f == "puts")
    format = "%s\n";
  else if (f == "fputs")
    format = "%s";
  else if (f == "putchar" || f == "putc" || f == "fputc")
    format = "%c", result = i->ops[0];
  else if (f == "fwrite")
    format = "%.*s", result = i->ops[2];
  else
    throw cannot { "the library function '" + f + "'" };
  std::string fmt, len;
  if (format.empty ())
    {
      fmt = temp (RC_B64);
      ins ("mov.b64 %s, %s", fmt.c_str (), op (i->ops[first]).c_str ());
      args.assign (i->ops.begin () + first + 1, i->ops.end ());
    }
  else
    {
      fmt = module_format (format);
      if (f == "fwrite")
	{
	  /* %.*s of the SIZE * N bytes at PTR.  */
	  std::string n = temp (RC_B64);
	  len = temp (RC_B32);
	  ins ("mul.lo.u64 %s, %s, %s", n.c_str (), op (i->ops[1]).c_str (),
	       op (i->ops[2]).c_str ());
	  ins ("cvt.u32.u64 %s, %s", len.c_str (), n.c_str ());
	  /* The first argument is LEN, a register of the emitter's.  */
	  args = { dir_imm (DT_I32, 0), i->ops[0] };
	}
      else
	args = { i->ops[0] };
    }
  bool status = i->dest != DIR_NOREG && !result.reg_p () && !result.imm_p ();
  vprintf_insns (fmt, args, len, status ? i : nullptr);
  if (i->dest != DIR_NOREG && (result.reg_p () || result.imm_p ()))
    {
      if (f == "fwrite")
	ins ("mov.b64 %s, %s", dest (i).c_str (), op (result).c_str ());
      else
	ins ("and.b32 %s, %s, 255", dest (i).c_str (), op (result).c_str ());
    }
}

/* A register holding the address of FORMAT, a format of the module's
   own.  */

std::string
emitter::module_format (const std::string &format)
{
  size_t k = std::find (formats.begin (), formats.end (), format)
	     - formats.begin ();
  if (k == formats.size ())
    formats.push_back (format);
  std::string fmt = temp (RC_B64);
  ins ("cvta.global.u64 %s, %s_fmt%zu", fmt.c_str (), fn->name.c_str (), k);
  return fmt;
}

/* Call vprintf with the format at the address in the register FMT and
   the arguments ARGS in the buffer, each aligned to its size; LEN, if not
   empty, is a register of the emitter's that stands for the first
   argument.  If STATUS, vprintf's result goes to its destination (of its
   type).  */

void
emitter::vprintf_insns (const std::string &fmt,
			const std::vector<dir_value> &args,
			const std::string &len, const dir_insn *status)
{
  unsigned off = 0;
  std::string buf = "0";
  if (!args.empty ())
    {
      buf = temp (RC_B64);
      ins ("cvta.local.u64 %s, gw_pbuf", buf.c_str ());
    }
  for (size_t k = 0; k < args.size (); k++)
    {
      const dir_value &v = args[k];
      unsigned size = v.type == DT_I64 || v.type == DT_F64 ? 8 : 4;
      off = (off + size - 1) / size * size;
      std::string x = !len.empty () && k == 0 ? len : op (v);
      const char *t = v.type == DT_F64 ? ".f64" : v.type == DT_F32
		      ? ".f32" : size == 8 ? ".u64" : ".u32";
      if (v.type == DT_B1)
	{
	  x = temp (RC_B32);
	  ins ("selp.u32 %s, 1, 0, %s", x.c_str (), op (v).c_str ());
	}
      ins ("st%s [%s+%u], %s", t, buf.c_str (), off, x.c_str ());
      off += size;
    }
  pbuf_size = std::max (pbuf_size, off);
  gw_call c;
  c.symbol = "vprintf";
  c.library = true;
  calls.push_back (c);
  body += "\t{\n";
  ins (".param .b64 gw_a0");
  ins (".param .b64 gw_a1");
  ins (".param .b32 gw_rv");
  ins ("st.param.b64 [gw_a0], %s", fmt.c_str ());
  ins ("st.param.b64 [gw_a1], %s", buf.c_str ());
  ins ("call (gw_rv), vprintf, (gw_a0, gw_a1)");
  if (status)
    {
      if (status->type == DT_I64)
	{
	  std::string s = temp (RC_B32);
	  ins ("ld.param.b32 %s, [gw_rv]", s.c_str ());
	  ins ("cvt.s64.s32 %s, %s", dest (status).c_str (), s.c_str ());
	}
      else
	ins ("ld.param.b32 %s, [gw_rv]", dest (status).c_str ());
    }
  body += "\t}\n";
}

/* If V is the address of a string the function's data carries (an
   addr.global of a DATA global, through copies and broadcasts, plus a
   constant), set *S to the string (up to its NUL) and return true.  */

bool
emitter::data_string (const dir_value &v, std::string *s) const
{
  dir_value x = v;
  int64_t disp = 0;
  for (int steps = 0; steps < 16 && x.reg_p (); steps++)
    {
      const dir_insn *d = fn->regs[x.reg].def;
      if (!d)
	return false;
      if (d->op == DOP_COPY || d->op == DOP_BCAST)
	x = d->ops[0];
      else if (d->op == DOP_ADD && d->ops.size () == 2 && d->ops[1].imm_p ())
	{
	  disp += (int64_t) d->ops[1].imm;
	  x = d->ops[0];
	}
      else if (d->op == DOP_ADDR_GLOBAL)
	{
	  const dir_global &g = fn->globals.at (d->global);
	  if (g.kind != dir_global::DATA || disp < 0
	      || (uint64_t) disp >= g.bytes.size ())
	    return false;
	  size_t end = g.bytes.find ('\0', disp);
	  if (end == std::string::npos)
	    return false;
	  *s = g.bytes.substr (disp, end - disp);
	  return true;
	}
      else
	return false;
    }
  return false;
}

/* The call I of libgfortran's _gfortran_runtime_error_at (WHERE,
   MESSAGE, ARGS...) or _gfortran_runtime_error (MESSAGE, ARGS...), a
   failed check of -fcheck=bounds and friends: the message libgfortran
   prints ("WHERE\nFortran runtime error: MESSAGE\n", MESSAGE a format of
   ARGS), through one vprintf of a format of the module's own when
   MESSAGE is a string the function carries (gfortran's always are), so
   that the lines of threads failing together stay whole; else through
   three.  The trap after the call ends the launch.  */

void
emitter::runtime_error (dir_insn *i)
{
  bool at = i->callee == "_gfortran_runtime_error_at";
  size_t m = at ? 1 : 0;
  if (i->ops.size () <= m)
    throw cannot { "a call of '" + i->callee + "' without a message" };
  std::string head = at ? "%s\nFortran runtime error: "
		     : "Fortran runtime error: ";
  std::vector<dir_value> args;
  if (at)
    args.push_back (i->ops[0]);
  std::string msg;
  if (data_string (i->ops[m], &msg))
    {
      args.insert (args.end (), i->ops.begin () + m + 1, i->ops.end ());
      vprintf_insns (module_format (head + msg + "\n"), args, "", nullptr);
      return;
    }
  vprintf_insns (module_format (head), args, "", nullptr);
  std::string fmt = temp (RC_B64);
  ins ("mov.b64 %s, %s", fmt.c_str (), op (i->ops[m]).c_str ());
  vprintf_insns (fmt, std::vector<dir_value> (i->ops.begin () + m + 1,
					       i->ops.end ()), "", nullptr);
  vprintf_insns (module_format ("\n"), {}, "", nullptr);
}

/* The calls of the C library's math functions the expander lets
   through: those a few PTX instructions compute exactly, and the others
   (exp, cos, fmod...) calls of the device math library's routines.  */

void
emitter::emit_call (dir_insn *i)
{
  std::string name = i->callee;
  if (!i->ops.empty () && i->ops[0].type == DT_F32 && !name.empty ()
      && name.back () == 'f')
    name.pop_back ();
  dir_type t = i->type;
  std::string d = dest (i);
  if ((name == "lrint" || name == "llrint" || name == "lround"
       || name == "llround") && i->ops.size () == 1 && dir_type_int_p (t))
    {
      const dir_value &v = i->ops[0];
      bool nearest = name.find ("rint") != std::string::npos;
      std::string x = op (v);
      if (!nearest)
	{
	  x = temp (class_of (v.type));
	  round_half_away (v, x);
	}
      ins ("cvt.%s%s%s %s, %s", nearest ? "rni" : "rzi", sty (t),
	   fty (v.type), d.c_str (), x.c_str ());
      return;
    }
  if (name == "fdim" && i->ops.size () == 2 && dir_type_float_p (t))
    {
      /* x - y if x > y, +0 if x <= y, NaN if either is.  */
      std::string x = op (i->ops[0]), y = op (i->ops[1]);
      std::string diff = temp (class_of (t)), p = temp (RC_PRED);
      ins ("sub.rn%s %s, %s, %s", fty (t), diff.c_str (), x.c_str (),
	   y.c_str ());
      ins ("setp.le%s %s, %s, %s", fty (t), p.c_str (), x.c_str (),
	   y.c_str ());
      ins ("selp%s %s, %s, %s, %s", fty (t), d.c_str (),
	   imm (t == DT_F64 ? dir_imm_f64 (0.0) : dir_imm_f32 (0.0f)).c_str (),
	   diff.c_str (), p.c_str ());
      return;
    }
  /* The device math library's routine (libruntime/devlib/): __gw_NAME
     for the C library's NAME, exported by its units.  */
  gw_call c;
  c.symbol = "gw_r___gw_" + i->callee;
  c.sig.result = t;
  for (const dir_value &v : i->ops)
    c.sig.params.push_back (v.type);
  calls.push_back (c);
  routine_call (c.symbol, i->ops, t, i->dest != DIR_NOREG ? dest (i) : "");
}

void
emitter::emit_cmp (dir_insn *i)
{
  dir_type t = i->type;
  dir_cond c = i->pred;
  std::string d = dest (i);
  if (t == DT_B1)
    {
      if (c != DC_EQ && c != DC_NE)
	throw cannot { "an ordered comparison of booleans" };
      std::string x = in_reg (i->ops[0]), y = in_reg (i->ops[1]);
      if (c == DC_NE)
	ins ("xor.pred %s, %s, %s", d.c_str (), x.c_str (), y.c_str ());
      else
	{
	  std::string p = temp (RC_PRED);
	  ins ("xor.pred %s, %s, %s", p.c_str (), x.c_str (), y.c_str ());
	  ins ("not.pred %s, %s", d.c_str (), p.c_str ());
	}
      return;
    }
  if (dir_type_float_p (t))
    {
      ins ("setp.%s%s %s, %s, %s", float_cond (c), fty (t), d.c_str (),
	   op (i->ops[0]).c_str (), op (i->ops[1]).c_str ());
      return;
    }
  bool u;
  const char *name = int_cond (c, &u);
  ins ("setp.%s%s %s, %s, %s", name, u ? uty (t) : sty (t), d.c_str (),
       ext (i->ops[0], !u).c_str (), ext (i->ops[1], !u).c_str ());
}

void
emitter::emit_convert (dir_insn *i)
{
  dir_type to = i->type, from = i->ops[0].type;
  std::string d = dest (i);
  const char *dc = d.c_str ();
  const dir_value &v = i->ops[0];

  /* Booleans become integers first.  */
  if (from == DT_B1 && i->op != DOP_TRUNC && i->op != DOP_BITCAST)
    {
      bool minus = i->op == DOP_SEXT || i->op == DOP_SITOFP;
      std::string x = temp (RC_B32);
      ins ("selp.s32 %s, %d, 0, %s", x.c_str (), minus ? -1 : 1,
	   in_reg (v).c_str ());
      if (i->op == DOP_SITOFP || i->op == DOP_UITOFP)
	ins ("cvt.rn%s.s32 %s, %s", fty (to), dc, x.c_str ());
      else if (to == DT_I64)
	ins ("cvt.s64.s32 %s, %s", dc, x.c_str ());
      else
	ins ("mov.b32 %s, %s", dc, x.c_str ());
      return;
    }

  switch (i->op)
    {
    case DOP_SEXT: case DOP_ZEXT:
      {
	bool s = i->op == DOP_SEXT;
	if (to != DT_I64)
	  ins ("mov.b32 %s, %s", dc, ext (v, s).c_str ());
	else if (v.imm_p ())
	  ins ("mov.b64 %s, %s", dc, ext (v, s).c_str ());
	else
	  ins ("cvt.%c64.%c%u %s, %s", s ? 's' : 'u', s ? 's' : 'u',
	       width (from), dc, reg (v.reg).c_str ());
	return;
      }

    case DOP_TRUNC:
      if (to == DT_B1)
	{
	  std::string x = temp (class_of (from));
	  ins ("and%s %s, %s, 1", bty (from), x.c_str (), op (v).c_str ());
	  ins ("setp.ne%s %s, %s, 0", uty (from), dc, x.c_str ());
	}
      else if (from == DT_I64)
	ins ("cvt.u32.u64 %s, %s", dc, op (v).c_str ());
      else
	ins ("mov.b32 %s, %s", dc, op (v).c_str ());
      return;

    case DOP_FPEXT:
      ins ("cvt.f64.f32 %s, %s", dc, op (v).c_str ());
      return;
    case DOP_FPTRUNC:
      ins ("cvt.rn.f32.f64 %s, %s", dc, op (v).c_str ());
      return;

    case DOP_SITOFP: case DOP_UITOFP:
      {
	bool s = i->op == DOP_SITOFP;
	ins ("cvt.rn%s%s %s, %s", fty (to), s ? sty (from) : uty (from), dc,
	     ext (v, s).c_str ());
	return;
      }

    case DOP_FPTOSI: case DOP_FPTOUI:
      {
	if (to == DT_B1)
	  throw cannot { "a float converted to a boolean" };
	bool s = i->op == DOP_FPTOSI;
	ins ("cvt.rzi%s%s %s, %s", s ? sty (to) : uty (to), fty (from), dc,
	     op (v).c_str ());
	return;
      }

    case DOP_BITCAST:
      if (class_of (to) == class_of (from))
	ins ("%s %s, %s", rc_mov[class_of (to)], dc, op (v).c_str ());
      else
	ins ("mov%s %s, %s", bty (to), dc, op (v).c_str ());
      return;

    default:
      throw cannot { "a conversion" };
    }
}


/* The fences around an atomic access of memory order O (the access
   itself is relaxed, at the GPU's scope): a release orders what precedes
   it before the access, an acquire what follows after it, and sequential
   consistency starts with a fence.sc.  */

void
emitter::fence_before (dir_order o)
{
  if (o == DMO_SEQ_CST)
    ins ("fence.sc.gpu");
  else if (o == DMO_RELEASE || o == DMO_ACQ_REL)
    ins ("fence.acq_rel.gpu");
}

void
emitter::fence_after (dir_order o)
{
  if (o == DMO_ACQUIRE || o == DMO_ACQ_REL || o == DMO_SEQ_CST)
    ins ("fence.acq_rel.gpu");
}

/* The read-modify-write I: atomic.OP.T [a+D], v, xchg.T [a+D], v or
   cas.T [a+D], e, d.  atom where PTX has the operation (exch, cas;
   integer add, and, or, xor, min, max; float add), else a
   compare-and-swap loop; bytes and half-words through a compare-and-swap
   loop on the aligned word that holds them.  */

void
emitter::emit_atomic (dir_insn *i)
{
  if (i->op == DOP_ATOMIC && i->redop == DOP_CMULRE)
    {
      emit_atomic_cmul (i);
      return;
    }
  dir_type t = i->type;
  bool fl = dir_type_float_p (t);
  std::string a = in_reg (i->ops[0]), v = in_reg (i->ops[1]);
  std::string e = i->op == DOP_CAS ? v : "";
  std::string nv = i->op == DOP_CAS ? in_reg (i->ops[2]) : v;
  std::string d = dest (i);
  std::string at = "[" + a + "+" + std::to_string (i->disp) + "]";
  if (narrow_p (t))
    {
      /* The others keep their bits: a compare-and-swap of the word with
	 only ours changed.  */
      unsigned mask = (1u << width (t)) - 1;
      std::string ea = temp (RC_B64), w = temp (RC_B64), lo = temp (RC_B32);
      std::string sh = temp (RC_B32), keep = temp (RC_B32);
      ins ("add.u64 %s, %s, %lld", ea.c_str (), a.c_str (),
	   (long long) i->disp);
      ins ("and.b64 %s, %s, -4", w.c_str (), ea.c_str ());
      ins ("cvt.u32.u64 %s, %s", lo.c_str (), ea.c_str ());
      ins ("and.b32 %s, %s, 3", sh.c_str (), lo.c_str ());
      ins ("shl.b32 %s, %s, 3", sh.c_str (), sh.c_str ());
      ins ("shl.b32 %s, %u, %s", keep.c_str (), mask, sh.c_str ());
      ins ("not.b32 %s, %s", keep.c_str (), keep.c_str ());
      std::string old = temp (RC_B32), x = temp (RC_B32), n = temp (RC_B32);
      std::string m = temp (RC_B32), seen = temp (RC_B32);
      std::string p = temp (RC_PRED), again = label (), done = label ();
      ins ("ld.u32 %s, [%s]", old.c_str (), w.c_str ());
      body += again + ":\n";
      ins ("shr.b32 %s, %s, %s", x.c_str (), old.c_str (), sh.c_str ());
      ins ("and.b32 %s, %s, %u", x.c_str (), x.c_str (), mask);
      if (i->op == DOP_ATOMIC)
	combine (i->redop, t, n, x, v);
      else
	{
	  if (i->op == DOP_CAS)
	    {
	      /* A different value: no exchange, the value seen is the
		 result.  */
	      std::string em = temp (RC_B32);
	      ins ("and.b32 %s, %s, %u", em.c_str (), e.c_str (), mask);
	      ins ("setp.ne.b32 %s, %s, %s", p.c_str (), x.c_str (),
		   em.c_str ());
	      ins ("@%s bra %s", p.c_str (), done.c_str ());
	    }
	  ins ("mov.b32 %s, %s", n.c_str (), nv.c_str ());
	}
      ins ("and.b32 %s, %s, %u", n.c_str (), n.c_str (), mask);
      ins ("shl.b32 %s, %s, %s", n.c_str (), n.c_str (), sh.c_str ());
      ins ("and.b32 %s, %s, %s", m.c_str (), old.c_str (), keep.c_str ());
      ins ("or.b32 %s, %s, %s", m.c_str (), m.c_str (), n.c_str ());
      ins ("atom.cas.b32 %s, [%s], %s, %s", seen.c_str (), w.c_str (),
	   old.c_str (), m.c_str ());
      ins ("setp.ne.b32 %s, %s, %s", p.c_str (), seen.c_str (), old.c_str ());
      ins ("mov.b32 %s, %s", old.c_str (), seen.c_str ());
      ins ("@%s bra %s", p.c_str (), again.c_str ());
      body += done + ":\n";
      ins ("mov.b32 %s, %s", d.c_str (), x.c_str ());
      return;
    }
  if (i->op == DOP_XCHG)
    {
      ins ("atom.exch%s %s, %s, %s", bty (t), d.c_str (), at.c_str (),
	   v.c_str ());
      return;
    }
  if (i->op == DOP_CAS)
    {
      ins ("atom.cas%s %s, %s, %s, %s", bty (t), d.c_str (), at.c_str (),
	   e.c_str (), nv.c_str ());
      return;
    }
  const char *name = nullptr, *ty = nullptr;
  switch (i->redop)
    {
    case DOP_ADD: name = "add"; ty = fl ? fty (t) : uty (t); break;
    case DOP_AND: case DOP_OR: case DOP_XOR:
      name = dir_op_name (i->redop); ty = bty (t); break;
    case DOP_MIN: case DOP_MAX:
      if (!fl)
	{
	  name = i->redop == DOP_MIN ? "min" : "max";
	  ty = sty (t);
	}
      break;
    case DOP_UMIN: case DOP_UMAX:
      name = i->redop == DOP_UMIN ? "min" : "max";
      ty = uty (t);
      break;
    default:
      break;
    }
  if (name)
    {
      ins ("atom.%s%s %s, %s, %s", name, ty, d.c_str (), at.c_str (),
	   v.c_str ());
      return;
    }
  /* old = *p; do { new = old OP v; seen = cas (p, old, new); }
     while (seen != old, old = seen).  */
  rclass c = class_of (t);
  std::string old = temp (c), n = temp (c), seen = temp (c);
  std::string p = temp (RC_PRED), again = label ();
  ins ("ld%s %s, %s", mty (t), old.c_str (), at.c_str ());
  body += again + ":\n";
  combine (i->redop, t, n, old, v);
  ins ("atom.cas%s %s, %s, %s, %s", bty (t), seen.c_str (), at.c_str (),
       old.c_str (), n.c_str ());
  ins ("setp.ne%s %s, %s, %s", bty (t), p.c_str (), seen.c_str (),
       old.c_str ());
  ins ("%s %s, %s", rc_mov[c], old.c_str (), seen.c_str ());
  ins ("@%s bra %s", p.c_str (), again.c_str ());
  ins ("%s %s, %s", rc_mov[c], d.c_str (), old.c_str ());
}

} // namespace gw_ptx
