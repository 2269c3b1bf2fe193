/* gangway-fuzz --fortran: random self-checking OpenACC Fortran programs.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   The second generator of gangway-fuzz, for gfortran.  It writes the
   program as text, without the C generator's tree (so the reducer does
   not apply: a failure is reduced by hand, from the printed program):

     module fz_m: the extents and lower bounds (parameters), the routines
       (!$acc routine seq functions), and subroutine compute (dev, ...),
       whose regions all carry if (dev), over the inputs (intent(in)
       arrays of integer(4), integer(8), real(8) and logical), the
       outputs (arrays of the same kinds, each element stored by the
       iteration that owns it) and the reduction results (scalars);
     program fuzz: fills the inputs, calls compute (.false., ...) (every
       region on the host by its if clause: the reference) and compute
       (.true., ...) (every region on the device), and compares: integers
       and logicals exactly, reals to a relative 1e-9 (reductions
       reassociate, the devices' libm differs); a difference prints
       "fuzz: mismatch NAME" and stops with 1.

   Every construct has a knob of constructs.def (f_*), which --set and
   --off change as for C.  No undefined behaviour: integer expressions
   carry a bound of their magnitude and multiply only below the kind's
   range, divide only by nonzero constants; reductions of integer sums
   take small terms.  */

#include "fuzz.h"

#include <algorithm>
#include <cstdarg>
#include <deque>
#include <cstdio>
#include <string>
#include <vector>

namespace {

std::string
fmt (const char *f, ...)
{
  va_list ap, again;
  va_start (ap, f);
  va_copy (again, ap);
  int n = vsnprintf (nullptr, 0, f, ap);
  va_end (ap);
  std::string s (n > 0 ? n : 0, '\0');
  if (n > 0)
    vsnprintf (&s[0], n + 1, f, again);
  va_end (again);
  return s;
}

/* The kinds of values.  */
enum fk { FK_I4, FK_I8, FK_R8, FK_L };

const char *
decl_type (fk k)
{
  switch (k)
    {
    case FK_I4: return "integer(4)";
    case FK_I8: return "integer(8)";
    case FK_R8: return "real(8)";
    default: return "logical";
    }
}

/* An array of the program: inputs are read, outputs stored at the
   iteration's own element.  RANK 1 or 2 (dimensions 1, or 1 and 2).  */
struct farray
{
  std::string name;
  fk kind;
  bool input;
  bool owned = false;		/* An output only its launching subroutine
				   stores (f_async_launcher).  */
};

/* An expression and the bound of its magnitude (integers).  */
struct fexpr
{
  std::string text;
  double bound;
};

struct fgen
{
  const fz_options &o;
  fz_rng rng;
  int n1, n2, l1, l2;
  bool assumed;			/* Assumed-shape dummies (descriptors).  */
  std::vector<farray> arrays;
  std::vector<std::string> routines;	/* Integer routines fr1 ... */
  struct reduction { std::string name, op; fk kind; };
  std::deque<reduction> reductions;	/* Stable addresses.  */
  std::string body;		/* compute's regions.  */
  int queues = 0;
  /* The subroutines that launch regions and return (f_async_launcher),
     and compute's locals that their calls pass.  */
  std::string launchers, locals;
  int nlaunch = 0;
  /* The worker and vector subroutines whose own array a partitioned
     loop fills (f_routine_local), fw1 ...  */
  std::string part_routines;
  int npart = 0;
  /* The program sets rounding modes around its regions (f_rounding);
     the mode of the region being made (0: the default).  */
  bool rounding = false;
  int mode = 0;
  /* How compute's data construct is spelled: 0 'data', 1 'enter data'
     and 'exit data', 2 the data API (f_data_unstructured, f_data_api);
     and whether an update self and an update device of the outputs
     follow its regions (f_data_update).  */
  int data_form = 0;
  bool data_api = false, data_update = false;

  explicit fgen (const fz_options &opts) : o (opts)
  {
    rng.s = opts.seed * 0x9e3779b97f4a7c15ull + 0xf0f7;
  }
  int w (fz_knob k) const { return o.weight[k]; }
  bool pct (fz_knob k) { return rng.pct (w (k)); }

  std::vector<const farray *>
  of (fk k, bool input)
  {
    std::vector<const farray *> r;
    for (const farray &a : arrays)
      if (a.kind == k && a.input == input)
	r.push_back (&a);
    return r;
  }

  /* An element of an input array of kind K at the iteration's indices,
     or a neighbour's (clamped to the bounds) with f_stencil.  I and J
     are the index expressions.  */
  std::string
  element (fk k, const std::string &i, const std::string &j)
  {
    std::vector<const farray *> c = of (k, true);
    const farray *a = c[rng.below (c.size ())];
    std::string ii = i, jj = j;
    if (pct (K_f_stencil))
      {
	int d = (int) rng.range (-1, 1);
	if (d < 0)
	  ii = fmt ("max (%s - 1, %d)", i.c_str (), l1);
	else if (d > 0)
	  ii = fmt ("min (%s + 1, %d)", i.c_str (), l1 + n1 - 1);
	if (rng.pct (30))
	  jj = fmt ("max (%s - 1, %d)", j.c_str (), l2);
      }
    return a->name + "(" + ii + ", " + jj + ")";
  }

  /* An integer expression of kind K (FK_I4 or FK_I8) of depth at most
     DEPTH, at indices I, J, whose magnitude stays below LIMIT.  */
  fexpr
  int_expr (fk k, int depth, const std::string &i, const std::string &j,
	    double limit)
  {
    /* Children stay below LIMIT; a node may reach twice that (a sum,
       which the kinds hold: 1e9 and 4e18), and is then brought back
       with mod.  */
    fexpr e = int_node (k, depth, i, j, limit);
    if (e.bound > limit)
      {
	long c = rng.range (1000, 30000);
	e = { fmt ("mod (%s, %ld%s)", e.text.c_str (), c,
		   k == FK_I8 ? "_8" : ""), (double) c };
      }
    return e;
  }

