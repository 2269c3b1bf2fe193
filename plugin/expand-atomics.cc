/* Expand the atomic operations of a device clone.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   Part of the expander (expand.cc, whose header says what it requires and
   guarantees).  GCC expands OpenACC's atomic construct (read, write,
   update, capture) before the region is outlined, as OpenMP's: into
   __atomic_load_N, __atomic_store_N, __atomic_exchange_N,
   __atomic_fetch_OP_N / __atomic_OP_fetch_N where the machine has the
   operation, and otherwise a loop around .ATOMIC_COMPARE_EXCHANGE (a
   complex result: the old value and whether the exchange happened); the
   user may also call those builtins, or the legacy __sync ones, directly.
   Each becomes one device RTL access of the naturally aligned N-byte
   integer with its memory order:

     __atomic_load_N (p, o)            load.iN [p] atomic o
     __atomic_store_N (p, v, o)        store.iN [p], v atomic o
     __atomic_exchange_N (p, v, o)     xchg.iN [p], v o
     __atomic_fetch_add_N (p, v, o)    atomic.add.iN [p], v o
     __atomic_add_fetch_N (p, v, o)    the same, then add of the old value
     .ATOMIC_COMPARE_EXCHANGE          cas.iN [p], e, d o, and cmp.eq

   sub is an add of the negated value; nand, fences, the generic
   (unsized) forms and 16-byte objects are failures: the region runs on the
   host.  The mutex GCC falls back to for objects no instruction covers
   (GOMP_atomic_start) is refused earlier, at cloning.  */

#include "gcc-api.h"
#include "plugin.h"
#include "expander.h"

