/* Device RTL: the intermediate form of Gangway's device compiler.
   Copyright (C) 2026 The Gangway developers.

   This file is part of Gangway.

   Gangway is free software; you can redistribute it and/or modify it under
   the terms of the GNU General Public License as published by the Free
   Software Foundation; either version 3, or (at your option) any later
   version.

   Gangway is distributed in the hope that it will be useful, but WITHOUT ANY
   WARRANTY; without even the implied warranty of MERCHANTABILITY or FITNESS
   FOR A PARTICULAR PURPOSE.  See the GNU General Public License for more
   details.

   You should have received a copy of the GNU General Public License along
   with Gangway; see the file COPYING.  If not see
   <http://www.gnu.org/licenses/>.  */

/* The device RTL ("DRTL") is a register-transfer form in SSA: a function
   is a list of basic blocks; a block holds phis, then instructions, and
   ends with one terminator; every virtual register is defined exactly once
   and has one of a handful of machine types.  It is what the capture pass
   makes of GCC's optimized GIMPLE for a device clone, what the reorg passes
   transform, and what the targets emit.  docs/ir.md specifies the text
   form that dir_print writes and dir_parse reads.

   Nothing here depends on GCC: the same code runs inside the plugin and in
   the stand-alone gangway-opt driver (device/tools/).

   Analyses (CFG edges, dominators, post-dominators) are computed
   explicitly and recorded in dir_func::valid; a pass that changes the CFG
   calls dir_cfg_changed, and reading a stale analysis is an internal
   error.  */

#ifndef GANGWAY_IR_H
#define GANGWAY_IR_H

#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

/* Machine types.  Integers are signless: the opcode or the comparison
   says how the bits are read.  Addresses are DT_I64.  DT_B1 is the type of
   comparisons and branch conditions; in memory a boolean is a DT_I8.  */
enum dir_type : uint8_t
{
  DT_VOID, DT_B1, DT_I8, DT_I16, DT_I32, DT_I64, DT_F32, DT_F64,
  DT_NUM
};

const char *dir_type_name (dir_type);
unsigned dir_type_bytes (dir_type);
dir_type dir_int_type (unsigned bytes);
inline bool dir_type_float_p (dir_type t) { return t == DT_F32 || t == DT_F64; }
inline bool dir_type_int_p (dir_type t) { return t >= DT_I8 && t <= DT_I64; }

/* How an opcode's operands are spelled in the text form.  */
enum dir_op_class : uint8_t
{
  DOC_IMM,		/* %r = param.T N  */
  DOC_VALUE,		/* %r = op.T a, b, ...  */
  DOC_CMP,		/* %r = cmp.COND.T a, b  */
  DOC_MEM,		/* %r = load.T [a+D]; store.T [a+D], v  */
  DOC_GLOBAL,		/* %r = addr.global @G  */
  DOC_SLOT,		/* %r = addr.local $S  */
  DOC_CALL,		/* %r = call.T name (a, ...)  */
  DOC_DCALL,		/* %r = dcall.T LEVEL name (a, ...)  */
  DOC_AXIS,		/* fork AXIS; %r = dim.pos.T AXIS  */
  DOC_AXES,		/* frame.bcast AXES, barrier AXES  */
  DOC_AXES_VALUE,	/* %r = bcast.T AXES a  */
  DOC_AXES_BRANCH,	/* br.single AXES, @a, @b  */
  DOC_BRANCH,		/* br @a; cbr c, @a, @b; ret  */
  DOC_SWITCH,		/* switch.T v, @default, [K: @b, ...]  */
  DOC_PHI,		/* %r = phi.T [@b: v], ...  */
  DOC_REDUCE,		/* %r = reduce.OP.T AXES a  */
  DOC_ATOMIC		/* %r = atomic.OP.T [a+D], v  */
};

