/* The cpu target: write-combined atomics.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   A histogram kernel (`#pragma acc atomic update` on hist[v[i]]) makes
   one locked read-modify-write per element; with the bins shared by the
   threads, each one also moves a cache line from core to core, and the
   kernel runs tens of times slower than the serial loop.  An atomic
   update whose old value nobody reads, with relaxed order, only has to
   be in memory when the launch ends, for every thread but the one that
   made it: OpenACC gives gangs no way to wait for each other, and a
   relaxed atomic orders nothing else.  So each call of the exported
   kernel (one thread, a range of gangs) combines such updates in a small
   cache of its own and sends each address's combination to memory once,
   as one atomic, when the call ends.

   Which atomics: the pass cpu-combine-atomics (gw_cpu_combine_atomics,
   at the end of this file) flags them combined (DIF_COMBINED), and the
   plan (plan.h) lists them for the emitter.  ATOMIC insns of a kernel,
   not deferred (gang reductions have their own slots), relaxed, whose
   result no insn reads, by +, &, |, ^, min or max on an integer or +
   min max on a float, on an address not computed from a frame slot;
   all of one operation and type (the first one's: an update by another
   operation on the same address must not be reordered with them; those
   others stay plain atomics).  None with -fplugin-arg-gangway-cpu-no-
   combine (the emitter's no_combine), as when the pass is disabled.

   Guarantees: the thread sees its own updates.  The cache keeps the
   range of addresses it holds; every other memory access of the kernel
   (loads, stores, other atomics; calls with pointer arguments) first
   checks its bytes against that range and, if they meet, sends the cache
   to memory (a "flush").  Frames (the lanes', the gang's and the
   workers' shared ones) die with the gang, so the cache never holds an
   address inside them: the update goes straight to memory.
   Floating-point sums combine in another order than one atomic per
   update would: atomics have no order across threads anyway.

   The cache is a window of 2048 elements, centred on the first address
   updated (a histogram's bins, wherever its first update falls): VAL
   holds each element's combination, the elements LO .. HI - 1 are in
   use (BASE and SPAN: their bytes), the others hold nothing.  An update
   inside the window claims its element (widening LO .. HI, the elements
   between start from the identity); one outside, or not aligned to the
   elements, goes straight to memory.  In SIMD code the lanes check at
   once that their addresses are in LO .. HI, with vector operations;
   then each lane's update is one add to VAL.  For a kernel K whose
   combined atomics are +.u32, a histogram's update is

     gw_u64x16 gw_wa = r53 + 0;
     gw_u64x16 gw_o = gw_wa - gw_splat_u64x16 (gw_wc->base);
     if (no running lane has gw_o >= span or gw_o % 4 != 0)
       {
	 gw_u32x16 gw_ix = __builtin_convertvector (gw_o >> 2, gw_u32x16);
	 uint32_t *gw_vb = gw_wc->val + gw_wc->lo;
	 for (each running lane l) gw_vb[gw_ix[l]] += 1;
       }
     else
       for (each running lane l) K_wc_put (gw_wc, gw_wa[l], 1);

   and, before an access of N bytes at A, "if (gw_wc_meets (gw_wc->base,
   gw_wc->base + gw_wc->span, A, N)) K_wc_flush (gw_wc);".  */

#include "emitter.h"

#include <cinttypes>

