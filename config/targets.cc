/* The list of device targets, and what the front ends ask of them all.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   This is the one place outside config/<name>/ that names a target: the
   plugin and gangway-opt find targets, their options, passes and
   properties here.  */

#include "target.h"

/* config/<name>/target.cc.  */
const gw_target *gw_target_cpu ();
const gw_target *gw_target_ptx ();

/* The targets, in the order of the default -fplugin-arg-gangway-targets
   (its enabled ones), of messages and of help.  */

const std::vector<const gw_target *> &
gw_targets ()
{
  static const std::vector<const gw_target *> targets = {
    gw_target_cpu (), gw_target_ptx ()
  };
  return targets;
}

/* Return the target called NAME, or null.  */

const gw_target *
gw_find_target (const std::string &name)
{
  for (const gw_target *t : gw_targets ())
    if (name == t->name ())
      return t;
  return nullptr;
}

std::string
gw_target_names (const char *sep)
{
  std::string s;
  for (const gw_target *t : gw_targets ())
    s += (s.empty () ? "" : sep) + std::string (t->name ());
  return s;
}

const gw_pass_info *
gw_find_target_pass (const std::string &name)
{
  for (const gw_target *t : gw_targets ())
    for (const gw_pass_info *p : t->passes ())
      if (name == p->name)
	return p;
  return nullptr;
}

std::string
gw_target_pass_names ()
{
  std::string s;
  for (const gw_target *t : gw_targets ())
    for (const gw_pass_info *p : t->passes ())
      s += (s.empty () ? "" : ", ") + std::string (p->name);
  return s;
}

const gw_option *
gw_find_target_option (const std::string &name, bool tool)
{
  for (const gw_target *t : gw_targets ())
    for (const gw_option *o : t->options ())
      if (const char *n = tool ? o->tool_name : o->name)
	if (name == n)
	  return o;
  return nullptr;
}

std::vector<dir_prop_info>
gw_target_props ()
{
  std::vector<dir_prop_info> props;
  unsigned bits = 0;
  for (const gw_target *t : gw_targets ())
    for (const dir_prop_info &p : t->properties ())
      {
	dir_assert (p.bit >= DIR_PROP_TARGET_FIRST && !(bits & p.bit));
	bits |= p.bit;
	props.push_back (p);
      }
  return props;
}

/* Options' messages and help.  */

std::string
gw_quote (const std::string &text)
{
  std::string s = "%<";
  for (char c : text)
    s += c == '%' ? std::string ("%%") : std::string (1, c);
  return s + "%>";
}

std::string
gw_plain_message (const std::string &msg)
{
  std::string s;
  for (size_t k = 0; k < msg.size (); k++)
    if (msg[k] == '%' && k + 1 < msg.size ())
      {
	char c = msg[++k];
	s += c == '<' || c == '>' ? '\'' : c;
      }
    else
      s += msg[k];
  return s;
}

std::string
gw_option_help (const std::vector<const gw_option *> &table,
		const char *prefix, size_t width, bool tool)
{
  std::string s;
  for (const gw_option *o : table)
    {
      const char *name = tool ? o->tool_name : o->name;
      const char *help = tool ? o->tool_help : o->help;
      if (!name || !help)
	continue;
      std::string line = std::string ("  ") + prefix + name
			 + (o->meta ? o->meta : "");
      line += std::string (line.size () < width ? width - line.size () : 1,
			   ' ');
      for (const char *p = help; *p; p++)
	{
	  line += *p;
	  if (*p == '\n')
	    line += std::string (width, ' ');
	}
      s += line + "\n";
    }
  return s;
}
