/* Device RTL: construction and editing.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.  */

#include "ir.h"

#include <algorithm>
#include <cstdarg>
#include <cstdlib>
#include <cstring>
#include <map>

const dir_op_info dir_op_table[DOP_NUM] = {
#define DEF_OP(ENUM, NAME, CLASS, NOPS, FLAGS, ATTRS) \
  { NAME, CLASS, NOPS, FLAGS, ATTRS },
#include "opcodes.def"
#undef DEF_OP
};

static const char *const type_names[DT_NUM]
  = { "void", "b1", "i8", "i16", "i32", "i64", "f32", "f64" };

static const char *const cond_names[DC_NUM]
  = { "eq", "ne", "lt", "le", "gt", "ge", "ult", "ule", "ugt", "uge",
      "ueq", "one", "ord", "uno" };

static const char *const axis_names[DA_NUM] = { "gang", "worker", "vector" };

/* The target-independent properties' names, for gangway-opt's --assume
   and messages.  */

const std::vector<dir_prop_info> &
dir_core_props ()
{
  static const std::vector<dir_prop_info> props = {
    { "split", DIR_PROP_SPLIT },
    { "neutered", DIR_PROP_NEUTERED },
    { "propagated", DIR_PROP_PROPAGATED },
    { "synced", DIR_PROP_SYNCED }
  };
  return props;
}

/* Return the text name of type T.  */

const char *
dir_type_name (dir_type t)
{
  return t < DT_NUM ? type_names[t] : "?";
}

/* Return the size in bytes of a T in memory (a b1 is stored as a byte).  */

unsigned
dir_type_bytes (dir_type t)
{
  switch (t)
    {
    case DT_B1: case DT_I8: return 1;
    case DT_I16: return 2;
    case DT_I32: case DT_F32: return 4;
    case DT_I64: case DT_F64: return 8;
    default: return 0;
    }
}

/* Return the integer type of BYTES bytes (1, 2, 4 or 8), else DT_VOID.  */

dir_type
dir_int_type (unsigned bytes)
{
  switch (bytes)
    {
    case 1: return DT_I8;
    case 2: return DT_I16;
    case 4: return DT_I32;
    case 8: return DT_I64;
    default: return DT_VOID;
    }
}

/* Return the text name of predicate C.  */

const char *
dir_cond_name (dir_cond c)
{
  return c < DC_NUM ? cond_names[c] : "?";
}

/* Return the text name of memory order O.  */

const char *
dir_order_name (dir_order o)
{
  static const char *const names[DMO_NUM]
    = { "relaxed", "acquire", "release", "acq_rel", "seq_cst" };
  return o < DMO_NUM ? names[o] : "?";
}

/* Return the text name of axis A.  */

const char *
dir_axis_name (dir_axis a)
{
  return a < DA_NUM ? axis_names[a] : "?";
}

/* Return the text name of level L.  */

const char *
dir_level_name (dir_level l)
{
  return l == DL_SEQ ? "seq" : dir_axis_name ((dir_axis) l);
}

/* Return the signature SIG in the text form: "(i32, f64) -> f64".  */

std::string
dir_signature_text (const dir_signature &sig)
{
  std::string s = "(";
  for (size_t k = 0; k < sig.params.size (); k++)
    s += (k ? ", " : "") + std::string (dir_type_name (sig.params[k]));
  return s + ") -> " + dir_type_name (sig.result);
}

/* Return the function of the module called NAME, or null.  */

dir_func *
dir_module::find_func (const std::string &name) const
{
  for (const auto &f : funcs)
    if (f->name == name)
      return f.get ();
  return nullptr;
}

/* Return the declaration of the module called NAME, or null.  */

const dir_decl *
dir_module::find_decl (const std::string &name) const
{
  for (const dir_decl &d : decls)
    if (d.name == name)
      return &d;
  return nullptr;
}

