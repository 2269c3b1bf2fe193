/* Gangway: OpenACC offloading for a stock GCC.  The plugin's entry point.
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

/* plugin_init parses the -fplugin-arg-gangway-* options, installs the
   targetm.goacc hooks and registers Gangway's passes with GCC's pass
   manager:

     gangway-clone    SIMPLE_IPA, after ipa_oacc: device clones, launch
		      rewriting, the registration constructor (clone.cc);
     gangway-loops    GIMPLE, before oaccdevlow: the iteration schedule of
		      device clones' loops (loops.cc);
     gangway-seq-private  GIMPLE, before oaccdevlow: the privatization
		      level of the variables of device clones' seq loops
		      (seq-private.cc);
     gangway          GIMPLE, after optimized: capture of each device clone
		      into device RTL, the device passes, the target emitter
		      (capture.cc);

   and, at the end of the translation unit, builds the images and the unit
   descriptor (unit.cc).  docs/internals.md tells the whole story.  */

#include "gcc-api.h"

#include <csignal>
#include <sys/prctl.h>
#include "plugin-version.h"
#include "plugin.h"
#include "../device/passes/passes.h"

int plugin_is_GPL_compatible;

gw_options gw_opts;
const char *gw_plugin_name;

/* Is T a target enabled by default rather than asked for?  */

bool
gw_target_quiet_p (const gw_target *t)
{
  for (const gw_target *q : gw_opts.quiet_targets)
    if (q == t)
      return true;
  return false;
}

/* Report an internal error of the device compiler through GCC, so that the
   user sees GCC's usual internal-compiler-error message.  */

static void
gw_report_internal_error (const char *msg)
{
  internal_error ("gangway: %s", msg);
}

/* Return true if the comma-separated LIST names only known passes; report
   the first unknown one under OPTION otherwise.  */

static bool
check_pass_list (const char *option, const std::string &list)
{
  for (const std::string &name : gw_split_list (list))
    if (!name.empty () && name != "all" && !gw_pass_known_p (name)
	&& !gw_find_target_pass (name))
      {
	error ("%<-fplugin-arg-gangway-%s%>: unknown device pass %qs; "
	       "the passes are: %s, and the targets%' passes %s", option,
	       name.c_str (), gw_pass_names ().c_str (),
	       gw_target_pass_names ().c_str ());
	return false;
      }
  return true;
}

/* The plugin's own options, and what they set beside gw_opts: the
   value of -fplugin-arg-gangway-targets, if given.  */

static std::string targets_given;

/* A number of bytes, for block-copy.  */

static std::string
parse_block_copy (const char *option, const char *v)
{
  char *end = nullptr;
  long long n = v ? strtoll (v, &end, 10) : -1;
  if (!v || *end || n < 0)
    return gw_quote (option) + " takes a number of bytes (0: no block "
	   "copies), not " + gw_quote (v ? v : "");
  gw_opts.block_copy = n;
  return "";
}

static const gw_option core_options[] = {
  { "targets", GW_VALUE_REQUIRED,
    [] (const char *, const char *v) {
      targets_given = v;
      return std::string ();
    }, nullptr, nullptr },
  { "dump", GW_VALUE_OPTIONAL,
    [] (const char *, const char *v) {
      gw_opts.dump = v ? v : "all";
      return std::string ();
    }, "=PASS,...", "dump the device RTL after PASSes\n(or all) into the "
    "gangway dump" },
  { "dump-details", GW_VALUE_OPTIONAL,
    [] (const char *, const char *v) {
      gw_opts.dump = v ? v : "all";
      gw_opts.dump_details = true;
      return std::string ();
    }, nullptr, "the same, with analysis details" },
  { "verify", GW_VALUE_OPTIONAL,
    [] (const char *, const char *v) {
      gw_opts.verify = !v || strcmp (v, "0") != 0;
      return std::string ();
    }, "[=0|1]", "verify the device RTL after every\ndevice pass" },
  { "disable", GW_VALUE_REQUIRED,
    [] (const char *, const char *v) {
      gw_opts.disable = v;
      return std::string ();
    }, "=PASS,..", "skip device passes (debugging)" },
  { "stop-after", GW_VALUE_REQUIRED,
    [] (const char *, const char *v) {
      gw_opts.stop_after = v;
      return std::string ();
    }, "=PASS", "stop the device pipeline (debugging)" },
  { "keep-temps", GW_VALUE_NONE,
    [] (const char *, const char *) {
      gw_opts.target.keep_base = "keep";
      return std::string ();
    }, nullptr, "keep the generated image sources" },
  { "block-copy", GW_VALUE_OPTIONAL, parse_block_copy, nullptr, nullptr },
};

