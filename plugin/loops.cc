/* gangway-loops: distribute a device clone's loop iterations like an
   accelerator compiler does.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   What: GCC marks each partitioned OpenACC loop with IFN_GOACC_LOOP calls
   that compute its iteration schedule (how many chunks, the first
   iteration of a thread, its step, the bound).  oaccdevlow lowers them,
   but GCC's host build only knows one schedule: every thread strides
   through the whole range.  Gangs then interleave blocks of vector-length
   iterations, and each gang touches every cache line of the data.  An
   accelerator build gives each gang a contiguous run instead, and strides
   only among the threads inside a gang.  This pass lowers the calls of
   device clones that way, before oaccdevlow (which then finds none):

     for the loop's partitioned axes MASK, with OUTER its outermost axis
     and INNER the others, and N = ceil (range / step) iterations:

     gang loop, no chunk size       gang g runs a contiguous run of
				    ceil (N / (gangs*inner)) * inner
				    iterations; inner threads stride by inner
     worker/vector loop, or         every thread strides by the number of
     chunk_size (1)                 threads
     chunk_size (K > 1)             chunks of K per thread, round robin

   As in GCC, CHUNKS is the number of chunk rounds, STEP the distance
   between a thread's iterations, OFFSET its first iteration in a chunk
   round, BOUND the end of its run.

   The schedule is computed in 64 bits (or the loop's type, if wider),
   from the trip count N rather than from products with the step: the
   number of threads of a launch (gangs up to 2^31 - 1, times workers
   and vector lanes) does not fit the loop's int, and a thread's first
   iteration may lie far beyond the loop's end.  The results are brought
   back into the loop's type by clamping: a gang whose run starts at or
   beyond the end starts at the end (so OFFSET >= BOUND: no iteration),
   BOUND is at most the range, and a STEP of more threads than
   iterations is cut to the whole range (one iteration each).  The
   threads' part inside a gang stays outside the clamp, so that OFFSET
   remains the gang's base plus the lane, which the targets recognize as
   consecutive.  BOUND, without explicit chunks, is the end of the gang's
   run, the same for all its threads (the targets can then tell that the
   threads of a gang share it).

   A target may make each gang's run at least a few runs of its inner
   threads (gw_target::min_gang_chunk), in a "light" region: one whose
   only partitioned loop is its gang loop, with no loop inside it and no
   call of a function, and whose number of gangs is not a constant of the
   program (GCC's tests check the schedule of the gangs they ask for).
   Builtins that compute (sqrt, the thread's position) count as
   statements, not calls.
   Its body's statements tell the target how much work a run is.  The
   cpu device makes each gang worth a few thousand statements: a halo
   exchange of 200 short rows runs as 3 gangs' work instead of 16, the
   other gangs finding their runs empty at once.

   IFN_GOACC_TILE (the element-loop span of a tiled nest) is lowered too:
   the host build makes every tile 1 wide.

   Requires: oaccloops has set the loops' masks (the pass runs right before
   oaccdevlow).
   Guarantees: no IFN_GOACC_LOOP or IFN_GOACC_TILE is left in a device
   clone.

   See also gcc/omp-offload.cc:oacc_xform_loop, whose accelerator variant
   has the same schedule.  */

#include "gcc-api.h"
#include "plugin.h"
#include "gimple-fold.h"

