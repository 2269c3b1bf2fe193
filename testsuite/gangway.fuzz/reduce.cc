/* gangway-fuzz: edits of a program tree, and the reducer built on them.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   An edit names a node by its number and says what to do with it:

     dN     drop statement N (and what it declares: the statements that
	    assign what it declared go too, the reads of it become zeros)
     zN     replace expression N by a zero of its type
     tN eN  keep only the then / else arm of if statement N
     uN     run loop N (for, while, do, an irreducible cycle) once, or
	    remove data construct N (its regions lose 'present')
     sN     make OpenACC loop N 'seq' (without its tile clause)
     cN     remove the collapse or tile clause of loop N
     rN.K   make loop K of statement N run one trip, at a constant bound
     gN     remove the num_gangs/num_workers/vector_length clauses of
	    region N (not num_gangs (1), which lets its code store)
     yN     make region N synchronous (no async clause; the waits
	    print.cc adds follow)
     fN     print region N in compute (), not in a function of its own
	    that launches it
     kN     region N uses the scalars of compute () as they are (no
	    copyin or copy clause, no copies in a block's locals), and
	    compute () changes none of them after its launch, nor
	    overwrites the stack
     nN     region N runs under the default rounding mode
     pN     remove the private variables and arrays of loop or region N
	    that nothing but their initialization uses, and it
     lN.K   remove loop K > 0 of loop nest N, no longer collapsed, if
	    nothing uses its index
     aN     simplify atomic N: a capture whose value is not used becomes
	    the update or the write it makes; an atomic read and an
	    atomic store to the iteration's own element lose their
	    directive
     vN     make routine N (a worker or vector one) seq, and its loops
	    (refused if one of them reduces, or if it calls a routine
	    that is not seq)
     mN     move routine N from the second unit into the first

   A routine's parameter that nothing uses any more is not printed, nor
   the arguments of its calls (print.cc); a call of a routine whose
   pointer argument's local is dropped goes with it (a statement), or
   becomes a zero (an operand).

   None of them can make the program undefined (fuzz.h), or make its
   results depend on the order of the threads: nodes whose removal could
   (the first store of a 'create' array, the initialization of a private
   variable, owner indices, the trip caps, the 1 of an atomic counter's
   increment, the location an atomic read reads, a pointer argument,
   a routine's loop bound argument, the d - 1 of a recursive call's
   depth) are refused, and an atomic update of what threads share never
   loses its directive.

   The reducer regenerates the program from the seed, applies the edits
   found so far and a candidate set, prints it into FILE and runs TEST, a
   shell command that exits with 0 when the program still shows the
   failure.  Candidates come in three rounds (drops, simplifications,
   zeros), each tried in chunks that halve down to single edits
   (Zeller's ddmin, complement-free); the rounds repeat while they make
   progress.  */

#include "fuzz.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <map>
#include <memory>
#include <set>