/* Opcode properties.  */
enum
{
  DOPF_TERMINATOR = 1 << 0,	/* Ends a block.  */
  DOPF_MARKER = 1 << 1,		/* fork/join.  */
  DOPF_READS = 1 << 2,		/* Reads memory.  */
  DOPF_WRITES = 1 << 3,		/* Writes memory: a side effect.  */
  DOPF_TRAPS = 1 << 4,		/* May trap on some operands.  */
  DOPF_CONVERGENT = 1 << 5	/* All threads of an axis execute it
				   together: never moved across control flow,
				   duplicated or made conditional.  */
};

/* The fields of dir_insn besides its value operands, destination and
   targets that an opcode uses (dir_op_info::attrs).  */
enum
{
  DOA_PRED = 1 << 0,		/* pred: a comparison's predicate.  */
  DOA_AXIS = 1 << 1,		/* axis: the axis of a marker or position.  */
  DOA_AXES = 1 << 2,		/* axes: a set of axes.  */
  DOA_MEM = 1 << 3,		/* disp, align: a memory access.  */
  DOA_PARAM = 1 << 4,		/* param: a kernel parameter's number.  */
  DOA_GLOBAL = 1 << 5,		/* global: an index in dir_func::globals.  */
  DOA_SLOT = 1 << 6,		/* slot: an index in dir_func::slots.  */
  DOA_SLOTS = 1 << 7,		/* slots: indices in dir_func::slots.  */
  DOA_CASES = 1 << 8,		/* cases: a switch's case values.  */
  DOA_CALLEE = 1 << 9,		/* callee: a called function's name.  */
  DOA_REDOP = 1 << 10,		/* redop: the opcode that combines values.  */
  DOA_ORDER = 1 << 11		/* order: an atomic access's memory order.  */
};

enum dir_opcode : uint8_t
{
#define DEF_OP(ENUM, NAME, CLASS, NOPS, FLAGS, ATTRS) DOP_##ENUM,
#include "opcodes.def"
#undef DEF_OP
  DOP_NUM
};

struct dir_op_info
{
  const char *name;
  dir_op_class cls;
  int nops;
  unsigned flags;
  unsigned attrs;		/* DOA_* bits.  */
};

extern const dir_op_info dir_op_table[DOP_NUM];

inline const char *dir_op_name (dir_opcode op)
{
  return op < DOP_NUM ? dir_op_table[op].name : "?";
}
inline bool dir_op_flag (dir_opcode op, unsigned f)
{
  return (dir_op_table[op].flags & f) != 0;
}
inline bool dir_op_attr (dir_opcode op, unsigned a)
{
  return (dir_op_table[op].attrs & a) != 0;
}

/* Comparison predicates.  On integers LT..GE are signed and ULT..UGE
   unsigned.  On floats EQ, LT..GE are ordered (false if either operand is
   NaN), NE and ULT..UGE, UEQ are unordered (true if either is NaN), ONE is
   ordered-and-unequal, ORD/UNO test for NaN.  These are the meanings of
   GCC's EQ_EXPR ... UNORDERED_EXPR.  */
enum dir_cond : uint8_t
{
  DC_EQ, DC_NE, DC_LT, DC_LE, DC_GT, DC_GE,
  DC_ULT, DC_ULE, DC_UGT, DC_UGE,
  DC_UEQ, DC_ONE, DC_ORD, DC_UNO,
  DC_NUM
};

const char *dir_cond_name (dir_cond);

/* Memory orders of atomic accesses: C11's, without consume (which is
   acquire).  */
enum dir_order : uint8_t
{
  DMO_RELAXED, DMO_ACQUIRE, DMO_RELEASE, DMO_ACQ_REL, DMO_SEQ_CST,
  DMO_NUM
};

const char *dir_order_name (dir_order);

/* The three axes of OpenACC parallelism, in GCC's GOMP_DIM order.  */
enum dir_axis : uint8_t { DA_GANG, DA_WORKER, DA_VECTOR, DA_NUM };

const char *dir_axis_name (dir_axis);

