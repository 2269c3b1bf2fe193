/* The cpu target: dimensions, and the image of a translation unit.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   Dimensions: a gang is a task of the runtime's thread pool, so the number
   of gangs is free (chosen at launch unless the program fixes it), up to
   GW_CPU_MAX_GANGS.  The
   vector length defaults to the 32-bit lanes of the widest SIMD register
   of the ISA (4, 8 or 16) and may be set up to 64 lanes (several
   registers).  A gang's workers are more lanes of the same registers
   (emit.cc): up to 32 workers, and 1024 lanes in all.  A region with
   worker loops and no vector loops gets the vector length's lanes as
   workers by default; with both, one worker (its vector lanes fill the
   registers already).

   The image: the C of every kernel of the unit (emit.cc), after the
   prelude, compiled by the compiler driver that runs the plugin into a
   shared object for the chosen x86-64 level.  The image records the level
   and the runtime checks it before loading (docs/targets.md).  */

#include "cpu.h"
#include "../../libruntime/gangway-abi.h"

#include <algorithm>
#include <map>
#include <set>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

namespace {

const int max_workers = 32;
const int max_lanes = 1024;

/* The most parts an image is compiled in (cpu_image::link).  */
const size_t max_parts = 64;

/* What the target's options (options_table) set.  */
struct cpu_settings
{
  std::string isa = "native";	/* -fplugin-arg-gangway-isa.  */
  std::string cc;		/* image-cc: the image's compiler driver, if
				   not the one running the plugin.  */
  std::string cc_opt;		/* image-opt: its -O option, if given.  */
  unsigned big_function = 2000;	/* image-big: an image with a function
				   of more lines of C calls its gathers
				   and scatters and is compiled without RTL
				   GCSE; 0: never.  */
  unsigned part_lines = 5000;	/* image-part: an image of more lines of
				   code is compiled in parts of about as
				   many; 0: whole.  */
  unsigned inline_gathers = 32;	/* inline-gathers: an image with more
				   gather and scatter calls calls them
				   all.  */
  bool check_lanes = false;	/* check-lanes: images check at run time
				   that lanes read only their own
				   values.  */
  bool no_combine = false;	/* cpu-no-combine: images make every
				   atomic update in memory (wcombine.cc).  */
  bool unmasked = false;	/* cpu-unmasked: debugging, images write
				   every register without a mask.  */
  unsigned max_lanes = 0;	/* cpu-max-lanes: the widest chunk of a
				   gang's workers' lanes; 0: the ISA's
				   vector limit (the plugin's), or
				   cpu_max_vector (gangway-opt's).  */
} settings;

std::string
parse_isa (const char *option, const char *v)
{
  std::string level = v;
  if (level != "native" && level != "x86-64" && level != "x86-64-v2"
      && level != "x86-64-v3" && level != "x86-64-v4")
    return gw_quote (option) + ": unknown level " + gw_quote (level)
	   + " (x86-64, x86-64-v2, x86-64-v3, x86-64-v4 or native)";
  settings.isa = level;
  return "";
}

std::string
parse_image_cc (const char *, const char *v)
{
  settings.cc = v;
  return "";
}

std::string
parse_image_opt (const char *option, const char *v)
{
  if (strlen (v) != 1 || !strchr ("0123sg", v[0]))
    return gw_quote (option + std::string ("=") + v)
	   + ": want 0, 1, 2, 3, s or g";
  settings.cc_opt = std::string ("-O") + v;
  return "";
}

/* A count of lines of C (CALLS: of calls) for *N.  */

std::string
parse_count (const char *option, const char *v, bool calls, unsigned *n)
{
  char *end = nullptr;
  long long k = v ? strtoll (v, &end, 10) : -1;
  if (!v || *end || k < 0 || k > 100000000)
    return gw_quote (option) + " takes a number of "
	   + (calls ? "calls" : "lines (0: never)") + ", not "
	   + gw_quote (v ? v : "");
  *n = k;
  return "";
}

std::string
parse_image_big (const char *option, const char *v)
{
  return parse_count (option, v, false, &settings.big_function);
}

std::string
parse_image_part (const char *option, const char *v)
{
  return parse_count (option, v, false, &settings.part_lines);
}

std::string
parse_inline_gathers (const char *option, const char *v)
{
  return parse_count (option, v, true, &settings.inline_gathers);
}

const gw_option options_table[] = {
  { "isa", GW_VALUE_REQUIRED, parse_isa, "=LEVEL",
    "x86-64 level of cpu images\n(x86-64, x86-64-v2/v3/v4, native)", "isa",
    "x86-64 level for --emit=cpu (x86-64, x86-64-v2,\nx86-64-v3, "
    "x86-64-v4; default native)" },
  { "check-lanes", GW_VALUE_OPTIONAL,
    [] (const char *, const char *v) {
      settings.check_lanes = !v || strcmp (v, "0") != 0;
      return std::string ();
    }, nullptr,
    "cpu images check at run time that\nlanes read only their own values",
    "cpu-check-lanes",
    "with --emit=cpu, check at run time that lanes read\nonly values "
    "written for them" },
  { "cpu-unmasked", GW_VALUE_NONE,
    [] (const char *, const char *) {
      settings.unmasked = true;
      return std::string ();
    }, nullptr, nullptr, "cpu-unmasked",
    "with --emit=cpu, write every register of SIMD code\nwithout a mask "
    "(to test the verifier, which --verify\nruns on the C too)" },
  { "cpu-no-combine", GW_VALUE_NONE,
    [] (const char *, const char *) {
      settings.no_combine = true;
      return std::string ();
    }, nullptr, nullptr, "cpu-no-combine",
    "with --emit=cpu, make every atomic update in memory\n(no "
    "write-combining cache)" },
  { "cpu-max-lanes", GW_VALUE_REQUIRED,
    [] (const char *option, const char *v) {
      char *end = nullptr;
      unsigned long n = strtoul (v, &end, 10);
      if (*end || n < 1 || n > cpu_max_vector)
	return gw_quote (option) + " takes a number of lanes from 1 to "
	       + std::to_string (cpu_max_vector) + ", not " + gw_quote (v);
      settings.max_lanes = n;
      return std::string ();
    }, "=N", nullptr, "cpu-max-lanes",
    "with --emit=cpu, run a gang's workers in chunks of\nat most N lanes "
    "where the kernel allows (the plugin's\nN is the ISA's; default "
    "64)" },
  { "image-opt", GW_VALUE_REQUIRED, parse_image_opt, nullptr, nullptr },
  { "image-cc", GW_VALUE_REQUIRED, parse_image_cc, nullptr, nullptr },
  { "image-big", GW_VALUE_OPTIONAL, parse_image_big, nullptr, nullptr },
  { "image-part", GW_VALUE_OPTIONAL, parse_image_part, nullptr, nullptr },
  { "inline-gathers", GW_VALUE_OPTIONAL, parse_inline_gathers, nullptr,
    nullptr },
};

/* The emitter's options for a kernel of the images.  */

cpu_emit_options
emit_options (const gw_target_options &opts)
{
  cpu_emit_options eopts;
  eopts.verify = opts.verify;
  eopts.check_lanes = settings.check_lanes;
  eopts.unmasked = settings.unmasked;
  eopts.no_combine = settings.no_combine;
  if (settings.max_lanes)
    eopts.max_lanes = settings.max_lanes;
  return eopts;
}

class cpu_image : public gw_module_builder
{
public:
  cpu_image (const gw_target *t, const gw_target_options &opts)
    : gw_module_builder (t, opts), opts (opts), isa (cpu_target_isa ())
  {
    cc = !settings.cc.empty () ? settings.cc : opts.driver;
    /* The image's optimization: -O3 for an optimized build; -O1 for a
       debugging one (-O0, -Og) and for -O1, whose users want it quick:
       the image compile is most of the time of a compile with the
       plugin, and at -O3 up to six times -O1's; an -O1 image's kernels
       take up to four times as long (bench/README.md).
       -fplugin-arg-gangway-image-opt sets it.  */
    cc_opt = !settings.cc_opt.empty () ? settings.cc_opt
	     : opts.opt_level <= 1 || opts.opt_debug ? "-O1" : "-O3";
  }

protected:
  bool compile (dir_func *fn, std::string *code, std::vector<gw_call> *calls,
		std::string *why, FILE *dump) override;
  std::vector<gw_call> routine_shapes (dir_level l, bool exported)
    const override;
  bool link (const std::vector<linked> &funcs,
	     const std::vector<dir_decl> &imports,
	     const std::set<std::string> &library, gw_image_out *out,
	     std::string *why) override;

private:
  /* The parts of link.  */
  std::vector<std::string> compile_flags (const std::vector<linked> &funcs,
					  bool *outline) const;
  std::vector<size_t> split_parts (const std::vector<linked> &funcs) const;
  std::vector<std::string>
  part_sources (const std::vector<linked> &funcs,
		const std::vector<dir_decl> &imports,
		const std::set<std::string> &library,
		const std::vector<std::string> &argv, bool outline,
		const std::vector<size_t> &first) const;