namespace {

/* Build into SEQ, in TYPE, the number of threads (POS false) or the
   calling thread's linear position (POS true) over the axes MASK.  */

tree
threads (gimple_seq *seq, unsigned mask, bool pos, tree type)
{
  tree res = pos ? build_zero_cst (type) : build_one_cst (type);
  for (int axis = GOMP_DIM_GANG; axis < GOMP_DIM_MAX; axis++)
    if (mask & GOMP_DIM_MASK (axis))
      {
	tree a = build_int_cst (integer_type_node, axis);
	tree size = gimple_build (seq, as_combined_fn (IFN_GOACC_DIM_SIZE),
				  integer_type_node, a);
	size = gimple_convert (seq, type, size);
	if (pos)
	  {
	    tree p = gimple_build (seq, as_combined_fn (IFN_GOACC_DIM_POS),
				   integer_type_node, a);
	    p = gimple_convert (seq, type, p);
	    res = gimple_build (seq, MULT_EXPR, type, res, size);
	    res = gimple_build (seq, PLUS_EXPR, type, res, p);
	  }
	else
	  res = gimple_build (seq, MULT_EXPR, type, res, size);
      }
  return res;
}

/* The axes that a tile loop must not take, for each IFN_GOACC_TILE
   result: those of its element loop.  GCC 12's auto partitioner can give
   a tile loop the axis the user gave its element loop (`loop worker
   tile (*)` around a vector loop is assigned worker for both, and every
   worker then ran one element of its own tile instead of its share of
   every tile); an axis partitions one of the two loops, never both, and
   the element loop keeps it.  */

typedef std::map<tree, unsigned> tile_axes;

/* An IFN_GOACC_TILE result that STEP, a tile loop's step, is computed
   from (through copies, conversions, the product of a collapsed nest's
   tile sizes and the multiplication by the loop's own step), or
   NULL_TREE.  */

tree
tile_of_step (tree step, int depth = 0)
{
  if (TREE_CODE (step) != SSA_NAME || depth > 6)
    return NULL_TREE;
  gimple *def = SSA_NAME_DEF_STMT (step);
  if (gimple_call_internal_p (def, IFN_GOACC_TILE))
    return step;
  if (!is_gimple_assign (def))
    return NULL_TREE;
  tree_code code = gimple_assign_rhs_code (def);
  if (code == MULT_EXPR)
    {
      tree t = tile_of_step (gimple_assign_rhs1 (def), depth + 1);
      return t ? t : tile_of_step (gimple_assign_rhs2 (def), depth + 1);
    }
  if (code == SSA_NAME || CONVERT_EXPR_CODE_P (code))
    return tile_of_step (gimple_assign_rhs1 (def), depth + 1);
  return NULL_TREE;
}

/* Whether CALL costs about as much as a statement: an internal function,
   a const or pure builtin (sqrt, fabs), or the thread's position or the
   launch's size on an axis.  */

bool
cheap_call_p (gcall *call)
{
  if (gimple_call_internal_p (call)
      || gimple_call_builtin_p (call, BUILT_IN_GOACC_PARLEVEL_ID)
      || gimple_call_builtin_p (call, BUILT_IN_GOACC_PARLEVEL_SIZE))
    return true;
  return (gimple_call_builtin_p (call, BUILT_IN_NORMAL)
	  && (gimple_call_flags (call) & (ECF_CONST | ECF_PURE)));
}

/* The number of statements of one run of the gang loop of the device
   clone FN (one iteration of its element loop) if the region is light
   (see above), else 0.  The caller has checked that it has one
   partitioned loop.  */

unsigned
light_run_statements (function *fn)
{
  if (!loops_for_fn (fn) || loops_state_satisfies_p (fn, LOOPS_NEED_FIXUP))
    return 0;
  /* The gang loop is GCC's chunk loop around its element loop, or the
     element loop alone: a chain of at most two loops.  */
  class loop *element = NULL;
  unsigned count = 0;
  for (class loop *loop : loops_list (fn, 0))
    {
      count++;
      if (!loop->inner)
	{
	  if (element)
	    return 0;
	  element = loop;
	}
    }
  if (!element || count > 2)
    return 0;
  basic_block *body = get_loop_body (element);
  unsigned stmts = 0;
  for (unsigned k = 0; k < element->num_nodes && stmts != ~0u; k++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (body[k]); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *stmt = gsi_stmt (gsi);
	if (is_gimple_debug (stmt) || gimple_code (stmt) == GIMPLE_LABEL)
	  continue;
	if (is_gimple_call (stmt) && !cheap_call_p (as_a <gcall *> (stmt)))
	  {
	    stmts = ~0u;
	    break;
	  }
	stmts++;
      }
  free (body);
  return stmts == ~0u ? 0 : stmts;
}

/* The lowering of one IFN_GOACC_LOOP call (lower_loop_call): its
   arguments, its schedule, and SEQ, the statements that compute its
   value in WIDE, with the builders of its pieces.  */

struct loop_lowering
{
  loop_lowering (gcall *call, const tile_axes &element_axes);

