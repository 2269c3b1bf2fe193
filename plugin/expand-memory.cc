/* The expander's memory: frame slots, globals, addresses, loads and
   stores.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   Part of the expander (expand.cc, whose header says what it requires and
   guarantees).  A memory reference of GIMPLE (a MEM_REF, TARGET_MEM_REF,
   a declaration or a component of one) becomes a base value and a
   constant displacement: a register for pointers, the address of a frame
   slot for locals in memory, of a global table entry for static and
   external variables and constants.  Scalars are loaded and stored in
   their memory types (booleans as integers of their size), aggregates
   copied in the widest aligned chunks.  */

#include "gcc-api.h"
#include "plugin.h"
#include "expander.h"

namespace gw_expand {

/* The bit-field that REF, a memory reference, reads or writes, or
   NULL_TREE.  */

tree
bit_field_of (tree ref)
{
  for (; handled_component_p (ref); ref = TREE_OPERAND (ref, 0))
    if (TREE_CODE (ref) == COMPONENT_REF
	&& DECL_BIT_FIELD (TREE_OPERAND (ref, 1)))
      return TREE_OPERAND (ref, 1);
    else if (TREE_CODE (ref) == BIT_FIELD_REF)
      return ref;
  return NULL_TREE;
}

/* The frame slot of the memory local DECL.  */

int64_t
expander::slot_for (tree decl)
{
  auto it = slots.find (decl);
  if (it != slots.end ())
    return it->second;
  tree size = DECL_SIZE_UNIT (decl);
  if (!size || !tree_fits_uhwi_p (size))
    fail ("variable-length arrays are not supported on the device");
  dir_slot s;
  s.size = tree_to_uhwi (size);
  s.align = MAX (DECL_ALIGN_UNIT (decl), 1);
  bool per_worker;
  if (tree a = lookup_attribute ("gangway shared", DECL_ATTRIBUTES (decl)))
    {
      s.shared = true;
      s.per_worker = TREE_VALUE (a) != NULL_TREE;
      if (!s.per_worker)
	gw_note_gang_private (decl);
    }
  else if (gw_call_shared_p (decl, &per_worker))
    {
      s.shared = true;
      s.per_worker = per_worker;
    }
  if (DECL_NAME (decl))
    s.name = IDENTIFIER_POINTER (DECL_NAME (decl));
  fn->slots.push_back (s);
  return slots[decl] = fn->slots.size () - 1;
}

/* If DECL is a read-only variable of the unit with a constant
   initializer (a routine's static const table, say), set *BYTES to its
   bytes and return true: the image carries a copy, so that a device with
   memory of its own has it without a data clause.  */

static bool
constant_bytes (tree decl, std::string *bytes)
{
  /* A CONST_DECL in memory is a Fortran PARAMETER passed by reference.  */
  if ((TREE_CODE (decl) != CONST_DECL
       && (!VAR_P (decl) || !TREE_STATIC (decl) || DECL_EXTERNAL (decl)
	   || !TREE_READONLY (decl) || TREE_THIS_VOLATILE (decl)))
      || !DECL_INITIAL (decl) || DECL_INITIAL (decl) == error_mark_node)
    return false;
  tree unit = (TREE_CODE (decl) == CONST_DECL
	       ? TYPE_SIZE_UNIT (TREE_TYPE (decl)) : DECL_SIZE_UNIT (decl));
  if (!unit || !tree_fits_uhwi_p (unit))
    return false;
  unsigned HOST_WIDE_INT size = tree_to_uhwi (unit);
  if (size == 0 || size > (1u << 20))
    return false;
  std::vector<unsigned char> buf (size, 0);
  if (native_encode_initializer (DECL_INITIAL (decl), buf.data (), size)
      != (int) size)
    return false;
  bytes->assign ((const char *) buf.data (), size);
  return true;
}

/* The global-table entry of the static or external variable DECL, or of
   the string constant DECL.  */

int64_t
expander::global_for (tree decl)
{
  auto it = globals.find (decl);
  if (it != globals.end ())
    return it->second;
  dir_global g;
  if (TREE_CODE (decl) == STRING_CST)
    {
      g.kind = dir_global::DATA;
      g.bytes.assign (TREE_STRING_POINTER (decl), TREE_STRING_LENGTH (decl));
      g.align = 1;
    }
  else if (constant_bytes (decl, &g.bytes))
    {
      g.kind = dir_global::DATA;
      g.align = (TREE_CODE (decl) == CONST_DECL
		 ? TYPE_ALIGN_UNIT (TREE_TYPE (decl)) : DECL_ALIGN_UNIT (decl));
    }
  else if (TREE_CODE (decl) == CONST_DECL)
    fail ("the constant '%s' in memory",
	  DECL_NAME (decl) ? IDENTIFIER_POINTER (DECL_NAME (decl)) : "?");
  else
    {
      if (DECL_THREAD_LOCAL_P (decl))
	fail ("thread-local variable '%s' in device code",
	      IDENTIFIER_POINTER (DECL_NAME (decl)));
      if (lookup_attribute ("omp declare target link",
			    DECL_ATTRIBUTES (decl)))
	fail ("'declare link' variables are not supported on the device");
      g.kind = dir_global::HOST;
      g.name = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (decl));
      g.table_index = gw_unit_global_index (decl);
      /* The unit's address table refers to DECL: keep it in the output
	 even if the host code stops using it.  */
      if (varpool_node *node = varpool_node::get (decl))
	node->force_output = true;
      TREE_USED (decl) = 1;
    }
  fn->globals.push_back (g);
  return globals[decl] = fn->globals.size () - 1;
}