bool
dir_module::callee (const std::string &name, dir_level *level,
		    dir_signature *sig) const
{
  if (const dir_func *f = find_func (name))
    {
      if (f->kind != DFK_ROUTINE)
	return false;
      *level = f->level;
      *sig = f->sig;
      return true;
    }
  if (const dir_decl *d = find_decl (name))
    {
      *level = d->level;
      *sig = d->sig;
      return true;
    }
  return false;
}

/* Return the text name of the axis set MASK: "worker+vector".  */

std::string
dir_axes_name (unsigned mask)
{
  std::string s;
  for (int a = 0; a < DA_NUM; a++)
    if (mask & (1u << a))
      s += (s.empty () ? "" : "+") + std::string (axis_names[a]);
  return s.empty () ? "none" : s;
}

/* Return an integer immediate of type T and value V.  */

dir_value
dir_imm (dir_type t, int64_t v)
{
  dir_value r;
  r.kind = dir_value::IMM;
  r.type = t;
  r.imm = (uint64_t) v;
  return r;
}

/* Return a single-precision immediate.  */

dir_value
dir_imm_f32 (float f)
{
  uint32_t bits;
  memcpy (&bits, &f, 4);
  dir_value r;
  r.kind = dir_value::IMM;
  r.type = DT_F32;
  r.imm = bits;
  return r;
}

/* Return a double-precision immediate.  */

dir_value
dir_imm_f64 (double d)
{
  dir_value r;
  r.kind = dir_value::IMM;
  r.type = DT_F64;
  memcpy (&r.imm, &d, 8);
  return r;
}

/* Append the printf-style FMT and its arguments AP to OUT.  */

void
dir_vappendf (std::string &out, const char *fmt, va_list ap)
{
  char buf[1024];
  va_list again;
  va_copy (again, ap);
  int n = vsnprintf (buf, sizeof buf, fmt, ap);
  if (n < (int) sizeof buf)
    out += buf;
  else
    {
      std::string big (n + 1, '\0');
      vsnprintf (&big[0], n + 1, fmt, again);
      big.resize (n);
      out += big;
    }
  va_end (again);
}

/* Append the printf-style FMT and its arguments to OUT.  */

void
dir_appendf (std::string &out, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  dir_vappendf (out, fmt, ap);
  va_end (ap);
}

void (*dir_internal_error_hook) (const char *msg);

/* Report an internal error at FILE:LINE and stop.  */

void
dir_internal_error (const char *file, int line, const char *fmt, ...)
{
  /* Whole, however long: the verifier's annotated function is part of
     the message.  */
  std::string msg = std::string (file) + ":" + std::to_string (line) + ": ";
  va_list ap;
  va_start (ap, fmt);
  dir_vappendf (msg, fmt, ap);
  va_end (ap);
  if (dir_internal_error_hook)
    dir_internal_error_hook (msg.c_str ());
  fprintf (stderr, "gangway: internal error: %s\n", msg.c_str ());
  abort ();
}

/* Append a new empty block to FN's layout and return it.  */

dir_block *
dir_new_block (dir_func *fn)
{
  fn->block_store.emplace_back (new dir_block);
  dir_block *b = fn->block_store.back ().get ();
  b->index = fn->blocks.size ();
  fn->blocks.push_back (b);
  dir_cfg_changed (fn);
  return b;
}

/* Return the function NAME of the device's C library, or null.  The
   Fortran runtime's STOP, ERROR STOP and abort are there too: gfortran
   calls them for those statements, and they end the program (on the cpu
   device, libgfortran's own do, from the thread that runs them; on ptx
   they trap, as abort does); so are its run-time errors (WHERE, MESSAGE,
   ARGS...), which -fcheck=bounds and the other -fcheck options call for
   a failed check: libgfortran's print "WHERE\nFortran runtime error:
   MESSAGE" with MESSAGE a printf format of ARGS and exit with status 2
   on the cpu device; on ptx the same message goes through printf, then
   the kernel traps.  */