/* A set of axes, as a mask of 1 << dir_axis bits.  */
inline unsigned dir_axis_bit (dir_axis a) { return 1u << a; }
std::string dir_axes_name (unsigned mask);

/* The level of a routine: the outermost axis its loops may partition
   (GCC's oacc_fn_attrib_level), or DL_SEQ for none.  */
enum dir_level : uint8_t
{
  DL_GANG = DA_GANG, DL_WORKER = DA_WORKER, DL_VECTOR = DA_VECTOR,
  DL_SEQ = DA_NUM
};

const char *dir_level_name (dir_level);
/* The axes a routine of level L partitions: L and the inner axes.  */
inline unsigned dir_level_axes (dir_level l)
{
  return ((1u << DA_NUM) - 1) & ~((1u << l) - 1);
}
/* The level whose axes are AXES (seq for none), the inverse of
   dir_level_axes for the masks it gives.  */
inline dir_level dir_axes_level (unsigned axes)
{
  for (int l = DL_GANG; l < DL_SEQ; l++)
    if (axes & (1u << l))
      return (dir_level) l;
  return DL_SEQ;
}

/* Insn flags.  */
enum
{
  DIF_VOLATILE = 1 << 0,	/* Volatile memory access.  */
  DIF_NSW = 1 << 1,		/* add, sub, mul: the source made signed
				   overflow undefined (the value is the
				   exact result).  */
  DIF_ATOMIC = 1 << 2,		/* load, store: an atomic access (one
				   indivisible access, with ORDER).  */
  DIF_DEFERRED = 1 << 3,	/* atomic: a gang reduction's combination
				   into its receiver.  Its old value is not
				   used, and its effect need only be seen
				   when the launch ends: a target may keep
				   each gang's values and combine them, in
				   gang order, then.  */
  DIF_LIBRARY = 1 << 4,		/* dcall: of a function of the C library
				   the device provides (printf, puts,
				   abort...), not of a routine; its
				   arguments after the declaration's
				   parameters are variadic.  */
  DIF_COMBINED = 1 << 5		/* atomic (relaxed, not deferred, its old
				   value unread, in a kernel): a combined
				   update.  Its effect need only be seen by
				   other threads when the kernel's call on
				   this thread ends: the target may combine
				   the thread's combined updates of one
				   address and send each combination to
				   memory once.  All the combined atomics
				   of a function combine by one operation
				   on one type.  A target pass chooses them
				   (config/cpu: cpu-combine-atomics).  */
};

const uint32_t DIR_NOREG = ~0u;

/* An operand: a register or an immediate.  Integer immediates hold the
   value sign-extended to 64 bits; float immediates hold the IEEE bits
   (single precision in the low 32 bits).  */
struct dir_value
{
  enum kind_t : uint8_t { NONE, REG, IMM } kind = NONE;
  dir_type type = DT_VOID;
  uint32_t reg = DIR_NOREG;
  uint64_t imm = 0;

  bool reg_p () const { return kind == REG; }
  bool imm_p () const { return kind == IMM; }
  bool operator== (const dir_value &o) const
  {
    return kind == o.kind && type == o.type && reg == o.reg && imm == o.imm;
  }
  bool operator!= (const dir_value &o) const { return !(*this == o); }
};

dir_value dir_imm (dir_type, int64_t);
dir_value dir_imm_f32 (float);
dir_value dir_imm_f64 (double);

struct dir_block;
struct dir_func;