/* Split the address of the reference REF into a BASE value and a constant
   displacement DISP.  */

void
expander::address (tree ref, dir_value *base, int64_t *disp)
{
  poly_int64 bitsize, bitpos;
  tree offset;
  machine_mode mode;
  int unsignedp, reversep, volatilep = 0;
  tree inner = get_inner_reference (ref, &bitsize, &bitpos, &offset, &mode,
				    &unsignedp, &reversep, &volatilep);
  HOST_WIDE_INT bits;
  if (tree f = bit_field_of (ref))
    {
      if (TREE_CODE (f) == FIELD_DECL && DECL_NAME (f))
	fail ("the bit-field '%s' is not supported on the device",
	      IDENTIFIER_POINTER (DECL_NAME (f)));
      fail ("bit-fields are not supported on the device");
    }
  if (!bitpos.is_constant (&bits) || bits % BITS_PER_UNIT)
    fail ("bit-fields are not supported on the device");
  if (reversep)
    fail ("reverse storage order is not supported on the device");
  int64_t d = bits / BITS_PER_UNIT;
  dir_value v;

  switch (TREE_CODE (inner))
    {
    case MEM_REF:
      v = value (TREE_OPERAND (inner, 0));
      d += mem_ref_offset (inner).force_shwi ().to_constant ();
      break;
    case TARGET_MEM_REF:
      {
	v = value (TMR_BASE (inner));
	if (TMR_INDEX (inner))
	  {
	    dir_value idx = value (TMR_INDEX (inner));
	    if (TMR_STEP (inner) && !integer_onep (TMR_STEP (inner)))
	      idx = emit (DOP_MUL, DT_I64, { idx, constant (TMR_STEP (inner)) });
	    v = emit (DOP_ADD, DT_I64, { v, idx });
	  }
	if (TMR_INDEX2 (inner))
	  v = emit (DOP_ADD, DT_I64, { v, value (TMR_INDEX2 (inner)) });
	d += mem_ref_offset (inner).force_shwi ().to_constant ();
      }
      break;
    case VAR_DECL:
    case PARM_DECL:
    case RESULT_DECL:
      if (VAR_P (inner) && (TREE_STATIC (inner) || DECL_EXTERNAL (inner)))
	{
	  dir_insn *i = dir_new_insn (fn.get (), DOP_ADDR_GLOBAL, DT_I64);
	  i->global = global_for (inner);
	  i->dest = dir_new_reg (fn.get (), DT_I64);
	  b.loc = loc;
	  b.emit (i);
	  v = dir_reg_value (fn.get (), i->dest);
	}
      else if (VAR_P (inner)
	       || (TREE_CODE (inner) == PARM_DECL && slots.count (inner)))
	{
	  dir_insn *i = dir_new_insn (fn.get (), DOP_ADDR_LOCAL, DT_I64);
	  i->slot = slot_for (inner);
	  i->dest = dir_new_reg (fn.get (), DT_I64);
	  b.loc = loc;
	  b.emit (i);
	  v = dir_reg_value (fn.get (), i->dest);
	}
      else
	fail ("a parameter or result in memory");
      break;
    case STRING_CST:
    case CONST_DECL:
      {
	dir_insn *i = dir_new_insn (fn.get (), DOP_ADDR_GLOBAL, DT_I64);
	i->global = global_for (inner);
	i->dest = dir_new_reg (fn.get (), DT_I64);
	b.loc = loc;
	b.emit (i);
	v = dir_reg_value (fn.get (), i->dest);
      }
      break;
    case FUNCTION_DECL:
      fail ("function pointers are not supported on the device");
    default:
      fail ("a memory reference of kind '%s' is not supported on the device",
	    get_tree_code_name (TREE_CODE (inner)));
    }

  if (offset)
    {
      dir_value off = expr (offset);
      if (off.type != DT_I64)
	off = convert (off, TREE_TYPE (offset), sizetype);
      v = emit (DOP_ADD, DT_I64, { v, off });
    }
  *base = v;
  *disp = d;
}

/* The address of REF as one i64 value.  */

dir_value
expander::address_value (tree ref)
{
  dir_value base;
  int64_t disp;
  address (ref, &base, &disp);
  return add (base, disp);
}

