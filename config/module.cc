/* The link of a module: what every target's image builder shares.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   plugin/ir/ir.h.

   A target compiles each function of a module as it is captured, and
   builds the image at the end of the unit (docs/internals.md, section
   8.5).  In between, gw_module_builder keeps what each function became
   and what it calls.  At the end it leaves out every function that
   calls, directly or through other routines, a routine of the module
   that has no code for the target (the target or the expander refused
   it), and hands the rest and the routines they import to the target's
   link.  */

#include "target.h"

#include <algorithm>
#include <map>

bool
gw_module_builder::add_function (dir_func *fn, std::string *why, FILE *dump)
{
  compiled c;
  if (!compile (fn, &c.code, why, dump))
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
  /* The first routine without code each function reaches, and why it has
     none: the failures, a callee the module neither compiled nor
     declares (GCC did not keep its clone), then, until nothing changes,
     every function that calls one.  */
  std::map<std::string, std::pair<std::string, std::string>> missing;
  for (auto &f : failures)
    missing[f.first] = { f.first, f.second };
  std::map<std::string, const compiled *> by_name;
  for (const compiled &c : funcs)
    by_name[c.symbol] = &c;
  auto declared = [&] (const std::string &name) {
    return std::any_of (decls.begin (), decls.end (),
			[&] (const dir_decl &d) { return d.name == name; });
  };
  for (const compiled &c : funcs)
    for (const std::string &callee : c.callees)
      if (!by_name.count (callee) && !missing.count (callee)
	  && !declared (callee))
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

  std::vector<const compiled *> kept;
  for (const compiled &c : funcs)
    {
      auto m = missing.find (c.symbol);
      if (m == missing.end ())
	kept.push_back (&c);
      else if (c.kind == DFK_KERNEL)
	out->dropped.push_back ({ c.symbol, m->second.first,
				  m->second.second });
    }

  /* The exports, and the imports the kept functions call.  */
  std::vector<dir_decl> imports;
  for (const compiled *c : kept)
    {
      if (c->exported)
	out->exports.push_back (c->symbol);
      for (const std::string &callee : c->callees)
	for (const dir_decl &d : decls)
	  if (d.name == callee && !by_name.count (callee)
	      && std::none_of (imports.begin (), imports.end (),
			       [&] (const dir_decl &o) {
				 return o.name == callee; }))
	    imports.push_back (d);
    }
  out->imports = imports;
  if (kept.empty ())
    return true;
  return link (kept, imports, out, why);
}