  fexpr
  int_node (fk k, int depth, const std::string &i, const std::string &j,
	    double limit)
  {
    const char *suffix = k == FK_I8 ? "_8" : "";
    if (depth <= 0 || rng.pct (25))
      switch (rng.below (4))
	{
	case 0:
	  return { element (k, i, j), 100 };
	case 1:
	  {
	    long c = rng.range (-50, 50);
	    return { fmt (c < 0 ? "(%ld%s)" : "%ld%s", c, suffix), 50 };
	  }
	case 2:
	  return { k == FK_I8 ? fmt ("int (%s, 8)", i.c_str ()) : i,
		   (double) std::max (std::abs (l1), std::abs (l1 + n1)) };
	default:
	  return { k == FK_I8 ? fmt ("int (%s, 8)", j.c_str ()) : j,
		   (double) std::max (std::abs (l2), std::abs (l2 + n2)) };
	}
    fexpr a = int_expr (k, depth - 1, i, j, limit);
    fexpr b = int_expr (k, depth - 1, i, j, limit);
    switch (rng.below (13))
      {
      case 0:
	if (a.bound * b.bound < limit)
	  return { "(" + a.text + " * " + b.text + ")", a.bound * b.bound };
	/* Fall through.  */
      case 1:
	return { "(" + a.text + " + " + b.text + ")", a.bound + b.bound };
      case 2:
	return { "(" + a.text + " - " + b.text + ")", a.bound + b.bound };
      case 3:
	{
	  long c = rng.range (2, 17);
	  return { fmt ("mod (%s, %ld%s)", a.text.c_str (), c, suffix),
		   (double) c };
	}
      case 4:
	{
	  long c = rng.range (2, 17) * (rng.pct (30) ? -1 : 1);
	  return { fmt ("modulo (%s, %ld%s)", a.text.c_str (), c, suffix),
		   /* (A negative second argument needs no parentheses.)  */
		   (double) std::abs (c) };
	}
      case 5:
	{
	  long c = rng.range (2, 9) * (rng.pct (30) ? -1 : 1);
	  return { fmt (c < 0 ? "(%s / (%ld%s))" : "(%s / %ld%s)",
			a.text.c_str (), c, suffix), a.bound };
	}
      case 6:
	{
	  fexpr c = int_expr (k, depth - 1, i, j, limit);
	  return { fmt ("%s (%s, %s, %s)", rng.pct (50) ? "min" : "max",
			a.text.c_str (), b.text.c_str (), c.text.c_str ()),
		   std::max ({ a.bound, b.bound, c.bound }) };
	}
      case 7:
	return { "abs (" + a.text + ")", a.bound };
      case 8:
	{
	  const char *f[] = { "iand", "ior", "ieor" };
	  double bd = 1;
	  while (bd <= std::max (a.bound, b.bound))
	    bd *= 2;
	  return { fmt ("%s (%s, %s)", f[rng.below (3)], a.text.c_str (),
			b.text.c_str ()), bd };
	}
      case 9:
	return { fmt ("merge (%s, %s, %s)", a.text.c_str (), b.text.c_str (),
		      cond (depth - 1, i, j).c_str ()),
		 std::max (a.bound, b.bound) };
      case 10:
	return { fmt ("sign (%s, %s)", a.text.c_str (), b.text.c_str ()),
		 a.bound };
      case 11:
	if (k == FK_I4 && !routines.empty () && pct (K_f_routine)
	    && a.bound < 1e6 && b.bound < 1e6)
	  return { fmt ("%s (%s, %s)",
			routines[rng.below (routines.size ())].c_str (),
			a.text.c_str (), b.text.c_str ()),
		   a.bound + 2 * b.bound + 100 };
	/* Fall through.  */
      default:
	if (k == FK_I8)
	  {
	    fexpr c = int_expr (FK_I4, depth - 1, i, j, 1e6);
	    return { "(" + a.text + " + int (" + c.text + ", 8))",
		     a.bound + c.bound };
	  }
	return { "(" + a.text + " - " + b.text + ")", a.bound + b.bound };
      }
  }

  /* A real(8) expression.  */
  std::string
  real_expr (int depth, const std::string &i, const std::string &j)
  {
    if (depth <= 0 || rng.pct (25))
      switch (rng.below (4))
	{
	case 0: case 1:
	  return element (FK_R8, i, j);
	case 2:
	  {
	    long c = rng.range (-9, 9);
	    return fmt (c < 0 ? "(%ld.%ld_8)" : "%ld.%ld_8", c,
			rng.range (0, 99));
	  }
	default:
	  return "real (" + int_expr (FK_I4, 1, i, j, 1e6).text + ", 8)";
	}
    std::string a = real_expr (depth - 1, i, j), b = real_expr (depth - 1, i, j);
    /* The intrinsics gfortran makes frexp, ldexp, scalbn, nextafter,
       fmod and cabs of.  */
    if (pct (K_f_math))
      {
	std::string k = "mod (" + int_expr (FK_I4, 1, i, j, 1e6).text + ", 9)";
	switch (rng.below (7))
	  {
	  case 0: return "fraction (" + a + ")";
	  case 1: return "real (exponent (" + a + "), 8)";
	  case 2: return "scale (" + a + ", " + k + ")";
	  case 3: return "set_exponent (" + a + ", " + k + ")";
	  case 4:
	    return "nearest (" + a + (rng.pct (50) ? ", 1.0_8)" : ", -1.0_8)");
	  case 5: return fmt ("mod (%s, %ld.25_8)", a.c_str (), rng.range (1, 9));
	  default: return "abs (cmplx (" + a + ", " + b + ", 8))";
	  }
      }
    switch (rng.below (10))
      {
      case 0: return "(" + a + " + " + b + ")";
      case 1: return "(" + a + " - " + b + ")";
      case 2: return "(" + a + " * " + b + ")";
      case 3: return fmt ("(%s / %ld.5_8)", a.c_str (), rng.range (1, 9));
      case 4: return "sqrt (abs (" + a + "))";
      case 5: return "abs (" + a + ")";
      case 6:
	return fmt ("%s (%s, %s, %s)", rng.pct (50) ? "min" : "max",
		    a.c_str (), b.c_str (), real_expr (depth - 1, i, j).c_str ());
      case 7:
	return fmt ("merge (%s, %s, %s)", a.c_str (), b.c_str (),
		    cond (depth - 1, i, j).c_str ());
      case 8: return "sign (" + a + ", " + b + ")";
      default:
	if (!o.ptx && !rounding && pct (K_f_libm))
	  return "exp (-abs (" + a + ") / 64)";
	return "(" + a + " * 0.5_8)";
      }
  }