namespace {

/* Walk the statements of P that are printed, in pre-order, calling F on
   each.  */
void
walk (std::vector<fz_stmt *> &b, const std::function<void (fz_stmt *)> &f)
{
  for (fz_stmt *s : b)
    {
      if (s->dropped)
	continue;
      f (s);
      if (s->unwrap != 2)
	walk (s->body, f);
      if (s->unwrap != 1)
	walk (s->body2, f);
    }
}

/* Call F on every expression of S (not of its sub-statements), pre-order.  */
void exprs_of (fz_stmt *s, const std::function<void (fz_expr *)> &f);

/* Walk the statements printed: the regions', then those of the routines
   they call (that the statements walked call), in pre-order.  */
void
walk_all (fz_program *p, const std::function<void (fz_stmt *)> &f)
{
  std::vector<bool> seen (p->routines.size ());
  std::vector<fz_routine *> work;
  auto g = [&] (fz_stmt *s) {
    f (s);
    exprs_of (s, [&] (fz_expr *x) {
      if (x->k == E_RCALL && !seen[x->rtn->idx])
	{
	  seen[x->rtn->idx] = true;
	  work.push_back (x->rtn);
	}
    });
  };
  walk (p->top, g);
  while (!work.empty ())
    {
      fz_routine *r = work.back ();
      work.pop_back ();
      walk (r->body, g);
    }
}

/* The routines walk_all walks.  */
std::vector<fz_routine *>
live_routines (fz_program *p)
{
  std::vector<bool> seen (p->routines.size ());
  walk_all (p, [&] (fz_stmt *s) {
    exprs_of (s, [&] (fz_expr *x) {
      if (x->k == E_RCALL)
	seen[x->rtn->idx] = true;
    });
  });
  std::vector<fz_routine *> r;
  for (fz_routine *x : p->routines)
    if (seen[x->idx])
      r.push_back (x);
  return r;
}

/* Call F on every expression of S (not of its sub-statements), pre-order.  */
void
exprs_of (fz_stmt *s, const std::function<void (fz_expr *)> &f)
{
  std::function<void (fz_expr *)> rec = [&] (fz_expr *x) {
    if (!x || x->zeroed)
      return;
    f (x);
    for (fz_expr *o : x->ops)
      rec (o);
  };
  rec (s->e);
  rec (s->e2);
  for (fz_expr *x : s->idx)
    rec (x);
}

fz_stmt *
find_stmt (fz_program *p, int id)
{
  for (fz_stmt *s : p->all_stmts)
    if (s->id == id)
      return s;
  return nullptr;
}

fz_expr *
find_expr (fz_program *p, int id)
{
  for (fz_expr *x : p->all_exprs)
    if (x->id == id)
      return x;
  return nullptr;
}

fz_routine *
find_routine (fz_program *p, int id)
{
  for (fz_routine *r : p->routines)
    if (r->id == id)
      return r;
  return nullptr;
}

/* Is S printed (not inside a dropped statement)?  */
bool
live (fz_program *p, fz_stmt *s)
{
  bool found = false;
  walk_all (p, [&] (fz_stmt *x) { if (x == s) found = true; });
  return found;
}

/* Does B contain a break or continue that leaves the loop B is the body
   of?  */
bool
escapes (const std::vector<fz_stmt *> &b, bool in_switch)
{
  for (fz_stmt *s : b)
    {
      if (s->dropped)
	continue;
      if (s->k == S_CONTINUE || (s->k == S_BREAK && !in_switch))
	return true;
      if (s->k == S_FOR || s->k == S_WHILE || s->k == S_DO
	  || s->k == S_ACCLOOP)
	continue;
      if (s->k == S_SWITCH)
	{
	  for (fz_stmt *c : s->body)
	    if (!c->dropped && escapes (c->body, true))
	      return true;
	  continue;
	}
      if (escapes (s->body, in_switch) || escapes (s->body2, in_switch))
	return true;
    }
  return false;
}

/* Drop S and what depends on what it declares.  */
void
drop (fz_program *p, fz_stmt *s)
{
  std::set<fz_var *> vars;
  std::set<fz_array *> arrs;
  std::function<void (fz_stmt *)> collect = [&] (fz_stmt *x) {
    if (x->k == S_DECL)
      vars.insert (x->v);
    if (x->k == S_ATOMIC && x->atomic == AT_READ)
      vars.insert (x->av);
    if (x->counter)
      vars.insert (x->counter);
    if (x->k == S_ARRDECL)
      arrs.insert (x->arr);
    for (fz_stmt *c : x->body)
      collect (c);
    for (fz_stmt *c : x->body2)
      collect (c);
  };
  collect (s);
  s->dropped = true;
  if (vars.empty () && arrs.empty ())
    return;
  walk_all (p, [&] (fz_stmt *x) {
    if ((x->k == S_ASSIGN && vars.count (x->v))
	|| (x->k == S_STORE && arrs.count (x->arr))
	|| (x->k == S_STORE && x->e && x->e->k == E_VAR && x->e->field < 0
	    && vars.count (x->e->var)))
      {
	x->dropped = true;
	return;
      }
    /* A call given the address of what goes: as a statement, it goes;
       as an operand, it becomes a zero.  */
    bool gone = false;
    exprs_of (x, [&] (fz_expr *e) {
      if (e->k != E_RCALL || e->zeroed)
	return;
      for (fz_expr *o : e->ops)
	if (o->k == E_ADDR && ((o->var && vars.count (o->var))
			       || (o->arr && arrs.count (o->arr))))
	  {
	    if (x->k == S_CALL && e == x->e)
	      gone = true;
	    else
	      e->zeroed = true;
	    return;
	  }
    });
    if (gone)
      {
	x->dropped = true;
	return;
      }
    exprs_of (x, [&] (fz_expr *e) {
      if ((e->k == E_VAR && vars.count (e->var))
	  || (e->k == E_READ && arrs.count (e->arr)))
	e->zeroed = true;
    });
  });
}

/* The number of references to V or A in the printed statements B,
   except by the statement SKIP_FIXED of a fixed initialization.  */
int
refs (std::vector<fz_stmt *> &b, fz_var *v, fz_array *a)
{
  int n = 0;
  walk (b, [&] (fz_stmt *s) {
    if (s->fixed && ((v && s->v == v) || (a && s->arr == a)))
      return;
    if ((v && s->v == v && s->k != S_FILL) || (a && s->arr == a))
      n++;
    exprs_of (s, [&] (fz_expr *x) {
      if ((v && x->var == v) || (a && x->arr == a))
	n++;
    });
    for (const fz_loop &l : s->loops)
      if (v && l.rt == v)
	n++;
  });
  return n;
}

/* Drop the fixed initializations in B of V or A.  */
void
drop_inits (std::vector<fz_stmt *> &b, fz_var *v, fz_array *a)
{
  for (fz_stmt *s : b)
    if (s->fixed && ((v && s->v == v && s->k == S_ASSIGN)
		     || (a && s->arr == a)))
      s->dropped = true;
}

} // anon namespace

