/* The ptx target: device RTL to PTX.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   What: one PTX .entry per kernel, every thread running the whole
   function, as the reorg has prepared it (docs/targets.md, "ptx").

   The thread model: a gang is a CTA (%ctaid.x), a worker a row of the
   CTA (%tid.y), a vector lane a column (%tid.x).  The vector length is 1
   or whole warps (target.cc makes a vector_length a multiple of 32, and
   at most 1024 threads a gang): with vector loops a worker is one warp
   at 32 lanes, several warps above (at most 15 such workers, each with
   a barrier of its own).  The kernel declares its block shape
   (.reqntid), which the runtime launches.

   The reorg primitives:
   - br.single AXES: a branch on the thread's position, "tid.x == 0",
     "tid.y == 0" or both; bra.uni where the threads of a warp agree
     (worker-only neutering when a worker is a warp);
   - bcast across vector lanes: within a warp (32 lanes) shfl.sync.idx
     from lane 0 (two for 64-bit values), and frame.bcast a copy of the
     slot through shfl.sync.idx word by word; across the warps of a
     worker (above 32 lanes) both go through memory as across workers,
     in the worker's part of a second buffer, gw_vbuf, which every lane
     loads after the vector barrier that ptx-barriers (barriers.cc)
     placed after the block's run of them;
   - bcast and frame.bcast across workers: the single thread stores the
     value to a .shared buffer where the broadcast is, and every thread
     loads it after the worker barrier that ends the block's broadcasts.
     The buffer has two halves, used by alternate barriers: the single
     thread can then store the next broadcasts while slow threads still
     load the previous ones, and cannot get two barriers ahead of anyone;
   - barrier worker: bar.sync 0; barrier vector: bar.warp.sync in a
     warp, bar.sync 1+tid.y, VLEN across the warps of a worker
     (bar.sync 1, VLEN when there is one worker).

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

   Requires: DIR_PROP_SYNCED (the whole reorg) and, where a worker is
   several warps, the vector barriers of ptx-barriers (without them the
   function is refused); a vector length of 1 or whole warps.
   Guarantees: PTX for the module's ISA (ptx_module_header), with
   .visible .entry SYMBOL (.param .u64 gw_data, .param .u64 gw_globals),
   gw_data the device address of the region's argument block and
   gw_globals that of the unit's global address table.  */

#include "emitter.h"
#include "../../libruntime/gangway-abi.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <map>

namespace gw_ptx {

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
	   && i->axis != DA_GANG)
    name = i->axis == DA_WORKER ? tid_y () : tid_x ();
  else
    return false;
  alias[i->dest] = name;
  return true;
}

/* Is V an undefined value (any register will do)?  */

bool
emitter::undef_p (const dir_value &v) const
{
  return v.reg_p () && fn->regs[v.reg].def
	 && fn->regs[v.reg].def->op == DOP_UNDEF;
}

/* The phi moves of the edge FROM -> TO: for each phi of TO, its register
   and the value it takes from FROM, unless that is undefined or itself.  */

std::vector<std::pair<uint32_t, dir_value>>
emitter::edge_moves (dir_block *from, dir_block *to) const
{
  std::vector<std::pair<uint32_t, dir_value>> moves;
  for (dir_insn *phi : to->phis)
    for (size_t k = 0; k < phi->targets.size (); k++)
      if (phi->targets[k] == from)
	{
	  const dir_value &v = phi->ops[k];
	  if (!undef_p (v) && !(v.reg_p () && v.reg == phi->dest))
	    moves.push_back ({ phi->dest, v });
	  break;
	}
  return moves;
}

/* The phi moves of the edge FROM -> TO, as a parallel copy: a source that
   is itself a phi of TO is read into a temporary first.  */