  gw_target_options opts;
  cpu_isa isa;
  std::string cc, cc_opt;	/* The image's compiler driver and -O.  */
  std::vector<unsigned> widths;	/* SIMD widths used.  */
};

} // anon namespace

cpu_emit_options
cpu_emit_options_for (const gw_target_options &opts)
{
  cpu_emit_options eopts = emit_options (opts);
  if (!settings.max_lanes)
    eopts.max_lanes = cpu_max_simd_lanes (cpu_target_isa ());
  return eopts;
}

const cpu_emit_options &
cpu_pass_emit_options (const gw_pass_context &ctx)
{
  static cpu_emit_options from_options;
  if (ctx.target)
    return static_cast<const cpu_pass_options *> (ctx.target)->emit;
  from_options = emit_options (gw_target_options ());
  return from_options;
}

namespace {

bool
cpu_image::compile (dir_func *fn, std::string *code,
		    std::vector<gw_call> *calls, std::string *why, FILE *dump)
{
  unsigned lanes = 0;
  cpu_emit_options eopts = cpu_emit_options_for (opts);
  if (!cpu_emit_kernel (fn, eopts, code, &lanes, calls, why))
    return false;
  if (lanes && std::find (widths.begin (), widths.end (), lanes)
		 == widths.end ())
    widths.push_back (lanes);
  if (dump)
    fprintf (dump, "\n;; After emit (cpu, %s, %u lanes)\n%s",
	     isa.level.c_str (), lanes, code->c_str ());
  return true;
}

/* Regions that call worker and vector routines run the ISA's vector
   length (validate_dims).  A vector routine is compiled for it; an
   exported worker or gang routine for 1, 2, 4 ... 32 workers of it, a
   check of one for two workers.  */

std::vector<gw_call>
cpu_image::routine_shapes (dir_level l, bool exported) const
{
  return gw_routine_shapes (l, exported, isa.vector_bytes / 4);
}

/* The image: the prelude, the declarations of the module's routines and
   of those it imports (macros that call through the import table), then
   every function's C, compiled into a shared object.  */

/* The image compiler's command line, without its files: the flags of
   every image, and those of one with a big function; *OUTLINE if the
   gathers and scatters are called rather than inlined.  */

std::vector<std::string>
cpu_image::compile_flags (const std::vector<linked> &funcs,
			  bool *outline) const
{
  std::vector<std::string> argv = {
    cc, "-std=gnu11", cc_opt, "-march=" + isa.level,
    "-mtune=generic",
    "-fPIC", "-shared", "-fno-strict-aliasing", "-fno-math-errno",
    "-fno-semantic-interposition", "-fvisibility=hidden", "-w",
    "-Wl,-z,noexecstack", "-Wl,-Bsymbolic"
  };
  if (isa.vector_bytes == 64)
    argv.push_back ("-mprefer-vector-width=512");
  for (const std::string &f : opts.semantics_flags)
    argv.push_back (f);

  /* GCC's time over a function grows faster than its size (RTL GCSE,
     load CSE after reload, jump threading): an image with a function of
     more than settings.big_function lines is compiled without RTL GCSE (a
     352-line fuzz program's region, 5,270 lines of C, took 134 s of CPU
     at -O3).  An inlined gather or scatter costs GCC more than the rest
     of a small kernel (16 lanes, two lane loops that it unrolls): an
     image with more than settings.inline_gathers calls of them, or a big
     function, calls them all (the fuzz program then took 12 s, 300
     one-line regions 18 s instead of 62).  */
  size_t big = 0, gathers = 0;
  for (const linked &f : funcs)
    {
      big = std::max (big, (size_t) std::count (f.code.begin (),
						 f.code.end (), '\n'));
      for (const char *h : { "gw_gather_", "gw_scatter_" })
	for (size_t k = f.code.find (h); k != std::string::npos;
	     k = f.code.find (h, k + 1))
	  gathers++;
    }
  bool is_big = settings.big_function && big > settings.big_function;
  *outline = is_big || gathers > settings.inline_gathers;
  /* GCC's value numbering and dead store elimination walk back over
     the stores a load or store may alias, up to 1,000 and 256 of them
     per access: with the lanes' frames and the host's arrays all
     addressed through integers, that walk was 40% of a fuzz program's
     image compile (3,300 lines, 7.4 s); bounded, a big image loses a
     few redundant loads.  */
  if (is_big)
    argv.insert (argv.end (),
		 { "-fno-gcse", "-fno-gcse-after-reload",
		   "--param=sccvn-max-alias-queries-per-access=100",
		   "--param=dse-max-alias-queries-per-store=64" });
  return argv;
}

/* The parts the image is compiled in: the index of each one's first
   function in FUNCS, then FUNCS.size ().  */

std::vector<size_t>
cpu_image::split_parts (const std::vector<linked> &funcs) const
{
  /* The parts: GCC keeps every function of a translation unit until
     its end, and 300 one-line regions in one source of 69,000 lines
     peaked at 298 MB, in 14 parts at 135 MB (the unit's own compiler),
     for the same CPU time.  An image of more
     than settings.part_lines lines of code is compiled in parts of
     about that many lines, whole functions each, then linked; at most
     max_parts of them.  */
  std::vector<size_t> lines (funcs.size ()), first = { 0 };
  size_t total = 0;
  for (size_t k = 0; k < funcs.size (); k++)
    total += lines[k] = std::count (funcs[k].code.begin (),
				    funcs[k].code.end (), '\n');
  if (settings.part_lines && total > settings.part_lines)
    {
      size_t per = std::max<size_t> (settings.part_lines,
				     total / max_parts + 1), n = 0;
      for (size_t k = 0; k < funcs.size (); k++)
	{
	  if (n >= per && first.size () < max_parts)
	    {
	      first.push_back (k);
	      n = 0;
	    }
	  n += lines[k];
	}
    }
  first.push_back (funcs.size ());
  return first;
}

/* The C of each part (FIRST: split_parts) of the image of FUNCS, which
   imports IMPORTS and calls the C library's LIBRARY, compiled with ARGV
   (compile_flags, OUTLINE).  */

std::vector<std::string>
cpu_image::part_sources (const std::vector<linked> &funcs,
			 const std::vector<dir_decl> &imports,
			 const std::set<std::string> &library,
			 const std::vector<std::string> &argv, bool outline,
			 const std::vector<size_t> &first) const
{
  size_t parts = first.size () - 1;
  /* Each source says how it is compiled (-fplugin-arg-gangway-keep-temps
     keeps it).  */
  std::string flags;
  for (size_t k = 1; k < argv.size (); k++)
    flags += " " + argv[k];
  std::string command = "/* Compiled with: " + cc + flags
			+ (parts == 1 ? " -o IMAGE.so -x c IMAGE.c -x none -lm"
			   : " -c -x c PART.c, then linked with the other "
			     "parts: -shared -o IMAGE.so PART.o ... -lm")
			+ "  */\n";
  /* The C library's functions, under names of the image's own (the
     calls cast them to their arguments' types), the routines'
     prototypes, the imports (defined by the first part), then the code;
     the prelude before them holds what they use of it.  */
  std::string decls;
  for (const std::string &l : library)
    decls += "extern void gw_lib_" + l + " (void) __asm__ (\"" + l
	     + "\");\n";
  for (const linked &f : funcs)
    if (f.kind == DFK_ROUTINE)
      decls += cpu_routine_prototype (f.symbol, f.sig, f.exported) + ";\n";
  std::vector<std::string> sources;
  for (size_t p = 0; p < parts; p++)
    {
      std::string body = decls;
      if (!imports.empty ())
	{
	  dir_appendf (body, "GW_EXPORT %svoid *" GW_CPU_IMAGE_IMPORTS_SYMBOL
		       "[%zu];\n", p ? "extern " : "", imports.size ());
	  for (size_t k = 0; k < imports.size (); k++)
	    dir_appendf (body, "#define %s ((%s) " GW_CPU_IMAGE_IMPORTS_SYMBOL
			 "[%zu])\n", imports[k].name.c_str (),
			 cpu_routine_pointer (imports[k].sig).c_str (), k);
	}
      for (size_t k = first[p]; k < first[p + 1]; k++)
	body += funcs[k].code;
      cpu_image_part part = parts == 1 ? CPU_IMAGE_WHOLE
			    : p == 0 ? CPU_IMAGE_FIRST_PART
			    : CPU_IMAGE_OTHER_PART;
      std::string source = cpu_prelude (isa, widths, body, outline, part);
      source.insert (source.find ('\n') + 1, command);
      sources.push_back (source + body);
    }
  return sources;
}

bool
cpu_image::link (const std::vector<linked> &funcs,
		 const std::vector<dir_decl> &imports,
		 const std::set<std::string> &library, gw_image_out *out,
		 std::string *why)
{
  bool outline = false;
  std::vector<std::string> argv = compile_flags (funcs, &outline);
  std::vector<size_t> first = split_parts (funcs);
  size_t parts = first.size () - 1;
  std::vector<std::string> sources
    = part_sources (funcs, imports, library, argv, outline, first);
  std::string *image = &out->image;

  /* Work in a private directory; keep the sources if asked: the whole
     image's, or the first part's, as BASE.gangway-cpu.c, the other
     parts' as BASE.gangway-cpu-P.c.  */
  std::string dir;
  if (!gw_make_temp_dir (&dir, why))
    {
      out->fall_back = true;
      return false;
    }
  auto name = [&] (size_t p, const char *ext) {
    return parts == 1 ? dir + "/image" + ext
	   : dir + "/image-" + std::to_string (p) + ext;
  };
  std::string so = dir + "/image.so", log = dir + "/log";
  /* The files the image compile may leave, which a fatal signal removes
     too (gw_temp_file).  */
  std::vector<std::string> temps;
  auto temp = [&] (const std::string &path) {
    temps.push_back (path);
    gw_temp_file (path);
  };
  temp (so);
  temp (log);
  auto clean = [&] () {
    for (const std::string &t : temps)
      unlink (t.c_str ());
    rmdir (dir.c_str ());
    gw_temp_dir_released ();
  };
  for (size_t p = 0; p < parts; p++)
    {
      std::string c = name (p, ".c");
      temp (c);
      if (!gw_write_file (c, sources[p]))
	{
	  *why = "cannot write " + c + ": " + strerror (errno);
	  clean ();
	  out->fall_back = true;
	  return false;
	}
      if (!opts.keep_base.empty ())
	gw_write_file (opts.keep_base + ".gangway-cpu"
		       + (p ? "-" + std::to_string (p) : std::string ())
		       + ".c", sources[p]);
    }

  /* The driver may be g++ (COLLECT_GCC): say the source is C.  One
     command compiles and links a whole image; the parts are compiled one
     after the other (one compiler at a time, as one make job), then
     linked.  */
  std::vector<std::vector<std::string>> commands;
  std::vector<std::string> link_argv = argv;
  if (parts == 1)
    link_argv.insert (link_argv.end (),
		      { "-o", so, "-x", "c", name (0, ".c"), "-x", "none" });
  else
    {
      link_argv.insert (link_argv.end (), { "-o", so });
      for (size_t p = 0; p < parts; p++)
	{
	  std::string o = name (p, ".o");
	  temp (o);
	  std::vector<std::string> c = argv;
	  c.insert (c.end (), { "-c", "-o", o, "-x", "c", name (p, ".c") });
	  commands.push_back (c);
	  link_argv.push_back (o);
	}
    }
  link_argv.push_back ("-lm");
  commands.push_back (link_argv);

  int rc = 0, signal = 0;
  for (const std::vector<std::string> &c : commands)
    if ((rc = gw_run_command (c, log, &signal)) != 0)
      break;
  bool ok = rc == 0 && gw_read_file (so, image);
  if (!ok)
    {
      /* The unit's regions run without the image (gw_unit_finish).  */
      *why = rc == 0 ? "the image compiler (" + cc + ") made no image"
	     : gw_command_failure ("the image compiler (" + cc + ")", rc,
				   signal, log);
      image->clear ();
      out->fall_back = true;
    }
  else
    out->isa = isa.level;
  clean ();
  return ok;
}

class cpu_target : public gw_target
{
public:
  const char *name () const override { return "cpu"; }