/* An instruction.  TYPE is the type in its mnemonic: the result type for
   most opcodes, the operand type for CMP and SWITCH, the stored type for
   STORE.  OPS are its value operands.  TARGETS are the successors of a
   terminator (for CBR: true, false; for SWITCH: default, then one per
   case; for BR_SINGLE: single thread, others) or the incoming blocks of a
   PHI, parallel to OPS.

   The other operands are fields with one meaning each; an opcode uses
   those its dir_op_info::attrs names (opcodes.def), and leaves the others
   at their defaults (dir_verify checks it):
     PRED     CMP's predicate;
     AXIS     the axis of FORK, JOIN, DIM_POS and DIM_SIZE;
     AXES     the axes (1 << dir_axis bits) of BCAST, FRAME_BCAST, BARRIER
	      and BR_SINGLE; those the callee of a DCALL partitions
	      (dir_level_axes of its level);
     DISP     the byte displacement of a LOAD's or STORE's address;
     ALIGN    the alignment in bytes (1, 2 or 4) of a LOAD or STORE known
	      to be less aligned than its type; 0 for a natural one;
     PARAM    the parameter number of PARAM;
     GLOBAL   the index of ADDR_GLOBAL's global in dir_func::globals;
     SLOT     the index of ADDR_LOCAL's slot in dir_func::slots;
     SLOTS    the slots FRAME_BCAST broadcasts;
     CASES    SWITCH's case values, parallel to TARGETS[1..];
     CALLEE   the function CALL or DCALL calls;
     REDOP    the binary opcode by which REDUCE and ATOMIC combine
	      values;
     ORDER    the memory order of ATOMIC, XCHG, CAS and of an atomic
	      LOAD or STORE (DIF_ATOMIC); relaxed for the others.  */
struct dir_insn
{
  dir_opcode op;
  dir_type type = DT_VOID;
  uint8_t flags = 0;		/* DIF_* bits.  */
  dir_cond pred = DC_EQ;
  dir_axis axis = DA_GANG;
  uint8_t axes = 0;
  uint8_t align = 0;
  dir_opcode redop = DOP_NUM;	/* DOP_NUM: none.  */
  dir_order order = DMO_RELAXED;
  uint32_t dest = DIR_NOREG;
  uint32_t param = 0, global = 0, slot = 0;
  int64_t disp = 0;
  std::vector<dir_value> ops;
  std::vector<dir_block *> targets;
  std::vector<uint32_t> slots;
  std::vector<int64_t> cases;
  std::string callee;
  uint32_t loc = 0;		/* Opaque source location (GCC location_t).  */
  dir_block *bb = nullptr;

  bool terminator_p () const { return dir_op_flag (op, DOPF_TERMINATOR); }
};

struct dir_block
{
  uint32_t index = 0;		/* Position in dir_func::blocks.  */
  std::vector<dir_insn *> phis;
  std::vector<dir_insn *> insns;	/* The terminator is last.  */

  /* Valid while the function's DIR_VALID_CFG bit is set.  */
  std::vector<dir_block *> preds, succs;
  /* Valid with DIR_VALID_DOM / DIR_VALID_PDOM.  */
  dir_block *idom = nullptr, *ipdom = nullptr;
  uint32_t rpo = 0;		/* Reverse post-order number.  */

  dir_insn *terminator () const
  {
    return insns.empty () || !insns.back ()->terminator_p ()
	   ? nullptr : insns.back ();
  }
};

/* A virtual register.  */
struct dir_reg
{
  dir_type type;
  dir_insn *def = nullptr;
};

/* A slot of the frame: memory local to one thread, or, if SHARED, to
   one gang (a variable OpenACC makes gang-private, which the threads of
   the gang share) or, if PER_WORKER too, to one worker (a worker-private
   variable, which the worker's vector lanes share).  */
struct dir_slot
{
  uint32_t size, align;
  std::string name;
  bool shared = false;
  bool per_worker = false;
};

/* A global the function refers to.  HOST globals live in the host program
   (the cpu device reads them through the unit's address table; NAME is the
   host symbol).  DATA globals are read-only bytes the image carries
   itself (string literals).  */
struct dir_global
{
  enum kind_t : uint8_t { HOST, DATA } kind;
  std::string name;
  std::string bytes;
  uint32_t align = 1;
  int64_t table_index = -1;	/* HOST: slot in the unit's address table.  */
};

