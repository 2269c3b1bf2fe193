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
#include "../config/ptx/ptx.h"

int plugin_is_GPL_compatible;

gw_options gw_opts;
const char *gw_plugin_name;

static struct plugin_info gw_plugin_info = {
  GW_VERSION,
  "OpenACC offloading to the cpu SIMD device and NVIDIA GPUs.  Arguments:\n"
  "  -fplugin-arg-gangway-targets=cpu,ptx device targets to compile for\n"
  "  -fplugin-arg-gangway-isa=LEVEL       x86-64 level of cpu images\n"
  "                                       (x86-64, x86-64-v2/v3/v4, native)\n"
  "  -fplugin-arg-gangway-ptx-arch=sm_NN  GPU architecture of ptx images\n"
  "                                       (sm_75 ... sm_90; sm_80)\n"
  "  -fplugin-arg-gangway-ptxas=check     assemble ptx images with ptxas at\n"
  "                                       compile time (or =PATH, =no)\n"
  "  -fplugin-arg-gangway-dump=PASS,...   dump the device RTL after PASSes\n"
  "                                       (or all) into the gangway dump\n"
  "  -fplugin-arg-gangway-dump-details    the same, with analysis details\n"
  "  -fplugin-arg-gangway-verify[=0|1]    verify the device RTL after every\n"
  "                                       device pass\n"
  "  -fplugin-arg-gangway-disable=PASS,.. skip device passes (debugging)\n"
  "  -fplugin-arg-gangway-stop-after=PASS stop the device pipeline (debugging)\n"
  "  -fplugin-arg-gangway-keep-temps      keep the generated image sources\n"
  "  -fplugin-arg-gangway-check-lanes     cpu images check at run time that\n"
  "                                       lanes read only their own values\n"
};

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

/* -fplugin-arg-gangway-image-opt's -O option and image-cc's driver, or
   empty.  */
static std::string image_opt, image_cc;

/* Parse the plugin arguments ARGV[0..ARGC-1] into gw_opts.  Return false
   after an error.  */

