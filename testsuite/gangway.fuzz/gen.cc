/* gangway-fuzz: the random program generator.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   fz_generate builds a program tree from a seed: a function compute ()
   with one to three OpenACC compute constructs, over input and output
   arrays, scalars and run-time values.  The generator walks down the
   constructs with a context that says what the code being made may do:

   - which levels (gang, worker, vector) nested loops may still take;
   - its *partition scope*: the body of a partitioned loop is a new scope,
     whose iterations are the loop's indices (its "owners"), appended to
     the enclosing scope's.  A store goes to an output array made for the
     scope, at the element its owners name: distinct iterations store
     distinct elements, so the program has no data race.  Code outside
     gang loops of a region with several gangs runs redundantly in every
     gang and stores nothing shared;
   - which variables it may write: a local belongs to the scope that
     declares it (private to the gang, the worker or the lane there) and
     is read-only in nested partitioned loops;
   - what it may read: inputs anywhere; an output array at its own
     elements, or, after the partitioned loop that stored it has ended
     (its join synchronizes), at any element of the iterations it shares
     with the reader, unless a gang loop lies between (gangs never
     synchronize).

   Every operation is made in a form that has no undefined behaviour
   whatever its operands (print.cc prints the guards), so the reducer can
   replace any operand by a constant.  Loops have constant trip counts or
   a cap on their trips.  */

#include "fuzz.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <set>

const fz_knob_info fz_knobs[K_NUM] = {
#define FUZZ_CONSTRUCT(NAME, WEIGHT, PTX, DESC) { #NAME, WEIGHT, PTX, DESC },
#include "constructs.def"
#undef FUZZ_CONSTRUCT
};

const fz_ty_info fz_tys[TY_NUM] = {
  { "_Bool", 1, false, false },
  { "int8_t", 8, true, false },
  { "uint8_t", 8, false, false },
  { "int16_t", 16, true, false },
  { "uint16_t", 16, false, false },
  { "int32_t", 32, true, false },
  { "uint32_t", 32, false, false },
  { "int64_t", 64, true, false },
  { "uint64_t", 64, false, false },
  { "float", 32, true, true },
  { "double", 64, true, true },
};

fz_options::fz_options ()
{
  for (int k = 0; k < K_NUM; k++)
    weight[k] = fz_knobs[k].weight;
}

fz_program::~fz_program ()
{
  for (fz_expr *e : all_exprs)
    delete e;
  for (fz_stmt *s : all_stmts)
    delete s;
  for (fz_var *v : vars)
    delete v;
  for (fz_array *a : arrays)
    delete a;
  for (fz_routine *r : routines)
    delete r;
}

/* The math functions: float -> float (unary, binary), then float -> int.
   The ptx ones first (the manual's list of what the ptx target has);
   then the exact C99 ones that give glibc's bits on every device, some
   with a second result through a pointer (print.cc), whose second
   argument of ldexp, scalbn and scalbln is an integer; then the
   complex ones, of __builtin_complex (x, y).  */
enum
{
  MF_SQRT, MF_FABS, MF_FLOOR, MF_CEIL, MF_TRUNC, MF_ROUND,
  MF_FMIN, MF_FMAX, MF_COPYSIGN, MF_FMOD, MF_FDIM,
  MF_ILOGB, MF_LRINT, MF_LROUND,
  MF_PTX_END,
  MF_EXP = MF_PTX_END, MF_LOG, MF_SIN, MF_COS, MF_TANH, MF_ATAN2, MF_POW,
  MF_LIBM_END,
  MF_FREXP = MF_LIBM_END, MF_MODF, MF_REMQUO, MF_NEXTAFTER, MF_LDEXP,
  MF_SCALBN, MF_SCALBLN, MF_REMAINDER,
  MF_EXACT_END,
  MF_CABS = MF_EXACT_END, MF_CARG,
  MF_NUM
};

const char *const fz_math_names[MF_NUM] = {
  "sqrt", "fabs", "floor", "ceil", "trunc", "round",
  "fmin", "fmax", "copysign", "fmod", "fdim",
  "ilogb", "lrint", "lround",
  "exp", "log", "sin", "cos", "tanh", "atan2", "pow",
  "frexp", "modf", "remquo", "nextafter", "ldexp", "scalbn", "scalbln",
  "remainder",
  "cabs", "carg"
};

/* The number of arguments of math function F.  */
int
fz_math_arity (int f)
{
  switch (f)
    {
    case MF_FMIN: case MF_FMAX: case MF_COPYSIGN: case MF_FMOD:
    case MF_FDIM: case MF_ATAN2: case MF_POW:
    case MF_REMQUO: case MF_NEXTAFTER: case MF_LDEXP: case MF_SCALBN:
    case MF_SCALBLN: case MF_REMAINDER: case MF_CABS: case MF_CARG:
      return 2;
    default:
      return 1;
    }
}

/* The type of math function F's result for arguments of type ARG.  */
fz_ty
fz_math_type (int f, fz_ty arg)
{
  switch (f)
    {
    case MF_ILOGB:
      return TY_I32;
    case MF_LRINT: case MF_LROUND:
      return TY_I64;
    default:
      return arg;
    }
}

namespace {

/* A partition scope: the code of a region outside its loops, or the body
   of a partitioned loop.  */
struct pscope
{
  int parent;
  int region;
  std::vector<fz_var *> owners;	/* Loop indices naming an iteration.  */
  bool gang;			/* Entered by a loop that may span gangs.  */
  bool shared;			/* Its code may store shared arrays.  */
  long elems;			/* The product of the owners' dims.  */
  int stores = 0;		/* Stores to output arrays made here.  */
};

/* What the code being generated may do.  */
struct ctx
{
  int ps = 0;			/* Partition scope.  */
  unsigned avail = 0;		/* Levels nested loops may take.  */
  bool auto_only = false;	/* Inside an auto loop: auto and seq only.  */
  bool brk = false, cont = false;	/* break / continue allowed.  */
  int depth = 0;
  fz_var *plain = nullptr;	/* Innermost sequential loop index here.  */
  bool repeat = false;		/* Inside a repeating statement here.  */
  bool irred = false;		/* Inside an irreducible cycle.  */
  bool single = false;		/* Runs once per region.  */
  std::string label;		/* Forward goto target.  */
  bool want_loop = false;	/* The block should hold a partitioned loop.  */
  double trips = 1;		/* A bound of the times the code here runs
				   in the region (atomics' magnitudes).  */
  bool no_pcall = false;	/* No calls of worker, vector and gang
				   routines (GCC may give a tile's loops
				   any axis).  */
};

/* The region being generated.  */
struct rinfo
{
  int construct;		/* 0 parallel, 1 serial, 2 kernels.  */
  bool single_gang;
  int root;
  bool has_gang_loop;
  bool has_vector;		/* A vector or auto loop: the vector length
				   may be the ISA's lanes.  */
  bool worker_red;		/* A reduction across workers.  */
  bool has_part;		/* A partitioned loop.  */
  bool pcall;			/* A call of a partitioned routine.  */
  std::vector<fz_red> par_reds;	/* The construct's reductions.  */
  /* Whether a reduction reaches the loops nested in the one that has it
     without their clauses: IMPLICIT_NONE (kernels regions, routines),
     IMPLICIT_CARRIED (a parallel construct with a reduction clause,
     whose loops the plugin gives the clauses they lack, and serial
     regions, one thread), IMPLICIT_LOOP (a parallel construct without
     one: the loops' own reductions only).  */
  int carry;
};

enum { IMPLICIT_NONE, IMPLICIT_CARRIED, IMPLICIT_LOOP };

/* An atomic construct's target: a global scalar or a global array.  */
struct atgt
{
  fz_var *v = nullptr;
  fz_array *a = nullptr;
  fz_astate &st () { return v ? v->at : a->at; }
  fz_ty ty () const { return v ? v->ty : a->ty; }
};

/* What an atomic target is chosen for.  */
enum { TK_UPDATE, TK_CAPTURE, TK_WRITE, TK_TOTAL };

class gen
{
public:
  gen (const fz_options &o);
  fz_program *run ();

private:
  const fz_options &opts;
  fz_rng rng;
  fz_program *p;
  std::vector<pscope> scopes;
  std::vector<fz_var *> vis;		/* Visible variables.  */
  std::vector<fz_array *> vis_arrays;	/* Visible local, scratch and
					   private arrays.  */
  rinfo reg;
  int budget = 0;
  int read_nest = 0;		/* Array reads being made (in indices).  */
  fz_array *avoid = nullptr;	/* Not to be read (an atomic's target).  */
  int names = 0;
  int labels = 0;

  int w (fz_knob k) { return opts.weight[k]; }
  bool pct (fz_knob k) { return rng.pct (w (k)); }
  int pick (const std::vector<int> &weights);

  /* Nodes.  */
  fz_expr *ex (fz_ek k, fz_ty t);
  fz_stmt *st (fz_sk k);
  fz_var *var (fz_var::kind_t kind, fz_ty t, const char *prefix);
  fz_array *array (fz_array::role_t role, fz_ty t, const char *prefix);
  fz_var *runtime_value (long v);

  /* Types and constants.  */
  fz_ty pick_ty ();
  fz_ty pick_int_ty ();
  fz_expr *constant (fz_ty t);
  fz_expr *int_const (fz_ty t, uint64_t v);
  fz_expr *conv (fz_expr *e, fz_ty t);

  /* Expressions.  */
  fz_expr *expr (ctx &c, fz_ty t, int depth);
  fz_expr *leaf (ctx &c, fz_ty t);
  fz_expr *cond (ctx &c);
  fz_expr *var_ref (fz_var *v, fz_ty t);
  fz_expr *index (ctx &c, int dim);
  fz_expr *read (ctx &c, fz_ty t);
  fz_array *new_input (ctx &c);
  bool readable (fz_array *a, ctx &c, std::vector<bool> &bound);
  fz_expr *read_of (fz_array *a, ctx &c, const std::vector<bool> &bound,
		    fz_ty t);
  int common_ancestor (int a, int b);

  /* Statements.  */
  std::vector<fz_stmt *> block (ctx c, int maxn);
  void stmt (ctx &c, std::vector<fz_stmt *> &out);
  void decl (ctx &c, std::vector<fz_stmt *> &out);
  bool assign (ctx &c, std::vector<fz_stmt *> &out);
  bool store (ctx &c, std::vector<fz_stmt *> &out);
  fz_array *site_array (ctx &c, fz_ty want = TY_NUM);
  void if_stmt (ctx &c, std::vector<fz_stmt *> &out);
  void cond_assign (ctx &c, std::vector<fz_stmt *> &out);
  void switch_stmt (ctx &c, std::vector<fz_stmt *> &out);
  void for_stmt (ctx &c, std::vector<fz_stmt *> &out);
  void while_stmt (ctx &c, std::vector<fz_stmt *> &out, bool is_do);
  void irreducible (ctx &c, std::vector<fz_stmt *> &out);
  void local_array (ctx &c, std::vector<fz_stmt *> &out);
  fz_array *local_decl (ctx &c, fz_ty t, long n, std::vector<fz_stmt *> &out);
  bool local_fill (ctx &c, std::vector<fz_stmt *> &out);
  void struct_local (ctx &c, std::vector<fz_stmt *> &out);
  bool loop_ok (ctx &c);
  void consume (ctx &c, size_t mark, std::vector<fz_stmt *> &out);
  void acc_loop (ctx &c, std::vector<fz_stmt *> &out, bool force_gang,
		 bool whole = false,
		 const std::vector<fz_red> *reds_in = nullptr,
		 bool implicit_in = false);
  bool implicit_reds ();
  fz_loop header (ctx &c, long max_count, bool acc, bool rect);

  /* Reductions.  */
  fz_ty red_ty ();
  int red_op (fz_ty t, bool local);
  bool red_op_ok (fz_ty t, int op, bool local);
  fz_expr *small_int (ctx &c, int mask, int bias);
  fz_expr *red_term (ctx &c, fz_ty t, int op, bool init);
  uint64_t red_bits (fz_ty t, int op);
  fz_expr *red_update (ctx &c, const fz_red &r);
  fz_stmt *red_stmt (ctx &c, const fz_red &r);
  std::vector<fz_red> new_reds (ctx &c, bool gang,
				std::vector<fz_stmt *> &out);
  fz_var *writable_local (ctx &c, bool ints_only);
  int init_kind (fz_ty t);

  /* Atomics.  */
  bool class_ok (int cls, int kind, fz_ty t, int cbits, double mag);
  int atomic_class (fz_ty t, int kind, int cbits, double mag);
  fz_ty atomic_ty (int kind, int cbits);
  bool atomic_mag (atgt &t, double add);
  atgt atomic_target (ctx &c, int kind, int cbits);
  void atomic_place (ctx &c, atgt &t, fz_stmt *s, bool total);
  fz_expr *inv_expr (ctx &c, fz_ty t, int depth);
  fz_expr *atomic_operand (ctx &c, fz_ty t, int cls, int &u, int &op,
			   double &bound);
  bool atomic_update (ctx &c, std::vector<fz_stmt *> &out, bool capture);
  void atomic_write (ctx &c, std::vector<fz_stmt *> &out);
  void atomic_read (ctx &c, std::vector<fz_stmt *> &out);
  int own_update (fz_ty t, int &u);

  /* Routines.  */
  bool mine (fz_array *a) const
  {
    return a->routine == (rt ? rt->num : -1);
  }
  fz_var *bound_param (long v);
  fz_routine *make_routine (unsigned level, bool pure, long room);
  void recurse_stmt (ctx &c, std::vector<fz_stmt *> &out);
  bool pcall_ok (ctx &c, unsigned level);
  bool dedicated_ok (ctx &c, fz_routine *r, long n);
  bool can_call (ctx &c, fz_routine *r);
  fz_routine *pick_routine (ctx &c, unsigned level, bool pure);
  fz_expr *addr (fz_array *a, const std::vector<fz_expr *> &idx);
  fz_expr *offset (ctx &c, long room);
  fz_expr *in_arg (ctx &c, fz_array *prm);
  fz_expr *out_arg (ctx &c, fz_routine *r, fz_array *prm,
		    std::vector<fz_stmt *> *out);
  fz_array *call_array (ctx &c, fz_ty t, long n, bool gang);
  fz_array *local_array_for (ctx &c, fz_ty t, long n,
			     std::vector<fz_stmt *> &out);
  fz_expr *make_call (ctx &c, fz_routine *r, std::vector<fz_stmt *> *out);
  bool call_stmt (ctx &c, std::vector<fz_stmt *> &out, unsigned level);
  fz_expr *pure_call (ctx &c, fz_ty t);

  /* The routine being made (null: a region), and what it may do.  */
  fz_routine *rt = nullptr;
  long rt_room = 0;		/* Elements its output parameters may
				   take at most, about.  */
  int rt_depth = 0;		/* Routines being made, nested.  */
  int nroutines = 0;
  fz_routine *rec_pending = nullptr;	/* Its recursive call is to come.  */
  int calls_nest = 0;		/* Arguments of calls being made.  */
  double rt_work = 0;		/* The statements the routine being made
				   runs per call, about (a sum of trips).  */
  /* The statements a call of R in context C runs, about: what the
     interpreter must run.  */
  double call_work (ctx &c, fz_routine *r) const
  {
    return c.trips * r->work;
  }
  /* The locals, local arrays and output arrays that the call being made
     already gives a parameter: never two (no aliasing pointers, which
     a partitioned routine's threads could write and read at once).  */
  std::vector<fz_var *> taken_vars;
  std::vector<fz_array *> taken_arrays;
  bool taken (fz_array *a) const
  {
    return std::find (taken_arrays.begin (), taken_arrays.end (), a)
	   != taken_arrays.end ();
  }
  int no_call = 0;		/* Indices being made: no calls.  */
  /* The region being made is light: a 'parallel loop' whose gang loop
     is its only loop, with no call inside (plugin/loops.cc).  */
  bool light = false;