/* Analyses and properties recorded in dir_func::valid / ::props.  */
enum
{
  DIR_VALID_CFG = 1 << 0,
  DIR_VALID_DOM = 1 << 1,
  DIR_VALID_PDOM = 1 << 2
};

enum
{
  DIR_PROP_SPLIT = 1 << 0,	/* Each marker alone in its block.  */
  DIR_PROP_NEUTERED = 1 << 1,	/* Single-mode side effects neutered.  */
  DIR_PROP_PROPAGATED = 1 << 2,	/* Single values broadcast before use.  */
  DIR_PROP_SYNCED = 1 << 3,	/* Barriers where memory or broadcasts
				   cross threads.  */
  /* The bits from this one up are the targets' own properties
     (dir_prop_info, gw_target::properties), each target's on bits no
     other target uses.  */
  DIR_PROP_TARGET_FIRST = 1 << 16
};

/* A property of device RTL, as the verifier, gangway-opt's --assume and
   messages know it: its NAME and its BIT.  A target's own property also
   says what the verifier may take from it: where it holds, the threads of
   the axes AGREE run the code of a block partitioned over an axis of
   WITHIN alike, so that its stores need no neutering on them (the single
   code of AGREE is taken as not single there).  */
struct dir_prop_info
{
  const char *name;
  unsigned bit;
  unsigned within = 0, agree = 0;
};

/* The target-independent properties, DIR_PROP_SPLIT ... DIR_PROP_SYNCED,
   in order (ir.cc).  */
const std::vector<dir_prop_info> &dir_core_props ();

/* What a function of a module is.  */
enum dir_func_kind : uint8_t
{
  DFK_KERNEL,			/* A region's body, launched by the runtime,
				   with one parameter: the argument block.  */
  DFK_ROUTINE			/* An OpenACC routine, called by device
				   code.  */
};

/* The parameter types and the result type (DT_VOID: none) of a
   routine.  */
struct dir_signature
{
  std::vector<dir_type> params;
  dir_type result = DT_VOID;

  bool operator== (const dir_signature &o) const
  {
    return params == o.params && result == o.result;
  }
  bool operator!= (const dir_signature &o) const { return !(*this == o); }
};

std::string dir_signature_text (const dir_signature &);

/* The result of an analysis pass that a function carries to the passes
   and the emitter after it (dir_func::analysis), for instance a target's
   plan of the code it will emit.  Its owner knows its type (KIND says
   which it is: the name of the pass that computes it); the pipeline only
   drops it, and prints it in the dumps after the function (PRINT: comment
   lines, "; ...", which dir_parse skips).  */
struct dir_analysis
{
  virtual ~dir_analysis () = default;
  virtual const char *kind () const = 0;
  virtual void print (FILE *f, const dir_func *fn) const = 0;
};

struct dir_func
{
  std::string name;		/* Symbol: the kernel's or the routine's.  */
  std::string host_name;	/* Name of the host version.  */
  /* 0: chosen at launch (a kernel's gangs) or, for a routine, by its
     caller (the axes it partitions).  */
  int dims[DA_NUM] = { 1, 1, 1 };
  dir_func_kind kind = DFK_KERNEL;
  dir_level level = DL_SEQ;	/* A routine's.  */
  dir_signature sig;		/* A routine's.  */
  bool exported = false;	/* A routine other modules may call.  */

  std::vector<dir_block *> blocks;	/* Layout order; [0] is the entry.  */
  std::vector<dir_reg> regs;
  std::vector<dir_slot> slots;
  std::vector<dir_global> globals;

  unsigned valid = 0;		/* DIR_VALID_* bits.  */
  unsigned props = 0;		/* DIR_PROP_* bits.  */

  dir_func () = default;
  dir_func (const dir_func &) = delete;
  dir_func &operator= (const dir_func &) = delete;

  /* Storage.  Blocks and insns live as long as the function.  */
  std::vector<std::unique_ptr<dir_block>> block_store;
  std::vector<std::unique_ptr<dir_insn>> insn_store;

