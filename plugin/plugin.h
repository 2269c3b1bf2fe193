/* Declarations shared by the files of the GCC plugin.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   Include after gcc-api.h.  Sections are labelled by the file that
   defines them.  */

#ifndef GANGWAY_PLUGIN_H
#define GANGWAY_PLUGIN_H

#include "../device/ir/ir.h"
#include "../config/target.h"

/* gangway.cc: options (-fplugin-arg-gangway-*), docs/manual.md.  */
struct gw_options
{
  std::vector<const gw_target *> targets;	/* Enabled device targets.  */
  /* Targets enabled by default rather than asked for: their notes and
     failures go to the dumps only.  */
  std::vector<const gw_target *> quiet_targets;
  std::string dump;		/* Passes to dump, comma-separated, or "all".  */
  std::string disable;		/* Passes not to run (debugging).  */
  std::string stop_after;	/* Last pass to run (debugging).  */
  bool dump_details = false;	/* Dump analyses too (partitions...).  */
  bool verify = false;		/* Run the verifier between device passes.  */
  /* Aggregate copies and memcpy/memset of at least this many bytes are
     block copies (copy.mem, fill.mem); 0: none.  */
  int64_t block_copy = 128;
  gw_target_options target;	/* Options the targets read.  */
  /* -fopenacc-dim=G:W:V: the sizes of partitioned axes a region leaves
     unset, 0 where the option gives none.  */
  int default_dims[DA_NUM] = {};
};

extern gw_options gw_opts;
bool gw_target_quiet_p (const gw_target *);
/* gangway.cc: GCC's warnings are off while its passes work on a device
   clone, a copy of the host version it has already warned about.  Run
   F, which warns on Gangway's behalf, with them as the user set them.  */
template <typename F> void gw_with_warnings (F f);
void gw_warnings (bool on);
extern const char *gw_plugin_name;

/* clone.cc: the IPA pass that makes device clones.  */
opt_pass *gw_make_clone_pass (gcc::context *);
bool gw_device_clone_p (const_tree fndecl);
tree gw_host_version (const_tree clone);
const gw_target *gw_clone_target (const_tree clone);
const gw_target *gw_current_target ();
tree gw_on_device_decl ();
bool gw_routine_p (const_tree fndecl, dir_level *level);
void gw_mark_lambda (void *gcc_data, void *);
const char *gw_routine_refusal (tree decl);

/* loop-reductions.cc: the pass that carries compute constructs'
   reductions into the loops that update their variables.  */
opt_pass *gw_make_loop_reductions_pass (gcc::context *);

/* serial-loops.cc: the pass that keeps the loops of serial constructs
   that call partitioned routines sequential.  */
opt_pass *gw_make_serial_loops_pass (gcc::context *);
opt_pass *gw_make_declare_updates_pass (gcc::context *);

/* routine-locals.cc: the pass that makes a partitioned routine's own
   variables one per call.  */
opt_pass *gw_make_routine_locals_pass (gcc::context *);
bool gw_call_shared_p (tree decl, bool *per_worker);

/* fortran-packing.cc: gfortran's packing of arrays for calls.  */
struct gw_packing_site
{
  std::string callee;			/* The procedure called.  */
  std::vector<std::string> arrays;	/* The arrays packed, "" unnamed.  */
};
opt_pass *gw_make_fortran_packing_pass (gcc::context *);
const gw_packing_site *gw_fortran_packing_site (location_t);

/* loops.cc: the loop-schedule pass.  */
opt_pass *gw_make_loops_pass (gcc::context *);

/* seq-private.cc: the privatization level of seq loops' variables.  */
opt_pass *gw_make_seq_private_pass (gcc::context *);

/* hooks.cc: the targetm.goacc hooks.  */
void gw_install_hooks ();

/* lanes.cc: whether a region's partitioned loops only make strided
   accesses.  */
bool gw_lanes_strided (tree decl);

/* clauses.cc: PLUGIN_PRE_GENERICIZE, the OpenACC clauses GCC 12 accepts
   but cannot compile.  */
void gw_check_clauses (void *gcc_data, void *);

/* reductions.cc: OpenACC reductions, lowered for the device into GIMPLE
   and IFN_UNIQUE (UNSPEC, MARKER, ...) calls the expander reads.  */
enum gw_unique_marker
{
  GW_UNIQUE_REDUCE = 0x67770001,	/* LHS = (VAL, TREE_CODE, LEVEL).  */
  GW_UNIQUE_ATOMIC			/* (ADDR, VAL, TREE_CODE).  */
};
void gw_lower_reduction (gcall *);

/* expand.cc: GIMPLE to device RTL.  */
struct gw_expand_failure
{
  location_t where = UNKNOWN_LOCATION;
  std::string why;
};
std::unique_ptr<dir_func> gw_expand_function (function *,
					      gw_expand_failure *);

/* capture.cc: the GIMPLE pass that captures device clones.  */
opt_pass *gw_make_capture_pass (gcc::context *);
const char *gw_construct_name (tree host_fn);

/* unit.cc: the registration of a translation unit's kernels and
   routines.  */
bool gw_unit_add_function (tree host_fn, const gw_target *, dir_func *,
			   FILE *dump, std::string *why);
bool gw_unit_routine_exported (tree host_fn);
void gw_unit_note_exported_clone (tree clone);
bool gw_unit_clone_exported (tree clone);
std::string gw_unit_routine_symbol (tree clone);
std::string gw_unit_import_symbol (tree decl);
void gw_unit_declare (const gw_target *, const dir_decl &);
void gw_unit_note_routine_failure (tree clone, const gw_target *,
				   location_t, const std::string &why);
void gw_unit_note_failure (tree host_fn, const gw_target *, location_t,
			   const std::string &why);
std::string gw_unit_kernel_symbol (tree host_fn);
int64_t gw_unit_global_index (tree decl);
void gw_unit_create_constructor ();
void gw_unit_finish (void *, void *);
void gw_unit_register_roots ();
void gw_keep_tree (tree);
void gw_note_gang_private (tree);
void gw_rewrite_launches (function *);

/* unit.cc: the pieces of the descriptor's data.  */
tree gw_string_word (const std::string &);
void gw_define_static (tree decl, tree type, tree init, unsigned align);

/* sites.cc: the static gw_site a rewritten launch or data directive
   passes first.  */
tree gw_site_for (function *, gcall *, const char *what, unsigned mapnum_arg,
		  unsigned hostaddrs_arg);
void gw_redirect_call (function *, gcall *, tree decl);

template <typename F>
void
gw_with_warnings (F f)
{
  gw_warnings (true);
  f ();
  gw_warnings (false);
}

#endif /* GANGWAY_PLUGIN_H */