  /* A logical expression.  */
  std::string
  cond (int depth, const std::string &i, const std::string &j)
  {
    if (depth <= 0 || rng.pct (30))
      switch (rng.below (3))
	{
	case 0:
	  return element (FK_L, i, j);
	case 1:
	  {
	    static const char *rel[] = { "<", "<=", "==", "/=", ">", ">=" };
	    return "(" + int_expr (FK_I4, 1, i, j, 1e6).text + " "
		   + rel[rng.below (6)] + " "
		   + int_expr (FK_I4, 1, i, j, 1e6).text + ")";
	  }
	default:
	  return "(" + real_expr (1, i, j) + " < "
		 + real_expr (1, i, j) + ")";
	}
    std::string a = cond (depth - 1, i, j), b = cond (depth - 1, i, j);
    switch (rng.below (5))
      {
      case 0: return "(" + a + " .and. " + b + ")";
      case 1: return "(" + a + " .or. " + b + ")";
      case 2: return "(" + a + " .eqv. " + b + ")";
      case 3: return "(" + a + " .neqv. " + b + ")";
      default: return "(.not. " + a + ")";
      }
  }

  /* The statement storing output OUT at (I, J).  */
  std::string
  store (const farray &out, const std::string &i, const std::string &j,
	 const std::string &indent)
  {
    std::string rhs;
    switch (out.kind)
      {
      case FK_I4: rhs = int_expr (FK_I4, 3, i, j, 1e9).text; break;
      case FK_I8: rhs = int_expr (FK_I8, 3, i, j, 4e18).text; break;
      case FK_R8: rhs = real_expr (3, i, j); break;
      default: rhs = cond (2, i, j); break;
      }
    return indent + out.name + "(" + i + ", " + j + ") = " + rhs + "\n";
  }

  /* A new reduction of a kind and operator the knobs allow, its result
     variable named; "" if none.  */
  const reduction *
  new_reduction ()
  {
    static const char *iops[] = { "+", "max", "min", "iand", "ior", "ieor" };
    static const char *rops[] = { "+", "max", "min", "*" };
    static const char *lops[] = { ".and.", ".or.", ".eqv.", ".neqv." };
    reduction r;
    r.name = fmt ("s%zu", reductions.size () + 1);
    switch (rng.below (4))
      {
      case 0: r.kind = FK_I4; r.op = iops[rng.below (6)]; break;
      case 1: r.kind = FK_I8; r.op = iops[rng.below (6)]; break;
      case 2: r.kind = FK_R8; r.op = rops[rng.below (4)]; break;
      default: r.kind = FK_L; r.op = lops[rng.below (4)]; break;
      }
    reductions.push_back (r);
    return &reductions.back ();
  }

  /* The update of reduction R at (I, J).  */
  std::string
  reduce (const reduction &r, const std::string &i, const std::string &j,
	  const std::string &indent)
  {
    std::string x;
    switch (r.kind)
      {
      case FK_I4: x = int_expr (FK_I4, 2, i, j, 1e5).text; break;
      case FK_I8: x = int_expr (FK_I8, 2, i, j, 1e12).text; break;
      case FK_R8:
	x = r.op == "*" ? "(1 + " + real_expr (1, i, j) + " / 4096)"
	    : real_expr (2, i, j);
	break;
      default: x = cond (2, i, j); break;
      }
    std::string v = r.name;
    if (r.op == "+" || r.op == "*")
      return indent + v + " = " + v + " " + r.op + " " + x + "\n";
    if (r.op[0] == '.')
      return indent + v + " = " + v + " " + r.op + " " + x + "\n";
    return indent + v + " = " + r.op + " (" + v + ", " + x + ")\n";
  }

  /* Region N calls, for each column j, a worker or vector subroutine
     with the column of a real(8) input and of a real(8) output: the
     subroutine's own array t(n1), declared outside its loops, is filled
     by its worker or vector loop and read whole by its single code
     after it (the call's one array, which the loop's threads share:
     plugin/routine-locals.cc).  False if no output is free.  */
  bool
  routine_local (int n)
  {
    std::vector<const farray *> in = of (FK_R8, true), outs;
    for (const farray &a : arrays)
      if (!a.input && !a.owned && a.kind == FK_R8)
	outs.push_back (&a);
    if (in.empty () || outs.empty ())
      return false;
    const farray *x = in[rng.below (in.size ())];
    const farray *y = outs[rng.below (outs.size ())];
    bool vector = rng.pct (50);
    std::string name = fmt ("fw%d", ++npart);
    std::string level = vector ? "vector" : "worker";
    std::string r;
    r += "  subroutine " + name + " (a, out, j)\n";
    r += "    !$acc routine " + level + "\n";
    r += "    real(8), intent(in) :: a(:)\n";
    r += "    real(8), intent(inout) :: out(:)\n";
    r += "    integer, value :: j\n";
    r += "    real(8) :: t(n1), s\n    integer :: i\n";
    r += "    !$acc loop " + level + "\n";
    r += "    do i = 1, n1\n";
    r += fmt ("      t(i) = a(i) * %d + i + j\n", (int) rng.range (1, 4));
    r += "    end do\n";
    bool reversed = rng.pct (50);
    r += reversed ? "    s = t(n1)\n" : "    s = t(1)\n";
    r += "    do i = 1, n1\n";
    r += reversed ? "      out(i) = out(i) + t(i) - s\n"
		  : "      out(i) = out(i) + t(n1 + 1 - i) - s\n";
    r += "    end do\n";
    r += "  end subroutine " + name + "\n\n";
    part_routines += r;

    const std::string lo2 = std::to_string (l2), hi2 = std::to_string (l2 + n2 - 1);
    std::string b;
    b += fmt ("    ! Region %d: a %s routine's own array.\n", n,
	      level.c_str ());
    b += "    !$acc parallel loop gang";
    if (!vector && rng.pct (60))
      b += fmt (" num_workers(%ld)", rng.range (2, 4));
    b += " if (dev)\n";
    b += "    do j = " + lo2 + ", " + hi2 + "\n";
    b += "      call " + name + " (" + x->name + "(:, j), " + y->name
	 + "(:, j), j)\n";
    b += "    end do\n";
    body += b;
    return true;
  }


