/* The targetm.goacc hooks: GCC's OpenACC lowering, driven per function.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   GCC's oaccloops and oaccdevlow passes ask the target hooks for the
   launch dimensions of a region and whether to keep its fork/join
   markers.  The host compiler's hooks answer "1 x 1 x 1, drop them": that
   is what makes the host fallback.  Gangway replaces the hooks with
   dispatchers: for a device clone they ask the clone's target, for every
   other function they call GCC's originals, so the host fallback stays
   exactly as GCC makes it.  */

#include "gcc-api.h"
#include "plugin.h"

#include <map>

/* GCC's own hooks.  */
static struct
{
  bool (*validate_dims) (tree, int *, int, unsigned);
  int (*dim_limit) (int);
  bool (*fork_join) (gcall *, const int *, bool);
  void (*reduction) (gcall *);
} host_hooks;

/* What the routines the function DECL calls ask of its dimensions, and
   the size of the floating-point values most of its arithmetic is on.  */

struct routine_calls
{
  bool partitioned = false;	/* It calls a worker, vector or gang one.  */
  tree foreign = NULL_TREE;	/* A worker or gang one another unit
				   defines (its first), and its level.  */
  dir_level foreign_level = DL_SEQ;
  unsigned float_bytes = 0;
};

static routine_calls
find_routine_calls (tree decl)
{
  routine_calls r;
  unsigned floats[2] = { 0, 0 };	/* Statements on floats, doubles.  */
  basic_block bb;
  FOR_EACH_BB_FN (bb, DECL_STRUCT_FUNCTION (decl))
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *stmt = gsi_stmt (gsi);
	tree lhs = gimple_get_lhs (stmt);
	if (lhs && SCALAR_FLOAT_TYPE_P (TREE_TYPE (lhs)))
	  {
	    unsigned bytes = tree_to_uhwi (TYPE_SIZE_UNIT (TREE_TYPE (lhs)));
	    if (bytes == 4 || bytes == 8)
	      floats[bytes == 8]++;
	  }
	if (!is_gimple_call (stmt))
	  continue;
	tree fn = gimple_call_fndecl (stmt);
	dir_level level;
	if (!gw_routine_p (fn, &level) || level == DL_SEQ)
	  continue;
	r.partitioned = true;
	cgraph_node *node = cgraph_node::get (fn);
	if (level != DL_VECTOR && !r.foreign && !(node && node->definition))
	  {
	    r.foreign = fn;
	    r.foreign_level = level;
	  }
      }
  if (floats[0] + floats[1])
    r.float_bytes = floats[1] > floats[0] ? 8 : 4;
  return r;
}

/* A worker or gang routine of another unit has code for 1, 2, 4 ... 32
   workers (gw_target::routine_shapes): a region that calls one runs the
   largest power of two of workers that its count allows.  */

static void
round_workers_for (tree routine, dir_level level, int *dims,
		   std::vector<std::string> *notes)
{
  int w = dims[DA_WORKER];
  if (w <= 1 || (w & (w - 1)) == 0)
    return;
  int p = 1;
  while (2 * p <= w)
    p *= 2;
  tree host = gw_host_version (routine);
  const char *name = lang_hooks.decl_printable_name (host ? host : routine,
						      2);
  notes->push_back ("gangway: using num_workers (" + std::to_string (p)
		    + "), ignoring " + std::to_string (w) + ": '"
		    + name + "', a " + dir_level_name (level) + " routine of "
		    "another unit, has code for a power of two of workers");
  dims[DA_WORKER] = p;
}

/* The validate_dims hook.  DECL is the function (null for the global
   defaults), DIMS its requested dimensions, FN_LEVEL negative for a
   compute region, USED the partitioned axes.  A routine's dims stay what
   GCC made of its level: 1 on the outer axes, 0 (its caller's) on the
   others.  */

static bool
gw_validate_dims (tree decl, int *dims, int fn_level, unsigned used)
{
  const gw_target *t = decl ? gw_clone_target (decl) : nullptr;
  if (!t)
    return host_hooks.validate_dims (decl, dims, fn_level, used);
  if (fn_level >= 0)
    return false;

  int before[DA_NUM];
  memcpy (before, dims, sizeof before);
  /* -fopenacc-dim sizes the partitioned axes the region leaves unset.  */
  for (int a = 0; a < DA_NUM; a++)
    if (dims[a] < 0 && (used & (1u << a)) && gw_opts.default_dims[a] > 0)
      dims[a] = gw_opts.default_dims[a];
  std::vector<std::string> notes;
  routine_calls calls = find_routine_calls (decl);
  gw_region_facts facts;
  facts.routine_calls = calls.partitioned;
  facts.float_bytes = calls.float_bytes;
  /* Only SIMD lanes pay for strided accesses with gathers.  */
  facts.strided_lanes = t->simd_lanes () && dims[DA_VECTOR] < 0
			&& (used & GOMP_DIM_MASK (GOMP_DIM_VECTOR))
			&& !calls.partitioned && gw_lanes_strided (decl);
  t->validate_dims (dims, used, facts, gw_opts.target, &notes);
  if (calls.foreign)
    round_workers_for (calls.foreign, calls.foreign_level, dims, &notes);
  location_t loc = DECL_SOURCE_LOCATION (decl);
  /* Speak of the region's host function, not of its device clone.  */
  tree saved = current_function_decl;
  current_function_decl = gw_host_version (decl);
  if (!gw_target_quiet_p (t))
    gw_with_warnings ([&] {
      for (const std::string &n : notes)
	warning_at (loc, 0, "%s", n.c_str ());
    });
  current_function_decl = saved;
  if (dump_enabled_p ())
    dump_printf_loc (MSG_OPTIMIZED_LOCATIONS | MSG_PRIORITY_USER_FACING,
		     dump_user_location_t::from_location_t (loc),
		     "gangway %s device: gangs=%s workers=%d vector=%d\n",
		     t->name (), dims[DA_GANG] ? std::to_string (dims[DA_GANG])
						   .c_str () : "runtime",
		     dims[DA_WORKER], dims[DA_VECTOR]);
  return memcmp (before, dims, sizeof before) != 0;
}

