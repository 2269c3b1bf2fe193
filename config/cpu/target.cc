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
#include <cstring>
#include <unistd.h>

namespace {

const int max_workers = 32;
const int max_lanes = 1024;

class cpu_image : public gw_module_builder
{
public:
  cpu_image (const gw_target *t, const gw_target_options &opts)
    : gw_module_builder (t, opts), opts (opts), isa (cpu_isa_for (opts)) {}

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
  gw_target_options opts;
  cpu_isa isa;
  std::vector<unsigned> widths;	/* SIMD widths used.  */
};

} // anon namespace

cpu_emit_options
cpu_emit_options_for (const gw_target_options &opts)
{
  cpu_emit_options eopts;
  eopts.verify = opts.verify;
  eopts.check_lanes = opts.cpu_check_lanes;
  eopts.unmasked = opts.cpu_unmasked;
  eopts.no_combine = opts.cpu_no_combine;
  eopts.max_lanes = cpu_max_simd_lanes (cpu_isa_for (opts));
  return eopts;
}

const cpu_emit_options &
cpu_pass_emit_options (const gw_pass_context &ctx)
{
  static const cpu_emit_options defaults;
  return ctx.target
	 ? static_cast<const cpu_pass_options *> (ctx.target)->emit
	 : defaults;
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

bool
cpu_image::link (const std::vector<linked> &funcs,
		 const std::vector<dir_decl> &imports,
		 const std::set<std::string> &library, gw_image_out *out,
		 std::string *why)
{
  std::vector<std::string> argv = {
    opts.cc, "-std=gnu11", opts.cc_opt, "-march=" + isa.level,
    "-mtune=generic",
    "-fPIC", "-shared", "-fno-strict-aliasing", "-fno-math-errno",
    "-fno-semantic-interposition", "-fvisibility=hidden", "-w",
    "-Wl,-z,noexecstack", "-Wl,-Bsymbolic"
  };
  if (isa.vector_bytes == 64)
    argv.push_back ("-mprefer-vector-width=512");
  for (const std::string &f : opts.cc_flags)
    argv.push_back (f);

  /* GCC's time over a function grows faster than its size (RTL GCSE,
     load CSE after reload, jump threading): an image with a function of
     more than cpu_big_function lines is compiled without RTL GCSE (a
     352-line fuzz program's region, 5,270 lines of C, took 134 s of CPU
     at -O3).  An inlined gather or scatter costs GCC more than the rest
     of a small kernel (16 lanes, two lane loops that it unrolls): an
     image with more than cpu_inline_gathers calls of them, or a big
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
  bool is_big = opts.cpu_big_function && big > opts.cpu_big_function;
  bool outline = is_big || gathers > opts.cpu_inline_gathers;
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

  /* The parts: GCC keeps every function of a translation unit until
     its end, and 300 one-line regions in one source of 69,000 lines
     peaked at 298 MB, in 14 parts at 135 MB (the unit's own compiler),
     for the same CPU time.  An image of more
     than cpu_part_lines lines of code is compiled in parts of about
     that many lines, whole functions each, then linked; at most
     cpu_max_parts of them (the names the signal handler removes).  */
  std::vector<size_t> lines (funcs.size ()), first = { 0 };
  size_t total = 0;
  for (size_t k = 0; k < funcs.size (); k++)
    total += lines[k] = std::count (funcs[k].code.begin (),
				    funcs[k].code.end (), '\n');
  if (opts.cpu_part_lines && total > opts.cpu_part_lines)
    {
      size_t per = std::max<size_t> (opts.cpu_part_lines,
				     total / GW_MAX_IMAGE_PARTS + 1), n = 0;
      for (size_t k = 0; k < funcs.size (); k++)
	{
	  if (n >= per && first.size () < GW_MAX_IMAGE_PARTS)
	    {
	      first.push_back (k);
	      n = 0;
	    }
	  n += lines[k];
	}
    }
  first.push_back (funcs.size ());
  size_t parts = first.size () - 1;

  /* Each source says how it is compiled (-fplugin-arg-gangway-keep-temps
     keeps it).  */
  std::string flags;
  for (size_t k = 1; k < argv.size (); k++)
    flags += " " + argv[k];
  std::string command = "/* Compiled with: " + opts.cc + flags
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
  std::vector<std::string> temps = { so, log };
  auto clean = [&] () {
    for (const std::string &t : temps)
      unlink (t.c_str ());
    rmdir (dir.c_str ());
    gw_temp_dir_released ();
  };
  for (size_t p = 0; p < parts; p++)
    {
      std::string c = name (p, ".c");
      temps.push_back (c);
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
	  temps.push_back (o);
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
      *why = rc == 0 ? "the image compiler (" + opts.cc + ") made no image"
	     : gw_command_failure ("the image compiler (" + opts.cc + ")", rc,
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
    return cpu_isa_for (opts).vector_bytes / 4;
  }

  void validate_dims (int dims[DA_NUM], unsigned used,
		      const gw_region_facts &region,
		      const gw_target_options &opts,
		      std::vector<std::string> *notes) const override
  {
    cpu_isa isa = cpu_isa_for (opts);
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
	   : cpu_max_simd_lanes (cpu_isa_for (opts));
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
cpu_isa_for (const gw_target_options &opts)
{
  std::string level = opts.cpu_isa;
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
