/* The ptx target: the reorg's instructions.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   Vector broadcasts within a warp are shuffles; everything that crosses
   warps goes through .shared memory: the single thread stores where the
   broadcast is, the others load after the barrier that completes it (the
   device RTL's worker barrier, or the vector barrier that ptx-barriers,
   barriers.cc, places after a run of vector broadcasts over several
   warps).  Each buffer has two halves,
   used by alternate barriers, so that no second barrier is needed before
   the next stores (emit.cc's header says why that is enough).

   Reductions (reduce) take the same routes: a butterfly of shuffles
   within the warp, and gw_redbuf, a .shared slot per worker, across
   workers.  */

#include "emitter.h"

#include <algorithm>

namespace gw_ptx {

/* Copy SIZE bytes from FROM to TO (a state space and a base: a symbol or
   a register), in words of 4 bytes if WORD4, else bytes, unrolled or in a
   loop; store only under PRED if non-empty; with SHUFFLE take each word
   from lane 0 of the warp on the way.  Append the code to *OUT (the body,
   or a fill that runs later).  */

void
emitter::copy_words (const mem_ref &from, const mem_ref &to, unsigned size,
		     bool word4, const std::string &pred, bool shuffle,
		     std::string *out)
{
  std::string saved;
  std::swap (saved, body);
  unsigned step = word4 ? 4 : 1;
  const char *mt = word4 ? ".u32" : ".u8";
  const char *fs = from.space, *ts = to.space;
  const std::string &fb = from.base, &tb = to.base;
  std::string guard = pred.empty () ? "" : "@" + pred + " ";
  auto one = [&] (const std::string &fa, const std::string &ta,
		  unsigned off) {
    std::string w = temp (RC_B32);
    ins ("ld.%s%s %s, [%s+%u]", fs, mt, w.c_str (), fa.c_str (),
	 off);
    if (shuffle)
      {
	std::string s = temp (RC_B32);
	ins ("shfl.sync.idx.b32 %s, %s, 0, 31, -1", s.c_str (), w.c_str ());
	w = s;
      }
    ins ("%sst.%s%s [%s+%u], %s", guard.c_str (), ts, mt, ta.c_str (), off,
	 w.c_str ());
  };
  if (size / step <= 16)
    for (unsigned off = 0; off < size; off += step)
      one (fb, tb, off);
  else
    {
      /* for (k = 0; k < size; k += step) ...  */
      std::string k = temp (RC_B64), fa = temp (RC_B64), ta = temp (RC_B64);
      std::string fbase = temp (RC_B64), tbase = temp (RC_B64);
      std::string p = temp (RC_PRED), l = label ();
      ins ("mov.u64 %s, %s", fbase.c_str (), fb.c_str ());
      ins ("mov.u64 %s, %s", tbase.c_str (), tb.c_str ());
      ins ("mov.u64 %s, 0", k.c_str ());
      body += l + ":\n";
      ins ("add.u64 %s, %s, %s", fa.c_str (), fbase.c_str (), k.c_str ());
      ins ("add.u64 %s, %s, %s", ta.c_str (), tbase.c_str (), k.c_str ());
      one (fa, ta, 0);
      ins ("add.u64 %s, %s, %u", k.c_str (), k.c_str (), step);
      ins ("setp.lt.u64 %s, %s, %u", p.c_str (), k.c_str (), size);
      ins ("@%s bra.uni %s", p.c_str (), l.c_str ());
    }
  std::swap (saved, body);
  *out += saved;
}

/* Where in buffer BUF a broadcast of SIZE bytes goes, aligned to ALIGN
   (a power of two): reserve it in the current group.  */

unsigned
emitter::reserve (bcast_buffer &buf, unsigned size, unsigned align)
{
  buf.used = true;
  unsigned off = (buf.bytes + align - 1) & ~(align - 1);
  buf.bytes = off + size;
  return off;
}

/* Reserve room in BUF for a broadcast of AXES, SIZE bytes per thread that
   holds a value, and return the address of the executing thread's part:
   the buffer's current half, plus the lane's place when the value is
   single on workers only (each lane of worker 0 then has its own).  */

std::string
emitter::place (bcast_buffer &buf, unsigned axes, unsigned size)
{
  bool per_lane = !(axes & dir_axis_bit (DA_VECTOR)) && vlen > 1;
  unsigned off = reserve (buf, per_lane ? size * vlen : size, 8);
  std::string base = buf.base (), a = temp (RC_B64);
  if (per_lane)
    {
      std::string l = temp (RC_B64);
      ins ("mul.wide.u32 %s, %s, %u", l.c_str (), tid_x ().c_str (), size);
      ins ("add.u64 %s, %s, %s", l.c_str (), base.c_str (), l.c_str ());
      base = l;
    }
  ins ("add.u64 %s, %s, %u", a.c_str (), base.c_str (), off);
  return a;
}

void
emitter::emit_bcast (dir_insn *i)
{
  unsigned axes = i->axes & active;
  dir_type t = i->type;
  const dir_value &v = i->ops[0];
  std::string d = dest (i);
  if (!axes || v.imm_p ())
    {
      ins ("%s %s, %s", rc_mov[class_of (t)], d.c_str (), op (v).c_str ());
      return;
    }
  std::string x = reg (v.reg);
  if (t == DT_B1)
    {
      std::string w = temp (RC_B32);
      ins ("selp.u32 %s, 1, 0, %s", w.c_str (), x.c_str ());
      x = w;
    }

  if ((axes & dir_axis_bit (DA_WORKER)) || vlen > ptx_warp_size)
    {
      /* Through memory: stored here by the single thread, loaded by all
	 after the barrier.  Booleans and narrow integers travel as 32-bit
	 words.  */
      bcast_buffer &buf = (axes & dir_axis_bit (DA_WORKER)) ? wbuf : vbuf;
      bool word = t == DT_B1 || narrow_p (t);
      unsigned bytes = word ? 4 : dir_type_bytes (t);
      const char *mt = word ? ".u32" : mty (t);
      std::string a = buf.base ();
      unsigned off = 0;
      if (!(axes & dir_axis_bit (DA_VECTOR)) && vlen > 1)
	a = place (buf, axes, 8);
      else
	off = reserve (buf, bytes, bytes);
      ins ("@%s st.shared%s [%s+%u], %s", single (axes).c_str (), mt,
	   a.c_str (), off, x.c_str ());
      std::string fill;
      if (t == DT_B1)
	{
	  std::string w = temp (RC_B32);
	  dir_appendf (fill, "\tld.shared.u32 %s, [%s+%u];\n"
		       "\tsetp.ne.u32 %s, %s, 0;\n", w.c_str (), a.c_str (),
		       off, d.c_str (), w.c_str ());
	}
      else
	dir_appendf (fill, "\tld.shared%s %s, [%s+%u];\n", mt, d.c_str (),
		     a.c_str (), off);
      buf.fills.push_back (fill);
      buf.pending.push_back (i->dest);
      return;
    }

  /* Across the lanes of the warp.  */
  if (wide_p (t))
    {
      std::string lo = temp (RC_B32), hi = temp (RC_B32);
      ins ("mov.b64 {%s, %s}, %s", lo.c_str (), hi.c_str (), x.c_str ());
      ins ("shfl.sync.idx.b32 %s, %s, 0, 31, -1", lo.c_str (), lo.c_str ());
      ins ("shfl.sync.idx.b32 %s, %s, 0, 31, -1", hi.c_str (), hi.c_str ());
      ins ("mov.b64 %s, {%s, %s}", d.c_str (), lo.c_str (), hi.c_str ());
    }
  else if (t == DT_B1)
    {
      std::string w = temp (RC_B32);
      ins ("shfl.sync.idx.b32 %s, %s, 0, 31, -1", w.c_str (), x.c_str ());
      ins ("setp.ne.u32 %s, %s, 0", d.c_str (), w.c_str ());
    }
  else
    ins ("shfl.sync.idx.b32 %s, %s, 0, 31, -1", d.c_str (), x.c_str ());
}

void
emitter::emit_frame_bcast (dir_insn *i)
{
  unsigned axes = i->axes & active;
  if (!axes)
    return;
  for (uint32_t s : i->slots)
    {
      const dir_slot &slot = fn->slots.at (s);
      if (slot.shared)
	throw cannot { "a broadcast of a shared slot" };
      mem_ref local { "local", "gw_s" + std::to_string (s) };
      bool word4 = slot.size % 4 == 0 && slot.align >= 4;
      if (!(axes & dir_axis_bit (DA_WORKER)) && vlen <= ptx_warp_size)
	{
	  copy_words (local, local, slot.size, word4, "", true, &body);
	  continue;
	}
      bcast_buffer &buf = (axes & dir_axis_bit (DA_WORKER)) ? wbuf : vbuf;
      std::string a = place (buf, axes, (slot.size + 7) & ~7u);
      std::string pred = single (axes);
      copy_words (local, { "shared", a }, slot.size, word4, pred, false,
		  &body);
      std::string fill;
      copy_words ({ "shared", a }, local, slot.size, word4, "", false,
		  &fill);
      buf.fills.push_back (fill);
    }
}

/* The barrier of all the gang's threads, which completes the
   broadcasts pending in either buffer.  */

void
emitter::worker_barrier ()
{
  ins ("bar.sync 0");
  complete (vbuf);
  complete (wbuf);
}

void
emitter::emit_barrier (dir_insn *i)
{
  unsigned axes = i->axes & active;
  if (axes & dir_axis_bit (DA_WORKER))
    worker_barrier ();
  else if (axes & dir_axis_bit (DA_VECTOR))
    {
      if (vlen > ptx_warp_size)
	{
	  ins ("%s", vector_barrier ().c_str ());
	  complete (vbuf);
	}
      else
	ins ("bar.warp.sync -1");
    }
}

/* The barrier of the threads of one worker: barrier 1 + its position, of
   the vector length's threads.  */

std::string
emitter::vector_barrier ()
{
  /* A constant barrier when there is one worker: ptxas then reserves two
     barriers, not all sixteen.  */
  if (wlen == 1)
    return "bar.sync 1, " + std::to_string (vlen);
  tid_y ();
  use_vbar = true;
  return "bar.sync %gw_vbar, " + std::to_string (vlen);
}

/* After a barrier: load what was stored into BUF since the last one, and
   switch to the other half of the buffer.  */

void
emitter::complete (bcast_buffer &buf)
{
  if (buf.fills.empty ())
    return;
  for (const std::string &f : buf.fills)
    body += f;
  buf.fills.clear ();
  buf.pending.clear ();
  ins ("not.pred %%gw_%cpar, %%gw_%cpar", buf.name, buf.name);
  ins ("selp.b64 %%gw_%cb, %%gw_%cb1, %%gw_%cb0, %%gw_%cpar", buf.name,
       buf.name, buf.name, buf.name);
  buf.max_bytes = std::max (buf.max_bytes, buf.bytes);
  buf.bytes = 0;
}


/* D = A OP B for the values of type T in registers A and B (narrow
   integers in 32-bit registers, their upper bits undefined).  */

void
emitter::combine (dir_opcode op, dir_type t, const std::string &d,
		  const std::string &a, const std::string &b)
{
  bool fl = dir_type_float_p (t);
  const char *da = d.c_str (), *aa = a.c_str (), *ba = b.c_str ();
  /* A narrow integer extended for a comparison.  */
  auto ext = [&] (const std::string &r, bool is_signed) {
    if (!narrow_p (t))
      return r;
    std::string x = temp (RC_B32);
    if (is_signed)
      ins ("cvt.s32.s%u %s, %s", width (t), x.c_str (), r.c_str ());
    else
      ins ("and.b32 %s, %s, %u", x.c_str (), r.c_str (),
	   (1u << width (t)) - 1);
    return x;
  };
  switch (op)
    {
    case DOP_ADD:
      ins ("add%s%s %s, %s, %s", fl ? ".rn" : "", fl ? fty (t) : sty (t), da,
	   aa, ba);
      return;
    case DOP_MUL:
      ins ("%s%s %s, %s, %s", fl ? "mul.rn" : "mul.lo", fl ? fty (t) : sty (t),
	   da, aa, ba);
      return;
    case DOP_MIN: case DOP_MAX:
      if (fl)
	{
	  /* "a < b ? a : b": PTX's min.f32 is C's fmin.  */
	  std::string p = temp (RC_PRED);
	  ins ("setp.%s%s %s, %s, %s", op == DOP_MIN ? "lt" : "gt", fty (t),
	       p.c_str (), aa, ba);
	  ins ("selp%s %s, %s, %s, %s", fty (t), da, aa, ba, p.c_str ());
	  return;
	}
      {
	std::string x = ext (a, true), y = ext (b, true);
	ins ("%s%s %s, %s, %s", op == DOP_MIN ? "min" : "max", sty (t), da,
	     x.c_str (), y.c_str ());
      }
      return;
    case DOP_UMIN: case DOP_UMAX:
      {
	std::string x = ext (a, false), y = ext (b, false);
	ins ("%s%s %s, %s, %s", op == DOP_UMIN ? "min" : "max", uty (t), da,
	     x.c_str (), y.c_str ());
      }
      return;
    case DOP_AND: case DOP_OR: case DOP_XOR:
      ins ("%s%s %s, %s, %s", dir_op_name (op), bty (t), da, aa, ba);
      return;
    case DOP_LAND: case DOP_LOR:
      {
	/* Two tests of nonzero (unordered for floats: a NaN is true, as
	   in C), the second folded with the first, and a select of 1 or
	   0.  */
	std::string x = ext (a, false), y = ext (b, false);
	const char *ty = fl ? fty (t) : uty (t);
	const char *ne = fl ? "neu" : "ne";
	const char *zero = t == DT_F32 ? "0f00000000"
			   : t == DT_F64 ? "0d0000000000000000" : "0";
	const char *one = t == DT_F32 ? "0f3F800000"
			  : t == DT_F64 ? "0d3FF0000000000000" : "1";
	std::string p = temp (RC_PRED), q = temp (RC_PRED);
	ins ("setp.%s%s %s, %s, %s", ne, ty, p.c_str (), x.c_str (), zero);
	ins ("setp.%s.%s%s %s, %s, %s, %s", ne, op == DOP_LAND ? "and" : "or",
	     ty, q.c_str (), y.c_str (), zero, p.c_str ());
	ins ("selp%s %s, %s, %s, %s", fl ? fty (t) : uty (t), da, one, zero,
	     q.c_str ());
	return;
      }
    default:
      throw cannot { std::string ("a combination by '") + dir_op_name (op)
		     + "'" };
    }
}

/* D = X of the lane whose number differs from this one's in LANES (a
   butterfly step within the warp).  */

void
emitter::shuffle_xor (dir_type t, const std::string &d, const std::string &x,
		      unsigned lanes)
{
  if (wide_p (t))
    {
      std::string lo = temp (RC_B32), hi = temp (RC_B32);
      ins ("mov.b64 {%s, %s}, %s", lo.c_str (), hi.c_str (), x.c_str ());
      ins ("shfl.sync.bfly.b32 %s, %s, %u, 31, -1", lo.c_str (), lo.c_str (),
	   lanes);
      ins ("shfl.sync.bfly.b32 %s, %s, %u, 31, -1", hi.c_str (), hi.c_str (),
	   lanes);
      ins ("mov.b64 %s, {%s, %s}", d.c_str (), lo.c_str (), hi.c_str ());
    }
  else
    ins ("shfl.sync.bfly.b32 %s, %s, %u, 31, -1", d.c_str (), x.c_str (),
	 lanes);
}

/* reduce.OP.T AXES v: the lanes of a warp in a butterfly of shuffles;
   a vector of several warps then goes through gw_vredbuf (a slot per
   warp of each worker): each warp's lane 0 stores its value, and after
   the worker's vector barrier every lane folds its worker's slots in
   warp order (a second barrier frees them).  Across workers, each
   worker's lane 0 stores into gw_redbuf (a slot per worker) and, after a
   barrier of the gang, every thread folds the slots in worker order; a
   second barrier frees gw_redbuf for the next reduction.  The order is
   fixed: float results repeat from run to run.  */

void
emitter::emit_reduce (dir_insn *i)
{
  if (i->redop == DOP_CMULRE || i->redop == DOP_CMULIM)
    {
      emit_reduce_pair (i);
      return;
    }
  unsigned axes = i->axes & active;
  dir_type t = i->type;
  rclass c = class_of (t);
  std::string d = dest (i);
  std::string r = temp (c);
  ins ("%s %s, %s", rc_mov[c], r.c_str (), op (i->ops[0]).c_str ());
  if (axes & dir_axis_bit (DA_VECTOR))
    {
      unsigned lanes = std::min<unsigned> (vlen, ptx_warp_size);
      for (unsigned k = lanes / 2; k >= 1; k /= 2)
	{
	  std::string o = temp (c), n = temp (c);
	  shuffle_xor (t, o, r, k);
	  combine (i->redop, t, n, r, o);
	  r = n;
	}
      if (vlen > ptx_warp_size)
	{
	  unsigned warps = vlen / ptx_warp_size;
	  use_vred = true;
	  const char *mt = narrow_p (t) ? ".u32" : mty (t);
	  /* This worker's slots, and this warp's.  */
	  std::string base = temp (RC_B64), off = temp (RC_B64);
	  std::string mine = temp (RC_B64), warp = temp (RC_B32);
	  std::string lane = temp (RC_B32), p0 = temp (RC_PRED);
	  ins ("mov.u64 %s, gw_vredbuf", base.c_str ());
	  ins ("mul.wide.u32 %s, %s, %u", off.c_str (), tid_y ().c_str (),
	       8 * warps);
	  ins ("add.u64 %s, %s, %s", base.c_str (), base.c_str (), off.c_str ());
	  ins ("shr.u32 %s, %s, 5", warp.c_str (), tid_x ().c_str ());
	  ins ("mul.wide.u32 %s, %s, 8", off.c_str (), warp.c_str ());
	  ins ("add.u64 %s, %s, %s", mine.c_str (), base.c_str (), off.c_str ());
	  ins ("and.b32 %s, %s, 31", lane.c_str (), tid_x ().c_str ());
	  ins ("setp.eq.u32 %s, %s, 0", p0.c_str (), lane.c_str ());
	  ins ("@%s st.shared%s [%s], %s", p0.c_str (), mt, mine.c_str (),
	       r.c_str ());
	  ins ("%s", vector_barrier ().c_str ());
	  complete (vbuf);
	  std::string acc = temp (c);
	  ins ("ld.shared%s %s, [%s]", mt, acc.c_str (), base.c_str ());
	  for (unsigned w = 1; w < warps; w++)
	    {
	      std::string x = temp (c), n = temp (c);
	      ins ("ld.shared%s %s, [%s+%u]", mt, x.c_str (), base.c_str (),
		   8 * w);
	      combine (i->redop, t, n, acc, x);
	      acc = n;
	    }
	  ins ("%s", vector_barrier ().c_str ());
	  complete (vbuf);
	  r = acc;
	}
    }
  if (axes & dir_axis_bit (DA_WORKER))
    {
      use_red = true;
      const char *mt = narrow_p (t) ? ".u32" : mty (t);
      std::string base = temp (RC_B64), off = temp (RC_B64);
      std::string a = temp (RC_B64);
      ins ("mov.u64 %s, gw_redbuf", base.c_str ());
      ins ("mul.wide.u32 %s, %s, 8", off.c_str (), tid_y ().c_str ());
      ins ("add.u64 %s, %s, %s", a.c_str (), base.c_str (), off.c_str ());
      std::string store = "st.shared";
      if (vlen > 1)
	store = "@" + single (dir_axis_bit (DA_VECTOR)) + " " + store;
      ins ("%s%s [%s], %s", store.c_str (), mt, a.c_str (), r.c_str ());
      worker_barrier ();
      std::string acc = temp (c);
      ins ("ld.shared%s %s, [%s]", mt, acc.c_str (), base.c_str ());
      for (int w = 1; w < wlen; w++)
	{
	  std::string x = temp (c), n = temp (c);
	  ins ("ld.shared%s %s, [%s+%d]", mt, x.c_str (), base.c_str (), 8 * w);
	  combine (i->redop, t, n, acc, x);
	  acc = n;
	}
      worker_barrier ();
      r = acc;
    }
  ins ("%s %s, %s", rc_mov[c], d.c_str (), r.c_str ());
}


/* DR + DI i = (AR + AI i) (BR + BI i), the plain formula.  */

void
emitter::complex_mul (dir_type t, const std::string &dr, const std::string &di,
		      const std::string &ar, const std::string &ai,
		      const std::string &br, const std::string &bi)
{
  rclass c = class_of (t);
  const char *ty = fty (t);
  std::string p = temp (c), q = temp (c), u = temp (c), v = temp (c);
  ins ("mul.rn%s %s, %s, %s", ty, p.c_str (), ar.c_str (), br.c_str ());
  ins ("mul.rn%s %s, %s, %s", ty, q.c_str (), ai.c_str (), bi.c_str ());
  ins ("mul.rn%s %s, %s, %s", ty, u.c_str (), ar.c_str (), bi.c_str ());
  ins ("mul.rn%s %s, %s, %s", ty, v.c_str (), ai.c_str (), br.c_str ());
  ins ("sub.rn%s %s, %s, %s", ty, dr.c_str (), p.c_str (), q.c_str ());
  ins ("add.rn%s %s, %s, %s", ty, di.c_str (), u.c_str (), v.c_str ());
}

/* reduce.cmulre.T / reduce.cmulim.T AXES re, im: the product of the
   threads' complex values, as emit_reduce combines scalars (a butterfly
   of shuffles of both parts within the warp, then gw_redbuf, a slot of
   two parts per worker, across workers), keeping the real or the
   imaginary part.  The reduce of the other part of the same operands
   that follows (in the block, or in the one it falls into) takes the
   parts computed.  A vector of
   several warps is not done yet.  */

void
emitter::emit_reduce_pair (dir_insn *i)
{
  unsigned axes = i->axes & active;
  dir_type t = i->type;
  rclass c = class_of (t);
  std::string key = op (i->ops[0]) + " " + op (i->ops[1]) + " "
		    + std::to_string (axes);
  /* Its block, or the one straight after it.  */
  bool after = i->bb == pair_bb
	       || (pair_bb && pair_bb->succs.size () == 1
		   && pair_bb->succs[0] == i->bb && i->bb->preds.size () == 1);
  if (after && key == pair_key)
    {
      ins ("%s %s, %s", rc_mov[c], dest (i).c_str (),
	   (i->redop == DOP_CMULIM ? pair_s : pair_r).c_str ());
      return;
    }
  std::string r = temp (c), s = temp (c);
  ins ("%s %s, %s", rc_mov[c], r.c_str (), op (i->ops[0]).c_str ());
  ins ("%s %s, %s", rc_mov[c], s.c_str (), op (i->ops[1]).c_str ());
  if (axes & dir_axis_bit (DA_VECTOR))
    {
      if (vlen > ptx_warp_size)
	throw cannot { "a complex product across a vector of several "
		       "warps" };
      for (unsigned k = vlen / 2; k >= 1; k /= 2)
	{
	  std::string o = temp (c), oi = temp (c);
	  std::string n = temp (c), ni = temp (c);
	  shuffle_xor (t, o, r, k);
	  shuffle_xor (t, oi, s, k);
	  complex_mul (t, n, ni, r, s, o, oi);
	  r = n, s = ni;
	}
    }
  if (axes & dir_axis_bit (DA_WORKER))
    {
      use_red = red_pairs = true;
      const char *mt = mty (t);
      std::string base = temp (RC_B64), off = temp (RC_B64);
      std::string a = temp (RC_B64);
      ins ("mov.u64 %s, gw_redbuf", base.c_str ());
      ins ("mul.wide.u32 %s, %s, 16", off.c_str (), tid_y ().c_str ());
      ins ("add.u64 %s, %s, %s", a.c_str (), base.c_str (), off.c_str ());
      std::string store = "st.shared";
      if (vlen > 1)
	store = "@" + single (dir_axis_bit (DA_VECTOR)) + " " + store;
      ins ("%s%s [%s], %s", store.c_str (), mt, a.c_str (), r.c_str ());
      ins ("%s%s [%s+8], %s", store.c_str (), mt, a.c_str (), s.c_str ());
      worker_barrier ();
      std::string acc = temp (c), acci = temp (c);
      ins ("ld.shared%s %s, [%s]", mt, acc.c_str (), base.c_str ());
      ins ("ld.shared%s %s, [%s+8]", mt, acci.c_str (), base.c_str ());
      for (int w = 1; w < wlen; w++)
	{
	  std::string x = temp (c), xi = temp (c);
	  std::string n = temp (c), ni = temp (c);
	  ins ("ld.shared%s %s, [%s+%d]", mt, x.c_str (), base.c_str (),
	       16 * w);
	  ins ("ld.shared%s %s, [%s+%d]", mt, xi.c_str (), base.c_str (),
	       16 * w + 8);
	  complex_mul (t, n, ni, acc, acci, x, xi);
	  acc = n, acci = ni;
	}
      worker_barrier ();
      r = acc, s = acci;
    }
  pair_bb = i->bb, pair_key = key, pair_r = r, pair_s = s;
  ins ("%s %s, %s", rc_mov[c], dest (i).c_str (),
       (i->redop == DOP_CMULIM ? s : r).c_str ());
}

/* atomic.cmulre.T [a+D], re, im: no instruction updates both parts, so
   under the kernel's lock (a word at module scope, 0 when free), which
   only one thread of a gang takes at a time (gang reductions are
   neutered): take it by compare-and-swap, read the old parts, store the
   products, release it.  The result is the old real part.  */

void
emitter::emit_atomic_cmul (dir_insn *i)
{
  dir_type t = i->type;
  rclass c = class_of (t);
  use_cmul_lock = true;
  std::string a = in_reg (i->ops[0]), vr = in_reg (i->ops[1]);
  std::string vi = in_reg (i->ops[2]), d = dest (i);
  std::string lock = temp (RC_B64), seen = temp (RC_B32);
  std::string p = temp (RC_PRED), again = label ();
  std::string o = temp (c), oi = temp (c), n = temp (c), ni = temp (c);
  const char *mt = mty (t);
  long long re = (long long) i->disp;
  long long im = re + dir_type_bytes (t);
  ins ("cvta.global.u64 %s, %s_cmul_lock", lock.c_str (), fn->name.c_str ());
  body += again + ":\n";
  ins ("atom.cas.b32 %s, [%s], 0, 1", seen.c_str (), lock.c_str ());
  ins ("setp.ne.u32 %s, %s, 0", p.c_str (), seen.c_str ());
  ins ("@%s bra %s", p.c_str (), again.c_str ());
  ins ("fence.acq_rel.gpu");
  ins ("ld.volatile%s %s, [%s+%lld]", mt, o.c_str (), a.c_str (), re);
  ins ("ld.volatile%s %s, [%s+%lld]", mt, oi.c_str (), a.c_str (), im);
  complex_mul (t, n, ni, o, oi, vr, vi);
  ins ("st.volatile%s [%s+%lld], %s", mt, a.c_str (), re, n.c_str ());
  ins ("st.volatile%s [%s+%lld], %s", mt, a.c_str (), im, ni.c_str ());
  ins ("fence.acq_rel.gpu");
  ins ("atom.exch.b32 %s, [%s], 0", seen.c_str (), lock.c_str ());
  ins ("%s %s, %s", rc_mov[c], d.c_str (), o.c_str ());
}

} // namespace gw_ptx