const dir_library_function *
dir_find_library_function (const std::string &name)
{
  static const dir_library_function table[] = {
    { "printf", { { DT_I64 }, DT_I32 }, true, false },
    { "fprintf", { { DT_I64, DT_I64 }, DT_I32 }, true, false },
    { "puts", { { DT_I64 }, DT_I32 }, false, false },
    { "putchar", { { DT_I32 }, DT_I32 }, false, false },
    { "fputs", { { DT_I64, DT_I64 }, DT_I32 }, false, false },
    { "fputc", { { DT_I32, DT_I64 }, DT_I32 }, false, false },
    { "putc", { { DT_I32, DT_I64 }, DT_I32 }, false, false },
    { "fwrite", { { DT_I64, DT_I64, DT_I64, DT_I64 }, DT_I64 }, false,
      false },
    { "abort", { {}, DT_VOID }, false, true },
    /* (code, quiet) and (string, length, quiet); quiet is a C bool.  */
    { "_gfortran_stop_numeric", { { DT_I32, DT_I32 }, DT_VOID }, false,
      true },
    { "_gfortran_stop_string", { { DT_I64, DT_I64, DT_I32 }, DT_VOID },
      false, true },
    { "_gfortran_error_stop_numeric", { { DT_I32, DT_I32 }, DT_VOID }, false,
      true },
    { "_gfortran_error_stop_string", { { DT_I64, DT_I64, DT_I32 }, DT_VOID },
      false, true },
    { "_gfortran_abort", { {}, DT_VOID }, false, true },
    { "_gfortran_runtime_error_at", { { DT_I64, DT_I64 }, DT_VOID }, true,
      true },
    { "_gfortran_runtime_error", { { DT_I64 }, DT_VOID }, true, true },
  };
  for (const dir_library_function &f : table)
    if (name == f.name)
      return &f;
  return nullptr;
}

/* Return a copy of FN: its blocks, insns, registers, slots and globals,
   and what it is (kind, level, signature, dims, properties); analyses
   are not copied.  */

std::unique_ptr<dir_func>
dir_clone (const dir_func *fn)
{
  std::unique_ptr<dir_func> c (new dir_func);
  c->name = fn->name;
  c->host_name = fn->host_name;
  for (int a = 0; a < DA_NUM; a++)
    c->dims[a] = fn->dims[a];
  c->kind = fn->kind;
  c->level = fn->level;
  c->sig = fn->sig;
  c->exported = fn->exported;
  c->regs = fn->regs;
  c->slots = fn->slots;
  c->globals = fn->globals;
  c->props = fn->props;
  std::map<const dir_block *, dir_block *> blocks;
  for (const dir_block *b : fn->blocks)
    blocks[b] = dir_new_block (c.get ());
  auto copy = [&] (const dir_insn *i) {
    dir_insn *n = dir_new_insn (c.get (), i->op, i->type);
    *n = *i;
    for (dir_block *&t : n->targets)
      t = blocks.at (t);
    if (n->dest != DIR_NOREG)
      c->regs[n->dest].def = n;
    return n;
  };
  for (const dir_block *b : fn->blocks)
    {
      dir_block *nb = blocks.at (b);
      for (const dir_insn *phi : b->phis)
	dir_add_phi (nb, copy (phi));
      for (const dir_insn *i : b->insns)
	dir_append (nb, copy (i));
    }
  return c;
}

/* Return a new register of type T in FN.  */

uint32_t
dir_new_reg (dir_func *fn, dir_type t)
{
  fn->regs.push_back (dir_reg { t, nullptr });
  return fn->regs.size () - 1;
}

/* Return a new, unattached insn of FN with opcode OP and type T.  */

dir_insn *
dir_new_insn (dir_func *fn, dir_opcode op, dir_type t)
{
  fn->insn_store.emplace_back (new dir_insn);
  dir_insn *i = fn->insn_store.back ().get ();
  i->op = op;
  i->type = t;
  return i;
}

/* Return an operand that reads register REG of FN.  */

dir_value
dir_reg_value (const dir_func *fn, uint32_t reg)
{
  dir_value v;
  v.kind = dir_value::REG;
  v.reg = reg;
  v.type = fn->regs[reg].type;
  return v;
}

/* Append INSN to block B.  */

void
dir_append (dir_block *b, dir_insn *insn)
{
  dir_assert (insn->op != DOP_PHI);
  insn->bb = b;
  b->insns.push_back (insn);
}

