/* gangway-fuzz: print a program tree as a self-checking C program.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   The program's compute () holds the OpenACC constructs, each with
   'if (on_dev)'.  main () fills every array from a fixed pseudo-random
   sequence, calls compute (0, ...) (GCC's host fallback: the reference),
   keeps the results, fills the arrays again, calls compute (1, ...) (the
   device), and compares every array and global: integers exactly, floats
   bit for bit except that any NaN equals any NaN.  It prints the first
   differences and exits with 1 if there are any, 0 otherwise.  Where the
   regions ran is the driver's business (the launch log).

   Every operation that could be undefined is printed in a guarded form
   (gen.cc): integer arithmetic in unsigned types, or in signed types on
   masked operands; divisors forced nonzero (and away from -1); shift
   counts masked; float-to-integer conversions only of values in range.
   A node the reducer zeroed prints as a zero of its type.  Names of nodes
   that need temporaries (min, max, conversions) carry the node's number,
   so nested ones never clash.  */

#include "fuzz.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <set>

namespace {

class printer
{
public:
  printer (fz_program *p) : p (p) {}
  std::string run ();
  std::string run_aux ();

private:
  fz_program *p;
  std::string out;
  int ind = 0;
  std::set<std::string> used_labels;
  /* Per region: the arrays and global scalars it uses.  */
  std::map<int, std::set<fz_array *>> region_arrays;
  std::map<int, std::set<fz_var *>> region_gscalars;
  /* Per region: the scalars of compute () it uses (FSCALAR, RUNTIME).  */
  std::map<int, std::set<fz_var *>> region_vars;
  int cur_region = -1;
  /* The names the region being printed gives scalars of compute (): the
     locals of the block around it that copy them (SF_LOCAL).  */
  std::map<const fz_var *, std::string> alias;
  /* The functions that launch regions and return (fz_stmt::launcher),
     printed before compute ().  */
  std::string launch_text;
  /* The queues that may hold regions not waited for yet, in the order
     they were used (4: acc_async_noval).  */
  std::vector<int> pending;
  /* Routines (by fz_routine::idx): printed (called from printed code),
     the routines each calls, called from the other unit; the routine
     being scanned (-1: the regions).  */
  std::vector<bool> rlive, xcalled;
  std::vector<std::vector<int>> rcallees;
  int cur_rtn = -1;

  void line (const std::string &s);
  void wrap (std::string s);
  std::string ty (fz_ty t, int sid = 0);
  std::string ut (fz_ty t);
  std::string cst (fz_ty t, uint64_t v);
  std::string zero (fz_ty t);
  std::string e (fz_expr *x);
  std::string bin (fz_expr *x);
  std::string conv (fz_expr *x);
  std::string call (fz_expr *x);
  std::string lvalue (fz_stmt *s);
  void body (const std::vector<fz_stmt *> &b);
  void stmt (fz_stmt *s);
  void atomic (fz_stmt *s);
  void atomic_store (fz_stmt *s);
  void acc_loop (fz_stmt *s);
  std::string loop_head (const fz_loop &l);
  void used_data (fz_stmt *s, bool data, std::set<fz_array *> &arrs,
		  std::set<fz_var *> &gs);
  std::string clauses (fz_stmt *s, bool data);
  void data_construct (fz_stmt *s);
  void data_api (fz_stmt *s, bool enter);
  bool uses_data_api ();
  std::string level_clauses (fz_stmt *s);
  std::string red_clauses (const std::vector<fz_red> &reds);
  std::string section (fz_array *a);
  bool stores_whole (fz_stmt *region, fz_array *a);
  bool queued ();
  std::string queue_waits (fz_stmt *s);
  void wait_pending (int form);
  void acc_waits (const std::vector<int> &qs);
  std::string nm (const fz_var *v) const;
  int sform (fz_stmt *s, fz_var *v);
  std::vector<fz_var *> used_scalars (fz_stmt *s, int form);
  std::string scalar_clauses (fz_stmt *s);
  void region (fz_stmt *s);
  void launch_site (fz_stmt *s);
  void local_block (fz_stmt *s);
  void launcher (fz_stmt *s);
  std::string array_param (fz_array *a);
  void signature_lines (std::string sig);
  bool any_region (bool (*f) (const fz_stmt *));
  bool uses_complex ();

  void scan_expr (fz_expr *x);
  /* Count V among the scalars of compute () the region being scanned
     uses.  */
  void note_scalar (fz_var *v)
  {
    if (cur_region >= 0 && cur_rtn < 0
	&& (v->kind == fz_var::FSCALAR || v->kind == fz_var::RUNTIME))
      region_vars[cur_region].insert (v);
  }
  void scan_stmt (fz_stmt *s);
  void scan ();

  static bool global (const fz_array *a) { return a->routine < 0; }
  static bool printed (const fz_param &pm)
  {
    return (pm.v ? pm.v->uses : pm.a->uses) > 0;
  }
  std::string elem (fz_array *a, const std::vector<fz_expr *> &ops);
  std::string signature (fz_routine *r, bool decl);
  void routines (bool aux);
  void routine_def (fz_routine *r);
  fz_routine *cur_routine = nullptr;	/* The routine being printed.  */

