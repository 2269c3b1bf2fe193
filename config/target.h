/* The interface every device target implements.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   A target (config/<name>/) decides the launch dimensions it supports and
   turns device RTL into an image.  Target-independent code only ever talks
   to a target through this class, and a target never sees GCC: what it
   needs from the compiler run comes in gw_target_options.  */

#ifndef GANGWAY_TARGET_H
#define GANGWAY_TARGET_H

#include "../device/ir/ir.h"
#include "../device/passes/passes.h"

#include <memory>
#include <set>
#include <string>
#include <vector>

/* What the plugin tells the targets about the compilation.  What is a
   target's own business (its -fplugin-arg-gangway-* options, gw_option)
   the target keeps itself.  */
struct gw_target_options
{
  std::string driver;		/* The compiler driver running the plugin
				   (COLLECT_GCC), else "gcc".  */
  std::vector<std::string> semantics_flags;	/* The compilation's
						   floating-point semantics,
						   as GCC options, which an
						   image must share.  */
  int opt_level = 2;		/* The compilation's -O level (-Os: 2).  */
  bool opt_debug = false;	/* It is -Og.  */
  std::string keep_base;	/* If set, keep image sources as
				   KEEP_BASE.<target>.<ext>.  */
  bool verify = false;		/* Check what the targets make too
				   (-fplugin-arg-gangway-verify).  */
  /* How to run the target's passes: the dump, disable and stop-after
     lists and the verifier switch of the target-independent ones.  */
  gw_pipeline_options pipeline;
};

/* Whether an option takes a value (-fplugin-arg-gangway-NAME=VALUE,
   gangway-opt's --NAME=VALUE).  */
enum gw_option_value
{
  GW_VALUE_NONE,		/* No; a value given is ignored.  */
  GW_VALUE_OPTIONAL,		/* It may have one.  */
  GW_VALUE_REQUIRED		/* It must: the option alone is an error
				   ("needs a value").  */
};

/* An option of the plugin, -fplugin-arg-gangway-NAME, and perhaps of
   gangway-opt, --TOOL_NAME: the plugin's own (plugin/gangway.cc) or a
   target's (gw_target::options), which keeps what it is given in the
   target's own state.  The front ends ask each target whether an option
   is its own by looking it up in the target's table.  */
struct gw_option
{
  const char *name;		/* The plugin's NAME.  */
  gw_option_value value;
  /* Take VALUE (null if the option came without one) into the owner's
     state.  Return "" if it is valid, else the error message, which
     names the option as OPTION ("-fplugin-arg-gangway-isa", "--isa") and
     quotes with gw_quote.  */
  std::string (*parse) (const char *option, const char *value);
  const char *meta;		/* The value in the help: "=LEVEL",
				   "[=0|1]"; null: none.  */
  const char *help;		/* The plugin's help (cc1 --help),
				   lines separated by '\n'; null: not in it
				   (docs/manual.md lists every option).  */
  const char *tool_name = nullptr;	/* gangway-opt's --NAME, or null:
					   not one of its options.  */
  const char *tool_help = nullptr;	/* Its line in gangway-opt's usage.  */
};

/* TEXT quoted in an option's error message, as GCC's diagnostics quote
   (%<TEXT%>, with its percent signs doubled): the plugin reports a
   message through GCC, which reads it as a format; gw_plain_message
   gives it with plain quotes (gangway-opt's).  */
std::string gw_quote (const std::string &text);
std::string gw_plain_message (const std::string &msg);

/* The help of the options TABLE, one line or more each, the option
   (PREFIX NAME META) in a column of WIDTH: the plugin's (PREFIX
   "-fplugin-arg-gangway-") or, if TOOL, gangway-opt's ("--").  */
std::string gw_option_help (const std::vector<const gw_option *> &table,
			    const char *prefix, size_t width, bool tool);

/* Whether a target is enabled when -fplugin-arg-gangway-targets is not
   given, and if it is, whether quietly: what a quiet target cannot
   compile gets no warning, only a note in the dumps.  */
enum gw_default_use
{
  GW_NOT_DEFAULT,
  GW_DEFAULT,
  GW_DEFAULT_QUIET
};

class gw_target;

