/* gangway-fuzz: the program representation shared by the generator, the
   printer and the reducer.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   A generated program is a tree: statements (fz_stmt) holding expressions
   (fz_expr), over variables (fz_var) and arrays (fz_array).  Every node
   has a number, given in creation order, so that the same seed and options
   give the same numbers: the reducer names its edits by them
   ("drop 17", "zero 42") and a reduced program is the seed, the options
   and the list of edits (README.md).

   The tree is valid by construction: no undefined behaviour (every
   operation that could overflow, divide by zero, shift too far or convert
   out of range is printed in a guarded form, which the node keeps), no
   data race (a store goes to the storing iteration's own element), every
   loop bounded.  The edits the reducer may make keep it so: a node whose
   removal or replacement could break that is marked, and refused.  */

#ifndef GANGWAY_FUZZ_H
#define GANGWAY_FUZZ_H

#include <cstdint>
#include <string>
#include <vector>

/* The constructs and their knobs (constructs.def).  */
enum fz_knob
{
#define FUZZ_CONSTRUCT(NAME, WEIGHT, PTX, DESC) K_##NAME,
#include "constructs.def"
#undef FUZZ_CONSTRUCT
  K_NUM
};

struct fz_knob_info
{
  const char *name;
  int weight;
  bool ptx;
  const char *desc;
};
extern const fz_knob_info fz_knobs[K_NUM];

/* The generator's options.  */
struct fz_options
{
  uint64_t seed = 1;
  int weight[K_NUM];		/* The knobs, from the table and --set.  */
  bool ptx = false;		/* Only what the ptx target compiles.  */
  int size = 100;		/* Size scale, a percentage.  */
  std::string cmdline;		/* The options as given, for the header.  */
  fz_options ();
};

/* The generators' random numbers: splitmix64, the same numbers
   everywhere, whatever the C++ library.  */