  gcall *call;
  ifn_goacc_loop_kind kind;
  tree dir, range, step, chunk_arg;
  /* The loop's partitioned axes, the outermost of them, and the
     others.  */
  unsigned mask, outer, inner;
  /* The type of the call's value, and that of the computation.  */
  tree type, wide;
  bool striding, chunking, up;
  gimple_seq seq = NULL;
  /* The trip count (trip_count).  */
  tree n = NULL_TREE;
  /* The runs of the outer threads (runs).  */
  tree inner_size = NULL_TREE, volume = NULL_TREE, chunk = NULL_TREE;
  tree span = NULL_TREE;
  static const unsigned gang = GOMP_DIM_MASK (GOMP_DIM_GANG);

  tree conv (tree t) { return gimple_convert (&seq, wide, t); }
  tree op (tree_code code, tree a, tree b)
  {
    return gimple_build (&seq, code, wide, a, b);
  }
  tree cst (HOST_WIDE_INT v) { return build_int_cst (wide, v); }
  tree nthreads (unsigned m) { return threads (&seq, m, false, wide); }
  tree position (unsigned m) { return threads (&seq, m, true, wide); }
  /* Bring R, in WIDE, back to the range: RANGE if it lies beyond it in
     the loop's direction.  */
  tree clamp (tree r)
  {
    return op (up ? MIN_EXPR : MAX_EXPR, r, conv (range));
  }
  /* ceil (N / K), for K > 0.  */
  tree per (tree k)
  {
    return op (TRUNC_DIV_EXPR, op (MINUS_EXPR, op (PLUS_EXPR, n, k),
				   cst (1)), k);
  }