static bool
parse_args (int argc, struct plugin_argument *argv)
{
  gw_opts.verify = GW_CHECKING_DEFAULT || flag_checking;
  /* ptx is on by default where configure found ptxas, but quietly: what
     it cannot compile runs on the cpu device without a warning.  */
  std::string targets = GW_PTXAS[0] ? "cpu,ptx" : "cpu";
  bool targets_given = false;
  gw_opts.target.cpu_isa = "native";
  gw_opts.target.ptxas = GW_PTXAS;
  bool ok = true;

  for (int i = 0; i < argc; i++)
    {
      std::string key = argv[i].key;
      const char *value = argv[i].value;
      auto need_value = [&] () {
	if (!value || !*value)
	  {
	    error ("%<-fplugin-arg-gangway-%s%> needs a value", key.c_str ());
	    ok = false;
	    return false;
	  }
	return true;
      };
      if (key == "targets")
	{
	  if (need_value ())
	    {
	      targets = value;
	      targets_given = true;
	    }
	}
      else if (key == "ptx-arch")
	{
	  if (need_value ())
	    gw_opts.target.ptx_arch = value;
	}
      else if (key == "ptxas")
	{
	  if (!need_value ())
	    continue;
	  if (strcmp (value, "no") == 0)
	    gw_opts.target.ptxas_check = false;
	  else
	    {
	      gw_opts.target.ptxas_check = true;
	      if (strcmp (value, "check") != 0)
		gw_opts.target.ptxas = value;
	      else if (gw_opts.target.ptxas.empty ())
		gw_opts.target.ptxas = "ptxas";
	    }
	}
      else if (key == "isa")
	{
	  if (need_value ())
	    gw_opts.target.cpu_isa = value;
	}
      else if (key == "image-cc")
	{
	  if (need_value ())
	    image_cc = value;
	}
      else if (key == "image-opt")
	{
	  if (!need_value ())
	    continue;
	  if (strlen (value) == 1 && strchr ("0123sg", value[0]))
	    image_opt = std::string ("-O") + value;
	  else
	    {
	      error ("%<-fplugin-arg-gangway-image-opt=%s%>: want 0, 1, 2, "
		     "3, s or g", value);
	      ok = false;
	    }
	}
      else if (key == "dump")
	gw_opts.dump = value ? value : "all";
      else if (key == "dump-details")
	{
	  gw_opts.dump = value ? value : "all";
	  gw_opts.dump_details = true;
	}
      else if (key == "verify")
	gw_opts.verify = !value || strcmp (value, "0") != 0;
      else if (key == "disable")
	{
	  if (need_value ())
	    gw_opts.disable = value;
	}
      else if (key == "stop-after")
	{
	  if (need_value ())
	    gw_opts.stop_after = value;
	}
      else if (key == "keep-temps")
	gw_opts.target.keep_base = "keep";
      else if (key == "check-lanes")
	gw_opts.target.cpu_check_lanes = !value || strcmp (value, "0") != 0;
      else if (key == "cpu-unmasked")
	gw_opts.target.cpu_unmasked = true;
      else if (key == "cpu-no-combine")
	gw_opts.target.cpu_no_combine = true;
      else if (key == "image-big" || key == "image-part"
	       || key == "inline-gathers")
	{
	  bool calls = key == "inline-gathers";
	  char *end = nullptr;
	  long long n = value ? strtoll (value, &end, 10) : -1;
	  if (!value || *end || n < 0 || n > 100000000)
	    {
	      error ("%<-fplugin-arg-gangway-%s%> takes a number of %s, not "
		     "%qs", key.c_str (),
		     calls ? "calls" : "lines (0: never)", value ? value : "");
	      ok = false;
	    }
	  else if (key == "image-big")
	    gw_opts.target.cpu_big_function = n;
	  else if (key == "image-part")
	    gw_opts.target.cpu_part_lines = n;
	  else
	    gw_opts.target.cpu_inline_gathers = n;
	}
      else if (key == "block-copy")
	{
	  char *end = nullptr;
	  long long n = value ? strtoll (value, &end, 10) : -1;
	  if (!value || *end || n < 0)
	    {
	      error ("%<-fplugin-arg-gangway-block-copy%> takes a number of "
		     "bytes (0: no block copies), not %qs",
		     value ? value : "");
	      ok = false;
	    }
	  else
	    gw_opts.block_copy = n;
	}
      else
	{
	  error ("unknown option %<-fplugin-arg-gangway-%s%>; the options are "
		 "targets, isa, ptx-arch, ptxas, dump, dump-details, verify, "
		 "disable, stop-after, keep-temps, check-lanes, cpu-unmasked, "
		 "cpu-no-combine, image-opt, image-cc, image-big, image-part, inline-gathers "
		 "and block-copy "
		 "(docs/manual.md)", key.c_str ());
	  ok = false;
	}
    }

  gw_opts.target.verify = gw_opts.verify;

  /* The targets; a target named twice is one target.  */
  for (const std::string &name : gw_split_list (targets))
    if (const gw_target *t = gw_find_target (name))
      {
	if (std::find (gw_opts.targets.begin (), gw_opts.targets.end (), t)
	    != gw_opts.targets.end ())
	  continue;
	gw_opts.targets.push_back (t);
	if (!targets_given && strcmp (t->name (), "cpu") != 0)
	  gw_opts.quiet_targets.push_back (t);
      }
    else if (!name.empty ())
      {
	error ("%<-fplugin-arg-gangway-targets%>: unknown target %qs "
	       "(known: cpu, ptx)", name.c_str ());
	ok = false;
      }

  if (gw_opts.targets.empty () && ok)
    {
      error ("%<-fplugin-arg-gangway-targets%> names no target (known: "
	     "cpu, ptx)");
      ok = false;
    }

  const std::string &isa = gw_opts.target.cpu_isa;
  if (isa != "native" && isa != "x86-64" && isa != "x86-64-v2"
      && isa != "x86-64-v3" && isa != "x86-64-v4")
    {
      error ("%<-fplugin-arg-gangway-isa%>: unknown level %qs (x86-64, "
	     "x86-64-v2, x86-64-v3, x86-64-v4 or native)", isa.c_str ());
      ok = false;
    }

  ptx_arch arch;
  if (!ptx_parse_arch (gw_opts.target.ptx_arch, &arch))
    {
      error ("%<-fplugin-arg-gangway-ptx-arch%>: unknown architecture %qs "
	     "(%<sm_75%>, %<sm_80%>, %<sm_86%>, %<sm_87%>, %<sm_89%> or %<sm_90%>)",
	     gw_opts.target.ptx_arch.c_str ());
      ok = false;
    }

  ok &= check_pass_list ("dump", gw_opts.dump);
  ok &= check_pass_list ("disable", gw_opts.disable);
  ok &= check_pass_list ("stop-after", gw_opts.stop_after);
  return ok;
}

/* Fill the parts of the target options that come from the compiler run:
   the driver that started us (for cpu images) and the semantics flags the
   image must share with the host code.  */

static void
init_target_options ()
{
  const char *cc = getenv ("COLLECT_GCC");
  gw_opts.target.cc = !image_cc.empty () ? image_cc : cc ? cc : "gcc";

  /* Floating-point semantics follow the user's flags; everything else
     about the image is the target's choice.  */
  std::vector<std::string> &f = gw_opts.target.cc_flags;
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

  /* The cpu image's optimization: -O3 for an optimized build; -O1 for a
     debugging one (-O0, -Og) and for -O1, whose users want it quick: the
     image compile is most of the time of a compile with the plugin, and
     at -O3 up to six times -O1's; an -O1 image's kernels take up to
     four times as long (bench/README.md).
     -fplugin-arg-gangway-image-opt sets it.  */
  if (!image_opt.empty ())
    gw_opts.target.cc_opt = image_opt;
  else if (optimize <= 1 || optimize_debug)
    gw_opts.target.cc_opt = "-O1";
  else
    gw_opts.target.cc_opt = "-O3";

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
