/* ptxsim: an interpreter for the PTX that Gangway's ptx target emits.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   What: load a PTX program (the texts of one or more "ptx" images,
   linked as the CUDA JIT linker links them) and run its kernels on the
   host, one thread at a time, so that tests can check the PTX Gangway
   writes without a GPU.  Only the subset of PTX that config/ptx/ emits is
   understood (README.md beside this file lists it); anything else is an
   error naming the line, never a silent guess.

   Memory: generic addresses are host addresses (device memory is host
   memory), .local arrays are per-activation host buffers (each call of a
   function has its own), .shared arrays per-CTA buffers, .global arrays
   per module.  Device functions (.func) are called with a call stack per
   thread; CUDA's vprintf is built in and prints to stdout.  */

#ifndef PTXSIM_H
#define PTXSIM_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ptxsim_module ptxsim_module;

/* Parse, decode and link the N module texts TEXTS[0..N-1] into one
   program, as cuLinkCreate, cuLinkAddData and cuLinkComplete do: an
   .extern .func of one module is the .visible .func of that name in
   another, which only one module may define; an .extern nothing defines
   is an error where it is called (vprintf is built in).  Functions
   without .visible and .global variables are private to their module.
   The .entry functions of every module are the program's kernels (a name
   defined twice is an error).  NULL on error, with a message in ERR that
   names the line (and the module, if N > 1: "module 2, line 7 '...'").  */
ptxsim_module *ptxsim_link (const char *const *texts, int n, char *err,
			    size_t errlen);

/* ptxsim_link (&PTX_TEXT, 1, ERR, ERRLEN).  */
ptxsim_module *ptxsim_load (const char *ptx_text, char *err, size_t errlen);
void ptxsim_unload (ptxsim_module *);

/* Whether the module has the .entry NAME.  */
int ptxsim_has_kernel (ptxsim_module *, const char *name);

/* The address (in the host's memory, which the interpreter's .global
   space is) and size of the .visible .global variable NAME of the
   linked modules, as cuModuleGetGlobal gives them; 0 if there is no
   such variable, else 1.  */
int ptxsim_global (ptxsim_module *, const char *name,
		   unsigned long long *addr, size_t *size);

/* The block shape kernel NAME declares with .reqntid, into DIMS[3]; 0 if
   it has none (DIMS are then 0) or there is no such kernel, else 1.  */
int ptxsim_kernel_reqntid (ptxsim_module *, const char *name,
			   unsigned dims[3]);

/* Run kernel NAME on a grid of GRID_* CTAs of BLOCK_* threads.  PARAMS
   as cuLaunchKernel takes them: PARAMS[i] points to the value of the
   i-th parameter.  0 on success, else -1 with a message in ERR (a
   deadlock, a partial warp synchronization, a trap, an unaligned or
   invalid access, the step limit, a call stack over 10000 activations
   per thread...).

   Environment: PTXSIM_MAX_STEPS (instructions per launch, default 2e9);
   PTXSIM_SCHED=forward|reverse|random (the order threads run in,
   default forward), PTXSIM_SEED for random.  */
int ptxsim_launch (ptxsim_module *, const char *name, unsigned grid_x,
		   unsigned grid_y, unsigned grid_z, unsigned block_x,
		   unsigned block_y, unsigned block_z, void **params,
		   char *err, size_t errlen);

/* Instructions the last launch of the module executed (all threads).  */
unsigned long long ptxsim_last_steps (ptxsim_module *);

#ifdef __cplusplus
}
#endif

#endif /* PTXSIM_H */