  void trip_count ();
  void runs (unsigned min_chunk);
  tree chunks_value ();
  tree step_value ();
  tree offset_value ();
  tree bound_value ();
};

/* Read the IFN_GOACC_LOOP call CALL, whose value is used, and choose its
   schedule; ELEMENT_AXES are the axes tile loops must not take.  */

loop_lowering::loop_lowering (gcall *call, const tile_axes &element_axes)
  : call (call)
{
  kind = (ifn_goacc_loop_kind) TREE_INT_CST_LOW (gimple_call_arg (call, 0));
  dir = gimple_call_arg (call, 1);
  range = gimple_call_arg (call, 2);
  step = gimple_call_arg (call, 3);
  chunk_arg = gimple_call_arg (call, 4);
  /* An element loop of a tiled loop keeps the placeholder mask -1 when
     oaccloops left the tile loop sequential (too few axes to partition
     it): it is sequential too.  */
  tree mask_arg = gimple_call_arg (call, 5);
  mask = integer_minus_onep (mask_arg) ? 0
	 : TREE_INT_CST_LOW (mask_arg);
  if (tree tile = tile_of_step (step))
    {
      auto it = element_axes.find (tile);
      if (it != element_axes.end ())
	mask &= ~it->second;
    }
  outer = mask & -mask;
  inner = mask & ~outer;
  type = TREE_TYPE (gimple_call_lhs (call));

  /* The schedule.  */
  if (integer_zerop (chunk_arg) || integer_minus_onep (chunk_arg))
    {
      striding = !(outer & GOMP_DIM_MASK (GOMP_DIM_GANG));
      chunking = false;
    }
  else
    {
      striding = integer_onep (chunk_arg);
      chunking = !striding;
    }

  /* Everything is computed in WIDE, which holds any product of the
     launch's dimensions with the trip count.  */
  wide = TREE_TYPE (range);
  if (TYPE_PRECISION (wide) < TYPE_PRECISION (long_long_integer_type_node))
    wide = long_long_integer_type_node;
  up = integer_onep (dir);
}

/* The trip count, ceil (range / step), 0 for an empty loop.  */

void
loop_lowering::trip_count ()
{
  n = op (TRUNC_DIV_EXPR,
	  op (PLUS_EXPR, op (MINUS_EXPR, conv (range), conv (dir)),
	      conv (step)),
	  conv (step));
  n = op (MAX_EXPR, n, cst (0));
}

/* Without striding, the outer threads take runs of SPAN iterations
   (chunk * inner), of which inner threads stride: compute them for the
   offsets and the bounds, which need them.  */

void
loop_lowering::runs (unsigned min_chunk)
{
  if (!striding && (kind == IFN_GOACC_LOOP_OFFSET
		    || kind == IFN_GOACC_LOOP_BOUND))
    {
      inner_size = nthreads (inner);
      volume = op (MULT_EXPR, inner_size, nthreads (outer));
      chunk = chunking ? conv (chunk_arg) : per (volume);
      /* A target whose gangs cost more than a few iterations gives each
	 gang at least MIN_CHUNK runs of the inner threads: a small loop
	 then keeps the first gangs busy and leaves the others none,
	 instead of one iteration each.  */
      if (!chunking && min_chunk > 1 && (outer & gang))
	chunk = op (MAX_EXPR, chunk, cst (min_chunk));
      span = op (MULT_EXPR, chunk, inner_size);
    }
}

/* The number of chunk rounds.  */

tree
loop_lowering::chunks_value ()
{
  tree r;
  if (!chunking)
    r = build_int_cst (wide, 1);
  else
    r = per (op (MULT_EXPR, nthreads (mask), conv (chunk_arg)));
  return r;
}

/* The distance between a thread's iterations.  */

tree
loop_lowering::step_value ()
{
  tree r;
  tree t = nthreads (striding ? mask : inner);
  /* More threads than iterations: one iteration each, and a step
     over the whole range.  */
  if (striding && (mask & gang))
    t = op (MIN_EXPR, t, op (MAX_EXPR, n, cst (1)));
  r = op (MULT_EXPR, t, conv (step));
  return r;
}

/* The thread's first iteration in a chunk round.  */

tree
loop_lowering::offset_value ()
{
  tree r;
  /* The gang's (or outer thread's) first iteration, at most N, plus
     the position inside it, times the step.  */
  unsigned lanes = striding ? mask & ~gang : inner;
  tree base = NULL_TREE;
  if (striding && (mask & gang))
    base = op (MULT_EXPR, position (gang), nthreads (lanes));
  else if (!striding)
    {
      base = op (MULT_EXPR, position (outer), span);
      if (chunking)
	{
	  tree round = op (MULT_EXPR, volume, chunk);
	  base = op (PLUS_EXPR, base,
		     op (MULT_EXPR, round,
			 conv (gimple_call_arg (call, 6))));
	}
    }
  if (base)
    base = op (MIN_EXPR, base, n);
  /* Not clamped at the range: that would hide the lanes' stride.
     The result exceeds the range by at most the threads of a gang
     times the step, which the loop's own increment needs too.  The
     lanes' part is computed in the loop's own type when the step is
     a constant small enough that no gang's threads times it
     overflows that type (1024 threads at most): a signed loop's
     position then reaches the device as an exact sequence (signed
     overflow is undefined), which the cpu target widens for
     addressing without splitting it per lane.  The clamped base
     fits the type whatever its width.  */
  if (TYPE_PRECISION (type) < TYPE_PRECISION (wide)
      && INTEGRAL_TYPE_P (type) && TREE_CODE (step) == INTEGER_CST
      && wi::lts_p (wi::abs (wi::to_widest (step)) * 1024,
		    wi::to_widest (TYPE_MAX_VALUE (type))))
    {
      tree narrow_step = gimple_convert (&seq, type, step);
      r = gimple_build (&seq, MULT_EXPR, type,
			threads (&seq, lanes, true, type), narrow_step);
      if (base)
	r = gimple_build (&seq, PLUS_EXPR, type,
			  gimple_convert (&seq, type,
					  op (MULT_EXPR, base,
					      conv (step))), r);
      return r;
    }
  r = position (lanes);
  if (base)
    r = op (PLUS_EXPR, base, r);
  r = op (MULT_EXPR, r, conv (step));
  return r;
}

/* The end of the thread's run.  */

tree
loop_lowering::bound_value ()
{
  tree r;
  if (striding)
    r = conv (range);
  else if (!chunking)
    {
      /* The end of the gang's run, the same for all its threads: the
	 inner threads stride through a run whose length is a multiple
	 of their number, so each stops before it as it would before
	 its own offset plus the run (which a thread past the end of a
	 short loop's range finds clamped the same).  A bound the lanes
	 share lets align-rows align the lanes with the rows of a
	 collapsed nest.  */
      tree base = op (MIN_EXPR, op (MULT_EXPR, position (outer), span), n);
      r = op (MULT_EXPR, op (PLUS_EXPR, base, op (MIN_EXPR, span, n)),
	      conv (step));
      r = clamp (r);
    }
  else
    {
      r = op (MULT_EXPR, op (MIN_EXPR, span, n), conv (step));
      r = clamp (op (PLUS_EXPR, r, conv (gimple_call_arg (call, 6))));
    }
  return r;
}

/* Replace the IFN_GOACC_LOOP call CALL by its value.  */

void
lower_loop_call (gcall *call, const tile_axes &element_axes,
		 unsigned min_chunk)
{
  gimple_stmt_iterator gsi = gsi_for_stmt (call);
  tree lhs = gimple_call_lhs (call);
  if (!lhs)
    {
      gsi_remove (&gsi, true);
      return;
    }
  loop_lowering l (call, element_axes);
  l.trip_count ();
  l.runs (min_chunk);

  tree r;
  switch (l.kind)
    {
    case IFN_GOACC_LOOP_CHUNKS:
      r = l.chunks_value ();
      break;
    case IFN_GOACC_LOOP_STEP:
      r = l.step_value ();
      break;
    case IFN_GOACC_LOOP_OFFSET:
      r = l.offset_value ();
      break;
    case IFN_GOACC_LOOP_BOUND:
      r = l.bound_value ();
      break;
    default:
      gcc_unreachable ();
    }
  r = gimple_convert (&l.seq, l.type, r);
  gimple_seq_add_stmt (&l.seq, gimple_build_assign (lhs, r));
  gimple_set_location (gimple_seq_last_stmt (l.seq), gimple_location (call));
  gsi_replace_with_seq (&gsi, l.seq, true);
}

/* Replace the IFN_GOACC_TILE call CALL (the span of an element loop of
   a tiled nest) by its value: the tile size if the user gave one, else
   the threads of the axes that partition the element loop, 1 if none do.
   GCC's host build always answers 1.

   A nest of several tiled loops gets 1 too: omp-expand walks it as one
   collapsed iteration space in steps of the tiles' product and rebuilds
   each loop's variable from the tile's origin plus the element offset
   decomposed on its own, which names iterations outside the nest as soon
   as a tile straddles a row.  With spans of 1 every tile is one
   iteration and the nest is exact (its element loops then have one
   iteration for their axes; the tile loop carries the parallelism).  */

void
lower_tile_call (gcall *call)
{
  gimple_stmt_iterator gsi = gsi_for_stmt (call);
  tree lhs = gimple_call_lhs (call);
  unsigned collapse = tree_to_uhwi (gimple_call_arg (call, 0));
  tree tile_size = gimple_call_arg (call, 2);
  unsigned e_mask = tree_to_uhwi (gimple_call_arg (call, 4));
  gimple_seq seq = NULL;

  tree span = integer_one_node;
  if (collapse > 1)
    e_mask = 0;
  if (e_mask && !integer_zerop (tile_size))
    span = tile_size;
  else if (e_mask)
    {
      /* The element loop of a single tiled loop spans the threads of
	 its axes (vector innermost, then worker).  */
      tree vector = NULL_TREE, worker = NULL_TREE;
      if (e_mask & GOMP_DIM_MASK (GOMP_DIM_VECTOR))
	vector = threads (&seq, GOMP_DIM_MASK (GOMP_DIM_VECTOR), false,
			 integer_type_node);
      if (e_mask & GOMP_DIM_MASK (GOMP_DIM_WORKER))
	worker = threads (&seq, GOMP_DIM_MASK (GOMP_DIM_WORKER), false,
			 integer_type_node);
      if (vector && worker)
	span = gimple_build (&seq, MULT_EXPR, integer_type_node, vector,
			     worker);
      else
	span = vector ? vector : worker;
    }

  if (lhs)
    {
      span = gimple_convert (&seq, TREE_TYPE (lhs), span);
      gimple_seq_add_stmt (&seq, gimple_build_assign (lhs, span));
    }
  /* The call has a virtual definition; its users take its use.  */
  unlink_stmt_vdef (call);
  if (seq)
    gsi_replace_with_seq (&gsi, seq, true);
  else
    gsi_remove (&gsi, true);
}

const pass_data loops_pass_data = {
  GIMPLE_PASS,			/* type */
  "gangway-loops",		/* name */
  OPTGROUP_OMP,			/* optinfo_flags */
  TV_NONE,			/* tv_id */
  PROP_cfg,			/* properties_required */
  0,				/* properties_provided */
  0,				/* properties_destroyed */
  0,				/* todo_flags_start */
  TODO_update_ssa		/* todo_flags_finish */
};

class pass_gangway_loops : public gimple_opt_pass
{
public:
  pass_gangway_loops (gcc::context *ctxt)
    : gimple_opt_pass (loops_pass_data, ctxt) {}

