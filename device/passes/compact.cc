/* compact: renumber the registers in the order the layout defines them.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   What: the passes before it leave registers that nothing defines any
   more and number new ones after the old; this pass gives them the
   numbers the printer shows (dir_compact: in layout order, phis first),
   so that the code a target prints names %0 .. %N-1 and sizes its
   tables by the registers in use:

     @0:                              @0:
       %7 = load.i32 [%2]               %0 = load.i32 [%1]
       %9 = add.i32 %7, 1       =>      %1 = add.i32 %0, 1
     ...                              ...

   It runs last in each target's table (config/<target>/passes.def, as
   cpu-compact and ptx-compact), just before the emitter, which reads the
   function as it finds it: disabled, the image names its registers by
   their numbers before it.

   Requires: nothing.
   Guarantees: the registers are numbered in order of definition, each
   defined; the function computes the same.
   Invalidates: nothing (blocks keep their places; analyses indexed by
   register must be recomputed).  */

#include "passes.h"

bool
gw_compact (dir_func *fn, const gw_pass_context &)
{
  return dir_compact (fn);
}
