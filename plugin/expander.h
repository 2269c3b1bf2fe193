/* The expander of device clones, shared by its files.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   expand.cc expands statements and control flow; expand-calls.cc the
   calls (internal functions, OpenACC markers and builtins, the C
   library, routines); expand-math.cc the math functions and builtins;
   expand-atomics.cc the atomic builtins; expand-memory.cc memory;
   expand-arith.cc arithmetic.
   Include after gcc-api.h and plugin.h.  */

#ifndef GANGWAY_EXPANDER_H
#define GANGWAY_EXPANDER_H

namespace gw_expand {

/* Thrown internally to abandon an expansion.  */
struct unsupported
{
  location_t where;
  std::string why;
};

class expander
{
public:
  expander (function *fun) : fun (fun) {}
  std::unique_ptr<dir_func> run ();

private:
  function *fun;
  std::unique_ptr<dir_func> fn;
  std::vector<dir_value> ssa;		/* SSA version -> value.  */
  std::map<int, dir_block *> blocks;	/* GIMPLE bb index -> block.  */
  std::map<tree, int64_t> slots;	/* Memory locals -> slot.  */
  std::map<tree, int64_t> globals;	/* Global decls -> global.  */
  /* Statements of unused values wider than 64 bits (find_dead_wide).  */
  std::set<gimple *> dead_wide;
  void find_dead_wide ();
  /* SSA names of complex type (the results of .DIVMOD and .ADD_OVERFLOW
     and friends, and the complex values GCC's complex lowering leaves at
     -O0) -> their real and imaginary parts.  */
  using pair = std::pair<dir_value, dir_value>;
  std::map<unsigned, pair> parts;
  dir_builder b { nullptr, nullptr };
  location_t loc = UNKNOWN_LOCATION;

  [[noreturn]] void fail (const char *fmt, ...)
    __attribute__ ((format (printf, 2, 3)));
  dir_type reg_type (tree type, bool memory = false);
  dir_value constant (tree t);
  dir_value value (tree t);
  dir_value expr (tree t);
  dir_value emit (dir_opcode, dir_type, std::initializer_list<dir_value>);
  dir_value add (dir_value a, int64_t k);
  dir_value lib_call (const char *name, dir_type t,
		       std::vector<dir_value> args);
  void address (tree ref, dir_value *base, int64_t *disp);
  dir_value address_value (tree ref);
  int64_t slot_for (tree decl);
  int64_t global_for (tree decl);
  dir_value load (tree ref);
  void store (tree ref, dir_value v);
  void copy_bytes (tree dst, tree src, HOST_WIDE_INT size);
  bool block_p (HOST_WIDE_INT size) const;
  void copy_block (dir_value dst, int64_t ddisp, const dir_value *src,
		   int64_t sdisp, dir_value fill, HOST_WIDE_INT size,
		   unsigned align);
  void mem_call (gcall *call, built_in_function code);
  dir_value convert (dir_value v, tree from, tree to);
  dir_value convert_reg (dir_value v, tree from, tree to);
  dir_value to_b1 (dir_value v);
  dir_value normalize (dir_value v, tree type);
  dir_value binary (tree_code code, tree type, dir_value a, dir_value c,
		    tree op_type);
  dir_value compare (tree_code code, tree op_type, dir_value a, dir_value c);
  void stmt_assign (gassign *);
  void single_assign (gassign *s);
  void stmt_call (gcall *, bool *ends_block);
  void internal_call (gcall *call);
  bool builtin_call (gcall *call, tree decl, bool *ends_block);
  [[noreturn]] void unsupported_call (gcall *call, tree decl);
  void routine_call (gcall *call, tree decl, dir_level level);
  void library_call (gcall *call, const dir_library_function *f);
  void exit_call (tree decl);
  std::string fortran_packing (gcall *call, tree decl);
  dir_type interface_type (tree type, const char *name, bool result);
  bool pair_call (gcall *);
  bool wide_overflow (gcall *);
  void reduction_marker (gcall *);
  bool atomic_call (gcall *, built_in_function);
  void compare_exchange_ifn (gcall *);
  void dim_query (tree lhs, bool pos, HOST_WIDE_INT axis);
  dir_value atomic_access (dir_opcode op, dir_opcode redop, dir_type t,
			   dir_value addr, std::vector<dir_value> ops,
			   dir_order order, unsigned flags = 0);
  bool math_call (combined_fn fn, gcall *call, dir_value *r);
  bool math_builtin (gcall *call, built_in_function code);
  dir_value frexp_insns (dir_type t, dir_value x, dir_value e);
  dir_value modf_insns (dir_type t, dir_value x, dir_value ip);
  dir_value nextafter_insns (dir_type t, dir_value x, dir_value y);
  dir_value remquo_insns (dir_type t, dir_value x, dir_value y,
			  dir_value quo);
  void bit_builtin (int op, tree arg, tree lhs);
  void set_lhs (tree lhs, dir_value v);
  static bool complex_p (tree t);
  dir_value reduce_insn (gcall *call, dir_opcode redop, dir_type t,
			 std::initializer_list<dir_value> ops);
  bool complex_mul_call (gcall *call);
  void complex_product (gcall *call, bool reduce, tree val, tree_code code);
  pair complex_value (tree t);
  void set_complex (tree lhs, pair v);
  void block_end (basic_block bb, gimple *last, bool trap);
  /* Parameters in memory, with the insns that read their values.  */
  using param_reads = std::vector<std::pair<tree, dir_insn *>>;
  void routine_signature ();
  param_reads read_params (dir_block *entry);
  void undefined_defaults ();
  void store_memory_params (const param_reads &in_memory);
  void create_phis ();
  void refuse_abnormal ();
  void expand_blocks (basic_block first);
  void fill_phis (dir_block *entry);
  static std::string abnormal_construct (gimple *s);
};

/* The name of TYPE as the user wrote it, for messages.  */
std::string user_type_name (tree type);

/* The bit-field that REF, a memory reference, reads or writes, or
   NULL_TREE (expand-memory.cc).  */
tree bit_field_of (tree ref);

/* A piece of a copy of memory: its offset and its integer type.  */
struct mem_chunk
{
  HOST_WIDE_INT pos;
  dir_type type;
};
/* The pieces of a copy of SIZE bytes between addresses aligned to ALIGN
   bytes: the widest naturally aligned integers, in order
   (expand-memory.cc).  */
std::vector<mem_chunk> mem_chunks (HOST_WIDE_INT size, unsigned align);

} // namespace gw_expand

#endif /* GANGWAY_EXPANDER_H */