  bool gate (function *fun) final override
  {
    return gw_device_clone_p (fun->decl);
  }

  unsigned int execute (function *fun) final override
  {
    auto_vec<gcall *> calls;
    basic_block bb;
    FOR_EACH_BB_FN (bb, fun)
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	   gsi_next (&gsi))
	if (gimple_call_internal_p (gsi_stmt (gsi), IFN_GOACC_LOOP)
	    || gimple_call_internal_p (gsi_stmt (gsi), IFN_GOACC_TILE))
	  calls.safe_push (as_a <gcall *> (gsi_stmt (gsi)));
    const gw_target *t = gw_clone_target (fun->decl);
    /* A light region's gangs may get longer runs.  */
    unsigned partitioned = 0;
    for (gcall *call : calls)
      if (gimple_call_internal_p (call, IFN_GOACC_LOOP)
	  && (TREE_INT_CST_LOW (gimple_call_arg (call, 0))
	      == IFN_GOACC_LOOP_OFFSET)
	  && !integer_minus_onep (gimple_call_arg (call, 5))
	  && !integer_zerop (gimple_call_arg (call, 5)))
	partitioned++;
    unsigned stmts = 0;
    tree attrs = oacc_get_fn_attrib (fun->decl);
    if (t && partitioned == 1 && attrs && oacc_fn_attrib_level (attrs) < 0
	&& oacc_get_fn_dim_size (fun->decl, GOMP_DIM_GANG) == 0)
      stmts = light_run_statements (fun);
    unsigned min_chunk = t && stmts ? t->min_gang_chunk (stmts) : 1;
    if (dump_file && stmts)
      fprintf (dump_file, "Gangway light region: %u statements a run, "
	       "at least %u runs a gang\n", stmts, min_chunk);
    tile_axes element_axes;
    for (gcall *call : calls)
      if (gimple_call_internal_p (call, IFN_GOACC_TILE)
	  && gimple_call_lhs (call)
	  && TREE_CODE (gimple_call_arg (call, 4)) == INTEGER_CST)
	element_axes[gimple_call_lhs (call)]
	  = TREE_INT_CST_LOW (gimple_call_arg (call, 4));
    /* The loops first: their steps lead to the tile calls.  */
    for (gcall *call : calls)
      if (gimple_call_internal_p (call, IFN_GOACC_LOOP))
	lower_loop_call (call, element_axes, min_chunk);
    for (gcall *call : calls)
      if (gimple_call_internal_p (call, IFN_GOACC_TILE))
	lower_tile_call (call);
    return 0;
  }
};

} // anon namespace

/* Return a new instance of the loop-schedule pass.  */

opt_pass *
gw_make_loops_pass (gcc::context *ctxt)
{
  return new pass_gangway_loops (ctxt);
}