/* The image of a module, as gw_image_builder::finish gives it.  */
struct gw_image_out
{
  std::string image;		/* The bytes; empty if no function.  */
  std::string isa;		/* What it requires of the device.  */
  /* The kernels left out because they call, directly or not, a routine
     of the module that has no code for the target.  */
  struct dropped_kernel
  {
    std::string kernel;		/* Its symbol.  */
    std::string routine;	/* The first routine without code.  */
    std::string why;		/* Why that routine has none.  */
  };
  std::vector<dropped_kernel> dropped;
  /* Set with a false finish when the image could not be made for a
     reason of the machine's (its compiler failed, was killed, is
     missing): the unit's regions run without it, with a warning,
     instead of failing the compilation.  */
  bool fall_back = false;
  std::vector<std::string> exports;	/* Routines other modules may call.  */
  std::vector<dir_decl> imports;	/* Routines other modules define.  */
};

/* The functions of one translation unit for one target (its module,
   docs/internals.md section 8), accumulated until the image is built.  */
class gw_image_builder
{
public:
  virtual ~gw_image_builder () = default;

  /* Compile FN, a kernel or a routine that has been through the device
     passes, for the image.  Write what the target made of it to DUMP if
     non-null.  Return false and set WHY if the target cannot compile FN:
     a kernel's region then runs elsewhere, and the functions that call a
     routine are left out of the image.  */
  virtual bool add_function (dir_func *fn, std::string *why, FILE *dump) = 0;

  /* The routine SYMBOL of the module has no code for the target (it was
     not compiled, for WHY): the functions that call it are left out.  */
  virtual void note_failure (const std::string &symbol,
			     const std::string &why) = 0;

  /* Declare D, a routine another module defines, which functions of this
     one call.  */
  virtual void declare (const dir_decl &d) = 0;

  /* Build the image of every function added.  Return false and set WHY
     on failure.  */
  virtual bool finish (gw_image_out *out, std::string *why) = 0;
};

/* A call of a routine, as a target compiles it: a seq routine once, a
   worker or vector routine once for each shape of its callers (their
   workers and vector length, which it partitions).  */
struct gw_call
{
  std::string symbol;		/* The routine's, in the module.  */
  dir_level level = DL_SEQ;
  int workers = 1, vector = 1;
  dir_signature sig;
  bool library = false;		/* A function of the device's C library
				   (printf...), which the target provides;
				   SIG is then the call's.  */

  /* The function of this shape of the routine: SYMBOL, or SYMBOL__vV
     for a vector routine, SYMBOL__wWvV for a worker or gang routine.  */
  std::string variant () const;
};

/* The part of a builder every target shares: the record of each function
   compiled, and the link at the end, which leaves out every function that
   calls a routine of the module without code (transitively), compiles
   each worker or vector routine for the shapes its callers have, and
   hands the functions, those variants and the imports to the target.  A
   target implements compile, routine_shapes and link.  */
class gw_module_builder : public gw_image_builder
{
public:
  gw_module_builder (const gw_target *target, const gw_target_options &opts);
  bool add_function (dir_func *fn, std::string *why, FILE *dump) final;
  void note_failure (const std::string &symbol,
		     const std::string &why) final;
  void declare (const dir_decl &d) final;
  bool finish (gw_image_out *out, std::string *why) final;

protected:
  /* A function of the image: a kernel, a seq routine or a shape of a
     worker or vector routine (SYMBOL is then its variant's).  */
  struct linked
  {
    std::string symbol;
    dir_func_kind kind;
    dir_signature sig;
    bool exported;
    std::string code;
  };

  /* Compile FN into *CODE, and add the routines it calls to *CALLS;
     false with WHY if the target cannot.  FN is a kernel, a seq routine,
     or a copy of a worker or vector routine given a shape (its name is
     the variant's, its dims the shape's).  Write what the target made of
     it to DUMP if non-null.  */
  virtual bool compile (dir_func *fn, std::string *code,
			std::vector<gw_call> *calls, std::string *why,
			FILE *dump) = 0;
  /* The shapes a worker or vector routine of level L is compiled for
     besides its callers' in the module: if EXPORTED, those other
     modules' regions may call it with; else one, to find out at once
     whether the target can compile it.  */
  virtual std::vector<gw_call> routine_shapes (dir_level l, bool exported)
    const = 0;
  /* Whether a worker or vector routine may call itself, directly or
     not.  */
  virtual bool partitioned_recursion () const { return true; }
  /* Build the image of FUNCS, which call each other, IMPORTS (each
     shape of an imported worker or vector routine one) and the device's
     C library's functions LIBRARY only, into OUT->image and OUT->isa.  */
  virtual bool link (const std::vector<linked> &funcs,
		     const std::vector<dir_decl> &imports,
		     const std::set<std::string> &library, gw_image_out *out,
		     std::string *why) = 0;

private:
  /* Run the target's passes on FN, then compile it.  */
  bool build (dir_func *fn, std::string *code, std::vector<gw_call> *calls,
	      std::string *why, FILE *dump);

