/* The cpu target: device RTL to SIMD C.  The emitter's driver;
   emitter.h lists the files of the other parts.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   One host thread runs a whole gang; a gang's vector lanes are the lanes
   of GCC vector types (cpu.h).  The kernel body is one C function per
   gang:

   - code outside vector partitions runs once, as scalar C: every register
     is a scalar, blocks are labels, branches are gotos.  That is exactly
     the single thread's part of the neutering (br.single jumps to the
     single thread's side; broadcasts are copies).
   - a vector partition runs as SIMD code over P lanes, P the vector length
     rounded up to a power of two.  Uniform registers (divergence.h) stay
     scalars; varying ones are vectors.  The control flow is linearized as
     linearize.cc plans it: each block has a lane mask m_<block>, runs with
     gw_cur when that mask is not empty, and hands its lanes to its
     successors' masks.  A varying register another block reads is written
     under the mask (blend), so lanes that are off keep their value.
     Memory accesses at consecutive addresses (a stride analysis of the
     addresses) use whole-vector loads and stores, others gathers and
     scatters; all are masked.

   For a vector loop with an early exit (16 float lanes), the heart of a
   Mandelbrot kernel comes out as

     b12: if (!gw_any16 (m_12)) goto a12;
	  gw_cur = m_12; m_12 = (gw_m16) {};
	  r40 = gw_blend_f32x16 (gw_cur, r33 * r33, r40);
	  ...
	  { gw_m16 gw_t = gw_cur & r45, gw_f = gw_cur & ~r45;
	    r50 = gw_blend_u32x16 (gw_t, r38, r50); m_13 |= gw_t; m_15 |= gw_f; }
     a12: ;
	  if (gw_any16 (m_10)) goto b10;

   which GCC turns into a masked loop (docs/targets.md, "SIMD regions").  */

#include "emitter.h"
#include "../../libruntime/gangway-abi.h"

#include <algorithm>
#include <cinttypes>

