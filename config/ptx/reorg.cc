/* The ptx target: the reorg's instructions.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   plugin/ir/ir.h.

   Vector broadcasts within a warp are shuffles; everything that crosses
   warps goes through .shared memory: the single thread stores where the
   broadcast is, the others load after the barrier that completes it (the
   device RTL's worker barrier, or one the emitter adds after a run of
   vector broadcasts over several warps).  Each buffer has two halves,
   used by alternate barriers, so that no second barrier is needed before
   the next stores (emit.cc's header says why that is enough).  */

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

void
emitter::emit_barrier (dir_insn *i)
{
  unsigned axes = i->axes & active;
  if (axes & dir_axis_bit (DA_WORKER))
    {
      ins ("bar.sync 0");
      complete (vbuf);
      complete (wbuf);
    }
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

} // namespace gw_ptx