  std::vector<const gw_pass_info *> target_passes;
  gw_pipeline_options pipeline;
  struct compiled
  {
    std::string symbol, host_name;
    dir_func_kind kind;
    dir_level level;
    dir_signature sig;
    bool exported;
    std::vector<std::string> callees;	/* Symbols of its device calls.  */
    std::vector<gw_call> calls;		/* Its calls, as the target makes
					   them.  */
    std::string code;
  };
  std::vector<compiled> funcs;
  std::vector<std::pair<std::string, std::string>> failures;
  std::vector<dir_decl> decls;
  /* The worker and vector routines, kept for the link.  */
  std::vector<std::pair<std::string, std::unique_ptr<dir_func>>> shaped;
};

/* Give FN, a copy of a worker or vector routine, the shape of the call
   C: the variant's name, and the caller's workers (for a worker or gang
   routine) and vector length as its dims.  */
void gw_shape_routine (dir_func *fn, const gw_call &c);

/* The call that the dcall I of a function of WORKERS workers of VECTOR
   lanes makes: its callee, the callee's level, the caller's shape and
   the signature of its operands and result.  */
gw_call gw_call_of (const dir_insn *i, int workers, int vector);

/* The shapes a routine of level L is compiled for, on a target whose
   partitioned routines run VECTOR lanes: a vector routine's one; a
   worker or gang one's check shape (two workers) or, if it is EXPORTED,
   every shape of 1, 2, 4 ... 32 workers that another unit may call.  */
std::vector<gw_call> gw_routine_shapes (dir_level l, bool exported,
					int vector);

/* What validate_dims may want to know of a compute region.  */
struct gw_region_facts
{
  bool routine_calls = false;	/* It calls a worker or vector routine.  */
  unsigned float_bytes = 0;	/* Its floating-point arithmetic is mostly
				   of this size (4, 8; 0: it has none).  */
  bool strided_lanes = false;	/* Its loops' accesses are all strided
				   (plugin/lanes.cc).  */
};

class gw_target
{
public:
  virtual ~gw_target () = default;

  /* Its name in options, images and the launch log: config/<name>/.  */
  virtual const char *name () const = 0;

  /* What it compiles for, in the plugin's help ("NVIDIA GPUs").  */
  virtual const char *description () const = 0;

  /* Whether it is on without -fplugin-arg-gangway-targets.  */
  virtual gw_default_use default_use () const = 0;

  /* The plugin and gangway-opt options it owns.  */
  virtual std::vector<const gw_option *> options () const { return {}; }

  /* Its own properties of device RTL, which its passes provide and
     require, on bits from DIR_PROP_TARGET_FIRST up.  */
  virtual std::vector<dir_prop_info> properties () const { return {}; }

  /* Complete the dimensions DIMS (gang, worker, vector) of a compute
     region whose partitioned axes are the GOMP_DIM_MASK bits USED, which
     calls routines that partition worker or vector loops if
     REGION.ROUTINE_CALLS (those are compiled for the target's vector
     length of routines, routine_vector_length), whose floating-point
     arithmetic is mostly of REGION.FLOAT_BYTES-byte values (0: none), and
     whose loops' memory accesses are all strided from one iteration to
     the next if REGION.STRIDED_LANES (only asked of targets whose lanes
     are SIMD lanes, with no vector length given).  On entry -1 means
     "not specified",
     0 "given at run time" and a positive value is the user's constant.
     On exit every entry is positive, or 0 for a gang count chosen at
     launch.  Append to NOTES a sentence for each request the target
     could not honour.  */
  virtual void validate_dims (int dims[DA_NUM], unsigned used,
			      const gw_region_facts &region,
			      const gw_target_options &opts,
			      std::vector<std::string> *notes) const = 0;

  /* The fewest runs of its inner threads (its lanes' worth of
     iterations) a gang's share of the gang loop of a light region has
     (plugin/loops.cc), when the loop has that many, given that a run
     executes about STMTS statements: 1 where a gang costs little, more
     where starting one costs as much as many statements.  */
  virtual unsigned min_gang_chunk (unsigned stmts) const
  {
    (void) stmts;
    return 1;
  }

  /* Whether vector lanes are SIMD lanes of one thread (gw_pass_context).  */
  virtual bool simd_lanes () const { return false; }