/* The options, the plugin's then each target's.  */

static std::vector<const gw_option *>
all_options ()
{
  std::vector<const gw_option *> v = gw_table_list (core_options);
  for (const gw_target *t : gw_targets ())
    for (const gw_option *o : t->options ())
      v.push_back (o);
  return v;
}

/* The plugin's description, for GCC's --help: what it compiles for,
   then its options.  */

static const char *
plugin_help ()
{
  static std::string help;
  std::string what;
  const std::vector<const gw_target *> &ts = gw_targets ();
  for (size_t k = 0; k < ts.size (); k++)
    what += std::string (k == 0 ? "" : k + 1 < ts.size () ? ", " : " and ")
	    + ts[k]->description ();
  std::string targets = "=" + gw_target_names (",");
  gw_option targets_help = core_options[0];
  targets_help.meta = targets.c_str ();
  targets_help.help = "device targets to compile for";
  std::vector<const gw_option *> opts = all_options ();
  opts[0] = &targets_help;
  help = "OpenACC offloading to " + what + ".  Arguments:\n"
	 + gw_option_help (opts, "-fplugin-arg-gangway-", 39, false);
  return help.c_str ();
}

/* Report the error MSG of an option's parser: a GCC format whose only
   directives are %<, %> and %% (gw_quote).  */

static void
option_error (const std::string &msg)
{
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-security"
  error (msg.c_str ());
#pragma GCC diagnostic pop
}

/* Parse the plugin arguments ARGV[0..ARGC-1] into gw_opts and the
   targets' own state: each option is the plugin's (core_options) or the
   target's whose table has it.  Return false after an error.  */

static bool
parse_args (int argc, struct plugin_argument *argv)
{
  gw_opts.verify = GW_CHECKING_DEFAULT || flag_checking;
  bool ok = true;
  std::vector<const gw_option *> options = all_options ();

  for (int i = 0; i < argc; i++)
    {
      std::string key = argv[i].key;
      const char *value = argv[i].value;
      const gw_option *o = nullptr;
      for (const gw_option *c : options)
	if (key == c->name)
	  o = c;
      if (!o)
	{
	  std::string names;
	  for (size_t k = 0; k < options.size (); k++)
	    names += std::string (k == 0 ? ""
				  : k + 1 < options.size () ? ", " : " and ")
		     + options[k]->name;
	  error ("unknown option %<-fplugin-arg-gangway-%s%>; the options are "
		 "%s (docs/manual.md)", key.c_str (), names.c_str ());
	  ok = false;
	  continue;
	}
      if (o->value == GW_VALUE_REQUIRED && (!value || !*value))
	{
	  error ("%<-fplugin-arg-gangway-%s%> needs a value", key.c_str ());
	  ok = false;
	  continue;
	}
      std::string msg = o->parse (("-fplugin-arg-gangway-" + key).c_str (),
				  o->value == GW_VALUE_NONE ? nullptr : value);
      if (!msg.empty ())
	{
	  option_error (msg);
	  ok = false;
	}
    }

  gw_opts.target.verify = gw_opts.verify;

  /* The targets; a target named twice is one target.  Without the
     option, those on by default.  */
  if (targets_given.empty ())
    for (const gw_target *t : gw_targets ())
      {
	if (t->default_use () != GW_NOT_DEFAULT)
	  gw_opts.targets.push_back (t);
	if (t->default_use () == GW_DEFAULT_QUIET)
	  gw_opts.quiet_targets.push_back (t);
      }
  for (const std::string &name : gw_split_list (targets_given))
    if (const gw_target *t = gw_find_target (name))
      {
	if (std::find (gw_opts.targets.begin (), gw_opts.targets.end (), t)
	    == gw_opts.targets.end ())
	  gw_opts.targets.push_back (t);
      }
    else if (!name.empty ())
      {
	error ("%<-fplugin-arg-gangway-targets%>: unknown target %qs "
	       "(known: %s)", name.c_str (), gw_target_names ().c_str ());
	ok = false;
      }

  if (gw_opts.targets.empty () && ok)
    {
      error ("%<-fplugin-arg-gangway-targets%> names no target (known: "
	     "%s)", gw_target_names ().c_str ());
      ok = false;
    }

  ok &= check_pass_list ("dump", gw_opts.dump);
  ok &= check_pass_list ("disable", gw_opts.disable);
  ok &= check_pass_list ("stop-after", gw_opts.stop_after);
  return ok;
}

