/* The ptx target: device RTL to PTX.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   plugin/ir/ir.h.

   What: one PTX .entry per kernel, every thread running the whole
   function, as the reorg has prepared it (docs/targets.md, "ptx").

   The thread model: a gang is a CTA (%ctaid.x), a worker a row of the
   CTA (%tid.y), a vector lane a column (%tid.x).  The vector length is 1
   or 32, so with vector loops a worker is exactly one warp.  The kernel
   declares its block shape (.reqntid), which the runtime launches.

   The reorg primitives:
   - br.single AXES: a branch on the thread's position, "tid.x == 0",
     "tid.y == 0" or both; bra.uni where the threads of a warp agree
     (worker-only neutering when a worker is a warp);
   - bcast across vector lanes: shfl.sync.idx from lane 0 (two for 64-bit
     values);
   - bcast and frame.bcast across workers: the single thread stores the
     value to a .shared buffer where the broadcast is, and every thread
     loads it after the worker barrier that ends the block's broadcasts.
     The buffer has two halves, used by alternate barriers: the single
     thread can then store the next broadcasts while slow threads still
     load the previous ones, and cannot get two barriers ahead of anyone;
   - barrier worker: bar.sync 0; barrier vector: bar.warp.sync.

   Values: each virtual register becomes a PTX register of its class
   (.pred, .b32 for i8/i16/i32, .b64, .f32, .f64), named by its number.
   Narrow integers live in 32-bit registers whose upper bits are not kept
   clean; the operations that read them (comparisons, division, right
   shifts, conversions...) extend them first.  Phis become moves on their
   incoming edges, on a trampoline block where the edge is critical.
   Frame slots are .local (per thread) or .shared (per gang, or per
   worker) arrays, addressed generically like all memory.  Host globals
   come from the address table the runtime passes; the image carries the
   read-only data globals.

   Requires: DIR_PROP_SYNCED (the whole reorg), vector length 1 or 32.
   Guarantees: PTX for the module's ISA (ptx_module_header), with
   .visible .entry SYMBOL (.param .u64 gw_data, .param .u64 gw_globals),
   gw_data the device address of the region's argument block and
   gw_globals that of the unit's global address table.  */

#include "ptx.h"
#include "../../plugin/passes/divergence.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <map>

namespace {

/* Why a kernel cannot be emitted.  */
struct cannot
{
  std::string why;
};

enum rclass { RC_PRED, RC_B32, RC_B64, RC_F32, RC_F64, RC_NUM };

const char *const rc_prefix[RC_NUM] = { "%p", "%r", "%rd", "%f", "%fd" };
const char *const rc_decl[RC_NUM] = { ".pred", ".b32", ".b64", ".f32",
				      ".f64" };
const char *const rc_mov[RC_NUM] = { "mov.pred", "mov.b32", "mov.b64",
				      "mov.f32", "mov.f64" };

rclass
class_of (dir_type t)
{
  switch (t)
    {
    case DT_B1: return RC_PRED;
    case DT_I64: return RC_B64;
    case DT_F32: return RC_F32;
    case DT_F64: return RC_F64;
    default: return RC_B32;
    }
}

bool narrow_p (dir_type t) { return t == DT_I8 || t == DT_I16; }
bool wide_p (dir_type t) { return t == DT_I64 || t == DT_F64; }
unsigned width (dir_type t) { return dir_type_bytes (t) * 8; }

/* Type suffixes of the integer and float operations on T.  */
const char *sty (dir_type t) { return t == DT_I64 ? ".s64" : ".s32"; }
const char *uty (dir_type t) { return t == DT_I64 ? ".u64" : ".u32"; }
const char *bty (dir_type t) { return wide_p (t) ? ".b64" : ".b32"; }
const char *fty (dir_type t) { return t == DT_F64 ? ".f64" : ".f32"; }

/* The type of a load or store of T.  */
const char *
mty (dir_type t)
{
  switch (t)
    {
    case DT_I8: return ".u8";
    case DT_I16: return ".u16";
    case DT_I32: return ".u32";
    case DT_I64: return ".u64";
    case DT_F32: return ".f32";
    case DT_F64: return ".f64";
    default: throw cannot { "a memory access of type "
			    + std::string (dir_type_name (t)) };
    }
}

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

class emitter
{
public:
  emitter (dir_func *f, const ptx_arch &a) : fn (f), arch (a) {}
  std::string run ();

private:
  dir_func *fn;
  const ptx_arch &arch;
  int wlen = 1, vlen = 1;
  unsigned active = 0;		/* Axes of size above 1.  */
  unsigned warp_axes = 0;	/* Axes whose threads share warps.  */
  gw_partitions parts;
  gw_divergence div;

  std::string body;		/* The instructions.  */
  /* Registers that are another name for a value: copies of values that
     are never reassigned (anything but a phi), thread positions.  */
  std::vector<std::string> alias;
  std::vector<std::vector<bool>> live_in;	/* By block, register.  */
  unsigned next_reg = 0;	/* Registers 0 .. NEXT_REG-1 are named.  */
  unsigned labels = 0;

  /* Trampolines of critical edges, emitted after the last block.  */
  struct edge
  {
    std::string label;
    dir_block *from, *to;
  };
  std::vector<edge> edges;

  /* Special registers the prologue sets, when used.  */
  bool use_tx = false, use_ty = false, use_gtab = false, use_lane8 = false;
  bool use_vbar = false;
  bool use_single[8] = {};

  /* Worker broadcasts: the loads that complete them after the next worker
     barrier, and the bytes of the current and largest group.  */
  std::vector<std::string> fills;
  std::vector<uint32_t> pending;	/* Their destinations.  */
  unsigned group_bytes = 0, max_group = 0;
  bool use_wbuf = false;
  /* The same for broadcasts across the lanes of a worker of several warps
     (vector length above 32): through the worker's part of another
     buffer, completed by a barrier of the worker's threads, which the
     emitter places after each run of them.  */
  std::vector<std::string> vfills;
  std::vector<uint32_t> vpending;
  unsigned vgroup_bytes = 0, max_vgroup = 0;
  bool use_vbuf = false;
  void flush_vector_fills (bool barrier);
  std::string vector_barrier ();

