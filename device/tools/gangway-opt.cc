/* gangway-opt: run device passes on device RTL text.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   A stand-alone driver for the device compiler, in the spirit of QBE's
   "qbe -d", LLVM's "llc -run-pass" and Cranelift's "clif-util": it reads
   device RTL in the text form of docs/ir.md (a dump of the plugin, or a
   file written by hand), runs the passes it is told to, and prints the
   result in the same form, or what a target makes of it.  Pass
   tests (testsuite/gangway.opt/) are built on it, so that a pass can be
   tested on a few lines of IR without GCC.

     gangway-opt --assume=split --passes=neuter --verify neuter-mandelbrot.drtl

   The file is a module (functions and declarations); with --verify its
   device calls are checked against it first.  Its declarations are
   printed first.  Then for each function of the file, in order:

   1. the properties given by --assume are taken as established;
   2. if any pass is to run (or --verify or --emit is given), the input is
      verified with those properties: passes are only run on valid IR;
   3. the passes of --passes run in the order given, each one checked
      against the properties it requires (passes.def); with --verify the
      verifier runs after each, with the properties established so far.
      --pipeline instead runs the whole table through gw_run_passes, as
      the plugin does;
   4. the function is printed, or with --emit=TARGET the target's own
      passes (config/<target>/passes.def) run, as the plugin's module
      builder runs them, and its code is printed (gw_target::emit_listing).
      The targets' own options (gw_target::options, those with a
      tool_name) set how.

   The result goes to the standard output; --print-after dumps and pass
   details go to the standard error, as QBE's -d and LLVM's -print-after
   do, so that the output of a run can be fed to the next one.

   Exit status: 0 on success; 1 if the verifier rejected a function or the
   target could not emit it; 2 on a usage or parse error; 3 on an internal
   error of the device compiler.  */

#include "../passes/passes.h"
#include "../../config/target.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace {

const char *progname = "gangway-opt";


/* The properties --assume knows: the target-independent ones, then the
   targets'.  */

const std::vector<dir_prop_info> &
prop_names ()
{
  static std::vector<dir_prop_info> props;
  if (props.empty ())
    {
      props = dir_core_props ();
      for (const dir_prop_info &p : gw_target_props ())
	props.push_back (p);
    }
  return props;
}

/* Their names, for messages.  */

std::string
prop_list ()
{
  std::string s;
  for (const dir_prop_info &p : prop_names ())
    s += (s.empty () ? "" : ", ") + std::string (p.name);
  return s;
}

/* The command line.  */
struct options
{
  std::vector<const gw_pass_info *> passes;
  bool pipeline = false;
  bool verify = false;
  bool details = false;
  unsigned assume = 0;
  std::string print_after;
  std::string disable;
  std::string emit;
  std::string for_target;	/* --for, else --emit's.  */
  const char *file = nullptr;
};

/* Return the names of the passes --passes can run, for messages.  */

std::string
pass_list ()
{
  std::string s;
  for (const gw_pass_info *p : gw_pass_table ())
    s += (s.empty () ? "" : ", ") + std::string (p->name);
  return s + "; the targets': " + gw_target_pass_names ();
}

/* The pass called NAME, of the pipeline or of a target, or null.  */

const gw_pass_info *
find_pass (const std::string &name)
{
  const gw_pass_info *p = gw_find_pass (name);
  return p ? p : gw_find_target_pass (name);
}

/* Write the usage message to F.  */