/* Apply EDIT to P; false if it does not apply (an unknown node, or one
   the edit would make undefined).  An edit of a node that is no longer
   printed does nothing, and applies.  */
bool
fz_apply_edit (fz_program *p, const std::string &edit)
{
  if (edit.size () < 2)
    return false;
  char op = edit[0];
  int id = atoi (edit.c_str () + 1);
  if (op == 'z')
    {
      fz_expr *x = find_expr (p, id);
      if (!x || x->fixed || x->ty == TY_STRUCT)
	return false;
      x->zeroed = true;
      return true;
    }
  if (op == 'v' || op == 'm')
    {
      fz_routine *r = find_routine (p, id);
      if (!r)
	return false;
      std::vector<fz_routine *> lv = live_routines (p);
      if (std::find (lv.begin (), lv.end (), r) == lv.end ())
	return true;
      if (op == 'm')
	{
	  if (!r->aux)
	    return false;
	  r->aux = false;
	  return true;
	}
      if (r->level != LV_V && r->level != LV_W)
	return false;
      /* A reduction's loop stays partitioned; a seq routine calls only
	 seq routines.  */
      bool ok = true;
      walk (r->body, [&] (fz_stmt *x) {
	if (x->k == S_ACCLOOP && !x->reds.empty ())
	  ok = false;
	exprs_of (x, [&] (fz_expr *e) {
	  if (e->k == E_RCALL && e->rtn->level)
	    ok = false;
	});
      });
      if (!ok)
	return false;
      r->level = 0;
      walk (r->body, [&] (fz_stmt *x) {
	if (x->k == S_ACCLOOP)
	  {
	    x->seq = true;
	    x->levels = 0;
	    x->independent = false;
	    x->tile.clear ();
	  }
      });
      return true;
    }
  fz_stmt *s = find_stmt (p, id);
  if (!s)
    return false;
  if (!live (p, s))
    return true;
  switch (op)
    {
    case 'd':
      if (s->fixed || s->k == S_LABEL)
	return false;
      drop (p, s);
      return true;
    case 't':
    case 'e':
      if (s->k != S_IF || s->unwrap)
	return false;
      s->unwrap = op == 't' ? 1 : 2;
      return true;
    case 'u':
      switch (s->k)
	{
	case S_FOR:
	  if (s->unwrap || s->loops[0].hi <= s->loops[0].lo
	      || escapes (s->body, false))
	    return false;
	  s->unwrap = 1;
	  return true;
	case S_WHILE:
	case S_DO:
	  if (s->cap < 0 || escapes (s->body, false))
	    return false;
	  s->cap = -1;
	  return true;
	case S_IRRED:
	  if (s->cap < 0)
	    return false;
	  s->cap = -1;
	  return true;
	case S_DATA:
	  if (s->cap < 0)
	    return false;
	  s->cap = -1;
	  for (fz_stmt *r : s->body)
	    r->present = false;
	  return true;
	default:
	  return false;
	}
    case 's':
      if (s->k != S_ACCLOOP || s->seq || (s->levels & LV_G)
	  || !s->reds.empty ())
	return false;
      s->seq = true;
      s->levels = 0;
      s->independent = false;
      /* 'seq' with 'tile' is not something the generator makes.  */
      s->tile.clear ();
      return true;
    case 'c':
      if (s->k != S_ACCLOOP || (!s->collapse && s->tile.empty ()))
	return false;
      s->collapse = 0;
      s->tile.clear ();
      return true;
    case 'r':
      {
	size_t dot = edit.find ('.');
	if (dot == std::string::npos)
	  return false;
	size_t k = atoi (edit.c_str () + dot + 1);
	if ((s->k != S_ACCLOOP && s->k != S_FOR) || k >= s->loops.size ())
	  return false;
	fz_loop &l = s->loops[k];
	if (l.hi <= l.lo)
	  return false;
	l.rt = nullptr;
	l.hi = l.lo + 1;
	return true;
      }
    case 'p':
      {
	if (s->k != S_ACCLOOP && s->k != S_REGION)
	  return false;
	bool any = false;
	for (size_t i = 0; i < s->private_vars.size ();)
	  if (!refs (s->body, s->private_vars[i], nullptr))
	    {
	      drop_inits (s->body, s->private_vars[i], nullptr);
	      s->private_vars.erase (s->private_vars.begin () + i);
	      any = true;
	    }
	  else
	    i++;
	for (size_t i = 0; i < s->private_arrays.size ();)
	  if (!refs (s->body, nullptr, s->private_arrays[i]))
	    {
	      drop_inits (s->body, nullptr, s->private_arrays[i]);
	      s->private_arrays.erase (s->private_arrays.begin () + i);
	      any = true;
	    }
	  else
	    i++;
	return any;
      }
    case 'l':
      {
	size_t dot = edit.find ('.');
	if (dot == std::string::npos || s->k != S_ACCLOOP)
	  return false;
	size_t k = atoi (edit.c_str () + dot + 1);
	int nest = s->collapse ? s->collapse : (int) s->tile.size ();
	if (k == 0 || k >= s->loops.size () || (int) k < nest
	    || refs (s->body, s->loops[k].v, nullptr))
	  return false;
	s->loops.erase (s->loops.begin () + k);
	return true;
      }
    case 'a':
      if (s->k == S_STORE && s->atomic && !s->plain)
	{
	  s->plain = true;
	  return true;
	}
      if (s->k != S_ATOMIC)
	return false;
      if (s->atomic == AT_READ && !s->plain)
	{
	  s->plain = true;
	  return true;
	}
      /* A counter's captures all combine their values (gen.cc): they
	 stay.  */
      if (s->atomic != AT_CAPTURE || s->tv || s->tarr)
	return false;
      s->atomic = (s->aform & AF_UPDATE) == AF_SWAP ? AT_WRITE : AT_UPDATE;
      return true;
    case 'g':
      if (s->k != S_REGION)
	return false;
      if (s->num_gangs != 1)
	{
	  s->num_gangs = 0;
	  s->num_gangs_rt = nullptr;
	}
      /* A reduction across workers needs its dims (gen.cc).  */
      if (s->red_workers)
	return true;
      s->num_workers = s->vector_length = 0;
      s->num_workers_rt = s->vector_length_rt = nullptr;
      return true;
    case 'y':
      if (s->k != S_REGION || s->async < 0)
	return false;
      s->async = -1;
      return true;
    case 'f':
      if (s->k != S_REGION || !s->launcher)
	return false;
      s->launcher = false;
      s->scrub = false;
      return true;
    case 'k':
      if (s->k != S_REGION
	  || (s->sforms.empty () && s->changes.empty () && !s->scrub))
	return false;
      s->sforms.clear ();
      s->changes.clear ();
      s->scrub = false;
      return true;
    case 'n':
      if (s->k != S_REGION || !s->rounding)
	return false;
      s->rounding = RM_NEAREST;
      return true;
    default:
      return false;
    }
}

