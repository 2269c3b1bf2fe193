/* The cpu target: the plan for running a vector partition as SIMD code.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.  */

#ifndef GANGWAY_CPU_LINEARIZE_H
#define GANGWAY_CPU_LINEARIZE_H

#include "../../device/passes/divergence.h"

/* How an edge of a SIMD region is taken.  Every edge first adds its lanes
   to the target's block mask.  */
enum simd_edge
{
  SIMD_EDGE_GOTO,	/* All the lanes go now: a jump (or fall-through).  */
  SIMD_EDGE_PARK,	/* The lanes wait at the target until the block order
			   reaches it: no jump.  */
  SIMD_EDGE_EXIT	/* The lanes leave the region (to the join).  */
};

/* A component of the weak topological order: the blocks at positions
   HEAD..LAST, entered at HEAD.  CHECK if lanes can wait at HEAD for
   another round (a divergent back edge), which the emitter tests after
   LAST.  */
struct simd_component
{
  int head, last;
  bool check;
};

/* A vector partition to be emitted as SIMD code.  */
struct simd_region
{
  const gw_partition *part;
  dir_block *entry;			/* First block of the region.  */
  dir_block *exit;			/* The join block, outside.  */
  std::vector<dir_block *> order;	/* The emission order.  */
  std::vector<int> pos;			/* Block index -> position, or -1.  */
  std::vector<simd_component> comps;	/* Innermost first at equal LAST.  */
  std::vector<bool> park;		/* Block index -> lanes may wait.  */

  bool contains (const dir_block *b) const { return pos[b->index] >= 0; }
  simd_edge edge (const dir_block *from, const dir_block *to,
		  const gw_divergence &div) const;
};

/* Plan the region of the vector partition P of FN.  */
void plan_simd_region (simd_region *r, const dir_func *fn,
		       const gw_partitions &parts, const gw_partition *p,
		       const gw_divergence &div);

#endif /* GANGWAY_CPU_LINEARIZE_H */