/* The alignment in bytes GCC knows the object REF to have: less than its
   size where GCC's own passes, tuned for the host's cheap unaligned
   accesses, merged narrower ones (store merging, the bswap pass) or a
   packed layout put it; a GPU needs to know.  */

static unsigned
known_alignment (tree ref)
{
  return get_object_alignment (ref) / BITS_PER_UNIT;
}

/* Emit a load of the scalar REF.  */

dir_value
expander::load (tree ref)
{
  tree type = TREE_TYPE (ref);
  dir_type mt = reg_type (type, true);
  dir_value base;
  int64_t disp;
  address (ref, &base, &disp);
  b.loc = loc;
  dir_value v = b.load (mt, base, disp,
			TREE_THIS_VOLATILE (ref) ? DIF_VOLATILE : 0,
			known_alignment (ref));
  if (reg_type (type) == DT_B1)
    v = b.cmp (DC_NE, v, dir_imm (mt, 0));
  return v;
}

/* Emit a store of V to the scalar REF.  */

void
expander::store (tree ref, dir_value v)
{
  tree type = TREE_TYPE (ref);
  dir_type mt = reg_type (type, true);
  if (v.type == DT_B1)
    v = emit (DOP_ZEXT, mt, { v });
  dir_value base;
  int64_t disp;
  address (ref, &base, &disp);
  b.loc = loc;
  b.store (mt, base, disp, v, TREE_THIS_VOLATILE (ref) ? DIF_VOLATILE : 0,
	   known_alignment (ref));
}

/* Copy SIZE bytes from the object SRC to the object DST (an aggregate
   assignment), or clear DST if SRC is null.  */

void
expander::copy_bytes (tree dst, tree src, HOST_WIDE_INT size)
{
  if (size > 4096 && !block_p (size))
    fail ("an aggregate copy of %ld bytes", (long) size);
  unsigned align = get_object_alignment (dst);
  if (src)
    align = MIN (align, get_object_alignment (src));
  align /= BITS_PER_UNIT;
  dir_value dbase, sbase;
  int64_t ddisp, sdisp = 0;
  address (dst, &dbase, &ddisp);
  if (src)
    address (src, &sbase, &sdisp);
  b.loc = loc;
  copy_block (dbase, ddisp, src ? &sbase : nullptr, sdisp,
	      dir_imm (DT_I64, 0), size, align);
}

/* Whether a copy or fill of SIZE bytes is a block copy (copy_block):
   from gw_opts.block_copy bytes up (-fplugin-arg-gangway-block-copy;
   0: never).  */

bool
expander::block_p (HOST_WIDE_INT size) const
{
  return gw_opts.block_copy && size >= gw_opts.block_copy
	 && size < (HOST_WIDE_INT_1 << 32);
}

/* Copy SIZE bytes, aligned to ALIGN, from *SRC+SDISP to DST+DDISP, or
   store the byte pattern FILL (an i64 whose bytes are the same) in them
   if SRC is null.  A block copy (block_p) is one copy.mem or fill.mem
   of the widest units the alignment allows, which the targets make a
   loop (the cpu device a memcpy per lane), and chunks for the bytes
   after the last unit; a smaller one is loads and stores of the widest
   chunks, which later passes can keep in registers.  */

void
expander::copy_block (dir_value dst, int64_t ddisp, const dir_value *src,
		      int64_t sdisp, dir_value fill, HOST_WIDE_INT size,
		      unsigned align)
{
  auto part = [&] (dir_type t) {
    if (src)
      return dir_value ();
    if (t == DT_I64)
      return fill;
    if (fill.imm_p ())
      return dir_imm (t, fill.imm & (~UINT64_C (0)
				     >> (64 - 8 * dir_type_bytes (t))));
    return emit (DOP_TRUNC, t, { fill });
  };
  HOST_WIDE_INT done = 0;
  if (block_p (size))
    {
      unsigned unit = 8;
      while (unit > 1 && unit > align)
	unit /= 2;
      dir_type t = dir_int_type (unit);
      dir_value s;
      if (src)
	s = sdisp ? emit (DOP_ADD, DT_I64, { *src, dir_imm (DT_I64, sdisp) })
		  : *src;
      done = size / unit * unit;
      b.block (src ? DOP_COPY_MEM : DOP_FILL_MEM, t, dst, ddisp,
	       src ? s : part (t), size / unit);
    }
  for (const mem_chunk &c : mem_chunks (size - done, align))
    b.store (c.type, dst, ddisp + done + c.pos,
	     src ? b.load (c.type, *src, sdisp + done + c.pos)
		 : part (c.type));
}

std::vector<mem_chunk>
mem_chunks (HOST_WIDE_INT size, unsigned align)
{
  std::vector<mem_chunk> chunks;
  for (HOST_WIDE_INT pos = 0; pos < size;)
    {
      unsigned n = 8;
      while (n > 1 && (n > align || pos + n > size))
	n /= 2;
      chunks.push_back ({ pos, dir_int_type (n) });
      pos += n;
    }
  return chunks;
}

} // namespace gw_expand