namespace gw_cpu {

/* The lanes.  Lane L of a gang is vector lane L % vlen of worker
   L / vlen.  A worker partition runs as SIMD code over P lanes, P the
   next power of two of the lanes of GROUP workers: all the gang's workers
   at once when that is at most OPTS.MAX_LANES lanes, otherwise in CHUNKS
   chunks of GROUP workers one after the other (the last first, so that
   the registers hold chunk 0's values, the single lanes', after the
   region).  In SIMD code gw_lane0 is the gang lane of the chunk's lane 0;
   in scalar code it is 0.  Workers do not meet inside a worker partition
   (the barriers and worker broadcasts are at its fork and join), so the
   chunks are independent.  */

/* Is the DIM_POS INSN the lane number itself, in the lanes that run it?  */

bool
emitter::pos_is_lane (const dir_insn *i) const
{
  if (i->axis == DA_WORKER)
    return vlen == 1 && chunks == 1;
  /* Outside worker partitions only worker 0's lanes run.  */
  return wlen == 1 || !(parts.mask (i->bb) & (1u << DA_WORKER));
}

/* The gang lane numbers of the SIMD lanes, as gw_u32xP.  */

std::string
emitter::global_lane () const
{
  return "(gw_lane" + std::to_string (p) + " + gw_lane0)";
}

/* The vector expression of the varying DIM_POS INSN, as gw_u32xP.  */

std::string
emitter::pos_expr (const dir_insn *i) const
{
  if (pos_is_lane (i))
    return "gw_lane" + std::to_string (p);
  /* Chunks hold whole workers: the vector position is the chunk's.  */
  return "(" + (i->axis == DA_WORKER ? global_lane () + " / "
		: "gw_lane" + std::to_string (p) + " % ")
	 + std::to_string (vlen) + "u)";
}

/* The mask of the lanes that are single on AXES (position 0 on each), or
   if not SINGLE of the others.  */

std::string
emitter::lane_mask (unsigned axes, bool single) const
{
  std::string c;
  if ((axes & (1u << DA_WORKER)) && (axes & (1u << DA_VECTOR)))
    c = global_lane () + " == 0";
  else if (axes & (1u << DA_WORKER))
    c = global_lane () + " < " + std::to_string (vlen) + "u";
  else
    c = "gw_lane" + std::to_string (p) + " % " + std::to_string (vlen)
	+ "u == 0";
  return "(gw_m" + std::to_string (p) + ") (" + (single ? "" : "!") + "("
	 + c + "))";
}

/* The lanes that enter the SIMD region R: those of the chunk's workers
   (all the gang's when there is one chunk), or worker 0's for a vector
   partition in worker-single code.  */

std::string
emitter::entry_mask (const simd_region &r) const
{
  std::string P = std::to_string (p);
  if (r.part->axis == DA_VECTOR)
    return "(gw_m" + P + ") (gw_lane" + P + " < " + std::to_string (vlen)
	   + "u)";
  if (chunks == 1)
    return "(gw_m" + P + ") (gw_lane" + P + " < "
	   + std::to_string (wlen * vlen) + "u)";
  return "((gw_m" + P + ") (gw_lane" + P + " < "
	 + std::to_string (group * vlen) + "u) & (gw_m" + P + ") ("
	 + global_lane () + " < " + std::to_string (wlen * vlen) + "u))";
}

/* Start the SIMD region R's run (FIRST) or its next chunk, from its fork
   block: the chunk's lanes, the phis of the region's entry, and the jump
   to it.  */

void
emitter::enter_region (const simd_region &r, bool first)
{
  bool chunked = chunks > 1 && r.part->axis == DA_WORKER;
  if (chunked && first)
    put ("  gw_lane0 = %uu;\n", (unsigned) ((chunks - 1) * group * vlen));
  else if (chunked)
    put ("  if (gw_lane0 != 0)\n  {\n  gw_lane0 -= %uu;\n",
	 (unsigned) (group * vlen));
  if (!first)
    phi_copies (r.part->fork, r.entry, nullptr);
  reset_owners (r);
  put ("  m_%u = %s;\n", r.entry->index, entry_mask (r).c_str ());
  put ("  goto b%u;\n", r.entry->index);
  if (chunked && !first)
    put ("  }\n");
}

/* The deferred atomic I of scalar code, with its operands' expressions
   A: the gang's value goes to its gw_red_slot (combined with the value
   there if the gang ran I before, at the same address); the exported
   kernel combines the gangs' slots into the receiver when the launch's
   last gang is done (combine_deferred).  A gang that meets a second
   address sends that value to memory at once.  A complex product
   (atomic.cmulre) keeps its real part in the slot's BITS and its
   imaginary part in BITS2.  */

void
emitter::deferred_atomic (const dir_insn *i,
			  const std::vector<std::string> &a)
{
  dir_type t = i->type;
  bool pair = i->redop == DOP_CMULRE;
  /* The value (gw_v, gw_w), and the slot's (gw_o, gw_oi) combined with
     it.  */
  std::string decl = pair ? ", gw_w = " + a[2] + ", gw_o, gw_oi, gw_t"
		     : ", gw_o";
  std::string fill = "\tmemcpy (&gw_s->bits, &gw_v, sizeof gw_v);\n";
  std::string update = "\tmemcpy (&gw_o, &gw_s->bits, sizeof gw_o);\n";
  if (pair)
    {
      fill += "\tmemcpy (&gw_s->bits2, &gw_w, sizeof gw_w);\n";
      update += "\tmemcpy (&gw_oi, &gw_s->bits2, sizeof gw_oi);\n"
		"\tgw_t = gw_o * gw_v - gw_oi * gw_w;\n"
		"\tgw_oi = gw_o * gw_w + gw_oi * gw_v;\n"
		"\tmemcpy (&gw_s->bits, &gw_t, sizeof gw_t);\n"
		"\tmemcpy (&gw_s->bits2, &gw_oi, sizeof gw_oi);\n";
    }
  else
    update += "\tgw_o = " + combine (i->redop, t, "gw_o", "gw_v", false)
	      + ";\n\tmemcpy (&gw_s->bits, &gw_o, sizeof gw_o);\n";
  put ("  {\n"
       "    struct gw_red_slot *gw_s = &gw_red[(size_t) gw_gang * %zuu + %uu];\n"
       "    %s gw_v = %s%s;\n"
       "    uint64_t gw_a = %s + %" PRId64 ";\n"
       "    if (!gw_s->set)\n"
       "      {\n"
       "	gw_s->set = 1;\n"
       "	gw_s->addr = gw_a;\n"
       "%s"
       "      }\n"
       "    else if (gw_s->addr == gw_a)\n"
       "      {\n"
       "%s"
       "      }\n"
       "    else\n"
       "      (void) %s;\n"
       "  }\n", deferred.size (),
       (unsigned) (std::find (deferred.begin (), deferred.end (), i)
		   - deferred.begin ()), sty (t).c_str (),
       a[1].c_str (), decl.c_str (), a[0].c_str (), i->disp, fill.c_str (),
       update.c_str (), atomic_expr (i, a).c_str ());
  put ("  r%u = 0;\n", i->dest);
}

/* In the exported kernel, once the launch's last gang is done: each
   deferred atomic's values, gang by gang in order, into its receiver.
   The order is fixed, so a float reduction gives the same result every
   run.  */

void
emitter::combine_deferred ()
{
  for (size_t k = 0; k < deferred.size (); k++)
    {
      const dir_insn *i = deferred[k];
      std::string T = sty (i->type);
      std::string update;
      if (i->redop == DOP_CMULRE)
	update = "\t    " + T + " gw_oi = gw_p[1], gw_w;\n"
		 "\t    memcpy (&gw_w, &gw_s->bits2, sizeof gw_w);\n"
		 "\t    gw_p[0] = gw_o * gw_v - gw_oi * gw_w;\n"
		 "\t    gw_p[1] = gw_o * gw_w + gw_oi * gw_v;\n";
      else
	update = "\t    *gw_p = "
		 + combine (i->redop, i->type, "gw_o", "gw_v", false) + ";\n";
      put ("      for (uint32_t gw_g = 0; gw_g < gw_num_gangs; gw_g++)\n"
	   "	if (gw_red[(size_t) gw_g * %zuu + %zuu].set)\n"
	   "	  {\n"
	   "	    struct gw_red_slot *gw_s = &gw_red[(size_t) gw_g * %zuu + %zuu];\n"
	   "	    %s *gw_p = (%s *) (uintptr_t) gw_s->addr;\n"
	   "	    %s gw_o = *gw_p, gw_v;\n"
	   "	    memcpy (&gw_v, &gw_s->bits, sizeof gw_v);\n"
	   "%s"
	   "	  }\n", deferred.size (), k, deferred.size (), k,
	   T.c_str (), T.c_str (), T.c_str (), update.c_str ());
    }
}

/* The read-only data the kernel carries, as C arrays.  */

void
emitter::read_only_data ()
{
  std::string name = fn->name;
  for (size_t g = 0; g < fn->globals.size (); g++)
    {
      const dir_global &gl = fn->globals[g];
      if (gl.kind != dir_global::DATA)
	continue;
      put ("static const unsigned char %s_data%zu[%zu] __attribute__ "
	   "((aligned (%u))) = {", name.c_str (), g, gl.bytes.size (),
	   gl.align);
      for (size_t k = 0; k < gl.bytes.size (); k++)
	put ("%s%u", k ? "," : "", (unsigned char) gl.bytes[k]);
      put ("};\n");
    }
}

/* Where the frames live (below).  */

emitter::frame_layout
emitter::layout_frames () const
{
  /* The frames: each lane's (P * CHUNKS of FRAME_SIZE bytes), the
     gang's shared one and each worker's.  They live on the stack of the
     thread that runs the gang, unless they are large: a private array
     of 512 KiB in a vector loop makes 8 MiB of frames with 16 lanes,
     more than a thread's stack holds.  Then the exported kernel
     allocates them on the heap once per call, for all the gangs it
     runs, and the gang function gets them in GW_HEAP.  */
  const uint64_t stack_frames_max = 64 * 1024;
  frame_layout f;
  f.frame_bytes = (uint64_t) (p > 1 ? p * chunks : 1) * frame_size;
  f.shared_at = (f.frame_bytes + 63) / 64 * 64;
  f.wshared_at = f.shared_at + (shared_size + 63) / 64 * 64;
  f.heap_bytes = f.wshared_at + (uint64_t) wlen * wshared_size;
  /* A routine's frame is on the stack of its call.  */
  f.heap = fn->kind != DFK_ROUTINE
	   && (frame_size ? f.frame_bytes : 0) + shared_size
	      + (wshared_size ? (uint64_t) wlen * wshared_size : 0)
	      > stack_frames_max;
  return f;
}

/* The gang function's head (a routine's: its prototype): its comment,
   the struct of the gang-invariant start's values, the parameters.  */

void
emitter::function_head (const frame_layout &f)
{
  std::string name = fn->name;
  bool red = !deferred.empty ();
  bool wcomb = wc_rep != nullptr;
  bool pre = !prefix.empty ();
  bool routine = fn->kind == DFK_ROUTINE;
  if (routine)
    {
      put ("/* %s: the %s routine %s.  */\n%s\n{\n", name.c_str (),
	   dir_level_name (fn->level), fn->host_name.c_str (),
	   cpu_routine_prototype (fn->name, fn->sig, fn->exported).c_str ());
      put ("  void *const *gw_globals = " GW_CPU_IMAGE_GLOBALS_SYMBOL ";\n"
	   "  uint32_t gw_gang = gw_ctx->gang, gw_num_gangs = "
	   "gw_ctx->num_gangs;\n"
	   "  (void) gw_globals; (void) gw_num_gangs; (void) gw_gang;\n");
    }
  else
    {
      put ("/* %s: the kernel of %s, dims %d %d %d.  */\n", name.c_str (),
	   fn->host_name.c_str (), fn->dims[0], fn->dims[1], fn->dims[2]);
      if (pre)
	{
	  /* The values of the gang-invariant start.  */
	  put ("struct %s_pre\n{\n", name.c_str ());
	  for (const auto &e : prefix)
	    put ("  %s r%u;\n", sty (fn->regs[e.first->dest].type).c_str (),
		 e.first->dest);
	  put ("};\n");
	}
      put ("GW_INLINE void\n%s_gang (void *gw_data, void *const *gw_globals, "
	   "uint32_t gw_num_gangs, uint32_t gw_gang%s%s%s%s)\n{\n",
	   name.c_str (), f.heap ? ", unsigned char *gw_heap" : "",
	   red ? ", struct gw_red_slot *gw_red" : "",
	   wcomb ? (", struct " + name + "_wc *gw_wc").c_str () : "",
	   pre ? (", const struct " + name + "_pre *gw_pre").c_str () : "");
      put ("  (void) gw_data; (void) gw_globals; (void) gw_num_gangs; "
	   "(void) gw_gang;\n");
    }
}

/* The declarations of the gang function: the registers, the lane
   checker's owners, the masks, the frames; then the jump to the entry
   block.  */

void
emitter::declarations (const frame_layout &f)
{
  bool pre = !prefix.empty ();
  for (size_t r = 0; r < fn->regs.size (); r++)
    {
      if (!fn->regs[r].def)
	continue;
      bool v = is_vec ((uint32_t) r);
      bool from_pre = pre && in_prefix.count (fn->regs[r].def);
      put ("  %s r%zu = %s%s;\n", (v ? vty (fn->regs[r].type)
				   : sty (fn->regs[r].type)).c_str (), r,
	   v ? "{}" : from_pre ? "gw_pre->r" : "0",
	   from_pre ? std::to_string (r).c_str () : "");
    }
  for (size_t r = 0; r < fn->regs.size (); r++)
    if (tracked ((uint32_t) r))
      put ("  gw_m%u o%zu = {};\n", p, r);
  if (p)
    {
      put ("  gw_m%u gw_cur = {};\n", p);
      for (const simd_region &r : regions)
	for (const dir_block *b : r.order)
	  put ("  gw_m%u m_%u = {};\n", p, b->index);
    }
  if (frame_size && f.heap)
    put ("  unsigned char (*gw_frame)[%u] = (unsigned char (*)[%u]) "
	 "gw_heap;\n", frame_size, frame_size);
  else if (frame_size)
    put ("  unsigned char gw_frame[%u][%u] __attribute__ ((aligned (64)));\n",
	 p > 1 ? p * chunks : 1, frame_size);
  put ("  uint32_t gw_lane0 = 0;\n");
  if (shared_size && f.heap)
    put ("  unsigned char *gw_shared = gw_heap + %llu;\n",
	 (unsigned long long) f.shared_at);
  else if (shared_size)
    put ("  unsigned char gw_shared[%u] __attribute__ ((aligned (64)));\n",
	 shared_size);
  if (wshared_size && f.heap)
    put ("  unsigned char (*gw_wshared)[%u] = (unsigned char (*)[%u]) "
	 "(gw_heap + %llu);\n", wshared_size, wshared_size,
	 (unsigned long long) f.wshared_at);
  else if (wshared_size)
    put ("  unsigned char gw_wshared[%d][%u] __attribute__ ((aligned "
	 "(64)));\n", wlen, wshared_size);
  combined_frames (f.frame_bytes);
  put ("  goto b%u;\n", fn->blocks[0]->index);
}

/* The blocks of the gang function, in layout order, each SIMD region
   where its first block is, and the function's end.  */

void
emitter::blocks_code ()
{
  std::vector<bool> done (regions.size (), false);
  for (const dir_block *b : fn->blocks)
    {
      int ri = region_of[b->index];
      if (ri < 0)
	{
	  if (b->rpo != ~0u)
	    scalar_block (b);
	  continue;
	}
      if (!done[ri])
	{
	  simd_region_code (regions[ri]);
	  done[ri] = true;
	}
    }
  put ("}\n\n");
}

/* The exported kernel, which runs the gangs GW_LO to GW_HI of a launch:
   its gang reductions' slots, the frames on the heap, the cache of the
   write-combined atomics, the gang-invariant start, the gangs' loop;
   then the combination of the gang reductions by the launch's last
   gang.  */

void
emitter::exported_kernel (const frame_layout &f)
{
  std::string name = fn->name;
  bool red = !deferred.empty ();
  bool wcomb = wc_rep != nullptr;
  bool pre = !prefix.empty ();
  if (red)
    /* The launch's gang values (allocated by its first call), and how
       many of its gangs are done.  Launches of the cpu device do not
       overlap (libruntime/pool.c).  */
    put ("static struct gw_red_slot *%s_red;\n"
	 "static uint32_t %s_red_done;\n\n", name.c_str (), name.c_str ());
  put ("GW_EXPORT void\n%s (void *gw_data, void *const *gw_globals, "
       "uint32_t gw_num_gangs, uint32_t gw_lo, uint32_t gw_hi)\n{\n",
       name.c_str ());
  if (red || pre)
    put ("  if (gw_lo >= gw_hi)\n    return;\n");
  if (red)
    put ("  struct gw_red_slot *gw_red = __atomic_load_n (&%s_red, "
	 "__ATOMIC_ACQUIRE);\n"
	 "  if (!gw_red)\n    {\n"
	 "      struct gw_red_slot *gw_new = __builtin_calloc ((size_t) "
	 "gw_num_gangs * %zuu, sizeof *gw_new);\n"
	 "      if (!gw_new)\n\t{\n"
	 "\t  static const char gw_msg[] = \"gangway: fatal error: cannot "
	 "allocate the gang reductions of region %s\\n\";\n"
	 "\t  extern long write (int, const void *, unsigned long);\n"
	 "\t  write (2, gw_msg, sizeof gw_msg - 1);\n"
	 "\t  __builtin_abort ();\n\t}\n"
	 "      if (__atomic_compare_exchange_n (&%s_red, &gw_red, gw_new, 0, "
	 "__ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))\n"
	 "\tgw_red = gw_new;\n"
	 "      else\n\t__builtin_free (gw_new);\n    }\n",
	 name.c_str (), deferred.size (), fn->host_name.c_str (),
	 name.c_str ());
  if (f.heap)
    {
      /* The frames, 64-byte aligned; without them the region cannot run:
	 say so on stderr and abort, as the runtime's fatal errors do.  */
      put ("  unsigned char *gw_raw = __builtin_malloc (%lluu + 63);\n"
	   "  if (!gw_raw)\n    {\n"
	   "      static const char gw_msg[] = \"gangway: fatal error: cannot "
	   "allocate the %llu bytes of private data of region %s\\n\";\n"
	   "      extern long write (int, const void *, unsigned long);\n"
	   "      write (2, gw_msg, sizeof gw_msg - 1);\n"
	   "      __builtin_abort ();\n    }\n"
	   "  unsigned char *gw_heap = (unsigned char *) "
	   "(((uintptr_t) gw_raw + 63) & ~(uintptr_t) 63);\n",
	   (unsigned long long) f.heap_bytes, (unsigned long long) f.heap_bytes,
	   fn->host_name.c_str ());
    }
  combined_cache ();
  if (pre)
    {
      put ("  struct %s_pre gw_pre;\n  {\n", name.c_str ());
      for (const auto &e : prefix)
	put ("  %s r%u;\n", sty (fn->regs[e.first->dest].type).c_str (),
	     e.first->dest);
      for (const auto &e : prefix)
	if (e.first->op == DOP_PHI)
	  put ("  r%u = %s;\n", e.first->dest, sval (e.second).c_str ());
	else
	  scalar_insn (e.first);
      for (const auto &e : prefix)
	put ("  gw_pre.r%u = r%u;\n", e.first->dest, e.first->dest);
      put ("  }\n");
    }
  put ("  for (uint32_t gw_gang = gw_lo; gw_gang < gw_hi; gw_gang++)\n"
       "    %s_gang (gw_data, gw_globals, gw_num_gangs, gw_gang%s%s%s%s);\n",
       name.c_str (), f.heap ? ", gw_heap" : "", red ? ", gw_red" : "",
       wcomb ? ", &gw_wc" : "", pre ? ", &gw_pre" : "");
  if (wcomb)
    /* Before the launch's gang reductions are combined: this thread's
       updates are all in memory when it says its gangs are done.  */
    put ("  %s_wc_flush (&gw_wc);\n", name.c_str ());
  if (f.heap)
    put ("  __builtin_free (gw_raw);\n");
  if (red)
    {
      put ("  if (__atomic_add_fetch (&%s_red_done, gw_hi - gw_lo, "
	   "__ATOMIC_ACQ_REL) == gw_num_gangs)\n    {\n", name.c_str ());
      combine_deferred ();
      put ("      __atomic_store_n (&%s_red_done, 0, __ATOMIC_RELAXED);\n"
	   "      __atomic_store_n (&%s_red, (struct gw_red_slot *) 0, "
	   "__ATOMIC_RELAXED);\n"
	   "      __builtin_free (gw_red);\n    }\n",
	   name.c_str (), name.c_str ());
    }
  put ("}\n\n");
}

void
emitter::run (std::string *code, unsigned *lanes)
{
  if (!plan.why.empty ())
    throw cannot { plan.why };
  *lanes = p;
  read_only_data ();
  frame_layout f = layout_frames ();
  combined_helpers ();
  function_head (f);
  declarations (f);
  blocks_code ();
  if (fn->kind != DFK_ROUTINE)
    exported_kernel (f);
  if (opts.verify)
    verify_masks ();
  *code = out;
}

} // namespace gw_cpu