void
usage (FILE *f)
{
  std::vector<const gw_option *> target_options;
  for (const gw_target *t : gw_targets ())
    for (const gw_option *o : t->options ())
      target_options.push_back (o);
  std::string names = gw_target_names ("|");
  fprintf (f,
	   "Usage: %s [OPTION]... FILE\n"
	   "Read device RTL (docs/ir.md) from FILE ('-' for the standard "
	   "input),\nrun device passes on each function and print the "
	   "result.\n\n"
	   "  --passes=P,...       run the passes P in the order given\n"
	   "  --pipeline           run the whole device pipeline (passes.def)\n"
	   "  --disable=P,...      with --pipeline or --emit, skip the passes P\n"
	   "                       but claim their properties, as broken passes\n"
	   "                       would\n"
	   "  --assume=PROP,...    take PROP as established before the first "
	   "pass\n                       (%s)\n"
	   "  --verify             verify the input and the result of each "
	   "pass\n"
	   "  --print-after=P,...  print the function after the passes P to "
	   "stderr\n"
	   "                       (\"expand\" is the input, \"all\" every "
	   "pass)\n"
	   "  --details            print the passes' analysis details to "
	   "stderr\n"
	   "  --for=%-14s run the target-independent passes as they run\n"
	   "                       for that target (default: --emit's, else\n"
	   "                       none's)\n"
	   "  --emit=%-13s run the target's passes, then print its code\n"
	   "                       instead\n"
	   "%s"
	   "  --help               print this message\n\n"
	   "Passes: %s\n\n"
	   "Exit status: 0 success, 1 invalid IR or emission failure, 2 "
	   "usage or\nparse error, 3 internal error.\n",
	   progname, prop_list ().c_str (), names.c_str (), names.c_str (),
	   gw_option_help (target_options, "--", 23, true).c_str (),
	   pass_list ().c_str ());
}

/* Report the usage error MSG and exit with status 2.  */

[[noreturn]] void
usage_error (const std::string &msg)
{
  fprintf (stderr, "%s: %s\nTry '%s --help'.\n", progname, msg.c_str (),
	   progname);
  exit (2);
}

/* The internal-error hook: print MSG and exit with status 3.  */

void
internal_error (const char *msg)
{
  fflush (stdout);
  fprintf (stderr, "%s: internal error: %s\n", progname, msg);
  exit (3);
}


/* If ARG is "--KEY=VALUE", set *VALUE and return true.  */

bool
option_value (const char *arg, const char *key, std::string *value)
{
  size_t n = strlen (key);
  if (strncmp (arg, key, n) != 0 || arg[n] != '=')
    return false;
  *value = arg + n + 1;
  return true;
}

/* If ARG is a target's option (--NAME or --NAME=VALUE of its table),
   take it; exit on a usage error.  */

bool
target_option (const char *arg)
{
  if (strncmp (arg, "--", 2) != 0)
    return false;
  const char *eq = strchr (arg, '=');
  std::string name (arg + 2, eq ? eq - arg - 2 : strlen (arg + 2));
  const gw_option *opt = gw_find_target_option (name, true);
  if (!opt)
    return false;
  const char *value = opt->value == GW_VALUE_NONE ? nullptr
		      : eq ? eq + 1 : nullptr;
  if (opt->value == GW_VALUE_REQUIRED && (!value || !*value))
    usage_error ("'--" + name + "' needs a value");
  std::string msg = opt->parse (("--" + name).c_str (), value);
  if (!msg.empty ())
    usage_error (gw_plain_message (msg));
  return true;
}

/* Parse the command line ARGC/ARGV into O; exit on a usage error.  */

