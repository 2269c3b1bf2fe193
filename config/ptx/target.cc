/* The ptx target: dimensions, and the image of a translation unit.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   Dimensions, as a CUDA GPU runs them: a gang is a CTA, a worker a row of
   it (%tid.y), a vector lane a column (%tid.x).  The vector length is 32
   by default wherever vector loops are (1 elsewhere), so that a worker is
   a warp and the reorg's vector broadcasts and barriers are warp
   operations; a vector_length above 32 is rounded up to whole warps, up to
   1024, and its workers synchronize by named barriers (at most 15
   workers then).  Workers default to 8 in regions with worker loops, and
   a CTA has at most 1024 threads.  Worker and vector sizes are fixed at
   compile time (the kernel's .reqntid); the number of gangs is free.

   The image: the PTX text of every kernel of the unit, one module, NUL
   terminated (the CUDA driver loads it as a string).  With
   -fplugin-arg-gangway-ptxas=check the module is assembled by ptxas for
   its architecture when the unit is finished, and a rejection is a
   compile error that quotes ptxas.  */

#include "ptx.h"

#include <cstring>
#include <unistd.h>

#ifndef GW_PTXAS
#define GW_PTXAS ""		/* configure's, Makefile.am.  */
#endif

namespace {

const int default_workers = 8;
const int max_threads = 1024;

/* What the target's options (options_table) set.  */
struct ptx_settings
{
  std::string arch = "sm_80";	/* -fplugin-arg-gangway-ptx-arch.  */
  std::string ptxas = GW_PTXAS;	/* The ptxas to check images with: the
				   one configure found, or ptxas=PATH.  */
  bool ptxas_check = false;	/* ptxas=check: assemble every image at
				   compile time; a rejection is an
				   error.  */
} settings;

std::string
parse_arch (const char *option, const char *v)
{
  ptx_arch arch;
  if (!ptx_parse_arch (v, &arch))
    return gw_quote (option) + ": unknown architecture " + gw_quote (v)
	   + " (" + gw_quote ("sm_75") + ", " + gw_quote ("sm_80") + ", "
	   + gw_quote ("sm_86") + ", " + gw_quote ("sm_87") + ", "
	   + gw_quote ("sm_89") + " or " + gw_quote ("sm_90") + ")";
  settings.arch = v;
  return "";
}

std::string
parse_ptxas (const char *, const char *v)
{
  if (strcmp (v, "no") == 0)
    settings.ptxas_check = false;
  else
    {
      settings.ptxas_check = true;
      if (strcmp (v, "check") != 0)
	settings.ptxas = v;
      else if (settings.ptxas.empty ())
	settings.ptxas = "ptxas";
    }
  return "";
}

const gw_option options_table[] = {
  { "ptx-arch", GW_VALUE_REQUIRED, parse_arch, "=sm_NN",
    "GPU architecture of ptx images\n(sm_75 ... sm_90; sm_80)" },
  { "ptxas", GW_VALUE_REQUIRED, parse_ptxas, "=check",
    "assemble ptx images with ptxas at\ncompile time (or =PATH, =no)" },
};

/* The architecture of the images.  */

ptx_arch
target_arch ()
{
  ptx_arch arch;
  if (!ptx_parse_arch (settings.arch, &arch))
    ptx_parse_arch ("sm_80", &arch);
  return arch;
}

class ptx_image : public gw_module_builder
{
public:
  ptx_image (const gw_target *t, const gw_target_options &o)
    : gw_module_builder (t, o), opts (o), arch (target_arch ()) {}

protected:
  bool compile (dir_func *fn, std::string *code, std::vector<gw_call> *calls,
		std::string *why, FILE *dump) override
  {
    if (!ptx_emit_kernel (fn, code, calls, why))
      return false;
    if (dump)
      fprintf (dump, "\n;; After emit (ptx, %s)\n%s", arch.sm.c_str (),
	       code->c_str ());
    return true;
  }

