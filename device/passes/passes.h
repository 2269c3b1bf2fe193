/* The device passes and the pipeline that runs them.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.  */

#ifndef GANGWAY_PASSES_H
#define GANGWAY_PASSES_H

#include "../ir/ir.h"

#include <memory>
#include <string>
#include <vector>

/* Options of a target's own passes (config/<target>/passes.def), opaque
   to the pipeline: the target makes them (gw_target::pass_options) from
   the compilation's options, and only its passes read them.  */
struct gw_target_pass_options
{
  virtual ~gw_target_pass_options () = default;
};

/* What a pass may use besides the function.  A pass returns true if it
   changed the function; the pipeline then drops the analysis the
   function carries (dir_func::analysis).  */
struct gw_pass_context
{
  FILE *dump = nullptr;		/* Analysis details go here, if set.  */
  /* The target's options, for its own passes; null when none were
     given (a pass then uses its defaults).  */
  const gw_target_pass_options *target = nullptr;
  /* The target divides by a constant about as cheaply as
     step-divisions steps a quotient (ptxas makes it a multiply-high):
     only divisions by run-time values are worth stepping.  */
  bool cheap_constant_division = false;
  /* The vector lanes are SIMD lanes of one thread, whose accesses are
     contiguous only when the lanes' addresses are: align-rows aligns
     the lanes of a collapsed nest with its rows (and narrow-counters
     prepares its loops).  (Lanes that are threads of a GPU coalesce
     across a row's end anyway.)  */
  bool simd_lanes = false;
};

#define DEF_PASS(NAME, FUNCTION, REQUIRES, PROVIDES) \
  bool FUNCTION (dir_func *, const gw_pass_context &);
#include "passes.def"
#undef DEF_PASS

/* compact.cc: renumbering the registers, the last pass of each target's
   table (config/<target>/passes.def), before its emitter.  */
bool gw_compact (dir_func *, const gw_pass_context &);

/* How to run the pipeline: the -fplugin-arg-gangway-* debugging options
   and the verifier switch.  The lists are comma-separated pass names.  */
struct gw_pipeline_options
{
  std::string dump;		/* Passes whose result to dump, or "all".  */
  std::string disable;		/* Passes to skip.  */
  std::string stop_after;	/* Stop after this pass.  */
  bool verify = false;
  bool details = false;		/* Dump analysis details too.  */
  bool cheap_constant_division = false;	/* gw_pass_context's.  */
  bool simd_lanes = false;		/* gw_pass_context's.  */
  /* The properties of the target's own the verifier knows
     (gw_target::properties).  */
  std::vector<dir_prop_info> target_props;
  std::shared_ptr<const gw_target_pass_options> target;	/* Its TARGET.  */
};

/* A pass of the table.  */
struct gw_pass_info
{
  const char *name;
  bool (*run) (dir_func *, const gw_pass_context &);
  unsigned requires, provides;
};

/* Run the pass P on FN with CTX; drop FN's analysis if P changed FN.  */
void gw_run_pass (dir_func *fn, const gw_pass_info *p,
		  const gw_pass_context &ctx);
bool gw_run_passes (dir_func *, const gw_pipeline_options &, FILE *dump,
		    std::string *why);
bool gw_run_pass_list (dir_func *, const std::vector<const gw_pass_info *> &,
		       const gw_pipeline_options &, FILE *dump,
		       std::string *why);
const gw_pass_info *gw_find_pass (const std::string &name);
std::vector<const gw_pass_info *> gw_pass_table ();
bool gw_pass_selected (const std::string &list, const char *name);
bool gw_pass_known_p (const std::string &name);
std::string gw_pass_names ();
std::vector<std::string> gw_split_list (const std::string &list);

#endif /* GANGWAY_PASSES_H */