namespace {

/* The candidate edits of ROUND (0 drops, 1 simplifications, 2 zeros) on
   P, coarsest first.  */
std::vector<std::string>
candidates (fz_program *p, int round)
{
  std::vector<std::string> c;
  if (round == 1)
    for (fz_routine *r : live_routines (p))
      {
	if (r->aux)
	  c.push_back ("m" + std::to_string (r->id));
	if (r->level == LV_V || r->level == LV_W)
	  c.push_back ("v" + std::to_string (r->id));
      }
  walk_all (p, [&] (fz_stmt *s) {
    std::string n = std::to_string (s->id);
    if (round == 0)
      {
	if (!s->fixed && s->k != S_LABEL)
	  c.push_back ("d" + n);
	return;
      }
    if (round == 1)
      {
	switch (s->k)
	  {
	  case S_IF:
	    if (!s->unwrap)
	      {
		c.push_back ("t" + n);
		if (!s->body2.empty ())
		  c.push_back ("e" + n);
	      }
	    break;
	  case S_FOR: case S_WHILE: case S_DO: case S_IRRED: case S_DATA:
	    if (s->cap >= 0 && !s->unwrap)
	      c.push_back ("u" + n);
	    if (s->k == S_FOR && s->loops[0].hi > s->loops[0].lo + 1)
	      c.push_back ("r" + n + ".0");
	    break;
	  case S_ACCLOOP:
	    if (!s->seq && !(s->levels & LV_G) && s->reds.empty ())
	      c.push_back ("s" + n);
	    if (s->collapse || !s->tile.empty ())
	      c.push_back ("c" + n);
	    if (!s->private_vars.empty () || !s->private_arrays.empty ())
	      c.push_back ("p" + n);
	    for (size_t k = std::max<size_t> (1, s->collapse ? s->collapse
						   : s->tile.size ());
		 k < s->loops.size (); k++)
	      c.push_back ("l" + n + "." + std::to_string (k));
	    for (size_t k = 0; k < s->loops.size (); k++)
	      if (s->loops[k].hi > s->loops[k].lo + 1 || s->loops[k].rt)
		c.push_back ("r" + n + "." + std::to_string (k));
	    break;
	  case S_STORE:
	    if (s->atomic && !s->plain)
	      c.push_back ("a" + n);
	    break;
	  case S_ATOMIC:
	    if ((s->atomic == AT_READ && !s->plain)
		|| (s->atomic == AT_CAPTURE && !s->tv && !s->tarr))
	      c.push_back ("a" + n);
	    break;
	  case S_REGION:
	    if (!s->private_vars.empty ())
	      c.push_back ("p" + n);
	    if ((s->num_gangs && s->num_gangs != 1) || s->num_gangs_rt
		|| s->num_workers || s->num_workers_rt || s->vector_length
		|| s->vector_length_rt)
	      c.push_back ("g" + n);
	    if (s->async >= 0)
	      c.push_back ("y" + n);
	    if (s->launcher)
	      c.push_back ("f" + n);
	    if (!s->sforms.empty () || !s->changes.empty () || s->scrub)
	      c.push_back ("k" + n);
	    if (s->rounding)
	      c.push_back ("n" + n);
	    break;
	  default:
	    break;
	  }
	return;
      }
    exprs_of (s, [&] (fz_expr *x) {
      if (!x->fixed && x->ty != TY_STRUCT
	  && !(x->k == E_CONST && x->ival == 0))
	c.push_back ("z" + std::to_string (x->id));
    });
  });
  return c;
}

class reducer
{
public:
  const fz_options &opts;
  std::vector<std::string> &edits;
  std::string test, file, aux;
  int max_tests, verbose;
  int tests = 0;
  std::string text;