namespace gw_cpu {

namespace {

/* Elements of the cache's window.  */
const unsigned wc_entries = 2048;

/* Does the address V come from a frame slot (an ADDR_LOCAL plus
   constants)?  */

bool
frame_address (const dir_func *fn, const dir_value &v)
{
  const dir_value *a = &v;
  for (int depth = 0; depth < 8 && a->reg_p (); depth++)
    {
      const dir_insn *d = fn->regs[a->reg].def;
      if (!d)
	return false;
      if (d->op == DOP_ADDR_LOCAL)
	return true;
      if ((d->op != DOP_ADD && d->op != DOP_SUB) || d->ops.size () != 2
	  || d->ops[1].reg_p ())
	return false;
      a = &d->ops[0];
    }
  return false;
}

/* Can the cache combine updates by OP on values of type T?  */

bool
combinable (dir_opcode op, dir_type t)
{
  switch (op)
    {
    case DOP_ADD: case DOP_MIN: case DOP_MAX:
      return dir_type_int_p (t) || dir_type_float_p (t);
    case DOP_AND: case DOP_OR: case DOP_XOR: case DOP_UMIN: case DOP_UMAX:
      return dir_type_int_p (t);
    default:
      return false;
    }
}

} // anon namespace

/* The C of the cache and its functions, before the gang function.  */

void
emitter::combined_helpers ()
{
  if (!wc_rep)
    return;
  const char *K = fn->name.c_str ();
  dir_type t = wc_rep->type;
  std::string T = sty (t);
  unsigned bytes = dir_type_bytes (t), shift = wc_shift ();
  /* A float sum starts from -0.0, the identity for every value (+0.0
     would turn a -0.0 in memory into +0.0): an element that holds it
     again has nothing to send.  */
  std::string id = dir_type_float_p (t) && wc_rep->redop == DOP_ADD
		   ? "(" + T + ") -0.0" : reduce_identity (wc_rep->redop, t);
  /* The atomic that sends a value to memory: the kernel's own operation
     at the address itself.  */
  dir_insn send = *wc_rep;
  send.disp = 0;
  send.order = DMO_RELAXED;
  std::string direct = atomic_expr (&send, { "gw_a", "gw_v" });
  std::string evict = atomic_expr (&send, { "c->w + (uint64_t) gw_k * "
					    + std::to_string (bytes),
					    "c->val[gw_k]" });
  put ("/* %s: the cache of its write-combined atomics (%s.%s).  */\n"
       "struct %s_wc\n{\n"
       "  uint64_t w;\t\t/* The window's first element, 0 if none.  */\n"
       "  uint32_t lo, hi;\t/* The elements in use.  */\n"
       "  uint64_t base, span;\t/* Their bytes.  */\n"
       "  uint64_t pv[3], pvn[3];\t/* The gang's frames: never cached.  */\n"
       "  %s val[%u];\n"
       "};\n\n", K, dir_op_name (wc_rep->redop), dir_type_name (t), K,
       T.c_str (), wc_entries);
  /* Send the elements in use to memory: those that hold an update.  */
  put ("static __attribute__ ((noinline, unused)) void\n"
       "%s_wc_flush (struct %s_wc *c)\n{\n"
       "  const %s gw_id = %s;\n"
       "  for (uint32_t gw_k = c->lo; gw_k < c->hi; gw_k++)\n"
       "    if (memcmp (&c->val[gw_k], &gw_id, sizeof gw_id))\n"
       "      (void) %s;\n"
       "  c->lo = %u;\n  c->hi = 0;\n  c->span = 0;\n}\n\n",
       K, K, T.c_str (), id.c_str (), evict.c_str (), wc_entries);
  /* Does the window meet the gang's frames?  */
  put ("static int\n"
       "%s_wc_frames (const struct %s_wc *c, uint64_t gw_w)\n{\n"
       "  for (int gw_k = 0; gw_k < 3; gw_k++)\n"
       "    if (c->pvn[gw_k] && gw_w < c->pv[gw_k] + c->pvn[gw_k]\n"
       "        && c->pv[gw_k] < gw_w + %uu)\n"
       "      return 1;\n"
       "  return 0;\n}\n\n", K, K, wc_entries * bytes);
  /* One update, checked: the window placed around the first address;
     inside it, the element claimed; outside, straight to memory.  */
  put ("static __attribute__ ((noinline)) void\n"
       "%s_wc_put (struct %s_wc *c, uint64_t gw_a, %s gw_v)\n{\n"
       "  if (!c->w && gw_a >= %uu && !%s_wc_frames (c, gw_a - %uu))\n"
       "    c->w = gw_a - %uu;\n"
       "  uint64_t gw_o = gw_a - c->w;\n"
       "  if (!c->w || gw_o >= %uu || (gw_o & %uu))\n"
       "    {\n      (void) %s;\n      return;\n    }\n"
       "  uint32_t gw_i = (uint32_t) (gw_o >> %u);\n"
       "  if (c->lo >= c->hi)\n"
       "    {\n      c->lo = gw_i;\n      c->hi = gw_i + 1;\n"
       "      c->val[gw_i] = %s;\n    }\n"
       "  for (; c->lo > gw_i; )\n    c->val[--c->lo] = %s;\n"
       "  for (; c->hi <= gw_i; )\n    c->val[c->hi++] = %s;\n"
       "  c->base = c->w + (uint64_t) c->lo * %u;\n"
       "  c->span = (uint64_t) (c->hi - c->lo) * %u;\n"
       "  c->val[gw_i] = %s;\n}\n\n",
       K, K, T.c_str (), wc_entries / 2 * bytes, K, wc_entries / 2 * bytes,
       wc_entries / 2 * bytes, wc_entries * bytes, bytes - 1,
       direct.c_str (), shift, id.c_str (), id.c_str (), id.c_str (), bytes,
       bytes, combine (wc_rep->redop, t, "c->val[gw_i]", "gw_v",
			false).c_str ());
}

/* In the exported kernel: the call's cache, empty.  */

void
emitter::combined_cache ()
{
  if (wc_rep)
    put ("  struct %s_wc gw_wc;\n"
	 "  gw_wc.w = 0;\n  gw_wc.lo = %uu;\n  gw_wc.hi = 0;\n"
	 "  gw_wc.base = 0;\n  gw_wc.span = 0;\n", fn->name.c_str (),
	 wc_entries);
}

/* log2 of the bytes of the combined atomics' elements.  */

unsigned
emitter::wc_shift () const
{
  return __builtin_ctz (dir_type_bytes (wc_rep->type));
}

/* The write-combined atomic I (in SIMD code if IN_SIMD): each running
   lane's value into the cache; lanes at one address first combine in
   lane order.  Its result is read by nobody.  */

void
emitter::combined_atomic (const dir_insn *i, bool in_simd)
{
  const char *K = fn->name.c_str ();
  const dir_value &addr = i->ops[0], &val = i->ops[1];
  std::string d = disp (i->disp);
  if (!in_simd)
    {
      put ("  %s_wc_put (gw_wc, %s + %s, %s);\n", K, sval (addr).c_str (),
	   d.c_str (), sval (val).c_str ());
      return;
    }
  if (!vary (addr))
    {
      combine_lanes (i);
      put ("    if (gw_n)\n      %s_wc_put (gw_wc, %s + %s, gw_a);\n  }\n",
	   K, sval (addr).c_str (), d.c_str ());
      return;
    }
  /* The lanes check their addresses against the elements in use with
     vector operations; if all are in, each adds to its element (the loop
     unrolled when every lane runs), else each makes a checked update.  */
  std::string P = std::to_string (p), T = sty (i->type);
  std::string v = lval (val);
  /* The element number, rotated: an address that is not a multiple of
     the element size has its low bits at the top, and is as far out of
     the range as an address above it.  */
  unsigned sh = wc_shift ();
  std::string rot = sh ? "((gw_o >> " + std::to_string (sh) + ") | (gw_o << "
			 + std::to_string (64 - sh) + "))" : "gw_o";
  std::string out = vcmp ("ge", DT_I64, false, "gw_r",
			  "gw_splat_u64x" + P + " (gw_wc->span >> "
			  + std::to_string (sh) + ")");
  std::string add = "gw_vb[gw_ix[gw_l]] = "
		    + combine (i->redop, i->type, "gw_vb[gw_ix[gw_l]]", v,
			       false) + ";";
  put ("  {\n"
       "    gw_u64x%s gw_wa = %s + %s;\n"
       "    gw_u64x%s gw_o = gw_wa - gw_splat_u64x%s (gw_wc->base);\n"
       "    gw_u64x%s gw_r = %s;\n"
       "    gw_s64x%s gw_bad = %s;\n"
       "    if (gw_all%s (gw_cur) ? !gw_anyv_s64x%s (gw_bad)\n"
       "        : !gw_any%s (gw_cur & %s))\n"
       "      {\n"
       "        gw_u32x%s gw_ix = __builtin_convertvector (gw_r, "
       "gw_u32x%s);\n"
       "        %s *gw_vb = gw_wc->val + gw_wc->lo;\n"
       "        if (gw_all%s (gw_cur))\n"
       "          {\n"
       "            _Pragma (\"GCC unroll 64\")\n"
       "            for (int gw_l = 0; gw_l < %s; gw_l++)\n"
       "              %s\n"
       "          }\n"
       "        else\n"
       "          for (int gw_l = 0; gw_l < %s; gw_l++)\n"
       "            if (gw_cur[gw_l])\n"
       "              %s\n"
       "      }\n"
       "    else\n"
       "      for (int gw_l = 0; gw_l < %s; gw_l++)\n"
       "        if (gw_cur[gw_l])\n"
       "          %s_wc_put (gw_wc, gw_wa[gw_l], %s);\n"
       "  }\n", P.c_str (), vval (addr).c_str (), d.c_str (), P.c_str (),
       P.c_str (), P.c_str (), rot.c_str (), P.c_str (), out.c_str (),
       P.c_str (), P.c_str (), P.c_str (),
       mask_of ("gw_bad", DT_I64).c_str (), P.c_str (), P.c_str (),
       T.c_str (), P.c_str (), P.c_str (),
       add.c_str (), P.c_str (), add.c_str (), P.c_str (), K, v.c_str ());
}

/* Before the insn I (in SIMD code if IN_SIMD), in a kernel with
   write-combined atomics: if I may touch bytes the cache holds, send the
   cache to memory.  */

void
emitter::guard_access (const dir_insn *i, bool in_simd)
{
  if (!wc_rep || wc.count (i))
    return;
  const char *K = fn->name.c_str ();
  if (i->op == DOP_DCALL)
    {
      /* A routine may access any memory.  */
      put ("  if (gw_wc->span)\n    %s_wc_flush (gw_wc);\n", K);
      return;
    }
  if (i->op == DOP_COPY_MEM || i->op == DOP_FILL_MEM)
    {
      /* A block of bytes, which may meet the cache's.  */
      put ("  if (gw_wc->span)\n    %s_wc_flush (gw_wc);\n", K);
      return;
    }
  if (i->op == DOP_CALL)
    {
      /* A math function may write through a pointer (frexp, modf).  */
      for (const dir_value &v : i->ops)
	if (v.type == DT_I64)
	  {
	    put ("  if (gw_wc->span)\n    %s_wc_flush (gw_wc);\n", K);
	    return;
	  }
      return;
    }
  if (i->op != DOP_LOAD && i->op != DOP_STORE && i->op != DOP_ATOMIC
      && i->op != DOP_XCHG && i->op != DOP_CAS)
    return;
  const dir_value &addr = i->ops[0];
  if (frame_address (fn, addr))
    return;
  /* An atomic complex product updates two elements.  */
  unsigned bytes = dir_type_bytes (i->type)
		   * (i->op == DOP_ATOMIC && i->redop == DOP_CMULRE ? 2 : 1);
  std::string d = disp (i->disp);
  if (!in_simd || !vary (addr))
    {
      put ("  if (gw_wc_meets (gw_wc->base, gw_wc->base + gw_wc->span, %s + %s, %u))\n"
	   "    %s_wc_flush (gw_wc);\n", sval (addr).c_str (), d.c_str (),
	   bytes, K);
      return;
    }
  if (lane_stride (addr.reg, i->bb) == (int64_t) bytes)
    {
      /* Consecutive: the P elements from lane 0's address.  */
      put ("  if (gw_wc_meets (gw_wc->base, gw_wc->base + gw_wc->span, %s + %s, %u))\n"
	   "    %s_wc_flush (gw_wc);\n", sval (addr).c_str (), d.c_str (),
	   bytes * p, K);
      return;
    }
  put ("  if (gw_wc->span)\n"
       "    for (int gw_l = 0; gw_l < %u; gw_l++)\n"
       "      if (gw_cur[gw_l] && gw_wc_meets (gw_wc->base, gw_wc->base + gw_wc->span, "
       "%s + %s, %u))\n"
       "\t{\n\t  %s_wc_flush (gw_wc);\n\t  break;\n\t}\n", p,
       lval (addr).c_str (), d.c_str (), bytes, K);
}

/* In the gang function: the gang's frames, which the cache never
   holds.  */

void
emitter::combined_frames (uint64_t frame_bytes)
{
  if (!wc_rep)
    return;
  int k = 0;
  auto range = [&] (const char *base, const std::string &size) {
    put ("  gw_wc->pv[%d] = (uint64_t) (uintptr_t) %s; gw_wc->pvn[%d] = "
	 "%s;\n", k, base, k, size.c_str ());
    k++;
  };
  if (frame_size)
    range ("gw_frame", std::to_string (frame_bytes));
  if (shared_size)
    range ("gw_shared", std::to_string (shared_size));
  if (wshared_size)
    range ("gw_wshared", std::to_string ((uint64_t) wlen * wshared_size));
  for (int j = k; j < 3; j++)
    put ("  gw_wc->pv[%d] = 0; gw_wc->pvn[%d] = 0;\n", j, j);
  /* A window placed by an earlier gang may meet this gang's frames.  */
  if (k)
    put ("  if (gw_wc->w && %s_wc_frames (gw_wc, gw_wc->w))\n"
	 "    {\n      %s_wc_flush (gw_wc);\n      gw_wc->w = 0;\n    }\n",
	 fn->name.c_str (), fn->name.c_str ());
}

} // namespace gw_cpu