  /* Regions.  */
  fz_stmt *region (int r);
  void launch_forms (fz_stmt *r);
  void heavy (ctx &c, std::vector<fz_stmt *> &out);
  /* The program sets rounding modes around its regions (K_rounding).  */
  bool rounding = false;
};

gen::gen (const fz_options &o) : opts (o)
{
  rng.s = o.seed * 0x2545f4914f6cdd1dull + 0x1234567;
}

/* Return an index into WEIGHTS chosen in proportion to them (-1 if all
   are 0).  */
int
gen::pick (const std::vector<int> &weights)
{
  long total = 0;
  for (int x : weights)
    total += std::max (x, 0);
  if (total == 0)
    return -1;
  long r = rng.below (total);
  for (size_t i = 0; i < weights.size (); i++)
    {
      r -= std::max (weights[i], 0);
      if (r < 0)
	return i;
    }
  return -1;
}

fz_expr *
gen::ex (fz_ek k, fz_ty t)
{
  fz_expr *e = new fz_expr;
  e->id = p->nodes++;
  e->k = k;
  e->ty = t;
  p->all_exprs.push_back (e);
  return e;
}

fz_stmt *
gen::st (fz_sk k)
{
  fz_stmt *s = new fz_stmt;
  s->id = p->nodes++;
  s->k = k;
  p->all_stmts.push_back (s);
  return s;
}

fz_var *
gen::var (fz_var::kind_t kind, fz_ty t, const char *prefix)
{
  fz_var *v = new fz_var;
  v->id = p->vars.size ();
  v->kind = kind;
  v->ty = t;
  v->name = prefix + std::to_string (names++);
  p->vars.push_back (v);
  return v;
}

fz_array *
gen::array (fz_array::role_t role, fz_ty t, const char *prefix)
{
  fz_array *a = new fz_array;
  a->id = p->arrays.size ();
  a->role = role;
  a->ty = t;
  a->name = prefix + std::to_string (names++);
  a->routine = rt ? rt->num : -1;
  p->arrays.push_back (a);
  return a;
}

/* A run-time value V: a parameter of compute ().  */
fz_var *
gen::runtime_value (long v)
{
  for (fz_var *x : p->vars)
    if (x->kind == fz_var::RUNTIME && x->value == v)
      return x;
  fz_var *x = var (fz_var::RUNTIME, TY_I32, "n");
  x->value = v;
  return x;
}

fz_ty
gen::pick_ty ()
{
  std::vector<int> ws;
  for (int t = 0; t < TY_NUM; t++)
    ws.push_back (w ((fz_knob) (K_ty_bool + t)));
  int t = pick (ws);
  return t < 0 ? TY_I32 : (fz_ty) t;
}

fz_ty
gen::pick_int_ty ()
{
  std::vector<int> ws;
  for (int t = 0; t < TY_F32; t++)
    ws.push_back (t == TY_BOOL ? 0 : w ((fz_knob) (K_ty_bool + t)));
  int t = pick (ws);
  return t < 0 ? TY_I32 : (fz_ty) t;
}

fz_expr *
gen::int_const (fz_ty t, uint64_t v)
{
  fz_expr *e = ex (E_CONST, t);
  int bits = fz_tys[t].bits;
  if (bits < 64)
    v &= (1ull << bits) - 1;
  e->ival = v;
  return e;
}

/* A constant of type T, often one at an edge of its range.  */
fz_expr *
gen::constant (fz_ty t)
{
  if (t == TY_BOOL)
    return int_const (t, rng.below (2));
  if (fz_is_int (t))
    {
      int bits = fz_tys[t].bits;
      uint64_t v;
      switch (rng.below (8))
	{
	case 0: v = 0; break;
	case 1: v = 1; break;
	case 2: v = (uint64_t) -1; break;
	case 3: v = 1ull << (bits - 1); break;		/* The minimum.  */
	case 4: v = (1ull << (bits - 1)) - 1; break;	/* The maximum.  */
	case 5: v = rng.next (); break;
	default: v = rng.range (2, 40); break;
	}
      return int_const (t, v);
    }
  fz_expr *e = ex (E_CONST, t);
  double d;
  switch (rng.below (10))
    {
    case 0: d = 0.0; break;
    case 1: d = -0.0; break;
    case 2: d = 1.0; break;
    case 3: d = 0.5; break;
    case 4: d = (double) rng.range (-1000, 1000) / 8; break;
    case 5: d = (double) rng.range (-100000, 100000) * 1e3; break;
    case 6: d = (double) rng.range (1, 1000) * 1e-7; break;
    case 7: d = t == TY_F32 ? 3.0e38 : 1.0e300; break;
    default: d = (double) rng.range (-50, 50); break;
    }
  if (t == TY_F32)
    {
      float f = (float) d;
      uint32_t b;
      memcpy (&b, &f, 4);
      e->ival = b;
    }
  else
    memcpy (&e->ival, &d, 8);
  return e;
}

/* E converted to T.  */
fz_expr *
gen::conv (fz_expr *e, fz_ty t)
{
  if (e->ty == t)
    return e;
  fz_expr *c = ex (E_CONV, t);
  c->ops.push_back (e);
  return c;
}

/* An expression of type T, at most DEPTH operators deep.  */
fz_expr *
gen::expr (ctx &c, fz_ty t, int depth)
{
  if (depth <= 0 || rng.pct (25))
    return leaf (c, t);
  bool fl = fz_is_float (t);
  if (t == TY_BOOL)
    return conv (rng.pct (70) ? cond (c) : expr (c, pick_ty (), depth - 1), t);
  int k = pick ({ w (K_arith), fl ? 0 : w (K_divmod), fl ? 0 : w (K_bitop),
		  w (K_compare), w (K_ternary), w (K_conversion),
		  w (K_math_ptx), w (K_math_libm),
		  fl ? w (K_divmod) : 0, 8,
		  w (K_math_exact), w (K_math_cabs) });
  switch (k)
    {
    case 0:			/* + - *  */
      {
	fz_expr *e = ex (E_BIN, t);
	e->op = OP_ADD + rng.below (3);
	e->variant = (t == TY_I32 || t == TY_I64) && rng.pct (30);
	e->ops = { expr (c, t, depth - 1), expr (c, t, depth - 1) };
	return e;
      }
    case 1:			/* / %  */
      {
	fz_expr *e = ex (E_BIN, t);
	e->op = rng.pct (50) ? OP_DIV : OP_MOD;
	e->variant = rng.below (2);
	e->ops = { expr (c, t, depth - 1),
		   rng.pct (30) ? constant (t) : expr (c, t, depth - 1) };
	return e;
      }
    case 2:			/* Bits.  */
      {
	if (rng.pct (15))
	  {
	    fz_expr *e = ex (E_UN, t);
	    e->op = OP_NOT;
	    e->ops = { expr (c, t, depth - 1) };
	    return e;
	  }
	fz_expr *e = ex (E_BIN, t);
	static const int ops[] = { OP_AND, OP_OR, OP_XOR, OP_SHL, OP_SHR };
	e->op = ops[rng.below (5)];
	e->ops = { expr (c, t, depth - 1),
		   (e->op >= OP_SHL && rng.pct (50))
		   ? int_const (t, rng.below (fz_tys[t].bits))
		   : expr (c, t, depth - 1) };
	return e;
      }
    case 3:			/* A comparison, as a value.  */
      return conv (cond (c), t);
    case 4:			/* ?: min max.  */
      {
	if (rng.pct (40))
	  {
	    fz_expr *e = ex (E_BIN, t);
	    e->op = rng.pct (50) ? OP_MIN : OP_MAX;
	    e->ops = { expr (c, t, depth - 1), expr (c, t, depth - 1) };
	    return e;
	  }
	fz_expr *e = ex (E_TERN, t);
	e->ops = { cond (c), expr (c, t, depth - 1), expr (c, t, depth - 1) };
	return e;
      }
    case 5:			/* A conversion.  */
      {
	fz_ty s = pick_ty ();
	return conv (expr (c, s, depth - 1), t);
      }
    case 6: case 7:		/* Math.  */
      {
	bool libm = k == 7;
	int f;
	fz_ty arg;
	if (fl)
	  {
	    if (libm)
	      f = MF_EXP + rng.below (MF_LIBM_END - MF_EXP);
	    else
	      f = rng.below (MF_ILOGB);
	    arg = t;
	  }
	else
	  {
	    if (libm)
	      return conv (expr (c, rng.pct (50) ? TY_F32 : TY_F64, depth - 1),
			   t);
	    f = MF_ILOGB + rng.below (3);
	    arg = rng.pct (50) ? TY_F32 : TY_F64;
	  }
	fz_expr *e = ex (E_CALL, fz_math_type (f, arg));
	e->op = f;
	for (int i = 0; i < fz_math_arity (f); i++)
	  e->ops.push_back (expr (c, arg, depth - 1));
	return conv (e, t);
      }
    case 8:			/* Float division, fmod.  */
      {
	if (rng.pct (30) && w (K_math_ptx))
	  {
	    fz_expr *e = ex (E_CALL, t);
	    e->op = MF_FMOD;
	    e->ops = { expr (c, t, depth - 1), expr (c, t, depth - 1) };
	    return e;
	  }
	fz_expr *e = ex (E_BIN, t);
	e->op = OP_DIV;
	e->ops = { expr (c, t, depth - 1), expr (c, t, depth - 1) };
	return e;
      }
    case 10: case 11:		/* C99's exact and complex functions.  */
      {
	fz_ty arg = fl ? t : rng.pct (50) ? TY_F32 : TY_F64;
	int f = k == 10 ? MF_LIBM_END + rng.below (MF_EXACT_END - MF_LIBM_END)
		: MF_EXACT_END + rng.below (MF_NUM - MF_EXACT_END);
	fz_expr *e = ex (E_CALL, fz_math_type (f, arg));
	e->op = f;
	/* Which result of frexp, modf, remquo: the value or the one
	   stored through the pointer.  */
	e->variant = rng.below (2);
	e->ops.push_back (expr (c, arg, depth - 1));
	if (fz_math_arity (f) == 2)
	  e->ops.push_back (expr (c, f == MF_SCALBLN ? TY_I64
				     : f == MF_LDEXP || f == MF_SCALBN ? TY_I32
				     : arg, depth - 1));
	return conv (e, t);
      }
    default:			/* Negation.  */
      {
	fz_expr *e = ex (E_UN, t);
	e->op = OP_NEG;
	e->ops = { expr (c, t, depth - 1) };
	return e;
      }
    }
}

/* A condition: an int that is 0 or 1.  */
fz_expr *
gen::cond (ctx &c)
{
  int k = rng.below (10);
  if (k < 2)
    {
      /* Parity or a bound of a loop index: divergent lanes.  */
      std::vector<fz_var *> loops;
      for (fz_var *v : vis)
	if (v->kind == fz_var::LOOP && !v->hidden)
	  loops.push_back (v);
      if (!loops.empty ())
	{
	  fz_var *v = loops[rng.below (loops.size ())];
	  fz_expr *e = ex (E_CMP, TY_I32);
	  if (k == 0)
	    {
	      fz_expr *a = ex (E_BIN, v->ty);
	      a->op = OP_AND;
	      a->ops = { var_ref (v, v->ty),
			 int_const (v->ty, rng.range (1, 3)) };
	      e->op = rng.pct (50) ? OP_EQ : OP_NE;
	      e->ops = { a, int_const (v->ty, 0) };
	    }
	  else
	    {
	      e->op = OP_LT + rng.below (4);
	      e->ops = { var_ref (v, v->ty),
			 int_const (v->ty, rng.below (std::max (v->value, 1LL) + 1)) };
	    }
	  return e;
	}
    }
  if (k == 2)
    {
      fz_expr *e = ex (E_LOGIC, TY_I32);
      e->op = rng.pct (50) ? OP_LAND : OP_LOR;
      e->ops = { cond (c), cond (c) };
      return e;
    }
  if (k == 3)
    {
      fz_expr *e = ex (E_UN, TY_I32);
      e->op = OP_LNOT;
      e->ops = { expr (c, pick_ty (), 1) };
      return e;
    }
  fz_ty s = pick_ty ();
  fz_expr *e = ex (E_CMP, TY_I32);
  e->op = OP_LT + rng.below (6);
  e->ops = { expr (c, s, 1), rng.pct (40) ? constant (s) : expr (c, s, 1) };
  return e;
}

/* A read of V as type T (a field of a struct picked at random).  */
fz_expr *
gen::var_ref (fz_var *v, fz_ty t)
{
  fz_expr *e = ex (E_VAR, v->ty);
  e->var = v;
  v->uses++;
  if (v->ty == TY_STRUCT)
    {
      const fz_struct &s = p->structs[v->sid];
      e->field = rng.below (s.fields.size ());
      e->ty = s.fields[e->field].first;
    }
  return conv (e, t);
}

/* An index in [0, DIM).  */
fz_expr *
gen::index (ctx &c, int dim)
{
  fz_expr *e = ex (E_IDX, TY_U32);
  e->ival = dim;
  e->variant = rng.below (2);
  /* No routine calls in indices: an element named twice (x = x + e)
     must be the same expression.  */
  no_call++;
  /* Mostly near a loop index, so that lanes read nearby elements.  */
  std::vector<fz_var *> loops;
  for (fz_var *v : vis)
    if (v->kind == fz_var::LOOP && !v->hidden)
      loops.push_back (v);
  fz_ty t = pick_int_ty ();
  if (!loops.empty () && rng.pct (60))
    {
      fz_var *v = loops[rng.below (loops.size ())];
      fz_expr *a = ex (E_BIN, t);
      a->op = rng.pct (70) ? OP_ADD : OP_MUL;
      a->ops = { var_ref (v, t), rng.pct (60)
		 ? int_const (t, rng.range (0, 5)) : expr (c, t, 1) };
      e->ops.push_back (a);
    }
  else
    e->ops.push_back (expr (c, t, 0));
  no_call--;
  return e;
}

/* The closest common ancestor of partition scopes A and B.  */
int
gen::common_ancestor (int a, int b)
{
  std::set<int> up;
  for (int x = a; x >= 0; x = scopes[x].parent)
    up.insert (x);
  for (int x = b; x >= 0; x = scopes[x].parent)
    if (up.count (x))
      return x;
  return -1;
}

/* May code in context C read array A?  If so, BOUND says which of its
   dimensions must be indexed by their owning loop index (the others take
   any index).  */
bool
gen::readable (fz_array *a, ctx &c, std::vector<bool> &bound)
{
  bound.assign (a->dims.size (), false);
  switch (a->role)
    {
    case fz_array::INPUT:
      return true;
    case fz_array::LOCAL:
    case fz_array::PRIVATE:
      return std::find (vis_arrays.begin (), vis_arrays.end (), a)
	     != vis_arrays.end ();
    case fz_array::SCRATCH:
      if (std::find (vis_arrays.begin (), vis_arrays.end (), a)
	  == vis_arrays.end ())
	return false;
      for (size_t i = 0; i < a->slots.size (); i++)
	bound[i] = true;
      return true;
    case fz_array::OUTPUT:
      if (a->at.on)
	return false;		/* Atomics' target: atomic reads only.  */
      break;
    }
  if (a->region < scopes[c.ps].region)
    return true;		/* An earlier region's result.  */
  int anc = common_ancestor (a->site, c.ps);
  if (anc < 0)
    return false;
  for (int x = a->site; x != anc; x = scopes[x].parent)
    if (scopes[x].gang)
      return false;		/* Stored by other gangs.  */
  if (a->site != anc && !pct (K_post_join_read))
    return false;
  const std::vector<fz_var *> &own = scopes[anc].owners;
  for (size_t i = 0; i < a->slots.size (); i++)
    bound[i] = a->slots[i]
	       && std::find (own.begin (), own.end (), a->slots[i]) != own.end ();
  return true;
}

/* A read of A (an element of type T, from a field if A holds structs) in
   context C, indexed as BOUND says.  */
fz_expr *
gen::read_of (fz_array *a, ctx &c, const std::vector<bool> &bound, fz_ty t)
{
  fz_expr *e = ex (E_READ, a->ty);
  e->arr = a;
  read_nest++;
  for (size_t i = 0; i < a->dims.size (); i++)
    if (bound[i])
      {
	fz_expr *x = ex (E_VAR, a->slots[i]->ty);
	x->var = a->slots[i];
	x->fixed = true;
	e->ops.push_back (x);
      }
    else
      e->ops.push_back (index (c, a->dims[i]));
  read_nest--;
  if (a->ty == TY_STRUCT)
    {
      const fz_struct &s = p->structs[a->sid];
      e->field = rng.below (s.fields.size ());
      e->ty = s.fields[e->field].first;
    }
  return t == TY_NUM ? e : conv (e, t);
}

/* A read of some array element that context C may read.  */
fz_expr *
gen::read (ctx &c, fz_ty t)
{
  std::vector<fz_array *> cands;
  for (fz_array *a : p->arrays)
    if ((a->role == fz_array::INPUT || a->role == fz_array::OUTPUT)
	&& mine (a))
      cands.push_back (a);
  for (fz_array *a : vis_arrays)
    cands.push_back (a);
  for (int tries = 0; tries < 4 && !cands.empty (); tries++)
    {
      fz_array *a = cands[rng.below (cands.size ())];
      std::vector<bool> bound;
      if (a != avoid && readable (a, c, bound))
	return read_of (a, c, bound, t);
    }
  fz_array *a = new_input (c);
  std::vector<bool> bound (a->dims.size (), false);
  return read_of (a, c, bound, t);
}

/* A new input array, for context C to read.  */
fz_array *
gen::new_input (ctx &c)
{
  if (rt)
    {
      /* A routine's: a parameter 'const T *', of at most three.  */
      std::vector<fz_array *> ins;
      for (const fz_param &pm : rt->params)
	if (pm.a && pm.a->role == fz_array::INPUT)
	  ins.push_back (pm.a);
      if (ins.size () >= 3)
	return ins[rng.below (ins.size ())];
      fz_array *a = array (fz_array::INPUT, pick_ty (), "p");
      a->dims.push_back (rng.range (4, 48));
      a->flat = a->param = true;
      a->region = scopes[c.ps].region;
      rt->params.push_back ({ nullptr, a });
      return a;
    }
  fz_array *a = array (fz_array::INPUT, rng.pct (w (K_struct_array) / 2)
		       && !p->structs.empty () ? TY_STRUCT : pick_ty (), "in");
  if (a->ty == TY_STRUCT)
    a->sid = 0;
  int nd = rng.pct (w (K_array_2d)) ? 2 : 1;
  for (int i = 0; i < nd; i++)
    a->dims.push_back (nd == 1 ? rng.range (4, 96) : rng.range (2, 24));
  a->flat = nd > 1 && rng.pct (30);
  a->param = !pct (K_global_array);
  a->init = init_kind (a->ty);
  a->region = scopes[c.ps].region;
  return a;
}

/* A leaf of type T: a constant, a variable or an array element.  */
fz_expr *
gen::leaf (ctx &c, fz_ty t)
{
  int k = pick ({ 15, 40, read_nest < 2 ? 45 : 0,
		  !no_call && !calls_nest && !read_nest
		  ? w (K_routine_expr) : 0 });
  if (k == 3)
    {
      fz_expr *x = pure_call (c, t);
      if (x)
	return x;
      k = 1;
    }
  if (k == 1)
    {
      std::vector<fz_var *> cands;
      for (fz_var *v : vis)
	if (!v->hidden)
	  cands.push_back (v);
      /* Loop indices twice as likely: they make lanes differ.  */
      for (fz_var *v : vis)
	if (!v->hidden && v->kind == fz_var::LOOP)
	  cands.push_back (v);
      if (!cands.empty ())
	return var_ref (cands[rng.below (cands.size ())], t);
    }
  if (k == 2)
    return read (c, t);
  return constant (t);
}

/* A local or scalar of compute () that context C may write, or null.  */
fz_var *
gen::writable_local (ctx &c, bool ints_only)
{
  std::vector<fz_var *> cands;
  for (fz_var *v : vis)
    if (!v->hidden && v->wscope == c.ps
	&& (v->kind == fz_var::LOCAL || v->kind == fz_var::FSCALAR
	    || v->kind == fz_var::PARAM)
	&& (!ints_only || (fz_is_int (v->ty) && v->ty != TY_BOOL)))
      cands.push_back (v);
  if (cands.empty ())
    return nullptr;
  return cands[rng.below (cands.size ())];
}

/* How main fills an array of T: 0-3 (print.cc); 2 is special values
   (NaN, infinities...) for floats, which the knob allows.  */
int
gen::init_kind (fz_ty t)
{
  int k = rng.below (4);
  if (k == 2 && !pct (K_special_floats))
    k = 0;
  (void) t;
  return k;
}

/* Statements.  */

/* A block of at most MAXN statements in context C.  */
std::vector<fz_stmt *>
gen::block (ctx c, int maxn)
{
  std::vector<fz_stmt *> out;
  size_t mark = vis.size (), amark = vis_arrays.size ();
  bool own_label = false;
  if (pct (K_goto_fwd) && c.depth < 5)
    {
      c.label = "out" + std::to_string (labels++);
      own_label = true;
    }
  bool want = c.want_loop;
  c.want_loop = false;
  int n = 1 + rng.below (std::max (maxn, 1));
  int at = want ? rng.below (n) : -1;
  for (int i = 0; i < n && (budget > 0 || i == at); i++)
    {
      if (i == at && loop_ok (c))
	acc_loop (c, out, false);
      else
	stmt (c, out);
    }
  consume (c, mark, out);
  if (own_label)
    {
      fz_stmt *l = st (S_LABEL);
      l->label = c.label;
      out.push_back (l);
    }
  vis.resize (mark);
  vis_arrays.resize (amark);
  return out;
}

/* Make the values of the locals declared in a block (those of VIS from
   MARK on) that nothing read count, mostly: store them, or fold them into
   a local of an enclosing block.  Dead values would only test GCC's dead
   code elimination.  */
void
gen::consume (ctx &c, size_t mark, std::vector<fz_stmt *> &out)
{
  for (size_t i = mark; i < vis.size (); i++)
    {
      fz_var *v = vis[i];
      if (v->kind != fz_var::LOCAL || v->uses || v->ty == TY_STRUCT
	  || rng.pct (15))
	continue;
      if (scopes[c.ps].shared && rng.pct (70))
	{
	  fz_array *a = site_array (c);
	  if (a->role == fz_array::OUTPUT && a->ty != TY_STRUCT)
	    {
	      std::vector<fz_stmt *> tmp;
	      store (c, tmp);
	      fz_stmt *s = tmp.back ();
	      if (s->field >= 0 || s->e->ty == TY_STRUCT)
		{
		  out.insert (out.end (), tmp.begin (), tmp.end ());
		  continue;
		}
	      fz_expr *x = ex (E_BIN, s->e->ty);
	      x->op = fz_is_float (x->ty) || x->ty == TY_BOOL ? OP_ADD : OP_XOR;
	      if (x->ty == TY_BOOL)
		{
		  x = ex (E_LOGIC, TY_I32);
		  x->op = OP_LOR;
		}
	      x->ops = { s->e, var_ref (v, x->ty) };
	      s->e = conv (x, s->e->ty);
	      out.insert (out.end (), tmp.begin (), tmp.end ());
	      continue;
	    }
	}
      std::vector<fz_var *> outer;
      for (size_t j = 0; j < mark; j++)
	if (vis[j]->kind == fz_var::LOCAL && vis[j]->wscope == c.ps
	    && vis[j]->ty != TY_STRUCT && vis[j]->ty != TY_BOOL)
	  outer.push_back (vis[j]);
      if (outer.empty ())
	continue;
      fz_var *w = outer[rng.below (outer.size ())];
      fz_stmt *s = st (S_ASSIGN);
      s->v = w;
      fz_expr *x = ex (E_BIN, w->ty);
      x->op = fz_is_float (w->ty) ? OP_ADD : OP_XOR;
      x->ops = { var_ref (w, w->ty), var_ref (v, w->ty) };
      s->e = x;
      out.push_back (s);
    }
}

/* May a partitioned loop go here?  */
bool
gen::loop_ok (ctx &c)
{
  if (c.depth > 6 || light)
    return false;
  if (c.irred && !pct (K_loop_in_irreducible))
    return false;
  if (c.auto_only)
    return true;
  if (!scopes[c.ps].shared)
    /* Only gang loops store anything here, and not in a repeating
       statement (an iteration could move to another gang).  */
    return (c.avail & LV_G) && !c.repeat;
  return true;
}

/* One statement (or a few that go together) in context C, onto OUT.  */
void
gen::stmt (ctx &c, std::vector<fz_stmt *> &out)
{
  budget--;
  if (rt)
    rt_work += c.trips;
  bool deep = c.depth >= 5;
  /* A light region's loop has no loop or call inside.  */
  bool noloop = deep || light;
  bool lp = loop_ok (c) && (c.avail || c.auto_only);
  /* Atomics need global targets, which routines cannot name.  */
  bool at = scopes[c.ps].shared && !rt;
  /* Calls: fewer in routines.  */
  int scale = rt ? w (K_routine_nested) : 100;
  auto call_w = [&] (fz_knob k, unsigned level) {
    return light || (level && !pcall_ok (c, level)) ? 0 : w (k) * scale / 100;
  };
  int k = pick ({ w (K_decl), w (K_assign), scopes[c.ps].shared ? w (K_store) : 0,
		  deep ? 0 : w (K_if_stmt), deep ? 0 : w (K_switch_stmt),
		  noloop ? 0 : w (K_for_stmt), noloop ? 0 : w (K_while_stmt),
		  noloop ? 0 : w (K_do_stmt),
		  c.brk ? w (K_break_stmt) : 0, c.cont ? w (K_continue_stmt) : 0,
		  c.label.empty () ? 0 : w (K_goto_fwd),
		  noloop ? 0 : w (K_irreducible),
		  light ? 0 : w (K_local_array),
		  rt ? 0 : w (K_struct_local),
		  lp ? (w (K_gang_loop) + w (K_worker_loop) + w (K_vector_loop)) / 3
		  : 0,
		  c.single ? w (K_global_scalar_out) / 4 : 0,
		  /* Atomics that write go where stores go: code that runs
		     once per iteration, not in every gang.  */
		  at ? w (K_atomic_update) : 0,
		  at ? w (K_atomic_capture) : 0,
		  w (K_atomic_read),
		  at ? w (K_atomic_write) : 0,
		  call_w (K_routine_seq, 0), call_w (K_routine_vector, LV_V),
		  call_w (K_routine_worker, LV_W), call_w (K_routine_gang, LV_G),
		  /* A recursive routine's call of itself: in its own code,
		     not in a loop.  */
		  rec_pending && rec_pending == rt && c.ps == reg.root
		  && !c.repeat ? 30 : 0,
		  lp && !c.auto_only && (c.avail & (LV_W | LV_V))
		  && (rt || reg.construct == 0) ? w (K_local_fill) : 0,
		  deep ? 0 : w (K_cond_assign) });
  switch (k)
    {
    case 0: decl (c, out); return;
    case 1: if (!assign (c, out)) decl (c, out); return;
    case 2: if (!store (c, out)) decl (c, out); return;
    case 3: if_stmt (c, out); return;
    case 4: switch_stmt (c, out); return;
    case 5: for_stmt (c, out); return;
    case 6: while_stmt (c, out, false); return;
    case 7: while_stmt (c, out, true); return;
    case 8: case 9: case 10:
      {
	fz_stmt *j = st (k == 8 ? S_BREAK : k == 9 ? S_CONTINUE : S_GOTO);
	fz_stmt *s = j;
	if (k == 10)
	  {
	    j->label = c.label;
	    j->e = cond (c);
	  }
	else
	  {
	    s = st (S_IF);
	    s->e = cond (c);
	    s->body.push_back (j);
	  }
	out.push_back (s);
	return;
      }
    case 11: irreducible (c, out); return;
    case 12: local_array (c, out); return;
    case 13: struct_local (c, out); return;
    case 14: acc_loop (c, out, false); return;
    case 15:
      {
	fz_var *g = nullptr;
	for (fz_var *v : p->vars)
	  if (v->kind == fz_var::GSCALAR && v->output && !v->red
	      && !v->at.on && rng.pct (60))
	    g = v;
	if (!g)
	  {
	    g = var (fz_var::GSCALAR, pick_ty (), "gs");
	    g->output = true;
	    g->value = rng.next ();
	    vis.push_back (g);
	  }
	fz_stmt *s = st (S_ASSIGN);
	s->v = g;
	s->e = expr (c, g->ty, 2);
	out.push_back (s);
	return;
      }
    case 16: if (!atomic_update (c, out, false)) decl (c, out); return;
    case 17: if (!atomic_update (c, out, true)) decl (c, out); return;
    case 18: atomic_read (c, out); return;
    case 19: atomic_write (c, out); return;
    case 20: case 21: case 22: case 23:
      {
	static const unsigned levels[] = { 0, LV_V, LV_W, LV_G };
	if (!call_stmt (c, out, levels[k - 20]))
	  decl (c, out);
	return;
      }
    case 24: recurse_stmt (c, out); return;
    case 25: if (!local_fill (c, out)) local_array (c, out); return;
    case 26: cond_assign (c, out); return;
    default: decl (c, out); return;
    }
}

/* A local scalar with an initializer.  */
void
gen::decl (ctx &c, std::vector<fz_stmt *> &out)
{
  fz_ty t = pick_ty ();
  fz_stmt *s = st (S_DECL);
  s->e = expr (c, t, 1 + rng.below (3));
  s->v = var (fz_var::LOCAL, t, "v");
  s->v->wscope = c.ps;
  vis.push_back (s->v);
  out.push_back (s);
}

/* An assignment to a local the context may write (or an element of a
   local array); false if there is none.  */
bool
gen::assign (ctx &c, std::vector<fz_stmt *> &out)
{
  std::vector<fz_array *> arrs;
  for (fz_array *a : vis_arrays)
    if ((a->role == fz_array::LOCAL || a->role == fz_array::PRIVATE)
	&& a->site == c.ps)
      arrs.push_back (a);
  if (!arrs.empty () && rng.pct (25))
    {
      fz_array *a = arrs[rng.below (arrs.size ())];
      fz_stmt *s = st (S_STORE);
      s->arr = a;
      s->idx.push_back (index (c, a->dims[0]));
      s->e = expr (c, a->ty, 2);
      out.push_back (s);
      return true;
    }
  fz_var *v = writable_local (c, false);
  if (!v)
    return false;
  fz_stmt *s = st (S_ASSIGN);
  s->v = v;
  fz_ty t = v->ty;
  if (v->ty == TY_STRUCT)
    {
      const fz_struct &ss = p->structs[v->sid];
      s->field = rng.below (ss.fields.size ());
      t = ss.fields[s->field].first;
    }
  if (rng.pct (50) && t != TY_BOOL && v->ty != TY_STRUCT)
    {
      /* v = v OP e.  */
      fz_expr *e = ex (E_BIN, t);
      e->op = fz_is_float (t) ? rng.below (3)
	      : (int) (rng.pct (50) ? rng.below (3) : OP_AND + rng.below (3));
      e->ops = { var_ref (v, t), expr (c, t, 2) };
      s->e = e;
    }
  else
    s->e = expr (c, t, 1 + rng.below (3));
  out.push_back (s);
  return true;
}

/* An output array for the iterations of context C to store, new or one
   made for the same scope; of type WANT unless TY_NUM (then it may be a
   'create' one, or hold structs).  */
fz_array *
gen::site_array (ctx &c, fz_ty want)
{
  const pscope &ps = scopes[c.ps];
  std::vector<fz_array *> cands;
  int nout = 0;
  for (fz_array *a : p->arrays)
    if (a->role == fz_array::OUTPUT && a->site == c.ps && mine (a)
	&& (want == TY_NUM || a->ty == want))
      {
	bool ok = true;
	for (fz_var *v : a->slots)
	  if (v && std::find (vis.begin (), vis.end (), v) == vis.end ())
	    ok = false;
	if (ok)
	  cands.push_back (a);
      }
  for (fz_array *a : vis_arrays)
    if (a->role == fz_array::SCRATCH && a->site == c.ps && want == TY_NUM)
      cands.push_back (a);
  if (rt)
    for (const fz_param &pm : rt->params)
      nout += pm.a && pm.a->role == fz_array::OUTPUT;
  /* A routine's output arrays are its parameters: a few.  */
  if (!cands.empty () && (rng.pct (60) || nout >= 3))
    return cands[rng.below (cands.size ())];

  /* A routine's: a parameter 'T *' (flat), of the scope's shape, which
     its callers give a piece of what they own.  */
  bool scratch = !rt && want == TY_NUM && pct (K_create_clause)
		 && !ps.owners.empty ();
  fz_ty t = want != TY_NUM ? want
	    : !rt && pct (K_struct_array) && !p->structs.empty () && !scratch
	    ? TY_STRUCT : pick_ty ();
  fz_array *a = array (scratch ? fz_array::SCRATCH : fz_array::OUTPUT, t,
		       scratch ? "tmp" : "out");
  if (t == TY_STRUCT)
    a->sid = 0;
  long elems = 1;
  for (fz_var *v : ps.owners)
    {
      a->slots.push_back (v);
      a->dims.push_back (std::max (v->value, 1LL));
      elems *= std::max (v->value, 1LL);
    }
  long limit = rt ? rt_room : 16384;
  if (!scratch)
    {
      if (c.plain && rng.pct (50) && elems * c.plain->value <= limit)
	{
	  a->slots.push_back (c.plain);
	  a->dims.push_back (std::max (c.plain->value, 1LL));
	  elems *= std::max (c.plain->value, 1LL);
	}
      if (a->slots.empty () || (rng.pct (15) && elems < limit / 4))
	{
	  a->slots.push_back (nullptr);
	  a->dims.push_back (rng.range (1, std::max (1L, std::min (8L,
							   limit / elems))));
	}
    }
  a->flat = a->dims.size () > 2 || (a->dims.size () == 2 && !pct (K_array_2d));
  a->param = !pct (K_global_array);
  if (rt)
    {
      a->flat = a->param = true;
      rt->params.push_back ({ nullptr, a });
    }
  a->site = c.ps;
  a->region = ps.region;
  a->init = init_kind (t);
  return a;
}

/* A store to the iteration's own element of an output array.  */
bool
gen::store (ctx &c, std::vector<fz_stmt *> &out)
{
  fz_array *a = site_array (c);
  bool first_scratch = a->role == fz_array::SCRATCH && a->uses == 0;
  if (first_scratch)
    a->uses++;
  fz_stmt *s = st (S_STORE);
  s->arr = a;
  for (size_t i = 0; i < a->dims.size (); i++)
    if (a->slots[i])
      {
	fz_expr *x = ex (E_VAR, a->slots[i]->ty);
	x->var = a->slots[i];
	x->fixed = std::find (scopes[c.ps].owners.begin (),
			      scopes[c.ps].owners.end (), a->slots[i])
		   != scopes[c.ps].owners.end ();
	s->idx.push_back (x);
      }
    else
      s->idx.push_back (index (c, a->dims[i]));
  fz_ty t = a->ty;
  if (a->ty == TY_STRUCT)
    {
      const fz_struct &ss = p->structs[a->sid];
      /* The whole struct from a local one, or a field.  */
      std::vector<fz_var *> svs;
      for (fz_var *v : vis)
	if (v->ty == TY_STRUCT && !v->hidden)
	  svs.push_back (v);
      if (!svs.empty () && rng.pct (50))
	{
	  fz_expr *e = ex (E_VAR, TY_STRUCT);
	  e->var = svs[rng.below (svs.size ())];
	  s->e = e;
	  out.push_back (s);
	  return true;
	}
      s->field = rng.below (ss.fields.size ());
      t = ss.fields[s->field].first;
    }
  /* An atomic write of the element, or an update of it (where main
     initialized it: not a 'create' array's), with a value that does not
     read the array.  */
  if (t != TY_BOOL && pct (K_atomic_own))
    {
      s->atomic = AT_WRITE;
      s->aform = AF_SWAP;
      if (a->role == fz_array::OUTPUT && rng.pct (60))
	{
	  s->atomic = AT_UPDATE;
	  s->aop = own_update (t, s->aform);
	}
      avoid = a;
    }
  s->e = expr (c, t, 1 + rng.below (3));
  avoid = nullptr;
  /* A scratch array ('create') is read only after its first store in
     the same block, which the reducer must keep.  */
  if (first_scratch)
    {
      s->fixed = true;
      vis_arrays.push_back (a);
    }
  if (a->role == fz_array::OUTPUT)
    scopes[c.ps].stores++;
  out.push_back (s);
  return true;
}

void
gen::if_stmt (ctx &c, std::vector<fz_stmt *> &out)
{
  fz_stmt *s = st (S_IF);
  s->e = cond (c);
  ctx in = c;
  in.depth++;
  bool lp = loop_ok (c) && (c.avail || c.auto_only) && pct (K_loop_in_branch);
  in.want_loop = lp;
  s->body = block (in, 3);
  if (rng.pct (60))
    {
      in.want_loop = lp && rng.pct (80);
      s->body2 = block (in, 3);
    }
  out.push_back (s);
}

/* if (C) v = E; [else w = F;]: one or two assignments per arm, which
   GCC leaves as small branches and the cpu target if-converts into
   selects when the condition varies between lanes.  */
void
gen::cond_assign (ctx &c, std::vector<fz_stmt *> &out)
{
  fz_stmt *s = st (S_IF);
  s->e = cond (c);
  ctx in = c;
  in.depth++;
  for (int i = rng.range (1, 2); i > 0; i--)
    assign (in, s->body);
  if (s->body.empty ())
    {
      decl (c, out);
      return;
    }
  if (rng.pct (50))
    for (int i = rng.range (1, 2); i > 0; i--)
      assign (in, s->body2);
  out.push_back (s);
}

void
gen::switch_stmt (ctx &c, std::vector<fz_stmt *> &out)
{
  fz_stmt *s = st (S_SWITCH);
  fz_expr *e = ex (E_BIN, TY_I32);
  e->op = OP_AND;
  e->ops = { expr (c, TY_I32, 2), int_const (TY_I32, 7) };
  s->e = e;
  ctx in = c;
  in.depth++;
  in.brk = true;
  in.want_loop = loop_ok (c) && (c.avail || c.auto_only)
		 && pct (K_loop_in_branch) && rng.pct (50);
  int ncases = rng.range (1, 4);
  std::vector<long> values = { 0, 1, 2, 3, 4, 5, 6, 7 };
  for (int i = 0; i < ncases; i++)
    {
      fz_stmt *cs = st (S_CASE);
      int nl = rng.range (1, 2);
      for (int j = 0; j < nl && !values.empty (); j++)
	{
	  int at = rng.below (values.size ());
	  cs->cases.push_back (values[at]);
	  values.erase (values.begin () + at);
	}
      cs->brk = rng.pct (70);
      cs->body = block (in, 2);
      in.want_loop = false;
      s->body.push_back (cs);
    }
  if (rng.pct (50))
    {
      fz_stmt *cs = st (S_CASE);
      cs->brk = rng.pct (50);
      cs->body = block (in, 2);
      s->body.push_back (cs);
    }
  out.push_back (s);
}

/* A loop header: trip count at most MAX_COUNT; ACC for an OpenACC loop;
   RECT for a loop of a collapse or tile nest (its bounds may not depend
   on outer indices: they never do).  */
fz_loop
gen::header (ctx &c, long max_count, bool acc, bool rect)
{
  fz_loop l;
  long count;
  if (pct (K_empty_loops))
    count = rng.below (2);
  else
    count = rng.range (std::min (2L, max_count), std::max (max_count, 1L));
  fz_ty t = TY_I32;
  bool odd = pct (K_odd_loops);
  if (odd)
    {
      static const fz_ty ts[] = { TY_I32, TY_U32, TY_I64, TY_U64 };
      t = ts[rng.below (4)];
      l.lo = rng.below (4);
      l.step = rng.range (1, 3);
      l.form = rng.below (fz_tys[t].is_signed ? 3 : 2);
    }
  l.hi = l.lo + count * l.step;
  if (odd && l.step > 1 && count > 0)
    l.hi -= rng.below (l.step);	/* The last trip short of HI.  */
  if (l.hi == 0 && !fz_tys[t].is_signed)
    {
      /* 'v < 0' on an unsigned index is folded away, which GCC's OpenACC
	 loops refuse; 'v <= 0 - 1' would wrap.  */
      l.lo = l.hi = 1;
    }
  if (pct (K_rt_bounds) && l.hi > 0)
    l.rt = rt ? bound_param (l.hi) : runtime_value (l.hi);
  const char *prefix = acc ? "i" : "t";
  l.v = var (fz_var::LOOP, t, prefix);
  l.v->value = std::max (l.hi, 1L);	/* The dimension it indexes.  */
  (void) c;
  (void) rect;
  return l;
}

void
gen::for_stmt (ctx &c, std::vector<fz_stmt *> &out)
{
  fz_stmt *s = st (S_FOR);
  s->loops.push_back (header (c, 6, false, false));
  fz_var *v = s->loops[0].v;
  ctx in = c;
  in.depth++;
  in.brk = in.cont = true;
  in.plain = v;
  in.repeat = true;
  in.trips *= std::max (v->value, 1LL);
  in.want_loop = loop_ok (in) && (c.avail || c.auto_only)
		 && pct (K_loop_in_branch) && rng.pct (40);
  vis.push_back (v);
  s->body = block (in, 3);
  vis.pop_back ();
  out.push_back (s);
}

/* A data-dependent while (or do-while) loop over a local X, capped.  */
void
gen::while_stmt (ctx &c, std::vector<fz_stmt *> &out, bool is_do)
{
  fz_var *x = writable_local (c, true);
  if (!x || rng.pct (50))
    {
      fz_stmt *d = st (S_DECL);
      fz_ty t = pick_int_ty ();
      d->e = expr (c, t, 2);
      d->v = x = var (fz_var::LOCAL, t, "x");
      x->wscope = c.ps;
      vis.push_back (x);
      out.push_back (d);
    }
  fz_ty t = x->ty;
  fz_stmt *s = st (is_do ? S_DO : S_WHILE);
  s->counter = var (fz_var::LOCAL, TY_U32, "c");
  s->cap = rng.range (2, 48);
  ctx in = c;
  in.depth++;
  in.brk = in.cont = true;
  in.repeat = true;
  in.trips *= s->cap;
  in.want_loop = loop_ok (in) && (c.avail || c.auto_only)
		 && pct (K_loop_in_branch) && rng.pct (30);

  /* The condition and the update of X: the Collatz shape (x > 1;
     x odd ? x + k : x / 2, as if/else or ?:), or any.  */
  fz_stmt *upd;
  if (rng.pct (60))
    {
      fz_expr *e = ex (E_CMP, TY_I32);
      e->op = OP_GT;
      e->ops = { var_ref (x, t), int_const (t, 1) };
      s->e = e;
      fz_expr *odd = ex (E_BIN, t);
      odd->op = OP_AND;
      odd->ops = { var_ref (x, t), int_const (t, 1) };
      fz_expr *up = ex (E_BIN, t);
      up->op = rng.pct (50) ? OP_ADD : OP_MUL;
      up->ops = { var_ref (x, t), int_const (t, rng.range (1, 3)) };
      if (up->op == OP_MUL)
	{
	  fz_expr *u2 = ex (E_BIN, t);
	  u2->op = OP_ADD;
	  u2->ops = { up, int_const (t, 1) };
	  up = u2;
	}
      fz_expr *down = ex (E_BIN, t);
      down->op = OP_DIV;
      down->ops = { var_ref (x, t), int_const (t, 2) };
      if (rng.pct (50))
	{
	  upd = st (S_IF);
	  upd->e = conv (odd, TY_I32);
	  fz_stmt *a = st (S_ASSIGN);
	  a->v = x;
	  a->e = up;
	  fz_stmt *b = st (S_ASSIGN);
	  b->v = x;
	  b->e = down;
	  upd->body.push_back (a);
	  upd->body2.push_back (b);
	}
      else
	{
	  upd = st (S_ASSIGN);
	  upd->v = x;
	  fz_expr *tern = ex (E_TERN, t);
	  tern->ops = { conv (odd, TY_I32), up, down };
	  upd->e = tern;
	}
    }
  else
    {
      s->e = cond (c);
      fz_expr *e = ex (E_CMP, TY_I32);
      e->op = OP_NE;
      e->ops = { var_ref (x, t), constant (t) };
      fz_expr *l = ex (E_LOGIC, TY_I32);
      l->op = OP_LAND;
      l->ops = { e, s->e };
      s->e = l;
      upd = st (S_ASSIGN);
      upd->v = x;
      upd->e = expr (in, t, 2);
    }
  std::vector<fz_stmt *> rest = block (in, 3);
  if (rng.pct (50))
    {
      s->body.push_back (upd);
      s->body.insert (s->body.end (), rest.begin (), rest.end ());
    }
  else
    {
      s->body = rest;
      s->body.push_back (upd);
    }
  out.push_back (s);
  vis.push_back (s->counter);	/* The trip count, readable after.  */
}

/* A cycle entered at two points: if (e) goto mid; top: A; mid: B;
   if (e2 && trips < cap) goto top.  */
void
gen::irreducible (ctx &c, std::vector<fz_stmt *> &out)
{
  fz_var *acc = writable_local (c, false);
  if (!acc || acc->ty == TY_STRUCT || rng.pct (40))
    {
      fz_stmt *d = st (S_DECL);
      fz_ty t = pick_ty ();
      d->e = expr (c, t, 2);
      d->v = acc = var (fz_var::LOCAL, t, "r");
      acc->wscope = c.ps;
      vis.push_back (acc);
      out.push_back (d);
    }
  fz_stmt *s = st (S_IRRED);
  s->counter = var (fz_var::LOCAL, TY_U32, "c");
  s->cap = rng.range (1, 12);
  s->label = "top" + std::to_string (labels);
  s->label2 = "mid" + std::to_string (labels++);
  s->e = cond (c);
  ctx in = c;
  in.depth++;
  in.repeat = true;
  in.irred = true;
  in.trips *= s->cap + 1;
  for (int part = 0; part < 2; part++)
    {
      fz_stmt *a = st (S_ASSIGN);
      a->v = acc;
      fz_expr *e;
      if (acc->ty == TY_BOOL)
	{
	  e = ex (E_LOGIC, TY_I32);
	  e->op = OP_LOR;
	  e->ops = { var_ref (acc, TY_I32), cond (in) };
	  e = conv (e, TY_BOOL);
	}
      else
	{
	  e = ex (E_BIN, acc->ty);
	  e->op = OP_ADD + rng.below (3);
	  e->ops = { var_ref (acc, acc->ty), expr (in, acc->ty, 2) };
	}
      a->e = e;
      std::vector<fz_stmt *> b = block (in, 2);
      b.insert (b.begin () + rng.below (b.size () + 1), a);
      (part ? s->body2 : s->body) = b;
    }
  s->e2 = cond (c);
  out.push_back (s);
  vis.push_back (s->counter);
}

/* A new local array of context C's scope, of type T and N elements,
   declared onto OUT and filled over its index q (not yet visible).  */
fz_array *
gen::local_decl (ctx &c, fz_ty t, long n, std::vector<fz_stmt *> &out)
{
  fz_stmt *s = st (S_ARRDECL);
  fz_array *a = array (fz_array::LOCAL, t, "la");
  a->dims.push_back (n);
  a->site = c.ps;
  a->region = scopes[c.ps].region;
  s->arr = a;
  fz_var *q = var (fz_var::LOOP, TY_I32, "q");
  q->value = a->dims[0];
  q->wscope = -1;
  s->v = q;
  vis.push_back (q);
  ctx fill = c;
  fill.trips *= a->dims[0];
  s->e = expr (fill, a->ty, 2);
  vis.pop_back ();
  out.push_back (s);
  return a;
}

/* A local array, filled, then read and written by what follows.  */
void
gen::local_array (ctx &c, std::vector<fz_stmt *> &out)
{
  fz_ty t = pick_ty ();
  vis_arrays.push_back (local_decl (c, t, rng.range (2, 16), out));
}

/* A local array of the code of context C (a routine's own, a region's,
   an iteration's of a gang or worker loop), filled, then stored by a
   worker or vector loop, each iteration its own element, and read back
   whole by the code after the loop, which has it from then on as any
   local array.  Its iterations store what the single code reads: the
   array is one for the code that declares it, which the loop's threads
   share (a routine's own variables: plugin/routine-locals.cc).  False
   if C has no worker or vector level to give the loop.  */
bool
gen::local_fill (ctx &c, std::vector<fz_stmt *> &out)
{
  unsigned levels = c.avail & (LV_W | LV_V);
  if (!levels || c.auto_only)
    return false;
  unsigned level = levels;
  if (levels == (LV_W | LV_V))
    level = rng.pct (50) ? LV_W : LV_V;
  fz_stmt *loop = st (S_ACCLOOP);
  loop->levels = level;
  if (level == LV_W && (levels & LV_V) && rng.pct (30))
    loop->levels |= LV_V;
  loop->loops.push_back (header (c, level == LV_W ? 20 : 48, true, false));
  fz_var *i = loop->loops[0].v;

  fz_ty t = pick_ty ();
  fz_array *a = local_decl (c, t, std::max (i->value, 1LL), out);

  /* The loop's body: the store, of a value that does not read A.  */
  const pscope ps = scopes[c.ps];
  pscope b;
  b.parent = c.ps;
  b.region = ps.region;
  b.owners = ps.owners;
  b.owners.push_back (i);
  b.elems = ps.elems * std::max (i->value, 1LL);
  b.gang = false;
  b.shared = ps.shared;
  scopes.push_back (b);
  ctx in = c;
  in.ps = scopes.size () - 1;
  in.depth++;
  in.brk = in.cont = false;
  in.label.clear ();
  in.want_loop = false;
  in.irred = false;
  in.plain = nullptr;
  in.repeat = false;
  in.single = false;
  in.trips *= std::max (i->value, 1LL);
  in.avail = (loop->levels & LV_V) ? 0 : c.avail & LV_V;
  reg.has_part = true;
  if (loop->levels & LV_V)
    reg.has_vector = true;
  vis.push_back (i);
  fz_stmt *w = st (S_STORE);
  w->arr = a;
  fz_expr *x = ex (E_VAR, i->ty);
  x->var = i;
  x->fixed = true;
  w->idx.push_back (x);
  w->e = expr (in, a->ty, 1 + rng.below (3));
  vis.pop_back ();
  loop->body.push_back (w);
  out.push_back (loop);
  vis_arrays.push_back (a);
  return true;
}

/* A local struct copied from an input array's element.  */
void
gen::struct_local (ctx &c, std::vector<fz_stmt *> &out)
{
  if (p->structs.empty ())
    {
      decl (c, out);
      return;
    }
  fz_array *in = nullptr;
  for (fz_array *a : p->arrays)
    if (a->role == fz_array::INPUT && a->ty == TY_STRUCT)
      in = a;
  if (!in)
    {
      in = array (fz_array::INPUT, TY_STRUCT, "in");
      in->sid = 0;
      in->dims.push_back (rng.range (4, 64));
      in->param = !pct (K_global_array);
      in->init = init_kind (TY_STRUCT);
      in->region = scopes[c.ps].region;
    }
  fz_stmt *s = st (S_DECL);
  fz_expr *e = ex (E_READ, TY_STRUCT);
  e->arr = in;
  for (int d : in->dims)
    e->ops.push_back (index (c, d));
  s->e = e;
  s->v = var (fz_var::LOCAL, TY_STRUCT, "sv");
  s->v->sid = 0;
  s->v->wscope = c.ps;
  vis.push_back (s->v);
  out.push_back (s);
}

/* Reductions.

   A reduction across gangs combines into a fresh global scalar, an
   output whose result main () compares; one across workers or vector
   lanes only, into a local declared just before its loop (each gang, or
   each iteration of the enclosing loop, has its own: && and || go only
   there, as the cpu device combines them across gangs on the host).
   Only the updates in the loops that carry the clause (the loop, and
   nested worker or vector loops that repeat it) write the variable, and
   nothing reads it before its loop ends.  The values combined make the
   result independent of the order of the combination: any values of the
   unsigned and the 8- and 16-bit types (modular arithmetic); small terms
   of int32_t and int64_t sums, +-1 factors of their products; small
   integers in float sums (exact); 1, -1 and 2 in float products from a
   nonzero start (exact, or an infinity whatever the order); integers
   converted for float min and max (no NaN, no -0).  */

fz_ty
gen::red_ty ()
{
  return pick_ty ();
}

/* An operator for a reduction of type T.  && and || combine integers by
   their bits across gangs (GCC's lowering hands them over as & and |), so
   only LOCAL allows them there; floats and bools get C's 1 or 0 at every
   level.  Bools take the operators whose result is a bool again.  */
int
gen::red_op (fz_ty t, bool local)
{
  static const int ops[] = { OP_ADD, OP_MUL, OP_MIN, OP_MAX, OP_AND, OP_OR,
			     OP_XOR, OP_LAND, OP_LOR };
  static const int fops[] = { OP_ADD, OP_MUL, OP_MIN, OP_MAX, OP_LAND,
			      OP_LOR };
  if (fz_is_float (t))
    return fops[rng.below (rng.pct (80) ? 4 : 6)];
  if (t == TY_BOOL)
    return ops[2 + rng.below (7)];
  return ops[rng.below (local ? 9 : 7)];
}

/* Whether red_op could give OP for type T.  */
bool
gen::red_op_ok (fz_ty t, int op, bool local)
{
  bool logic = op == OP_LAND || op == OP_LOR;
  bool bits = op == OP_AND || op == OP_OR || op == OP_XOR;
  if (fz_is_float (t))
    return !bits;
  if (t == TY_BOOL)
    return op != OP_ADD && op != OP_MUL;
  return local || !logic;
}

/* An int32_t in [-BIAS, MASK - BIAS], from an expression.  */
fz_expr *
gen::small_int (ctx &c, int mask, int bias)
{
  fz_expr *a = ex (E_BIN, TY_I32);
  a->op = OP_AND;
  a->ops = { conv (expr (c, pick_int_ty (), 2), TY_I32),
	     int_const (TY_I32, mask) };
  fz_expr *d = ex (E_BIN, TY_I32);
  d->op = OP_SUB;
  d->ops = { a, int_const (TY_I32, bias) };
  return d;
}

/* The float constant D of type T.  */
static uint64_t
float_bits (fz_ty t, double d)
{
  uint64_t v = 0;
  if (t == TY_F32)
    {
      float f = (float) d;
      uint32_t b;
      memcpy (&b, &f, 4);
      v = b;
    }
  else
    memcpy (&v, &d, 8);
  return v;
}

/* A value of type T for reduction OP to combine: a term of an update, or
   with INIT the variable's initial value.  */
fz_expr *
gen::red_term (ctx &c, fz_ty t, int op, bool init)
{
  auto fconst = [&] (double d) {
    fz_expr *e = ex (E_CONST, t);
    e->ival = float_bits (t, d);
    return e;
  };
  if (op == OP_LAND || op == OP_LOR)
    /* A start of 0 or 1: with another, the host's result could keep it
       where the device's is the truth value (a loop of no trips).  */
    return !init ? cond (c) : fz_is_float (t) ? fconst (rng.below (2))
	   : int_const (t, rng.below (2));
  if (fz_is_float (t))
    {
      if (op == OP_MUL)
	{
	  /* Never replaced by a zero: 0 * inf is order-dependent.  */
	  if (init)
	    {
	      static const double starts[] = { 1, -1, 2, -3, 0.5 };
	      fz_expr *e = fconst (starts[rng.below (5)]);
	      e->fixed = true;
	      return e;
	    }
	  fz_expr *k1 = fconst (-1), *k2 = fconst (1),
	    *k3 = fconst (rng.pct (60) ? 2 : -1);
	  k1->fixed = k2->fixed = k3->fixed = true;
	  fz_expr *in = ex (E_TERN, t);
	  in->ops = { cond (c), k1, k2 };
	  in->fixed = true;
	  fz_expr *e = ex (E_TERN, t);
	  e->ops = { cond (c), k3, in };
	  e->fixed = true;
	  return e;
	}
      if (op == OP_ADD)
	{
	  fz_expr *e = conv (small_int (c, 15, 8), t);
	  if (!init && rng.pct (30))
	    {
	      fz_expr *h = ex (E_BIN, t);
	      h->op = OP_MUL;
	      h->ops = { e, fconst (0.5) };
	      e = h;
	    }
	  return e;
	}
      return conv (expr (c, pick_int_ty (), 2), t);
    }
  bool wide = t == TY_I32 || t == TY_I64;
  if (wide && op == OP_ADD)
    return conv (small_int (c, 0xff, 0x80), t);
  if (wide && op == OP_MUL)
    {
      if (init)
	return conv (small_int (c, 0xff, 0x80), t);
      fz_expr *e = ex (E_TERN, t);
      e->ops = { cond (c), int_const (t, (uint64_t) -1), int_const (t, 1) };
      return e;
    }
  fz_expr *e = expr (c, t, 2);
  if (op == OP_MUL && !init && rng.pct (50))
    {
      /* Odd factors, so that the product is not soon 0.  */
      fz_expr *o = ex (E_BIN, t);
      o->op = OP_OR;
      o->ops = { e, int_const (t, 1) };
      e = o;
    }
  return e;
}

/* The bits of the initial value of a global reduction variable of type T
   and operator OP.  */
uint64_t
gen::red_bits (fz_ty t, int op)
{
  if (t == TY_BOOL || op == OP_LAND || op == OP_LOR)
    return fz_is_float (t) ? float_bits (t, rng.below (2)) : rng.below (2);
  if (fz_is_float (t))
    {
      static const double starts[] = { 1, -1, 2, -3, 0.5 };
      return float_bits (t, op == OP_MUL ? starts[rng.below (5)]
			    : (double) rng.range (-100, 100));
    }
  if ((t == TY_I32 || t == TY_I64) && (op == OP_ADD || op == OP_MUL))
    return (uint64_t) (int64_t) rng.range (-100000, 100000);
  return rng.next ();
}

/* The new value of R's variable in an update: the variable combined with
   a term, in one of the forms of the operator.  */
fz_expr *
gen::red_update (ctx &c, const fz_red &r)
{
  fz_ty t = r.v->ty;
  fz_expr *v = ex (E_VAR, t);
  v->var = r.v;
  v->fixed = true;
  fz_expr *x = red_term (c, t, r.op, false);
  switch (r.op)
    {
    case OP_LAND: case OP_LOR:
      {
	fz_expr *l = ex (E_LOGIC, TY_I32);
	l->op = r.op;
	l->ops = { v, x };
	return conv (l, t);
      }
    case OP_MIN: case OP_MAX:
      switch (rng.below (fz_is_float (t) ? 3 : 2))
	{
	case 0:
	  {
	    fz_expr *e = ex (E_BIN, t);
	    e->op = r.op;
	    e->ops = { v, x };
	    if (rng.pct (50))
	      std::swap (e->ops[0], e->ops[1]);
	    return e;
	  }
	case 1:
	  {
	    /* x < v ? x : v (the term is one node, printed twice).  */
	    fz_expr *k = ex (E_CMP, TY_I32);
	    k->op = r.op == OP_MIN ? OP_LT : OP_GT;
	    k->ops = { x, v };
	    fz_expr *e = ex (E_TERN, t);
	    e->ops = { k, x, v };
	    return e;
	  }
	default:
	  {
	    fz_expr *e = ex (E_CALL, t);
	    e->op = r.op == OP_MIN ? MF_FMIN : MF_FMAX;
	    e->ops = { v, x };
	    return e;
	  }
	}
    default:
      {
	fz_expr *e = ex (E_BIN, t);
	e->op = r.op;
	e->ops = { v, x };
	if (rng.pct (40))
	  std::swap (e->ops[0], e->ops[1]);
	return e;
      }
    }
}

/* An update of reduction R, sometimes under a divergent condition.  */
fz_stmt *
gen::red_stmt (ctx &c, const fz_red &r)
{
  fz_stmt *a = st (S_ASSIGN);
  a->v = r.v;
  a->e = red_update (c, r);
  /* The reducer may zero the term, not the operation: 'v = 0' is a
     store, which no reduction may make.  */
  a->e->fixed = true;
  if (a->e->k == E_CONV)
    a->e->ops[0]->fixed = true;
  if (!pct (K_reduction_cond))
    return a;
  fz_stmt *s = st (S_IF);
  s->e = cond (c);
  s->body.push_back (a);
  return s;
}

/* New reductions for a loop in context C: across gangs (GANG) into
   fresh global scalars, else into locals whose declarations go onto
   OUT.  */
std::vector<fz_red>
gen::new_reds (ctx &c, bool gang, std::vector<fz_stmt *> &out)
{
  std::vector<fz_red> reds;
  int n = pct (K_reduction_multi) ? rng.range (2, 3) : 1;
  int same = -1;
  for (int i = 0; i < n; i++)
    {
      fz_red r;
      fz_ty t = red_ty ();
      r.op = red_op (t, !gang);
      /* Often one operator for all: several variables in one clause.  */
      if (i == 0 && rng.pct (50))
	same = r.op;
      else if (same >= 0 && red_op_ok (t, same, !gang))
	r.op = same;
      if (gang)
	{
	  r.v = var (fz_var::GSCALAR, t, "rg");
	  r.v->output = true;
	  r.v->red = true;
	  r.v->value = red_bits (t, r.op);
	}
      else
	{
	  fz_stmt *d = st (S_DECL);
	  d->e = red_term (c, t, r.op, true);
	  d->v = r.v = var (fz_var::LOCAL, t, "rl");
	  r.v->wscope = c.ps;
	  d->fixed = true;
	  out.push_back (d);
	}
      reds.push_back (r);
    }
  return reds;
}

/* Atomics.

   An atomic construct that writes (update, capture, write) targets a
   global scalar or an element of a 1-D global array made for atomics
   (fz_astate), which nothing but atomic constructs reads or writes, and
   goes where a store may: code that runs once per iteration, not in every
   gang, so that it runs as often on the device as on the host.  Each
   region gives a target one class, the kind of update it makes of it,
   whose result does not depend on the order in which threads apply
   them:

   - an operator that commutes with itself: + and - (with ++ and --),
     *, &, |, ^, >> (masked counts), << (unsigned), / (by 1 to 4), on
     every integer type: * not on uint16_t (promoted, it overflows int),
     and on int32_t and int64_t only by 1 and -1, whose sums take small
     terms and stay below a bound of their magnitude (counted from the
     trips of the loops around each update); on floats only sums of small
     multiples of 0.5, exact while that bound stays within the mantissa;
   - AC_INC, AC_DEC: increments (decrements) by exactly 1, so that the
     values captured are a fixed multiset, whatever the order;
   - AC_WRITE: writes of one value, the same for every thread (built of
     constants, run-time values, input scalars: one node that the
     region's writes share, so that the reducer's zeros keep it one), and
     swaps ({ v = x; x = e; }) whose captured values are not used;
   - AC_SWAP: such swaps whose captured values are used: the old value
     once, the new one for every other swap.

   Only captures modify AC_INC, AC_DEC and AC_SWAP targets, and each
   combines the value it captured into the one total the target has in
   the region (a scalar, or an element at one index), by an atomic +, ^,
   | or & (the total's class), on integers that wrap or on int64_t below
   its bound: only all the values captured together are a fixed multiset.
   Other captures' values are not used.  A region that reads a target
   does not update it: an atomic read reads what no thread of its region
   writes (an earlier region's target, input scalars, elements that a
   plain read may read), and its value is used freely.  A store to the
   iteration's own element may be an atomic write or update too (store):
   no other thread touches it.  */

enum { AC_INC = 100, AC_DEC, AC_WRITE, AC_SWAP };

/* The bound of the magnitude of a target of type T whose updates stay
   exact and defined; HUGE_VAL for types that wrap.  */
static double
atomic_limit (fz_ty t)
{
  switch (t)
    {
    case TY_F32: return 0x1p19;
    case TY_F64: return 0x1p40;
    case TY_I32: return 0x1p30;
    case TY_I64: return 0x1p62;
    default: return HUGE_VAL;
    }
}

/* May a target of type T and magnitude MAG take class CLS for KIND (of
   TK_TOTAL: combine values of CBITS bits)?  */
bool
gen::class_ok (int cls, int kind, fz_ty t, int cbits, double mag)
{
  if (t == TY_BOOL || t == TY_STRUCT)
    return false;
  bool fl = fz_is_float (t);
  bool room = mag * 2 <= atomic_limit (t);
  switch (kind)
    {
    case TK_WRITE:
      return cls == AC_WRITE;
    case TK_TOTAL:
      if (fl)
	return false;
      if (cls == OP_ADD)
	return t != TY_I32 && (t != TY_I64 || (cbits <= 32 && room));
      return cls == OP_XOR || cls == OP_OR || cls == OP_AND;
    default:
      break;
    }
  switch (cls)
    {
    case AC_WRITE:
      return kind == TK_CAPTURE;
    case AC_SWAP:
      return kind == TK_CAPTURE && !fl;
    case OP_ADD:
      return room;
    case AC_INC: case AC_DEC:
      return kind == TK_CAPTURE && !fl && room;
    case OP_MUL:
      return !fl && t != TY_U16 && room;
    case OP_AND: case OP_OR: case OP_XOR: case OP_SHR: case OP_DIV:
      return !fl;
    case OP_SHL:
      return !fl && !fz_tys[t].is_signed;
    default:
      return false;
    }
}

/* A class for a target of type T and magnitude MAG, for KIND; -1 if
   none.  */
int
gen::atomic_class (fz_ty t, int kind, int cbits, double mag)
{
  static const int classes[] = { OP_ADD, AC_INC, AC_DEC, OP_MUL, OP_AND,
				 OP_OR, OP_XOR, OP_SHR, OP_SHL, OP_DIV,
				 AC_WRITE, AC_SWAP };
  static const int weights[4][12] = {
    { 30, 0, 0, 8, 5, 8, 10, 3, 3, 3, 0, 0 },	/* TK_UPDATE */
    { 8, 30, 15, 2, 2, 2, 2, 1, 1, 1, 5, 15 },	/* TK_CAPTURE */
    { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10, 0 },	/* TK_WRITE */
    { 40, 0, 0, 0, 10, 10, 20, 0, 0, 0, 0, 0 }	/* TK_TOTAL */
  };
  std::vector<int> ws;
  for (int i = 0; i < 12; i++)
    ws.push_back (class_ok (classes[i], kind, t, cbits, mag)
		  ? weights[kind][i] : 0);
  int k = pick (ws);
  return k < 0 ? -1 : classes[k];
}

/* The type of a new target for KIND.  */
fz_ty
gen::atomic_ty (int kind, int cbits)
{
  for (int tries = 0; tries < 8; tries++)
    {
      fz_ty t = pick_ty ();
      if (atomic_class (t, kind, cbits, 0) >= 0)
	return t;
    }
  return TY_U32;
}

/* Count ADD into the magnitude of T; false (and nothing counted) if that
   would pass its bound.  */
bool
gen::atomic_mag (atgt &t, double add)
{
  fz_astate &s = t.st ();
  if (s.mag + add > atomic_limit (t.ty ()))
    return false;
  s.mag += add;
  return true;
}

/* A target for KIND in context C: one that the region already updates in
   a class that suits, one that it has not touched yet (which takes a
   class), or a new one; none (null) if it could take no class.  */
atgt
gen::atomic_target (ctx &c, int kind, int cbits)
{
  int r = scopes[c.ps].region;
  auto usable = [&] (fz_astate &s, fz_ty t) {
    if (!s.on || s.rregion == r)
      return false;
    if (s.region == r)
      return class_ok (s.cls, kind, t, cbits, s.mag);
    return atomic_class (t, kind, cbits, s.mag) >= 0;
  };
  std::vector<atgt> cands;
  for (fz_var *v : p->vars)
    if (v->at.on && usable (v->at, v->ty))
      {
	atgt t;
	t.v = v;
	cands.push_back (t);
      }
  for (fz_array *a : p->arrays)
    if (a->at.on && usable (a->at, a->ty))
      {
	atgt t;
	t.a = a;
	cands.push_back (t);
      }
  atgt t;
  if (!cands.empty () && rng.pct (50))
    t = cands[rng.below (cands.size ())];
  else
    {
      fz_ty ty = atomic_ty (kind, cbits);
      bool fl = fz_is_float (ty), wide = ty == TY_I32 || ty == TY_I64;
      if (pct (K_atomic_array))
	{
	  fz_array *a = array (fz_array::OUTPUT, ty, "at");
	  a->dims.push_back (rng.pct (70) ? rng.range (1, 8)
			     : rng.range (9, 64));
	  a->param = !pct (K_global_array);
	  a->region = r;
	  /* Small values (exact sums of floats, no overflow of sums).  */
	  a->init = fl ? (rng.pct (50) ? 1 : 3)
		    : wide ? rng.range (1, 3) : init_kind (ty);
	  a->at.on = true;
	  a->at.mag = fl || wide ? 1000 : 0;
	  t.a = a;
	}
      else
	{
	  fz_var *v = var (fz_var::GSCALAR, ty, "ga");
	  v->output = true;
	  v->at.on = true;
	  if (fl)
	    v->value = float_bits (ty, (double) rng.range (-100, 100));
	  else if (wide)
	    v->value = (uint64_t) (int64_t) rng.range (-100000, 100000);
	  else
	    v->value = rng.next ();
	  v->at.mag = fl || wide ? 100000 : 0;
	  t.v = v;
	}
    }
  fz_astate &s = t.st ();
  if (s.region != r)
    {
      s.region = r;
      s.cls = atomic_class (t.ty (), kind, cbits, s.mag);
      s.wval = nullptr;
      s.tv = nullptr;
      s.tarr = nullptr;
      s.tidx = nullptr;
      if (s.cls < 0)
	{
	  s.region = -1;
	  return atgt ();
	}
      if (s.cls == AC_WRITE || s.cls == AC_SWAP)
	s.wval = inv_expr (c, t.ty (), 2);
      /* Bits and written values: no longer small.  */
      if (s.cls != OP_ADD && s.cls != AC_INC && s.cls != AC_DEC
	  && s.cls != OP_MUL && s.cls != OP_DIV && s.cls != OP_SHR)
	s.mag = HUGE_VAL;
    }
  return t;
}

/* Make T the target of atomic S (TOTAL: the target of its captured
   value): a scalar, or an element at an index the same for every thread
   or one from the loop indices (lanes at different or colliding
   addresses).  */
void
gen::atomic_place (ctx &c, atgt &t, fz_stmt *s, bool total)
{
  if (t.v)
    {
      (total ? s->tv : s->v) = t.v;
      return;
    }
  fz_array *a = t.a;
  fz_expr *x;
  if (pct (K_atomic_one_address))
    {
      x = ex (E_IDX, TY_U32);
      x->ival = a->dims[0];
      x->ops.push_back (int_const (TY_U32, rng.below (a->dims[0])));
    }
  else
    x = index (c, a->dims[0]);
  if (total)
    {
      s->tarr = a;
      s->e2 = x;
    }
  else
    {
      s->arr = a;
      s->idx.push_back (x);
    }
}

/* A value of type T that is the same for every thread of the region:
   constants, run-time values, input global scalars.  */
fz_expr *
gen::inv_expr (ctx &c, fz_ty t, int depth)
{
  if (depth <= 0 || rng.pct (40))
    {
      std::vector<fz_var *> cands;
      for (fz_var *v : vis)
	if (!v->hidden && (v->kind == fz_var::RUNTIME
			   || (v->kind == fz_var::GSCALAR && !v->output)))
	  cands.push_back (v);
      if (!cands.empty () && rng.pct (50))
	return var_ref (cands[rng.below (cands.size ())], t);
      return constant (t);
    }
  fz_expr *e = ex (E_BIN, t);
  e->op = fz_is_float (t) || rng.pct (50) ? OP_ADD + rng.below (3)
	  : OP_AND + rng.below (3);
  e->ops = { inv_expr (c, t, depth - 1), inv_expr (c, t, depth - 1) };
  return e;
}

/* The operand of an atomic update of class CLS of a target of type T,
   or null for ++ and --; U gets the form, OP the operator, BOUND what it
   adds to the target's magnitude at most.  */
fz_expr *
gen::atomic_operand (ctx &c, fz_ty t, int cls, int &u, int &op,
		     double &bound)
{
  static const int up[] = { 0, 1, 4, 5, 6 }, down[] = { 2, 3, 4, 5 };
  bool fl = fz_is_float (t);
  bool limited = atomic_limit (t) != HUGE_VAL;
  int bits = fz_tys[t].bits;
  bound = 0;
  switch (cls)
    {
    case AC_INC: case AC_DEC:
      {
	/* By exactly 1: never zeroed.  */
	bool inc = cls == AC_INC;
	op = inc ? OP_ADD : OP_SUB;
	u = inc ? up[rng.below (5)] : down[rng.below (4)];
	bound = 1;
	if (u < 4)
	  return nullptr;
	fz_expr *one = int_const (t, 1);
	one->fixed = true;
	return one;
      }
    case OP_ADD:
      {
	bool sub = rng.pct (35);
	op = sub ? OP_SUB : OP_ADD;
	u = sub ? down[rng.below (4)] : up[rng.below (5)];
	bound = 1;
	if (u < 4)
	  return nullptr;
	if (!limited)
	  return expr (c, t, 2);
	bound = 8;
	fz_expr *e = conv (small_int (c, 15, 8), t);
	if (fl && rng.pct (30))
	  {
	    fz_expr *h = ex (E_BIN, t);
	    h->op = OP_MUL;
	    fz_expr *half = ex (E_CONST, t);
	    half->ival = float_bits (t, 0.5);
	    h->ops = { e, half };
	    e = h;
	  }
	return e;
      }
    default:
      break;
    }
  op = cls;
  bool commutes = cls == OP_MUL || cls == OP_AND || cls == OP_OR
		  || cls == OP_XOR;
  u = 4 + rng.below (commutes ? 3 : 2);
  fz_expr *e = expr (c, t, 2);
  switch (cls)
    {
    case OP_MUL:
      if (t == TY_I32 || t == TY_I64)
	{
	  /* By 1 and -1: no overflow.  */
	  fz_expr *k = ex (E_TERN, t);
	  k->ops = { cond (c), int_const (t, (uint64_t) -1), int_const (t, 1) };
	  return k;
	}
      if (rng.pct (60))
	{
	  /* Odd factors: the product is not soon 0.  */
	  fz_expr *o = ex (E_BIN, t);
	  o->op = OP_OR;
	  o->ops = { e, int_const (t, 1) };
	  e = o;
	}
      return e;
    case OP_AND: case OP_OR:
      if (rng.pct (50))
	{
	  /* Keep some bits as they are.  */
	  fz_expr *m = ex (E_BIN, t);
	  m->op = cls == OP_AND ? OP_OR : OP_AND;
	  m->ops = { e, int_const (t, rng.next ()) };
	  e = m;
	}
      return e;
    case OP_SHR: case OP_SHL: case OP_DIV:
      {
	/* Counts below the width of the type (and of the int it is
	   promoted to: a uint16_t shifted by 15 fits), divisors 1 to 4.  */
	fz_expr *m = ex (E_BIN, t);
	m->op = OP_AND;
	m->ops = { e, int_const (t, cls == OP_DIV || rng.pct (70) ? 3
				 : bits - 1) };
	if (cls != OP_DIV)
	  return m;
	fz_expr *d = ex (E_BIN, t);
	d->op = OP_ADD;
	d->ops = { m, int_const (t, 1) };
	d->fixed = d->ops[1]->fixed = true;
	return d;
      }
    default:
      return e;
    }
}

/* An atomic update (CAPTURE: an atomic capture) in context C, onto OUT;
   false if its target's magnitude has no room for it here.  */
bool
gen::atomic_update (ctx &c, std::vector<fz_stmt *> &out, bool capture)
{
  atgt t = atomic_target (c, capture ? TK_CAPTURE : TK_UPDATE, 0);
  if (!t.v && !t.a)
    return false;
  fz_ty ty = t.ty ();
  int cls = t.st ().cls;
  int u = AF_SWAP, op = 0;
  double bound = 0;
  fz_expr *e;
  if (cls == AC_WRITE || cls == AC_SWAP)
    e = t.st ().wval;
  else
    e = atomic_operand (c, ty, cls, u, op, bound);
  if (bound && !atomic_mag (t, bound * c.trips))
    return false;
  fz_stmt *s = st (S_ATOMIC);
  s->atomic = capture ? AT_CAPTURE : AT_UPDATE;
  s->e = e;
  s->aop = op;
  atomic_place (c, t, s, false);
  if (!capture)
    {
      s->aform = u | (rng.pct (20) ? AF_BARE : 0);
      out.push_back (s);
      return true;
    }
  /* A swap only as { v = x; x = e; }; the others in any form.  */
  int place = u == AF_SWAP ? 1 : rng.below (3);
  s->aform = u | (place << AF_CAPTURE_SHIFT);
  s->av = var (fz_var::LOCAL, ty, "a");
  if (cls == AC_INC || cls == AC_DEC || cls == AC_SWAP)
    {
      /* A counter's values, combined into its one total of the region:
	 only all of them together are a fixed multiset.  */
      fz_astate &cs = t.st ();
      int bits = fz_tys[ty].bits;
      if (!cs.tv && !cs.tarr)
	{
	  atgt tt = atomic_target (c, TK_TOTAL, bits);
	  if (!tt.v && !tt.a)
	    return false;
	  cs.tv = tt.v;
	  cs.tarr = tt.a;
	  if (tt.a)
	    {
	      /* One element: one node, which a zero changes for all.  */
	      cs.tidx = ex (E_IDX, TY_U32);
	      cs.tidx->ival = tt.a->dims[0];
	      cs.tidx->ops.push_back (int_const (TY_U32,
						 rng.below (tt.a->dims[0])));
	    }
	}
      atgt tt;
      tt.v = cs.tv;
      tt.a = cs.tarr;
      int tcls = tt.st ().cls;
      if (tt.ty () == TY_I64 && tcls == OP_ADD
	  && !atomic_mag (tt, ldexp (1, bits) * c.trips))
	return false;
      s->top = tcls;
      s->tform = 4 + rng.below (3);
      s->tv = cs.tv;
      s->tarr = cs.tarr;
      s->e2 = cs.tidx;
    }
  out.push_back (s);
  return true;
}

/* An atomic write in context C of the value its target takes in the
   region, onto OUT.  */
void
gen::atomic_write (ctx &c, std::vector<fz_stmt *> &out)
{
  atgt t = atomic_target (c, TK_WRITE, 0);
  if (!t.v && !t.a)
    {
      decl (c, out);
      return;
    }
  fz_stmt *s = st (S_ATOMIC);
  s->atomic = AT_WRITE;
  s->aform = AF_SWAP;
  s->e = t.st ().wval;
  atomic_place (c, t, s, false);
  out.push_back (s);
}

/* An atomic read in context C, onto OUT, into a new local, of something
   that no thread of the region writes: an earlier region's atomic
   target, an input scalar, or an element that a plain read may read.  */
void
gen::atomic_read (ctx &c, std::vector<fz_stmt *> &out)
{
  int r = scopes[c.ps].region;
  fz_expr *x = nullptr;
  if (!rt && rng.pct (50))
    {
      std::vector<fz_var *> vars;
      std::vector<fz_array *> arrs;
      for (fz_var *v : p->vars)
	if ((v->at.on && v->at.region != r)
	    || (v->kind == fz_var::GSCALAR && !v->output && !v->hidden
		&& std::find (vis.begin (), vis.end (), v) != vis.end ()))
	  vars.push_back (v);
      for (fz_array *a : p->arrays)
	if (a->at.on && a->at.region != r)
	  arrs.push_back (a);
      size_t n = vars.size () + arrs.size ();
      if (n)
	{
	  size_t k = rng.below (n);
	  if (k < vars.size ())
	    {
	      fz_var *v = vars[k];
	      x = ex (E_VAR, v->ty);
	      x->var = v;
	      v->uses++;
	      if (v->at.on)
		v->at.rregion = r;
	    }
	  else
	    {
	      fz_array *a = arrs[k - vars.size ()];
	      x = ex (E_READ, a->ty);
	      x->arr = a;
	      x->ops.push_back (index (c, a->dims[0]));
	      a->at.rregion = r;
	    }
	}
    }
  if (!x)
    {
      std::vector<fz_array *> cands;
      for (fz_array *a : p->arrays)
	if ((a->role == fz_array::INPUT || a->role == fz_array::OUTPUT)
	    && mine (a))
	  cands.push_back (a);
      for (fz_array *a : vis_arrays)
	if (a->role == fz_array::SCRATCH)
	  cands.push_back (a);
      for (int tries = 0; tries < 4 && !cands.empty () && !x; tries++)
	{
	  fz_array *a = cands[rng.below (cands.size ())];
	  std::vector<bool> bound;
	  if (readable (a, c, bound))
	    x = read_of (a, c, bound, TY_NUM);
	}
      if (!x)
	{
	  fz_array *a = new_input (c);
	  std::vector<bool> bound (a->dims.size (), false);
	  x = read_of (a, c, bound, TY_NUM);
	}
    }
  if (x->ty == TY_BOOL)
    {
      decl (c, out);
      return;
    }
  x->fixed = true;		/* An lvalue, never a zero.  */
  fz_stmt *s = st (S_ATOMIC);
  s->atomic = AT_READ;
  s->e = x;
  s->av = var (fz_var::LOCAL, x->ty, "a");
  s->av->wscope = c.ps;
  vis.push_back (s->av);
  out.push_back (s);
}

/* The operator of an atomic update of a store's own element of type T,
   with its form in U: any value, but no overflow of signed types.  */
int
gen::own_update (fz_ty t, int &u)
{
  std::vector<int> ops;
  if (fz_is_float (t))
    ops = { OP_ADD, OP_SUB, OP_MUL, OP_DIV };
  else if (t == TY_I32 || t == TY_I64)
    ops = { OP_AND, OP_OR, OP_XOR };
  else
    {
      ops = { OP_ADD, OP_SUB, OP_AND, OP_OR, OP_XOR };
      if (t != TY_U16)
	ops.push_back (OP_MUL);
    }
  int op = ops[rng.below (ops.size ())];
  u = 4 + rng.below (op == OP_SUB || op == OP_DIV ? 2 : 3);
  if (rng.pct (20))
    u |= AF_BARE;
  return op;
}

/* Whether a loop nested in one with reductions updates them without
   the clause, where the region lets them reach it (rinfo::carry).  */
bool
gen::implicit_reds ()
{
  switch (reg.carry)
    {
    case IMPLICIT_CARRIED:
      return pct (K_reduction_implicit);
    case IMPLICIT_LOOP:
      return pct (K_reduction_implicit_loop);
    default:
      return false;
    }
}

/* A partitioned (or seq, or auto) loop nest in context C; with
   FORCE_GANG a gang loop.  WHOLE says that every iteration of the loop
   runs (a combined construct's loop): its first statement may store an
   array whole, which can then be 'copyout'.  REDS_IN: the loop is
   nested in one with these reductions, and repeats their clause (a
   worker or vector loop), or with IMPLICIT_IN updates them without it
   (a worker, vector, seq or auto loop: reduction_implicit).  */
void
gen::acc_loop (ctx &c, std::vector<fz_stmt *> &out, bool force_gang,
	       bool whole, const std::vector<fz_red> *reds_in,
	       bool implicit_in)
{
  fz_stmt *s = st (S_ACCLOOP);
  const pscope ps = scopes[c.ps];
  bool shared = ps.shared;

  /* The levels.  */
  unsigned avail = c.avail;
  int kind;			/* 0 gang, 1 worker, 2 vector, 3 seq, 4 auto.  */
  if (force_gang)
    kind = 0;
  else if (reds_in && implicit_in && c.auto_only)
    kind = rng.pct (60) ? 4 : 3;
  else if (reds_in && implicit_in)
    kind = pick ({ 0, (avail & LV_W) ? w (K_worker_loop) + 1 : 0,
		   (avail & LV_V) ? w (K_vector_loop) + 1 : 0,
		   w (K_seq_loop) + 1, avail ? w (K_auto_loop) + 1 : 0 });
  else if (reds_in)
    kind = pick ({ 0, (avail & LV_W) ? w (K_worker_loop) + 1 : 0,
		   (avail & LV_V) ? w (K_vector_loop) + 1 : 0 });
  else if (c.auto_only)
    kind = rng.pct (70) ? 4 : 3;
  else
    kind = pick ({ (avail & LV_G) ? w (K_gang_loop) : 0,
		   (avail & LV_W) && shared ? w (K_worker_loop) : 0,
		   (avail & LV_V) && shared ? w (K_vector_loop) : 0,
		   shared ? w (K_seq_loop) : 0,
		   shared && avail == (LV_G | LV_W | LV_V) ? w (K_auto_loop) : 0 });
  if (kind < 0)
    kind = (avail & LV_G) ? 0 : 3;
  switch (kind)
    {
    case 0:
      s->levels = LV_G;
      if ((avail & LV_W) && rng.pct (20))
	s->levels |= LV_W;
      if ((avail & LV_V) && rng.pct (35))
	s->levels |= LV_V;
      break;
    case 1:
      s->levels = LV_W;
      if ((avail & LV_V) && rng.pct (30))
	s->levels |= LV_V;
      break;
    case 2:
      s->levels = LV_V;
      break;
    case 3:
      s->seq = true;
      break;
    default:
      s->auto_form = rng.below (3);
      break;
    }
  bool part = !s->seq;
  if ((s->levels & LV_V) || (part && !s->levels))
    reg.has_vector = true;
  s->independent = part && rng.pct (reg.construct == 2 ? 50 : 10);

  /* Trip counts: keep every output array within bounds.  */
  long cap = s->seq ? 6
	     : (s->levels & LV_V) ? 80 : (s->levels & LV_W) ? 20
	     : (s->levels & LV_G) ? 48 : 16;
  long room = std::max (1L, (rt ? rt_room : 8192) / std::max (ps.elems, 1L));
  int nloops = 1;
  if (part && pct (K_collapse))
    {
      nloops = rng.pct (80) ? 2 : 3;
      s->collapse = nloops;
    }
  else if (part && !rt && pct (K_tile))
    {
      /* GCC may give the element loops the vector axis.  */
      reg.has_vector = true;
      nloops = rng.pct (60) ? 1 : 2;
      for (int i = 0; i < nloops; i++)
	s->tile.push_back (rng.pct (25) ? 0 : rng.range (1, 8));
    }
  long per = nloops == 1 ? std::min (cap, room)
	     : std::max (1L, std::min (cap / nloops + 2, (long) (room > 64
								 ? 12 : 3)));
  for (int i = 0; i < nloops; i++)
    {
      s->loops.push_back (header (c, std::max (1L, per), true, nloops > 1));
      room /= std::max (s->loops.back ().v->value, 1LL);
      room = std::max (room, 1L);
    }

  /* Reductions: the gang loops of a construct with a reduction clause
     repeat it, or update it without the clause (reduction_implicit);
     other loops of code that runs once per iteration may update it,
     with the clause or without; loops may have their own.  */
  std::vector<fz_red> reds;
  bool implicit = false;
  if (reds_in)
    {
      reds = *reds_in;
      implicit = implicit_in;
    }
  else if (part && s->levels && rt)
    {
      /* Routines reduce below the gang level, into their locals.  */
      if (!(s->levels & LV_G) && pct (K_routine_reduction))
	reds = new_reds (c, false, out);
    }
  else if ((s->levels & LV_G) && !reg.par_reds.empty ())
    {
      if (rng.pct (70))
	reds = reg.par_reds;
      else if (pct (K_reduction_implicit))
	{
	  reds = reg.par_reds;
	  implicit = true;
	}
    }
  else if (!reg.par_reds.empty () && ps.shared
	   && pct (K_reduction_implicit))
    {
      /* In a region of one gang, or inside a gang loop: the update runs
	 once per iteration, as on the host.  */
      reds = reg.par_reds;
      implicit = rng.pct (50);
    }
  else if (part && s->levels && pct (K_reduction))
    reds = new_reds (c, s->levels & LV_G, out);
  s->reds = reds;
  s->red_implicit = implicit && !reds.empty ();
  /* GCC may give the tile loop of a 'tile' the worker axis, and an auto
     loop any.  */
  if (!reds.empty () && ((s->levels & LV_W) || !s->tile.empty ()
			 || (part && !s->levels)))
    reg.worker_red = true;
  /* A combined 'parallel loop' with a reduction clause: the construct
     has it too.  */
  if (whole && reg.construct == 0 && (s->levels & LV_G) && !reds.empty ())
    reg.carry = IMPLICIT_CARRIED;

  /* The body's context.  */
  ctx in = c;
  in.depth++;
  in.brk = false;
  in.cont = true;
  in.label.clear ();
  in.want_loop = false;
  in.irred = false;
  for (const fz_loop &l : s->loops)
    in.trips *= std::max (l.v->value, 1LL);
  if (!s->tile.empty ())
    in.no_pcall = true;
  if (part)
    {
      reg.has_part = true;
      pscope b;
      b.parent = c.ps;
      b.region = ps.region;
      b.owners = ps.owners;
      b.elems = ps.elems;
      for (const fz_loop &l : s->loops)
	{
	  b.owners.push_back (l.v);
	  b.elems *= std::max (l.v->value, 1LL);
	}
      b.gang = ((s->levels & LV_G) || s->levels == 0) && !reg.single_gang;
      b.shared = shared || (s->levels & LV_G);
      scopes.push_back (b);
      in.ps = scopes.size () - 1;
      in.plain = nullptr;
      in.repeat = false;
      in.single = false;
      if (s->levels == 0)
	{
	  in.auto_only = true;
	  in.avail = 0;
	}
      else
	{
	  unsigned inner = 0;
	  if (s->levels & LV_V)
	    inner = 0;
	  else if (s->levels & LV_W)
	    inner = LV_V;
	  else
	    inner = LV_W | LV_V;
	  in.avail = c.avail & inner;
	}
      if (s->levels & LV_G)
	reg.has_gang_loop = true;
    }
  else
    {
      in.plain = s->loops.back ().v;
      in.repeat = true;
    }
  size_t mark = vis.size (), amark = vis_arrays.size ();
  for (const fz_loop &l : s->loops)
    vis.push_back (l.v);

  /* private clauses: scalars and arrays of compute (), initialized first
     thing in the body.  */
  std::vector<std::pair<fz_var *, int>> saved;
  /* A routine's scalar parameters are its scalars.  */
  std::vector<fz_var *> fscalars = p->fscalars;
  if (rt)
    {
      fscalars.clear ();
      for (const fz_param &pm : rt->params)
	if (pm.v && !pm.v->bound && !pm.v->depth)
	  fscalars.push_back (pm.v);
    }
  if (part && pct (K_private_clause))
    {
      if (!fscalars.empty () && rng.pct (60))
	{
	  fz_var *x = fscalars[rng.below (fscalars.size ())];
	  if (std::find (s->private_vars.begin (), s->private_vars.end (), x)
	      == s->private_vars.end ())
	    {
	      s->private_vars.push_back (x);
	      saved.push_back ({ x, x->wscope });
	      x->hidden = true;
	      fz_stmt *a = st (S_ASSIGN);
	      a->v = x;
	      a->e = expr (in, x->ty, 2);
	      a->fixed = true;
	      x->hidden = false;
	      x->wscope = in.ps;
	      s->body.push_back (a);
	    }
	}
      else
	{
	  fz_array *a = array (fz_array::PRIVATE, pick_ty (), "pa");
	  a->dims.push_back (rng.range (2, 12));
	  a->site = in.ps;
	  a->region = ps.region;
	  s->private_arrays.push_back (a);
	  fz_stmt *f = st (S_FILL);
	  f->arr = a;
	  fz_var *q = var (fz_var::LOOP, TY_I32, "q");
	  q->value = a->dims[0];
	  f->v = q;
	  vis.push_back (q);
	  ctx fill = in;
	  fill.trips *= a->dims[0];
	  f->e = expr (fill, a->ty, 2);
	  vis.pop_back ();
	  f->fixed = true;
	  s->body.push_back (f);
	  vis_arrays.push_back (a);
	}
    }

  /* An array every iteration stores: 'copyout'.  */
  bool full = whole && part && scopes[in.ps].shared;
  for (const fz_loop &l : s->loops)
    full = full && l.lo == 0 && l.step == 1 && l.hi >= 1 && l.v->value == l.hi;
  if (full && pct (K_copyout_clause))
    {
      /* The value first: it must not read the array.  */
      fz_ty t = pick_ty ();
      fz_expr *value = expr (in, t, 2);
      fz_array *a = array (fz_array::OUTPUT, t, "res");
      for (const fz_loop &l : s->loops)
	{
	  a->slots.push_back (l.v);
	  a->dims.push_back (l.hi);
	}
      a->flat = a->dims.size () > 2
		|| (a->dims.size () == 2 && !pct (K_array_2d));
      a->param = !pct (K_global_array);
      a->site = in.ps;
      a->region = ps.region;
      a->init = init_kind (a->ty);
      a->copyout = true;
      fz_stmt *st0 = st (S_STORE);
      st0->arr = a;
      for (const fz_loop &l : s->loops)
	{
	  fz_expr *x = ex (E_VAR, l.v->ty);
	  x->var = l.v;
	  x->fixed = true;
	  st0->idx.push_back (x);
	}
      st0->e = value;
      st0->fixed = true;
      s->body.push_back (st0);
      scopes[in.ps].stores++;
    }

  size_t prefix = s->body.size ();
  std::vector<fz_stmt *> b = block (in, 4);
  s->body.insert (s->body.end (), b.begin (), b.end ());
  /* The reductions' updates, after the initializations of private
     variables and the store of a copyout array: here, or in a nested
     worker or vector loop that repeats the clause, or both.  */
  if (!reds.empty ())
    {
      bool imp = implicit_reds ();
      bool nest = ((in.avail & (LV_W | LV_V)) || imp) && scopes[in.ps].shared
		  && in.depth < 7 && pct (K_reduction_nested);
      if (nest)
	{
	  std::vector<fz_stmt *> tmp;
	  acc_loop (in, tmp, false, false, &reds, imp);
	  s->body.insert (s->body.begin () + rng.range (prefix,
							 s->body.size ()),
			  tmp.begin (), tmp.end ());
	}
      for (const fz_red &r : reds)
	if (!nest || rng.pct (50))
	  s->body.insert (s->body.begin () + rng.range (prefix,
							 s->body.size ()),
			  red_stmt (in, r));
    }
  /* Every partitioned loop leaves a result.  */
  if (part && scopes[in.ps].shared && scopes[in.ps].stores == 0)
    while (scopes[in.ps].stores == 0)
      store (in, s->body);
  vis.resize (mark);
  vis_arrays.resize (amark);
  for (auto &sv : saved)
    sv.first->wscope = sv.second;
  out.push_back (s);
  /* A local reduction's result is the declaring scope's after the
     loop.  */
  if (!reds_in)
    for (const fz_red &r : reds)
      if (r.v->kind == fz_var::LOCAL)
	vis.push_back (r.v);
}

/* Routines.

   A routine is made where a call of it is first wanted (or where no
   routine of the level made so far suits), as a little region of its
   own: partition scopes of its own, whose root is its code outside its
   loops (shared, so that it may store, except in a gang routine, whose
   code outside gang loops runs in every gang, and in a seq routine made
   for operands, which stores nothing); variables of its own (scalar
   parameters, locals); and arrays that are its parameters.  It names
   nothing of the program's (GCC wants a 'declare' directive for a
   global in a routine): an array it reads is an input parameter
   ('const T *', 1-D), an array made for one of its scopes to store is an
   output parameter ('T *', flat) of that scope's shape, which every call
   gives a piece of memory of that size that the caller owns the same
   way: its own element or the address of a local (one element), a piece
   of a local array of its own, or an array made for the call, whose
   elements the call owns as a partitioned loop nested in the caller's
   scope would (a pseudo scope: its last dimension is the call's; gang
   routines' span gangs).  So the invariants hold in routines as in
   regions, whoever calls them: a seq routine runs in the thread that
   calls it (in vector lanes, each its own call with its own arguments
   and its own memory); a worker or vector routine partitions its loops
   across the threads that make the call together; a gang routine's gang
   loops store only what a gang loop of its caller's region may.  A
   routine of level L is called only where L and the levels inside it are
   not partitioned yet (GCC's rule), not in auto loops, tile loops or
   kernels regions (where GCC picks the levels), and it calls only
   routines of its level or inner ones that were made before it, or
   itself (seq ones, with a depth parameter that counts down from at most
   4).  Its worker reductions count as its callers' regions' (the dims
   they need).  */

/* The most statements a call may run, counting the trips of the loops
   around it (the interpreter runs every thread's).  */
static const double max_call_work = 200000;

/* The number of elements of A.  */
static long
elements (const fz_array *a)
{
  long n = 1;
  for (int d : a->dims)
    n *= d;
  return n;
}

/* A loop bound of the routine being made: a read-only parameter that
   every call passes V.  */
fz_var *
gen::bound_param (long v)
{
  for (const fz_param &pm : rt->params)
    if (pm.v && pm.v->bound && pm.v->value == v)
      return pm.v;
  fz_var *x = var (fz_var::PARAM, TY_I32, "n");
  x->bound = true;
  x->value = v;
  x->wscope = -1;
  rt->params.push_back ({ x, nullptr });
  return x;
}

/* A new routine of LEVEL (0 seq, LV_V, LV_W, LV_G); PURE: a seq routine
   for operands, which stores nothing; ROOM: about the most elements its
   output parameters may take.  */
fz_routine *
gen::make_routine (unsigned level, bool pure, long room)
{
  fz_routine *r = new fz_routine;
  r->id = p->nodes++;
  r->num = nroutines++;
  r->level = level;
  r->name = std::string (level == LV_G ? "rg" : level == LV_W ? "rw"
			 : level == LV_V ? "rv" : "rs")
	    + std::to_string (names++);
  bool recursive = level == 0 && pct (K_routine_recursive);
  r->is_void = !pure && !recursive && rng.pct (level == LV_G ? 60 : 25);
  r->ret = pick_ty ();
  r->form = rng.below (3);
  r->ext = pct (K_routine_extern);
  r->aux = pct (K_routine_xtu);

  /* What the caller's generation was doing.  */
  std::vector<fz_var *> s_vis;
  std::vector<fz_array *> s_arrays;
  s_vis.swap (vis);
  s_arrays.swap (vis_arrays);
  rinfo s_reg = reg;
  int s_budget = budget, s_read = read_nest, s_nocall = no_call;
  int s_calls = calls_nest;
  fz_array *s_avoid = avoid;
  fz_routine *s_rt = rt, *s_rec = rec_pending;
  long s_room = rt_room;
  double s_work = rt_work;
  rt_work = 1;
  read_nest = no_call = calls_nest = 0;
  avoid = nullptr;
  rt = r;
  rt_room = room;
  rt_depth++;
  rec_pending = recursive ? r : nullptr;

  pscope root;
  root.parent = -1;
  root.region = -2 - r->num;
  root.gang = false;
  root.shared = level != LV_G && !pure;
  root.elems = 1;
  scopes.push_back (root);
  reg.construct = 0;
  reg.single_gang = false;
  reg.root = scopes.size () - 1;
  reg.has_gang_loop = reg.has_vector = reg.worker_red = reg.has_part = false;
  reg.pcall = false;
  reg.par_reds.clear ();
  reg.carry = IMPLICIT_NONE;

  if (recursive)
    {
      fz_var *d = var (fz_var::PARAM, TY_U32, "d");
      d->depth = true;
      d->wscope = -1;
      r->params.push_back ({ d, nullptr });
      vis.push_back (d);
    }
  for (int i = 0; i < 4; i++)
    if (pct (K_routine_params))
      {
	fz_var *x = var (fz_var::PARAM, pick_ty (), "x");
	x->wscope = reg.root;
	r->params.push_back ({ x, nullptr });
	vis.push_back (x);
      }

  ctx c;
  c.ps = reg.root;
  c.avail = level == LV_G ? (LV_G | LV_W | LV_V)
	    : level == LV_W ? (LV_W | LV_V) : level;
  budget = std::max (2, (3 + (int) rng.below (6)) * opts.size / 100);
  int n = 2 + rng.below (4);
  for (int i = 0; i < n && budget > 0; i++)
    stmt (c, r->body);
  if (rec_pending)
    recurse_stmt (c, r->body);
  /* A partitioned routine partitions.  */
  if (level && !reg.has_part)
    {
      budget = std::max (budget, 3);
      acc_loop (c, r->body, level == LV_G);
    }
  consume (c, 0, r->body);
  if (!r->is_void)
    {
      fz_stmt *s = st (S_RETURN);
      s->e = expr (c, r->ret, 2);
      s->fixed = true;
      r->body.push_back (s);
    }
  r->worker_red = reg.worker_red;
  r->has_vector = reg.has_vector;
  /* A recursive routine runs its code once per level, at most 5.  */
  r->work = rt_work * (recursive ? 5 : 1);

  vis.swap (s_vis);
  vis_arrays.swap (s_arrays);
  reg = s_reg;
  budget = s_budget;
  read_nest = s_read;
  no_call = s_nocall;
  calls_nest = s_calls;
  avoid = s_avoid;
  rt = s_rt;
  rec_pending = s_rec;
  rt_room = s_room;
  rt_work = s_work;
  rt_depth--;
  r->idx = p->routines.size ();
  p->routines.push_back (r);
  return r;
}

/* The recursive call of the routine being made, onto OUT:
   'T v = d > 0 ? f (d - 1, ...) : e', the other parameters passed on
   as they are.  Never deeper than the depth its callers give (the
   d - 1 is never zeroed).  */
void
gen::recurse_stmt (ctx &c, std::vector<fz_stmt *> &out)
{
  fz_routine *r = rec_pending;
  rec_pending = nullptr;
  fz_var *d = r->params[0].v;
  fz_expr *dv = ex (E_VAR, TY_U32);
  dv->var = d;
  d->uses++;
  fz_expr *k = ex (E_CMP, TY_I32);
  k->op = OP_GT;
  k->ops = { dv, int_const (TY_U32, 0) };
  fz_expr *dv2 = ex (E_VAR, TY_U32);
  dv2->var = d;
  dv2->fixed = true;
  fz_expr *one = int_const (TY_U32, 1);
  one->fixed = true;
  fz_expr *dm = ex (E_BIN, TY_U32);
  dm->op = OP_SUB;
  dm->ops = { dv2, one };
  fz_expr *call = ex (E_RCALL, r->ret);
  call->rtn = r;
  call->self = true;
  call->ops = { dm };
  fz_expr *t = ex (E_TERN, r->ret);
  t->ops = { k, call, expr (c, r->ret, 1) };
  fz_stmt *s = st (S_DECL);
  s->e = t;
  s->v = var (fz_var::LOCAL, r->ret, "v");
  s->v->wscope = c.ps;
  vis.push_back (s->v);
  out.push_back (s);
}

/* May context C call a routine of LEVEL (not seq)?  */
bool
gen::pcall_ok (ctx &c, unsigned level)
{
  if ((!rt && reg.construct == 2) || c.auto_only || c.no_pcall
      || c.depth > 6)
    return false;
  unsigned need = level == LV_G ? (LV_G | LV_W | LV_V)
		  : level == LV_W ? (LV_W | LV_V) : LV_V;
  if ((c.avail & need) != need)
    return false;
  return !c.irred || pct (K_loop_in_irreducible);
}

/* May context C give a call of R an array made for it of N elements per
   owner?  Where its code stores shared memory, or, for a gang routine,
   once per region (its gang loops are the region's).  */
bool
gen::dedicated_ok (ctx &c, fz_routine *r, long n)
{
  if (!scopes[c.ps].shared && !(r->level == LV_G && !c.repeat))
    return false;
  return std::max (scopes[c.ps].elems, 1L) * n <= (rt ? 4096 : 16384);
}

/* Can context C give R's output parameters memory?  A gang routine's
   only an array made for the call; the others' also a local array.  */
bool
gen::can_call (ctx &c, fz_routine *r)
{
  for (const fz_param &pm : r->params)
    if (pm.a && pm.a->role == fz_array::OUTPUT)
      {
	long n = elements (pm.a);
	if (!dedicated_ok (c, r, n) && (r->level == LV_G || n > 64))
	  return false;
      }
  return true;
}

/* A routine of LEVEL for context C to call (PURE: as an operand, with a
   result and no output parameters), made before or new; null if none
   may be.  */
fz_routine *
gen::pick_routine (ctx &c, unsigned level, bool pure)
{
  std::vector<fz_routine *> cands;
  for (fz_routine *r : p->routines)
    {
      if (r->level != level)
	continue;
      bool outs = false;
      for (const fz_param &pm : r->params)
	outs |= pm.a && pm.a->role == fz_array::OUTPUT;
      if (pure && (r->is_void || outs))
	continue;
      if (can_call (c, r) && call_work (c, r) <= max_call_work)
	cands.push_back (r);
    }
  /* A few of each level (seq ones would take every place), made at
     most two deep.  */
  int same = 0;
  for (fz_routine *r : p->routines)
    same += r->level == level;
  int most = level == 0 ? 3 : level == LV_G ? 1 : 2;
  bool can_new = same < std::max (1, most * opts.size / 100)
		 && nroutines < std::max (1, 6 * opts.size / 100)
		 && rt_depth < 2;
  if (!cands.empty () && (!can_new || rng.pct (65)))
    return cands[rng.below (cands.size ())];
  if (!can_new)
    return nullptr;
  long elems = std::max (scopes[c.ps].elems, 1L);
  long room = std::max (1L, std::min (512L, (rt ? 4096 : 16384) / elems));
  if (!scopes[c.ps].shared && level != LV_G)
    room = std::min (room, 64L);
  fz_routine *r = make_routine (level, pure, room);
  return can_call (c, r) && call_work (c, r) <= max_call_work ? r : nullptr;
}

/* The address of element IDX of A: a pointer argument.  */
fz_expr *
gen::addr (fz_array *a, const std::vector<fz_expr *> &idx)
{
  fz_expr *x = ex (E_ADDR, a->ty);
  x->arr = a;
  x->ops = idx;
  x->fixed = true;
  a->uses++;
  return x;
}

/* An offset in [0, ROOM].  */
fz_expr *
gen::offset (ctx &c, long room)
{
  if (room <= 0 || rng.pct (40))
    return int_const (TY_U32, 0);
  return index (c, room + 1);
}

/* The argument of input parameter PRM in context C: a piece of an input
   array (a row of a 2-D one, or a 1-D one from an offset) or of a local
   array, of at least its elements.  */
fz_expr *
gen::in_arg (ctx &c, fz_array *prm)
{
  fz_ty t = prm->ty;
  long n = prm->dims[0];
  std::vector<fz_array *> rows, flats, locals;
  for (fz_array *a : p->arrays)
    if (a->role == fz_array::INPUT && mine (a) && a->ty == t)
      {
	if (a->dims.size () == 1 && a->dims[0] >= n)
	  flats.push_back (a);
	else if (a->dims.size () == 2 && a->dims[1] >= n)
	  rows.push_back (a);
      }
  for (fz_array *a : vis_arrays)
    if ((a->role == fz_array::LOCAL || a->role == fz_array::PRIVATE)
	&& a->ty == t && a->dims[0] >= n && !taken (a))
      locals.push_back (a);
  bool row = pct (K_routine_ptr_row);
  fz_array *a = nullptr;
  if (!locals.empty () && rng.pct (30))
    a = locals[rng.below (locals.size ())];
  else if (row && !rows.empty ())
    a = rows[rng.below (rows.size ())];
  else if (!flats.empty () && rng.pct (70))
    a = flats[rng.below (flats.size ())];
  if (!a && rt)
    {
      a = array (fz_array::INPUT, t, "p");
      a->dims.push_back (n + rng.below (8));
      a->flat = a->param = true;
      a->region = scopes[c.ps].region;
      rt->params.push_back ({ nullptr, a });
    }
  else if (!a)
    {
      a = array (fz_array::INPUT, t, "in");
      if (row)
	{
	  a->dims = { (int) rng.range (2, 12), (int) (n + rng.below (8)) };
	  a->flat = rng.pct (30);
	}
      else
	a->dims = { (int) (n + rng.below (16)) };
      a->param = !pct (K_global_array);
      a->init = init_kind (t);
      a->region = scopes[c.ps].region;
    }
  if (a->role != fz_array::INPUT)
    taken_arrays.push_back (a);
  if (a->dims.size () == 2)
    return addr (a, { index (c, a->dims[0]), offset (c, a->dims[1] - n) });
  return addr (a, { offset (c, a->dims[0] - n) });
}

/* A local array of context C's scope, of type T and at least N
   elements, from which a call may take N: one declared before, or a new
   one onto OUT.  */
fz_array *
gen::local_array_for (ctx &c, fz_ty t, long n, std::vector<fz_stmt *> &out)
{
  std::vector<fz_array *> cands;
  for (fz_array *a : vis_arrays)
    if ((a->role == fz_array::LOCAL || a->role == fz_array::PRIVATE)
	&& a->site == c.ps && a->ty == t && a->dims[0] >= n && !taken (a))
      cands.push_back (a);
  if (!cands.empty () && rng.pct (70))
    return cands[rng.below (cands.size ())];
  fz_array *a = local_decl (c, t, n + rng.below (4), out);
  vis_arrays.push_back (a);
  return a;
}

/* An array made for a call in context C, of type T: N elements for each
   owner of C's scope, which the call stores as a loop nested in the
   scope would (GANG: one that spans gangs).  In a routine, a new output
   parameter of it.  */
fz_array *
gen::call_array (ctx &c, fz_ty t, long n, bool gang)
{
  const pscope ps = scopes[c.ps];
  fz_var *k = var (fz_var::LOOP, TY_U32, "k");
  k->value = n;
  k->hidden = true;
  pscope b;
  b.parent = c.ps;
  b.region = ps.region;
  b.owners = ps.owners;
  b.owners.push_back (k);
  b.gang = gang && !reg.single_gang;
  b.shared = true;
  b.elems = std::max (ps.elems, 1L) * n;
  scopes.push_back (b);
  fz_array *a = array (fz_array::OUTPUT, t, rt ? "q" : "ro");
  for (fz_var *v : ps.owners)
    {
      a->slots.push_back (v);
      a->dims.push_back (std::max (v->value, 1LL));
    }
  a->slots.push_back (k);
  a->dims.push_back (n);
  a->site = scopes.size () - 1;
  a->region = ps.region;
  if (rt)
    {
      a->flat = a->param = true;
      rt->params.push_back ({ nullptr, a });
    }
  else
    {
      a->flat = a->dims.size () > 2
		|| (a->dims.size () == 2 && !pct (K_array_2d));
      a->param = !pct (K_global_array);
      a->init = init_kind (t);
    }
  return a;
}

/* The argument of R's output parameter PRM in context C (statements it
   needs go onto OUT, if any), or null if there is none.  */
fz_expr *
gen::out_arg (ctx &c, fz_routine *r, fz_array *prm,
	      std::vector<fz_stmt *> *out)
{
  fz_ty t = prm->ty;
  long n = elements (prm);
  bool shared = scopes[c.ps].shared;
  if (r->level != LV_G)
    {
      if (n == 1 && pct (K_routine_ptr_local))
	{
	  std::vector<fz_var *> vs;
	  for (fz_var *v : vis)
	    if (!v->hidden && v->wscope == c.ps && v->ty == t
		&& (v->kind == fz_var::LOCAL || v->kind == fz_var::FSCALAR
		    || v->kind == fz_var::PARAM)
		&& std::find (taken_vars.begin (), taken_vars.end (), v)
		   == taken_vars.end ())
	      vs.push_back (v);
	  if (!vs.empty ())
	    {
	      fz_expr *x = ex (E_ADDR, t);
	      x->var = vs[rng.below (vs.size ())];
	      x->var->uses++;
	      x->fixed = true;
	      taken_vars.push_back (x->var);
	      return x;
	    }
	}
      fz_array *a;
      if (n == 1 && shared && pct (K_routine_ptr_own)
	  && !taken (a = site_array (c, t)))
	{
	  /* The iteration's own element.  */
	  taken_arrays.push_back (a);
	  std::vector<fz_expr *> idx;
	  const std::vector<fz_var *> &own = scopes[c.ps].owners;
	  for (size_t i = 0; i < a->dims.size (); i++)
	    if (a->slots[i])
	      {
		fz_expr *x = ex (E_VAR, a->slots[i]->ty);
		x->var = a->slots[i];
		x->fixed = std::find (own.begin (), own.end (), a->slots[i])
			   != own.end ();
		idx.push_back (x);
	      }
	    else
	      idx.push_back (index (c, a->dims[i]));
	  scopes[c.ps].stores++;
	  return addr (a, idx);
	}
      if (out && n <= 64
	  && (pct (K_routine_ptr_array) || !dedicated_ok (c, r, n)))
	{
	  fz_array *a = local_array_for (c, t, n, *out);
	  taken_arrays.push_back (a);
	  return addr (a, { offset (c, a->dims[0] - n) });
	}
    }
  if (!dedicated_ok (c, r, n))
    return nullptr;
  fz_array *a = call_array (c, t, n, r->level == LV_G);
  std::vector<fz_expr *> idx;
  for (size_t i = 0; i + 1 < a->slots.size (); i++)
    {
      fz_expr *x = ex (E_VAR, a->slots[i]->ty);
      x->var = a->slots[i];
      x->fixed = true;
      idx.push_back (x);
    }
  idx.push_back (int_const (TY_U32, 0));
  if (!rt)
    scopes[c.ps].stores++;
  return addr (a, idx);
}

/* A call of R in context C (statements its arguments need go onto OUT,
   if any), or null if its output parameters can get no memory here.  */
fz_expr *
gen::make_call (ctx &c, fz_routine *r, std::vector<fz_stmt *> *out)
{
  std::vector<fz_expr *> args;
  calls_nest++;
  std::vector<fz_var *> s_vars;
  std::vector<fz_array *> s_arrays;
  s_vars.swap (taken_vars);
  s_arrays.swap (taken_arrays);
  bool ok = true;
  for (const fz_param &pm : r->params)
    {
      fz_expr *x;
      if (pm.v && pm.v->depth)
	x = int_const (TY_U32, rng.range (1, 4));
      else if (pm.v && pm.v->bound)
	{
	  /* The bound, never zeroed (an unsigned index would wrap).  */
	  if (!rt && rng.pct (50))
	    {
	      fz_var *v = runtime_value (pm.v->value);
	      x = ex (E_VAR, TY_I32);
	      x->var = v;
	      v->uses++;
	    }
	  else
	    x = int_const (TY_I32, pm.v->value);
	  x->fixed = true;
	}
      else if (pm.v)
	x = expr (c, pm.v->ty, 2);
      else if (pm.a->role == fz_array::INPUT)
	x = in_arg (c, pm.a);
      else if (!(x = out_arg (c, r, pm.a, out)))
	{
	  ok = false;
	  break;
	}
      args.push_back (x);
    }
  calls_nest--;
  taken_vars.swap (s_vars);
  taken_arrays.swap (s_arrays);
  if (!ok)
    return nullptr;
  fz_expr *call = ex (E_RCALL, r->is_void ? TY_I32 : r->ret);
  call->rtn = r;
  call->ops = args;
  reg.worker_red |= r->worker_red;
  reg.has_vector |= r->has_vector;
  reg.pcall |= r->level != 0;
  if (rt)
    rt_work += call_work (c, r);
  return call;
}

/* A call of a routine of LEVEL in context C, as a statement onto OUT (its
   result, if used, in a new local); false if none may be made here.  */
bool
gen::call_stmt (ctx &c, std::vector<fz_stmt *> &out, unsigned level)
{
  fz_routine *r = pick_routine (c, level, false);
  if (!r)
    return false;
  fz_expr *call = make_call (c, r, &out);
  if (!call)
    return false;
  /* The cpu device cannot take a vector routine's result in worker
     partitioned code yet (a region without cpu code): there, only
     programs for the ptx target use it.  */
  bool use = !r->is_void
	     && (level != LV_V || (c.avail & LV_W) || opts.ptx);
  if (!use || rng.pct (20))
    {
      fz_stmt *s = st (S_CALL);
      call->fixed = true;
      s->e = call;
      out.push_back (s);
      return true;
    }
  fz_stmt *s = st (S_DECL);
  s->e = call;
  s->v = var (fz_var::LOCAL, r->ret, "v");
  s->v->wscope = c.ps;
  vis.push_back (s->v);
  out.push_back (s);
  return true;
}

/* A call of a seq routine without output parameters as an operand of
   type T in context C, or null.  */
fz_expr *
gen::pure_call (ctx &c, fz_ty t)
{
  fz_routine *r = pick_routine (c, 0, true);
  if (!r)
    return nullptr;
  fz_expr *call = make_call (c, r, nullptr);
  return call ? conv (call, t) : nullptr;
}

/* How queued region R uses the scalars of compute () (the async_*
   knobs, fz_stmt::sforms): in a function of its own that launches it
   and returns, as parameters of that function or copied into locals of
   a block inside a data construct, in copyin or copy clauses; which of
   them compute () changes after the launch.  */
void
gen::launch_forms (fz_stmt *r)
{
  r->launcher = pct (K_async_launcher);
  for (fz_var *v : p->vars)
    {
      if (v->kind != fz_var::FSCALAR && v->kind != fz_var::RUNTIME)
	continue;
      /* One named in a clause of the construct is not mapped too.  */
      bool clause = std::count (r->firstprivate.begin (),
				r->firstprivate.end (), v)
		    || std::count (r->private_vars.begin (),
				   r->private_vars.end (), v);
      int f = SF_PLAIN;
      if (!clause && pct (K_async_scalar_copy))
	/* A copy clause only of compute ()'s own, which outlives the
	   region.  */
	f = r->launcher || rng.pct (50) ? SF_COPYIN : SF_COPY;
      else if (pct (K_async_data_local))
	f = SF_LOCAL;
      if (f != SF_PLAIN)
	r->sforms.push_back ({ v, f });
      /* Not those compute () maps by reference: the region may read
	 them at any time until the wait.  Run-time values are loop
	 bounds.  */
      if (v->kind == fz_var::FSCALAR
	  && (r->launcher || f == SF_PLAIN || f == SF_LOCAL)
	  && pct (K_async_change))
	r->changes.push_back (v);
    }
  r->scrub = r->launcher && rng.pct (50);
}

/* A gang loop in region code C of float arithmetic long enough that
   the cpu device's pool threads run some of its gangs, onto OUT: each
   iteration folds a value through many roundings, in a sequential
   loop, and stores it at its own element (a region of a program that
   changes the rounding mode: every thread must round as the launching
   one does).  */
void
gen::heavy (ctx &c, std::vector<fz_stmt *> &out)
{
  fz_stmt *s = st (S_ACCLOOP);
  s->levels = LV_G;
  fz_loop l;
  l.hi = 64;
  l.v = var (fz_var::LOOP, TY_I32, "i");
  l.v->value = l.hi;
  s->loops.push_back (l);
  reg.has_part = reg.has_gang_loop = true;
  pscope b;
  b.parent = c.ps;
  b.region = scopes[c.ps].region;
  b.owners = scopes[c.ps].owners;
  b.owners.push_back (l.v);
  b.elems = scopes[c.ps].elems * l.hi;
  b.gang = !reg.single_gang;
  b.shared = true;
  scopes.push_back (b);
  ctx in = c;
  in.ps = scopes.size () - 1;
  in.avail = c.avail & (LV_W | LV_V);
  in.depth++;
  in.single = in.repeat = false;
  in.trips *= l.hi;
  vis.push_back (l.v);

  fz_ty t = rng.pct (50) ? TY_F32 : TY_F64;
  fz_stmt *d = st (S_DECL);
  d->v = var (fz_var::LOCAL, t, "h");
  d->v->wscope = in.ps;
  d->e = expr (in, t, 2);
  s->body.push_back (d);
  fz_stmt *f = st (S_FOR);
  fz_loop fl;
  fl.hi = 20000;
  fl.v = var (fz_var::LOOP, TY_I32, "t");
  fl.v->value = fl.hi;
  f->loops.push_back (fl);
  auto fconst = [&] (double x) {
    fz_expr *e = ex (E_CONST, t);
    e->ival = float_bits (t, x);
    return e;
  };
  fz_expr *m = ex (E_BIN, t);
  m->op = OP_MUL;
  m->ops = { var_ref (d->v, t), fconst (rng.pct (50) ? 0.999 : 1.0 / 3) };
  fz_expr *k = ex (E_BIN, t);
  k->op = OP_MUL;
  k->ops = { var_ref (fl.v, t), fconst (rng.pct (50) ? 0.1 : 1e-3) };
  fz_expr *sum = ex (E_BIN, t);
  sum->op = rng.pct (70) ? OP_ADD : OP_SUB;
  sum->ops = { m, k };
  fz_stmt *a = st (S_ASSIGN);
  a->v = d->v;
  a->e = sum;
  f->body.push_back (a);
  s->body.push_back (f);
  fz_array *arr = site_array (in, t);
  fz_stmt *w = st (S_STORE);
  w->arr = arr;
  for (size_t i = 0; i < arr->dims.size (); i++)
    if (arr->slots[i])
      {
	fz_expr *x = ex (E_VAR, arr->slots[i]->ty);
	x->var = arr->slots[i];
	x->fixed = std::find (b.owners.begin (), b.owners.end (),
			      arr->slots[i]) != b.owners.end ();
	w->idx.push_back (x);
      }
    else
      w->idx.push_back (index (in, arr->dims[i]));
  w->e = var_ref (d->v, t);
  scopes[in.ps].stores++;
  s->body.push_back (w);
  vis.pop_back ();
  out.push_back (s);
}

/* Region R.  */
fz_stmt *
gen::region (int r)
{
  fz_stmt *s = st (S_REGION);
  s->region = r;
  int construct = pick ({ w (K_parallel), w (K_serial), w (K_kernels) });
  if (construct < 0)
    construct = 0;
  s->construct = construct;
  /* The first region mostly under the default mode: the cpu device's
     threads start with the mode of its first launch.  */
  if (rounding && rng.pct (r ? 80 : 30))
    s->rounding = rng.range (RM_UPWARD, RM_TOWARDZERO);
  light = construct == 0 && pct (K_light_region);
  if (construct != 1)
    {
      bool odd = pct (K_odd_dims);
      if (!light && pct (K_single_gang))
	s->num_gangs = 1;
      else if (!light && pct (K_num_gangs))
	s->num_gangs = odd ? rng.range (1, 100) : 1L << rng.range (1, 6);
      else if (pct (K_num_gangs_rt))
	s->num_gangs_rt = runtime_value (rng.range (1, 64));
      if (pct (K_num_workers))
	s->num_workers = odd ? rng.range (1, 40) : 1L << rng.range (0, 4);
      else if (pct (K_num_workers_rt))
	s->num_workers_rt = runtime_value (rng.range (1, 16));
      if (pct (K_vector_length))
	s->vector_length = odd ? rng.range (1, 96) : 1L << rng.range (0, 6);
      else if (pct (K_vector_length_rt))
	s->vector_length_rt = runtime_value (rng.range (1, 64));
      /* Wide gangs (several SIMD registers of 64 lanes on the cpu) take
	 long to compile: keep them rarer.  */
      while (s->num_workers > 1 && s->vector_length
	     && s->num_workers * s->vector_length > 256 && !pct (K_wide_gangs))
	s->num_workers /= 2;
    }
  reg.construct = construct;
  reg.single_gang = construct == 1 || s->num_gangs == 1;
  reg.has_gang_loop = false;
  reg.has_vector = false;
  reg.worker_red = false;
  reg.has_part = false;
  reg.pcall = false;
  reg.par_reds.clear ();

  pscope root;
  root.parent = -1;
  root.region = r;
  root.gang = false;
  root.shared = reg.single_gang || construct == 2;
  root.elems = 1;
  scopes.push_back (root);
  reg.root = scopes.size () - 1;

  ctx c;
  c.ps = reg.root;
  c.avail = LV_G | LV_W | LV_V;
  c.single = root.shared;

  budget = (6 + rng.below (20)) * opts.size / 100;
  std::vector<std::pair<fz_var *, int>> saved;
  size_t mark = vis.size ();
  s->combined = light || (construct != 1 ? pct (K_combined) : rng.pct (10));
  no_call += light;
  if (construct == 0 && !s->combined && !p->fscalars.empty ())
    {
      if (pct (K_firstprivate))
	{
	  fz_var *x = p->fscalars[rng.below (p->fscalars.size ())];
	  s->firstprivate.push_back (x);
	  saved.push_back ({ x, x->wscope });
	  x->wscope = reg.root;
	}
      if (pct (K_private_clause))
	{
	  fz_var *x = p->fscalars[rng.below (p->fscalars.size ())];
	  if (s->firstprivate.empty () || s->firstprivate[0] != x)
	    {
	      s->private_vars.push_back (x);
	      saved.push_back ({ x, x->wscope });
	      x->hidden = true;
	      fz_stmt *a = st (S_ASSIGN);
	      a->v = x;
	      a->e = expr (c, x->ty, 2);
	      a->fixed = true;
	      x->hidden = false;
	      x->wscope = reg.root;
	      s->body.push_back (a);
	    }
	}
    }
  if (construct == 0 && !s->combined && pct (K_reduction_parallel))
    {
      std::vector<fz_stmt *> none;
      s->reds = reg.par_reds = new_reds (c, true, none);
    }
  else if (construct == 1 && !s->combined && pct (K_reduction_implicit))
    {
      /* A serial construct's: one thread, whatever the loops say.  */
      std::vector<fz_stmt *> none;
      s->reds = reg.par_reds = new_reds (c, true, none);
    }
  reg.carry = construct == 2 ? IMPLICIT_NONE
	      : construct == 1 || !reg.par_reds.empty () ? IMPLICIT_CARRIED
	      : IMPLICIT_LOOP;
  if (s->combined)
    acc_loop (c, s->body, !root.shared, true);
  else
    {
      std::vector<fz_stmt *> b = block (c, 6);
      s->body.insert (s->body.end (), b.begin (), b.end ());
      if (!reg.has_gang_loop && construct != 1)
	{
	  /* Make the region do parallel work.  */
	  std::vector<fz_stmt *> tail;
	  budget = std::max (budget, 8);
	  acc_loop (c, tail, !root.shared || rng.pct (60));
	  s->body.insert (s->body.end (), tail.begin (), tail.end ());
	}
      if (rounding && construct != 1)
	heavy (c, s->body);
    }
  /* A reduction across workers: a constant num_workers that keeps
     num_workers x vector_length within 64 lanes (one chunk of the cpu
     device), or within 256 (several chunks), whatever the ISA's lanes (16
     at most) where the vector length is not constant.  */
  if (reg.worker_red && construct != 1)
    {
      long vmax = s->vector_length ? std::min (s->vector_length, 64L)
		  : (s->vector_length_rt || reg.has_vector) ? 16 : 1;
      /* A call of a partitioned routine makes the vector length the
	 ISA's lanes (16 at most) whatever the clause says.  */
      if (reg.pcall)
	vmax = std::max (vmax, 16L);
      long lanes = pct (K_reduction_chunks) ? 256 : 64;
      long nmax = std::min (32L, std::max (1L, lanes / vmax));
      if (s->num_workers_rt || !s->num_workers || s->num_workers > nmax)
	{
	  s->num_workers_rt = nullptr;
	  s->num_workers = rng.range (1, nmax);
	}
      s->red_workers = true;
    }
  vis.resize (mark);
  for (auto &sv : saved)
    sv.first->wscope = sv.second;
  no_call -= light;
  light = false;
  return s;
}

fz_program *
gen::run ()
{
  p = new fz_program;
  p->opts = opts;

  if (pct (K_struct_array) || w (K_struct_local))
    {
      fz_struct s;
      s.name = "s0_t";
      static const fz_ty order[] = { TY_F64, TY_I64, TY_U64, TY_F32, TY_I32,
				     TY_U32, TY_I16, TY_U16, TY_I8, TY_U8,
				     TY_BOOL };
      /* Fields in decreasing size; a trailing pad that makes the size a
	 multiple of 8, so that the struct has no padding.  */
      int bytes = 0, nf = 0;
      for (fz_ty t : order)
	if (rng.pct (45))
	  {
	    s.fields.push_back ({ t, "f" + std::to_string (nf++) });
	    bytes += t == TY_BOOL ? 1 : fz_tys[t].bits / 8;
	  }
      if (s.fields.empty ())
	{
	  s.fields.push_back ({ TY_I32, "f0" });
	  bytes = 4;
	  nf = 1;
	}
      while (bytes % 8)
	{
	  s.fields.push_back ({ TY_U8, "f" + std::to_string (nf++) });
	  bytes++;
	}
      p->structs.push_back (s);
    }
  int nf = rng.below (4);
  for (int i = 0; i < nf; i++)
    {
      fz_var *v = var (fz_var::FSCALAR, pick_ty (), "fs");
      v->value = rng.next ();
      p->fscalars.push_back (v);
      vis.push_back (v);
    }
  if (pct (K_global_scalar))
    {
      int ng = rng.range (1, 2);
      for (int i = 0; i < ng; i++)
	{
	  fz_var *v = var (fz_var::GSCALAR, pick_ty (), "gs");
	  v->value = rng.next ();
	  vis.push_back (v);
	}
    }

  /* Rounding modes: each region under one (or the default); the host's
     version computes under the same.  */
  rounding = pct (K_rounding);
  int nregions = 1 + (rng.pct (55) ? 1 : 0) + (rng.pct (25) ? 1 : 0);
  if (opts.size < 50)
    nregions = 1;
  p->nregions = nregions;
  std::vector<fz_stmt *> regions;
  for (int r = 0; r < nregions; r++)
    {
      /* Run-time values are visible in every region.  */
      for (fz_var *v : p->vars)
	if (v->kind == fz_var::RUNTIME
	    && std::find (vis.begin (), vis.end (), v) == vis.end ())
	  vis.push_back (v);
      regions.push_back (region (r));
    }
  /* A data construct around some consecutive regions.  */
  int from = -1, to = -1;
  if (pct (K_data_region))
    {
      from = rng.below (nregions);
      to = rng.range (from, nregions - 1);
    }
  fz_stmt *data = nullptr;
  for (int r = 0; r < nregions; r++)
    {
      if (r == from)
	{
	  data = st (S_DATA);
	  data->data_form = (pct (K_data_unstructured) ? 1
			     : pct (K_data_api) ? 2 : 0);
	  p->top.push_back (data);
	}
      if (data)
	{
	  regions[r]->present = true;
	  regions[r]->update = r < to && pct (K_data_update);
	  data->body.push_back (regions[r]);
	}
      else
	p->top.push_back (regions[r]);
      if (r == to)
	data = nullptr;
    }
  /* Queues: print.cc adds the waits that order each queued region after
     the regions before it, and end compute ().  */
  if (pct (K_async))
    {
      for (fz_stmt *r : regions)
	if (pct (K_async_region))
	  {
	    r->async = rng.pct (15) ? 4 : rng.below (4);
	    r->wait_form = rng.below (4);
	    launch_forms (r);
	  }
      p->final_wait = rng.below (5);
      /* compute () changes no scalar that a region of its own maps by
	 reference: the region may not have run yet.  */
      std::set<fz_var *> mapped;
      for (fz_stmt *r : regions)
	if (!r->launcher)
	  for (auto &f : r->sforms)
	    if (f.second == SF_COPYIN || f.second == SF_COPY)
	      mapped.insert (f.first);
      for (fz_stmt *r : regions)
	r->changes.erase (std::remove_if (r->changes.begin (),
					  r->changes.end (),
					  [&] (fz_var *v) {
					    return mapped.count (v) > 0;
					  }),
			  r->changes.end ());
    }
  /* The updates after a queued region go on its queue, or wait for it:
     drawn from a stream of their own, so that the programs of the seeds
     before this knob stay as they were.  */
  fz_rng update_rng;
  update_rng.s = opts.seed * 0x9e3779b97f4a7c15ull + 0x5eed0a;
  for (fz_stmt *r : regions)
    r->update_async = r->update && r->async >= 0
		      && update_rng.pct (w (K_data_update_async));
  /* Enter and exit data (or the API's calls) on the queue of the
     regions inside, when they have one: drawn from a stream of their
     own too.  */
  fz_rng data_rng;
  data_rng.s = opts.seed * 0x9e3779b97f4a7c15ull + 0xda7a5;
  for (fz_stmt *s : p->top)
    if (s->k == S_DATA && s->data_form != 0
	&& data_rng.pct (w (K_data_unstructured_async)))
      {
	int q = -1;
	bool one = true;
	for (fz_stmt *r : s->body)
	  if (r->async >= 0)
	    {
	      one &= q < 0 || r->async == q;
	      q = r->async;
	    }
	if (one)
	  s->data_async = q;
      }
  /* Routines that read a declared table of their unit's: drawn from a
     stream of their own too.  */
  fz_rng declare_rng;
  declare_rng.s = opts.seed * 0x9e3779b97f4a7c15ull + 0xdec1a7e;
  for (fz_routine *r : p->routines)
    r->dtab = !r->is_void && fz_is_int (r->ret) && r->ret != TY_BOOL
	      && declare_rng.pct (w (K_routine_declare));
  /* A region under a rounding mode is restored after its launch, or
     after waiting for it.  */
  for (fz_stmt *r : regions)
    r->round_wait = r->rounding && r->async >= 0 && rng.pct (50);
  return p;
}

} // anon namespace

/* Generate the program of OPTS.  */
fz_program *
fz_generate (const fz_options &opts)
{
  gen g (opts);
  return g.run ();
}