namespace gw_expand {

namespace {

/* The operation of an __atomic or __sync builtin with a sized form, N
   bytes wide (1, 2, 4, 8 or 16).  */
struct atomic_builtin
{
  enum kind_t { LOAD, STORE, XCHG, FETCH_OP, OP_FETCH, CAS_BOOL, CAS_VAL,
		CAS_PTR } kind;
  tree_code code;		/* FETCH_OP, OP_FETCH: the operation.  */
  unsigned bytes;
  bool sync;			/* A __sync builtin: sequentially
				   consistent, no order argument.  */
};

/* Describe FN, or return false if it is no sized atomic builtin.  */

bool
classify (built_in_function fn, atomic_builtin *a)
{
  struct family
  {
    built_in_function first;	/* The _1 form.  */
    atomic_builtin::kind_t kind;
    tree_code code;
    bool sync;
  };
  static const family families[] = {
    { BUILT_IN_ATOMIC_LOAD_1, atomic_builtin::LOAD, ERROR_MARK, false },
    { BUILT_IN_ATOMIC_STORE_1, atomic_builtin::STORE, ERROR_MARK, false },
    { BUILT_IN_ATOMIC_EXCHANGE_1, atomic_builtin::XCHG, ERROR_MARK, false },
    { BUILT_IN_ATOMIC_COMPARE_EXCHANGE_1, atomic_builtin::CAS_PTR,
      ERROR_MARK, false },
    { BUILT_IN_ATOMIC_FETCH_ADD_1, atomic_builtin::FETCH_OP, PLUS_EXPR,
      false },
    { BUILT_IN_ATOMIC_FETCH_SUB_1, atomic_builtin::FETCH_OP, MINUS_EXPR,
      false },
    { BUILT_IN_ATOMIC_FETCH_AND_1, atomic_builtin::FETCH_OP, BIT_AND_EXPR,
      false },
    { BUILT_IN_ATOMIC_FETCH_OR_1, atomic_builtin::FETCH_OP, BIT_IOR_EXPR,
      false },
    { BUILT_IN_ATOMIC_FETCH_XOR_1, atomic_builtin::FETCH_OP, BIT_XOR_EXPR,
      false },
    { BUILT_IN_ATOMIC_ADD_FETCH_1, atomic_builtin::OP_FETCH, PLUS_EXPR,
      false },
    { BUILT_IN_ATOMIC_SUB_FETCH_1, atomic_builtin::OP_FETCH, MINUS_EXPR,
      false },
    { BUILT_IN_ATOMIC_AND_FETCH_1, atomic_builtin::OP_FETCH, BIT_AND_EXPR,
      false },
    { BUILT_IN_ATOMIC_OR_FETCH_1, atomic_builtin::OP_FETCH, BIT_IOR_EXPR,
      false },
    { BUILT_IN_ATOMIC_XOR_FETCH_1, atomic_builtin::OP_FETCH, BIT_XOR_EXPR,
      false },
    { BUILT_IN_SYNC_FETCH_AND_ADD_1, atomic_builtin::FETCH_OP, PLUS_EXPR,
      true },
    { BUILT_IN_SYNC_FETCH_AND_SUB_1, atomic_builtin::FETCH_OP, MINUS_EXPR,
      true },
    { BUILT_IN_SYNC_FETCH_AND_AND_1, atomic_builtin::FETCH_OP, BIT_AND_EXPR,
      true },
    { BUILT_IN_SYNC_FETCH_AND_OR_1, atomic_builtin::FETCH_OP, BIT_IOR_EXPR,
      true },
    { BUILT_IN_SYNC_FETCH_AND_XOR_1, atomic_builtin::FETCH_OP, BIT_XOR_EXPR,
      true },
    { BUILT_IN_SYNC_ADD_AND_FETCH_1, atomic_builtin::OP_FETCH, PLUS_EXPR,
      true },
    { BUILT_IN_SYNC_SUB_AND_FETCH_1, atomic_builtin::OP_FETCH, MINUS_EXPR,
      true },
    { BUILT_IN_SYNC_AND_AND_FETCH_1, atomic_builtin::OP_FETCH, BIT_AND_EXPR,
      true },
    { BUILT_IN_SYNC_OR_AND_FETCH_1, atomic_builtin::OP_FETCH, BIT_IOR_EXPR,
      true },
    { BUILT_IN_SYNC_XOR_AND_FETCH_1, atomic_builtin::OP_FETCH, BIT_XOR_EXPR,
      true },
    { BUILT_IN_SYNC_BOOL_COMPARE_AND_SWAP_1, atomic_builtin::CAS_BOOL,
      ERROR_MARK, true },
    { BUILT_IN_SYNC_VAL_COMPARE_AND_SWAP_1, atomic_builtin::CAS_VAL,
      ERROR_MARK, true },
    { BUILT_IN_SYNC_LOCK_TEST_AND_SET_1, atomic_builtin::XCHG, ERROR_MARK,
      true },
    { BUILT_IN_SYNC_LOCK_RELEASE_1, atomic_builtin::STORE, ERROR_MARK,
      true },
  };
  for (const family &f : families)
    if (fn >= f.first && fn < f.first + 5)
      {
	*a = { f.kind, f.code, 1u << (fn - f.first), f.sync };
	return true;
      }
  return false;
}

/* The device memory order of the memory-model argument ARG.  */

dir_order
memory_order (tree arg)
{
  if (!arg || !tree_fits_uhwi_p (arg))
    return DMO_SEQ_CST;
  switch (tree_to_uhwi (arg) & MEMMODEL_BASE_MASK)
    {
    case MEMMODEL_RELAXED: return DMO_RELAXED;
    case MEMMODEL_CONSUME: case MEMMODEL_ACQUIRE: return DMO_ACQUIRE;
    case MEMMODEL_RELEASE: return DMO_RELEASE;
    case MEMMODEL_ACQ_REL: return DMO_ACQ_REL;
    default: return DMO_SEQ_CST;
    }
}

} // anon namespace

/* Emit the read-modify-write OP (DOP_ATOMIC with REDOP, DOP_XCHG or
   DOP_CAS) of the T at ADDR with the operands OPS and the DIF_* FLAGS;
   return the old value.  */

dir_value
expander::atomic_access (dir_opcode op, dir_opcode redop, dir_type t,
			 dir_value addr, std::vector<dir_value> ops,
			 dir_order order, unsigned flags)
{
  dir_insn *i = dir_new_insn (fn.get (), op, t);
  i->redop = redop;
  i->order = order;
  i->flags = flags;
  i->ops.push_back (addr);
  for (const dir_value &v : ops)
    i->ops.push_back (v);
  i->dest = dir_new_reg (fn.get (), t);
  b.loc = loc;
  b.emit (i);
  return dir_reg_value (fn.get (), i->dest);
}

/* Expand CALL, of the builtin FN, if it is an atomic builtin; return
   false if it is not one.  */

bool
expander::atomic_call (gcall *call, built_in_function fn_code)
{
  atomic_builtin a;
  if (!classify (fn_code, &a))
    {
      if ((fn_code >= BUILT_IN_ATOMIC_TEST_AND_SET
	   && fn_code <= BUILT_IN_ATOMIC_SIGNAL_FENCE)
	  || (fn_code >= BUILT_IN_SYNC_FETCH_AND_ADD_N
	      && fn_code <= BUILT_IN_SYNC_SYNCHRONIZE))
	fail ("the atomic builtin '%s' is not supported on the device",
	      IDENTIFIER_POINTER (DECL_NAME (gimple_call_fndecl (call))));
      return false;
    }
  if (a.bytes > 8)
    fail ("atomic accesses of %u bytes are not supported on the device",
	  a.bytes);
  tree lhs = gimple_call_lhs (call);
  tree itype = build_nonstandard_integer_type (a.bytes * 8, 1);
  dir_type t = reg_type (itype);
  unsigned nargs = gimple_call_num_args (call);
  auto arg = [&] (unsigned k) {
    tree x = gimple_call_arg (call, k);
    return convert (value (x), TREE_TYPE (x), itype);
  };
  /* The order argument follows the value operands.  */
  auto order = [&] (unsigned k) {
    if (a.sync)
      return a.kind == atomic_builtin::STORE ? DMO_RELEASE
	     : a.kind == atomic_builtin::XCHG ? DMO_ACQUIRE : DMO_SEQ_CST;
    return memory_order (k < nargs ? gimple_call_arg (call, k) : NULL_TREE);
  };
  dir_value p = value (gimple_call_arg (call, 0));
  dir_value result;
  switch (a.kind)
    {
    case atomic_builtin::LOAD:
      {
	dir_order o = order (1);
	if (o == DMO_RELEASE || o == DMO_ACQ_REL)
	  o = DMO_SEQ_CST;
	b.loc = loc;
	result = b.load (t, p, 0, DIF_ATOMIC);
	b.bb->insns[b.pos - 1]->order = o;
	break;
      }
    case atomic_builtin::STORE:
      {
	dir_order o = order (2);
	if (o == DMO_ACQUIRE || o == DMO_ACQ_REL)
	  o = DMO_SEQ_CST;
	b.loc = loc;
	b.store (t, p, 0, a.sync ? dir_imm (t, 0) : arg (1), DIF_ATOMIC);
	b.bb->insns[b.pos - 1]->order = o;
	return true;
      }
    case atomic_builtin::XCHG:
      result = atomic_access (DOP_XCHG, DOP_NUM, t, p, { arg (1) },
			      order (2));
      break;
    case atomic_builtin::FETCH_OP:
    case atomic_builtin::OP_FETCH:
      {
	dir_value v = arg (1);
	dir_opcode op = a.code == MINUS_EXPR ? DOP_ADD
			: a.code == PLUS_EXPR ? DOP_ADD
			: a.code == BIT_AND_EXPR ? DOP_AND
			: a.code == BIT_IOR_EXPR ? DOP_OR : DOP_XOR;
	if (a.code == MINUS_EXPR)
	  v = emit (DOP_NEG, t, { v });
	result = atomic_access (DOP_ATOMIC, op, t, p, { v }, order (2));
	if (a.kind == atomic_builtin::OP_FETCH && lhs)
	  result = emit (op, t, { result, v });
	break;
      }
    case atomic_builtin::CAS_BOOL:
    case atomic_builtin::CAS_VAL:
      {
	dir_value e = arg (1);
	result = atomic_access (DOP_CAS, DOP_NUM, t, p, { e, arg (2) },
				order (3));
	if (a.kind == atomic_builtin::CAS_BOOL && lhs)
	  {
	    b.loc = loc;
	    result = b.cmp (DC_EQ, result, e);
	    result = convert (result, boolean_type_node, TREE_TYPE (lhs));
	    set_lhs (lhs, result);
	    return true;
	  }
	break;
      }
    case atomic_builtin::CAS_PTR:
      {
	/* bool __atomic_compare_exchange_N (p, &e, d, weak, succ, fail):
	   on failure *&e gets the value seen.  The store is made either
	   way (on success it stores the value *&e already holds).  */
	dir_value ep = value (gimple_call_arg (call, 1));
	b.loc = loc;
	dir_value e = b.load (t, ep, 0);
	dir_value old = atomic_access (DOP_CAS, DOP_NUM, t, p,
				       { e, arg (2) }, order (4));
	b.loc = loc;
	b.store (t, ep, 0, old);
	if (lhs)
	  {
	    dir_value ok = b.cmp (DC_EQ, old, e);
	    set_lhs (lhs, convert (ok, boolean_type_node, TREE_TYPE (lhs)));
	  }
	return true;
      }
    }
  if (lhs)
    set_lhs (lhs, convert (result, itype, TREE_TYPE (lhs)));
  return true;
}

/* Expand .ATOMIC_COMPARE_EXCHANGE (p, e, d, flags, succ, fail), whose
   complex result is the value seen and whether it was E.  */

void
expander::compare_exchange_ifn (gcall *call)
{
  tree lhs = gimple_call_lhs (call);
  unsigned bytes = tree_to_uhwi (gimple_call_arg (call, 3)) & 255;
  if (bytes != 1 && bytes != 2 && bytes != 4 && bytes != 8)
    fail ("atomic accesses of %u bytes are not supported on the device",
	  bytes);
  tree itype = build_nonstandard_integer_type (bytes * 8, 1);
  dir_type t = reg_type (itype);
  auto arg = [&] (unsigned k) {
    tree x = gimple_call_arg (call, k);
    return convert (value (x), TREE_TYPE (x), itype);
  };
  dir_value p = value (gimple_call_arg (call, 0));
  dir_value e = arg (1), d = arg (2);
  dir_value old = atomic_access (DOP_CAS, DOP_NUM, t, p, { e, d },
				 memory_order (gimple_call_arg (call, 4)));
  if (!lhs)
    return;
  if (TREE_CODE (lhs) != SSA_NAME
      || TREE_CODE (TREE_TYPE (lhs)) != COMPLEX_TYPE)
    fail ("the internal function '.ATOMIC_COMPARE_EXCHANGE' with a result "
	  "in memory");
  tree part = TREE_TYPE (TREE_TYPE (lhs));
  b.loc = loc;
  dir_value ok = b.cmp (DC_EQ, old, e);
  parts[SSA_NAME_VERSION (lhs)]
    = { convert (old, itype, part),
	convert (ok, boolean_type_node, part) };
}

} // namespace gw_expand
