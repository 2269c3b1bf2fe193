/* The ptx target's emitter: device RTL to PTX.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   The emitter is one class whose parts live in three files:

     emit.cc    the driver (analyses, value numbering, the kernel's
		declarations and prologue), operands, and control flow:
		phi moves, branches, terminators
     insns.cc   the PTX of each ordinary instruction
     reorg.cc   the reorg's instructions: broadcasts, frame broadcasts,
		barriers

   emit.cc's header describes the PTX it produces.  */

#ifndef GANGWAY_PTX_EMITTER_H
#define GANGWAY_PTX_EMITTER_H

#include "ptx.h"
#include "../../device/passes/divergence.h"

#include <cstdint>
#include <string>
#include <vector>

namespace gw_ptx {

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

inline rclass
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

/* The distance between two workers' copies of a worker-private slot S
   (a .shared array of one copy per worker): its size rounded up to its
   alignment, so that every copy is aligned as the first.  */
inline uint64_t
worker_stride (const dir_slot &s)
{
  uint64_t align = std::max<uint32_t> (s.align, 1);
  return (std::max<uint32_t> (s.size, 1) + align - 1) / align * align;
}

inline bool narrow_p (dir_type t) { return t == DT_I8 || t == DT_I16; }
inline bool wide_p (dir_type t) { return t == DT_I64 || t == DT_F64; }
inline unsigned width (dir_type t) { return dir_type_bytes (t) * 8; }

/* Type suffixes of the integer and float operations on T.  */
inline const char *sty (dir_type t) { return t == DT_I64 ? ".s64" : ".s32"; }
inline const char *uty (dir_type t) { return t == DT_I64 ? ".u64" : ".u32"; }
inline const char *bty (dir_type t) { return wide_p (t) ? ".b64" : ".b32"; }
inline const char *fty (dir_type t) { return t == DT_F64 ? ".f64" : ".f32"; }

/* The type of a load or store of T.  */
inline const char *
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

class emitter
{
public:
  explicit emitter (dir_func *f) : fn (f) {}
  std::string run ();
  std::vector<gw_call> calls;		/* The routines FN calls.  */

private:
  dir_func *fn;
  int wlen = 1, vlen = 1;
  /* The workers a per-worker shared slot has a copy for: the function's,
     except in a vector routine, which is compiled once (for one worker)
     and which each worker of its caller calls: one copy for each worker a
     gang of warps can have, found by the caller's worker position.  */
  int slot_workers () const
  {
    return fn->kind == DFK_ROUTINE && fn->level == DL_VECTOR
	   ? 1024 / std::max (vlen, ptx_warp_size) : wlen;
  }
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
  bool use_tx = false, use_ty = false, use_gtab = false;
  bool use_red = false;		/* gw_redbuf: the workers' reductions.  */
  bool red_pairs = false;	/* ... of complex products: two parts.  */
  bool use_cmul_lock = false;	/* The lock of atomic complex products.  */
  /* The formats the C library's calls need besides the program's (puts:
     "%s\n"...), and the bytes of the largest argument buffer of a
     vprintf call (gw_pbuf).  */
  std::vector<std::string> formats;
  unsigned pbuf_size = 0;
  /* The last complex product a reduce computed: its block, operands and
     axes, and the registers of its parts (the partner reduce of the
     other part takes them).  */
  const dir_block *pair_bb = nullptr;
  std::string pair_key, pair_r, pair_s;
  bool use_vred = false;	/* gw_vredbuf: the warps' of a vector.  */
  bool use_single[8] = {};

