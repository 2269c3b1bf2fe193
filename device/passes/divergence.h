/* Divergence analysis: which values differ between the threads of a
   partition.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.  */

#ifndef GANGWAY_DIVERGENCE_H
#define GANGWAY_DIVERGENCE_H

#include "partitions.h"

/* The result of gw_divergence::compute for one function.  A register is
   varying if threads that execute its definition together (the threads of
   a partition on AXES) may compute different values; otherwise it is
   uniform.  Code outside every partition on AXES is executed by one thread
   (it is single or neutered there), so all its values are uniform.  */
class gw_divergence
{
public:
  /* Analyse FN, whose partition tree is PARTS, for the threads of the
     partitions on AXES (a mask of dir_axis bits).  The registers FORCED
     are taken to vary (a target's own reasons: see config/cpu/masking.cc)
     wherever they are defined in those partitions.  */
  void compute (const dir_func *fn, const gw_partitions &parts,
		unsigned axes, const std::vector<uint32_t> &forced = {});

  bool varying (uint32_t reg) const { return vary[reg]; }
  bool varying (const dir_value &v) const { return v.reg_p () && vary[v.reg]; }
  /* Is B in a partition on one of the analysed axes?  */
  bool partitioned (const dir_block *b) const { return in_part[b->index]; }
  /* Does B end in a branch whose threads may go different ways?  */
  bool divergent_branch (const dir_block *b) const
  {
    return div_branch[b->index];
  }

  /* Is B a join of paths that split at a divergent branch?  */
  bool divergent_join (const dir_block *b) const { return join[b->index]; }
  /* Does a value defined in DEF and read in USE leave a loop (inside a
     partition) that contains a divergent branch, by an exit the threads
     may take in different iterations?  Its lanes then left the loop after
     different numbers of iterations.  */
  bool leaves_divergent_loop (const dir_block *def,
			      const dir_block *use) const;

  /* Write the varying registers and divergent branches to F.  */
  void dump (FILE *f, const dir_func *fn) const;

private:
  std::vector<bool> vary, in_part, div_branch, join;
  std::vector<dir_loop> loops;		/* Loops inside partitions.  */
  std::vector<int> innermost;		/* Block -> innermost loop, or -1.  */
  std::vector<bool> loop_divergent;	/* Loop -> contains a divergent
					   branch.  */
  /* Loop -> block -> reached from an exit threads take in different
     iterations.  */
  std::vector<std::vector<char>> async_reach;

  void find_async_exits (const dir_func *fn);
  void mark_joins (const dir_func *fn,
		   const std::vector<dir_block *> &rpo_order,
		   const dir_block *d);
  bool insn_varies (const dir_func *fn, const dir_insn *i,
		    unsigned here) const;
  void set_varying (uint32_t r, bool *changed);
  void propagate_data (const dir_func *fn, const dir_block *b,
		       unsigned here, bool *changed);
  void propagate_temporal (const dir_func *fn, bool *changed);
};

#endif /* GANGWAY_DIVERGENCE_H */