struct fz_rng
{
  uint64_t s;
  uint64_t
  next ()
  {
    uint64_t z = (s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  /* A number in [0, N).  */
  long below (long n) { return n <= 1 ? 0 : (long) (next () % (uint64_t) n); }
  /* A number in [LO, HI].  */
  long range (long lo, long hi) { return lo + below (hi - lo + 1); }
  bool pct (int p) { return below (100) < p; }
};

/* Scalar types.  */
enum fz_ty
{
  TY_BOOL, TY_I8, TY_U8, TY_I16, TY_U16, TY_I32, TY_U32, TY_I64, TY_U64,
  TY_F32, TY_F64, TY_NUM,
  TY_STRUCT = TY_NUM		/* A struct (fz_var::sid says which).  */
};

struct fz_ty_info
{
  const char *c_name;
  int bits;
  bool is_signed;
  bool is_float;
};
extern const fz_ty_info fz_tys[TY_NUM];

static inline bool fz_is_float (fz_ty t) { return t == TY_F32 || t == TY_F64; }
static inline bool fz_is_int (fz_ty t) { return t < TY_F32; }

/* A struct type: its fields, in declaration order.  */
struct fz_struct
{
  std::string name;
  std::vector<std::pair<fz_ty, std::string>> fields;
};

/* What the generator knows of an atomic construct's target (a global
   scalar or array that atomics update, gen.cc): the region of its
   current class (the one kind of update that region makes of it), a
   region that reads it, the bound of its magnitude, the value that
   region's atomic writes store, the one target where that region's
   captures of a counter combine their values.  */
struct fz_expr;
struct fz_var;
struct fz_array;
struct fz_astate
{
  bool on = false;		/* A target of atomic updates.  */
  int region = -1;		/* The region CLS is for.  */
  int cls = 0;			/* gen.cc's AC_* or an fz_op.  */
  int rregion = -1;		/* A region that reads it (atomic read).  */
  double mag = 0;		/* A bound of its magnitude.  */
  fz_expr *wval = nullptr;	/* The value written in REGION.  */
  /* A counter's (or a swap's) in REGION: where every capture of it
     combines its value (scalar tv, or element tidx of tarr).  */
  fz_var *tv = nullptr;
  fz_array *tarr = nullptr;
  fz_expr *tidx = nullptr;
};

/* A variable.  */
struct fz_var
{
  enum kind_t
  {
    LOCAL,	/* Declared in a region (a scalar or a struct).  */
    LOOP,	/* A loop's index.  */
    RUNTIME,	/* A run-time value: a parameter of compute ().  */
    FSCALAR,	/* A scalar of compute (), used in regions.  */
    GSCALAR,	/* A file-scope scalar.  */
    PARAM	/* A scalar parameter of a routine.  */
  };
  int id;
  std::string name;
  fz_ty ty;
  int sid = -1;			/* TY_STRUCT: which struct.  */
  kind_t kind;
  int wscope = -1;		/* The partition scope that may write it.  */
  long long value = 0;		/* RUNTIME: its value.  FSCALAR, GSCALAR:
				   the bits of its initial value.  */
  bool output = false;		/* GSCALAR stored by regions.  */
  bool hidden = false;		/* Not to be read (yet).  */
  bool red = false;		/* GSCALAR: a reduction's result, which
				   only reduction updates write.  */
  fz_astate at;			/* GSCALAR: atomics' target, which only
				   atomic constructs read and write.  */
  bool bound = false;		/* PARAM: a loop bound, read-only; every
				   call passes VALUE.  */
  bool depth = false;		/* PARAM: a recursive routine's depth,
				   read-only, one less at each level.  */
  int uses = 0;			/* References in the printed program.  */
};

/* An array.  */
struct fz_array
{
  enum role_t
  {
    INPUT,	/* Read only, initialized by main.  */
    OUTPUT,	/* Stored by regions, compared.  */
    SCRATCH,	/* Like OUTPUT, but in a 'create' clause: not compared.  */
    LOCAL,	/* Declared in a region: private to the declaring level.  */
    PRIVATE	/* Of compute (), private to a loop or region by clause.  */
  };
  int id;
  std::string name;
  fz_ty ty;
  int sid = -1;
  role_t role;
  std::vector<int> dims;	/* Logical dimensions.  */
  bool flat = false;		/* Printed 1-D, indices flattened.  */
  bool param = false;		/* Passed to compute () as a pointer.  */
  bool copyout = false;		/* OUTPUT stored whole by one region: in
				   'copyout' there.  */
  int site = -1;		/* OUTPUT, SCRATCH: the partition scope whose
				   iterations store it.  LOCAL: its scope.  */
  std::vector<fz_var *> slots;	/* OUTPUT, SCRATCH: each dimension's
				   owning loop index.  */
  int region = -1;		/* Where it was made.  */
  int init = 0;			/* How main fills it.  */
  fz_astate at;			/* OUTPUT: atomics' target (1-D), which
				   only atomic constructs read and write.  */
  int routine = -1;		/* The routine (fz_routine::num) whose
				   parameter (INPUT: const T *, OUTPUT: T *,
				   flat), local or private array it is; -1:
				   compute ()'s or a global.  */
  int uses = 0;
};

/* Expression kinds.  */
enum fz_ek
{
  E_CONST,	/* ival (integers, bits of floats).  */
  E_VAR,	/* var; field >= 0 for a struct's field.  */
  E_READ,	/* arr[ops...]; field >= 0 for a struct's field.  */
  E_IDX,	/* An index into a dimension of ival elements, from ops[0].  */
  E_BIN,	/* ops[0] OP ops[1], in type ty, guarded.  */
  E_UN,		/* OP ops[0].  */
  E_CMP,	/* ops[0] OP ops[1], an int 0 or 1.  */
  E_LOGIC,	/* && || on ops[0], ops[1].  */
  E_TERN,	/* ops[0] ? ops[1] : ops[2].  */
  E_CONV,	/* ops[0] converted to ty (guarded from floats).  */
  E_CALL,	/* A math function.  */
  E_RCALL,	/* A call of routine rtn: ops are the arguments of its
		   parameters (fz_routine::params); with self, the
		   recursive call, ops[0] is the depth's and the others
		   pass the caller's parameters on.  */
  E_ADDR	/* &var, or the address of element ops... of arr: an
		   argument of a routine's pointer parameter.  */
};

/* Operators.  */
enum fz_op
{
  OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD, OP_AND, OP_OR, OP_XOR, OP_SHL,
  OP_SHR, OP_MIN, OP_MAX,
  OP_NEG, OP_NOT, OP_LNOT,
  OP_LT, OP_LE, OP_GT, OP_GE, OP_EQ, OP_NE,
  OP_LAND, OP_LOR
};

struct fz_routine;
struct fz_expr
{
  int id;
  fz_ek k;
  fz_ty ty;
  int op = 0;			/* fz_op, or the function (gen.cc).  */
  int variant = 0;		/* Which guarded form to print.  */
  std::vector<fz_expr *> ops;
  uint64_t ival = 0;
  fz_var *var = nullptr;
  fz_array *arr = nullptr;
  int field = -1;
  fz_routine *rtn = nullptr;	/* E_RCALL.  */
  bool self = false;		/* E_RCALL: the routine's own recursive
				   call.  */
  bool fixed = false;		/* Owner index: never replaced.  */
  bool zeroed = false;		/* Reducer: printed as a zero.  */
};

/* Loop headers: one per loop of a nest (collapse, tile), or of a
   sequential loop.  The index takes the values LO, LO + STEP, ... below HI
   (FORM says how it is written); DIM = HI bounds every value.  */
struct fz_loop
{
  fz_var *v = nullptr;
  int form = 0;			/* 0 <, 1 <=, 2 downward.  */
  long lo = 0, hi = 0, step = 1;
  fz_var *rt = nullptr;		/* HI is this run-time value.  */
};

/* A reduction: its operator (OP_ADD, OP_MUL, OP_MIN, OP_MAX, OP_AND,
   OP_OR, OP_XOR, OP_LAND, OP_LOR) and variable.  */
struct fz_red
{
  int op;
  fz_var *v;
};

/* Statement kinds.  */
enum fz_sk
{
  S_DECL,	/* v = e (a struct: from e, an E_READ of a struct).  */
  S_ASSIGN,	/* v = e, or v.field = e.  */
  S_STORE,	/* arr[idx] = e (whole struct if field < 0 and sid).  */
  S_IF,		/* if (e) body else body2.  */
  S_SWITCH,	/* switch (e): body holds S_CASE blocks.  */
  S_CASE,	/* case labels cases (or default); body; brk: ends in break.  */
  S_FOR,	/* A sequential loop (loops[0]).  */
  S_WHILE,	/* while (cap && e) body.  */
  S_DO,		/* do body while (cap && e).  */
  S_BREAK, S_CONTINUE,
  S_GOTO,	/* if (e) goto label.  */
  S_LABEL,	/* label: ;  */
  S_IRRED,	/* if (e) goto mid; top: body; mid: body2;
		   if (e2 && cap) goto top.  */
  S_ACCLOOP,	/* An OpenACC loop nest.  */
  S_ARRDECL,	/* A local array: arr, filled by e (over the index q).  */
  S_FILL,	/* A private array of compute () filled.  */
  S_REGION,	/* A compute construct.  */
  S_DATA,	/* A data construct around regions (body).  */
  S_ATOMIC,	/* An atomic construct (atomic says which) on scalar v or
		   element idx[0] of arr.  */
  S_CALL,	/* e, a routine's call (E_RCALL), as a statement.  */
  S_RETURN	/* A routine's return e.  */
};

/* How a region uses a scalar of compute () (fz_stmt::sforms): as it is
   (a parameter of its launching function, firstprivate by default), in
   a copyin or copy clause, or through a copy in a local of a block
   around the region (inside a data construct: GCC maps it by
   reference).  */
enum { SF_PLAIN, SF_COPYIN, SF_COPY, SF_LOCAL };

/* Rounding modes (fz_stmt::rounding): the default, upward, downward,
   toward zero.  */
enum { RM_NEAREST, RM_UPWARD, RM_DOWNWARD, RM_TOWARDZERO };

/* Atomic constructs (fz_stmt::atomic).  */
enum { AT_NONE, AT_READ, AT_WRITE, AT_UPDATE, AT_CAPTURE };

/* The forms of an atomic update of x (fz_stmt::aform & 7), with aop:
   0 x++, 1 ++x, 2 x--, 3 --x, 4 x OP= e, 5 x = x OP e, 6 x = e OP x,
   7 x = e (a write, or the swap of a capture).  A capture's form
   ((aform >> 3) & 3): 0 v = UPDATE (v = x++, v = ++x, v = x += e,
   v = x = x + e...), 1 { v = x; UPDATE; }, 2 { UPDATE; v = x; }.
   aform & 32: an update written '#pragma acc atomic' (no clause).  */
enum { AF_UPDATE = 7, AF_SWAP = 7, AF_CAPTURE_SHIFT = 3, AF_BARE = 32 };

/* Levels.  */
enum { LV_G = 1, LV_W = 2, LV_V = 4 };

struct fz_stmt
{
  int id;
  fz_sk k;
  std::vector<fz_stmt *> body, body2;
  fz_expr *e = nullptr, *e2 = nullptr;
  fz_var *v = nullptr;
  fz_array *arr = nullptr;
  std::vector<fz_expr *> idx;
  int field = -1;
  std::string label, label2;	/* S_GOTO, S_LABEL, S_IRRED.  */
  fz_var *counter = nullptr;	/* S_WHILE, S_DO, S_IRRED: the trip count.  */
  int cap = 0;
  std::vector<long> cases;	/* S_CASE; empty: default.  */
  bool brk = false;		/* S_CASE: ends in break.  */

  /* S_ACCLOOP and S_FOR.  */
  std::vector<fz_loop> loops;
  unsigned levels = 0;		/* LV_*; 0 with seq false: auto.  */
  bool seq = false;
  int auto_form = 0;		/* '', 'auto', 'independent'.  */
  bool independent = false;
  int collapse = 0;
  std::vector<int> tile;	/* 0: '*'.  */
  bool collapsed = false;	/* An inner loop of a collapse/tile nest.  */

  /* S_REGION.  */
  int construct = 0;		/* 0 parallel, 1 serial, 2 kernels.  */
  int region = 0;
  bool combined = false;	/* body is one S_ACCLOOP printed with it.  */
  long num_gangs = 0, num_workers = 0, vector_length = 0;
  fz_var *num_gangs_rt = nullptr, *num_workers_rt = nullptr,
    *vector_length_rt = nullptr;
  bool present = false;		/* Inside a data construct.  */
  int data_form = 0;		/* S_DATA: 0 'data', 1 'enter data' and
				   'exit data', 2 the data API.  */
  std::string exit_clauses;	/* Form 1: the exit data's, as printed.  */
  int data_async = -1;		/* Forms 1 and 2: the queue of the enter
				   and exit data (the API's _async calls),
				   as async; -1 synchronous.  */
  bool update = false;		/* A region in a data construct: 'update
				   self' and 'update device' of the
				   construct's outputs after it.  */
  bool update_async = false;	/* ... on the region's queue, if it has
				   one, without a wait first.  */
  int async = -1;		/* -1: synchronous; 0-3: 'async (N)'; 4:
				   'async' (acc_async_noval).  */
  int wait_form = 0;		/* How it waits for the queues before it
				   that are not its own (print.cc).  */
  /* A queued region whose launch outlives the code that launched it
     (the async_* knobs): LAUNCHER, printed in a function of its own,
     launch_N, which compute () calls and which returns at once; the
     scalars of compute () it uses (FSCALAR, RUNTIME) as SFORMS say
     (SF_*: parameters of that function, or compute ()'s own; in a
     copyin or copy clause; copied into a local of a block around the
     region, inside the function's data construct or compute ()'s);
     CHANGES, the scalars compute () changes right after the launch
     (never one mapped by reference while the region may run); SCRUB:
     then compute () calls a function that overwrites the stack below
     its frame, where the launching function's was.  */
  bool launcher = false;
  std::vector<std::pair<fz_var *, int>> sforms;
  std::vector<fz_var *> changes;
  bool scrub = false;
  /* The rounding mode compute () sets before the region (RM_*),
     restored after its launch, or after a wait for it (round_wait).  */
  int rounding = 0;
  bool round_wait = false;

  /* Clauses naming variables of compute (): S_REGION's firstprivate and
     private, S_ACCLOOP's private.  */
  std::vector<fz_var *> firstprivate, private_vars;
  std::vector<fz_array *> private_arrays;
  /* S_ACCLOOP's and S_REGION's reduction clauses.  */
  std::vector<fz_red> reds;
  bool red_implicit = false;	/* S_ACCLOOP: REDS are a construct's or an
				   enclosing loop's, updated here without
				   the clause, which the plugin adds
				   (plugin/loop-reductions.cc): not
				   printed.  */
  bool red_workers = false;	/* S_REGION: has a reduction across
				   workers, which needs its num_workers and
				   vector_length clauses.  */

  /* S_ATOMIC, and S_STORE made an atomic write or update of the
     iteration's own element.  */
  int atomic = AT_NONE;
  int aop = 0;			/* The update's operator (fz_op).  */
  int aform = 0;		/* The form (above).  */
  fz_var *av = nullptr;		/* AT_READ (declared before it), AT_CAPTURE
				   (declared in its block): the value's
				   local.  */
  fz_var *tv = nullptr;		/* AT_CAPTURE of a counter: the value
				   captured is combined by an atomic update
				   (top, tform) into scalar tv or element e2
				   of tarr, the same for every capture of the
				   counter in the region.  */
  fz_array *tarr = nullptr;
  int top = 0, tform = 0;
  bool plain = false;		/* Reducer: AT_READ and S_STORE printed
				   without the atomic directive.  */

  bool fixed = false;		/* Never dropped (initializations).  */
  bool dropped = false;		/* Reducer: not printed.  */
  int unwrap = 0;		/* Reducer: S_IF printed as its then (1) or
				   else (2) arm; S_FOR as one trip.  (S_WHILE,
				   S_DO, S_IRRED, S_DATA: cap < 0.)  */
};

/* A routine: a function of the program that device code calls
   (#pragma acc routine LEVEL), and host code too (the host version of
   the regions).  It reaches data only through its parameters: scalars
   (PARAM variables), and pointers (arrays of role INPUT, 'const T *',
   and OUTPUT, 'T *', with routine == num, printed flat).  */
struct fz_param
{
  fz_var *v = nullptr;		/* A scalar, or  */
  fz_array *a = nullptr;	/* a pointer.  */
};

struct fz_routine
{
  int id;			/* Node number (the reducer's edits).  */
  int num;			/* Creation order (fz_array::routine).  */
  int idx = -1;			/* Position in fz_program::routines.  */
  std::string name;
  unsigned level = 0;		/* 0 seq, or LV_V, LV_W, LV_G.  */
  bool is_void = false;
  fz_ty ret = TY_I32;
  std::vector<fz_param> params;
  std::vector<fz_stmt *> body;	/* Ends in S_RETURN unless void.  */
  int form = 0;			/* 0: the directive before the definition;
				   1: on a prototype; 2: 'routine (name)'
				   after a prototype.  */
  bool ext = false;		/* External linkage (else static, unless
				   the other unit calls it).  */
  bool aux = false;		/* Defined in the second unit.  */
  bool dtab = false;		/* Its result reads its unit's declared
				   table dtab_NAME (print.cc).  */
  bool worker_red = false;	/* It (or a routine it calls) reduces
				   across workers: its callers' regions
				   need the dims of one.  */
  bool has_vector = false;	/* It (or a callee) has vector loops.  */
  double work = 1;		/* The statements a call runs, about: a
				   sum of their loops' trips.  */
};

/* A whole program.  */
struct fz_program
{
  fz_options opts;
  std::vector<fz_struct> structs;
  std::vector<fz_var *> vars;
  std::vector<fz_array *> arrays;
  std::vector<fz_stmt *> top;	/* S_REGION and S_DATA.  */
  std::vector<fz_var *> fscalars;	/* Scalars of compute ().  */
  std::vector<fz_routine *> routines;	/* Owned; callees before their
					   callers.  */
  int nodes = 0;		/* Node numbers given.  */
  std::vector<std::string> edits;	/* Applied by the reducer.  */
  int nregions = 0;
  int final_wait = 0;		/* The form of the wait that ends compute ()
				   when regions are queued (print.cc).  */
  ~fz_program ();
  std::vector<fz_expr *> all_exprs;	/* Owned.  */
  std::vector<fz_stmt *> all_stmts;	/* Owned.  */
};

/* gen.cc  */
fz_program *fz_generate (const fz_options &opts);
extern const char *const fz_math_names[];
int fz_math_arity (int f);
fz_ty fz_math_type (int f, fz_ty arg);

/* print.cc: the program's first unit; AUX, if not null, gets its second
   (the routines defined there), or "" if it has none.  */
std::string fz_print (fz_program *p, std::string *aux = nullptr);

/* fortran.cc: the Fortran program of O's seed and knobs (the second
   generator: text, no tree, no reducer).  */
std::string fz_fortran_program (const fz_options &o);
/* The name of FILE's second unit: FILE.c -> FILE-aux.c.  */
std::string fz_aux_name (const std::string &file);

/* reduce.cc  */
bool fz_apply_edit (fz_program *p, const std::string &edit);
int fz_reduce (const fz_options &opts, std::vector<std::string> &edits,
	       const std::string &test, const std::string &file,
	       const std::string &aux, int max_tests, int verbose);

#endif