  /* A .shared buffer broadcasts go through: the loads that complete the
     stores since the last barrier, their destinations, the bytes of the
     current group and of the largest.  wbuf carries broadcasts across
     workers (completed by the device RTL's worker barrier), vbuf those
     across the warps of a worker (vector length above 32; completed by
     a barrier of the device RTL: the worker's vector barrier, which
     ptx-barriers places after them, or a worker barrier).
     Registers: the current half %gw_<name>b, the halves %gw_<name>b0 and
     %gw_<name>b1, the parity %gw_<name>par.  */
  struct bcast_buffer
  {
    explicit bcast_buffer (char n) : name (n) {}
    char name;
    std::vector<std::string> fills;
    std::vector<uint32_t> pending;
    unsigned bytes = 0, max_bytes = 0;
    bool used = false;

    std::string base () const { return std::string ("%gw_") + name + "b"; }
    unsigned half () const { return (max_bytes + 7) & ~7u; }
  };
  bcast_buffer wbuf { 'w' }, vbuf { 'v' };
  bool use_vbar = false;		/* %gw_vbar: the worker's barrier.  */
  unsigned reserve (bcast_buffer &buf, unsigned size, unsigned align);
  std::string place (bcast_buffer &buf, unsigned axes, unsigned size);
  void complete (bcast_buffer &buf);
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

  bool alias_insn (dir_insn *i);
  void emit_insn (dir_insn *i);
  void emit_arith (dir_insn *i);
  void emit_call (dir_insn *i);
  void emit_dcall (dir_insn *i);
  void emit_library (dir_insn *i);
  std::string module_format (const std::string &format);
  void vprintf_insns (const std::string &fmt,
		      const std::vector<dir_value> &args,
		      const std::string &len, const dir_insn *status);
  bool data_string (const dir_value &v, std::string *s) const;
  void runtime_error (dir_insn *i);
  void routine_call (const std::string &callee,
		     const std::vector<dir_value> &ops, dir_type t,
		     const std::string &dest);
  void emit_unaligned (dir_insn *i, const std::string &a);
  void emit_block (dir_insn *i);
  void round_half_away (const dir_value &v, const std::string &res);
  void emit_cmp (dir_insn *i);
  void emit_convert (dir_insn *i);
  void emit_bcast (dir_insn *i);
  void emit_frame_bcast (dir_insn *i);
  void emit_barrier (dir_insn *i);
  void emit_reduce (dir_insn *i);
  void emit_reduce_pair (dir_insn *i);
  void complex_mul (dir_type t, const std::string &dr, const std::string &di,
		    const std::string &ar, const std::string &ai,
		    const std::string &br, const std::string &bi);
  void emit_atomic_cmul (dir_insn *i);
  void emit_atomic (dir_insn *i);
  void fence_before (dir_order o);
  void fence_after (dir_order o);
  void combine (dir_opcode op, dir_type t, const std::string &d,
		const std::string &a, const std::string &b);
  void shuffle_xor (dir_type t, const std::string &d, const std::string &x,
		    unsigned lanes);
  void worker_barrier ();
  /* Memory in a state space at a symbol or register.  */
  struct mem_ref
  {
    const char *space;		/* "local", "shared".  */
    std::string base;
  };
  void copy_words (const mem_ref &from, const mem_ref &to, unsigned size,
		   bool word4, const std::string &pred, bool shuffle,
		   std::string *out);

  void emit_terminator (dir_block *b, dir_insn *t);
  bool undef_p (const dir_value &v) const;
  std::vector<std::pair<uint32_t, dir_value>>
  edge_moves (dir_block *from, dir_block *to) const;
  bool has_moves (dir_block *from, dir_block *to) const
  {
    return !edge_moves (from, to).empty ();
  }
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

  /* An exported routine reads its unit's global table from a variable
     of its module, own_table (), which the runtime sets when it loads
     the module (gangway-abi.h, GW_PTX_TABLE_SUFFIX), not from its
     gw_globals parameter: a caller of another unit passes its own
     unit's table.  */
  bool exported_routine () const
  {
    return fn->kind == DFK_ROUTINE && fn->exported;
  }
  std::string own_table () const;
};

} // namespace gw_ptx

#endif /* GANGWAY_PTX_EMITTER_H */