/* Insert INSN into block B before position POS.  */

void
dir_insert_at (dir_block *b, size_t pos, dir_insn *insn)
{
  dir_assert (insn->op != DOP_PHI && pos <= b->insns.size ());
  insn->bb = b;
  b->insns.insert (b->insns.begin () + pos, insn);
}

/* Add PHI to block B.  */

void
dir_add_phi (dir_block *b, dir_insn *phi)
{
  dir_assert (phi->op == DOP_PHI);
  phi->bb = b;
  b->phis.push_back (phi);
}

/* Unlink INSN from its block.  Its storage stays with FN.  */

void
dir_remove_insn (dir_func *fn, dir_insn *insn)
{
  dir_block *b = insn->bb;
  auto &v = insn->op == DOP_PHI ? b->phis : b->insns;
  auto it = std::find (v.begin (), v.end (), insn);
  dir_assert (it != v.end ());
  v.erase (it);
  if (insn->dest != DIR_NOREG && fn->regs[insn->dest].def == insn)
    fn->regs[insn->dest].def = nullptr;
  if (insn->terminator_p ())
    dir_cfg_changed (fn);
  insn->bb = nullptr;
}

/* Make every block's index its position in FN's layout.  */

void
dir_renumber_blocks (dir_func *fn)
{
  for (size_t i = 0; i < fn->blocks.size (); i++)
    fn->blocks[i]->index = i;
}

/* Renumber FN's registers in order of definition (layout order, phis
   first), the numbering the printer shows, and drop registers nothing
   defines.  Block indices become layout positions.  Returns whether any
   register changed its number or was dropped.  */

bool
dir_compact (dir_func *fn)
{
  dir_renumber_blocks (fn);
  std::vector<uint32_t> map (fn->regs.size (), DIR_NOREG);
  std::vector<dir_reg> regs;
  auto define = [&] (dir_insn *i) {
    if (i->dest == DIR_NOREG || map[i->dest] != DIR_NOREG)
      return;
    map[i->dest] = regs.size ();
    regs.push_back (fn->regs[i->dest]);
  };
  for (dir_block *b : fn->blocks)
    {
      for (dir_insn *i : b->phis)
	define (i);
      for (dir_insn *i : b->insns)
	define (i);
    }
  auto rename = [&] (dir_insn *i) {
    if (i->dest != DIR_NOREG)
      i->dest = map[i->dest];
    for (dir_value &v : i->ops)
      if (v.reg_p ())
	{
	  dir_assert (map[v.reg] != DIR_NOREG);
	  v.reg = map[v.reg];
	}
  };
  for (dir_block *b : fn->blocks)
    {
      for (dir_insn *i : b->phis)
	rename (i);
      for (dir_insn *i : b->insns)
	rename (i);
    }
  bool changed = regs.size () != fn->regs.size ();
  for (size_t k = 0; k < map.size () && !changed; k++)
    changed = map[k] != k;
  fn->regs = regs;
  return changed;
}

/* Record that FN's control-flow graph changed: edges and dominators must
   be recomputed before they are read again.  */

void
dir_cfg_changed (dir_func *fn)
{
  fn->valid &= ~(DIR_VALID_CFG | DIR_VALID_DOM | DIR_VALID_PDOM);
}

/* In the phis of B, make incoming edges from OLD_PRED come from
   NEW_PRED.  */

void
dir_replace_phi_pred (dir_block *b, dir_block *old_pred, dir_block *new_pred)
{
  for (dir_insn *phi : b->phis)
    for (dir_block *&t : phi->targets)
      if (t == old_pred)
	t = new_pred;
}

/* A copy of INSN, in no block (its operands, destination and targets
   are INSN's).  */

dir_insn *
dir_copy_insn (dir_func *fn, const dir_insn *insn)
{
  dir_insn *c = dir_new_insn (fn, insn->op, insn->type);
  *c = *insn;
  c->bb = nullptr;
  return c;
}

