/* The link of a module: what every target's image builder shares.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   A target compiles each function of a module as it is captured, after
   its own device passes (config/<target>/passes.def), and builds the
   image at the end of the unit (docs/internals.md, section 8.5).  In between, gw_module_builder keeps what each function became
   and what it calls, and a copy of each worker or vector routine: those
   partition their caller's threads, and a target compiles them for the
   caller's shape (gw_call).  At the end it

   1. leaves out every function that calls, directly or through other
      routines, a routine of the module that has no code for the target
      (the target or the expander refused it, or GCC dropped it);
   2. compiles each worker or vector routine for every shape a kept
      function calls it with, and the shapes other modules may call an
      exported one with, following the calls of the variants in turn;
   3. hands the kernels, seq routines and variants, and the imports (a
      seq routine, or one shape of a worker or vector routine, that
      another module defines) to the target's link.  */

#include "target.h"

#include <algorithm>
#include <map>
#include <set>

std::string
gw_call::variant () const
{
  if (level == DL_SEQ)
    return symbol;
  if (level == DL_VECTOR)
    return symbol + "__v" + std::to_string (vector);
  return symbol + "__w" + std::to_string (workers) + "v"
	 + std::to_string (vector);
}

void
gw_shape_routine (dir_func *fn, const gw_call &c)
{
  fn->name = c.variant ();
  fn->dims[DA_WORKER] = c.level == DL_VECTOR ? 1 : c.workers;
  fn->dims[DA_VECTOR] = c.vector;
}

gw_call
gw_call_of (const dir_insn *i, int workers, int vector)
{
  gw_call c;
  c.symbol = i->callee;
  c.level = dir_axes_level (i->axes);
  c.workers = workers;
  c.vector = vector;
  c.sig.result = i->type;
  for (const dir_value &v : i->ops)
    c.sig.params.push_back (v.type);
  return c;
}

std::vector<gw_call>
gw_routine_shapes (dir_level l, bool exported, int vector)
{
  gw_call c;
  c.level = l;
  c.vector = vector;
  if (l == DL_VECTOR || !exported)
    {
      c.workers = l == DL_VECTOR ? 1 : 2;
      return { c };
    }
  std::vector<gw_call> shapes;
  for (c.workers = 1; c.workers <= 32; c.workers *= 2)
    shapes.push_back (c);
  return shapes;
}

gw_module_builder::gw_module_builder (const gw_target *target,
				      const gw_target_options &opts)
  : target_passes (target->passes ()), pipeline (opts.pipeline)
{
  pipeline.target_props = target->properties ();
  pipeline.target = target->pass_options (opts);
}

bool
gw_module_builder::build (dir_func *fn, std::string *code,
			  std::vector<gw_call> *calls, std::string *why,
			  FILE *dump)
{
  if (!gw_run_pass_list (fn, target_passes, pipeline, dump, why))
    return false;
  return compile (fn, code, calls, why,
		  dump && gw_pass_selected (pipeline.dump, "emit") ? dump
		  : nullptr);
}

bool
gw_module_builder::add_function (dir_func *fn, std::string *why, FILE *dump)
{
  compiled c;
  bool ok;
  if (fn->kind == DFK_ROUTINE && fn->level != DL_SEQ)
    {
      /* Kept for the link; compiled now for one shape, so that a routine
	 the target cannot compile is known at once.  */
      ok = true;
      for (const gw_call &shape : routine_shapes (fn->level, false))
	{
	  std::unique_ptr<dir_func> trial = dir_clone (fn);
	  gw_call s = shape;
	  s.symbol = fn->name;
	  gw_shape_routine (trial.get (), s);
	  std::string code;
	  std::vector<gw_call> calls;
	  ok = ok && build (trial.get (), &code, &calls, why, dump);
	}
      if (ok)
	shaped.emplace_back (fn->name, dir_clone (fn));
    }
  else
    ok = build (fn, &c.code, &c.calls, why, dump);
  if (!ok)
    {
      if (fn->kind == DFK_ROUTINE)
	note_failure (fn->name, *why);
      return false;
    }
  c.symbol = fn->name;
  c.host_name = fn->host_name;
  c.kind = fn->kind;
  c.level = fn->level;
  c.sig = fn->sig;
  c.exported = fn->exported;
  for (const dir_block *b : fn->blocks)
    for (const dir_insn *i : b->insns)
      if (i->op == DOP_DCALL
	  && std::find (c.callees.begin (), c.callees.end (), i->callee)
	     == c.callees.end ())
	c.callees.push_back (i->callee);
  funcs.push_back (std::move (c));
  return true;
}

void
gw_module_builder::note_failure (const std::string &symbol,
				 const std::string &why)
{
  failures.push_back ({ symbol, why });
}

void
gw_module_builder::declare (const dir_decl &d)
{
  for (const dir_decl &o : decls)
    if (o.name == d.name)
      return;
  decls.push_back (d);
}