void
emitter::emit_moves (dir_block *from, dir_block *to)
{
  std::vector<std::pair<uint32_t, dir_value>> moves = edge_moves (from, to);
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
	unsigned axes = t->axes & active;
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
      if (!t->ops.empty ())
	{
	  const dir_value &v = t->ops[0];
	  std::string a = op (v);
	  if (v.type == DT_B1)
	    {
	      a = temp (RC_B32);
	      ins ("selp.u32 %s, 1, 0, %s", a.c_str (), op (v).c_str ());
	    }
	  ins ("st.param%s [gw_ret], %s", ptx_param_type (v.type), a.c_str ());
	}
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

std::string
emitter::own_table () const
{
  return fn->name + GW_PTX_TABLE_SUFFIX;
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
  if (use_gtab && exported_routine ())
    dir_appendf (p, "\tcvta.global.u64 %%gw_gtab, %s;\n"
		 "\tld.u64 %%gw_gtab, [%%gw_gtab];\n",
		 own_table ().c_str ());
  else if (use_gtab)
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
  if (use_vbar)
    p += "\tadd.u32 %gw_vbar, %gw_ty, 1;\n";
  for (const bcast_buffer *buf : { &wbuf, &vbuf })
    if (buf->used)
      {
	/* The vector buffer has a pair of halves per worker.  */
	char n = buf->name;
	dir_appendf (p, "\tmov.u64 %%gw_%cb0, gw_%cbuf;\n", n, n);
	if (buf == &vbuf && wlen > 1)
	  dir_appendf (p, "\tmad.wide.u32 %%gw_%cb0, %%gw_ty, %u, %%gw_%cb0;\n",
		       n, 2 * buf->half (), n);
	dir_appendf (p, "\tadd.u64 %%gw_%cb1, %%gw_%cb0, %u;\n"
		     "\tmov.u64 %%gw_%cb, %%gw_%cb0;\n"
		     "\tmov.pred %%gw_%cpar, 0;\n", n, n, buf->half (), n, n, n);
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
  /* The special registers the prologue sets.  */
  std::string b32, b64, pred;
  auto add = [] (std::string &list, const std::string &name) {
    list += (list.empty () ? "" : ", ") + name;
  };
  if (use_tx)
    add (b32, "%gw_tx");
  if (use_ty)
    add (b32, "%gw_ty");
  if (use_single[6] || use_single[7])
    add (b32, "%gw_txy");
  if (use_vbar)
    add (b32, "%gw_vbar");
  if (use_gtab)
    add (b64, "%gw_gtab");
  for (const bcast_buffer *buf : { &wbuf, &vbuf })
    if (buf->used)
      {
	for (const char *suffix : { "0", "1", "" })
	  add (b64, buf->base () + suffix);
	add (pred, std::string ("%gw_") + buf->name + "par");
      }
  for (unsigned axes = 1; axes < 8; axes++)
    if (use_single[axes])
      add (pred, "%gw_single" + std::to_string (axes));
  if (!b32.empty ())
    d += "\t.reg .b32 " + b32 + ";\n";
  if (!b64.empty ())
    d += "\t.reg .b64 " + b64 + ";\n";
  if (!pred.empty ())
    d += "\t.reg .pred " + pred + ";\n";
  for (size_t s = 0; s < fn->slots.size (); s++)
    {
      const dir_slot &slot = fn->slots[s];
      uint64_t size = std::max (slot.size, 1u);
      if (slot.shared && slot.per_worker)
	size = worker_stride (slot) * slot_workers ();
      dir_appendf (d, "\t%s .align %u .b8 gw_s%zu[%llu];\t// %s\n",
		   slot.shared ? ".shared" : ".local",
		   std::max (slot.align, 1u), s, (unsigned long long) size,
		   slot.name.c_str ());
    }
  if (pbuf_size)
    dir_appendf (d, "\t.local .align 8 .b8 gw_pbuf[%u];\n", pbuf_size);
  if (use_red)
    dir_appendf (d, "\t.shared .align 8 .b8 gw_redbuf[%d];\n",
		 (red_pairs ? 16 : 8) * wlen);
  if (use_vred)
    dir_appendf (d, "\t.shared .align 8 .b8 gw_vredbuf[%d];\n",
		 8 * wlen * (vlen / ptx_warp_size));
  if (wbuf.used)
    dir_appendf (d, "\t.shared .align 8 .b8 gw_wbuf[%u];\n", 2 * wbuf.half ());
  if (vbuf.used)
    dir_appendf (d, "\t.shared .align 8 .b8 gw_vbuf[%u];\n",
		 2 * vbuf.half () * wlen);
  return d;
}

/* The read-only data globals, at module scope, and the lock of the
   kernel's atomic complex products (zero: free).  */

std::string
emitter::module_data ()
{
  std::string d;
  for (size_t k = 0; k < formats.size (); k++)
    {
      dir_appendf (d, ".global .align 1 .b8 %s_fmt%zu[%zu] = {",
		   fn->name.c_str (), k, formats[k].size () + 1);
      for (unsigned char ch : formats[k])
	dir_appendf (d, "%u, ", ch);
      d += "0};\n";
    }
  if (use_cmul_lock)
    dir_appendf (d, ".global .align 4 .b8 %s_cmul_lock[4];\n",
		 fn->name.c_str ());
  if (use_gtab && exported_routine ())
    dir_appendf (d, ".visible .global .align 8 .b8 %s[8];\n",
		 own_table ().c_str ());
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
  /* Each thread's private slots are its .local memory, of which CUDA
     gives a thread at most ptx_max_local bytes (ptxas accepts more; the
     launch would fail); a gang's and its workers' slots are .shared
     memory, of which a CTA has at most ptx_max_shared statically (ptxas
     refuses more).  */
  uint64_t local = 0, shared = 0;
  for (const dir_slot &s : fn->slots)
    {
      uint64_t &size = s.shared ? shared : local;
      uint64_t align = std::max<uint32_t> (s.align, 1);
      size = (size + align - 1) / align * align
	     + (s.shared && s.per_worker ? worker_stride (s) * slot_workers ()
		: (uint64_t) s.size);
    }
  if (local > ptx_max_local)
    throw cannot { std::to_string (local) + " bytes of private data per "
		   "thread (a GPU thread has at most "
		   + std::to_string (ptx_max_local) + ")" };
  if (shared > ptx_max_shared)
    throw cannot { std::to_string (shared) + " bytes of data private to "
		   "gangs or workers (a GPU gang has at most "
		   + std::to_string (ptx_max_shared) + " of shared memory)" };
  if (wlen > 1)
    active |= dir_axis_bit (DA_WORKER);
  if (vlen > 1)
    active |= dir_axis_bit (DA_VECTOR);
  if (active && !(fn->props & DIR_PROP_SYNCED))
    throw cannot { "the kernel has not been through the reorg" };
  /* A warp holds lanes of one worker, or several workers.  */
  warp_axes = vlen >= ptx_warp_size ? dir_axis_bit (DA_VECTOR) : active;

  dir_fill_cfg (fn);
  std::string error;
  if (!parts.discover (fn, &error))
    throw cannot { "malformed partitions: " + error };
  div.compute (fn, parts, warp_axes);
  live_in = dir_compute_liveness (fn);
  next_reg = fn->regs.size ();
  alias.assign (fn->regs.size (), std::string ());
  /* Name the aliases before emitting anything: a copy may come before
     the insn it copies in the layout (value numbering makes copies of
     any dominating insn), and must take that insn's alias, not a
     register nothing sets.  Dominators come first in reverse
     post-order.  */
  for (dir_block *b : dir_rpo (fn))
    for (dir_insn *i : b->insns)
      if (i->dest != DIR_NOREG)
	alias_insn (i);

  for (dir_block *b : fn->blocks)
    {
      body += block_label (b) + ":\n";
      for (dir_insn *i : b->insns)
	{
	  /* The vector broadcasts through gw_vbuf wait for a barrier
	     before anything else, which ptx-barriers (barriers.cc) placed
	     after them: loads still pending here mean that it did not
	     run.  */
	  if (!vbuf.fills.empty () && i->op != DOP_BCAST
	      && i->op != DOP_FRAME_BCAST
	      && !(i->op == DOP_BARRIER && (i->axes & active)))
	    throw cannot { "vector broadcasts across warps without a "
			   "barrier after them in their block (the "
			   "ptx-barriers pass places it)" };
	  if (i->terminator_p ())
	    {
	      if (!wbuf.fills.empty ())
		throw cannot { "broadcasts across workers without a barrier "
			       "in their block" };
	      emit_terminator (b, i);
	    }
	  else
	    {
	      /* A broadcast through memory has its value after the
		 barrier.  */
	      for (const dir_value &v : i->ops)
		for (const bcast_buffer *buf : { &wbuf, &vbuf })
		  if (v.reg_p () && std::count (buf->pending.begin (),
						buf->pending.end (), v.reg))
		    throw cannot { "a broadcast read before the barrier "
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
  if (fn->kind == DFK_ROUTINE)
    dir_appendf (code, "\n// %s: the %s routine %s\n%s\n{\n",
		 fn->name.c_str (), dir_level_name (fn->level),
		 fn->host_name.c_str (),
		 ptx_routine_prototype (fn->name, fn->sig,
					fn->exported ? ".visible " : "")
		 .c_str ());
  else
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

} // namespace gw_ptx


bool
ptx_emit_kernel (dir_func *fn, std::string *code,
		 std::vector<gw_call> *calls, std::string *why)
{
  try
    {
      gw_ptx::emitter e (fn);
      *code = e.run ();
      if (calls)
	calls->insert (calls->end (), e.calls.begin (), e.calls.end ());
      return true;
    }
  catch (const gw_ptx::cannot &c)
    {
      *why = "ptx: " + c.why;
      return false;
    }
}

/* The .param type of a routine's parameter or result of type T, in
   its declaration, ld.param and st.param: narrow integers and booleans
   (0 or 1) travel as 32 bits.  */

const char *
ptx_param_type (dir_type t)
{
  switch (t)
    {
    case DT_B1: case DT_I8: case DT_I16: case DT_I32: return ".b32";
    case DT_I64: return ".b64";
    case DT_F32: return ".f32";
    case DT_F64: return ".f64";
    default: throw gw_ptx::cannot { "a parameter of type void" };
    }
}

/* The PTX header of the routine NAME of signature SIG (without a body
   or a ';'): ".func (.param .b32 gw_ret) NAME (.param .b64 gw_globals,
   .param .f64 gw_p0)", after LINKAGE (".visible ", ".extern " or "").  */

std::string
ptx_routine_prototype (const std::string &name, const dir_signature &sig,
		       const char *linkage)
{
  std::string s = std::string (linkage) + ".func ";
  if (sig.result != DT_VOID)
    s += std::string ("(.param ") + ptx_param_type (sig.result)
	 + " gw_ret) ";
  s += name + " (.param .b64 gw_globals";
  for (size_t k = 0; k < sig.params.size (); k++)
    s += std::string (", .param ") + ptx_param_type (sig.params[k])
	 + " gw_p" + std::to_string (k);
  return s + ")";
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
  static const struct { const char *sm; const char *isa; } known[] = {
    { "sm_75", "7.0" }, { "sm_80", "7.0" }, { "sm_86", "7.1" },
    { "sm_87", "7.4" }, { "sm_89", "7.8" }, { "sm_90", "7.8" },
  };
  for (const auto &k : known)
    if (name == k.sm)
      {
	arch->sm = k.sm;
	arch->isa = k.isa;
	return true;
      }
  return false;
}