void
parse_options (int argc, char **argv, options *o)
{
  std::string v;
  for (int k = 1; k < argc; k++)
    {
      const char *arg = argv[k];
      if (!strcmp (arg, "--help"))
	{
	  usage (stdout);
	  exit (0);
	}
      else if (!strcmp (arg, "--pipeline"))
	o->pipeline = true;
      else if (!strcmp (arg, "--verify"))
	o->verify = true;
      else if (!strcmp (arg, "--details"))
	o->details = true;
      else if (option_value (arg, "--for", &v))
	{
	  if (!gw_find_target (v))
	    usage_error ("unknown target '" + v + "' (" + gw_target_names ()
			 + ")");
	  o->for_target = v;
	}
      else if (option_value (arg, "--passes", &v))
	for (const std::string &name : gw_split_list (v))
	  {
	    const gw_pass_info *found = find_pass (name);
	    if (!found)
	      usage_error ("unknown pass '" + name + "' (" + pass_list ()
			   + ")");
	    o->passes.push_back (found);
	  }
      else if (option_value (arg, "--assume", &v))
	for (const std::string &name : gw_split_list (v))
	  {
	    unsigned prop = 0;
	    for (const dir_prop_info &p : prop_names ())
	      if (name == p.name)
		prop = p.bit;
	    if (!prop)
	      usage_error ("unknown property '" + name + "' (" + prop_list ()
			   + ")");
	    o->assume |= prop;
	  }
      else if (option_value (arg, "--disable", &v))
	{
	  for (const std::string &name : gw_split_list (v))
	    if (!find_pass (name))
	      usage_error ("unknown pass '" + name + "' in --disable ("
			   + pass_list () + ")");
	  o->disable = v;
	}
      else if (option_value (arg, "--print-after", &v))
	{
	  for (const std::string &name : gw_split_list (v))
	    if (name != "all" && !gw_pass_known_p (name)
		&& !gw_find_target_pass (name))
	      usage_error ("unknown pass '" + name + "' in --print-after ("
			   + gw_pass_names () + ", all; the targets': "
			   + gw_target_pass_names () + ")");
	  o->print_after = v;
	}
      else if (option_value (arg, "--emit", &v))
	{
	  if (!gw_find_target (v))
	    usage_error ("unknown target '" + v + "' (" + gw_target_names ()
			 + ")");
	  o->emit = v;
	}
      else if (target_option (arg))
	;
      else if (arg[0] == '-' && arg[1] != '\0')
	usage_error (std::string ("unknown option '") + arg + "'");
      else if (o->file)
	usage_error (std::string ("more than one input file: '") + o->file
		     + "' and '" + arg + "'");
      else
	o->file = arg;
    }
  if (!o->file)
    usage_error ("no input file");
  if (o->pipeline && !o->passes.empty ())
    usage_error ("--passes and --pipeline exclude each other");
  if (!o->disable.empty () && !o->pipeline && o->emit.empty ())
    usage_error ("--disable needs --pipeline or --emit");

  /* Each pass must find the properties it requires.  */
  unsigned props = o->assume;
  for (const gw_pass_info *p : o->passes)
    {
      unsigned missing = p->requires & ~props;
      for (const dir_prop_info &pn : prop_names ())
	if (missing & pn.bit)
	  usage_error (std::string (p->name) + " requires the property '"
		       + pn.name + "': run the pass that provides it first, "
		       "or --assume=" + pn.name);
      props |= p->provides;
    }
}

/* Read the whole file NAME ("-": the standard input) into *TEXT.  */

bool
read_input (const char *name, std::string *text)
{
  FILE *f = strcmp (name, "-") ? fopen (name, "rb") : stdin;
  if (!f)
    return false;
  char buf[65536];
  size_t n;
  while ((n = fread (buf, 1, sizeof buf, f)) > 0)
    text->append (buf, n);
  bool ok = !ferror (f);
  if (f != stdin)
    fclose (f);
  return ok;
}

/* Verify FN with the properties it has, for the options O; WHEN says at
   which point ("on input", "after neuter").  On failure report it on
   stderr, print the verifier's annotated dump on stdout and return
   false.  */

bool
verify (dir_func *fn, const options &o, const std::string &when)
{
  char *buf = nullptr;
  size_t size = 0;
  FILE *report = open_memstream (&buf, &size);
  bool ok = dir_verify (fn, fn->props, report, gw_target_props ());
  fclose (report);
  if (!ok)
    {
      fflush (stdout);
      fprintf (stderr, "%s: %s: %s is invalid %s\n", progname, o.file,
	       fn->name.c_str (), when.c_str ());
      fwrite (buf, 1, size, stdout);
    }
  free (buf);
  return ok;
}

/* Print FN to stderr under the heading of pass NAME, as the plugin's dump
   does.  */

void
dump_after (const char *name, const dir_func *fn)
{
  fflush (stdout);
  fprintf (stderr, "\n;; After %s\n", name);
  dir_print_with_analysis (stderr, fn);
}

/* The pipeline driver's options for the command line O.  */

