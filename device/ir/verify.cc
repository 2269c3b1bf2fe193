/* The device RTL verifier.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   Runs between device passes when checking (GCC's -fchecking, a
   configure --enable-checking build, or -fplugin-arg-gangway-verify).  It
   does not stop at the first problem: it collects every violation, keyed
   to its insn or block, and prints the function annotated with them.

   Invariants, by category:

   Block integrity: every block ends in exactly one terminator and has no
     other; phis are at the head; branch targets are blocks of the
     function; every block knows its position.
   Insn integrity: operand counts and types agree with the opcode; a
     register operand names a defined register of the operand's type.
   SSA: every register is defined exactly once; a phi has one incoming
     value per predecessor; every definition dominates its uses (a phi's
     use is at the end of the incoming block).
   Partitions (DIR_PROP_SPLIT): each fork/join marker starts a block of its
     own, followed only by broadcasts and a branch; markers nest properly.
   Neutering (DIR_PROP_NEUTERED): no store happens in single mode outside
     neutered code; nothing convergent happens inside it.
   Propagation (DIR_PROP_PROPAGATED): nothing every thread executes reads a
     value only the single thread has, except phis that merge such values;
     neutered code reads no single value of the code around its partition.
   Synchronisation (DIR_PROP_SYNCED): broadcasts across workers are
     followed by a worker barrier in their block.

   See also Cranelift's verifier (cranelift/codegen/src/verifier) and
   Mesa's nir_validate.c, whose error collection this follows.  */

#include "ir.h"
#include "print.h"
#include "../passes/partitions.h"

#include <map>
#include <set>

namespace {

class verifier
{
public:
  verifier (dir_func *fn, unsigned props,
	    const std::vector<dir_prop_info> &target_props)
    : fn (fn), props (props), target_props (target_props) {}
  bool run (FILE *report);

private:
  dir_func *fn;
  unsigned props;
  const std::vector<dir_prop_info> &target_props;
  std::multimap<const dir_insn *, std::string> insn_errors;
  std::multimap<const dir_block *, std::string> block_errors;
  std::vector<std::string> func_errors;

  void error (const dir_insn *i, const std::string &msg)
  {
    insn_errors.insert ({ i, msg });
  }
  void error (const dir_block *b, const std::string &msg)
  {
    block_errors.insert ({ b, msg });
  }
  size_t count () const
  {
    return insn_errors.size () + block_errors.size () + func_errors.size ();
  }