/* The C declarator of the routine NAME of signature SIG: a static
   function, or an exported one if EXPORTED, of the caller's context and
   the routine's parameters.  */

std::string
cpu_routine_prototype (const std::string &name, const dir_signature &sig,
		       bool exported)
{
  std::string s = exported ? "GW_EXPORT " : "GW_LOCAL ";
  s += sig.result == DT_VOID ? "void" : gw_cpu::c_type (sig.result);
  s += "\n" + name + " (const struct gw_ctx *gw_ctx";
  for (size_t k = 0; k < sig.params.size (); k++)
    s += ", " + gw_cpu::c_type (sig.params[k]) + " gw_a" + std::to_string (k);
  return s + ")";
}

/* The C type of the function pointer that calls a routine of signature
   SIG.  */

std::string
cpu_routine_pointer (const dir_signature &sig)
{
  std::string s = sig.result == DT_VOID ? "void" : gw_cpu::c_type (sig.result);
  s += " (*) (const struct gw_ctx *";
  for (dir_type t : sig.params)
    s += ", " + gw_cpu::c_type (t);
  return s + ")";
}

bool
cpu_emit_kernel (dir_func *fn, const cpu_emit_options &opts,
		 std::string *code, unsigned *lanes,
		 std::vector<gw_call> *calls, std::string *why)
{
  try
    {
      /* The plan the pass cpu-plan left, or a new one.  */
      std::unique_ptr<gw_cpu::cpu_plan> own;
      const gw_cpu::cpu_plan *plan = gw_cpu::cpu_plan::of (fn, opts);
      if (!plan)
	{
	  own = gw_cpu::cpu_plan::compute (fn, opts);
	  plan = own.get ();
	}
      gw_cpu::emitter e (fn, opts, *plan);
      e.run (code, lanes);
      if (calls)
	calls->insert (calls->end (), e.calls.begin (), e.calls.end ());
      return true;
    }
  catch (const gw_cpu::cannot &c)
    {
      *why = "the cpu device cannot run " + c.why + " yet";
      return false;
    }
}