  void ins (const char *fmt, ...) __attribute__ ((format (printf, 2, 3)));
  std::string temp (rclass c);
  std::string label () { return "$G" + std::to_string (labels++); }
  static std::string block_label (const dir_block *b)
  {
    return "$L" + std::to_string (b->index);
  }

  std::string reg (uint32_t r) const;
  std::string dest (const dir_insn *i) const { return reg (i->dest); }
  std::string imm (const dir_value &v) const;
  std::string op (const dir_value &v) const;
  std::string in_reg (const dir_value &v);
  std::string ext (const dir_value &v, bool is_signed);
  std::string shift_count (const dir_value &v);
  std::string tid_x () { use_tx = true; return "%gw_tx"; }
  std::string tid_y () { use_ty = true; return "%gw_ty"; }
  std::string single (unsigned axes);

  void value_number ();
  bool alias_insn (dir_insn *i);
  void emit_insn (dir_insn *i);
  void emit_arith (dir_insn *i);
  void emit_call (dir_insn *i);
  void round_half_away (const dir_value &v, const std::string &res);
  void emit_cmp (dir_insn *i);
  void emit_convert (dir_insn *i);
  void emit_bcast (dir_insn *i);
  void emit_frame_bcast (dir_insn *i);
  void emit_barrier (dir_insn *i);
  void copy_words (const std::string &from, const std::string &to,
		   unsigned size, bool word4, const char *pred,
		   bool shuffle, std::string *out);

  void emit_terminator (dir_block *b, dir_insn *t);
  bool has_moves (dir_block *from, dir_block *to) const;
  void emit_moves (dir_block *from, dir_block *to);
  std::string edge_label (dir_block *from, dir_block *to);
  void branch2 (dir_block *b, const std::string &pred, dir_block *t,
		dir_block *f, bool uniform);
  void jump (dir_block *b, dir_block *to);
  bool moves_early_ok (dir_block *b, dir_block *t, dir_block *f,
		       const std::string &pred);
  dir_block *next_block (const dir_block *b) const
  {
    return b->index + 1 < fn->blocks.size () ? fn->blocks[b->index + 1]
					      : nullptr;
  }

