/* The interface every device target implements.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   plugin/ir/ir.h.

   A target (config/<name>/) decides the launch dimensions it supports and
   turns device RTL into an image.  Target-independent code only ever talks
   to a target through this class, and a target never sees GCC: what it
   needs from the compiler run comes in gw_target_options.  */

#ifndef GANGWAY_TARGET_H
#define GANGWAY_TARGET_H

#include "../plugin/ir/ir.h"

#include <memory>
#include <string>
#include <vector>

/* What the plugin tells the targets about the compilation.  */
struct gw_target_options
{
  std::string cpu_isa;		/* x86-64 level of cpu images, or "native".  */
  std::string cc;		/* Compiler driver for cpu images.  */
  std::vector<std::string> cc_flags;	/* Forwarded semantics flags.  */
  std::string keep_base;	/* If set, keep image sources as
				   KEEP_BASE.<target>.<ext>.  */
  std::string ptx_arch = "sm_80";	/* GPU architecture of ptx images.  */
  std::string ptxas;		/* ptxas to check ptx images with.  */
  bool ptxas_check = false;	/* Assemble every ptx image at compile
				   time; a rejection is an error.  */
  bool verify = false;		/* Check what the targets make too
				   (-fplugin-arg-gangway-verify).  */
  bool cpu_check_lanes = false;	/* cpu images check at run time that
				   lanes read only their own values.  */
  bool cpu_no_combine = false;	/* The cpu images make every atomic
				   update in memory (wcombine.cc).  */
  bool cpu_unmasked = false;	/* Debugging: cpu images write every
				   register without a mask.  */
};

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

/* The part of a builder every target shares: the record of each function
   compiled, and the link at the end, which leaves out every function that
   calls a routine of the module without code, transitively.  A target
   implements compile and link.  */
class gw_module_builder : public gw_image_builder
{
public:
  bool add_function (dir_func *fn, std::string *why, FILE *dump) final;
  void note_failure (const std::string &symbol,
		     const std::string &why) final;
  void declare (const dir_decl &d) final;
  bool finish (gw_image_out *out, std::string *why) final;

protected:
  /* What the target made of a function, and what the link needs to
     know of it.  */
  struct compiled
  {
    std::string symbol, host_name;
    dir_func_kind kind;
    dir_level level;
    dir_signature sig;
    bool exported;
    std::vector<std::string> callees;	/* Symbols of its device calls.  */
    std::string code;
  };

  /* Compile FN into *CODE; false with WHY if the target cannot.  */
  virtual bool compile (dir_func *fn, std::string *code, std::string *why,
			FILE *dump) = 0;
  /* Build the image of FUNCS, which call each other and IMPORTS only,
     into OUT->image and OUT->isa.  */
  virtual bool link (const std::vector<const compiled *> &funcs,
		     const std::vector<dir_decl> &imports, gw_image_out *out,
		     std::string *why) = 0;

private:
  std::vector<compiled> funcs;
  std::vector<std::pair<std::string, std::string>> failures;
  std::vector<dir_decl> decls;
};

class gw_target
{
public:
  virtual ~gw_target () = default;

  /* "cpu", "ptx": the name in options, images and the launch log.  */
  virtual const char *name () const = 0;

  /* Complete the dimensions DIMS (gang, worker, vector) of a compute
     region whose partitioned axes are the GOMP_DIM_MASK bits USED.  On
     entry -1 means "not specified", 0 "given at run time" and a positive
     value is the user's constant.  On exit every entry is positive, or 0
     for a gang count chosen at launch.  Append to NOTES a sentence for each
     request the target could not honour.  */
  virtual void validate_dims (int dims[DA_NUM], unsigned used,
			      const gw_target_options &opts,
			      std::vector<std::string> *notes) const = 0;

  /* The largest size AXIS can have, 0 if unbounded.  */
  virtual int dim_limit (dir_axis axis,
			 const gw_target_options &opts) const = 0;

  /* Start the image of a translation unit.  */
  virtual std::unique_ptr<gw_image_builder>
  start_unit (const gw_target_options &opts) const = 0;
};

/* The targets Gangway knows (config/<name>/target.cc).  */
const gw_target *gw_target_cpu ();
const gw_target *gw_target_ptx ();
const gw_target *gw_find_target (const std::string &name);

/* process.cc: what targets need to run their tools.  */

/* Run ARGV (looked up in PATH), with stdout and stderr into the file LOG.
   Return the exit status, or -1 if it could not start or was killed.  */
int gw_run_command (const std::vector<std::string> &argv,
		    const std::string &log);
/* Read the whole file NAME into *DATA / write DATA to NAME.  */
bool gw_read_file (const std::string &name, std::string *data);
bool gw_write_file (const std::string &name, const std::string &data);
/* Make a private temporary directory; set *WHY on failure.  */
bool gw_make_temp_dir (std::string *dir, std::string *why);

#endif /* GANGWAY_TARGET_H */
