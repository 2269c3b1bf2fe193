/* gangway-fuzz: write random self-checking OpenACC programs; reduce them.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   Usage:
     gangway-fuzz [OPTIONS] [-o FILE] [--aux AUX]
					 write the program of OPTIONS; if it
					 has a second unit (routines defined
					 there: knob routine_xtu), write that
					 into AUX (default: FILE.c ->
					 FILE-aux.c), else remove AUX
     gangway-fuzz --list		 the constructs and their knobs
     gangway-fuzz --reduce --test CMD --file FILE [--aux AUX]
		  [--max-tests N] [OPTIONS]
					 reduce the program while CMD
					 (a shell command reading FILE, and
					 AUX as above) exits with 0; print
					 the edits
   OPTIONS:
     --seed N	      the program's seed (default 1)
     --ptx	      only what the ptx target compiles (no libm calls)
     --size PCT	      scale the programs' size (default 100)
     --set NAME=W     a knob's weight (constructs.def)
     --off NAME	      the same as --set NAME=0
     --edits E,E,...  edits to apply (reduce.cc)
     --fortran	      a Fortran program (fortran.cc: its own generator,
		      knobs f_*; -o FILE.F90), without edits or reduction
     --verbose	      (--reduce) each test on stderr

   The same options give the same program, byte for byte.  README.md says
   how the driver uses it.  */

#include "fuzz.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

static void
usage (FILE *f)
{
  fputs ("usage: gangway-fuzz [--seed N] [--ptx] [--size PCT] [--set NAME=W]"
	 " [--off NAME]\n"
	 "                    [--edits E,...] [--fortran] [-o FILE] [--aux AUX]\n"
	 "       gangway-fuzz --list\n"
	 "       gangway-fuzz --reduce --test CMD --file FILE [--aux AUX]"
	 " [--max-tests N]\n"
	 "                    [--verbose] OPTIONS\n", f);
}

/* The knob named NAME, or -1.  */
static int
knob (const char *name)
{
  for (int k = 0; k < K_NUM; k++)
    if (!strcmp (fz_knobs[k].name, name))
      return k;
  return -1;
}

/* Split LIST at commas onto OUT.  */
static void
split (const char *list, std::vector<std::string> &out)
{
  std::string cur;
  for (const char *c = list; *c; c++)
    if (*c == ',')
      {
	if (!cur.empty ())
	  out.push_back (cur);
	cur.clear ();
      }
    else
      cur += *c;
  if (!cur.empty ())
    out.push_back (cur);
}

int
main (int argc, char **argv)
{
  fz_options opts;
  std::vector<std::string> edits;
  const char *output = nullptr, *test = nullptr, *file = nullptr;
  const char *aux = nullptr;
  bool reduce = false, list = false, fortran = false;
  int max_tests = 500, verbose = 0;

  for (int i = 1; i < argc; i++)
    {
      std::string a = argv[i];
      bool has_arg = i + 1 < argc;
      if (a == "--seed" && has_arg)
	opts.seed = strtoull (argv[++i], nullptr, 0);
      else if (a == "--ptx")
	{
	  opts.ptx = true;
	  opts.cmdline += " --ptx";
	}
      else if (a == "--size" && has_arg)
	{
	  opts.size = atoi (argv[++i]);
	  opts.cmdline += " --size " + std::to_string (opts.size);
	}
      else if ((a == "--set" || a == "--off") && has_arg)
	{
	  std::string arg = argv[++i];
	  std::string name = arg;
	  int weight = 0;
	  if (a == "--set")
	    {
	      size_t eq = arg.find ('=');
	      if (eq == std::string::npos)
		{
		  fprintf (stderr, "gangway-fuzz: --set NAME=WEIGHT\n");
		  return 2;
		}
	      name = arg.substr (0, eq);
	      weight = atoi (arg.c_str () + eq + 1);
	    }
	  int k = knob (name.c_str ());
	  if (k < 0)
	    {
	      fprintf (stderr, "gangway-fuzz: no knob '%s' (--list)\n",
		       name.c_str ());
	      return 2;
	    }
	  opts.weight[k] = weight;
	  opts.cmdline += " --set " + name + "=" + std::to_string (weight);
	}
      else if (a == "--edits" && has_arg)
	split (argv[++i], edits);
      else if (a == "-o" && has_arg)
	output = argv[++i];
      else if (a == "--aux" && has_arg)
	aux = argv[++i];
      else if (a == "--list")
	list = true;
      else if (a == "--fortran")
	fortran = true;
      else if (a == "--reduce")
	reduce = true;
      else if (a == "--test" && has_arg)
	test = argv[++i];
      else if (a == "--file" && has_arg)
	file = argv[++i];
      else if (a == "--max-tests" && has_arg)
	max_tests = atoi (argv[++i]);
      else if (a == "--verbose")
	verbose = 1;
      else if (a == "--help")
	{
	  usage (stdout);
	  return 0;
	}
      else
	{
	  usage (stderr);
	  return 2;
	}
    }
  if (opts.ptx)
    for (int k = 0; k < K_NUM; k++)
      if (!fz_knobs[k].ptx)
	opts.weight[k] = 0;

  if (list)
    {
      for (int k = 0; k < K_NUM; k++)
	printf ("%-20s %3d%s  %s\n", fz_knobs[k].name, opts.weight[k],
		fz_knobs[k].ptx ? "    " : " !ptx", fz_knobs[k].desc);
      return 0;
    }

  if (reduce)
    {
      if (!test || !file)
	{
	  usage (stderr);
	  return 2;
	}
      int rc = fz_reduce (opts, edits, test, file,
			  aux ? aux : fz_aux_name (file), max_tests, verbose);
      std::string e;
      for (const std::string &x : edits)
	e += (e.empty () ? "" : ",") + x;
      printf ("%s\n", e.c_str ());
      return rc;
    }

  if (fortran)
    {
      if (reduce || !edits.empty ())
	{
	  fprintf (stderr, "gangway-fuzz: --fortran programs have no edits\n");
	  return 2;
	}
      FILE *f = output ? fopen (output, "w") : stdout;
      if (!f)
	{
	  perror (output);
	  return 2;
	}
      fputs (fz_fortran_program (opts).c_str (), f);
      if (output)
	fclose (f);
      return 0;
    }

  std::unique_ptr<fz_program> p (fz_generate (opts));
  for (const std::string &x : edits)
    if (!fz_apply_edit (p.get (), x))
      {
	fprintf (stderr, "gangway-fuzz: edit '%s' does not apply\n",
		 x.c_str ());
	return 2;
      }
  p->edits = edits;
  std::string second;
  std::string text = fz_print (p.get (), &second);
  FILE *f = output ? fopen (output, "w") : stdout;
  if (!f)
    {
      perror (output);
      return 2;
    }
  fputs (text.c_str (), f);
  if (output)
    fclose (f);
  std::string aux_name = aux ? aux : output ? fz_aux_name (output) : "";
  if (aux_name.empty ())
    {
      if (!second.empty ())
	fprintf (stderr, "gangway-fuzz: the program's second unit is not "
		 "written (-o FILE or --aux AUX)\n");
      return 0;
    }
  if (second.empty ())
    {
      remove (aux_name.c_str ());
      return 0;
    }
  f = fopen (aux_name.c_str (), "w");
  if (!f)
    {
      perror (aux_name.c_str ());
      return 2;
    }
  fputs (second.c_str (), f);
  fclose (f);
  return 0;
}