  /* One region of compute.  */
  void
  region (int n)
  {
    if (pct (K_f_async_launcher))
      {
	launcher (n);
	return;
      }
    if (pct (K_f_routine_local) && routine_local (n))
      return;
    std::vector<const farray *> outs;
    for (const farray &a : arrays)
      if (!a.input && !a.owned)
	outs.push_back (&a);
    /* The outputs it stores (each at most once per iteration).  */
    std::vector<const farray *> mine;
    for (const farray *a : outs)
      if (rng.pct (50))
	mine.push_back (a);
    if (mine.empty ())
      mine.push_back (outs[rng.below (outs.size ())]);
    std::vector<const reduction *> reds;
    if (pct (K_f_reduction))
      for (int k = (int) rng.range (1, 3); k > 0; k--)
	reds.push_back (new_reduction ());

    std::string clauses = " if (dev)";
    std::string red;
    for (const reduction *r : reds)
      red += " reduction(" + r->op + ":" + r->name + ")";
    std::string async;
    if (pct (K_f_async))
      {
	async = fmt (" async(%ld)", rng.range (1, 3));
	queues++;
      }
    const std::string lo1 = std::to_string (l1), hi1 = std::to_string (l1 + n1 - 1);
    const std::string lo2 = std::to_string (l2), hi2 = std::to_string (l2 + n2 - 1);
    std::string b;
    b += fmt ("    ! Region %d.\n", n);
    /* The first region mostly under the default mode: the cpu device's
       threads start with the mode of its first launch.  */
    mode = rounding && rng.pct (n > 1 ? 80 : 30) ? 1 + (int) rng.below (3)
	   : 0;
    static const char *const modes[] = { "ieee_nearest", "ieee_up",
					  "ieee_down", "ieee_to_zero" };
    if (mode)
      b += std::string ("    call ieee_set_rounding_mode (") + modes[mode]
	   + ")\n";
    bool syntax = pct (K_f_array_syntax);
    long shape = rng.below (std::max (1, w (K_f_collapse) + w (K_f_nested)
					  + w (K_f_tile) + w (K_f_kernels)
					  + w (K_f_serial)));
    auto pick = [&] (fz_knob k) {
      if (shape < w (k))
	return true;
      shape -= w (k);
      return false;
    };
    /* A region whose iterations store whole columns by array syntax
       runs the j loop only.  */
    if (syntax && !reds.empty ())
      syntax = false;
    if (syntax)
      {
	b += "    !$acc parallel loop" + clauses + async + "\n";
	b += "    do j = " + lo2 + ", " + hi2 + "\n";
	for (const farray *a : mine)
	  {
	    /* The column as a whole: the element expression at (:, j), its
	       index i the section's.  */
	    std::string e;
	    fk k = a->kind;
	    std::vector<const farray *> in = of (k, true);
	    const farray *x = in[rng.below (in.size ())];
	    const farray *y = in[rng.below (in.size ())];
	    switch (k)
	      {
	      case FK_I4: case FK_I8:
		e = fmt ("%s(:, j) * (%ld) + abs (%s(:, j))", x->name.c_str (),
			 rng.range (-3, 3), y->name.c_str ());
		break;
	      case FK_R8:
		e = fmt ("merge (%s(:, j), %s(:, j) * 2, %s(:, j) > 0) + %s",
			 x->name.c_str (), y->name.c_str (), x->name.c_str (),
			 (rng.pct (50) ? "sum (" + y->name + "(:, j))"
			  : "maxval (" + x->name + "(:, j))").c_str ());
		break;
	      default:
		e = fmt ("%s(:, j) .neqv. %s(:, j)", x->name.c_str (),
			 y->name.c_str ());
		break;
	      }
	    b += "      " + a->name + "(:, j) = " + e + "\n";
	  }
	b += "    end do\n";
      }
    else if (pick (K_f_collapse))
      {
	bool priv = pct (K_f_private);
	/* Under a rounding mode, a long fold into a real output, so that
	   the cpu device's pool threads run some of the iterations.  */
	bool heavy = mode && rng.pct (60);
	std::string pl = priv ? "t" : "";
	if (heavy)
	  pl += std::string (priv ? ", " : "") + "hv, kt";
	b += "    !$acc parallel loop collapse(2)" + clauses + red + async
	     + (pl.empty () ? "" : " private(" + pl + ")") + "\n";
	b += "    do j = " + lo2 + ", " + hi2 + "\n";
	b += "      do i = " + lo1 + ", " + hi1 + "\n";
	b += inner (mine, reds, "        ", priv, heavy);
	b += "      end do\n    end do\n";
      }
    else if (pick (K_f_nested))
      {
	static const char *outer[] = { "gang", "gang worker", "gang" };
	static const char *innr[] = { "vector", "vector", "worker vector",
				      "seq" };
	/* Inner loops that update a reduction without its clause: also
	   'worker', and without a level (GCC picks it).  */
	static const char *imp_innr[] = { "vector", "worker", "worker vector",
					  "seq", "", "independent" };
	int oi = (int) rng.below (3);
	/* The clause on the construct, the gang loop and the inner loop.  */
	std::string pred = red, ored = red, ired = red;
	bool imp = !reds.empty () && pct (K_f_reduction_implicit);
	bool loop_only = !reds.empty () && !imp
			 && pct (K_f_reduction_implicit_loop);
	bool combined = false;
	const char *in;
	if (imp || loop_only)
	  {
	    /* The plugin gives the loops the clauses they lack
	       (plugin/loop-reductions.cc): on the gang loop only, on the
	       inner loop only, on neither; or a combined 'parallel loop
	       gang' with the clause and an inner loop without it.  A
	       loop's reduction in a construct without one: the clause on
	       the gang loop only, the variables in 'copy'.  */
	    in = oi == 1 ? imp_innr[rng.pct (50) ? 0 : 3 + rng.below (3)]
		 : imp_innr[rng.below (6)];
	    ired = "";
	    if (loop_only)
	      {
		pred = "";
		for (const reduction *r : reds)
		  pred += " copy(" + r->name + ")";
	      }
	    else if (rng.pct (30))
	      combined = true;
	    else
	      switch (rng.below (3))
		{
		case 0:		/* The gang loop's only.  */
		  break;
		case 1:		/* The inner loop's only.  */
		  ored = "";
		  ired = red;
		  break;
		default:	/* Neither.  */
		  ored = "";
		  break;
		}
	  }
	else
	  in = oi == 1 ? (rng.pct (50) ? "vector" : "seq")
	       : innr[rng.below (4)];
	/* Dimensions of its own: several workers of several lanes, which
	   the device's defaults may not give (at -O0 the reduction of a
	   dummy argument in a worker vector loop goes through a pointer in
	   memory, frame-addresses.cc).  */
	std::string dims;
	if (pct (K_f_dims))
	  {
	    long wk = rng.pct (50) ? 2 : 4;
	    long vl = 8L << rng.below (wk == 2 ? 3 : 2);
	    dims = fmt (" num_gangs(%ld) num_workers(%ld) vector_length(%ld)",
			rng.range (1, 8), wk, vl);
	  }
	if (combined)
	  b += std::string ("    !$acc parallel loop ") + outer[oi] + clauses
	       + dims + red + async + "\n";
	else
	  {
	    b += "    !$acc parallel" + clauses + dims + pred + async + "\n";
	    b += std::string ("    !$acc loop ") + outer[oi] + ored + "\n";
	  }
	b += "    do j = " + lo2 + ", " + hi2 + "\n";
	bool priv = pct (K_f_private);
	b += std::string ("      !$acc loop") + (*in ? " " : "") + in + ired
	     + (priv ? " private(t)" : "") + "\n";
	b += "      do i = " + lo1 + ", " + hi1 + "\n";
	b += inner (mine, reds, "        ", priv);
	b += "      end do\n    end do\n";
	if (!combined)
	  b += "    !$acc end parallel\n";
      }
    else if (pick (K_f_tile))
      {
	b += fmt ("    !$acc parallel loop tile(%ld, %ld)", rng.range (1, 8),
		  rng.range (1, 4))
	     + clauses + red + async + "\n";
	b += "    do j = " + lo2 + ", " + hi2 + "\n";
	b += "      do i = " + lo1 + ", " + hi1 + "\n";
	b += inner (mine, reds, "        ");
	b += "      end do\n    end do\n";
      }
    else if (pick (K_f_kernels))
      {
	b += "    !$acc kernels loop independent collapse(2)" + clauses + red
	     + async + "\n";
	b += "    do j = " + lo2 + ", " + hi2 + "\n";
	b += "      do i = " + lo1 + ", " + hi1 + "\n";
	b += inner (mine, reds, "        ");
	b += "      end do\n    end do\n";
      }
    else
      {
	b += "    !$acc serial" + clauses + red + async + "\n";
	b += "    do j = " + lo2 + ", " + hi2 + "\n";
	b += "      do i = " + lo1 + ", " + hi1 + "\n";
	b += inner (mine, reds, "        ");
	b += "      end do\n    end do\n";
	b += "    !$acc end serial\n";
      }
    if (!async.empty () && rng.pct (50))
      b += "    !$acc wait" + async.substr (6) + "\n";
    if (mode)
      b += "    call ieee_set_rounding_mode (ieee_nearest)\n";
    body += b;
  }

