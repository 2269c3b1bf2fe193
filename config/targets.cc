/* The list of device targets.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   plugin/ir/ir.h.  */

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