  /* A worker or vector routine runs on a warp's lanes (validate_dims):
     a vector routine on those of each worker that calls it, a worker or
     gang routine on every worker of the gang, of which an exported one
     is compiled for 1, 2, 4 ... 32, a check of one for two.  */
  std::vector<gw_call> routine_shapes (dir_level l, bool exported)
    const override
  {
    return gw_routine_shapes (l, exported, ptx_warp_size);
  }

  /* A worker or vector routine's .shared data is one per CTA, not one
     per call.  */
  bool partitioned_recursion () const override { return false; }

  /* The module: the header, the prototypes of the module's routines
     and of those it imports (.extern), then every function.  */
  bool link (const std::vector<linked> &funcs,
	     const std::vector<dir_decl> &imports,
	     const std::set<std::string> &library, gw_image_out *out,
	     std::string *why) override
  {
    std::string module = ptx_module_header (arch);
    /* CUDA's device printf, the one function of the C library.  */
    if (library.count ("vprintf"))
      module += ".extern .func (.param .b32 status) vprintf (.param .b64 "
		"format, .param .b64 args);\n";
    for (const dir_decl &d : imports)
      module += ptx_routine_prototype (d.name, d.sig, ".extern ") + ";\n";
    for (const linked &f : funcs)
      if (f.kind == DFK_ROUTINE)
	module += ptx_routine_prototype (f.symbol, f.sig,
					 f.exported ? ".visible " : "")
		  + ";\n";
    for (const linked &f : funcs)
      module += "\n" + f.code;
    if (!opts.keep_base.empty ())
      gw_write_file (opts.keep_base + ".gangway-ptx.ptx", module);
    if (settings.ptxas_check && !check (module, !imports.empty (), why))
      return false;
    /* cuModuleLoadData reads PTX as a NUL-terminated string; the ABI
       counts the NUL in the image's size.  */
    out->image = module;
    out->image.push_back ('\0');
    out->isa = arch.sm;
    return true;
  }

private:
  gw_target_options opts;
  ptx_arch arch;

  /* Assemble MODULE with ptxas, as a relocatable object if it IMPORTS
     routines of other modules; set WHY to its complaint if it fails.  */
  bool check (const std::string &module, bool imports, std::string *why)
  {
    if (settings.ptxas.empty ())
      {
	*why = "no ptxas to check the PTX with (configure found none; "
	       "see --with-ptxas)";
	return false;
      }
    std::string dir;
    if (!gw_make_temp_dir (&dir, why))
      return false;
    std::string src = dir + "/image.ptx", obj = dir + "/image.cubin",
		log = dir + "/log";
    for (const std::string *f : { &src, &obj, &log })
      gw_temp_file (*f);
    if (!gw_write_file (src, module))
      {
	*why = "cannot write " + src;
	unlink (src.c_str ());
	rmdir (dir.c_str ());
	gw_temp_dir_released ();
	return false;
      }
    std::vector<std::string> argv = { settings.ptxas, "-arch=" + arch.sm };
    if (imports)
      argv.push_back ("-c");
    argv.insert (argv.end (), { "-o", obj, src });
    int rc = gw_run_command (argv, log);
    if (rc != 0)
      {
	std::string msg;
	gw_read_file (log, &msg);
	if (msg.size () > 2000)
	  msg.resize (2000);
	*why = settings.ptxas + (rc < 0 ? std::string (" did not run")
				 : " rejected the PTX (status "
				   + std::to_string (rc) + ")")
	       + "; the module is kept in " + src + "\n" + msg;
	unlink (obj.c_str ());
	unlink (log.c_str ());
	gw_temp_dir_released ();
	return false;
      }
    unlink (src.c_str ());
    unlink (obj.c_str ());
    unlink (log.c_str ());
    rmdir (dir.c_str ());
    gw_temp_dir_released ();
    return true;
  }
};

class ptx_target : public gw_target
{
public:
  const char *name () const override { return "ptx"; }

  const char *description () const override { return "NVIDIA GPUs"; }

  /* On where configure found ptxas, but quietly: what it cannot compile
     runs on the cpu device without a warning.  */
  gw_default_use default_use () const override
  {
    return GW_PTXAS[0] ? GW_DEFAULT_QUIET : GW_NOT_DEFAULT;
  }

  std::vector<const gw_option *> options () const override
  {
    return gw_table_list (options_table);
  }