  std::string prologue ();
  std::string declarations ();
  std::string module_data ();
};

void
emitter::ins (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  body += '\t';
  dir_vappendf (body, fmt, ap);
  body += ";\n";
  va_end (ap);
}

/* A new register of class C.  */

std::string
emitter::temp (rclass c)
{
  return rc_prefix[c] + std::to_string (next_reg++);
}

std::string
emitter::reg (uint32_t r) const
{
  if (r < alias.size () && !alias[r].empty ())
    return alias[r];
  return rc_prefix[class_of (fn->regs[r].type)] + std::to_string (r);
}

std::string
emitter::imm (const dir_value &v) const
{
  std::string s;
  switch (v.type)
    {
    case DT_B1:
      return v.imm ? "1" : "0";
    case DT_F32:
      dir_appendf (s, "0f%08X", (unsigned) (uint32_t) v.imm);
      return s;
    case DT_F64:
      dir_appendf (s, "0d%016llX", (unsigned long long) v.imm);
      return s;
    case DT_I64:
      if ((int64_t) v.imm == INT64_MIN)
	return "0x8000000000000000";
      return std::to_string ((int64_t) v.imm);
    default:
      return std::to_string ((int32_t) (int64_t) v.imm);
    }
}

std::string
emitter::op (const dir_value &v) const
{
  if (v.reg_p ())
    return reg (v.reg);
  if (!v.imm_p ())
    throw cannot { "a missing operand" };
  return imm (v);
}

/* V in a register (immediates are moved to a new one).  */

std::string
emitter::in_reg (const dir_value &v)
{
  if (v.reg_p ())
    return reg (v.reg);
  rclass c = class_of (v.type);
  std::string t = temp (c);
  ins ("%s %s, %s", rc_mov[c], t.c_str (), imm (v).c_str ());
  return t;
}

/* The integer V as a clean 32-bit value: narrow integers are extended,
   signed or not as IS_SIGNED says.  */

std::string
emitter::ext (const dir_value &v, bool is_signed)
{
  if (!narrow_p (v.type))
    return op (v);
  unsigned bits = width (v.type);
  if (v.imm_p ())
    {
      uint64_t mask = (1ull << bits) - 1;
      int64_t x = is_signed ? (int64_t) v.imm
		  : (int64_t) (v.imm & mask);
      return std::to_string (x);
    }
  std::string t = temp (RC_B32);
  if (is_signed)
    ins ("cvt.s32.s%u %s, %s", bits, t.c_str (), reg (v.reg).c_str ());
  else
    ins ("and.b32 %s, %s, %u", t.c_str (), reg (v.reg).c_str (),
	 (1u << bits) - 1);
  return t;
}

/* The count of a shift: PTX takes a .u32.  */

std::string
emitter::shift_count (const dir_value &v)
{
  if (v.imm_p ())
    return std::to_string ((uint32_t) v.imm
			   & (v.type == DT_I64 ? 0x7fffffffu : 0xffffffffu));
  if (v.type == DT_I64)
    {
      std::string t = temp (RC_B32);
      ins ("cvt.u32.u64 %s, %s", t.c_str (), reg (v.reg).c_str ());
      return t;
    }
  return ext (v, false);
}

/* The predicate "position 0 on every axis of AXES", or "" if none of them
   is active (every thread is single there).  */

std::string
emitter::single (unsigned axes)
{
  axes &= active;
  if (!axes)
    return "";
  if (axes & dir_axis_bit (DA_VECTOR))
    tid_x ();
  if (axes & dir_axis_bit (DA_WORKER))
    tid_y ();
  use_single[axes] = true;
  return "%gw_single" + std::to_string (axes);
}

/* Name I's result after an existing register instead of emitting a move,
   if it is one: a copy of a value that is never reassigned (PTX
   registers of phis are, on every edge into their block), or the
   thread's position on an axis.  */

bool
emitter::alias_insn (dir_insn *i)
{
  std::string name;
  if ((i->op == DOP_COPY
       || (i->op == DOP_BITCAST
	   && class_of (i->type) == class_of (i->ops[0].type)))
      && i->ops[0].reg_p ())
    {
      dir_insn *def = fn->regs[i->ops[0].reg].def;
      if (!def || def->op == DOP_PHI)
	return false;
      name = reg (i->ops[0].reg);
    }
  else if (i->op == DOP_DIM_POS && i->type == DT_I32
	   && i->axis () != DA_GANG)
    name = i->axis () == DA_WORKER ? tid_y () : tid_x ();
  else
    return false;
  alias[i->dest] = name;
  return true;
}

/* Pure instructions that compute what a dominating one computed already
   become copies of its result (a dominator-tree walk with a scoped table,
   as in Briggs, Cooper and Simpson's "Value Numbering", 1997).  Loads are
   left alone (memory may change), and so are the reorg's convergent
   instructions.  */

void
emitter::value_number ()
{
  dir_compute_dominators (fn);
  std::vector<std::vector<dir_block *>> kids (fn->blocks.size ());
  for (dir_block *b : fn->blocks)
    if (b->idom && b->idom != b)
      kids[b->idom->index].push_back (b);
  std::vector<uint32_t> leader (fn->regs.size ());
  for (size_t r = 0; r < leader.size (); r++)
    leader[r] = r;
  std::map<std::string, uint32_t> table;
  auto key = [&] (dir_insn *i) {
    std::string k;
    dir_appendf (k, "%d.%d.%d.%d.%lld", (int) i->op, (int) i->type,
		 (int) i->cond, (int) i->flags, (long long) i->disp);
    for (dir_value &v : i->ops)
      {
	if (v.reg_p ())
	  v.reg = leader[v.reg];
	dir_appendf (k, "|%d.%d.%u.%llx", (int) v.kind, (int) v.type,
		     v.reg, (unsigned long long) v.imm);
      }
    return k;
  };
  auto undef_p = [&] (const dir_value &v) {
    return v.reg_p () && fn->regs[v.reg].def
	   && fn->regs[v.reg].def->op == DOP_UNDEF;
  };
  std::function<void (dir_block *)> walk = [&] (dir_block *b) {
    std::vector<std::string> added;
    for (size_t k = 0; k < b->phis.size (); k++)
      {
	/* A phi of one value V (besides undefined ones and itself) whose
	   definition dominates it is V: chains of them come from the
	   neutering of consecutive regions.  */
	dir_insn *phi = b->phis[k];
	uint32_t only = DIR_NOREG;
	bool one = true;
	for (dir_value &v : phi->ops)
	  {
	    if (v.reg_p ())
	      v.reg = leader[v.reg];
	    if (undef_p (v) || (v.reg_p () && v.reg == phi->dest))
	      continue;
	    if (!v.reg_p () || (only != DIR_NOREG && only != v.reg))
	      one = false;
	    else
	      only = v.reg;
	  }
	dir_insn *def = one && only != DIR_NOREG ? fn->regs[only].def
			: nullptr;
	if (def && def->bb && def->bb != b
	    && dir_dominates (fn, def->bb, b))
	  {
	    leader[phi->dest] = only;
	    b->phis.erase (b->phis.begin () + k--);
	  }
      }
    for (dir_insn *i : b->insns)
      {
	bool pure = i->dest != DIR_NOREG && !dir_side_effect_p (i)
		    && !dir_op_flag (i->op, DOPF_READS) && i->op != DOP_UNDEF
		    && i->op != DOP_BCAST && i->op != DOP_PARAM
		    && i->op != DOP_CALL;
	std::string k = key (i);
	if (!pure)
	  continue;
	auto it = table.find (k);
	if (it != table.end ())
	  {
	    leader[i->dest] = it->second;
	    i->op = DOP_COPY;
	    i->ops = { dir_reg_value (fn, it->second) };
	    i->disp = 0;
	    i->cond = 0;
	    continue;
	  }
	table.emplace (k, i->dest);
	added.push_back (k);
      }
    /* Successors' phis read values at the end of B.  */
    for (dir_block *c : kids[b->index])
      walk (c);
    for (const std::string &k : added)
      table.erase (k);
  };
  walk (fn->blocks[0]);
  /* Uses in blocks the walk did not reach before their phis did.  */
  for (dir_block *b : fn->blocks)
    for (dir_insn *phi : b->phis)
      for (dir_value &v : phi->ops)
	if (v.reg_p ())
	  v.reg = leader[v.reg];
}

void
emitter::emit_insn (dir_insn *i)
{
  if (i->dest != DIR_NOREG && alias_insn (i))
    return;
  switch (i->op)
    {
    case DOP_PARAM:
      if (i->disp != 0)
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
	ins ("ld%s%s %s, [%s+%lld]", (i->flags & DIF_VOLATILE) ? ".volatile"
				     : "", mty (i->type), dest (i).c_str (),
	     a.c_str (), (long long) i->disp);
	return;
      }

    case DOP_STORE:
      {
	std::string a = in_reg (i->ops[0]);
	ins ("st%s%s [%s+%lld], %s", (i->flags & DIF_VOLATILE) ? ".volatile"
				     : "", mty (i->type), a.c_str (),
	     (long long) i->disp, op (i->ops[1]).c_str ());
	return;
      }

    case DOP_ADDR_GLOBAL:
      {
	const dir_global &g = fn->globals.at (i->disp);
	if (g.kind == dir_global::DATA)
	  {
	    ins ("cvta.global.u64 %s, %s_d%lld", dest (i).c_str (),
		 fn->name.c_str (), (long long) i->disp);
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
	const dir_slot &s = fn->slots.at (i->disp);
	if (!s.shared)
	  {
	    ins ("cvta.local.u64 %s, gw_s%lld", dest (i).c_str (),
		 (long long) i->disp);
	    return;
	  }
	if (!s.per_worker || wlen == 1)
	  {
	    ins ("cvta.shared.u64 %s, gw_s%lld", dest (i).c_str (),
		 (long long) i->disp);
	    return;
	  }
	std::string t = temp (RC_B64);
	ins ("cvta.shared.u64 %s, gw_s%lld", t.c_str (), (long long) i->disp);
	ins ("mad.wide.u32 %s, %s, %u, %s", dest (i).c_str (),
	     tid_y ().c_str (), s.size, t.c_str ());
	return;
      }

    case DOP_CALL:
      emit_call (i);
      return;

    case DOP_FORK:
    case DOP_JOIN:
      body += std::string ("\t// ") + dir_op_name (i->op) + " "
	      + dir_axis_name (i->axis ()) + "\n";
      return;

    case DOP_DIM_POS:
    case DOP_DIM_SIZE:
      {
	std::string v;
	if (i->op == DOP_DIM_POS)
	  v = i->axis () == DA_GANG ? "%ctaid.x"
	      : i->axis () == DA_WORKER ? tid_y () : tid_x ();
	else
	  v = i->axis () == DA_GANG ? "%nctaid.x"
	      : std::to_string (i->axis () == DA_WORKER ? wlen : vlen);
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
      const char *name = i->op == DOP_AND ? "and" : i->op == DOP_OR ? "or"
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

/* The calls of the C library the expander lets through that PTX has
   instructions for; the others (exp, cos, fmod...) need a device math
   library the ptx target does not have yet.  */

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
  throw cannot { "no device math library yet ('" + i->callee
		 + "' is called)" };
}

void
emitter::emit_cmp (dir_insn *i)
{
  dir_type t = i->type;
  dir_cond c = (dir_cond) i->cond;
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

/* Copy SIZE bytes from the local or shared address FROM to TO (each
   "space [reg-or-symbol"), in words of 4 bytes if WORD4, else bytes,
   unrolled or in a loop; store only under PRED if non-null; with SHUFFLE
   take each word from lane 0 of the warp on the way.  Append the code to
   *OUT (the body, or a fill that runs later).  FROM and TO are pairs of
   state space and base: "local:gw_s3", "shared:%rd12".  */

void
emitter::copy_words (const std::string &from, const std::string &to,
		     unsigned size, bool word4, const char *pred, bool shuffle,
		     std::string *out)
{
  std::string saved;
  std::swap (saved, body);
  unsigned step = word4 ? 4 : 1;
  const char *mt = word4 ? ".u32" : ".u8";
  auto split = [] (const std::string &s, std::string *space,
		   std::string *base) {
    size_t colon = s.find (':');
    *space = s.substr (0, colon);
    *base = s.substr (colon + 1);
  };
  std::string fs, fb, ts, tb;
  split (from, &fs, &fb);
  split (to, &ts, &tb);
  auto one = [&] (const std::string &fa, const std::string &ta,
		  unsigned off) {
    std::string w = temp (RC_B32);
    ins ("ld.%s%s %s, [%s+%u]", fs.c_str (), mt, w.c_str (), fa.c_str (),
	 off);
    if (shuffle)
      {
	std::string s = temp (RC_B32);
	ins ("shfl.sync.idx.b32 %s, %s, 0, 31, -1", s.c_str (), w.c_str ());
	w = s;
      }
    ins ("%s%s%sst.%s%s [%s+%u], %s", pred ? "@" : "", pred ? pred : "", pred ? " " : "",
	 ts.c_str (), mt, ta.c_str (), off, w.c_str ());
  };
  if (size / step <= 16)
    for (unsigned off = 0; off < size; off += step)
      one (fb, tb, off);
  else
    {
      /* for (k = 0; k < size; k += step) ...  */
      std::string k = temp (RC_B64), fa = temp (RC_B64), ta = temp (RC_B64);
      std::string fbase = temp (RC_B64), tbase = temp (RC_B64);
      std::string p = temp (RC_PRED), l = label ();
      ins ("mov.u64 %s, %s", fbase.c_str (), fb.c_str ());
      ins ("mov.u64 %s, %s", tbase.c_str (), tb.c_str ());
      ins ("mov.u64 %s, 0", k.c_str ());
      body += l + ":\n";
      ins ("add.u64 %s, %s, %s", fa.c_str (), fbase.c_str (), k.c_str ());
      ins ("add.u64 %s, %s, %s", ta.c_str (), tbase.c_str (), k.c_str ());
      one (fa, ta, 0);
      ins ("add.u64 %s, %s, %u", k.c_str (), k.c_str (), step);
      ins ("setp.lt.u64 %s, %s, %u", p.c_str (), k.c_str (), size);
      ins ("@%s bra.uni %s", p.c_str (), l.c_str ());
    }
  std::swap (saved, body);
  *out += saved;
}

void
emitter::emit_bcast (dir_insn *i)
{
  unsigned axes = i->cond & active;
  dir_type t = i->type;
  const dir_value &v = i->ops[0];
  std::string d = dest (i);
  if (!axes || v.imm_p ())
    {
      ins ("%s %s, %s", rc_mov[class_of (t)], d.c_str (), op (v).c_str ());
      return;
    }
  std::string x = reg (v.reg);
  if (t == DT_B1)
    {
      std::string w = temp (RC_B32);
      ins ("selp.u32 %s, 1, 0, %s", w.c_str (), x.c_str ());
      x = w;
    }

  if (axes & dir_axis_bit (DA_WORKER))
    {
      /* Through the shared buffer; the load is a fill after the barrier.
	 A value that is single on workers only differs between lanes: each
	 lane has its own place.  */
      use_wbuf = true;
      bool per_lane = !(axes & dir_axis_bit (DA_VECTOR)) && vlen > 1;
      unsigned bytes = t == DT_B1 || narrow_p (t) ? 4 : dir_type_bytes (t);
      unsigned align = per_lane ? 8 : bytes;
      unsigned off = (group_bytes + align - 1) & ~(align - 1);
      group_bytes = off + (per_lane ? 8 * vlen : bytes);
      std::string a = "%gw_wb";
      if (per_lane)
	{
	  use_lane8 = true;
	  tid_x ();
	  a = temp (RC_B64);
	  ins ("add.u64 %s, %%gw_wb, %%gw_lane8", a.c_str ());
	}
      const char *mt = t == DT_B1 || narrow_p (t) ? ".u32" : mty (t);
      ins ("@%s st.shared%s [%s+%u], %s", single (axes).c_str (), mt,
	   a.c_str (), off, x.c_str ());
      std::string fill;
      if (t == DT_B1)
	{
	  std::string w = temp (RC_B32);
	  dir_appendf (fill, "\tld.shared.u32 %s, [%s+%u];\n"
		       "\tsetp.ne.u32 %s, %s, 0;\n", w.c_str (), a.c_str (),
		       off, d.c_str (), w.c_str ());
	}
      else
	dir_appendf (fill, "\tld.shared%s %s, [%s+%u];\n", mt, d.c_str (),
		     a.c_str (), off);
      fills.push_back (fill);
      pending.push_back (i->dest);
      return;
    }

  if (vlen > ptx_warp_size)
    {
      use_vbuf = true;
      unsigned bytes = t == DT_B1 || narrow_p (t) ? 4 : dir_type_bytes (t);
      unsigned off = (vgroup_bytes + bytes - 1) & ~(bytes - 1);
      vgroup_bytes = off + bytes;
      const char *mt = t == DT_B1 || narrow_p (t) ? ".u32" : mty (t);
      ins ("@%s st.shared%s [%%gw_vb+%u], %s", single (axes).c_str (), mt,
	   off, x.c_str ());
      std::string fill;
      if (t == DT_B1)
	{
	  std::string w = temp (RC_B32);
	  dir_appendf (fill, "\tld.shared.u32 %s, [%%gw_vb+%u];\n"
		       "\tsetp.ne.u32 %s, %s, 0;\n", w.c_str (), off,
		       d.c_str (), w.c_str ());
	}
      else
	dir_appendf (fill, "\tld.shared%s %s, [%%gw_vb+%u];\n", mt, d.c_str (),
		     off);
      vfills.push_back (fill);
      vpending.push_back (i->dest);
      return;
    }

  /* Across the lanes of the warp.  */
  if (wide_p (t))
    {
      std::string lo = temp (RC_B32), hi = temp (RC_B32);
      ins ("mov.b64 {%s, %s}, %s", lo.c_str (), hi.c_str (), x.c_str ());
      ins ("shfl.sync.idx.b32 %s, %s, 0, 31, -1", lo.c_str (), lo.c_str ());
      ins ("shfl.sync.idx.b32 %s, %s, 0, 31, -1", hi.c_str (), hi.c_str ());
      ins ("mov.b64 %s, {%s, %s}", d.c_str (), lo.c_str (), hi.c_str ());
    }
  else if (t == DT_B1)
    {
      std::string w = temp (RC_B32);
      ins ("shfl.sync.idx.b32 %s, %s, 0, 31, -1", w.c_str (), x.c_str ());
      ins ("setp.ne.u32 %s, %s, 0", d.c_str (), w.c_str ());
    }
  else
    ins ("shfl.sync.idx.b32 %s, %s, 0, 31, -1", d.c_str (), x.c_str ());
}

void
emitter::emit_frame_bcast (dir_insn *i)
{
  unsigned axes = i->cond & active;
  if (!axes)
    return;
  for (int64_t s : i->cases)
    {
      const dir_slot &slot = fn->slots.at (s);
      if (slot.shared)
	throw cannot { "a broadcast of a shared slot" };
      std::string local = "local:gw_s" + std::to_string (s);
      bool word4 = slot.size % 4 == 0 && slot.align >= 4;
      if (!(axes & dir_axis_bit (DA_WORKER)) && vlen > ptx_warp_size)
	{
	  use_vbuf = true;
	  unsigned off = (vgroup_bytes + 7) & ~7u;
	  vgroup_bytes = off + ((slot.size + 7) & ~7u);
	  std::string a = temp (RC_B64);
	  ins ("add.u64 %s, %%gw_vb, %u", a.c_str (), off);
	  std::string pred = single (axes);
	  copy_words (local, "shared:" + a, slot.size, word4, pred.c_str (),
		      false, &body);
	  std::string fill;
	  copy_words ("shared:" + a, local, slot.size, word4, nullptr, false,
		      &fill);
	  vfills.push_back (fill);
	  continue;
	}
      if (!(axes & dir_axis_bit (DA_WORKER)))
	{
	  copy_words (local, local, slot.size, word4, nullptr, true, &body);
	  continue;
	}
      use_wbuf = true;
      bool per_lane = !(axes & dir_axis_bit (DA_VECTOR)) && vlen > 1;
      unsigned size = (slot.size + 7) & ~7u;
      unsigned off = (group_bytes + 7) & ~7u;
      group_bytes = off + size * (per_lane ? vlen : 1);
      std::string a = temp (RC_B64);
      if (per_lane)
	{
	  std::string l = temp (RC_B64);
	  ins ("mul.wide.u32 %s, %s, %u", l.c_str (), tid_x ().c_str (), size);
	  ins ("add.u64 %s, %%gw_wb, %s", a.c_str (), l.c_str ());
	  ins ("add.u64 %s, %s, %u", a.c_str (), a.c_str (), off);
	}
      else
	ins ("add.u64 %s, %%gw_wb, %u", a.c_str (), off);
      std::string pred = single (axes);
      copy_words (local, "shared:" + a, slot.size, word4, pred.c_str (),
		  false, &body);
      std::string fill;
      copy_words ("shared:" + a, local, slot.size, word4, nullptr, false,
		  &fill);
      fills.push_back (fill);
    }
}

void
emitter::emit_barrier (dir_insn *i)
{
  unsigned axes = i->cond & active;
  if (axes & dir_axis_bit (DA_WORKER))
    {
      ins ("bar.sync 0");
      flush_vector_fills (false);
      if (!fills.empty ())
	{
	  for (const std::string &f : fills)
	    body += f;
	  fills.clear ();
	  pending.clear ();
	  /* The next group uses the other half of the buffer.  */
	  ins ("not.pred %%gw_wpar, %%gw_wpar");
	  ins ("selp.b64 %%gw_wb, %%gw_wb1, %%gw_wb0, %%gw_wpar");
	  max_group = std::max (max_group, group_bytes);
	  group_bytes = 0;
	}
    }
  else if (axes & dir_axis_bit (DA_VECTOR))
    {
      if (vlen > ptx_warp_size)
	{
	  ins ("%s", vector_barrier ().c_str ());
	  flush_vector_fills (false);
	}
      else
	ins ("bar.warp.sync -1");
    }
}

/* The barrier of the threads of one worker: barrier 1 + its position, of
   the vector length's threads.  */

std::string
emitter::vector_barrier ()
{
  /* A constant barrier when there is one worker: ptxas then reserves two
     barriers, not all sixteen.  */
  if (wlen == 1)
    return "bar.sync 1, " + std::to_string (vlen);
  tid_y ();
  use_vbar = true;
  return "bar.sync %gw_vbar, " + std::to_string (vlen);
}

/* Complete the vector broadcasts stored since the last barrier: wait for
   the worker's lanes (unless BARRIER is false: the caller just did), load,
   and switch to the other half of the worker's buffer.  */

void
emitter::flush_vector_fills (bool barrier)
{
  if (vfills.empty ())
    return;
  if (barrier)
    ins ("%s", vector_barrier ().c_str ());
  for (const std::string &f : vfills)
    body += f;
  vfills.clear ();
  vpending.clear ();
  ins ("not.pred %%gw_vpar, %%gw_vpar");
  ins ("selp.b64 %%gw_vb, %%gw_vb1, %%gw_vb0, %%gw_vpar");
  max_vgroup = std::max (max_vgroup, vgroup_bytes);
  vgroup_bytes = 0;
}

/* Does the edge FROM -> TO carry phi moves?  */

bool
emitter::has_moves (dir_block *from, dir_block *to) const
{
  for (dir_insn *phi : to->phis)
    for (size_t k = 0; k < phi->targets.size (); k++)
      if (phi->targets[k] == from)
	{
	  const dir_value &v = phi->ops[k];
	  if (!(v.reg_p () && fn->regs[v.reg].def
		&& fn->regs[v.reg].def->op == DOP_UNDEF))
	    return true;
	}
  return false;
}

/* The phi moves of the edge FROM -> TO, as a parallel copy: a source that
   is itself a phi of TO is read into a temporary first.  */

void
emitter::emit_moves (dir_block *from, dir_block *to)
{
  std::vector<std::pair<uint32_t, dir_value>> moves;
  for (dir_insn *phi : to->phis)
    for (size_t k = 0; k < phi->targets.size (); k++)
      if (phi->targets[k] == from)
	{
	  const dir_value &v = phi->ops[k];
	  if (v.reg_p () && fn->regs[v.reg].def
	      && fn->regs[v.reg].def->op == DOP_UNDEF)
	    continue;
	  if (v.reg_p () && v.reg == phi->dest)
	    continue;
	  moves.push_back ({ phi->dest, v });
	  break;
	}
  std::vector<std::string> src (moves.size ());
  for (size_t k = 0; k < moves.size (); k++)
    {
      const dir_value &v = moves[k].second;
      bool clobbered = false;
      for (auto &m : moves)
	clobbered |= v.reg_p () && m.first == v.reg;
      if (clobbered)
	{
	  rclass c = class_of (v.type);
	  src[k] = temp (c);
	  ins ("%s %s, %s", rc_mov[c], src[k].c_str (), reg (v.reg).c_str ());
	}
      else
	src[k] = op (v);
    }
  for (size_t k = 0; k < moves.size (); k++)
    ins ("%s %s, %s", rc_mov[class_of (fn->regs[moves[k].first].type)],
	 reg (moves[k].first).c_str (), src[k].c_str ());
}

/* The label a branch from FROM to TO goes to: TO's, or a trampoline that
   does the edge's moves first.  */

std::string
emitter::edge_label (dir_block *from, dir_block *to)
{
  if (!has_moves (from, to))
    return block_label (to);
  edges.push_back ({ label (), from, to });
  return edges.back ().label;
}

/* May the moves of the edge B -> T run before B's branch to T or F on
   PRED?  Only if the registers they set are not live into F, are not read
   by the moves of the edge to F, and do not hold PRED.  */

bool
emitter::moves_early_ok (dir_block *b, dir_block *t, dir_block *f,
			 const std::string &pred)
{
  for (dir_insn *phi : t->phis)
    {
      uint32_t r = phi->dest;
      if (live_in[f->index][r] || reg (r) == pred)
	return false;
      for (dir_insn *fphi : f->phis)
	for (size_t k = 0; k < fphi->targets.size (); k++)
	  if (fphi->targets[k] == b && fphi->ops[k].reg_p ()
	      && fphi->ops[k].reg == r)
	    return false;
    }
  return true;
}

/* Go from B to TO.  */

void
emitter::jump (dir_block *b, dir_block *to)
{
  emit_moves (b, to);
  if (to != next_block (b))
    ins ("bra.uni %s", block_label (to).c_str ());
}

/* Go from B to T if PRED holds, else to F.  UNIFORM if the threads of a
   warp agree on PRED.  */

void
emitter::branch2 (dir_block *b, const std::string &pred, dir_block *t,
		  dir_block *f, bool uniform)
{
  const char *bra = uniform ? "bra.uni" : "bra";
  if (t != f && has_moves (b, t) && moves_early_ok (b, t, f, pred))
    {
      /* The moves of the edge to T may come first: the threads that go
	 to F do not need the registers they set.  */
      emit_moves (b, t);
      ins ("@%s %s %s", pred.c_str (), bra, block_label (t).c_str ());
      jump (b, f);
    }
  else if (t == f)
    jump (b, t);
  else if (t == next_block (b) && !has_moves (b, t))
    ins ("@!%s %s %s", pred.c_str (), bra, edge_label (b, f).c_str ());
  else
    {
      ins ("@%s %s %s", pred.c_str (), bra, edge_label (b, t).c_str ());
      jump (b, f);
    }
}

void
emitter::emit_terminator (dir_block *b, dir_insn *t)
{
  switch (t->op)
    {
    case DOP_BR:
      jump (b, t->targets[0]);
      return;

    case DOP_CBR:
      {
	const dir_value &c = t->ops[0];
	if (c.imm_p ())
	  jump (b, t->targets[c.imm ? 0 : 1]);
	else
	  branch2 (b, reg (c.reg), t->targets[0], t->targets[1],
		   !div.divergent_branch (b));
	return;
      }

    case DOP_BR_SINGLE:
      {
	unsigned axes = t->cond & active;
	if (!axes)
	  {
	    jump (b, t->targets[0]);
	    return;
	  }
	branch2 (b, single (axes), t->targets[0], t->targets[1],
		 !(axes & warp_axes));
	return;
      }

    case DOP_SWITCH:
      {
	dir_type ty = t->type;
	std::string v = ext (t->ops[0], true);
	bool uniform = !div.divergent_branch (b);
	for (size_t k = 0; k < t->cases.size (); k++)
	  {
	    std::string p = temp (RC_PRED);
	    dir_value c = dir_imm (ty, t->cases[k]);
	    ins ("setp.eq%s %s, %s, %s", sty (ty), p.c_str (), v.c_str (),
		 narrow_p (ty) ? ext (c, true).c_str () : imm (c).c_str ());
	    ins ("@%s %s %s", p.c_str (), uniform ? "bra.uni" : "bra",
		 edge_label (b, t->targets[k + 1]).c_str ());
	  }
	jump (b, t->targets[0]);
	return;
      }

    case DOP_RET:
      ins ("ret");
      return;

    case DOP_TRAP:
      ins ("trap");
      return;

    default:
      throw cannot { std::string ("the terminator '")
		     + dir_op_name (t->op) + "'" };
    }
}

/* The code that sets the special registers the body uses.  */

std::string
emitter::prologue ()
{
  std::string p;
  if (use_tx)
    p += "\tmov.u32 %gw_tx, %tid.x;\n";
  if (use_ty)
    p += "\tmov.u32 %gw_ty, %tid.y;\n";
  if (use_gtab)
    p += "\tld.param.u64 %gw_gtab, [gw_globals];\n";
  for (unsigned axes = 1; axes < 8; axes++)
    if (use_single[axes])
      {
	bool w = axes & dir_axis_bit (DA_WORKER);
	bool v = axes & dir_axis_bit (DA_VECTOR);
	if (w && v)
	  dir_appendf (p, "\tor.b32 %%gw_txy, %%gw_tx, %%gw_ty;\n"
		       "\tsetp.eq.u32 %%gw_single%u, %%gw_txy, 0;\n", axes);
	else
	  dir_appendf (p, "\tsetp.eq.u32 %%gw_single%u, %s, 0;\n", axes,
		       w ? "%gw_ty" : "%gw_tx");
      }
  if (use_wbuf)
    dir_appendf (p, "\tmov.u64 %%gw_wb0, gw_wbuf;\n"
		 "\tadd.u64 %%gw_wb1, %%gw_wb0, %u;\n"
		 "\tmov.u64 %%gw_wb, %%gw_wb0;\n"
		 "\tmov.pred %%gw_wpar, 0;\n", (max_group + 7) & ~7u);
  if (use_lane8)
    p += "\tmul.wide.u32 %gw_lane8, %gw_tx, 8;\n";
  if (use_vbar)
    p += "\tadd.u32 %gw_vbar, %gw_ty, 1;\n";
  if (use_vbuf)
    {
      unsigned half = (max_vgroup + 7) & ~7u;
      dir_appendf (p, "\tmov.u64 %%gw_vb0, gw_vbuf;\n"
		   "\tmad.wide.u32 %%gw_vb0, %%gw_ty, %u, %%gw_vb0;\n"
		   "\tadd.u64 %%gw_vb1, %%gw_vb0, %u;\n"
		   "\tmov.u64 %%gw_vb, %%gw_vb0;\n"
		   "\tmov.pred %%gw_vpar, 0;\n", 2 * half, half);
    }
  return p;
}

/* The declarations of the entry: registers, frame, broadcast buffer.  */

std::string
emitter::declarations ()
{
  std::string d;
  for (int c = 0; c < RC_NUM; c++)
    dir_appendf (d, "\t.reg %s %s<%u>;\n", rc_decl[c], rc_prefix[c],
		 next_reg);
  d += "\t.reg .b32 %gw_tx, %gw_ty, %gw_txy, %gw_vbar;\n"
       "\t.reg .b64 %gw_gtab, %gw_wb0, %gw_wb1, %gw_wb, %gw_lane8;\n"
       "\t.reg .b64 %gw_vb0, %gw_vb1, %gw_vb;\n"
       "\t.reg .pred %gw_wpar, %gw_vpar";
  for (unsigned axes = 1; axes < 8; axes++)
    dir_appendf (d, ", %%gw_single%u", axes);
  d += ";\n";
  for (size_t s = 0; s < fn->slots.size (); s++)
    {
      const dir_slot &slot = fn->slots[s];
      unsigned size = std::max (slot.size, 1u);
      if (slot.shared && slot.per_worker)
	size *= wlen;
      dir_appendf (d, "\t%s .align %u .b8 gw_s%zu[%u];\t// %s\n",
		   slot.shared ? ".shared" : ".local",
		   std::max (slot.align, 1u), s, size, slot.name.c_str ());
    }
  if (use_wbuf)
    dir_appendf (d, "\t.shared .align 8 .b8 gw_wbuf[%u];\n",
		 2 * ((max_group + 7) & ~7u));
  if (use_vbuf)
    dir_appendf (d, "\t.shared .align 8 .b8 gw_vbuf[%u];\n",
		 2 * ((max_vgroup + 7) & ~7u) * wlen);
  return d;
}

/* The read-only data globals, at module scope.  */

std::string
emitter::module_data ()
{
  std::string d;
  for (size_t g = 0; g < fn->globals.size (); g++)
    {
      const dir_global &gl = fn->globals[g];
      if (gl.kind != dir_global::DATA)
	continue;
      dir_appendf (d, ".global .align %u .b8 %s_d%zu[%zu] = {",
		   std::max (gl.align, 1u), fn->name.c_str (), g,
		   std::max (gl.bytes.size (), (size_t) 1));
      if (gl.bytes.empty ())
	d += "0";
      for (size_t k = 0; k < gl.bytes.size (); k++)
	dir_appendf (d, "%s%u", k ? ", " : "",
		     (unsigned) (unsigned char) gl.bytes[k]);
      d += "};\n";
    }
  return d;
}

std::string
emitter::run ()
{
  wlen = std::max (fn->dims[DA_WORKER], 1);
  vlen = std::max (fn->dims[DA_VECTOR], 1);
  if (vlen != 1 && vlen % ptx_warp_size != 0)
    throw cannot { "a vector length of " + std::to_string (vlen)
		   + " (ptx runs 1 lane or whole warps)" };
  if (wlen * vlen > 1024)
    throw cannot { "more than 1024 threads per gang" };
  if (vlen > ptx_warp_size && wlen > ptx_max_vector_barriers)
    throw cannot { "more than " + std::to_string (ptx_max_vector_barriers)
		   + " workers of more than one warp" };
  if (wlen > 1)
    active |= dir_axis_bit (DA_WORKER);
  if (vlen > 1)
    active |= dir_axis_bit (DA_VECTOR);
  if (active && !(fn->props & DIR_PROP_SYNCED))
    throw cannot { "the kernel has not been through the reorg" };
  /* A warp holds lanes of one worker, or several workers.  */
  warp_axes = vlen >= ptx_warp_size ? dir_axis_bit (DA_VECTOR) : active;

  dir_compact (fn);
  dir_fill_cfg (fn);
  std::string error;
  if (!parts.discover (fn, &error))
    throw cannot { "malformed partitions: " + error };
  div.compute (fn, parts, warp_axes);
  value_number ();
  live_in = dir_compute_liveness (fn);
  next_reg = fn->regs.size ();
  alias.assign (fn->regs.size (), std::string ());

  for (dir_block *b : fn->blocks)
    {
      body += block_label (b) + ":\n";
      for (dir_insn *i : b->insns)
	{
	  /* A barrier of the device RTL completes the vector broadcasts
	     before it; other insns need one of their own.  */
	  if (i->op != DOP_BCAST && i->op != DOP_FRAME_BCAST
	      && !(i->op == DOP_BARRIER && (i->cond & active)))
	    flush_vector_fills (true);
	  if (i->terminator_p ())
	    {
	      if (!fills.empty ())
		throw cannot { "broadcasts across workers without a barrier "
			       "in their block" };
	      emit_terminator (b, i);
	    }
	  else
	    {
	      /* A worker broadcast's value exists after the barrier.  */
	      for (const dir_value &v : i->ops)
		if (v.reg_p () && (std::count (pending.begin (), pending.end (),
					       v.reg)
				   || std::count (vpending.begin (),
						  vpending.end (), v.reg)))
		  throw cannot { "a worker broadcast read before the barrier "
				 "that completes it" };
	      emit_insn (i);
	    }
	}
    }
  for (const edge &e : edges)
    {
      body += e.label + ":\n";
      emit_moves (e.from, e.to);
      ins ("bra.uni %s", block_label (e.to).c_str ());
    }

  std::string code = module_data ();
  dir_appendf (code, "\n// %s: gangs %s, %d workers x %d lanes\n"
	       ".visible .entry %s (.param .u64 gw_data, "
	       ".param .u64 gw_globals)\n"
	       "\t.reqntid %d, %d, 1\n{\n",
	       fn->host_name.empty () ? fn->name.c_str ()
	       : fn->host_name.c_str (),
	       fn->dims[DA_GANG] ? std::to_string (fn->dims[DA_GANG]).c_str ()
	       : "at launch", wlen, vlen, fn->name.c_str (), vlen, wlen);
  code += declarations ();
  code += prologue ();
  code += body;
  code += "}\n";
  return code;
}

} // anon namespace

bool
ptx_emit_kernel (dir_func *fn, const ptx_arch &arch, std::string *code,
		 std::string *why)
{
  try
    {
      emitter e (fn, arch);
      *code = e.run ();
      return true;
    }
  catch (const cannot &c)
    {
      *why = "ptx: " + c.why;
      return false;
    }
}

std::string
ptx_module_header (const ptx_arch &arch)
{
  return "// Generated by Gangway from device RTL.\n"
	 ".version " + std::string (arch.isa) + "\n"
	 ".target " + arch.sm + "\n"
	 ".address_size 64\n";
}

bool
ptx_parse_arch (const std::string &name, ptx_arch *arch)
{
  static const struct { const char *sm; int n; const char *isa; } known[] = {
    { "sm_75", 75, "7.0" }, { "sm_80", 80, "7.0" }, { "sm_86", 86, "7.1" },
    { "sm_87", 87, "7.4" }, { "sm_89", 89, "7.8" }, { "sm_90", 90, "7.8" },
  };
  for (const auto &k : known)
    if (name == k.sm)
      {
	arch->sm = k.sm;
	arch->number = k.n;
	arch->isa = k.isa;
	return true;
      }
  return false;
}