  /* Region N in a subroutine of its own, launch_N, that compute calls
     two to four times, each call launching it 'async' on its part of
     the columns of an output that only it stores, and returning at
     once: the scalars it reads are by-reference dummies (the caller's
     variables, which the caller changes after each call) or VALUE
     ones, a local of the subroutine and one of a block inside a data
     construct, an optional argument that some calls pass; the arrays
     are assumed-shape dummies (the caller makes their descriptors) or
     explicit-shape ones.  compute waits only at its end.  */
  void
  launcher (int n)
  {
    static const fk kinds[] = { FK_I4, FK_I8, FK_R8, FK_L };
    fk k = kinds[rng.below (4)];
    arrays.push_back ({ fmt ("z%d", n), k, false });
    arrays.back ().owned = true;
    const farray out = arrays.back ();
    std::string name = fmt ("launch_%d", n);
    bool byval = rng.pct (30), bval = rng.pct (30), shape = rng.pct (70);
    bool blk = rng.pct (40), copyin = rng.pct (30), opt = rng.pct (50);
    bool nested = rng.pct (30);
    std::string async = rng.pct (20) ? " async" : fmt (" async(%ld)",
							   rng.range (1, 3));
    queues++;
    const std::string lo1 = std::to_string (l1);
    const std::string hi1 = std::to_string (l1 + n1 - 1);

    /* The scalars' term, with the optional argument's text O.  */
    auto term = [&] (const std::string &o) {
      std::string kb = blk ? " + kb" : "";
      switch (k)
	{
	case FK_I4:
	  return "(k1 - kl" + kb + " + " + o + ")";
	case FK_I8:
	  return "int (k1 + kl" + kb + " + " + o + ", 8)";
	case FK_R8:
	  return "(real (k1" + kb + " + " + o + ", 8) * k2 + real (kl, 8))";
	default:
	  return "((k1" + kb + " + " + o + ") > kl)";
	}
    };
    std::string rhs;
    switch (k)
      {
      case FK_I4: rhs = int_expr (FK_I4, 3, "i", "j", 1e9).text; break;
      case FK_I8: rhs = int_expr (FK_I8, 3, "i", "j", 4e18).text; break;
      case FK_R8: rhs = real_expr (3, "i", "j"); break;
      default: rhs = cond (2, "i", "j"); break;
      }
    const char *op = k == FK_L ? " .neqv. " : " + ";
    auto launch = [&] (const std::string &o, const std::string &ind) {
      std::string t;
      if (nested)
	{
	  t += ind + "!$acc parallel loop gang if (dev)" + async
	       + (copyin ? " copyin(k1)" : "") + "\n";
	  t += ind + "do j = jlo, jhi\n";
	  t += ind + "  !$acc loop vector\n";
	}
      else
	{
	  t += ind + "!$acc parallel loop collapse(2) if (dev)" + async
	       + (copyin ? " copyin(k1)" : "") + "\n";
	  t += ind + "do j = jlo, jhi\n";
	}
      t += ind + "  do i = " + lo1 + ", " + hi1 + "\n";
      t += ind + "    " + out.name + "(i, j) = " + rhs + op + term (o) + "\n";
      t += ind + "  end do\n" + ind + "end do\n";
      return t;
    };

    std::string sub = "  subroutine " + name + " (dev, jlo, jhi, k1, k2";
    for (const farray &a : arrays)
      if (a.input || &a == &arrays.back ())
	sub += ", " + a.name;
    sub += opt ? ", o)\n" : ")\n";
    sub += "    logical, intent(in) :: dev\n";
    sub += std::string ("    integer") + (bval ? ", value" : ", intent(in)")
	   + " :: jlo, jhi\n";
    sub += std::string ("    integer(4)") + (byval ? ", value" : ", intent(in)")
	   + " :: k1\n";
    sub += std::string ("    real(8)") + (byval ? ", value" : ", intent(in)")
	   + " :: k2\n";
    std::string dims = shape ? "(l1:, l2:)" : "(l1:l1+n1-1, l2:l2+n2-1)";
    for (const farray &a : arrays)
      if (a.input || &a == &arrays.back ())
	sub += fmt ("    %s, intent(%s) :: %s%s\n", decl_type (a.kind),
		    a.input ? "in" : "inout", a.name.c_str (), dims.c_str ());
    if (opt)
      sub += "    integer(4), intent(in), optional :: o\n";
    sub += "    integer :: i, j\n    integer(4) :: kl\n";
    sub += fmt ("    kl = k1 * %ld + %ld\n", rng.range (2, 5),
		rng.range (-9, 9));
    std::string ind = "    ";
    if (blk)
      {
	/* GCC maps a local of a block inside a data construct by
	   reference.  */
	sub += "    !$acc data present(" + out.name + ") if (dev)\n";
	sub += "    block\n      integer(4) :: kb\n";
	sub += fmt ("      kb = k1 + %ld\n", rng.range (1, 20));
	ind = "      ";
      }
    if (opt)
      {
	sub += ind + "if (present (o)) then\n" + launch ("o", ind + "  ");
	sub += ind + "else\n" + launch ("0", ind + "  ") + ind + "end if\n";
      }
    else
      sub += launch ("0", ind);
    if (blk)
      sub += "    end block\n    !$acc end data\n";
    sub += "  end subroutine " + name + "\n\n";
    launchers += sub;

    /* The calls: the columns in parts, the scalars changed after each
       launch.  */
    std::string c = fmt ("    ! Region %d: launched by %s.\n", n,
			 name.c_str ());
    std::string sfx = fmt ("_%d", n);
    locals += "    integer :: jl" + sfx + ", jh" + sfx + ", ko" + sfx + "\n";
    locals += "    integer(4) :: lk" + sfx + "\n";
    locals += "    real(8) :: lr" + sfx + "\n";
    int calls = (int) rng.range (2, 4);
    int per = std::max (1, (n2 + calls - 1) / calls);
    c += fmt ("    lk%s = %ld\n", sfx.c_str (), rng.range (-20, 20));
    c += fmt ("    lr%s = %ld.25_8\n", sfx.c_str (), rng.range (-4, 4));
    c += fmt ("    ko%s = %ld\n", sfx.c_str (), rng.range (-9, 9));
    for (int part = 0; part < calls; part++)
      {
	int jl = l2 + part * per, jh = std::min (l2 + n2 - 1, jl + per - 1);
	c += fmt ("    jl%s = %d\n    jh%s = %d\n", sfx.c_str (), jl,
		  sfx.c_str (), jh);
	c += "    call " + name + " (dev, jl" + sfx + ", jh" + sfx + ", lk"
	     + sfx + ", lr" + sfx;
	for (const farray &a : arrays)
	  if (a.input || a.name == out.name)
	    c += ", " + a.name;
	c += opt && rng.pct (60) ? ", ko" + sfx + ")\n" : ")\n";
	/* What a queued region reads of them is what they were at its
	   launch.  */
	c += fmt ("    lk%s = lk%s + %ld\n", sfx.c_str (), sfx.c_str (),
		  rng.range (1, 9));
	c += fmt ("    lr%s = lr%s * 0.5_8 + 1\n", sfx.c_str (), sfx.c_str ());
	c += fmt ("    ko%s = ko%s - %ld\n", sfx.c_str (), sfx.c_str (),
		  rng.range (1, 5));
      }
    body += c;
  }

