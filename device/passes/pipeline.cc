/* The device pass pipeline.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   Walks passes.def, or a target's table (config/<target>/passes.def, run
   after it by the target's module builder): runs each pass not disabled,
   records the properties it provides, dumps the function after the
   passes the user selected, runs the verifier after every pass when
   asked to, and stops early on request.  The same driver serves the
   plugin (capture.cc, config/module.cc) and gangway-opt
   (device/tools/).  */

#include "passes.h"

#include <cstring>

namespace {

const gw_pass_info pass_table[] = {
#define DEF_PASS(NAME, FUNCTION, REQUIRES, PROVIDES) \
  { NAME, FUNCTION, REQUIRES, PROVIDES },
#include "passes.def"
#undef DEF_PASS
};

/* Write FN to DUMP under the heading of pass NAME.  */

void
dump_after (FILE *dump, const char *name, const dir_func *fn)
{
  fprintf (dump, "\n;; After %s\n", name);
  dir_print_with_analysis (dump, fn);
}

/* Verify FN after the pass NAME, with the target's properties of OPTS;
   an invalid function is an internal error, reported with the annotated
   dump.  */

void
verify_after (dir_func *fn, const char *name,
	      const gw_pipeline_options &opts)
{
  char *buf = nullptr;
  size_t size = 0;
  FILE *report = open_memstream (&buf, &size);
  bool ok = dir_verify (fn, fn->props, report, opts.target_props);
  fclose (report);
  std::string text (buf ? buf : "", size);
  free (buf);
  if (!ok)
    dir_internal_error (__FILE__, __LINE__,
			"the device RTL of %s is invalid after %s:\n%s",
			fn->name.c_str (), name, text.c_str ());
}

} // anon namespace

/* Return the items of the comma-separated LIST.  */

std::vector<std::string>
gw_split_list (const std::string &list)
{
  std::vector<std::string> items;
  size_t start = 0;
  while (start <= list.size ())
    {
      size_t end = list.find (',', start);
      if (end == std::string::npos)
	end = list.size ();
      items.push_back (list.substr (start, end - start));
      start = end + 1;
    }
  return items;
}

/* Return true if the comma-separated LIST names NAME or "all".  */

bool
gw_pass_selected (const std::string &list, const char *name)
{
  for (const std::string &item : gw_split_list (list))
    if (item == "all" || item == name)
      return true;
  return false;
}

/* Return the passes of the table, in order.  */

std::vector<const gw_pass_info *>
gw_pass_table ()
{
  std::vector<const gw_pass_info *> v;
  for (const gw_pass_info &p : pass_table)
    v.push_back (&p);
  return v;
}

/* Return the pass of the table called NAME, or null.  */

const gw_pass_info *
gw_find_pass (const std::string &name)
{
  for (const gw_pass_info &p : pass_table)
    if (name == p.name)
      return &p;
  return nullptr;
}

/* Return true if NAME is a pass of the pipeline, or one of the pseudo
   passes "expand" and "emit".  */

bool
gw_pass_known_p (const std::string &name)
{
  return name == "expand" || name == "emit" || gw_find_pass (name);
}

/* Return the names of the passes, for messages.  */

std::string
gw_pass_names ()
{
  std::string s = "expand";
  for (const gw_pass_info &p : pass_table)
    s += std::string (", ") + p.name;
  return s + ", emit";
}

/* Run the pass P on FN with CTX.  What FN's analysis says was true of
   FN before P: if P changed FN, it is gone.  */

void
gw_run_pass (dir_func *fn, const gw_pass_info *p, const gw_pass_context &ctx)
{
  if (p->run (fn, ctx))
    fn->analysis.reset ();
}

/* Run the passes of LIST on FN as OPTS says, dumping to DUMP (may be
   null).  Return false and set WHY if the pipeline stopped after one of
   them (-fplugin-arg-gangway-stop-after), in which case FN must not be
   emitted.  */

bool
gw_run_pass_list (dir_func *fn, const std::vector<const gw_pass_info *> &list,
		  const gw_pipeline_options &opts, FILE *dump, std::string *why)
{
  gw_pass_context ctx;
  ctx.dump = opts.details ? dump : nullptr;
  ctx.cheap_constant_division = opts.cheap_constant_division;
  ctx.simd_lanes = opts.simd_lanes;
  ctx.target = opts.target.get ();
  for (const gw_pass_info *p : list)
    {
      /* A disabled pass is skipped but claims its properties, as a broken
	 pass would: the verifier then reports what it left undone.  */
      bool disabled = gw_pass_selected (opts.disable, p->name);
      if (disabled)
	{
	  if (dump)
	    fprintf (dump, "\n;; %s disabled\n", p->name);
	}
      else
	{
	  dir_assert ((fn->props & p->requires) == p->requires);
	  gw_run_pass (fn, p, ctx);
	  if (dump && gw_pass_selected (opts.dump, p->name))
	    dump_after (dump, p->name, fn);
	}
      fn->props |= p->provides;
      if (opts.verify)
	verify_after (fn, disabled ? (std::string (p->name)
				      + " (disabled)").c_str () : p->name,
		      opts);
      if (!opts.stop_after.empty () && opts.stop_after == p->name)
	{
	  *why = std::string ("the device pipeline stopped after ") + p->name
		 + " (-fplugin-arg-gangway-stop-after)";
	  return false;
	}
    }
  return true;
}

/* Run the target-independent device passes on FN, the expander's
   result, as gw_run_pass_list does.  */

bool
gw_run_passes (dir_func *fn, const gw_pipeline_options &opts, FILE *dump,
	       std::string *why)
{
  if (dump && gw_pass_selected (opts.dump, "expand"))
    dump_after (dump, "expand", fn);
  if (opts.verify)
    verify_after (fn, "expand", opts);
  return gw_run_pass_list (fn, gw_pass_table (), opts, dump, why);
}