  reducer (const fz_options &o, std::vector<std::string> &e)
    : opts (o), edits (e) {}

  /* The program with EDITS and EXTRA applied, or null.  */
  std::unique_ptr<fz_program>
  build (const std::vector<std::string> &extra)
  {
    std::unique_ptr<fz_program> p (fz_generate (opts));
    for (const std::string &x : edits)
      if (!fz_apply_edit (p.get (), x))
	return nullptr;
    for (const std::string &x : extra)
      if (!fz_apply_edit (p.get (), x))
	return nullptr;
    p->edits = edits;
    p->edits.insert (p->edits.end (), extra.begin (), extra.end ());
    return p;
  }

  /* Write the program's units T (the first, then the second after a
     NUL: print ()), or remove the second's file if it has none.  */
  bool
  write (const std::string &t)
  {
    size_t nul = t.find ('\0');
    std::string first = t.substr (0, nul);
    std::string second = nul == std::string::npos ? "" : t.substr (nul + 1);
    FILE *f = fopen (file.c_str (), "w");
    if (!f)
      return false;
    fputs (first.c_str (), f);
    fclose (f);
    if (second.empty ())
      {
	remove (aux.c_str ());
	return true;
      }
    f = fopen (aux.c_str (), "w");
    if (!f)
      return false;
    fputs (second.c_str (), f);
    fclose (f);
    return true;
  }