  /* ptxas turns a division by a constant into a multiply-high and
     shifts.  */
  bool cheap_constant_division () const override { return true; }

  int routine_vector_length (const gw_target_options &) const override
  {
    return ptx_warp_size;
  }

  void validate_dims (int dims[DA_NUM], unsigned used,
		      const gw_region_facts &region,
		      const gw_target_options &,
		      std::vector<std::string> *notes) const override
  {
    const std::string w = std::to_string (ptx_warp_size);
    if (dims[DA_GANG] < 0)
      dims[DA_GANG] = (used & (1u << DA_GANG)) ? 0 : 1;
    /* Worker and vector routines partition a warp's lanes.  */
    if (region.routine_calls && dims[DA_VECTOR] > 0
	&& dims[DA_VECTOR] != ptx_warp_size)
      {
	notes->push_back ("gangway: ptx: using vector_length (" + w
			  + ") due to a call of a vector-partitionable "
			  "routine, ignoring "
			  + std::to_string (dims[DA_VECTOR]));
	dims[DA_VECTOR] = ptx_warp_size;
      }

    int &v = dims[DA_VECTOR];
    if (v < 0)
      v = (used & (1u << DA_VECTOR)) ? ptx_warp_size : 1;
    else if (v == 0)
      {
	notes->push_back ("gangway: ptx: using vector_length (" + w
			  + "), ignoring runtime setting: the ptx device "
			  "fixes the vector length at compile time");
	v = ptx_warp_size;
      }
    else if (v > max_threads)
      {
	notes->push_back ("gangway: ptx: using vector_length ("
			  + std::to_string (max_threads) + "), ignoring "
			  + std::to_string (v) + ": a CTA runs at most "
			  + std::to_string (max_threads) + " threads");
	v = max_threads;
      }
    else if (v != 1 && v % ptx_warp_size != 0)
      {
	int up = (v + ptx_warp_size - 1) / ptx_warp_size * ptx_warp_size;
	notes->push_back ("gangway: ptx: using vector_length ("
			  + std::to_string (up) + "), ignoring "
			  + std::to_string (v) + ": a vector is whole warps");
	v = up;
      }

    int workers = (used & (1u << DA_WORKER)) ? default_workers : 1;
    int limit = max_threads / v;
    if (limit > 32)
      limit = 32;
    if (v > ptx_warp_size && limit > ptx_max_vector_barriers)
      limit = ptx_max_vector_barriers;
    int &wk = dims[DA_WORKER];
    if (wk < 0)
      wk = workers;
    else if (wk == 0)
      {
	notes->push_back ("gangway: ptx: using num_workers ("
			  + std::to_string (workers) + "), ignoring runtime "
			  "setting: the ptx device fixes the number of "
			  "workers at compile time");
	wk = workers;
      }
    else if (wk > limit)
      {
	notes->push_back ("gangway: ptx: using num_workers ("
			  + std::to_string (limit) + "), ignoring "
			  + std::to_string (wk)
			  + (limit == ptx_max_vector_barriers
			     ? ": workers of several warps need a barrier each"
			     : ": a CTA runs at most "
			       + std::to_string (max_threads) + " threads"));
	wk = limit;
      }
    if (wk > 0 && wk > limit)
      wk = limit;
  }

  int dim_limit (dir_axis axis, const gw_target_options &) const override
  {
    return axis == DA_GANG ? 0 : axis == DA_WORKER ? 32 : max_threads;
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
    return std::unique_ptr<gw_image_builder> (new ptx_image (this, opts));
  }

  /* The module of FN alone, for -fplugin-arg-gangway-ptx-arch's
     architecture (sm_80: gangway-opt has no such option).  */
  bool emit_listing (dir_func *fn, const gw_target_options &,
		     std::string *text, std::string *why) const override
  {
    std::string code;
    if (!ptx_emit_kernel (fn, &code, nullptr, why))
      return false;
    *text = ptx_module_header (target_arch ()) + code;
    return true;
  }
};

} // anon namespace

const gw_target *
gw_target_ptx ()
{
  static ptx_target t;
  return &t;
}