  const char *description () const override
  {
    return "the cpu SIMD device";
  }

  gw_default_use default_use () const override { return GW_DEFAULT; }

  std::vector<const gw_option *> options () const override
  {
    return gw_table_list (options_table);
  }

  std::vector<dir_prop_info> properties () const override
  {
    /* The vector lanes of a worker run its vector-single code together
       and agree there, so that code needs no vector neutering
       (simplify.cc).  */
    return { { "lanes-agree", CPU_PROP_LANES_AGREE, 1u << DA_WORKER,
	       1u << DA_VECTOR } };
  }

  /* The C of FN, as the image has it, for the ISA's level, with no limit
     on its workers' chunks of lanes.  */
  bool emit_listing (dir_func *fn, const gw_target_options &opts,
		     std::string *text, std::string *why) const override
  {
    cpu_isa isa = cpu_target_isa ();
    std::string code;
    unsigned lanes = 0;
    if (!cpu_emit_kernel (fn, emit_options (opts), &code, &lanes, nullptr,
			  why))
      return false;
    *text = "/* emit: cpu, " + isa.level + ", " + std::to_string (lanes)
	    + " lanes */\n" + code;
    return true;
  }

  bool simd_lanes () const override { return true; }

  /* A gang costs a call of the kernel's gang function, its part of the
     prologue and the start of its loop, with the branch mispredictions
     of a loop's first and last iterations: some 40-60 cycles, and 16
     gangs of a 200-iteration halo exchange took 0.53 us where one took
     0.29.  A gang of a light region gets at least this many statements'
     worth of runs (about a microsecond: what calling the pool's threads
     costs, pool.c), and a small loop fewer gangs with work.  */
  unsigned min_gang_chunk (unsigned stmts) const override
  {
    const unsigned gang_statements = 4000;
    return stmts ? (gang_statements + stmts - 1) / stmts : 1;
  }