  /* The body of an iteration at (i, j): the stores of MINE, the
     reductions' updates, maybe through the private array t.  */
  std::string
  inner (const std::vector<const farray *> &mine,
	 const std::vector<const reduction *> &reds, const std::string &ind,
	 bool priv = false, bool heavy = false)
  {
    std::string b;
    /* The private array: written whole, then read (each iteration its
       own).  */
    if (priv)
      {
	for (int k = 1; k <= 4; k++)
	  b += fmt ("%st(%d) = %s\n", ind.c_str (), k,
		    k == 1 ? real_expr (2, "i", "j").c_str ()
		    : fmt ("t(%d) * %d.5_8 - %s", k - 1, k,
			   element (FK_R8, "i", "j").c_str ()).c_str ());
      }
    for (const farray *a : mine)
      if (heavy && a->kind == FK_R8)
	{
	  /* Many roundings, in order: private hv and kt.  */
	  b += ind + "hv = " + real_expr (2, "i", "j") + "\n";
	  b += ind + "do kt = 1, 5000\n";
	  b += ind + fmt ("  hv = hv * %s - real (kt, 8) * %s\n",
			  rng.pct (50) ? "0.999_8" : "(1.0_8 / 3)",
			  rng.pct (50) ? "0.1_8" : "1e-3_8");
	  b += ind + "end do\n";
	  b += ind + a->name + "(i, j) = hv\n";
	  heavy = false;
	}
      else if (priv && a->kind == FK_R8)
	b += ind + a->name + "(i, j) = " + (rng.pct (50) ? "sum (t)"
					      : "maxval (t(2:4)) + t(1)")
	     + "\n";
      else
	b += store (*a, "i", "j", ind);
    for (const reduction *r : reds)
      b += reduce (*r, "i", "j", ind);
    return b;
  }