/* Fill the parts of the target options that come from the compiler run:
   the driver that started us, its optimization and the semantics flags
   an image must share with the host code.  */

static void
init_target_options ()
{
  const char *cc = getenv ("COLLECT_GCC");
  gw_opts.target.driver = cc ? cc : "gcc";
  gw_opts.target.opt_level = optimize;
  gw_opts.target.opt_debug = optimize_debug;

  /* Floating-point semantics follow the user's flags; everything else
     about the image is the target's choice.  */
  std::vector<std::string> &f = gw_opts.target.semantics_flags;
  if (flag_unsafe_math_optimizations)
    f.push_back ("-funsafe-math-optimizations");
  if (flag_finite_math_only)
    f.push_back ("-ffinite-math-only");
  if (!flag_signed_zeros)
    f.push_back ("-fno-signed-zeros");
  if (!flag_trapping_math)
    f.push_back ("-fno-trapping-math");
  if (flag_associative_math)
    f.push_back ("-fassociative-math");
  if (flag_reciprocal_math)
    f.push_back ("-freciprocal-math");
  f.push_back (flag_fp_contract_mode == FP_CONTRACT_FAST
	       && OPTION_SET_P (flag_fp_contract_mode)
	       ? "-ffp-contract=fast" : "-ffp-contract=off");
  if (flag_rounding_math)
    f.push_back ("-frounding-math");

  if (!gw_opts.target.keep_base.empty ())
    gw_opts.target.keep_base = dump_base_name ? dump_base_name : "gangway";
}

/* Parse -fopenacc-dim=G:W:V, the sizes of the partitioned axes a region
   leaves unset (GCC's host compiler ignores it; an offload compiler reads
   it, and so do we), into gw_opts.default_dims.  Each of G, W and V may
   be empty.  */

static void
parse_default_dims ()
{
  const char *dims = flag_openacc_dims;
  /* GCC marks the option read by pointing it at itself.  */
  if (!dims || dims == (const char *) &flag_openacc_dims)
    return;
  const char *pos = dims;
  for (int a = 0; *pos && a < DA_NUM; a++)
    {
      if (a && *pos++ != ':')
	goto malformed;
      if (*pos && *pos != ':')
	{
	  char *end;
	  errno = 0;
	  long v = strtol (pos, &end, 10);
	  if (errno || v <= 0 || v > INT_MAX || end == pos)
	    goto malformed;
	  gw_opts.default_dims[a] = (int) v;
	  pos = end;
	}
    }
  if (!*pos)
    return;
malformed:
  error ("%<-fopenacc-dim%> operand is malformed at %qs", pos);
}

/* Called when the unit starts: the options are final then.  */

static void
gw_start_unit (void *, void *)
{
  init_target_options ();
  parse_default_dims ();
  gw_pipeline_options &p = gw_opts.target.pipeline;
  p.dump = gw_opts.dump.empty () ? "all" : gw_opts.dump;
  p.disable = gw_opts.disable;
  p.stop_after = gw_opts.stop_after;
  p.verify = gw_opts.verify;
  if (!gw_opts.dump.empty ())
    g->get_dumps ()->dump_switch_p (gw_opts.dump_details
				    ? "tree-gangway-details" : "tree-gangway");
}

/* -w as the user gave it, and whether GCC's passes are working on a
   device clone: GCC's warnings about a clone, a copy of a region, repeat
   what it says about the region's host version (or speak of what is
   Gangway's business, which Gangway says itself), so they stay off while
   its passes run on one.  */
static bool user_inhibits_warnings, in_clone;

/* Let GCC warn as the user asked (ON), or as it should in the current
   pass.  */

