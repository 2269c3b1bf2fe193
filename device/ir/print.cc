/* Device RTL: the text form, written.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   The printer renumbers as it writes: blocks by their position in the
   layout, registers in order of definition (walking the layout, phis
   first).  The output therefore depends only on the function's structure,
   never on the history of the passes or on addresses, and dir_parse reads
   it back (docs/ir.md).  Predecessors are recomputed from the terminators
   for the "; preds" comments, so printing works in the middle of a pass.  */

#include "ir.h"
#include "print.h"

#include <cinttypes>
#include <cstdarg>
#include <cmath>
#include <cstring>
#include <map>

/* The type a bare immediate in operand K of INSN has (DT_VOID if an
   immediate there must spell its type).  Shared with parse.cc.  */

dir_type
dir_default_operand_type (const dir_insn *insn, size_t k)
{
  switch (insn->op)
    {
    case DOP_SELECT:
      return k == 0 ? DT_B1 : insn->type;
    case DOP_LOAD:
      return DT_I64;
    case DOP_STORE: case DOP_ATOMIC: case DOP_XCHG: case DOP_CAS:
      return k == 0 ? DT_I64 : insn->type;
    case DOP_COPY_MEM:
      return DT_I64;
    case DOP_FILL_MEM:
      return k == 1 ? insn->type : DT_I64;
    case DOP_CBR:
      return DT_B1;
    case DOP_SHL: case DOP_SAR: case DOP_SHR: case DOP_ROTL: case DOP_ROTR:
      return insn->type;
    case DOP_ONDEV:
      return DT_I32;
    case DOP_CALL:
    case DOP_DCALL:
      /* Library functions take mixed types (ldexp), routines too.  */
      return DT_VOID;
    case DOP_SEXT: case DOP_ZEXT: case DOP_TRUNC: case DOP_FPEXT:
    case DOP_FPTRUNC: case DOP_SITOFP: case DOP_UITOFP: case DOP_FPTOSI:
    case DOP_FPTOUI: case DOP_BITCAST:
      return DT_VOID;
    default:
      return insn->type;
    }
}

/* The type of the register INSN defines.  */

dir_type
dir_result_type (const dir_insn *insn)
{
  return insn->op == DOP_CMP ? DT_B1 : insn->type;
}

/* Format the immediate V.  */

static std::string
format_imm (const dir_value &v)
{
  char buf[64];
  if (v.type == DT_F32 || v.type == DT_F64)
    {
      double d;
      if (v.type == DT_F32)
	{
	  uint32_t bits = (uint32_t) v.imm;
	  float f;
	  memcpy (&f, &bits, 4);
	  d = f;
	}
      else
	memcpy (&d, &v.imm, 8);
      if (std::isnan (d))
	return "nan";
      if (std::isinf (d))
	return d < 0 ? "-inf" : "inf";
      snprintf (buf, sizeof buf, v.type == DT_F32 ? "%.9g" : "%.17g", d);
      /* Keep a float recognisable as one.  */
      if (!strpbrk (buf, ".en"))
	strcat (buf, ".0");
      return buf;
    }
  snprintf (buf, sizeof buf, "%" PRId64, (int64_t) v.imm);
  return buf;
}

/* Escape the bytes S as a C string literal.  */

static std::string
quote (const std::string &s)
{
  std::string r = "\"";
  for (unsigned char c : s)
    {
      if (c == '"' || c == '\\')
	{
	  r += '\\';
	  r += c;
	}
      else if (c >= 32 && c < 127)
	r += c;
      else
	{
	  char buf[8];
	  snprintf (buf, sizeof buf, "\\%03o", c);
	  r += buf;
	}
    }
  return r + "\"";
}

namespace {

/* The state of one printing: the renumbering maps and the output.  */
struct printer
{
  const dir_func *fn;
  const dir_annotations *annot;
  std::string out;
  std::vector<uint32_t> regno;		/* Register -> printed number.  */
  std::map<const dir_block *, size_t> blockno;