  std::string
  program ()
  {
    n1 = (int) rng.range (1, 40);
    n2 = (int) rng.range (1, 20);
    l1 = (int) rng.range (-3, 2);
    l2 = (int) rng.range (-3, 2);
    assumed = pct (K_f_assumed_shape);
    rounding = pct (K_f_rounding);
    /* Inputs of every kind (expressions need them), outputs of some.  */
    const fk kinds[] = { FK_I4, FK_I8, FK_R8, FK_L };
    int ix = 0, ox = 0;
    for (fk k : kinds)
      for (int c = (int) rng.range (1, 2); c > 0; c--)
	arrays.push_back ({ fmt ("x%d", ++ix), k, true });
    for (fk k : kinds)
      if (rng.pct (60) || k == FK_R8)
	arrays.push_back ({ fmt ("y%d", ++ox), k, false });
    if (pct (K_f_routine))
      for (int r = (int) rng.range (1, 2); r > 0; r--)
	routines.push_back (fmt ("fr%d", r));

    int regions = (int) rng.range (1, 1 + o.size * 3 / 100);
    for (int r = 1; r <= regions; r++)
      region (r);
    /* The data construct's spelling, from a stream of its own, so that
       the programs of earlier versions keep their other choices.  */
    fz_rng data_rng;
    data_rng.s = o.seed * 0x9e3779b97f4a7c15ull + 0xda7a;
    data_form = data_rng.pct (w (K_f_data_unstructured)) ? 1
		: data_rng.pct (w (K_f_data_api)) ? 2 : 0;
    data_api = data_form == 2;
    data_update = data_rng.pct (w (K_f_data_update));

    std::string s;
    s += fmt ("! gangway-fuzz --fortran --seed %llu%s\n",
	      (unsigned long long) o.seed, o.cmdline.c_str ());
    s += "! A random self-checking OpenACC program (testsuite/gangway.fuzz/"
	 "fortran.cc):\n! compute (.false.) runs every region on the host, "
	 "compute (.true.) on the\n! device; the results must agree.\n\n";
    s += "module fz_m\n";
    if (data_api)
      s += "  use openacc\n";
    if (rounding)
      s += "  use, intrinsic :: ieee_arithmetic, only: ieee_set_rounding_mode, &\n"
	   "    & ieee_nearest, ieee_up, ieee_down, ieee_to_zero\n";
    s += "  implicit none\n";
    s += fmt ("  integer, parameter :: n1 = %d, n2 = %d, l1 = %d, l2 = %d\n",
	      n1, n2, l1, l2);
    s += "contains\n";
    for (size_t r = 0; r < routines.size (); r++)
      {
	s += "  integer function " + routines[r] + " (a, b)\n";
	s += "    !$acc routine seq\n";
	s += "    integer, intent(in) :: a, b\n";
	s += fmt ("    %s = a + %s\n", routines[r].c_str (),
		  r ? "2 * mod (b, 7)" : "mod (b, 5) * 2");
	s += "  end function " + routines[r] + "\n\n";
      }
    s += part_routines;
    s += launchers;
    s += "  subroutine compute (dev";
    for (const farray &a : arrays)
      s += ", " + a.name;
    for (const reduction &r : reductions)
      s += ", " + r.name;
    s += ")\n    logical, intent(in) :: dev\n";
    for (const farray &a : arrays)
      {
	std::string shape = assumed ? "(l1:, l2:)"
	  : "(l1:l1+n1-1, l2:l2+n2-1)";
	s += fmt ("    %s, intent(%s) :: %s%s\n", decl_type (a.kind),
		  a.input ? "in" : "inout", a.name.c_str (), shape.c_str ());
      }
    for (const reduction &r : reductions)
      s += fmt ("    %s, intent(inout) :: %s\n", decl_type (r.kind),
		r.name.c_str ());
    s += "    integer :: i, j\n    real(8) :: t(4)\n" + locals;
    if (rounding)
      s += "    real(8) :: hv\n    integer :: kt\n";
    s += data_construct ();
    s += "  end subroutine compute\nend module fz_m\n\n";

    /* The program.  */
    s += "program fuzz\n  use fz_m\n  implicit none\n";
    for (const farray &a : arrays)
      {
	s += fmt ("  %s :: %s(l1:l1+n1-1, l2:l2+n2-1)", decl_type (a.kind),
		  a.name.c_str ());
	if (!a.input)
	  s += fmt (", h_%s(l1:l1+n1-1, l2:l2+n2-1)", a.name.c_str ());
	s += "\n";
      }
    for (const reduction &r : reductions)
      s += fmt ("  %s :: %s, h_%s\n", decl_type (r.kind), r.name.c_str (),
		r.name.c_str ());
    s += "  integer :: i, j\n\n";
    s += "  do j = l2, l2 + n2 - 1\n    do i = l1, l1 + n1 - 1\n";
    int salt = 3;
    for (const farray &a : arrays)
      {
	if (!a.input)
	  continue;
	salt += 7;
	switch (a.kind)
	  {
	  case FK_I4:
	    s += fmt ("      %s(i, j) = mod (i * %d + j * %d + %d, 101) - 50\n",
		      a.name.c_str (), salt, salt * 3 + 1, salt % 11);
	    break;
	  case FK_I8:
	    s += fmt ("      %s(i, j) = int (mod (i * %d - j * %d, 97) - 48, 8)\n",
		      a.name.c_str (), salt, salt + 5);
	    break;
	  case FK_R8:
	    s += fmt ("      %s(i, j) = real (mod (i * %d + j * %d, 89) - 44, 8) / 8\n",
		      a.name.c_str (), salt, salt * 5);
	    break;
	  default:
	    s += fmt ("      %s(i, j) = mod (i * %d + j, %d) < %d\n",
		      a.name.c_str (), salt, salt % 5 + 2, salt % 3 + 1);
	    break;
	  }
      }
    s += "    end do\n  end do\n";
    /* The same starting values for both runs.  */
    auto init = [&] (const std::string &pfx) {
      std::string t;
      for (const farray &a : arrays)
	if (!a.input)
	  t += fmt ("  %s%s = %s\n", pfx.c_str (), a.name.c_str (),
		    a.kind == FK_L ? ".false." : "0");
      for (const reduction &r : reductions)
	{
	  std::string v;
	  if (r.kind == FK_L)
	    v = r.op == ".and." || r.op == ".eqv." ? ".true." : ".false.";
	  else if (r.op == "*")
	    v = "1";
	  else if (r.op == "max")
	    v = "-huge (" + pfx + r.name + ")";
	  else if (r.op == "min")
	    v = "huge (" + pfx + r.name + ")";
	  else if (r.op == "iand")
	    v = "-1";
	  else
	    v = "0";
	  t += fmt ("  %s%s = %s\n", pfx.c_str (), r.name.c_str (), v.c_str ());
	}
      return t;
    };
    s += init ("h_");
    s += init ("");
    auto call = [&] (bool dev, const std::string &pfx) {
      std::string t = dev ? "  call compute (.true." : "  call compute (.false.";
      for (const farray &a : arrays)
	t += ", " + (a.input ? "" : pfx) + a.name;
      for (const reduction &r : reductions)
	t += ", " + pfx + r.name;
      return t + ")\n";
    };
    s += call (false, "h_");
    s += call (true, "");
    /* The comparisons.  */
    auto differ = [&] (fk k, const std::string &d, const std::string &h,
		       bool exact) {
      switch (k)
	{
	case FK_L: return "(" + d + " .neqv. " + h + ")";
	case FK_R8:
	  /* Exactly, where the rounding mode changes (reductions
	     reassociate, though: those to 1e-9).  */
	  if (rounding && exact)
	    return "(" + d + " /= " + h + ")";
	  return "(abs (" + d + " - " + h + ") > 1e-9_8 * max (1.0_8, abs ("
		 + h + ")))";
	default: return "(" + d + " /= " + h + ")";
	}
    };
    for (const farray &a : arrays)
      if (!a.input)
	{
	  s += "  do j = l2, l2 + n2 - 1\n    do i = l1, l1 + n1 - 1\n";
	  s += "      if " + differ (a.kind, a.name + "(i, j)",
				     "h_" + a.name + "(i, j)", true)
	       + " then\n";
	  s += "        print '(a, i0, a, i0, a)', 'fuzz: mismatch " + a.name
	       + "(', i, ', ', j, ')'\n        stop 1\n      end if\n";
	  s += "    end do\n  end do\n";
	}
    for (const reduction &r : reductions)
      {
	s += "  if " + differ (r.kind, r.name, "h_" + r.name, false)
	     + " then\n";
	s += "    print '(a)', 'fuzz: mismatch " + r.name + " (" + r.op
	     + ")'\n    stop 1\n  end if\n";
      }
    s += "#ifdef GANGWAY_FUZZ_BREAK\n";
    s += "  print '(a)', 'fuzz: mismatch (GANGWAY_FUZZ_BREAK)'\n  stop 1\n";
    s += "#endif\nend program fuzz\n";
    return wrap (s);
  }