/* Copy BLOCKS, a part of FN entered only at its first block, and return
   the copies, in BLOCKS' order, placed after the last of BLOCKS in the
   layout.  The copies define registers of their own: VALUE maps each
   register the copied code reads to the value the copy reads instead;
   it may come with entries (the caller's choice of what the copy sees
   for a value defined outside BLOCKS), and gets one for each register
   BLOCKS define.  Edges between BLOCKS go between the copies; edges out
   go to the same blocks, whose phis the caller must give the new
   predecessors.  */

std::vector<dir_block *>
dir_copy_blocks (dir_func *fn, const std::vector<dir_block *> &blocks,
		 std::vector<dir_value> *value)
{
  std::vector<dir_block *> copies;
  std::map<const dir_block *, dir_block *> copy_of;
  auto last = std::find (fn->blocks.begin (), fn->blocks.end (),
			 blocks.back ());
  size_t at = last - fn->blocks.begin () + 1;
  for (dir_block *b : blocks)
    {
      fn->block_store.emplace_back (new dir_block);
      dir_block *c = fn->block_store.back ().get ();
      fn->blocks.insert (fn->blocks.begin () + at++, c);
      copies.push_back (c);
      copy_of[b] = c;
    }
  dir_renumber_blocks (fn);

  /* Every register first, so that a phi may read a later definition.  */
  value->resize (fn->regs.size ());
  std::vector<std::pair<const dir_insn *, dir_insn *>> pairs;
  for (size_t k = 0; k < blocks.size (); k++)
    for (const std::vector<dir_insn *> *list :
	 { &blocks[k]->phis, &blocks[k]->insns })
      for (const dir_insn *i : *list)
	{
	  dir_insn *c = dir_copy_insn (fn, i);
	  if (i->dest != DIR_NOREG)
	    {
	      c->dest = dir_new_reg (fn, fn->regs[i->dest].type);
	      fn->regs[c->dest].def = c;
	      value->resize (fn->regs.size ());
	      (*value)[i->dest] = dir_reg_value (fn, c->dest);
	    }
	  if (i->op == DOP_PHI)
	    dir_add_phi (copies[k], c);
	  else
	    dir_append (copies[k], c);
	  pairs.push_back ({ i, c });
	}
  for (auto &p : pairs)
    {
      dir_insn *c = p.second;
      for (dir_value &o : c->ops)
	if (o.reg_p () && o.reg < value->size ()
	    && (*value)[o.reg].kind != dir_value::NONE)
	  o = (*value)[o.reg];
      for (dir_block *&t : c->targets)
	if (copy_of.count (t))
	  t = copy_of[t];
    }
  dir_cfg_changed (fn);
  return copies;
}

/* Split block B before insn position POS: the insns from POS on move to a
   new block placed after B in the layout, and B ends with a branch to it.
   Returns the new block.  */

dir_block *
dir_split_block (dir_func *fn, dir_block *b, size_t pos)
{
  dir_assert (pos <= b->insns.size ());
  fn->block_store.emplace_back (new dir_block);
  dir_block *nb = fn->block_store.back ().get ();
  auto at = std::find (fn->blocks.begin (), fn->blocks.end (), b);
  fn->blocks.insert (at + 1, nb);
  dir_renumber_blocks (fn);

  nb->insns.assign (b->insns.begin () + pos, b->insns.end ());
  b->insns.resize (pos);
  for (dir_insn *i : nb->insns)
    i->bb = nb;

  /* The successors' phis now see NB as their predecessor.  */
  if (dir_insn *t = nb->terminator ())
    for (dir_block *s : t->targets)
      dir_replace_phi_pred (s, b, nb);

  dir_insn *br = dir_new_insn (fn, DOP_BR);
  br->targets.push_back (nb);
  dir_append (b, br);
  dir_cfg_changed (fn);
  return nb;
}

/* Merge into each block of FN the chain of blocks it jumps to
   unconditionally, each the only successor of the one before and
   entered only from it, where MAY_MERGE (A, B) allows appending B to A
   (the passes keep blocks with markers apart).  B's phis, of one value
   each, become copies at its start.  One walk of the layout: a block
   takes in its chain of successors before the walk goes on; the merged
   blocks leave the layout, the others keep their order and are
   renumbered.  Needs the CFG; leaves it valid.  Returns whether any
   block was merged.  */