  void put (const char *fmt, ...) __attribute__ ((format (printf, 2, 3)));
  std::string reg (uint32_t r);
  std::string block (const dir_block *b);
  std::string value (const dir_insn *insn, size_t k);
  void insn (const dir_insn *i);
  void run ();
};

void
printer::put (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  dir_vappendf (out, fmt, ap);
  va_end (ap);
}

std::string
printer::reg (uint32_t r)
{
  if (r < regno.size () && regno[r] != DIR_NOREG)
    return "%" + std::to_string (regno[r]);
  /* A register without a definition: the verifier reports it; print its
     raw number so that the dump still shows where it is used.  */
  return "%?" + std::to_string (r);
}

std::string
printer::block (const dir_block *b)
{
  auto it = blockno.find (b);
  return it == blockno.end () ? "@?" : "@" + std::to_string (it->second);
}

std::string
printer::value (const dir_insn *i, size_t k)
{
  const dir_value &v = i->ops[k];
  if (v.reg_p ())
    return reg (v.reg);
  if (!v.imm_p ())
    return "<none>";
  std::string s = format_imm (v);
  if (v.type != dir_default_operand_type (i, k))
    s = std::string (dir_type_name (v.type)) + ":" + s;
  return s;
}

void
printer::insn (const dir_insn *i)
{
  const dir_op_info &info = dir_op_table[i->op];
  std::string lhs;
  if (i->dest != DIR_NOREG)
    lhs = reg (i->dest) + " = ";
  std::string name = info.name;
  std::string ty = dir_type_name (i->type);
  out += "  " + lhs;

  auto ops_from = [&] (size_t first) {
    std::string s;
    for (size_t k = first; k < i->ops.size (); k++)
      s += (k > first ? ", " : "") + value (i, k);
    return s;
  };

  auto address = [&] () {
    std::string addr = "[" + value (i, 0);
    if (i->disp > 0)
      addr += "+" + std::to_string (i->disp);
    else if (i->disp < 0)
      addr += std::to_string (i->disp);
    return addr + "]";
  };

  switch (info.cls)
    {
    case DOC_IMM:
      put ("%s.%s %" PRIu32, name.c_str (), ty.c_str (), i->param);
      break;
    case DOC_VALUE:
      put ("%s.%s", name.c_str (), ty.c_str ());
      if (!i->ops.empty ())
	out += " " + ops_from (0);
      if (i->flags & DIF_NSW)
	out += " nsw";
      break;
    case DOC_CMP:
      put ("cmp.%s.%s %s", dir_cond_name (i->pred), ty.c_str (),
	   ops_from (0).c_str ());
      break;
    case DOC_MEM:
      put ("%s.%s %s", name.c_str (), ty.c_str (), address ().c_str ());
      for (size_t k = 1; k < i->ops.size (); k++)
	out += ", " + value (i, k);
      if (i->flags & DIF_VOLATILE)
	out += " volatile";
      if (i->flags & DIF_ATOMIC)
	out += " atomic";
      if (i->flags & DIF_DEFERRED)
	out += " deferred";
      if (i->flags & DIF_COMBINED)
	out += " combined";
      if (i->order != DMO_RELAXED)
	out += std::string (" ") + dir_order_name (i->order);
      if (i->align)
	out += " align " + std::to_string (i->align);
      break;
    case DOC_GLOBAL:
      put ("%s @%" PRIu32, name.c_str (), i->global);
      break;
    case DOC_SLOT:
      put ("%s $%" PRIu32, name.c_str (), i->slot);
      break;
    case DOC_CALL:
      put ("call.%s %s(%s)", ty.c_str (), i->callee.c_str (),
	   ops_from (0).c_str ());
      break;
    case DOC_DCALL:
      put ("dcall.%s %s %s(%s)", ty.c_str (),
	   i->flags & DIF_LIBRARY ? "library"
	   : dir_level_name (dir_axes_level (i->axes)), i->callee.c_str (),
	   ops_from (0).c_str ());
      break;
    case DOC_AXIS:
      if (i->dest != DIR_NOREG)
	put ("%s.%s %s", name.c_str (), ty.c_str (),
	     dir_axis_name (i->axis));
      else
	put ("%s %s", name.c_str (), dir_axis_name (i->axis));
      break;
    case DOC_AXES:
      put ("%s %s", name.c_str (), dir_axes_name (i->axes).c_str ());
      for (uint32_t sl : i->slots)
	put (" $%" PRIu32, sl);
      break;
    case DOC_AXES_VALUE:
      put ("%s.%s %s %s", name.c_str (), ty.c_str (),
	   dir_axes_name (i->axes).c_str (), ops_from (0).c_str ());
      break;
    case DOC_AXES_BRANCH:
      put ("%s %s, %s, %s", name.c_str (), dir_axes_name (i->axes).c_str (),
	   block (i->targets[0]).c_str (), block (i->targets[1]).c_str ());
      break;
    case DOC_BRANCH:
      out += name;
      /* "cbr %3, @1, @2"; "ret %4".  */
      if (!i->ops.empty ())
	out += " " + ops_from (0) + (i->op == DOP_RET ? "" : ",");
      for (size_t k = 0; k < i->targets.size (); k++)
	out += (k ? ", " : " ") + block (i->targets[k]);
      break;
    case DOC_SWITCH:
      put ("switch.%s %s, %s", ty.c_str (), value (i, 0).c_str (),
	   block (i->targets[0]).c_str ());
      for (size_t k = 0; k < i->cases.size (); k++)
	put (", [%" PRId64 ": %s]", i->cases[k],
	     block (i->targets[k + 1]).c_str ());
      break;
    case DOC_REDUCE:
      put ("%s.%s.%s %s %s", name.c_str (), dir_op_name (i->redop),
	   ty.c_str (), dir_axes_name (i->axes).c_str (),
	   ops_from (0).c_str ());
      break;
    case DOC_ATOMIC:
      put ("%s.%s.%s %s, %s", name.c_str (), dir_op_name (i->redop),
	   ty.c_str (), address ().c_str (), ops_from (1).c_str ());
      if (i->flags & DIF_DEFERRED)
	out += " deferred";
      if (i->flags & DIF_COMBINED)
	out += " combined";
      if (i->order != DMO_RELAXED)
	out += std::string (" ") + dir_order_name (i->order);
      break;
    case DOC_PHI:
      put ("phi.%s", ty.c_str ());
      for (size_t k = 0; k < i->ops.size (); k++)
	put ("%s [%s: %s]", k ? "," : "", block (i->targets[k]).c_str (),
	     value (i, k).c_str ());
      break;
    }
  if (annot && annot->insn)
    {
      std::string note = annot->insn (i);
      if (!note.empty ())
	out += "\t\t; " + note;
    }
  out += "\n";
}

void
printer::run ()
{
  for (size_t i = 0; i < fn->blocks.size (); i++)
    blockno[fn->blocks[i]] = i;
  regno.assign (fn->regs.size (), DIR_NOREG);
  uint32_t next = 0;
  for (const dir_block *b : fn->blocks)
    {
      for (const dir_insn *i : b->phis)
	if (i->dest < regno.size () && regno[i->dest] == DIR_NOREG)
	  regno[i->dest] = next++;
      for (const dir_insn *i : b->insns)
	if (i->dest != DIR_NOREG && i->dest < regno.size ()
	    && regno[i->dest] == DIR_NOREG)
	  regno[i->dest] = next++;
    }

  /* Predecessors from the terminators, in layout order.  */
  std::map<const dir_block *, std::vector<const dir_block *>> preds;
  for (const dir_block *b : fn->blocks)
    if (const dir_insn *t = b->terminator ())
      for (const dir_block *s : t->targets)
	{
	  auto &v = preds[s];
	  if (v.empty () || v.back () != b)
	    v.push_back (b);
	}

  if (fn->kind == DFK_ROUTINE)
    put ("routine %s %s%s %s", fn->name.c_str (), dir_level_name (fn->level),
	 fn->exported ? " export" : "", dir_signature_text (fn->sig).c_str ());
  else
    put ("function %s", fn->name.c_str ());
  if (!fn->host_name.empty ())
    put (" host %s", fn->host_name.c_str ());
  put (" dims %d %d %d\n", fn->dims[0], fn->dims[1], fn->dims[2]);
  for (size_t s = 0; s < fn->slots.size (); s++)
    put ("slot $%zu %u %u %s%s\n", s, fn->slots[s].size, fn->slots[s].align,
	 fn->slots[s].name.empty () ? "-" : fn->slots[s].name.c_str (),
	 !fn->slots[s].shared ? "" : fn->slots[s].per_worker ? " shared worker"
	 : " shared");
  for (size_t g = 0; g < fn->globals.size (); g++)
    {
      const dir_global &gl = fn->globals[g];
      if (gl.kind == dir_global::HOST)
	put ("global @%zu host %s\n", g, gl.name.c_str ());
      else
	put ("global @%zu data %u %s\n", g, gl.align,
	     quote (gl.bytes).c_str ());
    }
  out += "{\n";
  for (const dir_block *b : fn->blocks)
    {
      out += block (b) + ":";
      std::string comment;
      auto it = preds.find (b);
      if (it != preds.end ())
	{
	  comment = "preds";
	  for (const dir_block *p : it->second)
	    comment += " " + block (p);
	}
      if (annot && annot->block)
	{
	  std::string note = annot->block (b);
	  if (!note.empty ())
	    comment += (comment.empty () ? "" : "; ") + note;
	}
      if (!comment.empty ())
	out += "\t\t\t\t; " + comment;
      out += "\n";
      for (const dir_insn *i : b->phis)
	insn (i);
      for (const dir_insn *i : b->insns)
	insn (i);
    }
  out += "}\n";
}

} // anon namespace