  /* Both units of P, as write () takes them.  */
  static std::string
  print (fz_program *p)
  {
    std::string second;
    std::string t = fz_print (p, &second);
    if (!second.empty ())
      t += std::string (1, '\0') + second;
    return t;
  }

  /* Try the edits so far and EXTRA: keep them if the failure stays.  */
  bool
  attempt (const std::vector<std::string> &extra)
  {
    if (tests >= max_tests)
      return false;
    std::unique_ptr<fz_program> p = build (extra);
    if (!p)
      return false;
    std::string t = print (p.get ());
    if (t == text)
      return false;
    if (!write (t))
      return false;
    tests++;
    int rc = system (test.c_str ());
    bool ok = rc == 0;
    if (verbose)
      fprintf (stderr, "reduce: test %d, %zu edit(s) %s: %s\n", tests,
	       extra.size (), extra.empty () ? "" : extra[0].c_str (),
	       ok ? "kept" : "no");
    if (ok)
      {
	edits.insert (edits.end (), extra.begin (), extra.end ());
	text = t;
      }
    return ok;
  }

  /* Try CANDS in chunks, halving their size down to 1.  */
  bool
  chunks (std::vector<std::string> cands)
  {
    bool progress = false;
    size_t size = std::max<size_t> (1, cands.size () / 2);
    while (!cands.empty () && tests < max_tests)
      {
	bool any = false;
	for (size_t at = 0; at < cands.size () && tests < max_tests;)
	  {
	    size_t n = std::min (size, cands.size () - at);
	    std::vector<std::string> chunk (cands.begin () + at,
					    cands.begin () + at + n);
	    if (attempt (chunk))
	      {
		cands.erase (cands.begin () + at, cands.begin () + at + n);
		any = progress = true;
	      }
	    else
	      at += n;
	  }
	if (size == 1 && !any)
	  break;
	if (!any || size > 1)
	  size = std::max<size_t> (1, size / 2);
      }
    return progress;
  }

  int
  run ()
  {
    std::unique_ptr<fz_program> p = build ({});
    if (!p)
      {
	fprintf (stderr, "reduce: the edits given do not apply\n");
	return 2;
      }
    text = print (p.get ());
    write (text);
    /* The failure must be there to begin with.  */
    tests++;
    if (system (test.c_str ()) != 0)
      {
	fprintf (stderr, "reduce: the test does not fail on the program\n");
	return 1;
      }
    bool progress = true;
    for (int pass = 0; progress && pass < 6 && tests < max_tests; pass++)
      {
	progress = false;
	for (int round = 0; round < 3; round++)
	  {
	    std::unique_ptr<fz_program> q = build ({});
	    if (chunks (candidates (q.get (), round)))
	      progress = true;
	  }
      }
    write (text);
    if (verbose)
      fprintf (stderr, "reduce: %d test(s), %zu edit(s)\n", tests,
	       edits.size ());
    return 0;
  }
};

} // anon namespace

/* Reduce the program of OPTS with EDITS applied, while TEST (a shell
   command, run with FILE holding the program, AUX its second unit if it
   has one) exits with 0; at most
   MAX_TESTS runs of TEST.  EDITS gets the edits found; FILE the reduced
   program.  Return 0 on success, 1 if TEST passes on the program to begin
   with, 2 if EDITS do not apply.  */
int
fz_reduce (const fz_options &opts, std::vector<std::string> &edits,
	   const std::string &test, const std::string &file,
	   const std::string &aux, int max_tests, int verbose)
{
  reducer r (opts, edits);
  r.test = test;
  r.file = file;
  r.aux = aux;
  r.max_tests = max_tests;
  r.verbose = verbose;
  return r.run ();
}