  /* Whether the target divides by a constant about as cheaply as a
     stepped quotient costs (gw_pass_context).  */
  virtual bool cheap_constant_division () const { return false; }

  /* The vector length of the vector lanes a worker or vector routine
     partitions its loops over: the regions that call one run that
     many.  */
  virtual int routine_vector_length (const gw_target_options &opts) const
    = 0;

  /* The largest size AXIS can have, 0 if unbounded.  */
  virtual int dim_limit (dir_axis axis,
			 const gw_target_options &opts) const = 0;

  /* The target's device passes (config/<name>/passes.def), which its
     module builder runs on each function before compiling it.  */
  virtual std::vector<const gw_pass_info *> passes () const = 0;

  /* The options of those passes for a compilation with OPTS
     (gw_pass_context::target), null if they take none.  */
  virtual std::shared_ptr<const gw_target_pass_options>
  pass_options (const gw_target_options &opts) const
  {
    (void) opts;
    return nullptr;
  }

  /* Start the image of a translation unit.  */
  virtual std::unique_ptr<gw_image_builder>
  start_unit (const gw_target_options &opts) const = 0;

  /* gangway-opt's --emit: write to *TEXT what the target makes of FN,
     which has been through the device passes and the target's own, under
     a line that says for what.  Return false and set *WHY if it cannot
     emit FN.  */
  virtual bool emit_listing (dir_func *fn, const gw_target_options &opts,
			     std::string *text, std::string *why) const = 0;
};

/* The entries of TABLE, a target's array of passes.def entries or of
   options.  */
template <typename T, size_t N>
std::vector<const T *>
gw_table_list (const T (&table)[N])
{
  std::vector<const T *> v;
  for (const T &p : table)
    v.push_back (&p);
  return v;
}
template <size_t N>
std::vector<const gw_pass_info *>
gw_pass_list (const gw_pass_info (&table)[N])
{
  return gw_table_list (table);
}

/* targets.cc: the targets Gangway knows (config/<name>/target.cc), in
   order; the one called NAME, or null; their names, SEP-separated, for
   messages and help.  */
const std::vector<const gw_target *> &gw_targets ();
const gw_target *gw_find_target (const std::string &name);
std::string gw_target_names (const char *sep = ", ");
/* The device pass of a target called NAME, or null; the names of all of
   them, ", "-separated, for messages.  */
const gw_pass_info *gw_find_target_pass (const std::string &name);
std::string gw_target_pass_names ();
/* The option of a target that the plugin calls NAME (or if TOOL, that
   gangway-opt does), or null.  */
const gw_option *gw_find_target_option (const std::string &name,
					bool tool = false);
/* Every target's properties (their bits are distinct).  */
std::vector<dir_prop_info> gw_target_props ();

/* process.cc: what targets need to run their tools.  */

/* The temporary directory the image being made works in
   (gw_make_temp_dir's): a fatal signal to the compiler (SIGTERM, SIGINT,
   SIGHUP, SIGQUIT, SIGPIPE) removes the files of it that gw_temp_file
   named and then it, and kills the tool running, then ends the compiler;
   gw_temp_dir_released, once the target has removed it (or keeps it on
   purpose), ends that.  */
void gw_temp_dir_owned (const std::string &dir);
/* The file PATH, in that directory, which the target or its tool is to
   write: at most GW_MAX_TEMP_FILES of them, of names of under 32
   characters.  */
#define GW_MAX_TEMP_FILES 160
void gw_temp_file (const std::string &path);
void gw_temp_dir_released ();

/* Run ARGV (looked up in PATH), with stdout and stderr into the file LOG.
   Return the exit status, or -1 if it could not start or was killed; set
   *SIGNAL, if given, to the signal that killed it, else 0.  */
int gw_run_command (const std::vector<std::string> &argv,
		    const std::string &log, int *signal = nullptr);

/* One line saying how the command WHAT ("the image compiler (gcc)")
   failed, from gw_run_command's RC and SIGNAL and its LOG: killed, not
   run, or its status and the first line of LOG that reports an error.  */
std::string gw_command_failure (const std::string &what, int rc, int signal,
				const std::string &log);
/* Read the whole file NAME into *DATA / write DATA to NAME.  */
bool gw_read_file (const std::string &name, std::string *data);
bool gw_write_file (const std::string &name, const std::string &data);
/* Make a private temporary directory; set *WHY on failure.  */
bool gw_make_temp_dir (std::string *dir, std::string *why);

#endif /* GANGWAY_TARGET_H */