  void declarations ();
  void compute ();
  void support ();
  void main_fn ();
  long total (fz_array *a);
  std::string init_value (fz_ty t, int kind);
  bool compared (fz_array *a);
};

void
printer::line (const std::string &s)
{
  if (!s.empty () && s[0] != '#')
    out.append (ind, ' ');
  out += s;
  out += '\n';
}

/* Line S, broken after commas before 79 columns, the rest aligned after
   the first parenthesis.  */
void
printer::wrap (std::string s)
{
  size_t paren = s.find ('(');
  std::string pad (paren == std::string::npos ? 4 : paren + 1, ' ');
  while (s.size () + ind > 78)
    {
      size_t at = s.rfind (", ", 77 - ind);
      if (at == std::string::npos || at <= pad.size ())
	break;
      line (s.substr (0, at + 1));
      s = pad + s.substr (at + 2);
    }
  line (s);
}

std::string
printer::ty (fz_ty t, int sid)
{
  if (t == TY_STRUCT)
    return p->structs[sid < 0 ? 0 : sid].name;
  return fz_tys[t].c_name;
}

/* The unsigned type T's arithmetic is done in.  */
std::string
printer::ut (fz_ty t)
{
  return fz_tys[t].bits > 32 ? "uint64_t" : "uint32_t";
}

/* The constant of type T whose bits are V.  */
std::string
printer::cst (fz_ty t, uint64_t v)
{
  char b[80];
  switch (t)
    {
    case TY_BOOL:
      return v ? "((_Bool) 1)" : "((_Bool) 0)";
    case TY_I8:
      snprintf (b, sizeof b, "((int8_t) %d)", (int) (int8_t) v);
      return b;
    case TY_U8:
      snprintf (b, sizeof b, "((uint8_t) %u)", (unsigned) (uint8_t) v);
      return b;
    case TY_I16:
      snprintf (b, sizeof b, "((int16_t) %d)", (int) (int16_t) v);
      return b;
    case TY_U16:
      snprintf (b, sizeof b, "((uint16_t) %u)", (unsigned) (uint16_t) v);
      return b;
    case TY_I32:
      if ((uint32_t) v == 0x80000000u)
	return "(-2147483647 - 1)";
      snprintf (b, sizeof b, (int32_t) v < 0 ? "(%d)" : "%d", (int32_t) v);
      return b;
    case TY_U32:
      snprintf (b, sizeof b, "%uu", (uint32_t) v);
      return b;
    case TY_I64:
      if (v == 0x8000000000000000ull)
	return "(-9223372036854775807LL - 1)";
      snprintf (b, sizeof b, (int64_t) v < 0 ? "(%lldLL)" : "%lldLL",
		(long long) v);
      return b;
    case TY_U64:
      snprintf (b, sizeof b, "%lluULL", (unsigned long long) v);
      return b;
    case TY_F32:
      {
	float f;
	uint32_t u = v;
	memcpy (&f, &u, 4);
	if (std::isnan (f))
	  return "__builtin_nanf (\"\")";
	if (std::isinf (f))
	  return f > 0 ? "__builtin_inff ()" : "(-__builtin_inff ())";
	snprintf (b, sizeof b, "(%af)", (double) f);
	return b;
      }
    case TY_F64:
      {
	double d;
	memcpy (&d, &v, 8);
	if (std::isnan (d))
	  return "__builtin_nan (\"\")";
	if (std::isinf (d))
	  return d > 0 ? "__builtin_inf ()" : "(-__builtin_inf ())";
	snprintf (b, sizeof b, "(%a)", d);
	return b;
      }
    default:
      return "0";
    }
}

std::string
printer::zero (fz_ty t)
{
  return cst (t, 0);
}

static const char *
op_name (int op)
{
  switch (op)
    {
    case OP_ADD: return "+";
    case OP_SUB: return "-";
    case OP_MUL: return "*";
    case OP_DIV: return "/";
    case OP_MOD: return "%";
    case OP_AND: return "&";
    case OP_OR: return "|";
    case OP_XOR: return "^";
    case OP_SHL: return "<<";
    case OP_SHR: return ">>";
    case OP_LT: return "<";
    case OP_LE: return "<=";
    case OP_GT: return ">";
    case OP_GE: return ">=";
    case OP_EQ: return "==";
    case OP_NE: return "!=";
    case OP_LAND: return "&&";
    case OP_LOR: return "||";
    default: return "?";
    }
}

/* Is X a constant (not zeroed) with value V of its type?  */
static bool
const_is (fz_expr *x, int64_t *v)
{
  if (x->k != E_CONST || x->zeroed || !fz_is_int (x->ty))
    return false;
  int bits = fz_tys[x->ty].bits;
  uint64_t u = x->ival;
  if (bits < 64 && fz_tys[x->ty].is_signed && (u >> (bits - 1)) & 1)
    u |= ~0ull << bits;
  *v = (int64_t) u;
  return true;
}

/* A binary operation, guarded.  */
std::string
printer::bin (fz_expr *x)
{
  fz_ty t = x->ty;
  std::string a = e (x->ops[0]), b = e (x->ops[1]);
  std::string T = ty (t), U = ut (t), o = op_name (x->op);
  std::string id = std::to_string (x->id);
  bool fl = fz_is_float (t);
  bool sig = fz_tys[t].is_signed && !fl;
  int bits = fz_tys[t].bits;
  switch (x->op)
    {
    case OP_ADD: case OP_SUB: case OP_MUL:
      if (fl)
	return "(" + a + " " + o + " " + b + ")";
      if (x->variant && (t == TY_I32 || t == TY_I64))
	{
	  /* Signed arithmetic on operands too small to overflow.  */
	  bool mul = x->op == OP_MUL;
	  std::string m, h;
	  if (t == TY_I32)
	    {
	      m = mul ? "0x7fff" : "0x3fffffff";
	      h = mul ? "0x4000" : "0x20000000";
	    }
	  else
	    {
	      m = mul ? "0x7fffffffLL" : "0x3fffffffffffffffLL";
	      h = mul ? "0x40000000LL" : "0x2000000000000000LL";
	    }
	  return "((((" + a + ") & " + m + ") - " + h + ") " + o + " (((" + b
		 + ") & " + m + ") - " + h + "))";
	}
      if (t == TY_I8 || t == TY_U8 || t == TY_I16)
	/* Promoted to int, which cannot overflow.  */
	return "((" + T + ") (" + a + " " + o + " " + b + "))";
      if (t == TY_U32 || t == TY_U64)
	return "(" + a + " " + o + " " + b + ")";
      return "((" + T + ") ((" + U + ") " + a + " " + o + " (" + U + ") " + b
	     + "))";
    case OP_DIV: case OP_MOD:
      {
	if (fl)
	  return "(" + a + " / " + b + ")";
	int64_t cv;
	if (const_is (x->ops[1], &cv) && cv != 0 && cv != -1)
	  return "((" + T + ") (" + a + " " + o + " " + b + "))";
	if (!sig)
	  {
	    if (x->variant == 0)
	      return "((" + T + ") (" + a + " " + o + " (" + b + " | 1)))";
	    std::string d = "d_" + id;
	    return "({ " + T + " " + d + " = " + b + "; " + d + " != 0 ? ("
		   + T + ") (" + a + " " + o + " " + d + ") : " + a + "; })";
	  }
	if (x->variant == 0)
	  return "((" + T + ") (" + a + " " + o + " ((" + b + " & 63) + 1)))";
	return "((" + T + ") (" + a + " " + o + " (-(" + b + " & 63) - 2)))";
      }
    case OP_AND: case OP_OR: case OP_XOR:
      return "((" + T + ") (" + a + " " + o + " " + b + "))";
    case OP_SHL:
      return "((" + T + ") ((" + U + ") " + a + " << (" + b + " & "
	     + std::to_string ((bits > 32 ? 64 : 32) - 1) + ")))";
    case OP_SHR:
      return "((" + T + ") (" + a + " >> (" + b + " & "
	     + std::to_string ((bits > 32 ? 64 : 32) - 1) + ")))";
    case OP_MIN: case OP_MAX:
      {
	std::string l = "l_" + id, r = "r_" + id;
	return "({ " + T + " " + l + " = " + a + ", " + r + " = " + b + "; "
	       + l + (x->op == OP_MIN ? " < " : " > ") + r + " ? " + l + " : "
	       + r + "; })";
      }
    default:
      return "0";
    }
}

/* The range of the float values whose truncation fits integer type T, as
   exclusive bounds.  */
static void
int_range (fz_ty t, std::string &lo, std::string &hi)
{
  switch (t)
    {
    case TY_I8: lo = "-129.0"; hi = "128.0"; break;
    case TY_U8: lo = "-1.0"; hi = "256.0"; break;
    case TY_I16: lo = "-32769.0"; hi = "32768.0"; break;
    case TY_U16: lo = "-1.0"; hi = "65536.0"; break;
    case TY_I32: lo = "-2147483649.0"; hi = "2147483648.0"; break;
    case TY_U32: lo = "-1.0"; hi = "4294967296.0"; break;
    case TY_I64: lo = "-9223372036854775808.0"; hi = "9223372036854775808.0";
      break;
    default: lo = "-1.0"; hi = "18446744073709551616.0"; break;
    }
}

/* A conversion, guarded when from a float to an integer.  */
std::string
printer::conv (fz_expr *x)
{
  fz_ty s = x->ops[0]->ty, t = x->ty;
  std::string a = e (x->ops[0]);
  if (fz_is_float (s) && fz_is_int (t) && t != TY_BOOL)
    {
      std::string lo, hi, f = "f_" + std::to_string (x->id);
      int_range (t, lo, hi);
      return "({ " + ty (s) + " " + f + " = " + a + "; " + f + " > " + lo
	     + " && " + f + " < " + hi + " ? (" + ty (t) + ") " + f + " : ("
	     + ty (t) + ") 0; })";
    }
  return "((" + ty (t) + ") " + a + ")";
}

/* A math function call.  */
std::string
printer::call (fz_expr *x)
{
  fz_ty arg = x->ops[0]->ty;
  std::string name = fz_math_names[x->op];
  if (arg == TY_F32)
    name += "f";
  std::string args;
  for (size_t i = 0; i < x->ops.size (); i++)
    args += (i ? ", " : "") + e (x->ops[i]);
  std::string T = ty (arg), id = std::to_string (x->id);
  std::string a0 = e (x->ops[0]);
  std::string base = fz_math_names[x->op];
  /* The functions with a second result through a pointer: the value,
     or (variant 1) that result, which starts as 0 (glibc stores none
     for a NaN or an infinity, nor remquo's quotient for a domain
     error).  remquo's quotient only to its low three bits and its sign,
     which C specifies.  */
  if (base == "frexp")
    return "({ int e_" + id + " = 0; " + T + " m_" + id + " = " + name + " ("
	   + a0 + ", &e_" + id + "); " + (x->variant ? "(" + T + ") e_" + id
					   : "m_" + id) + "; })";
  if (base == "modf")
    return "({ " + T + " i_" + id + " = 0; " + T + " f_" + id + " = " + name
	   + " (" + a0 + ", &i_" + id + "); " + (x->variant ? "i_" : "f_")
	   + id + "; })";
  if (base == "remquo")
    return "({ int q_" + id + " = 0; " + T + " r_" + id + " = " + name + " ("
	   + args + ", &q_" + id + "); " + (x->variant ? "(" + T + ") (q_"
					      + id + " % 8)" : "r_" + id)
	   + "; })";
  if (base == "scalbln")
    return name + " (" + a0 + ", (long) " + e (x->ops[1]) + ")";
  if (base == "cabs" || base == "carg")
    return name + " (__builtin_complex (" + args + "))";
  if (name.compare (0, 5, "lrint") == 0 || name.compare (0, 6, "lround") == 0)
    {
      /* Unspecified out of range: only values that fit.  */
      std::string f = "f_" + std::to_string (x->id);
      return "({ " + ty (arg) + " " + f + " = " + args + "; " + f
	     + " > -1e15 && " + f + " < 1e15 ? (int64_t) " + name + " (" + f
	     + ") : (int64_t) 0; })";
    }
  return name + " (" + args + ")";
}

std::string
printer::e (fz_expr *x)
{
  if (x->zeroed)
    return zero (x->ty);
  switch (x->k)
    {
    case E_CONST:
      return cst (x->ty, x->ival);
    case E_VAR:
      {
	std::string n = nm (x->var);
	if (x->field >= 0)
	  n += "." + p->structs[x->var->sid].fields[x->field].second;
	return n;
      }
    case E_READ:
      {
	fz_array *a = x->arr;
	std::string n = elem (a, x->ops);
	if (x->field >= 0)
	  n += "." + p->structs[a->sid].fields[x->field].second;
	return n;
      }
    case E_ADDR:
      if (x->var)
	return "&" + nm (x->var);
      return "&" + elem (x->arr, x->ops);
    case E_RCALL:
      {
	/* The arguments of the parameters printed; a recursive call
	   passes the caller's on, but for the depth.  */
	fz_routine *r = x->rtn;
	std::string args;
	for (size_t i = 0; i < r->params.size (); i++)
	  {
	    const fz_param &pm = r->params[i];
	    if (!printed (pm))
	      continue;
	    std::string a = !x->self ? e (x->ops[i])
			     : i == 0 ? e (x->ops[0])
			     : pm.v ? pm.v->name : pm.a->name;
	    args += (args.empty () ? "" : ", ") + a;
	  }
	return r->name + " (" + args + ")";
      }
    case E_IDX:
      {
	long d = x->ival;
	std::string a = e (x->ops[0]);
	if (x->variant == 0 && (d & (d - 1)) == 0)
	  return "((" + a + ") & " + std::to_string (d - 1) + ")";
	return "((" + ut (x->ops[0]->ty) + ") (" + a + ") % "
	       + std::to_string (d) + ")";
      }
    case E_BIN:
      return bin (x);
    case E_UN:
      {
	std::string a = e (x->ops[0]);
	if (x->op == OP_LNOT)
	  return "(!" + a + ")";
	if (x->op == OP_NOT)
	  return "((" + ty (x->ty) + ") ~" + a + ")";
	if (fz_is_float (x->ty))
	  return "(-" + a + ")";
	return "((" + ty (x->ty) + ") -(" + ut (x->ty) + ") " + a + ")";
      }
    case E_CMP: case E_LOGIC:
      return "(" + e (x->ops[0]) + " " + op_name (x->op) + " "
	     + e (x->ops[1]) + ")";
    case E_TERN:
      return "(" + e (x->ops[0]) + " ? " + e (x->ops[1]) + " : "
	     + e (x->ops[2]) + ")";
    case E_CONV:
      return conv (x);
    case E_CALL:
      return call (x);
    }
  return "0";
}

/* Element OPS of A.  */
std::string
printer::elem (fz_array *a, const std::vector<fz_expr *> &ops)
{
  std::string n = a->name;
  if (a->flat)
    {
      std::string ix = "(" + e (ops[0]) + ")";
      for (size_t i = 1; i < ops.size (); i++)
	ix = "(" + ix + " * " + std::to_string (a->dims[i]) + " + ("
	     + e (ops[i]) + "))";
      n += "[" + ix + "]";
    }
  else
    for (fz_expr *o : ops)
      n += "[" + e (o) + "]";
  return n;
}

/* The target of S_ASSIGN, S_STORE or S_ATOMIC S.  */
std::string
printer::lvalue (fz_stmt *s)
{
  std::string n;
  if (s->k == S_ASSIGN || (s->k == S_ATOMIC && !s->arr))
    n = nm (s->v);
  else
    {
      fz_array *a = s->arr;
      n = a->name;
      if (a->flat)
	{
	  std::string ix = "(" + e (s->idx[0]) + ")";
	  for (size_t i = 1; i < s->idx.size (); i++)
	    ix = "(" + ix + " * " + std::to_string (a->dims[i]) + " + ("
		 + e (s->idx[i]) + "))";
	  n += "[" + ix + "]";
	}
      else
	for (fz_expr *o : s->idx)
	  n += "[" + e (o) + "]";
    }
  if (s->field >= 0)
    {
      int sid = s->k == S_ASSIGN ? s->v->sid : s->arr->sid;
      n += "." + p->structs[sid].fields[s->field].second;
    }
  return n;
}

/* Update X in form U (fz.h: x++, x OP= e, x = e OP x...) by OP with
   operand E.  */
static std::string
update (const std::string &x, int u, int op, const std::string &e)
{
  std::string o = op_name (op);
  switch (u)
    {
    case 0: return x + "++";
    case 1: return "++" + x;
    case 2: return x + "--";
    case 3: return "--" + x;
    case 4: return x + " " + o + "= " + e;
    case 5: return x + " = " + x + " " + o + " " + e;
    case 6: return x + " = " + e + " " + o + " " + x;
    default: return x + " = " + e;
    }
}

/* The directive of atomic S (not a capture).  */
static std::string
atomic_directive (fz_stmt *s)
{
  if (s->atomic == AT_WRITE)
    return "#pragma acc atomic write";
  if (s->atomic == AT_READ)
    return "#pragma acc atomic read";
  return (s->aform & AF_BARE) ? "#pragma acc atomic"
	 : "#pragma acc atomic update";
}

/* S_STORE S made an atomic write or update of its own element.  */
void
printer::atomic_store (fz_stmt *s)
{
  std::string x = lvalue (s);
  int u = s->aform & AF_UPDATE;
  /* The forms that name x twice name the same expression: not two
     statement expressions (their declarations differ).  */
  if ((u == 5 || u == 6) && x.find ("({") != std::string::npos)
    u = 4;
  if (!s->plain)
    line (atomic_directive (s));
  line (update (x, u, s->aop, e (s->e)) + ";");
}

/* Atomic construct S.  */
void
printer::atomic (fz_stmt *s)
{
  if (s->atomic == AT_READ)
    {
      std::string v = s->av->name, t = ty (s->av->ty);
      if (s->plain)
	{
	  line (t + " " + v + " = " + e (s->e) + ";");
	  return;
	}
      line (t + " " + v + ";");
      line (atomic_directive (s));
      line (v + " = " + e (s->e) + ";");
      return;
    }
  bool capture = s->atomic == AT_CAPTURE;
  bool block = capture;
  std::string id = std::to_string (s->id);
  std::vector<std::string> pre;
  /* An element whose index has a statement expression is named through
     a temporary: the forms that name it twice must name one expression.  */
  std::string x = lvalue (s);
  if (s->arr && x.find ("({") != std::string::npos)
    {
      pre.push_back ("uint32_t k_" + id + " = " + e (s->idx[0]) + ";");
      x = s->arr->name + "[k_" + id + "]";
      block = true;
    }
  std::string tx;
  fz_ty tt = TY_U64;
  if (capture && s->tv)
    {
      tx = s->tv->name;
      tt = s->tv->ty;
    }
  else if (capture && s->tarr)
    {
      tx = s->tarr->name + "[" + e (s->e2) + "]";
      tt = s->tarr->ty;
      if (tx.find ("({") != std::string::npos)
	{
	  pre.push_back ("uint32_t kt_" + id + " = " + e (s->e2) + ";");
	  tx = s->tarr->name + "[kt_" + id + "]";
	}
    }
  if (block)
    {
      line ("{");
      ind += 2;
    }
  for (const std::string &l : pre)
    line (l);
  int u = s->aform & AF_UPDATE;
  std::string upd = update (x, u, s->aop, s->e ? e (s->e) : "");
  if (!capture)
    {
      line (atomic_directive (s));
      line (upd + ";");
    }
  else
    {
      std::string v = s->av->name;
      line (ty (s->av->ty) + " " + v + ";");
      line ("#pragma acc atomic capture");
      switch ((s->aform >> AF_CAPTURE_SHIFT) & 3)
	{
	case 0: line (v + " = " + upd + ";"); break;
	case 1: line ("{ " + v + " = " + x + "; " + upd + "; }"); break;
	default: line ("{ " + upd + "; " + v + " = " + x + "; }"); break;
	}
      if (!tx.empty ())
	{
	  /* The value captured, combined into another target.  */
	  line ("#pragma acc atomic update");
	  line (update (tx, s->tform, s->top, "(" + ty (tt) + ") " + v) + ";");
	}
    }
  if (block)
    {
      ind -= 2;
      line ("}");
    }
}

void
printer::body (const std::vector<fz_stmt *> &b)
{
  line ("{");
  ind += 2;
  for (fz_stmt *s : b)
    if (!s->dropped)
      stmt (s);
  ind -= 2;
  line ("}");
}

/* The header of loop L.  */
std::string
printer::loop_head (const fz_loop &l)
{
  std::string T = ty (l.v->ty), v = l.v->name;
  std::string hi = l.rt ? nm (l.rt) : std::to_string (l.hi);
  std::string lo = std::to_string (l.lo), step = std::to_string (l.step);
  std::string inc = l.step == 1 ? v + "++" : v + " += " + step;
  switch (l.form)
    {
    case 1:
      return "for (" + T + " " + v + " = " + lo + "; " + v + " <= " + hi
	     + " - 1; " + inc + ")";
    case 2:
      return "for (" + T + " " + v + " = " + hi + " - 1; " + v + " >= " + lo
	     + "; " + (l.step == 1 ? v + "--" : v + " -= " + step) + ")";
    default:
      return "for (" + T + " " + v + " = " + lo + "; " + v + " < " + hi
	     + "; " + inc + ")";
    }
}

/* The reduction clauses of REDS: one per operator, in the order of their
   first variables.  */
std::string
printer::red_clauses (const std::vector<fz_red> &reds)
{
  std::string c;
  std::vector<bool> done (reds.size ());
  for (size_t i = 0; i < reds.size (); i++)
    {
      if (done[i])
	continue;
      int op = reds[i].op;
      std::string list;
      for (size_t j = i; j < reds.size (); j++)
	if (reds[j].op == op)
	  {
	    list += (list.empty () ? "" : ", ") + reds[j].v->name;
	    done[j] = true;
	  }
      c += std::string (" reduction (")
	   + (op == OP_MIN ? "min" : op == OP_MAX ? "max" : op_name (op))
	   + ":" + list + ")";
    }
  return c;
}

/* The level clauses of OpenACC loop S.  */
std::string
printer::level_clauses (fz_stmt *s)
{
  std::string c;
  if (s->seq)
    c += " seq";
  else if (!s->levels)
    {
      static const char *const forms[] = { "", " auto", " independent" };
      c += forms[s->auto_form];
    }
  if (s->levels & LV_G)
    c += " gang";
  if (s->levels & LV_W)
    c += " worker";
  if (s->levels & LV_V)
    c += " vector";
  if (s->independent && (s->levels || s->auto_form != 2))
    c += " independent";
  if (s->collapse)
    c += " collapse (" + std::to_string (s->collapse) + ")";
  if (!s->tile.empty ())
    {
      c += " tile (";
      for (size_t i = 0; i < s->tile.size (); i++)
	c += (i ? ", " : "")
	     + (s->tile[i] ? std::to_string (s->tile[i]) : std::string ("*"));
      c += ")";
    }
  std::string priv;
  for (fz_var *v : s->private_vars)
    priv += (priv.empty () ? "" : ", ") + nm (v);
  for (fz_array *a : s->private_arrays)
    if (a->uses)
      priv += (priv.empty () ? "" : ", ") + a->name;
  if (!priv.empty ())
    c += " private (" + priv + ")";
  /* Reductions the loop updates without the clause: the plugin gives it
     the clause, with a warning.  */
  if (!s->red_implicit)
    c += red_clauses (s->reds);
  return c;
}

void
printer::acc_loop (fz_stmt *s)
{
  int nest = s->collapse ? s->collapse : (int) s->tile.size ();
  for (size_t i = 0; i < s->loops.size (); i++)
    {
      if (i == 0)
	line ("#pragma acc loop" + level_clauses (s));
      line (loop_head (s->loops[i]));
      if ((int) i + 1 >= nest && i + 1 < s->loops.size ())
	{
	  /* A loop of the nest no longer collapsed: a plain one.  */
	  line ("{");
	  ind += 2;
	}
    }
  body (s->body);
  for (size_t i = 0; i < s->loops.size (); i++)
    if ((int) i + 1 >= nest && i + 1 < s->loops.size ())
      {
	ind -= 2;
	line ("}");
      }
}

/* Does REGION store A whole, as its first loop's first statement, and
   not read it before?  Only then is 'copyout' right: the reducer may have
   dropped the loop, or made it run fewer trips.  */
bool
printer::stores_whole (fz_stmt *region, fz_array *a)
{
  if (!region->combined || region->body.empty () || region->body[0]->dropped)
    return false;
  fz_stmt *loop = region->body[0];
  if (loop->k != S_ACCLOOP)
    return false;
  for (const fz_loop &l : loop->loops)
    if (l.lo != 0 || l.step != 1 || l.hi != l.v->value)
      return false;
  for (fz_stmt *s : loop->body)
    if (s->k == S_STORE && s->arr == a && s->fixed && !s->dropped)
      return true;
  return false;
}

/* The data section of A in a clause.  */
std::string
printer::section (fz_array *a)
{
  if (!a->param)
    return a->name;
  return a->name + "[0:" + std::to_string (a->flat ? total (a) : a->dims[0])
	 + "]";
}

/* Whether any region printed has an async clause.  */
bool
printer::queued ()
{
  for (fz_stmt *s : p->top)
    {
      if (s->dropped)
	continue;
      if (s->k == S_REGION && s->async >= 0)
	return true;
      if (s->k == S_DATA)
	for (fz_stmt *r : s->body)
	  if (!r->dropped && r->async >= 0)
	    return true;
    }
  return false;
}

/* The wait list "(Q1, Q2...)" of queues QS.  */
static std::string
queue_list (const std::vector<int> &qs)
{
  std::string list;
  for (int q : qs)
    list += (list.empty () ? "(" : ", ") + std::to_string (q);
  return list + ")";
}

/* acc_wait of each of queues QS.  */
void
printer::acc_waits (const std::vector<int> &qs)
{
  for (int q : qs)
    line ("acc_wait (" + std::to_string (q) + ");");
}

/* Wait for the queues in PENDING, in FORM (fz_program::final_wait): 0 the
   wait directive, 1 the directive with the queues' list, 2 acc_wait_all,
   3 acc_wait of each queue, 4 a loop on acc_async_test_all.  The lists
   never name acc_async_noval's queue: a list with it waits for all.  */
void
printer::wait_pending (int form)
{
  bool noval = std::count (pending.begin (), pending.end (), 4);
  if (noval && (form == 1 || form == 3))
    form = form == 1 ? 0 : 2;
  switch (form)
    {
    case 0:
      line ("#pragma acc wait");
      break;
    case 1:
      line ("#pragma acc wait " + queue_list (pending));
      break;
    case 2:
      line ("acc_wait_all ();");
      break;
    case 3:
      acc_waits (pending);
      break;
    default:
      line ("while (!acc_async_test_all ())");
      line ("  ;");
      break;
    }
  pending.clear ();
}

/* Print the waits that must come before region S, and return the clauses
   its directive gets: a synchronous region waits for every queue; a
   queued one for the queues before it that are not its own, in its
   wait_form: 0 a wait clause, 1 a wait directive, 2 acc_wait of each
   queue, 3 a wait directive with S's async clause (the queue waits, not
   the host).  After a queued region, its queue is all that is pending:
   what it waited for finished before it.  */
std::string
printer::queue_waits (fz_stmt *s)
{
  if (s->async < 0)
    {
      if (!pending.empty ())
	wait_pending (0);
      return "";
    }
  std::vector<int> others;
  for (int q : pending)
    if (q != s->async)
      others.push_back (q);
  std::string r = s->async == 4 ? " async"
		  : " async (" + std::to_string (s->async) + ")";
  if (!others.empty ())
    {
      std::string list = queue_list (others);
      int form = s->wait_form;
      if (std::count (others.begin (), others.end (), 4))
	form = -1;
      switch (form)
	{
	case -1:
	  line ("#pragma acc wait");
	  break;
	case 0:
	  r += " wait " + list;
	  break;
	case 1:
	  line ("#pragma acc wait " + list);
	  break;
	case 2:
	  acc_waits (others);
	  break;
	default:
	  line ("#pragma acc wait " + list + r);
	  break;
	}
    }
  pending.assign (1, s->async);
  return r;
}

/* The clauses of region or data construct S (DATA: the data construct,
   whose regions S->body are).  */
void
printer::used_data (fz_stmt *s, bool data, std::set<fz_array *> &arrs,
		     std::set<fz_var *> &gs)
{
  if (data)
    for (fz_stmt *r : s->body)
      {
	if (r->dropped)
	  continue;
	arrs.insert (region_arrays[r->region].begin (),
		     region_arrays[r->region].end ());
	gs.insert (region_gscalars[r->region].begin (),
		   region_gscalars[r->region].end ());
      }
  else
    {
      arrs = region_arrays[s->region];
      gs = region_gscalars[s->region];
    }
}

std::string
printer::clauses (fz_stmt *s, bool data)
{
  std::set<fz_array *> arrs;
  std::set<fz_var *> gs;
  used_data (s, data, arrs, gs);
  std::vector<std::string> in, io, cr, co;
  for (int id = 0; id < (int) p->arrays.size (); id++)
    {
      fz_array *a = p->arrays[id];
      if (!arrs.count (a))
	continue;
      if (a->role == fz_array::INPUT)
	in.push_back (section (a));
      else if (a->role == fz_array::OUTPUT && a->copyout && !data
	       && stores_whole (s, a))
	co.push_back (section (a));
      else if (a->role == fz_array::OUTPUT)
	io.push_back (section (a));
      else if (a->role == fz_array::SCRATCH)
	cr.push_back (section (a));
    }
  for (fz_var *v : p->vars)
    if (gs.count (v))
      (v->output ? io : in).push_back (v->name);
  auto list = [] (const char *name, const std::vector<std::string> &l) {
    std::string r;
    if (l.empty ())
      return r;
    r = std::string (" ") + name + " (";
    for (size_t i = 0; i < l.size (); i++)
      r += (i ? ", " : "") + l[i];
    return r + ")";
  };
  if (!data && s->present)
    {
      std::vector<std::string> all = in;
      all.insert (all.end (), io.begin (), io.end ());
      all.insert (all.end (), cr.begin (), cr.end ());
      all.insert (all.end (), co.begin (), co.end ());
      return list ("present", all);
    }
  return list ("copyin", in) + list ("copy", io) + list ("copyout", co)
	 + list ("create", cr);
}

void
printer::stmt (fz_stmt *s)
{
  switch (s->k)
    {
    case S_DECL:
      line (ty (s->v->ty, s->v->sid) + " " + s->v->name + " = " + e (s->e)
	    + ";");
      return;
    case S_ASSIGN:
    case S_STORE:
      if (s->atomic)
	atomic_store (s);
      else
	line (lvalue (s) + " = " + e (s->e) + ";");
      return;
    case S_ATOMIC:
      atomic (s);
      return;
    case S_CALL:
      line (e (s->e) + ";");
      return;
    case S_RETURN:
      if (cur_routine && cur_routine->dtab)
	{
	  /* Through the unit's declared table (routines ()).  */
	  std::string t = ty (cur_routine->ret);
	  line ("return (" + t + ") ((" + e (s->e) + ") ^ (" + t + ") dtab_"
		+ cur_routine->name + "["
		+ std::to_string ((cur_routine->num * 7 + 3) % 16) + "]);");
	}
      else
	line ("return " + e (s->e) + ";");
      return;
    case S_IF:
      if (s->unwrap)
	{
	  /* The reducer kept one arm.  */
	  body (s->unwrap == 1 ? s->body : s->body2);
	  return;
	}
      line ("if (" + e (s->e) + ")");
      body (s->body);
      if (!s->body2.empty ())
	{
	  line ("else");
	  body (s->body2);
	}
      return;
    case S_SWITCH:
      line ("switch (" + e (s->e) + ")");
      line ("{");
      ind += 2;
      for (fz_stmt *c : s->body)
	{
	  if (c->dropped)
	    continue;
	  if (c->cases.empty ())
	    line ("default:");
	  for (long v : c->cases)
	    line ("case " + std::to_string (v) + ":");
	  ind += 2;
	  body (c->body);
	  if (c->brk)
	    line ("break;");
	  ind -= 2;
	}
      ind -= 2;
      line ("}");
      return;
    case S_CASE:
      return;
    case S_FOR:
      if (s->unwrap)
	{
	  /* The reducer kept one trip.  */
	  const fz_loop &l = s->loops[0];
	  line ("{");
	  ind += 2;
	  line (ty (l.v->ty) + " " + l.v->name + " = "
		+ std::to_string (l.form == 2 ? l.hi - 1 : l.lo) + ";");
	  body (s->body);
	  ind -= 2;
	  line ("}");
	  return;
	}
      line (loop_head (s->loops[0]));
      body (s->body);
      return;
    case S_WHILE:
    case S_DO:
      if (s->cap < 0)
	{
	  /* The reducer kept one trip.  */
	  line ("uint32_t " + s->counter->name + " = 0;");
	  body (s->body);
	  return;
	}
      if (s->k == S_DO)
	{
	  line ("uint32_t " + s->counter->name + " = 0;");
	  line ("do");
	  body (s->body);
	  line ("while (++" + s->counter->name + " < "
		+ std::to_string (s->cap) + " && " + e (s->e) + ");");
	  return;
	}
      line ("uint32_t " + s->counter->name + " = 0;");
      line ("while (" + s->counter->name + "++ < " + std::to_string (s->cap)
	    + " && " + e (s->e) + ")");
      body (s->body);
      return;
    case S_BREAK:
      line ("break;");
      return;
    case S_CONTINUE:
      line ("continue;");
      return;
    case S_GOTO:
      line ("if (" + e (s->e) + ")");
      line ("  goto " + s->label + ";");
      return;
    case S_LABEL:
      if (used_labels.count (s->label))
	line (s->label + ":;");
      return;
    case S_IRRED:
      line ("uint32_t " + s->counter->name + " = 0;");
      if (s->cap < 0)
	{
	  /* Unwrapped by the reducer: each part once, no cycle.  */
	  body (s->body);
	  body (s->body2);
	  return;
	}
      line ("if (" + e (s->e) + ")");
      line ("  goto " + s->label2 + ";");
      ind -= 1;
      line (s->label + ":");
      ind += 1;
      body (s->body);
      ind -= 1;
      line (s->label2 + ":");
      ind += 1;
      body (s->body2);
      line ("if (" + e (s->e2) + " && ++" + s->counter->name + " < "
	    + std::to_string (s->cap) + ")");
      line ("  goto " + s->label + ";");
      return;
    case S_ACCLOOP:
      acc_loop (s);
      return;
    case S_ARRDECL:
    case S_FILL:
      {
	fz_array *a = s->arr;
	std::string k = std::to_string (a->dims[0]);
	if (s->k == S_ARRDECL)
	  line (ty (a->ty) + " " + a->name + "[" + k + "];");
	line ("for (int32_t " + s->v->name + " = 0; " + s->v->name + " < " + k
	      + "; " + s->v->name + "++)");
	line ("  " + a->name + "[" + s->v->name + "] = " + e (s->e) + ";");
	return;
      }
    case S_REGION:
      launch_site (s);
      return;
    case S_DATA:
      if (s->cap < 0)
	{
	  /* The reducer removed the data construct.  */
	  for (fz_stmt *r : s->body)
	    if (!r->dropped)
	      stmt (r);
	  return;
	}
      data_construct (s);
      return;
    }
}

/* Data construct S, in its data_form: a data construct; enter data
   before its regions and exit data after; or the data API's calls.  The
   regions of its body may be followed by an update self and an update
   device of the construct's outputs, which leave the device's copies as
   they were, on the queue of the region before them (update_async).  */
void
printer::data_construct (fz_stmt *s)
{
  /* What the construct copies in or out is what queued regions use.  */
  if (!pending.empty ())
    wait_pending (0);
  std::string dc = clauses (s, true);
  /* Forms 1 and 2 on a queue: async clauses, the API's _async calls,
     then a wait for the queue after the exit.  */
  std::string aq = s->data_async < 0 ? ""
		   : s->data_async == 4 ? " async"
		   : " async (" + std::to_string (s->data_async) + ")";
  if (s->data_form == 0)
    line ("#pragma acc data" + dc + " if (on_dev)");
  else if (s->data_form == 1)
    {
      /* copyin and copy: copyin; create: create.  */
      std::string enter = dc, exit = dc;
      auto swap = [] (std::string &t, const std::string &from,
		      const std::string &to) {
	for (size_t at = 0; (at = t.find (from, at)) != std::string::npos;
	     at += to.size ())
	  t.replace (at, from.size (), to);
      };
      swap (enter, " copy (", " copyin (");
      swap (exit, " copyin (", " delete (");
      swap (exit, " copy (", " copyout (");
      swap (exit, " create (", " delete (");
      if (!enter.empty ())
	line ("#pragma acc enter data" + enter + aq + " if (on_dev)");
      s->exit_clauses = exit;
    }
  else
    data_api (s, true);
  line ("{");
  ind += 2;
  std::string outputs;
  {
    std::set<fz_array *> arrs;
    std::set<fz_var *> gs;
    used_data (s, true, arrs, gs);
    for (fz_array *a : p->arrays)
      if (arrs.count (a) && a->role == fz_array::OUTPUT)
	outputs += (outputs.empty () ? "" : ", ") + section (a);
  }
  for (fz_stmt *r : s->body)
    {
      if (r->dropped)
	continue;
      stmt (r);
      if (r->update && !outputs.empty ())
	{
	  /* On the region's queue (all that is pending after it), or
	     after waiting for the queues.  */
	  std::string q;
	  if (r->update_async && r->async >= 0)
	    q = r->async == 4 ? " async"
		: " async (" + std::to_string (r->async) + ")";
	  else if (!pending.empty ())
	    wait_pending (0);
	  line ("#pragma acc update self (" + outputs + ")" + q + " if (on_dev)");
	  line ("#pragma acc update device (" + outputs + ")" + q
		+ " if (on_dev)");
	}
    }
  if (!pending.empty ())
    wait_pending (p->final_wait);
  ind -= 2;
  line ("}");
  if (s->data_form == 1 && !s->exit_clauses.empty ())
    line ("#pragma acc exit data" + s->exit_clauses + aq + " if (on_dev)");
  else if (s->data_form == 2)
    data_api (s, false);
  if (s->data_async == 4)
    line ("#pragma acc wait");
  else if (s->data_async >= 0)
    line ("#pragma acc wait (" + std::to_string (s->data_async) + ")");
}

/* The data API's calls of data construct S: before its regions (ENTER),
   acc_copyin of what it reads, acc_create of its scratch arrays; after,
   acc_copyout of its outputs, acc_delete of the rest.  */
void
printer::data_api (fz_stmt *s, bool enter)
{
  std::set<fz_array *> arrs;
  std::set<fz_var *> gs;
  used_data (s, true, arrs, gs);
  std::vector<std::string> calls;
  /* On the construct's queue: the _async forms.  */
  std::string q = s->data_async < 0 ? ""
		  : s->data_async == 4 ? ", acc_async_noval"
		  : ", " + std::to_string (s->data_async);
  auto call = [&] (const char *fn, const std::string &addr,
		   const std::string &bytes) {
    calls.push_back (std::string (fn) + (q.empty () ? "" : "_async") + " ("
		     + addr + ", " + bytes + q + ");");
  };
  for (fz_array *a : p->arrays)
    {
      /* The arrays of the construct's clauses (clauses ()).  */
      if (!arrs.count (a)
	  || (a->role != fz_array::INPUT && a->role != fz_array::OUTPUT
	      && a->role != fz_array::SCRATCH))
	continue;
      std::string bytes
	= a->param ? std::to_string (a->flat ? total (a) : a->dims[0])
		     + " * sizeof *" + a->name
		   : "sizeof " + a->name;
      bool scratch = a->role == fz_array::SCRATCH;
      bool out = a->role == fz_array::OUTPUT;
      if (enter)
	call (scratch ? "acc_create" : "acc_copyin", a->name, bytes);
      else
	call (out ? "acc_copyout" : "acc_delete", a->name, bytes);
    }
  for (fz_var *v : p->vars)
    if (gs.count (v))
      call (enter ? "acc_copyin" : v->output ? "acc_copyout" : "acc_delete",
	    "&" + v->name, "sizeof " + v->name);
  if (calls.empty ())
    return;
  line ("if (on_dev)");
  line ("  {");
  for (const std::string &c : calls)
    line ("    " + c);
  line ("  }");
}

/* Whether a data construct printed is spelled with the data API.  */
bool
printer::uses_data_api ()
{
  for (fz_stmt *s : p->top)
    if (!s->dropped && s->k == S_DATA && s->cap >= 0 && s->data_form == 2)
      return true;
  return false;
}

/* Region S: its directive and its body.  */
void
printer::region (fz_stmt *s)
{
  static const char *const names[] = { "parallel", "serial", "kernels" };
  cur_region = s->region;
  std::string c = std::string ("#pragma acc ") + names[s->construct];
  fz_stmt *loop = nullptr;
  if (s->combined && !s->body.empty () && !s->body[0]->dropped
      && s->body[0]->k == S_ACCLOOP)
    {
      loop = s->body[0];
      c += " loop" + level_clauses (loop);
    }
  if (s->num_gangs)
    c += " num_gangs (" + std::to_string (s->num_gangs) + ")";
  if (s->num_gangs_rt)
    c += " num_gangs (" + nm (s->num_gangs_rt) + ")";
  if (s->num_workers)
    c += " num_workers (" + std::to_string (s->num_workers) + ")";
  if (s->num_workers_rt)
    c += " num_workers (" + nm (s->num_workers_rt) + ")";
  if (s->vector_length)
    c += " vector_length (" + std::to_string (s->vector_length) + ")";
  if (s->vector_length_rt)
    c += " vector_length (" + nm (s->vector_length_rt) + ")";
  c += " if (on_dev)";
  c += clauses (s, false) + scalar_clauses (s);
  std::string fp, pv;
  for (fz_var *v : s->firstprivate)
    fp += (fp.empty () ? "" : ", ") + nm (v);
  for (fz_var *v : s->private_vars)
    pv += (pv.empty () ? "" : ", ") + nm (v);
  if (!fp.empty ())
    c += " firstprivate (" + fp + ")";
  if (!pv.empty ())
    c += " private (" + pv + ")";
  c += red_clauses (s->reds);
  c += queue_waits (s);
  line (c);
  if (loop)
    {
      /* The loop's own directive is the construct's.  */
      std::string saved = out;
      acc_loop (loop);
      size_t at = out.find ("#pragma acc loop", saved.size ());
      size_t eol = out.find ('\n', at);
      out.erase (at, eol - at + 1);
    }
  else
    body (s->body);
}

/* The name of V in the code being printed.  */
std::string
printer::nm (const fz_var *v) const
{
  auto it = alias.find (v);
  return it == alias.end () ? v->name : it->second;
}

/* How region S uses scalar V of compute () (SF_*).  */
int
printer::sform (fz_stmt *s, fz_var *v)
{
  for (auto &f : s->sforms)
    if (f.first == v)
      return f.second;
  return SF_PLAIN;
}

/* The scalars of compute () that region S uses in FORM (-1: all), in
   the order of their creation.  */
std::vector<fz_var *>
printer::used_scalars (fz_stmt *s, int form)
{
  std::vector<fz_var *> r;
  const std::set<fz_var *> &used = region_vars[s->region];
  for (fz_var *v : p->vars)
    if (used.count (v) && (form < 0 || sform (s, v) == form))
      r.push_back (v);
  return r;
}

/* The copyin and copy clauses of the scalars of region S.  */
std::string
printer::scalar_clauses (fz_stmt *s)
{
  std::string c;
  for (int f : { SF_COPYIN, SF_COPY })
    {
      std::string list;
      for (fz_var *v : used_scalars (s, f))
	list += (list.empty () ? "" : ", ") + nm (v);
      if (!list.empty ())
	c += std::string (f == SF_COPYIN ? " copyin (" : " copy (") + list
	     + ")";
    }
  return c;
}

/* Region S in a block whose locals copy the scalars it reads through
   them (SF_LOCAL), inside a data construct (the enclosing one, or one
   of its own with the region's data clauses, whose end the runtime
   waits at): GCC maps such locals by reference, and they die when the
   block ends, maybe before the region runs.  Without such scalars, the
   region alone.  */
void
printer::local_block (fz_stmt *s)
{
  std::vector<fz_var *> locals = used_scalars (s, SF_LOCAL);
  if (locals.empty ())
    {
      region (s);
      return;
    }
  bool present = s->present;
  std::string dc;
  if (!present)
    {
      cur_region = s->region;
      dc = clauses (s, false);
    }
  if (!dc.empty ())
    {
      line ("#pragma acc data" + dc + " if (on_dev)");
      s->present = true;
    }
  line ("{");
  ind += 2;
  for (fz_var *v : locals)
    {
      alias[v] = v->name + "_l";
      line (ty (v->ty) + " " + nm (v) + " = " + v->name + ";");
    }
  region (s);
  alias.clear ();
  s->present = present;
  ind -= 2;
  line ("}");
}

/* The parameter declaration of array A, a pointer.  */
std::string
printer::array_param (fz_array *a)
{
  std::string T = ty (a->ty, a->sid);
  if (a->flat || a->dims.size () == 1)
    return T + " *" + a->name;
  return T + " (*" + a->name + ")[" + std::to_string (a->dims[1]) + "]";
}

/* Print the signature SIG (after its return type), broken before 79
   columns.  */
void
printer::signature_lines (std::string sig)
{
  while (sig.size () > 78)
    {
      size_t at = sig.rfind (", ", 77);
      if (at == std::string::npos || at < 10)
	break;
      line (sig.substr (0, at + 1));
      sig = std::string (sig.find ('(') + 1, ' ') + sig.substr (at + 2);
    }
  line (sig);
}

/* Region S in a function of its own, launch_N, printed into
   launch_text, and its call where S stands: the function's parameters
   are the scalars of compute () that S uses (its own locals now, which
   die when it returns, maybe before S runs) and the arrays passed to
   compute ().  */
void
printer::launcher (fz_stmt *s)
{
  std::string saved;
  saved.swap (out);
  int saved_ind = ind;
  ind = 0;
  std::string name = "launch_" + std::to_string (s->region);
  std::string params = "int on_dev", args = "on_dev";
  for (fz_var *v : used_scalars (s, -1))
    {
      params += ", " + ty (v->ty) + " " + v->name;
      args += ", " + v->name;
    }
  for (fz_array *a : p->arrays)
    if (a->uses && a->param && global (a)
	&& region_arrays[s->region].count (a))
      {
	params += ", " + array_param (a);
	args += ", " + a->name;
      }
  line ("/* Region " + std::to_string (s->region) + ", launched by a "
	"function that returns at once.  */");
  line ("__attribute__ ((noipa)) static void");
  signature_lines (name + " (" + params + ")");
  line ("{");
  ind += 2;
  for (fz_array *a : p->arrays)
    if (a->uses && a->role == fz_array::PRIVATE && global (a)
	&& region_arrays[s->region].count (a))
      line (ty (a->ty) + " " + a->name + "[" + std::to_string (a->dims[0])
	    + "];");
  local_block (s);
  ind -= 2;
  line ("}");
  line ("");
  launch_text += out;
  out.swap (saved);
  ind = saved_ind;
  signature_lines (name + " (" + args + ");");
}

/* Region S where compute () has it: under its rounding mode, in a
   function of its own or in compute (), then the changes compute ()
   makes to the scalars S read.  */
void
printer::launch_site (fz_stmt *s)
{
  static const char *const modes[] = { "FE_TONEAREST", "FE_UPWARD",
				       "FE_DOWNWARD", "FE_TOWARDZERO" };
  if (s->rounding)
    line (std::string ("fesetround (") + modes[s->rounding] + ");");
  if (s->launcher)
    launcher (s);
  else
    local_block (s);
  const std::set<fz_var *> &used = region_vars[s->region];
  for (fz_var *v : s->changes)
    {
      if (!used.count (v))
	continue;
      std::string x = v->name, T = ty (v->ty);
      if (v->ty == TY_BOOL)
	line (x + " = !" + x + ";");
      else if (fz_is_float (v->ty))
	line (x + " = " + x + " * (" + T + ") 0.75 + (" + T + ") 1;");
      else
	line (x + " = (" + T + ") ((" + ut (v->ty) + ") " + x
	      + " * 5u + 3u);");
    }
  if (s->scrub)
    line ("scrub ();");
  if (s->rounding)
    {
      if (s->round_wait && !pending.empty ())
	wait_pending (0);
      line ("fesetround (FE_TONEAREST);");
    }
}

/* Whether the program calls cabs or carg (<complex.h>): any node of the
   tree, printed or not.  */
bool
printer::uses_complex ()
{
  for (fz_expr *x : p->all_exprs)
    if (x->k == E_CALL)
      {
	std::string n = fz_math_names[x->op];
	if (n == "cabs" || n == "carg")
	  return true;
      }
  return false;
}

/* Whether F holds for a region printed.  */
bool
printer::any_region (bool (*f) (const fz_stmt *))
{
  for (fz_stmt *s : p->top)
    {
      if (s->dropped)
	continue;
      if (s->k == S_REGION && f (s))
	return true;
      if (s->k == S_DATA)
	for (fz_stmt *r : s->body)
	  if (!r->dropped && f (r))
	    return true;
    }
  return false;
}

/* Usage: which variables, arrays and labels the printed program names,
   and what each region uses.  */
void
printer::scan_expr (fz_expr *x)
{
  if (x->zeroed)
    return;
  if (x->var)
    {
      x->var->uses++;
      if (x->var->kind == fz_var::GSCALAR && cur_region >= 0)
	region_gscalars[cur_region].insert (x->var);
      note_scalar (x->var);
    }
  if (x->arr)
    {
      x->arr->uses++;
      if (cur_region >= 0)
	region_arrays[cur_region].insert (x->arr);
    }
  if (x->k == E_RCALL)
    {
      /* A call makes its routine printed (a call from a routine, if that
	 routine is); its arguments count where their parameters do (the
	 callee was scanned before).  */
      fz_routine *r = x->rtn;
      if (cur_rtn < 0)
	{
	  rlive[r->idx] = true;
	  if (r->aux)
	    xcalled[r->idx] = true;
	}
      else if (r->idx != cur_rtn)
	rcallees[cur_rtn].push_back (r->idx);
      if (x->self)
	{
	  scan_expr (x->ops[0]);
	  return;
	}
      for (size_t i = 0; i < r->params.size (); i++)
	if (printed (r->params[i]))
	  scan_expr (x->ops[i]);
      return;
    }
  for (fz_expr *o : x->ops)
    scan_expr (o);
}

void
printer::scan_stmt (fz_stmt *s)
{
  if (s->dropped)
    return;
  if (s->k == S_REGION)
    cur_region = s->region;
  bool unwrapped = s->cap < 0 && (s->k == S_IRRED || s->k == S_WHILE
				  || s->k == S_DO);
  if (s->e && !unwrapped && s->unwrap == 0)
    scan_expr (s->e);
  if (s->e2 && !unwrapped)
    scan_expr (s->e2);
  for (fz_expr *x : s->idx)
    scan_expr (x);
  if (s->v && (s->k == S_ASSIGN || s->k == S_DECL || s->k == S_ATOMIC))
    {
      s->v->uses++;
      if (s->v->kind == fz_var::GSCALAR && cur_region >= 0)
	region_gscalars[cur_region].insert (s->v);
      note_scalar (s->v);
    }
  if (s->tv)
    {
      s->tv->uses++;
      if (cur_region >= 0)
	region_gscalars[cur_region].insert (s->tv);
    }
  if (s->tarr)
    {
      s->tarr->uses++;
      if (cur_region >= 0)
	region_arrays[cur_region].insert (s->tarr);
    }
  if (s->arr)
    {
      s->arr->uses++;
      if (cur_region >= 0)
	region_arrays[cur_region].insert (s->arr);
    }
  if (s->k == S_GOTO)
    used_labels.insert (s->label);
  for (const fz_loop &l : s->loops)
    if (l.rt)
      {
	l.rt->uses++;
	note_scalar (l.rt);
      }
  for (fz_var *v : { s->num_gangs_rt, s->num_workers_rt,
		     s->vector_length_rt })
    if (v)
      {
	v->uses++;
	note_scalar (v);
      }
  for (fz_var *v : s->firstprivate)
    {
      v->uses++;
      note_scalar (v);
    }
  for (fz_var *v : s->private_vars)
    {
      v->uses++;
      note_scalar (v);
    }
  /* A reduction's variable is declared, and a global one mapped and
     compared, even when no update is left.  */
  for (const fz_red &r : s->reds)
    {
      r.v->uses++;
      if (r.v->kind == fz_var::GSCALAR && cur_region >= 0)
	region_gscalars[cur_region].insert (r.v);
    }
  if (s->unwrap != 2)
    for (fz_stmt *c : s->body)
      scan_stmt (c);
  if (s->unwrap != 1)
    for (fz_stmt *c : s->body2)
      scan_stmt (c);
}

void
printer::scan ()
{
  for (fz_var *v : p->vars)
    v->uses = 0;
  for (fz_array *a : p->arrays)
    a->uses = 0;
  /* The routines first, callees before their callers: which of their
     parameters are used, and so printed.  */
  size_t nr = p->routines.size ();
  rlive.assign (nr, false);
  xcalled.assign (nr, false);
  rcallees.assign (nr, {});
  cur_region = -1;
  for (fz_routine *r : p->routines)
    {
      cur_rtn = r->idx;
      for (fz_stmt *s : r->body)
	scan_stmt (s);
    }
  cur_rtn = -1;
  for (fz_stmt *s : p->top)
    scan_stmt (s);
  cur_region = -1;
  /* The routines printed: called from the regions, or from routines
     printed (callers come after their callees).  */
  for (size_t i = nr; i-- > 0;)
    if (rlive[i])
      for (int j : rcallees[i])
	{
	  rlive[j] = true;
	  if (p->routines[j]->aux != p->routines[i]->aux)
	    xcalled[j] = true;
	}
}

/* The number of elements of A.  */
long
printer::total (fz_array *a)
{
  long n = 1;
  for (int d : a->dims)
    n *= d;
  return n;
}

bool
printer::compared (fz_array *a)
{
  return a->uses && global (a) && (a->role == fz_array::INPUT
				   || a->role == fz_array::OUTPUT);
}

/* An expression for main's fill of an element of type T, kind KIND.  */
std::string
printer::init_value (fz_ty t, int kind)
{
  std::string T = ty (t);
  if (t == TY_BOOL)
    return "rng () & 1";
  if (fz_is_int (t))
    switch (kind)
      {
      case 0: return "(" + T + ") rng ()";
      case 1: return "(" + T + ") (rng () % 64)";
      case 2: return "(" + T + ") ((int64_t) (rng () % 2001) - 1000)";
      default: return "(" + T + ") (rng () % 7) - 3";
      }
  std::string sfx = t == TY_F32 ? "f" : "d";
  switch (kind)
    {
    case 0: return "(" + T + ") ((double) ((int64_t) (rng () % 200001) - 100000) / 256)";
    case 1: return "(" + T + ") (rng () % 4096) * (" + T + ") 0.125";
    case 2: return "special_" + sfx + " [rng () % NSPECIAL]";
    default: return "(" + T + ") ((int64_t) (rng () % 41) - 20)";
    }
}

/* File-scope declarations: structs, arrays, globals.  */
void
printer::declarations ()
{
  for (const fz_struct &s : p->structs)
    {
      line ("typedef struct");
      line ("{");
      for (auto &f : s.fields)
	line ("  " + ty (f.first) + " " + f.second + ";");
      line ("} " + s.name + ";");
      line ("");
    }
  bool any = false;
  for (fz_var *v : p->vars)
    if (v->uses && v->kind == fz_var::RUNTIME)
      {
	line ("static volatile int32_t rt_" + v->name + " = "
	      + std::to_string (v->value) + ";");
	any = true;
      }
  for (fz_var *v : p->vars)
    if (v->uses && v->kind == fz_var::FSCALAR)
      {
	line ("static volatile " + ty (v->ty) + " init_" + v->name + " = "
	      + cst (v->ty, v->value) + ";");
	any = true;
      }
  for (fz_var *v : p->vars)
    if (v->uses && v->kind == fz_var::GSCALAR)
      {
	line ("static " + ty (v->ty) + " " + v->name + ";");
	if (v->output)
	  line ("static " + ty (v->ty) + " ref_" + v->name + ";");
	any = true;
      }
  if (any)
    line ("");
  line ("/* The arrays: those passed to compute () are shadowed there by its");
  line ("   parameters.  */");
  for (fz_array *a : p->arrays)
    {
      if (!a->uses || a->role == fz_array::LOCAL
	  || a->role == fz_array::PRIVATE || !global (a))
	continue;
      std::string dims;
      if (a->flat)
	dims = "[" + std::to_string (total (a)) + "]";
      else
	for (int d : a->dims)
	  dims += "[" + std::to_string (d) + "]";
      line ("static " + ty (a->ty, a->sid) + " " + a->name + dims + ";");
      if (compared (a))
	line ("static " + ty (a->ty, a->sid) + " ref_" + a->name + dims + ";");
    }
  line ("");
}

static const char *
level_name (unsigned level)
{
  return level == LV_G ? "gang" : level == LV_W ? "worker"
	 : level == LV_V ? "vector" : "seq";
}

/* R's signature: its return type, then (DECL: on the same line) its name
   and its parameters that are used.  Static unless the other unit calls
   it, or it was made external.  */
std::string
printer::signature (fz_routine *r, bool decl)
{
  std::string params;
  for (const fz_param &pm : r->params)
    {
      if (!printed (pm))
	continue;
      std::string x;
      if (pm.v)
	x = ty (pm.v->ty) + " " + pm.v->name;
      else if (pm.a->role == fz_array::INPUT)
	x = "const " + ty (pm.a->ty) + " *" + pm.a->name;
      else
	x = ty (pm.a->ty) + " *" + pm.a->name;
      params += (params.empty () ? "" : ", ") + x;
    }
  if (params.empty ())
    params = "void";
  bool stat = !r->ext && !xcalled[r->idx];
  return std::string (stat ? "static " : "")
	 + (r->is_void ? "void" : ty (r->ret)) + (decl ? " " : "\n")
	 + r->name + " (" + params + ")";
}

/* The definition of routine R.  */
void
printer::routine_def (fz_routine *r)
{
  if (r->form == 0)
    line (std::string ("#pragma acc routine ") + level_name (r->level));
  std::string sig = signature (r, false);
  size_t nl = sig.find ('\n');
  line (sig.substr (0, nl));
  wrap (sig.substr (nl + 1));
  line ("{");
  ind += 2;
  for (fz_array *a : p->arrays)
    if (a->uses && a->role == fz_array::PRIVATE && a->routine == r->num)
      line (ty (a->ty) + " " + a->name + "[" + std::to_string (a->dims[0])
	    + "];");
  cur_routine = r;
  for (fz_stmt *s : r->body)
    if (!s->dropped)
      stmt (s);
  cur_routine = nullptr;
  ind -= 2;
  line ("}");
  line ("");
}

/* The routines of the first unit (AUX: of the second) that are printed:
   the declarations of those of the other unit it calls, prototypes, the
   definitions, callees first.  */
void
printer::routines (bool aux)
{
  std::vector<fz_routine *> defs, ext;
  for (fz_routine *r : p->routines)
    if (rlive[r->idx])
      {
	if (r->aux == aux)
	  defs.push_back (r);
	else if (xcalled[r->idx])
	  ext.push_back (r);
      }
  if (defs.empty () && ext.empty ())
    return;
  if (!aux && ext.empty ())
    line ("/* The routines: only their parameters reach data.  */");
  else if (!aux)
    {
      line ("/* The routines: only their parameters reach data.  Those declared");
      line ("   extern are the second unit's (FILE-aux.c).  */");
    }
  for (fz_routine *r : ext)
    {
      line (std::string ("#pragma acc routine ") + level_name (r->level));
      wrap ("extern " + signature (r, true) + ";");
    }
  for (fz_routine *r : defs)
    if (r->form == 1)
      {
	line (std::string ("#pragma acc routine ") + level_name (r->level));
	wrap (signature (r, true) + ";");
      }
    else if (r->form == 2)
      {
	wrap (signature (r, true) + ";");
	line ("#pragma acc routine (" + r->name + ") "
	      + level_name (r->level));
      }
  line ("");
  /* The tables the routines read: globals of their unit that 'declare
     copyin' gives a device copy of, which a routine reaches through its
     own unit (another unit's region may call it).  */
  bool any = false;
  for (fz_routine *r : defs)
    if (r->dtab)
      {
	std::string init;
	for (int i = 0; i < 16; i++)
	  init += (i ? ", " : "") + std::to_string ((r->num * 37 + i * 11) % 97);
	line ("static int32_t dtab_" + r->name + "[16] = { " + init + " };");
	line ("#pragma acc declare copyin (dtab_" + r->name + ")");
	any = true;
      }
  if (any)
    line ("");
  for (fz_routine *r : defs)
    routine_def (r);
}

void
printer::compute ()
{
  std::string params = "int on_dev";
  for (fz_var *v : p->vars)
    if (v->uses && v->kind == fz_var::RUNTIME)
      params += ", int32_t " + v->name;
  for (fz_array *a : p->arrays)
    if (a->uses && a->param && global (a))
      params += ", " + array_param (a);
  line ("/* The regions: the host version with ON_DEV false, the device's");
  line ("   with ON_DEV true.  */");
  line ("__attribute__ ((noipa)) static void");
  signature_lines ("compute (" + params + ")");
  line ("{");
  ind += 2;
  for (fz_var *v : p->vars)
    if (v->uses && v->kind == fz_var::FSCALAR)
      line (ty (v->ty) + " " + v->name + " = init_" + v->name + ";");
  for (fz_array *a : p->arrays)
    if (a->uses && a->role == fz_array::PRIVATE && global (a))
      line (ty (a->ty) + " " + a->name + "[" + std::to_string (a->dims[0])
	    + "];");
  pending.clear ();
  for (fz_stmt *s : p->top)
    if (!s->dropped)
      {
	line ("");
	stmt (s);
      }
  if (!pending.empty ())
    {
      line ("");
      wait_pending (p->final_wait);
    }
  ind -= 2;
  line ("}");
  line ("");
}

/* The pseudo-random fill, the specials, the comparison helpers.  */
void
printer::support ()
{
  line ("static uint64_t rng_state;");
  line ("");
  line ("static uint64_t");
  line ("rng (void)");
  line ("{");
  line ("  uint64_t x = rng_state;");
  line ("  x ^= x << 13;");
  line ("  x ^= x >> 7;");
  line ("  x ^= x << 17;");
  line ("  return rng_state = x;");
  line ("}");
  line ("");
  /* Which helpers the program needs: the specials of the types filled
     with them, the comparisons of the types compared.  */
  bool special[TY_NUM] = {}, cmp[TY_NUM] = {};
  auto note = [&] (fz_ty t, int init, bool compare) {
    if (init == 2)
      special[t] = true;
    if (compare)
      cmp[t] = true;
  };
  for (fz_array *a : p->arrays)
    {
      if (!a->uses || a->role == fz_array::LOCAL
	  || a->role == fz_array::PRIVATE || !global (a))
	continue;
      if (a->ty == TY_STRUCT)
	for (auto &fl : p->structs[a->sid].fields)
	  note (fl.first, a->init, compared (a));
      else
	note (a->ty, a->init, compared (a));
    }
  for (fz_var *v : p->vars)
    if (v->uses && v->kind == fz_var::GSCALAR && v->output)
      note (v->ty, 0, true);
  bool any_int = false;
  for (int t = 0; t < TY_F32; t++)
    any_int |= cmp[t];
  if (special[TY_F32] || special[TY_F64])
    line ("#define NSPECIAL 16");
  if (special[TY_F64])
    {
      line ("static const double special_d[NSPECIAL] = {");
      line ("  0.0, -0.0, 1.0, -1.0, 0.5, 0x1p-1060, -0x1p-1050, 1e308, -1e308,");
      line ("  __builtin_inf (), -__builtin_inf (), __builtin_nan (\"\"), 2.5,");
      line ("  -7.75, 65536.0, 0x1.fffffffffffffp+52");
      line ("};");
    }
  if (special[TY_F32])
    {
      line ("static const float special_f[NSPECIAL] = {");
      line ("  0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 0x1p-140f, -0x1p-130f, 3e38f, -3e38f,");
      line ("  __builtin_inff (), -__builtin_inff (), __builtin_nanf (\"\"), 2.5f,");
      line ("  -7.75f, 65536.0f, 0x1.fffffep+22f");
      line ("};");
    }
  if (special[TY_F32] || special[TY_F64])
    line ("");
  line ("/* Fill every array and global, the same way each time.  */");
  line ("static void");
  line ("init (void)");
  line ("{");
  ind += 2;
  line ("rng_state = " + std::to_string (p->opts.seed * 2 + 0x9e3779b9ull)
	+ "ULL;");
  for (fz_var *v : p->vars)
    if (v->uses && v->kind == fz_var::GSCALAR)
      line (v->name + " = " + cst (v->ty, v->value) + ";");
  for (fz_array *a : p->arrays)
    {
      if (!a->uses || a->role == fz_array::LOCAL
	  || a->role == fz_array::PRIVATE || !global (a))
	continue;
      std::string T = ty (a->ty, a->sid);
      line ("for (long k = 0; k < " + std::to_string (total (a)) + "; k++)");
      if (a->ty == TY_STRUCT)
	{
	  line ("  {");
	  for (auto &f : p->structs[a->sid].fields)
	    line ("    ((" + T + " *) " + a->name + ")[k]." + f.second + " = "
		  + init_value (f.first, a->init) + ";");
	  line ("  }");
	}
      else
	line ("  ((" + T + " *) " + a->name + ")[k] = "
	      + init_value (a->ty, a->init) + ";");
    }
  ind -= 2;
  line ("}");
  line ("");
  line ("/* Keep the host's results.  */");
  line ("static void");
  line ("save (void)");
  line ("{");
  for (fz_var *v : p->vars)
    if (v->uses && v->kind == fz_var::GSCALAR && v->output)
      line ("  ref_" + v->name + " = " + v->name + ";");
  for (fz_array *a : p->arrays)
    if (compared (a))
      line ("  memcpy (ref_" + a->name + ", " + a->name + ", sizeof "
	    + a->name + ");");
  line ("}");
  line ("");
  line ("static int nbad;");
  line ("");
  if (any_int)
    {
      line ("/* Report a difference between the device's value D and the host's H");
      line ("   of element K of WHAT.  */");
      line ("static void");
      line ("bad_int (const char *what, long k, long long d, long long h)");
      line ("{");
      line ("  if (nbad++ < 10)");
      line ("    fprintf (stderr, \"fuzz: mismatch %s[%ld]: device %lld (%#llx), \"");
      line ("\t     \"host %lld (%#llx)\\n\", what, k, d, (unsigned long long) d, h,");
      line ("\t     (unsigned long long) h);");
      line ("}");
      line ("");
    }
  if (cmp[TY_F32] || cmp[TY_F64])
    {
      line ("static void");
      line ("bad_float (const char *what, long k, double d, double h)");
      line ("{");
      line ("  if (nbad++ < 10)");
      line ("    fprintf (stderr, \"fuzz: mismatch %s[%ld]: device %a, host %a\\n\",");
      line ("\t     what, k, d, h);");
      line ("}");
      line ("");
    }
  if (cmp[TY_F32])
    {
      line ("/* Floats are the same if their bits are, or if both are NaNs.  */");
      line ("static int");
      line ("same_f (float a, float b)");
      line ("{");
      line ("  return !memcmp (&a, &b, sizeof a) || (a != a && b != b);");
      line ("}");
      line ("");
    }
  if (cmp[TY_F64])
    {
      line ("/* Doubles are the same if their bits are, or if both are NaNs.  */");
      line ("static int");
      line ("same_d (double a, double b)");
      line ("{");
      line ("  return !memcmp (&a, &b, sizeof a) || (a != a && b != b);");
      line ("}");
      line ("");
    }
}

void
printer::main_fn ()
{
  /* The comparison of one element.  */
  auto cmp = [&] (fz_ty t, const std::string &d, const std::string &h,
		  const std::string &what, const std::string &k) {
    if (t == TY_F32)
      line ("if (!same_f (" + d + ", " + h + "))");
    else if (t == TY_F64)
      line ("if (!same_d (" + d + ", " + h + "))");
    else
      line ("if (" + d + " != " + h + ")");
    if (fz_is_float (t))
      line ("  bad_float (\"" + what + "\", " + k + ", " + d + ", " + h + ");");
    else
      line ("  bad_int (\"" + what + "\", " + k + ", (long long) " + d
	    + ", (long long) " + h + ");");
  };
  line ("/* Compare the device's results with the host's.  */");
  line ("static int");
  line ("check (void)");
  line ("{");
  ind += 2;
  for (fz_var *v : p->vars)
    if (v->uses && v->kind == fz_var::GSCALAR && v->output)
      cmp (v->ty, v->name, "ref_" + v->name, v->name, "0L");
  for (fz_array *a : p->arrays)
    {
      if (!compared (a))
	continue;
      std::string T = ty (a->ty, a->sid);
      line ("for (long k = 0; k < " + std::to_string (total (a)) + "; k++)");
      line ("  {");
      ind += 4;
      std::string d = "((" + T + " *) " + a->name + ")[k]";
      std::string h = "((" + T + " *) ref_" + a->name + ")[k]";
      if (a->ty == TY_STRUCT)
	for (auto &f : p->structs[a->sid].fields)
	  cmp (f.first, d + "." + f.second, h + "." + f.second,
	       a->name + "." + f.second, "k");
      else
	cmp (a->ty, d, h, a->name, "k");
      ind -= 4;
      line ("  }");
    }
  line ("if (nbad)");
  line ("  fprintf (stderr, \"fuzz: %d mismatches\\n\", nbad);");
  line ("return nbad != 0;");
  ind -= 2;
  line ("}");
  line ("");
  std::string args;
  for (fz_var *v : p->vars)
    if (v->uses && v->kind == fz_var::RUNTIME)
      args += ", " + v->name;
  for (fz_array *a : p->arrays)
    if (a->uses && a->param && global (a))
      args += ", " + a->name;
  line ("int");
  line ("main (void)");
  line ("{");
  ind += 2;
  for (fz_var *v : p->vars)
    if (v->uses && v->kind == fz_var::RUNTIME)
      line ("int32_t " + v->name + " = rt_" + v->name + ";");
  line ("init ();");
  std::string call = "compute (0" + args + ");";
  std::string call1 = "compute (1" + args + ");";
  auto put_call = [&] (std::string c) {
    while (c.size () + ind > 78)
      {
	size_t at = c.rfind (", ", 77 - ind);
	if (at == std::string::npos)
	  break;
	line (c.substr (0, at + 1));
	c = "   " + c.substr (at + 2);
      }
    line (c);
  };
  put_call (call);
  line ("save ();");
  line ("init ();");
  put_call (call1);
  /* The check of the check: a wrong device result must be caught.  */
  for (fz_array *a : p->arrays)
    if (compared (a))
      {
	fz_ty t = a->ty;
	std::string x = "((" + ty (t, a->sid) + " *) " + a->name + ")[0]";
	if (t == TY_STRUCT)
	  {
	    t = p->structs[a->sid].fields[0].first;
	    x += "." + p->structs[a->sid].fields[0].second;
	  }
	line ("#ifdef GANGWAY_FUZZ_BREAK");
	if (t == TY_BOOL)
	  line (x + " = !" + x + ";");
	else if (fz_is_float (t))
	  line (x + " = " + x + " == 1 ? 2 : 1;");
	else
	  line (x + " ^= 1;");
	line ("#endif");
	break;
      }
  line ("return check ();");
  ind -= 2;
  line ("}");
}

std::string
printer::run ()
{
  scan ();
  const fz_options &o = p->opts;
  std::string edits;
  for (const std::string &x : p->edits)
    edits += (edits.empty () ? "" : ",") + x;
  line ("/* Generated by gangway-fuzz (testsuite/gangway.fuzz/README.md):");
  line ("   gangway-fuzz --seed " + std::to_string (o.seed) + o.cmdline
	+ (edits.empty () ? "" : " --edits " + edits));
  line ("   compute () runs its regions on the host (if clause false), then on");
  line ("   the device; every array must come out the same, floats bit for bit");
  line ("   (any NaN equals any NaN).  */");
  line ("");
  bool rounding = any_region ([] (const fz_stmt *r) {
    return r->rounding != RM_NEAREST;
  });
  if (rounding)
    line ("#include <fenv.h>");
  if (uses_complex ())
    line ("#include <complex.h>");
  line ("#include <math.h>");
  if (queued () || uses_data_api ())
    line ("#include <openacc.h>");
  line ("#include <stdint.h>");
  line ("#include <stdio.h>");
  line ("#include <string.h>");
  line ("");
  declarations ();
  routines (false);
  if (any_region ([] (const fz_stmt *r) { return r->scrub; }))
    {
      line ("/* Overwrite the stack below the caller's frame, where the frame of");
      line ("   a function it called was.  */");
      line ("__attribute__ ((noipa)) static void");
      line ("scrub (void)");
      line ("{");
      line ("  volatile unsigned char b[1024];");
      line ("  for (int i = 0; i < 1024; i++)");
      line ("    b[i] = (unsigned char) (i * 37 + 11);");
      line ("}");
      line ("");
    }
  size_t at = out.size ();
  launch_text.clear ();
  compute ();
  out.insert (at, launch_text);
  support ();
  main_fn ();
  return out;
}

/* The second unit (after run): the routines defined there, or "" if
   none is printed.  */
std::string
printer::run_aux ()
{
  bool any = false;
  for (fz_routine *r : p->routines)
    any |= rlive[r->idx] && r->aux;
  if (!any)
    return "";
  out.clear ();
  ind = 0;
  const fz_options &o = p->opts;
  std::string edits;
  for (const std::string &x : p->edits)
    edits += (edits.empty () ? "" : ",") + x;
  line ("/* The second unit of the program of gangway-fuzz --seed "
	+ std::to_string (o.seed) + o.cmdline);
  if (!edits.empty ())
    line ("   --edits " + edits);
  line ("   (testsuite/gangway.fuzz/README.md): routines that its first unit");
  line ("   calls, and that call the first unit's.  */");
  line ("");
  if (uses_complex ())
    line ("#include <complex.h>");
  line ("#include <math.h>");
  line ("#include <stdint.h>");
  line ("");
  routines (true);
  return out;
}

} // anon namespace

/* The C text of program P; its second unit into AUX.  */
std::string
fz_print (fz_program *p, std::string *aux)
{
  printer pr (p);
  std::string text = pr.run ();
  if (aux)
    *aux = pr.run_aux ();
  return text;
}

std::string
fz_aux_name (const std::string &file)
{
  if (file.size () > 2 && file.compare (file.size () - 2, 2, ".c") == 0)
    return file.substr (0, file.size () - 2) + "-aux.c";
  return file + "-aux.c";
}
