/* Device RTL: printing helpers shared by the printer, the parser and the
   verifier.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.  */

#ifndef GANGWAY_IR_PRINT_H
#define GANGWAY_IR_PRINT_H

#include "ir.h"

#include <functional>

/* Extra comments for a dump: text after a block label or an insn.  */
struct dir_annotations
{
  std::function<std::string (const dir_block *)> block;
  std::function<std::string (const dir_insn *)> insn;
};

std::string dir_to_string (const dir_func *, const dir_annotations *);
dir_type dir_default_operand_type (const dir_insn *, size_t k);
dir_type dir_result_type (const dir_insn *);

#endif /* GANGWAY_IR_PRINT_H */
