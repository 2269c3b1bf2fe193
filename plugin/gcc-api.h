/* The GCC plugin API, included once for every plugin file that needs it.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   GCC's system.h poisons some libc names and redefines others, so the C++
   library headers Gangway uses are requested through its INCLUDE_* macros
   and this header comes first in every file that includes it.  The device
   compiler proper (device/ir, device/passes, config/) never includes it:
   it does not depend on GCC.  */

#ifndef GANGWAY_GCC_API_H
#define GANGWAY_GCC_API_H

#define INCLUDE_STRING
#define INCLUDE_VECTOR
#define INCLUDE_MAP
#define INCLUDE_SET
#define INCLUDE_MEMORY
#define INCLUDE_FUNCTIONAL
#include "gcc-plugin.h"
#include "tree.h"
#include "tree-pass.h"
#include "context.h"
#include "function.h"
#include "basic-block.h"
#include "cfg.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimple-ssa.h"
#include "ssa.h"
#include "tree-ssa-alias.h"
#include "cgraph.h"
#include "stringpool.h"
#include "attribs.h"
#include "target.h"
#include "diagnostic.h"
#include "diagnostic-core.h"
#include "gimple-pretty-print.h"
#include "tree-pretty-print.h"
#include "omp-general.h"
#include "omp-offload.h"
#include "gomp-constants.h"
#include "cfgloop.h"
#include "options.h"
#include "opts.h"
#include "fold-const.h"
#include "stor-layout.h"
#include "varasm.h"
#include "real.h"
#include "memmodel.h"
#include "builtins.h"
#include "internal-fn.h"
#include "langhooks.h"
#include "dumpfile.h"
#include "toplev.h"
#include "output.h"
#include "tree-iterator.h"
#include "ipa-utils.h"
#include "tree-cfg.h"
#include "gimple-expr.h"
#include "tree-ssanames.h"
#include "tree-dfa.h"
#include "gimple-walk.h"

#endif /* GANGWAY_GCC_API_H */