  void check_blocks ();
  void check_insn (const dir_insn *i);
  void check_attrs (const dir_insn *i);
  void check_interface (const dir_insn *i);
  void check_ssa ();
  void check_combined ();
  void check_partitions ();
};

/* Block integrity.  */

void
verifier::check_blocks ()
{
  std::set<const dir_block *> mine (fn->blocks.begin (), fn->blocks.end ());
  if (fn->blocks.empty ())
    func_errors.push_back ("the function has no blocks");
  for (size_t k = 0; k < fn->blocks.size (); k++)
    {
      dir_block *b = fn->blocks[k];
      if (b->index != k)
	error (b, "block index " + std::to_string (b->index)
		  + " is not its position " + std::to_string (k));
      if (b->insns.empty () || !b->insns.back ()->terminator_p ())
	error (b, "the block does not end in a terminator");
      for (size_t i = 0; i < b->insns.size (); i++)
	{
	  dir_insn *in = b->insns[i];
	  if (in->bb != b)
	    error (in, "the insn does not know its block");
	  if (in->op == DOP_PHI)
	    error (in, "a phi among the insns");
	  if (in->terminator_p () && i + 1 != b->insns.size ())
	    error (in, "a terminator in the middle of the block");
	  for (dir_block *t : in->targets)
	    if (!mine.count (t))
	      error (in, "a branch to a block outside the function");
	  check_insn (in);
	}
      for (dir_insn *phi : b->phis)
	{
	  if (phi->op != DOP_PHI)
	    error (phi, "a non-phi among the phis");
	  if (phi->bb != b)
	    error (phi, "the phi does not know its block");
	  check_insn (phi);
	}
    }
}

/* Insn integrity for I.  */

void
verifier::check_insn (const dir_insn *i)
{
  const dir_op_info &info = dir_op_table[i->op];
  if (info.nops >= 0 && (int) i->ops.size () != info.nops)
    error (i, "expected " + std::to_string (info.nops) + " operand"
	      + (info.nops == 1 ? "" : "s"));
  for (size_t k = 0; k < i->ops.size (); k++)
    {
      const dir_value &v = i->ops[k];
      if (v.kind == dir_value::NONE)
	error (i, "operand " + std::to_string (k) + " is missing");
      else if (v.reg_p ())
	{
	  if (v.reg >= fn->regs.size ())
	    error (i, "operand " + std::to_string (k) + " is not a register");
	  else if (fn->regs[v.reg].type != v.type)
	    error (i, "operand " + std::to_string (k)
		      + " does not have its register's type");
	}
      dir_type want = dir_default_operand_type (i, k);
      if (want != DT_VOID && v.type != want && i->op != DOP_SWITCH)
	error (i, std::string ("operand ") + std::to_string (k) + " is "
		  + dir_type_name (v.type) + ", expected "
		  + dir_type_name (want));
    }
  bool has_dest = i->dest != DIR_NOREG;
  bool wants_dest = !(info.flags & (DOPF_TERMINATOR | DOPF_MARKER))
		    && i->op != DOP_STORE && i->op != DOP_FRAME_BCAST
		    && i->op != DOP_COPY_MEM && i->op != DOP_FILL_MEM
		    && i->op != DOP_BARRIER
		    && !(i->op == DOP_DCALL && i->type == DT_VOID);
  if (has_dest != wants_dest)
    error (i, has_dest ? "the insn defines a register it should not"
		       : "the insn defines no register");
  if (has_dest && i->dest < fn->regs.size ()
      && fn->regs[i->dest].type != dir_result_type (i))
    error (i, "the result register has the wrong type");
  if (i->op == DOP_PHI && i->ops.size () != i->targets.size ())
    error (i, "a phi with more values than blocks");
  size_t want_targets = i->op == DOP_BR ? 1
			: (i->op == DOP_CBR || i->op == DOP_BR_SINGLE) ? 2
			: (i->op == DOP_RET || i->op == DOP_TRAP) ? 0
			: i->op == DOP_SWITCH ? i->cases.size () + 1
			: i->op == DOP_PHI ? i->targets.size () : 0;
  if (i->targets.size () != want_targets)
    error (i, "wrong number of branch targets");
  check_attrs (i);
  check_interface (i);
}

/* What I must agree with in the function's interface: a PARAM of a
   routine reads a parameter it has, with its type; a RET returns a value
   exactly when the function is a routine with a result, of the result's
   type; a DCALL calls a routine of a level.  */

void
verifier::check_interface (const dir_insn *i)
{
  bool routine = fn->kind == DFK_ROUTINE;
  if (i->op == DOP_PARAM && routine)
    {
      size_t n = fn->sig.params.size ();
      dir_type want = i->param < n ? fn->sig.params[i->param] : DT_VOID;
      if (i->param >= n)
	error (i, "the function has " + std::to_string (n) + " parameter"
		  + (n == 1 ? "" : "s"));
      else if (i->type != want)
	error (i, std::string ("parameter ") + std::to_string (i->param)
		  + " is " + dir_type_name (want));
    }
  if (i->op == DOP_RET)
    {
      dir_type want = routine ? fn->sig.result : DT_VOID;
      if (want == DT_VOID && !i->ops.empty ())
	error (i, "a return with a value from a function without a result");
      else if (want != DT_VOID && i->ops.size () != 1)
	error (i, std::string ("a return without the ") + dir_type_name (want)
		  + " result");
      else if (want != DT_VOID && i->ops[0].type != want)
	error (i, std::string ("a return of a ") + dir_type_name
		  (i->ops[0].type) + ", expected " + dir_type_name (want));
    }
  if (i->op == DOP_DCALL
      && i->axes != dir_level_axes (dir_axes_level (i->axes)))
    error (i, "a call of a routine that partitions " + dir_axes_name
	      (i->axes) + ", which is no routine's level");
  if (routine && (dir_op_flag (i->op, DOPF_MARKER)
		  || i->op == DOP_DCALL || i->op == DOP_REDUCE)
      && (i->op == DOP_DCALL || i->op == DOP_REDUCE
	  ? i->axes : dir_axis_bit (i->axis)) & ~dir_level_axes (fn->level))
    error (i, std::string ("an insn on an axis a ") + dir_level_name
	      (fn->level) + " routine does not partition");
}

/* The fields of I besides its value operands: each in range where I's
   opcode uses it, and at its default where it does not.  */

void
verifier::check_attrs (const dir_insn *i)
{
  unsigned attrs = dir_op_table[i->op].attrs;
  auto unused = [&] (unsigned attr, bool at_default, const char *field) {
    if (!(attrs & attr) && !at_default)
      error (i, std::string ("'") + dir_op_name (i->op) + "' has a "
		+ field + " it does not use");
  };
  unused (DOA_PRED, i->pred == DC_EQ, "predicate");
  unused (DOA_AXIS, i->axis == DA_GANG, "axis");
  unused (DOA_AXES, i->axes == 0, "set of axes");
  unused (DOA_MEM, i->disp == 0 && i->align == 0, "displacement");
  unused (DOA_PARAM, i->param == 0, "parameter number");
  unused (DOA_GLOBAL, i->global == 0, "global");
  unused (DOA_SLOT, i->slot == 0, "slot");
  unused (DOA_SLOTS, i->slots.empty (), "list of slots");
  unused (DOA_CASES, i->cases.empty (), "list of cases");
  unused (DOA_CALLEE, i->callee.empty (), "callee");
  unused (DOA_ORDER, i->order == DMO_RELAXED, "memory order");

  if (i->op == DOP_COPY_MEM || i->op == DOP_FILL_MEM)
    {
      if (i->ops.size () == 3
	  && (!i->ops[2].imm_p () || i->ops[2].imm == 0
	      || i->ops[2].imm > (UINT64_C (1) << 32)))
	error (i, "a block's count is not an immediate from 1 to 2^32");
      if (dir_type_float_p (i->type) || i->type == DT_B1
	  || i->type == DT_VOID)
	error (i, "a block of elements that are not integers");
      if (i->align || (i->flags & DIF_VOLATILE))
	error (i, "a block copy or fill less aligned than its elements, "
		  "or volatile");
    }
  if ((i->flags & DIF_ATOMIC) && i->op != DOP_LOAD && i->op != DOP_STORE)
    error (i, "only a load or a store is flagged atomic");
  if ((i->flags & DIF_DEFERRED)
      && (i->op != DOP_ATOMIC || i->order != DMO_RELAXED))
    error (i, "only a relaxed atomic is flagged deferred");
  if ((i->flags & DIF_COMBINED)
      && (i->op != DOP_ATOMIC || i->order != DMO_RELAXED
	  || (i->flags & DIF_DEFERRED) || fn->kind == DFK_ROUTINE))
    error (i, "only a relaxed atomic of a kernel, not deferred, is flagged "
	      "combined");
  if ((i->flags & DIF_LIBRARY) && (i->op != DOP_DCALL || i->axes))
    error (i, "only a dcall of no axes calls the library");
  bool atomic = (i->flags & DIF_ATOMIC) || i->op == DOP_ATOMIC
		|| i->op == DOP_XCHG || i->op == DOP_CAS;
  if (atomic && (i->align || i->type == DT_B1))
    error (i, "an atomic access of a value that is not naturally aligned");
  if (atomic && (i->flags & DIF_VOLATILE))
    error (i, "an atomic access flagged volatile");
  if (i->order >= DMO_NUM)
    error (i, "unknown memory order");
  else if (i->order != DMO_RELAXED && !atomic)
    error (i, "a memory order on an access that is not atomic");
  else if ((i->op == DOP_LOAD
	    && (i->order == DMO_RELEASE || i->order == DMO_ACQ_REL))
	   || (i->op == DOP_STORE
	       && (i->order == DMO_ACQUIRE || i->order == DMO_ACQ_REL)))
    error (i, std::string ("a ") + dir_op_name (i->op) + " cannot be "
	      + dir_order_name (i->order));

  if (i->op == DOP_CMP && i->pred >= DC_NUM)
    error (i, "unknown comparison");
  if (i->op == DOP_CMP && !dir_type_float_p (i->type) && i->pred >= DC_UEQ)
    error (i, "a floating-point predicate on integers");
  if ((attrs & DOA_AXIS) && i->axis >= DA_NUM)
    error (i, "unknown axis");
  if ((attrs & DOA_MEM) && i->align
      && ((i->align & (i->align - 1))
	  || i->align >= dir_type_bytes (i->type)))
    error (i, "an alignment that is not a power of two below the size");
  if ((attrs & DOA_AXES) && i->axes >= (1u << DA_NUM))
    error (i, "unknown axes");
  if ((i->op == DOP_BCAST || i->op == DOP_FRAME_BCAST) && i->axes == 0)
    error (i, "a broadcast needs axes to broadcast across");
  if (i->op == DOP_FRAME_BCAST)
    {
      if (i->slots.empty ())
	error (i, "a frame broadcast of no slot");
      for (uint32_t sl : i->slots)
	if (sl >= fn->slots.size ())
	  error (i, "no such frame slot");
	else if (fn->slots[sl].shared)
	  error (i, "a frame broadcast of a shared slot");
    }
  if (i->op == DOP_BARRIER && i->axes != (1u << DA_WORKER)
      && i->axes != (1u << DA_VECTOR))
    error (i, "a barrier is on the worker or the vector axis");
  if ((attrs & DOA_SLOT) && i->slot >= fn->slots.size ())
    error (i, "no such frame slot");
  if ((attrs & DOA_GLOBAL) && i->global >= fn->globals.size ())
    error (i, "no such global");
  if ((attrs & DOA_CALLEE) && i->callee.empty ())
    error (i, "a call of no function");
  if (attrs & DOA_REDOP)
    {
      bool fp = dir_type_float_p (i->type);
      switch (i->redop)
	{
	case DOP_ADD: case DOP_MUL: case DOP_MIN: case DOP_MAX:
	case DOP_LAND: case DOP_LOR:
	  if (!fp && !dir_type_int_p (i->type))
	    error (i, "a combination of neither integers nor floats");
	  break;
	case DOP_UMIN: case DOP_UMAX: case DOP_AND: case DOP_OR: case DOP_XOR:
	  if (!dir_type_int_p (i->type))
	    error (i, std::string ("'") + dir_op_name (i->redop)
		      + "' combines integers only");
	  break;
	case DOP_CMULRE: case DOP_CMULIM:
	  if (!fp)
	    error (i, "a complex product of parts that are not floats");
	  if (i->op == DOP_ATOMIC && i->redop == DOP_CMULIM)
	    error (i, "an atomic complex product is by 'cmulre'");
	  break;
	default:
	  error (i, std::string ("'") + dir_op_name (i->redop)
		    + "' does not combine values");
	}
      /* A value, or a complex one's two parts; an atomic's address
	 first.  */
      bool pair = i->redop == DOP_CMULRE || i->redop == DOP_CMULIM;
      size_t want = (pair ? 2 : 1) + (i->op == DOP_ATOMIC);
      if ((i->op == DOP_REDUCE || i->op == DOP_ATOMIC)
	  && i->ops.size () != want)
	error (i, "expected " + std::to_string (want) + " operands");
    }
  else if (i->redop != DOP_NUM)
    error (i, std::string ("'") + dir_op_name (i->op)
	      + "' has a combining operation it does not use");
  if (i->op == DOP_REDUCE
      && (i->axes == 0 || (i->axes & dir_axis_bit (DA_GANG))))
    error (i, "a reduction across the workers or the vector lanes of a "
	      "gang, or both");
}

/* SSA form.  */

void
verifier::check_ssa ()
{
  std::vector<const dir_insn *> defs (fn->regs.size (), nullptr);
  auto define = [&] (const dir_insn *i) {
    if (i->dest == DIR_NOREG || i->dest >= fn->regs.size ())
      return;
    if (defs[i->dest])
      error (i, "register defined twice");
    defs[i->dest] = i;
    if (fn->regs[i->dest].def != i)
      error (i, "the register does not know its definition");
  };
  for (dir_block *b : fn->blocks)
    {
      for (dir_insn *phi : b->phis)
	define (phi);
      for (dir_insn *i : b->insns)
	define (i);
    }
  if (count ())
    return;

  dir_fill_cfg (fn);
  dir_compute_dominators (fn);

  /* Position of each insn in its block, for same-block dominance.  */
  std::map<const dir_insn *, size_t> pos;
  for (dir_block *b : fn->blocks)
    for (size_t k = 0; k < b->insns.size (); k++)
      pos[b->insns[k]] = k;

  auto dominates = [&] (const dir_insn *def, const dir_block *use_bb,
			size_t use_pos) {
    if (def->bb != use_bb)
      return dir_dominates (fn, def->bb, use_bb);
    if (def->op == DOP_PHI)
      return true;
    return pos[def] < use_pos;
  };

  for (dir_block *b : fn->blocks)
    {
      if (b->rpo == ~0u)
	continue;		/* Unreachable: uses are vacuous.  */
      for (dir_insn *phi : b->phis)
	{
	  std::set<const dir_block *> preds (b->preds.begin (),
					     b->preds.end ());
	  std::set<const dir_block *> seen;
	  for (size_t k = 0; k < phi->ops.size (); k++)
	    {
	      const dir_block *from = phi->targets[k];
	      if (!preds.count (from))
		error (phi, "an incoming value from a non-predecessor");
	      if (!seen.insert (from).second)
		error (phi, "two incoming values from one predecessor");
	      const dir_value &v = phi->ops[k];
	      if (v.reg_p () && defs[v.reg] && from->rpo != ~0u
		  && !dominates (defs[v.reg], from, from->insns.size ()))
		error (phi, "an incoming value whose definition does not "
			    "dominate its edge");
	    }
	  if (seen.size () != preds.size ())
	    error (phi, "a predecessor without an incoming value");
	}
      for (size_t k = 0; k < b->insns.size (); k++)
	for (const dir_value &v : b->insns[k]->ops)
	  if (v.reg_p () && v.reg < defs.size ())
	    {
	      if (!defs[v.reg])
		error (b->insns[k], "a use of an undefined register");
	      else if (!dominates (defs[v.reg], b, k))
		error (b->insns[k], "a use not dominated by its definition");
	    }
    }
}

/* The partition, neutering and propagation properties.  */

void
verifier::check_partitions ()
{
  for (dir_block *b : fn->blocks)
    for (size_t k = 0; k < b->insns.size (); k++)
      {
	dir_insn *i = b->insns[k];
	if (!dir_op_flag (i->op, DOPF_MARKER))
	  continue;
	if (k != 0 || !b->phis.empty ())
	  error (i, "the marker does not start its block");
	for (size_t j = 1; j + 1 < b->insns.size (); j++)
	  if (b->insns[j]->op != DOP_BCAST
	      && b->insns[j]->op != DOP_FRAME_BCAST
	      && b->insns[j]->op != DOP_BARRIER)
	    error (b->insns[j], "only broadcasts and barriers may follow a "
		   "marker");
	if (b->insns.back ()->op != DOP_BR)
	  error (b, "a marker block must end in an unconditional branch");
      }
  if (count ())
    return;

  gw_partitions parts;
  std::string why;
  if (!parts.discover (fn, &why))
    {
      func_errors.push_back ("partitions: " + why);
      return;
    }
  if (!(props & DIR_PROP_NEUTERED))
    return;

  std::vector<unsigned> neutered = gw_neutered_blocks (fn);
  /* Where the threads of an axis agree (a target's property says so),
     each of them may store what the single one would.  */
  std::vector<unsigned> agreed (fn->blocks.size (), 0);
  for (const dir_prop_info &p : target_props)
    if (props & p.bit)
      for (dir_block *b : fn->blocks)
	if (parts.mask (b) & p.within)
	  agreed[b->index] |= p.agree;
  for (dir_block *b : fn->blocks)
    {
      if (!parts.of (b))
	continue;
      unsigned single = parts.single_axes (b);
      for (dir_insn *i : b->insns)
	{
	  if (single && (single & ~(neutered[b->index] | agreed[b->index]))
	      && dir_op_flag (i->op, DOPF_WRITES))
	    error (i, "a store in " + dir_axes_name (single)
		      + "-single code that is not neutered");
	  /* The single threads of neutered code run convergent insns on
	     other axes together.  */
	  if ((neutered[b->index] & i->axes)
	      && dir_convergent_p (i))
	    error (i, "a convergent insn on an axis its code is neutered on");
	}
    }
  if (!(props & DIR_PROP_PROPAGATED))
    return;

  std::vector<unsigned> single = gw_single_values (fn, neutered);
  for (dir_block *b : fn->blocks)
    {
      if (!parts.of (b))
	continue;
      /* A thread may read a value only where it runs at position 0 on
	 every axis the value is single on: neutered code reads its own
	 single thread's values, a broadcast those it broadcasts.  */
      for (dir_insn *i : b->insns)
	for (const dir_value &v : i->ops)
	  {
	    unsigned lacking = v.reg_p () ? single[v.reg] : 0;
	    lacking &= ~neutered[b->index];
	    if (i->op == DOP_BCAST)
	      lacking &= ~i->axes;
	    /* A copy's result is as single as its operand (its readers
	       are checked).  */
	    if (i->op == DOP_COPY)
	      lacking = 0;
	    if (!lacking)
	      continue;
	    if (!parts.inside (fn->regs[v.reg].def->bb, parts.of (b)))
	      error (i, "reads a single value from outside its partition; "
			"it needs a broadcast at the fork");
	    else
	      error (i, "reads a value only the single thread has; it needs "
			"a broadcast");
	  }
      for (dir_insn *phi : b->phis)
	for (size_t k = 0; k < phi->ops.size (); k++)
	  {
	    const dir_value &v = phi->ops[k];
	    if (v.reg_p () && single[v.reg]
		&& parts.mask (b) != parts.mask (phi->targets[k]))
	      error (phi, "merges a single value into partitioned code");
	  }
    }
  if (!(props & DIR_PROP_SYNCED))
    return;

  /* Broadcasts across workers go through memory: a worker barrier after
     them in their block completes them.  */
  for (dir_block *b : fn->blocks)
    {
      const dir_insn *pending = nullptr;
      for (dir_insn *i : b->insns)
	if ((i->op == DOP_BCAST || i->op == DOP_FRAME_BCAST)
	    && (i->axes & (1u << DA_WORKER))
	    && (parts.active & (1u << DA_WORKER)))
	  pending = i;
	else if (i->op == DOP_BARRIER && (i->axes & (1u << DA_WORKER)))
	  pending = nullptr;
      if (pending)
	error (pending, "a broadcast across workers with no worker barrier "
		  "after it");
    }
}

/* The combined atomics of the function (DIF_COMBINED).  */

void
verifier::check_combined ()
{
  /* The combined atomics: one operation on one type, their old values
     unread.  */
  const dir_insn *first = nullptr;
  std::vector<bool> read (fn->regs.size ());
  for (const dir_block *b : fn->blocks)
    for (const auto *list : { &b->phis, &b->insns })
      for (const dir_insn *i : *list)
	for (const dir_value &v : i->ops)
	  if (v.reg_p ())
	    read[v.reg] = true;
  for (const dir_block *b : fn->blocks)
    for (const dir_insn *i : b->insns)
      {
	if (!(i->flags & DIF_COMBINED) || i->op != DOP_ATOMIC)
	  continue;
	if (i->dest != DIR_NOREG && read[i->dest])
	  error (i, "a combined atomic whose old value is read");
	if (!first)
	  first = i;
	else if (i->redop != first->redop || i->type != first->type)
	  error (i, "a combined atomic of another operation or type than the "
		    "function's first");
      }
}

bool
verifier::run (FILE *report)
{
  check_blocks ();
  if (!count ())
    check_ssa ();
  if (!count ())
    check_combined ();
  if (!count () && (props & DIR_PROP_SPLIT))
    check_partitions ();
  if (!count ())
    return true;

  if (report)
    {
      fprintf (report, "%zu error(s) in %s:\n", count (), fn->name.c_str ());
      for (const std::string &e : func_errors)
	fprintf (report, "  %s\n", e.c_str ());
      dir_annotations notes;
      notes.block = [&] (const dir_block *b) {
	std::string s;
	auto r = block_errors.equal_range (b);
	for (auto it = r.first; it != r.second; ++it)
	  s += (s.empty () ? "error: " : "; error: ") + it->second;
	return s;
      };
      notes.insn = [&] (const dir_insn *i) {
	std::string s;
	auto r = insn_errors.equal_range (i);
	for (auto it = r.first; it != r.second; ++it)
	  s += (s.empty () ? "error: " : "; error: ") + it->second;
	return s;
      };
      std::string text = dir_to_string (fn, &notes);
      fputs (text.c_str (), report);
    }
  return false;
}

} // anon namespace