/* Return the declaration D in the text form:
   "declare NAME LEVEL (TYPES) -> TYPE [host NAME]", with "library" for
   the level of a function of the device's C library, whose variadic
   arguments are "...".  */

std::string
dir_decl_text (const dir_decl &d)
{
  std::string sig = dir_signature_text (d.sig);
  if (d.variadic)
    sig.replace (sig.find (')'), 1, d.sig.params.empty () ? "...)"
					    : ", ...)");
  std::string s = "declare " + d.name + " "
		  + (d.library ? "library" : dir_level_name (d.level)) + " "
		  + sig;
  if (!d.host_name.empty ())
    s += " host " + d.host_name;
  return s + "\n";
}

/* Return FN in the text form, with the comments ANNOT adds.  */

std::string
dir_to_string (const dir_func *fn, const dir_annotations *annot)
{
  printer p;
  p.fn = fn;
  p.annot = annot;
  p.run ();
  return p.out;
}

/* Return FN in the text form.  */

std::string
dir_to_string (const dir_func *fn)
{
  return dir_to_string (fn, nullptr);
}

/* Write FN in the text form to F.  */

void
dir_print (FILE *f, const dir_func *fn)
{
  std::string s = dir_to_string (fn);
  fputs (s.c_str (), f);
}

/* Write FN in the text form to F, followed by the analysis it carries
   (dir_func::analysis), if any: the form of the dumps.  */

void
dir_print_with_analysis (FILE *f, const dir_func *fn)
{
  dir_print (f, fn);
  if (fn->analysis)
    fn->analysis->print (f, fn);
}
