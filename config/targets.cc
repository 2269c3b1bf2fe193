/* The list of device targets.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.  */

#include "target.h"

/* Return the target called NAME, or null.  */

const gw_target *
gw_find_target (const std::string &name)
{
  if (name == "cpu")
    return gw_target_cpu ();
  if (name == "ptx")
    return gw_target_ptx ();
  return nullptr;
}

const gw_pass_info *
gw_find_target_pass (const std::string &name)
{
  for (const gw_target *t : { gw_target_cpu (), gw_target_ptx () })
    for (const gw_pass_info *p : t->passes ())
      if (name == p->name)
	return p;
  return nullptr;
}

std::string
gw_target_pass_names ()
{
  std::string s;
  for (const gw_target *t : { gw_target_cpu (), gw_target_ptx () })
    for (const gw_pass_info *p : t->passes ())
      s += (s.empty () ? "" : ", ") + std::string (p->name);
  return s;
}