/* The dim_limit hook.  */

static int
gw_dim_limit (int axis)
{
  const gw_target *t = gw_current_target ();
  if (!t)
    return host_hooks.dim_limit (axis);
  return t->dim_limit ((dir_axis) axis, gw_opts.target);
}

/* The fork_join hook: keep the worker and vector markers of a device
   clone where the axis is partitioned (size above 1, or a routine's axis
   of its caller's size, 0); gang-level code needs no marker, since gangs
   never synchronise.  */

static bool
gw_fork_join (gcall *call, const int *dims, bool is_fork)
{
  if (!gw_current_target ())
    return host_hooks.fork_join (call, dims, is_fork);
  int axis = TREE_INT_CST_LOW (gimple_call_arg (call, 2));
  return axis != GOMP_DIM_GANG && dims[axis] != 1;
}

/* The adjust_private_decl hook: GCC's OpenACC lowering reports each
   variable a loop makes private, with its level.  In a device clone, a
   gang-private variable is shared by the gang's threads and a
   worker-private one by the worker's vector lanes: mark it (the
   attribute's value is non-null for a worker's), and the expander gives
   it a shared frame slot.  Vector-private variables (and unmarked ones)
   stay in each thread's own frame.  The location goes with the mark, for
   the expander's note (gw_note_gang_private).  GCC asks about no variable
   it leaves at level -1, a seq loop's: gangway-seq-private
   (seq-private.cc) gives those the level of the code around the loop
   first.  */

static std::map<tree, location_t> private_locations;

static tree
gw_adjust_private_decl (location_t loc, tree var, int level)
{
  if (gw_current_target () && level < GOMP_DIM_VECTOR
      && !lookup_attribute ("gangway shared", DECL_ATTRIBUTES (var)))
    {
      DECL_ATTRIBUTES (var)
	= tree_cons (get_identifier ("gangway shared"),
		     level == GOMP_DIM_WORKER ? integer_one_node : NULL_TREE,
		     DECL_ATTRIBUTES (var));
      private_locations[var] = loc;
    }
  return var;
}

/* Say that the gang-private variable VAR of the device clone being
   expanded lives in the gang's shared memory: the note GCC's nvptx
   offload compiler gives when it puts one there (which GCC's testsuite
   asks for with --param=openacc-privatization=noisy), once per region
   (for its first target).  */

void
gw_note_gang_private (tree var)
{
  const gw_target *t = gw_current_target ();
  if (!t || gw_target_quiet_p (t)
      || param_openacc_privatization == OPENACC_PRIVATIZATION_QUIET)
    return;
  auto it = private_locations.find (var);
  location_t loc = it != private_locations.end () ? it->second
		   : DECL_SOURCE_LOCATION (var);
  gw_with_warnings ([&] {
    inform (loc, "variable %qD adjusted for OpenACC privatization level: "
	    "%qs", var, "gang");
  });
}

/* The reduction hook: reductions.cc lowers those of device clones.  */

static void
gw_reduction (gcall *call)
{
  if (gw_current_target ())
    gw_lower_reduction (call);
  else
    host_hooks.reduction (call);
}

/* Install Gangway's hooks in targetm.goacc, keeping GCC's.  */

void
gw_install_hooks ()
{
  host_hooks.validate_dims = targetm.goacc.validate_dims;
  host_hooks.dim_limit = targetm.goacc.dim_limit;
  host_hooks.fork_join = targetm.goacc.fork_join;
  host_hooks.reduction = targetm.goacc.reduction;
  targetm.goacc.validate_dims = gw_validate_dims;
  targetm.goacc.dim_limit = gw_dim_limit;
  targetm.goacc.fork_join = gw_fork_join;
  targetm.goacc.reduction = gw_reduction;
  /* GCC's host hooks have none; returning VAR unchanged, as ours does for
     host functions, changes nothing.  */
  gcc_assert (!targetm.goacc.adjust_private_decl);
  targetm.goacc.adjust_private_decl = gw_adjust_private_decl;
}