gw_pipeline_options
pipeline_options (const options &o)
{
  gw_pipeline_options p;
  p.dump = o.print_after;
  p.disable = o.disable;
  p.verify = o.verify;
  p.details = o.details;
  p.target_props = gw_target_props ();
  const std::string &t = o.for_target.empty () ? o.emit : o.for_target;
  if (const gw_target *target = t.empty () ? nullptr : gw_find_target (t))
    {
      p.cheap_constant_division = target->cheap_constant_division ();
      p.simd_lanes = target->simd_lanes ();
    }
  /* No target's pass options (gw_pipeline_options::target): a target's
     passes then follow the options its table took from the command line
     (--isa, --cpu-no-combine ...), as its emit_listing does.  */
  return p;
}

/* Run the passes O asks for on FN and print the result.  Return the exit
   status for FN.  */

int
process (dir_func *fn, const options &o)
{
  fn->props = o.assume;
  bool transform = o.pipeline || !o.passes.empty () || !o.emit.empty ();
  if ((o.verify || transform) && !verify (fn, o, "on input"))
    return 1;

  if (o.pipeline)
    {
      std::string why;
      fflush (stdout);
      gw_run_passes (fn, pipeline_options (o), stderr, &why);
    }
  else
    {
      if (gw_pass_selected (o.print_after, "expand"))
	dump_after ("expand", fn);
      gw_pipeline_options po = pipeline_options (o);
      gw_pass_context ctx;
      ctx.dump = o.details ? stderr : nullptr;
      ctx.cheap_constant_division = po.cheap_constant_division;
      ctx.simd_lanes = po.simd_lanes;
      ctx.target = po.target.get ();
      for (const gw_pass_info *p : o.passes)
	{
	  gw_run_pass (fn, p, ctx);
	  fn->props |= p->provides;
	  if (gw_pass_selected (o.print_after, p->name))
	    dump_after (p->name, fn);
	  if (o.verify && !verify (fn, o, std::string ("after ") + p->name))
	    return 1;
	}
    }

  if (o.emit.empty ())
    {
      dir_print_with_analysis (stdout, fn);
      return 0;
    }
  /* The target's passes, as its module builder runs them.  */
  std::string stopped;
  fflush (stdout);
  gw_run_pass_list (fn, gw_find_target (o.emit)->passes (),
		    pipeline_options (o), stderr, &stopped);
  gw_target_options topts;
  topts.verify = o.verify;
  std::string text, why;
  if (!gw_find_target (o.emit)->emit_listing (fn, topts, &text, &why))
    {
      fflush (stdout);
      fprintf (stderr, "%s: %s: %s: %s\n", progname, o.file,
	       fn->name.c_str (), why.c_str ());
      return 1;
    }
  fputs (text.c_str (), stdout);
  return 0;
}

} // anon namespace

/* Run gangway-opt with the command line ARGC/ARGV (see usage).  */

int
main (int argc, char **argv)
{
  dir_internal_error_hook = internal_error;
  options o;
  parse_options (argc, argv, &o);

  std::string text, error;
  if (!read_input (o.file, &text))
    {
      fprintf (stderr, "%s: %s: %s\n", progname, o.file, strerror (errno));
      return 2;
    }
  dir_module mod;
  if (!dir_parse_module (text, o.file, &mod, &error))
    {
      fprintf (stderr, "%s: %s\n", progname, error.c_str ());
      return 2;
    }

  /* The module's calls, as they are on input.  */
  if (o.verify && !dir_verify_module (&mod, stderr))
    {
      fprintf (stderr, "%s: %s: the module is invalid\n", progname, o.file);
      return 1;
    }
  int status = 0;
  if (o.emit.empty ())
    for (const dir_decl &d : mod.decls)
      fputs (dir_decl_text (d).c_str (), stdout);
  for (size_t k = 0; k < mod.funcs.size (); k++)
    {
      if (k || (!mod.decls.empty () && o.emit.empty ()))
	putchar ('\n');
      int s = process (mod.funcs[k].get (), o);
      if (s > status)
	status = s;
    }
  fflush (stdout);
  return status;
}