  /* The names of the inputs (INPUTS) or of the outputs, joined by SEP.  */
  std::string
  names (bool inputs, const char *sep) const
  {
    std::string t;
    for (const farray &a : arrays)
      if (a.input == inputs)
	t += (t.empty () ? "" : sep) + a.name;
    return t;
  }

  /* compute's data around its body, in its data_form: the inputs copied
     in, the outputs copied in and out.  */
  std::string
  data_construct () const
  {
    const std::string in = names (true, ", "), out = names (false, ", ");
    std::string t, end;
    if (data_form == 0)
      {
	t = "    !$acc data copyin(" + in + ") copy(" + out + ") if (dev)\n";
	end = "    !$acc end data\n";
      }
    else if (data_form == 1)
      {
	t = "    !$acc enter data copyin(" + in + ", " + out + ") if (dev)\n";
	end = "    !$acc exit data copyout(" + out + ") delete(" + in
	      + ") if (dev)\n";
      }
    else
      {
	t = "    if (dev) then\n";
	for (const farray &a : arrays)
	  t += "      call acc_copyin (" + a.name + ")\n";
	t += "    end if\n";
	end = "    if (dev) then\n";
	for (const farray &a : arrays)
	  end += std::string ("      call acc_") + (a.input ? "delete" : "copyout")
		 + " (" + a.name + ")\n";
	end += "    end if\n";
      }
    t += body;
    if (queues)
      t += "    !$acc wait\n";
    if (data_update)
      t += "    !$acc update self(" + out + ") if (dev)\n"
	   "    !$acc update device(" + out + ") if (dev)\n";
    return t + end;
  }

  /* TEXT with every line longer than free form's 132 characters broken
     at spaces, with '&' (a directive's continuation is '!$acc&').  */
  static std::string
  wrap (const std::string &text)
  {
    std::string out;
    size_t pos = 0;
    while (pos < text.size ())
      {
	size_t end = text.find ('\n', pos);
	std::string line = text.substr (pos, end - pos);
	pos = end + 1;
	bool directive = line.find ("!$acc") != std::string::npos
			 && line.find_first_not_of (' ')
			    == line.find ("!$acc");
	/* A comment (the generator's options) goes on in another.  */
	bool comment = !directive && line.compare (0, 1, "!") == 0;
	while (line.size () > 100)
	  {
	    size_t cut = line.rfind (' ', 96);
	    if (cut == std::string::npos || cut < 20)
	      break;
	    out += line.substr (0, cut) + (comment ? "\n" : " &\n");
	    line = (comment ? "!  " : directive ? "!$acc& " : "      & ")
		   + line.substr (cut + 1);
	  }
	out += line + "\n";
      }
    return out;
  }
};

} // anon namespace

std::string
fz_fortran_program (const fz_options &o)
{
  fgen g (o);
  return g.program ();
}