  /* What an analysis pass computed for the passes or the emitter after
     it, if anything; it describes the function as that pass saw it, so
     the pipeline drops it after any pass that changes the function.
     Not copied by dir_clone.  Last, so that it dies before the blocks
     and insns it may point to.  */
  std::unique_ptr<dir_analysis> analysis;
};

/* A routine a module calls and another module (or the device's library)
   defines: its symbol, level and signature, and the name of its host
   version, for messages.  */
struct dir_decl
{
  std::string name;
  std::string host_name;
  dir_level level = DL_SEQ;
  dir_signature sig;
  /* A function of the device's C library (seq): calls of it are dcalls
     flagged DIF_LIBRARY, with variadic arguments after SIG's parameters
     if VARIADIC.  */
  bool library = false;
  bool variadic = false;
};

/* A module: the functions of one translation unit for one target, and
   the routines they call that other modules define.  */
struct dir_module
{
  std::vector<std::unique_ptr<dir_func>> funcs;
  std::vector<dir_decl> decls;

  dir_func *find_func (const std::string &name) const;
  const dir_decl *find_decl (const std::string &name) const;
  /* The level and signature of the routine NAME, a function or a
     declaration of the module; false if it has neither.  */
  bool callee (const std::string &name, dir_level *level,
	       dir_signature *sig) const;
};

/* The functions of the C library the device provides, which device code
   calls with dcall flagged DIF_LIBRARY: their parameters before the
   variadic ones (pointers and size_t are i64, int and char i32) and
   their result.  docs/ir.md lists them.  */
struct dir_library_function
{
  const char *name;
  dir_signature sig;
  bool variadic;
  bool noreturn;
};
const dir_library_function *dir_find_library_function (const std::string &);

/* ir.cc: construction and editing.  */
std::unique_ptr<dir_func> dir_clone (const dir_func *);
dir_block *dir_new_block (dir_func *);
uint32_t dir_new_reg (dir_func *, dir_type);
dir_insn *dir_new_insn (dir_func *, dir_opcode, dir_type = DT_VOID);
dir_value dir_reg_value (const dir_func *, uint32_t reg);
void dir_append (dir_block *, dir_insn *);
void dir_insert_at (dir_block *, size_t pos, dir_insn *);
void dir_add_phi (dir_block *, dir_insn *);
void dir_remove_insn (dir_func *, dir_insn *);
void dir_renumber_blocks (dir_func *);
dir_block *dir_split_block (dir_func *, dir_block *, size_t pos);
dir_insn *dir_copy_insn (dir_func *, const dir_insn *);
std::vector<dir_block *> dir_copy_blocks (dir_func *,
					 const std::vector<dir_block *> &,
					 std::vector<dir_value> *value);
bool dir_merge_chains (dir_func *,
		       bool (*may_merge) (const dir_block *, const dir_block *));
void dir_replace_phi_pred (dir_block *, dir_block *old_pred,
			   dir_block *new_pred);
void dir_cfg_changed (dir_func *);
bool dir_compact (dir_func *);
bool dir_side_effect_p (const dir_insn *);
bool dir_convergent_p (const dir_insn *);
void dir_make_copy (dir_insn *, dir_value);

/* Calls F on every operand of INSN that is a register.  */
template <typename F>
void
dir_for_each_use (dir_insn *insn, F f)
{
  for (dir_value &v : insn->ops)
    if (v.reg_p ())
      f (v);
}

/* Uses of every register: for each register the insns that read it.  */
std::vector<std::vector<dir_insn *>> dir_compute_uses (const dir_func *);

/* A small builder that appends to, or inserts into, a block.  */
struct dir_builder
{
  dir_func *fn;
  dir_block *bb;
  size_t pos;			/* Insertion index in BB->insns.  */
  uint32_t loc = 0;