bool
dir_merge_chains (dir_func *fn,
		  bool (*may_merge) (const dir_block *, const dir_block *))
{
  bool changed = false;
  for (dir_block *a : fn->blocks)
    while (a)
      {
	dir_insn *t = a->terminator ();
	if (!t || t->op != DOP_BR)
	  break;
	dir_block *b = t->targets[0];
	if (b == a || b == fn->blocks[0] || b->preds.size () != 1
	    || !may_merge (a, b))
	  break;
	for (size_t k = b->phis.size (); k-- > 0;)
	  {
	    dir_insn *phi = b->phis[k];
	    dir_make_copy (phi, phi->ops[0]);
	    b->insns.insert (b->insns.begin (), phi);
	  }
	b->phis.clear ();
	a->insns.pop_back ();
	t->bb = nullptr;
	for (dir_insn *i : b->insns)
	  {
	    i->bb = a;
	    a->insns.push_back (i);
	  }
	b->insns.clear ();
	a->succs = b->succs;
	for (dir_block *s : a->succs)
	  {
	    dir_replace_phi_pred (s, b, a);
	    std::replace (s->preds.begin (), s->preds.end (), b, a);
	  }
	fn->blocks[b->index] = nullptr;
	changed = true;
      }
  if (changed)
    {
      fn->blocks.erase (std::remove (fn->blocks.begin (), fn->blocks.end (),
				     nullptr), fn->blocks.end ());
      dir_renumber_blocks (fn);
      dir_cfg_changed (fn);
      dir_fill_cfg (fn);
    }
  return changed;
}

/* Return true if INSN has an effect besides defining its register: it
   writes memory, may trap, or is a marker or a terminator.  */

bool
dir_side_effect_p (const dir_insn *insn)
{
  return dir_op_flag (insn->op, DOPF_WRITES | DOPF_MARKER | DOPF_TERMINATOR
			       | DOPF_CONVERGENT)
	 || dir_convergent_p (insn)
	 || (insn->flags & (DIF_VOLATILE | DIF_ATOMIC));
}

/* Return true if all threads of some axes must execute INSN together:
   it is convergent, or it calls a routine that partitions the worker or
   the vector axis.  */

bool
dir_convergent_p (const dir_insn *insn)
{
  return dir_op_flag (insn->op, DOPF_CONVERGENT)
	 || (insn->op == DOP_DCALL
	     && (insn->axes & (dir_axis_bit (DA_WORKER)
			       | dir_axis_bit (DA_VECTOR))));
}

/* Turn I into "copy V", dropping the fields its opcode used.  */

void
dir_make_copy (dir_insn *i, dir_value v)
{
  dir_insn fresh;
  fresh.op = DOP_COPY;
  fresh.type = v.type;
  fresh.dest = i->dest;
  fresh.ops = { v };
  fresh.loc = i->loc;
  fresh.bb = i->bb;
  *i = std::move (fresh);
}

/* Return, for every register of FN, the insns that read it.  */

std::vector<std::vector<dir_insn *>>
dir_compute_uses (const dir_func *fn)
{
  std::vector<std::vector<dir_insn *>> uses (fn->regs.size ());
  for (dir_block *b : fn->blocks)
    {
      for (dir_insn *phi : b->phis)
	dir_for_each_use (phi, [&] (dir_value &v) {
	  uses[v.reg].push_back (phi);
	});
      for (dir_insn *i : b->insns)
	dir_for_each_use (i, [&] (dir_value &v) {
	  uses[v.reg].push_back (i);
	});
    }
  return uses;
}

/* Insert INSN at the builder's position and advance past it.  */

dir_insn *
dir_builder::emit (dir_insn *insn)
{
  insn->loc = loc;
  dir_insert_at (bb, pos++, insn);
  if (insn->dest != DIR_NOREG)
    fn->regs[insn->dest].def = insn;
  return insn;
}