  int routine_vector_length (const gw_target_options &opts) const override
  {
    return cpu_target_isa ().vector_bytes / 4;
  }

  void validate_dims (int dims[DA_NUM], unsigned used,
		      const gw_region_facts &region,
		      const gw_target_options &opts,
		      std::vector<std::string> *notes) const override
  {
    cpu_isa isa = cpu_target_isa ();
    /* A vector register holds the ISA's lanes of 4-byte values; a region
       whose arithmetic is mostly on doubles runs half as many, so that
       each of its double vectors is one register, not a pair that GCC
       spills (without AVX-512, a vector of 8 doubles is not a type of
       the machine at all).  Worker and vector routines are compiled for
       the ISA's vector length of 4-byte lanes.  */
    int lanes = isa.vector_bytes / 4;
    int most_lanes = cpu_max_simd_lanes (isa);
    if (region.float_bytes == 8 && !region.routine_calls)
      lanes = std::max (4, (int) isa.vector_bytes / 8);
    /* A loop whose every access is a gather or a scatter (a halo
       exchange walking down rows) runs faster one iteration at a time
       than as vectors: each lane's element is moved alone anyway, and
       the vectors add the lanes' masks and indices.  */
    if (region.strided_lanes && dims[DA_VECTOR] < 0)
      dims[DA_VECTOR] = 1;
    if (region.routine_calls && dims[DA_VECTOR] > 0 && dims[DA_VECTOR] != lanes)
      {
	notes->push_back ("gangway: using vector_length ("
			  + std::to_string (lanes) + ") due to a call of a "
			  "vector-partitionable routine, ignoring "
			  + std::to_string (dims[DA_VECTOR]));
	dims[DA_VECTOR] = lanes;
      }
    if (region.routine_calls && dims[DA_VECTOR] < 0)
      dims[DA_VECTOR] = lanes;
    if (dims[DA_GANG] < 0)
      dims[DA_GANG] = (used & (1u << DA_GANG)) ? 0 : 1;
    else if ((unsigned) dims[DA_GANG] > GW_CPU_MAX_GANGS)
      {
	notes->push_back ("gangway: using num_gangs ("
			  + std::to_string (GW_CPU_MAX_GANGS) + "), ignoring "
			  + std::to_string (dims[DA_GANG])
			  + ": the cpu device runs at most "
			  + std::to_string (GW_CPU_MAX_GANGS) + " gangs");
	dims[DA_GANG] = GW_CPU_MAX_GANGS;
      }

    if (dims[DA_VECTOR] < 0)
      dims[DA_VECTOR] = (used & (1u << DA_VECTOR)) ? lanes : 1;
    else if (dims[DA_VECTOR] == 0)
      {
	notes->push_back ("gangway: using vector_length (" + std::to_string (lanes)
			  + "), ignoring runtime setting: the cpu device "
			  "fixes the vector length at compile time");
	dims[DA_VECTOR] = lanes;
      }
    else if (dims[DA_VECTOR] > (int) cpu_max_vector)
      notes->push_back ("gangway: using vector_length ("
			+ std::to_string (most_lanes) + "), ignoring "
			+ std::to_string (dims[DA_VECTOR]) + ": the cpu "
			"device's vectors are at most "
			+ std::to_string (cpu_max_vector) + " lanes, and "
			+ isa.level + " code runs "
			+ std::to_string (most_lanes) + " at once");
    /* A longer vector runs as the ISA's most lanes, without a warning up
       to the device's limit (a GPU's customary 32): vector_length is a
       hint, and the launch log and -fopt-info-omp say what ran.  */
    if (dims[DA_VECTOR] > most_lanes)
      dims[DA_VECTOR] = most_lanes;

    int workers = !(used & (1u << DA_WORKER)) ? 1
		  : (used & (1u << DA_VECTOR)) ? 1 : lanes;
    int limit = std::min (max_workers, max_lanes / dims[DA_VECTOR]);
    if (dims[DA_WORKER] < 0)
      dims[DA_WORKER] = workers;
    else if (dims[DA_WORKER] == 0)
      {
	notes->push_back ("gangway: using num_workers ("
			  + std::to_string (workers) + "), ignoring runtime "
			  "setting: the cpu device fixes the number of "
			  "workers at compile time");
	dims[DA_WORKER] = workers;
      }
    else if (dims[DA_WORKER] > limit)
      {
	notes->push_back ("gangway: using num_workers ("
			  + std::to_string (limit) + "), ignoring "
			  + std::to_string (dims[DA_WORKER])
			  + ": the cpu device runs at most "
			  + std::to_string (max_lanes) + " lanes per gang");
	dims[DA_WORKER] = limit;
      }
  }