  dir_builder (dir_func *f, dir_block *b)
    : fn (f), bb (b), pos (b ? b->insns.size () : 0) {}
  dir_builder (dir_func *f, dir_block *b, size_t p) : fn (f), bb (b), pos (p) {}

  dir_insn *emit (dir_insn *);
  dir_value bcast (dir_value, unsigned axes);
  dir_value def (dir_opcode, dir_type, std::initializer_list<dir_value>);
  dir_value cmp (dir_cond, dir_value, dir_value);
  dir_value load (dir_type, dir_value addr, int64_t disp, unsigned flags = 0,
		  unsigned align = 0);
  void store (dir_type, dir_value addr, int64_t disp, dir_value v,
	      unsigned flags = 0, unsigned align = 0);
  void block (dir_opcode, dir_type, dir_value dst, int64_t disp,
	      dir_value src_or_fill, uint64_t count);
  dir_value axis_op (dir_opcode, dir_type, dir_axis);
  void marker (dir_opcode, dir_axis);
  void br (dir_block *);
  void cbr (dir_value, dir_block *, dir_block *);
};

/* cfg.cc: analyses.  */
void dir_fill_cfg (dir_func *);
void dir_compute_dominators (dir_func *);
void dir_compute_postdominators (dir_func *);
bool dir_dominates (const dir_func *, const dir_block *, const dir_block *);
std::vector<dir_block *> dir_rpo (const dir_func *);
std::vector<std::vector<bool>> dir_compute_liveness (const dir_func *);

/* A loop of the loop nesting forest: the blocks of a cycle, its header
   (where it is entered; one of the entries of an irreducible cycle) and
   the innermost loop containing it (-1 at the top).  */
struct dir_loop
{
  dir_block *header;
  int parent;
  std::vector<dir_block *> blocks;	/* Including those of inner loops.  */
};

std::vector<dir_loop> dir_find_loops (const dir_func *,
				      const std::vector<bool> &in,
				      std::vector<int> *innermost);

/* Append printf-style text to OUT.  */
void dir_appendf (std::string &out, const char *fmt, ...)
  __attribute__ ((format (printf, 2, 3)));
void dir_vappendf (std::string &out, const char *fmt, va_list ap);

/* print.cc / parse.cc: the text form (docs/ir.md).  */
void dir_print (FILE *, const dir_func *);
void dir_print_with_analysis (FILE *, const dir_func *);
std::string dir_to_string (const dir_func *);
std::string dir_decl_text (const dir_decl &);
std::unique_ptr<dir_func> dir_parse (const std::string &text,
				     std::string *error);
bool dir_parse_module (const std::string &text, const char *file,
		       dir_module *mod, std::string *error);
bool dir_parse_functions (const std::string &text, const char *file,
			  std::vector<std::unique_ptr<dir_func>> *fns,
			  std::string *error);

/* verify.cc.  Checks the invariants PROPS claims on top of the structural
   ones, with what TARGET_PROPS says of the targets' bits of PROPS;
   prints every violation to REPORT with an annotated dump and returns
   false if there is any.  */
bool dir_verify (dir_func *, unsigned props, FILE *report,
		 const std::vector<dir_prop_info> &target_props = {});
/* Checks what ties the functions of MOD together: every device call
   names a function or declaration of the module, with its level's axes
   and its signature's types.  Prints every violation to REPORT.  */
bool dir_verify_module (const dir_module *mod, FILE *report);

/* Internal errors.  The plugin routes them to GCC's internal_error;
   gangway-opt prints and aborts.  */
[[noreturn]] void dir_internal_error (const char *file, int line,
				      const char *fmt, ...)
  __attribute__ ((format (printf, 3, 4)));
extern void (*dir_internal_error_hook) (const char *msg);

#define dir_assert(EXPR)						\
  ((EXPR) ? (void) 0							\
   : dir_internal_error (__FILE__, __LINE__, "assertion failed: %s", #EXPR))

#endif /* GANGWAY_IR_H */