void
gw_warnings (bool on)
{
  global_dc->dc_inhibit_warnings = user_inhibits_warnings
				|| (!on && in_clone);
}

/* Before each pass: is it working on a device clone?  */

static void
gw_pass_execution (void *, void *)
{
  in_clone = cfun && gw_device_clone_p (cfun->decl);
  gw_warnings (false);
}

int
plugin_init (struct plugin_name_args *info, struct plugin_gcc_version *version)
{
  if (!plugin_default_version_check (version, &gcc_version))
    {
      error ("the gangway plugin was built for GCC %s, not for this "
	     "compiler (%s)", gcc_version.basever, version->basever);
      return 1;
    }
  gw_plugin_name = info->base_name;
  dir_internal_error_hook = gw_report_internal_error;

  if (!parse_args (info->argc, info->argv))
    return 1;

  static struct plugin_info gw_plugin_info = { GW_VERSION, plugin_help () };
  register_callback (gw_plugin_name, PLUGIN_INFO, NULL, &gw_plugin_info);

  if (!flag_openacc)
    /* Nothing to offload; stay out of the way.  */
    return 0;

  if (in_lto_p || flag_lto)
    {
      warning (0, "gangway does not support link-time optimization yet; "
	       "OpenACC regions run on the host");
      return 0;
    }

  /* A compiler whose driver is killed ends too (it would otherwise run
     on, image compile and all, with nobody to read what it makes); its
     handler for the signal then removes the image's temporary files and
     kills the image compiler (config/process.cc).  */
  prctl (PR_SET_PDEATHSIG, SIGTERM);

  gw_install_hooks ();
  gw_unit_register_roots ();
  register_callback (gw_plugin_name, PLUGIN_PRE_GENERICIZE, gw_check_clauses,
		     NULL);
  register_callback (gw_plugin_name, PLUGIN_PRE_GENERICIZE, gw_mark_lambda,
		     NULL);

  struct register_pass_info serial_loops = {
    gw_make_serial_loops_pass (g), "omplower", 1, PASS_POS_INSERT_BEFORE
  };
  register_callback (gw_plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL,
		     &serial_loops);
  struct register_pass_info routine_locals = {
    gw_make_routine_locals_pass (g), "omplower", 1, PASS_POS_INSERT_BEFORE
  };
  register_callback (gw_plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL,
		     &routine_locals);
  struct register_pass_info loop_reductions = {
    gw_make_loop_reductions_pass (g), "omplower", 1, PASS_POS_INSERT_BEFORE
  };
  register_callback (gw_plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL,
		     &loop_reductions);
  struct register_pass_info fortran_packing = {
    gw_make_fortran_packing_pass (g), "omplower", 1, PASS_POS_INSERT_BEFORE
  };
  register_callback (gw_plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL,
		     &fortran_packing);
  struct register_pass_info declare_updates = {
    gw_make_declare_updates_pass (g), "omplower", 1, PASS_POS_INSERT_BEFORE
  };
  register_callback (gw_plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL,
		     &declare_updates);
  struct register_pass_info clone = {
    gw_make_clone_pass (g), "ipa_oacc", 1, PASS_POS_INSERT_AFTER
  };
  register_callback (gw_plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &clone);
  struct register_pass_info loops = {
    gw_make_loops_pass (g), "oaccdevlow", 1, PASS_POS_INSERT_BEFORE
  };
  register_callback (gw_plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &loops);
  struct register_pass_info seq_private = {
    gw_make_seq_private_pass (g), "oaccdevlow", 1, PASS_POS_INSERT_BEFORE
  };
  register_callback (gw_plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL,
		     &seq_private);
  struct register_pass_info capture = {
    gw_make_capture_pass (g), "optimized", 1, PASS_POS_INSERT_AFTER
  };
  register_callback (gw_plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL,
		     &capture);
  user_inhibits_warnings = global_dc->dc_inhibit_warnings;
  register_callback (gw_plugin_name, PLUGIN_PASS_EXECUTION,
		     gw_pass_execution, NULL);
  register_callback (gw_plugin_name, PLUGIN_START_UNIT, gw_start_unit, NULL);
  register_callback (gw_plugin_name, PLUGIN_FINISH_UNIT, gw_unit_finish,
		     NULL);
  return 0;
}
