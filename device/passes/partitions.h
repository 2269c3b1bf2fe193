/* The partition tree: where a device function runs partitioned.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.  */

#ifndef GANGWAY_PARTITIONS_H
#define GANGWAY_PARTITIONS_H

#include "../ir/ir.h"

#include <memory>
#include <string>
#include <vector>

/* A node of the partition tree: the function (the root) or the code
   between a fork and its join.  The fork and join blocks themselves belong
   to the parent: every thread of the parent's mode executes them.  */
struct gw_partition
{
  int axis = -1;			/* The fork's axis; -1 for the root.  */
  unsigned mask = 0;			/* Axes partitioned here (bits).  */
  dir_block *fork = nullptr;		/* Block of the fork marker.  */
  dir_block *join = nullptr;		/* Block of the join marker.  */
  gw_partition *parent = nullptr;
  std::vector<gw_partition *> children;
  std::vector<dir_block *> blocks;	/* Blocks directly inside.  */
};

/* The partition tree of a function with its markers split
   (DIR_PROP_SPLIT).  */
class gw_partitions
{
public:
  /* Build the tree of FN.  Return false and set *ERROR if the markers are
     not properly nested.  */
  bool discover (const dir_func *fn, std::string *error);

  gw_partition *root () const { return nodes.empty () ? nullptr
				       : nodes.front ().get (); }
  /* The innermost partition of B, or null if B is unreachable.  */
  gw_partition *of (const dir_block *b) const
  {
    return b->index < block_part.size () ? block_part[b->index] : nullptr;
  }
  /* The axes partitioned at B.  */
  unsigned mask (const dir_block *b) const
  {
    gw_partition *p = of (b);
    return p ? p->mask : 0;
  }
  /* The axes that are single at B: those the function uses (size above 1)
     that B is not partitioned on.  */
  unsigned single_axes (const dir_block *b) const
  {
    return active & ~mask (b);
  }
  /* Is B inside partition P (directly or in a child)?  */
  bool inside (const dir_block *b, const gw_partition *p) const;

  /* Write the tree to F, like GCC's nvptx_dump_pars.  */
  void dump (FILE *f) const;

  std::vector<std::unique_ptr<gw_partition>> nodes;
  std::vector<gw_partition *> block_part;
  unsigned active = 0;			/* Worker/vector axes of size > 1.  */
};

/* Return, for each block of FN, the axes on which it is neutered: the
   blocks a BR_SINGLE sends its single thread to, up to its other target.
   0 for blocks every thread executes.  */
std::vector<unsigned> gw_neutered_blocks (const dir_func *fn);

/* Return, for each register of FN, the axes on which only the single
   thread (position 0) holds its value: those its definition is neutered
   on (NEUTERED as computed by gw_neutered_blocks), and for a phi those of
   the values it merges and, unless they are all the same, those of its
   neutered predecessors (the single thread alone comes that way), for a
   broadcast those of its operand it does not broadcast across, for a
   copy those of its operand.  A thread may read a value if it runs at
   position 0 on all of them.  */
std::vector<unsigned> gw_single_values (const dir_func *fn,
					const std::vector<unsigned> &neutered);

#endif /* GANGWAY_PARTITIONS_H */