  int dim_limit (dir_axis axis, const gw_target_options &opts) const override
  {
    return axis == DA_GANG ? 0 : axis == DA_WORKER ? max_workers
	   : cpu_max_simd_lanes (cpu_target_isa ());
  }

  std::shared_ptr<const gw_target_pass_options>
  pass_options (const gw_target_options &opts) const override
  {
    auto o = std::make_shared<cpu_pass_options> ();
    o->emit = cpu_emit_options_for (opts);
    return o;
  }

  std::vector<const gw_pass_info *> passes () const override
  {
    static const gw_pass_info table[] = {
#define DEF_PASS(NAME, FUNCTION, REQUIRES, PROVIDES) \
      { NAME, FUNCTION, REQUIRES, PROVIDES },
#include "passes.def"
#undef DEF_PASS
    };
    return gw_pass_list (table);
  }

  std::unique_ptr<gw_image_builder>
  start_unit (const gw_target_options &opts) const override
  {
    return std::unique_ptr<gw_image_builder> (new cpu_image (this, opts));
  }
};

} // anon namespace

cpu_isa
cpu_target_isa ()
{
  std::string level = settings.isa;
  if (level.empty () || level == "native")
    {
      __builtin_cpu_init ();
      if (__builtin_cpu_supports ("x86-64-v4"))
	level = "x86-64-v4";
      else if (__builtin_cpu_supports ("x86-64-v3"))
	level = "x86-64-v3";
      else if (__builtin_cpu_supports ("x86-64-v2"))
	level = "x86-64-v2";
      else
	level = "x86-64";
    }
  unsigned bytes = level == "x86-64-v4" ? 64 : level == "x86-64-v3" ? 32 : 16;
  return cpu_isa { level, bytes };
}

unsigned
cpu_max_simd_lanes (const cpu_isa &isa)
{
  return 2 * isa.vector_bytes / 4;
}

const gw_target *
gw_target_cpu ()
{
  static cpu_target t;
  return &t;
}