bool
gw_module_builder::finish (gw_image_out *out, std::string *why)
{
  /* 1. The first routine without code each function reaches, and why it
     has none: the failures, a callee the module neither compiled nor
     declares, then, until nothing changes, every function that calls
     one.  */
  std::map<std::string, std::pair<std::string, std::string>> missing;
  for (auto &f : failures)
    missing[f.first] = { f.first, f.second };
  std::map<std::string, const compiled *> by_name;
  for (const compiled &c : funcs)
    by_name[c.symbol] = &c;
  /* A worker or vector routine that calls itself, where the target
     cannot run one.  */
  if (!partitioned_recursion ())
    for (const compiled &c : funcs)
      {
	if (c.kind != DFK_ROUTINE || c.level == DL_SEQ)
	  continue;
	std::set<std::string> seen;
	std::vector<std::string> work (c.callees);
	bool cycle = false;
	while (!work.empty () && !cycle)
	  {
	    std::string f = work.back ();
	    work.pop_back ();
	    cycle = f == c.symbol;
	    auto n = by_name.find (f);
	    if (seen.insert (f).second && n != by_name.end ())
	      work.insert (work.end (), n->second->callees.begin (),
			   n->second->callees.end ());
	  }
	if (cycle)
	  missing[c.symbol] = { c.symbol, std::string ("a ")
				+ dir_level_name (c.level) + " routine that "
				"calls itself, whose shared data the device "
				"keeps once per gang, not once per call" };
      }
  auto declaration = [&] (const std::string &name) -> const dir_decl * {
    for (const dir_decl &d : decls)
      if (d.name == name)
	return &d;
    return nullptr;
  };
  for (const compiled &c : funcs)
    for (const std::string &callee : c.callees)
      if (!by_name.count (callee) && !missing.count (callee)
	  && !declaration (callee))
	missing[callee] = { callee, "GCC did not compile it for the device" };
  for (bool changed = true; changed;)
    {
      changed = false;
      for (const compiled &c : funcs)
	if (!missing.count (c.symbol))
	  for (const std::string &callee : c.callees)
	    if (missing.count (callee))
	      {
		missing[c.symbol] = missing[callee];
		changed = true;
		break;
	      }
    }

  std::vector<linked> linked_funcs;
  std::vector<gw_call> work;
  for (const compiled &c : funcs)
    {
      auto m = missing.find (c.symbol);
      if (m != missing.end ())
	{
	  if (c.kind == DFK_KERNEL)
	    out->dropped.push_back ({ c.symbol, m->second.first,
				      m->second.second });
	  continue;
	}
      work.insert (work.end (), c.calls.begin (), c.calls.end ());
      if (c.kind == DFK_ROUTINE && c.level != DL_SEQ)
	{
	  if (c.exported)
	    for (gw_call s : routine_shapes (c.level, true))
	      {
		s.symbol = c.symbol;
		s.sig = c.sig;
		work.push_back (s);
	      }
	  continue;
	}
      linked_funcs.push_back ({ c.symbol, c.kind, c.sig, c.exported,
				c.code });
      if (c.exported)
	out->exports.push_back (c.symbol);
    }

  /* 2 and 3.  The variants the calls need, and the imports.  */
  std::set<std::string> done, library;
  while (!work.empty ())
    {
      gw_call c = work.back ();
      work.pop_back ();
      if (c.library)
	{
	  library.insert (c.symbol);
	  continue;
	}
      std::string name = c.variant ();
      if (!done.insert (name).second)
	continue;
      auto local = by_name.find (c.symbol);
      if (local == by_name.end ())
	{
	  dir_decl d;
	  d.name = name;
	  d.level = c.level;
	  d.sig = c.sig;
	  const dir_decl *decl = declaration (c.symbol);
	  d.host_name = decl ? decl->host_name : c.symbol;
	  out->imports.push_back (d);
	  continue;
	}
      if (c.level == DL_SEQ)
	continue;
      const dir_func *routine = nullptr;
      for (auto &s : shaped)
	if (s.first == c.symbol)
	  routine = s.second.get ();
      std::unique_ptr<dir_func> fn = dir_clone (routine);
      gw_shape_routine (fn.get (), c);
      std::string code;
      std::vector<gw_call> calls;
      if (!build (fn.get (), &code, &calls, why, nullptr))
	{
	  *why = "the " + name + " shape of a routine: " + *why;
	  return false;
	}
      linked_funcs.push_back ({ name, DFK_ROUTINE, c.sig, fn->exported,
				code });
      if (fn->exported)
	out->exports.push_back (name);
      work.insert (work.end (), calls.begin (), calls.end ());
    }
  if (linked_funcs.empty ())
    return true;
  return link (linked_funcs, out->imports, library, out, why);
}
