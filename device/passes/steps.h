/* What the passes that step a collapsed nest's indices share.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   GCC lowers `collapse(N)` (and `tile`) to one loop over a linear
   iteration number X and recovers the original indices in every
   iteration by dividing: i = X % NI, T = X / NI, j = T % NJ, k = T / NJ.
   Four passes take those divisions out of the loop, in this order
   (passes.def):

     recombine-digits   recombine_digits.cc: a sum of X's digits in the
			nest's own shape is X;
     narrow-counters    narrow_counters.cc: a vector loop's counter that
			GCC widened to 64 bits is 32 bits again;
     align-rows         align_rows.cc: a SIMD vector loop's lanes take
			the columns of one row of the nest;
     step-divisions     step_divisions.cc: the divisions left in a
			counted loop are stepped.

   This header holds the analyses the last three share (counted loops,
   signed ranges, lane-free values) and the clean-up each pass runs after
   changing the function; steps.cc defines them.  */

#ifndef GANGWAY_STEPS_H
#define GANGWAY_STEPS_H

#include "passes.h"

#include <initializer_list>
#include <map>
#include <utility>
#include <vector>

namespace gw_steps {

/* A closed interval of the signed values of an integer register.  */
struct range
{
  __int128 lo, hi;
};

/* The largest signed value of type T.  */
__int128 smax_of (dir_type t);

/* Signed ranges of integer registers, from their definitions: enough to
   see that the chunk bounds GCC computes from gang and vector positions
   are small and non-negative.  A range, once asked for, is remembered
   for the life of the object: a register a pass rewrote since (a
   division turned into a copy of a phi) keeps the range it had then.  */
class ranges
{
public:
  explicit ranges (const dir_func *f) : fn (f) {}
  range of (const dir_value &v, int depth = 0);

private:
  const dir_func *fn;
  std::map<uint32_t, range> memo;

  range clamp (range r, dir_type t, bool exact);
  range compute (uint32_t reg, int depth);
};

/* A value that steps exactly: in each iteration of its loop it is INIT
   plus the sum of the steps so far, never wrapping.  The step, what the
   latch adds, is a constant (STEP), or K + CARRY for a K the loop does
   not change and a b1 register CARRY (the quotient of a stepped value:
   STEP is then the register holding the sum), or of no form that is
   divided further.  */
struct stepped
{
  enum kind_t { CONSTANT, CARRY, OTHER } kind = OTHER;
  uint32_t reg = DIR_NOREG;	/* The header's phi.  */
  dir_value init;
  dir_value step;
  dir_value k, carry;
  dir_value bound;		/* CONSTANT: the latch goes on while the
				   next value is below BOUND ...  */
  dir_cond cond = DC_LT;	/* ... by this comparison.  */
  /* Dividing before the loop traps only where the loop would have, for
     a division in these blocks: the header's code, moved there by
     align-rows (the tail's block and the full vectors' copy of it), of a
     loop that the block before it always entered.  */
  std::vector<dir_block *> hoist_blocks;
};

typedef std::vector<std::vector<dir_insn *>> uses_t;

/* Whether block B is one of loop L's.  */
bool in_loop (const dir_loop &l, const dir_block *b);

/* The loops of FN, outer loops first, its CFG filled in first.  */
std::vector<dir_loop> find_loops (dir_func *fn);

/* The value PHI receives from FROM; none if FROM is not its
   predecessor.  */
dir_value incoming (const dir_insn *phi, const dir_block *from);

/* The step S > 0 of ADD = PHI + S, a constant; none if ADD is not that.  */
dir_value constant_step (const dir_func *fn, const dir_insn *add,
			 const dir_insn *phi);

/* Whether the way into the loop from PRE passes a signed test INIT <
   BOUND that it takes only when true.  */
bool entered_below (const dir_func *fn, dir_block *pre, dir_value init,
		    dir_value bound);

/* A loop of one entry edge from *PRE and one back edge from *LATCH,
   which ends in the conditional branch that decides whether to go on.  */
bool loop_ok (const dir_loop &l, dir_block **pre, dir_block **latch);

/* Whether PHI of L's header is X = [PRE: init], [LATCH: X + S] with a
   constant S > 0, the latch going on only while X + S < BOUND, and X
   never wrapping; if so, describe it in *OUT.  */
bool counted (const dir_func *fn, ranges &rng, const dir_loop &l,
	      dir_block *pre, dir_block *latch, const dir_insn *phi,
	      stepped *out);

/* Whether X's division DIV inside loop L may be stepped, the first
   quotient computed before the loop (in PRE).  CHEAP_CONST: divisions by
   constants are left to the target.  */
bool divisor_ok (const dir_func *fn, ranges &rng, bool cheap_const,
		 const dir_loop &l, dir_block *pre, const stepped &x,
		 const dir_insn *div);

/* A new phi of type T in WHERE with the incoming values IN (an empty
   value is filled in later, when the latch has computed it).  */
dir_insn *new_phi (dir_func *fn, dir_block *where, dir_type t,
		   std::initializer_list<std::pair<dir_block *, dir_value>> in);

/* Whether V is the same in every vector lane of a worker.  */
bool lane_free (const dir_func *fn, const dir_value &v, int depth = 0);

/* If INIT is a vector lane's position plus a value the lanes share, or
   the position alone, return its definition and set *LK to the
   position's operand (-1 for the position alone); else null.  */
const dir_insn *lane_start (const dir_func *fn, const dir_value &init,
			    int *lk);

/* If CHANGED, make every reader of a copy read its source and remove
   the pure instructions and phis whose values nothing needs (what a
   rewrite left behind).  Return CHANGED.  */
bool clean_up (dir_func *fn, bool changed);

} // namespace gw_steps

#endif /* GANGWAY_STEPS_H */