/* Emit "%r = OP.T OPS" and return %r.  */

dir_value
dir_builder::def (dir_opcode op, dir_type t,
		  std::initializer_list<dir_value> ops)
{
  dir_insn *i = dir_new_insn (fn, op, t);
  i->ops.assign (ops.begin (), ops.end ());
  i->dest = dir_new_reg (fn, t);
  emit (i);
  return dir_reg_value (fn, i->dest);
}

/* Emit a comparison C of A and B and return its b1 result.  */

dir_value
dir_builder::cmp (dir_cond c, dir_value a, dir_value b)
{
  dir_insn *i = dir_new_insn (fn, DOP_CMP, a.type);
  i->pred = c;
  i->ops = { a, b };
  i->dest = dir_new_reg (fn, DT_B1);
  emit (i);
  return dir_reg_value (fn, i->dest);
}

/* Emit "%r = bcast.T AXES V" and return %r.  */

dir_value
dir_builder::bcast (dir_value v, unsigned axes)
{
  dir_insn *i = dir_new_insn (fn, DOP_BCAST, v.type);
  i->axes = axes;
  i->ops = { v };
  i->dest = dir_new_reg (fn, v.type);
  emit (i);
  return dir_reg_value (fn, i->dest);
}

/* Emit a load of a T from ADDR+DISP.  */

dir_value
dir_builder::load (dir_type t, dir_value addr, int64_t disp, unsigned flags,
		   unsigned align)
{
  dir_insn *i = dir_new_insn (fn, DOP_LOAD, t);
  i->ops = { addr };
  i->disp = disp;
  i->flags = flags;
  i->align = align < dir_type_bytes (t) ? align : 0;
  i->dest = dir_new_reg (fn, t);
  emit (i);
  return dir_reg_value (fn, i->dest);
}

/* Emit a store of the T V to ADDR+DISP.  */

void
dir_builder::store (dir_type t, dir_value addr, int64_t disp, dir_value v,
		    unsigned flags, unsigned align)
{
  dir_insn *i = dir_new_insn (fn, DOP_STORE, t);
  i->ops = { addr, v };
  i->disp = disp;
  i->flags = flags;
  i->align = align < dir_type_bytes (t) ? align : 0;
  emit (i);
}

/* Emit the block copy or fill OP (COPY_MEM, FILL_MEM) of COUNT Ts at
   DST+DISP, from the address or of the T value SRC_OR_FILL.  */

void
dir_builder::block (dir_opcode op, dir_type t, dir_value dst, int64_t disp,
		    dir_value src_or_fill, uint64_t count)
{
  dir_insn *i = dir_new_insn (fn, op, t);
  i->ops = { dst, src_or_fill, dir_imm (DT_I64, count) };
  i->disp = disp;
  emit (i);
}

/* Emit an axis opcode OP (DIM_POS, DIM_SIZE) of type T on AXIS.  */

dir_value
dir_builder::axis_op (dir_opcode op, dir_type t, dir_axis axis)
{
  dir_insn *i = dir_new_insn (fn, op, t);
  i->axis = axis;
  i->dest = dir_new_reg (fn, t);
  emit (i);
  return dir_reg_value (fn, i->dest);
}

/* Emit the marker OP (FORK, JOIN) on AXIS.  */

void
dir_builder::marker (dir_opcode op, dir_axis axis)
{
  dir_insn *i = dir_new_insn (fn, op);
  i->axis = axis;
  emit (i);
}

/* Emit an unconditional branch to TO.  */

void
dir_builder::br (dir_block *to)
{
  dir_insn *i = dir_new_insn (fn, DOP_BR);
  i->targets = { to };
  emit (i);
  dir_cfg_changed (fn);
}

/* Emit a conditional branch on C to T (true) or F.  */

void
dir_builder::cbr (dir_value c, dir_block *t, dir_block *f)
{
  dir_insn *i = dir_new_insn (fn, DOP_CBR);
  i->ops = { c };
  i->targets = { t, f };
  emit (i);
  dir_cfg_changed (fn);
}