bool
dir_verify (dir_func *fn, unsigned props, FILE *report,
	    const std::vector<dir_prop_info> &target_props)
{
  dir_renumber_blocks (fn);
  verifier v (fn, props, target_props);
  return v.run (report);
}

bool
dir_verify_module (const dir_module *mod, FILE *report)
{
  size_t errors = 0;
  auto error = [&] (const dir_func *fn, const dir_insn *i,
		    const std::string &msg) {
    errors++;
    if (report)
      fprintf (report, "%s: %s: error: %s\n", fn->name.c_str (),
	       i->callee.c_str (), msg.c_str ());
  };
  for (const auto &f : mod->funcs)
    for (const dir_block *b : f->blocks)
      for (const dir_insn *i : b->insns)
	{
	  if (i->op != DOP_DCALL)
	    continue;
	  dir_level level;
	  dir_signature sig;
	  if (!mod->callee (i->callee, &level, &sig))
	    {
	      error (f.get (), i, "a call of a routine the module neither "
		     "defines nor declares");
	      continue;
	    }
	  const dir_decl *d = mod->find_decl (i->callee);
	  if ((d && d->library) != ((i->flags & DIF_LIBRARY) != 0))
	    error (f.get (), i, "a call of the library and a routine mixed "
		   "up");
	  if (d && d->variadic && i->ops.size () > sig.params.size ())
	    {
	      /* The fixed parameters are checked below.  */
	      for (size_t k = sig.params.size (); k < i->ops.size (); k++)
		sig.params.push_back (i->ops[k].type);
	    }
	  if (i->axes != dir_level_axes (level))
	    error (f.get (), i, std::string ("a call of a ") + dir_level_name
		   (level) + " routine as a " + dir_level_name
		   (dir_axes_level (i->axes)) + " one");
	  if (i->type != sig.result)
	    error (f.get (), i, std::string ("a call with a result of type ")
		   + dir_type_name (i->type) + " of a routine of signature "
		   + dir_signature_text (sig));
	  bool args = i->ops.size () == sig.params.size ();
	  for (size_t k = 0; args && k < i->ops.size (); k++)
	    args = i->ops[k].type == sig.params[k];
	  if (!args)
	    error (f.get (), i, "a call whose arguments do not match the "
		   "routine's signature " + dir_signature_text (sig));
	}
  for (const dir_decl &d : mod->decls)
    if (mod->find_func (d.name))
      {
	errors++;
	if (report)
	  fprintf (report, "%s: error: a routine both defined and declared\n",
		   d.name.c_str ());
      }
  return errors == 0;
}