/* The pass cpu-combine-atomics: flag combined the atomics the kernel
   write-combines (see above), and no others.  */

bool
gw_cpu_combine_atomics (dir_func *fn, const gw_pass_context &ctx)
{
  using namespace gw_cpu;
  dir_fill_cfg (fn);
  std::set<const dir_insn *> chosen;
  const dir_insn *rep = nullptr;
  /* The cache is a kernel call's: a routine's atomics go to memory.  */
  if (!cpu_pass_emit_options (ctx).no_combine && fn->kind != DFK_ROUTINE)
    {
      std::vector<bool> read (fn->regs.size (), false);
      for (const dir_block *b : fn->blocks)
	{
	  for (const dir_insn *phi : b->phis)
	    for (const dir_value &v : phi->ops)
	      if (v.reg_p ())
		read[v.reg] = true;
	  for (const dir_insn *i : b->insns)
	    for (const dir_value &v : i->ops)
	      if (v.reg_p ())
		read[v.reg] = true;
	}
      for (const dir_block *b : fn->blocks)
	{
	  if (b->rpo == ~0u)
	    continue;
	  for (const dir_insn *i : b->insns)
	    {
	      if (i->op != DOP_ATOMIC || (i->flags & DIF_DEFERRED)
		  || i->order != DMO_RELAXED
		  || (i->dest != DIR_NOREG && read[i->dest])
		  || !combinable (i->redop, i->type)
		  || frame_address (fn, i->ops[0]))
		continue;
	      if (rep && (rep->redop != i->redop || rep->type != i->type))
		continue;
	      if (!rep)
		rep = i;
	      chosen.insert (i);
	    }
	}
    }
  bool changed = false;
  for (dir_block *b : fn->blocks)
    for (dir_insn *i : b->insns)
      if (((i->flags & DIF_COMBINED) != 0) != (chosen.count (i) != 0))
	{
	  i->flags ^= DIF_COMBINED;
	  changed = true;
	}
  return changed;
}
