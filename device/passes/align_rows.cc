/* align-rows: a vector loop's lanes aligned with the rows of its nest.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   What: on a target whose vector lanes are SIMD lanes of one thread
   (gw_pass_context::simd_lanes: the cpu), the innermost dimension of a
   collapsed nest becomes the SIMD dimension.  X, a vector loop's
   iteration number, starts at a value U the lanes share plus the lane's
   position and steps by the vector length VL: the lanes take
   consecutive numbers, which straddle the rows of the nest (the runs of
   NI numbers with one quotient by NI).  Rewritten, the lanes share a
   position U in the nest, its row Q and column R, and take the columns
   of that row only: the loop runs the row's segment in the chunk, SEG
   numbers from U, VL at a time, and then starts the next row.  Then
   X / NI is Q, the same in every lane, and X % NI is R + J + lane,
   affine in it, so a subscript of the nest's shape such as
   `state[ll][k + 2][i + 2]` is contiguous.  The segment's whole vectors
   run in a copy of the body (@F) in which every lane is busy, so that a
   SIMD target needs no mask there; its last numbers, fewer than VL, run
   in the body itself, the lanes past the end idle (the tail runs once):

     @pre:  ...                          @pre: r0 = U % NI, q0 = U / NI
     @H:  x = phi [U + lane], [next]     @H:  u, q, r = phi ...
	  body (x / NI, x % NI)                seg = umin (NI - r, B - u)
	  next = x + VL                        cbr seg >= VL, @F, @T
	  cbr next < B, @H, @exit        @F:  j = phi [0], [j + VL]
					      body (q, r + j + lane)
					      cbr j + VL <= seg - VL, @F, @T
					 @T:  jt = phi [0], [j + VL]
					      cbr jt < seg, @TB, @NL
					 @TB: cbr lane < seg - jt, @body, @NLT
					 @body: body (q, r + jt + lane)
					 @NLT: br @NL
					 @NL: u' = u + seg, r' = r + seg
					      carry: r' == NI (r' = 0, q + 1)
					      cbr u' < B, @H, @exit

   The lanes that entered the loop are those with U + lane < B; each
   segment stays below B, so every lane @F runs and every lane @TB keeps
   is one of them.  A body of more than max_full_copy instructions, or
   with a convergent one, is not copied (@H goes to @T), and then the
   tail is a loop over the whole segment (@NLT: br @T (jt + VL), a phi
   input of @T).  A vector loop whose number no division reads is one
   segment of its chunk (no @NL, no Q or R), run the same way.

   A loop of one lane (X steps by 1 from a value every lane shares: a
   gang loop, or a vector loop of vector length 1) that divides is
   rewritten the same way, its segment being a loop of its own in which
   the row is invariant and the column steps by 1, so that the target's
   compiler sees the inner loop of the nest it was written as:

     @H:  u, q, r = phi ...              (as above)
	  seg = umin (NI - r, B - u)
	  br @body
     @body: j = phi [@H: 0], [@NJ: j + 1]
	  body (q, r + j)
     @NJ: cbr j + 1 < seg, @body, @NL
     @NL: (as above)

   It needs a loop entered only past a signed test U < B
   (entered_below): every segment then has a number, and the body runs
   once at least, as it did.

   Requires: no property; it runs after narrow-counters, without which
   a vector loop whose counter GCC widened to 64 bits is left alone.  It
   rewrites only a counted loop (steps.h: X = [init >= 0, X + S], going
   on while X + S < B) whose number is i32, whose only header phi is X
   (another one would be an induction or an accumulator whose values
   follow the vector iterations, which the rewrite changes: such loops
   are only stepped, by step-divisions), whose only exit is its latch,
   whose values no code after it reads, whose divisions of X are all by
   one divisor NI, at least VL and the same in every lane (or none: one
   segment, for a vector loop), and which holds no marker.
   Guarantees: X and its divisions are gone from the loop: each division
   is the row Q, a phi of the header stepping by the row's carry (0 or
   1, which step-divisions recognizes to step Q's own divisions), or the
   column, affine in the lane; what the rewrite left unused is removed.
   Invalidates: the CFG (each rewritten loop gains the blocks above, laid
   out after its header) and so the dominators.  */

#include "steps.h"

#include <algorithm>
#include <map>

using namespace gw_steps;

namespace {

/* The most instructions of a vector loop's body that are copied for the
   full vectors of a row.  */
const size_t max_full_copy = 400;

/* A loop to rewrite, as aligner::plan finds it.  */
struct row_plan
{
  dir_type t;
  bool one;			/* A loop of one lane.  */
  int vl;			/* The numbers a vector iteration takes.  */
  dir_value u0, lane0;		/* The shared start and the lane.  */
  dir_value c;			/* NI, if SPLIT.  */
  std::vector<dir_insn *> divs;	/* X's divisions by NI.  */
  bool in_header;		/* All of them in the loop's header.  */
  bool split;			/* The loop divides: it runs by rows.  */
  bool full;			/* The whole vectors run in a copy.  */
  dir_block *exit;
};

/* The rewrite of one loop, in the order of its steps.  */
class row_rewrite
{
public:
  row_rewrite (dir_func *f, const dir_loop &l_, dir_block *pre_,
	       dir_block *latch_, const stepped &x_, const row_plan &p_)
    : fn (f), l (l_), pre (pre_), latch (latch_), x (x_), p (p_),
      t (p_.t), hb (f, nullptr) {}
  void run ()
  {
    begin ();
    tail ();
    replace ();
    full_vectors ();
    lay_out ();
    next_row ();
    dir_cfg_changed (fn);
    dir_fill_cfg (fn);
  }

private:
  dir_func *fn;
  const dir_loop &l;
  dir_block *pre, *latch;
  const stepped &x;
  const row_plan &p;
  dir_type t;
  dir_block *h = nullptr, *body = nullptr;
  std::vector<dir_block *> inner;	/* The body and the loop's others.  */
  dir_block *tl = nullptr, *tb = nullptr, *nlt = nullptr, *nl = nullptr;
  dir_value lane, r0, q0, u, q, r, vlv, seg, jt;
  dir_insn *uphi = nullptr, *qphi = nullptr, *rphi = nullptr;
  dir_insn *jphi = nullptr;
  dir_builder hb;			/* Appends to the header.  */
  bool at0 = false;
  std::vector<dir_block *> fulls;	/* The copy for whole vectors.  */

  void begin ();
  void tail ();
  void replace ();
  void full_vectors ();
  void lay_out ();
  void next_row ();
};

/* Before the loop: the lanes' shared position, its row and column; the
   new blocks and phis; the header: the row's segment in the chunk.  */

void
row_rewrite::begin ()
{
  h = l.header;
  dir_builder b (fn, pre, pre->insns.size () - 1);
  lane = p.lane0.type == t ? p.lane0 : b.def (DOP_TRUNC, t, { p.lane0 });
  if (p.split)
    {
      r0 = b.def (DOP_UREM, t, { p.u0, p.c });
      q0 = b.def (DOP_UDIV, t, { p.u0, p.c });
    }

  /* The body moves to a block of its own: with the loop's other blocks,
     the part the tail and the full vectors run.  */
  body = dir_split_block (fn, h, 0);
  if (latch == h)
    latch = body;
  inner = { body };
  for (dir_block *blk : fn->blocks)
    if (blk != h && blk != body && in_loop (l, blk))
      inner.push_back (blk);
  tl = p.one ? nullptr : dir_new_block (fn);
  tb = p.one ? nullptr : dir_new_block (fn);
  nlt = dir_new_block (fn);
  nl = p.split ? dir_new_block (fn) : nullptr;
  u = p.u0;
  if (p.split)
    {
      uphi = new_phi (fn, h, t, { { pre, p.u0 }, { nl, dir_value () } });
      qphi = new_phi (fn, h, t, { { pre, q0 }, { nl, dir_value () } });
      rphi = new_phi (fn, h, t, { { pre, r0 }, { nl, dir_value () } });
      u = dir_reg_value (fn, uphi->dest);
      q = dir_reg_value (fn, qphi->dest);
      r = dir_reg_value (fn, rphi->dest);
    }
  vlv = dir_imm (t, p.vl);

  /* The header: the row's segment in the chunk, SEG > 0 numbers from U
     (U is below the bound: the lanes that entered have X = U + lane
     below it).  */
  dir_remove_insn (fn, h->terminator ());
  hb = dir_builder (fn, h);
  at0 = u.imm_p () && u.imm == 0;
  seg = at0 ? x.bound : hb.def (DOP_SUB, t, { x.bound, u });
  if (p.split)
    seg = hb.def (DOP_UMIN, t, { hb.def (DOP_SUB, t, { p.c, r }), seg });
}

/* The tail: from JT on, VL numbers at a time while some are left, the
   lanes past the segment's end idle.  With one lane, the whole segment:
   the body from J = 0, while J + 1 < SEG.  Where the full vectors run
   in their copy, fewer than VL numbers are left for the tail: it runs
   once, and goes on to the next row.  */

void
row_rewrite::tail ()
{
  bool once = !p.one && p.full && p.split;
  jphi = new_phi (fn, p.one ? body : tl, t, { { h, dir_imm (t, 0) } });
  jt = dir_reg_value (fn, jphi->dest);
  dir_remove_insn (fn, latch->terminator ());
  dir_builder lb (fn, latch);
  lb.br (nlt);
  dir_builder ntb (fn, nlt);
  if (!once)
    {
      jphi->targets.push_back (nlt);
      jphi->ops.push_back (ntb.def (DOP_ADD, t, { jt, vlv }));
    }
  if (p.one)
    {
      nlt->insns[ntb.pos - 1]->flags |= DIF_NSW;
      ntb.cbr (ntb.cmp (DC_LT, jphi->ops[1], seg), body, nl);
    }
  else
    {
      ntb.br (once ? nl : tl);
      dir_builder tlb (fn, tl);
      tlb.cbr (tlb.cmp (DC_LT, jt, seg), tb, p.split ? nl : p.exit);
      dir_builder tbb (fn, tb);
      dir_value rem = tbb.def (DOP_SUB, t, { seg, jt });
      tbb.cbr (tbb.cmp (DC_ULT, lane, rem), body, nlt);
    }
}

/* The exit's phis (of values from before the loop) now come from NL
   (from the tail, for one segment).  The lane's number replaces the old
   phi; its row and column replace the divisions.  Exact (nsw) in every
   lane that runs the body: below the bound and the row's end.  */

void
row_rewrite::replace ()
{
  for (dir_insn *phi : p.exit->phis)
    for (dir_block *&from : phi->targets)
      if (from == latch)
	from = p.split ? nl : tl;

  dir_builder bb (fn, body, 0);
  dir_value uj = at0 ? jt : bb.def (DOP_ADD, t, { u, jt });
  dir_value xnew = p.one ? uj : bb.def (DOP_ADD, t, { uj, lane });
  dir_value col;
  if (p.split)
    {
      col = bb.def (DOP_ADD, t, { r, jt });
      if (!p.one)
	col = bb.def (DOP_ADD, t, { col, lane });
    }
  for (size_t k = 0; k < bb.pos; k++)
    body->insns[k]->flags |= DIF_NSW;
  std::map<uint32_t, dir_value> repl;
  repl[x.reg] = xnew;
  for (dir_insn *i : p.divs)
    {
      repl[i->dest] = i->op == DOP_UDIV ? q : col;
      dir_make_copy (i, repl[i->dest]);
    }
  dir_remove_insn (fn, fn->regs[x.reg].def);
  for (dir_block *blk : fn->blocks)
    {
      for (dir_insn *phi : blk->phis)
	for (dir_value &o : phi->ops)
	  if (o.reg_p () && repl.count (o.reg))
	    o = repl[o.reg];
      for (dir_insn *i : blk->insns)
	for (dir_value &o : i->ops)
	  if (o.reg_p () && repl.count (o.reg) && i->op != DOP_COPY)
	    o = repl[o.reg];
    }
}

/* The full vectors: a copy of the body in a loop of its own, J from 0
   by VL while J + VL <= SEG, every lane busy; then the tail, from
   there.  */

void
row_rewrite::full_vectors ()
{
  if (!p.full)
    {
      hb.br (p.one ? body : tl);
      return;
    }
  dir_value last = hb.def (DOP_SUB, t, { seg, vlv });
  h->insns[hb.pos - 1]->flags |= DIF_NSW;
  std::vector<dir_value> value;
  fulls = dir_copy_blocks (fn, inner, &value);
  dir_block *f = fulls[0];
  dir_block *flatch = fulls[std::find (inner.begin (), inner.end (), latch)
			    - inner.begin ()];
  dir_insn *fphi = new_phi (fn, f, t, { { h, dir_imm (t, 0) },
					{ flatch, dir_value () } });
  dir_value j = dir_reg_value (fn, fphi->dest);
  for (dir_block *blk : fulls)
    for (dir_insn *i : blk->insns)
      for (dir_value &o : i->ops)
	if (o == jt)
	  o = j;
  dir_remove_insn (fn, flatch->terminator ());
  dir_builder fb (fn, flatch);
  dir_value jn = fb.def (DOP_ADD, t, { j, vlv });
  flatch->insns[fb.pos - 1]->flags |= DIF_NSW;
  fb.cbr (fb.cmp (DC_LE, jn, last), f, tl);
  fphi->ops[1] = jn;
  jphi->targets.push_back (flatch);
  jphi->ops.push_back (jn);
  hb.cbr (hb.cmp (DC_GE, seg, vlv), f, tl);
}

/* Layout: the header, the full vectors, the tail, the next row.  */

void
row_rewrite::lay_out ()
{
  std::vector<dir_block *> seq = fulls;
  if (!p.one)
    {
      seq.push_back (tl);
      seq.push_back (tb);
    }
  seq.insert (seq.end (), inner.begin (), inner.end ());
  seq.push_back (nlt);
  if (p.split)
    seq.push_back (nl);
  for (dir_block *blk : seq)
    fn->blocks.erase (std::find (fn->blocks.begin (), fn->blocks.end (),
				 blk));
  fn->blocks.insert (std::find (fn->blocks.begin (), fn->blocks.end (), h)
		     + 1, seq.begin (), seq.end ());
  dir_renumber_blocks (fn);
}

/* NL: the next row, carrying into Q when R reaches NI.  */

void
row_rewrite::next_row ()
{
  if (!p.split)
    return;
  dir_builder nb (fn, nl);
  dir_value un = nb.def (DOP_ADD, t, { u, seg });
  dir_value rs = nb.def (DOP_ADD, t, { r, seg });
  dir_value carry = nb.cmp (DC_EQ, rs, p.c);
  dir_value rn = nb.def (DOP_SELECT, t, { carry, dir_imm (t, 0), rs });
  dir_value dq = nb.def (DOP_SELECT, t, { carry, dir_imm (t, 1),
					  dir_imm (t, 0) });
  dir_value qn = nb.def (DOP_ADD, t, { q, dq });
  dir_value go_on = nb.cmp (x.cond, un, x.bound);
  nb.cbr (go_on, h, p.exit);
  uphi->ops[1] = un;
  qphi->ops[1] = qn;
  rphi->ops[1] = rn;
}

class aligner
{
public:
  aligner (dir_func *f, bool cheap) : fn (f), rng (f), cheap_const (cheap) {}
  bool run ();

private:
  dir_func *fn;
  ranges rng;
  bool cheap_const;		/* gw_pass_context's, for divisor_ok.  */
  uses_t uses;

  bool plan (const dir_loop &, dir_block *pre, dir_block *latch,
	     const stepped &x, row_plan *p);
  bool alone (const dir_loop &, dir_block *latch, row_plan *p);
};

/* Whether loop L, which the latch LATCH closes, may be rewritten alone:
   X is the header's only phi, the loop's one exit is from the latch, no
   code after the loop reads a value the loop computes, and it holds no
   marker.  Set P's exit and whether the body is copied for the full
   vectors: if it is small and holds nothing convergent.  */

bool
aligner::alone (const dir_loop &l, dir_block *latch, row_plan *p)
{
  if (l.header->phis.size () != 1)
    return false;
  const dir_insn *br = latch->terminator ();
  p->exit = br->targets[0] == l.header ? br->targets[1] : br->targets[0];
  for (dir_block *b : l.blocks)
    for (dir_block *s : b->succs)
      if (!in_loop (l, s) && (b != latch || s != p->exit))
	return false;
  auto from_loop = [&] (const dir_value &v) {
    return v.reg_p () && fn->regs[v.reg].def
	   && in_loop (l, fn->regs[v.reg].def->bb);
  };
  for (dir_block *b : fn->blocks)
    {
      if (in_loop (l, b))
	continue;
      for (dir_insn *phi : b->phis)
	for (const dir_value &v : phi->ops)
	  if (from_loop (v))
	    return false;
      for (dir_insn *i : b->insns)
	for (const dir_value &v : i->ops)
	  if (from_loop (v))
	    return false;
    }
  size_t body_insns = 0;
  bool convergent = false;
  for (dir_block *b : l.blocks)
    for (dir_insn *i : b->insns)
      {
	if (dir_op_flag (i->op, DOPF_MARKER))
	  return false;
	body_insns++;
	convergent |= dir_convergent_p (i);
      }
  p->full = !p->one && body_insns <= max_full_copy && !convergent;
  return true;
}

/* Whether the counted X of loop L (entered from PRE, closed by LATCH)
   may have its lanes aligned with the rows of its nest; if so, fill in
   *P.  */

bool
aligner::plan (const dir_loop &l, dir_block *pre, dir_block *latch,
	       const stepped &x, row_plan *p)
{
  dir_type t = fn->regs[x.reg].type;
  p->t = t;
  if (x.kind != stepped::CONSTANT || t != DT_I32 || !lane_free (fn, x.bound))
    return false;
  /* One lane: X steps by 1 from U.  */
  p->one = (int64_t) x.step.imm == 1 && lane_free (fn, x.init);
  p->vl = p->one ? 1 : fn->dims[DA_VECTOR];
  if (!p->one && (p->vl <= 1 || (int64_t) x.step.imm != p->vl))
    return false;
  /* init = U + lane, or the lane (U = 0).  */
  int lk = -1;
  const dir_insn *ini = p->one ? nullptr : lane_start (fn, x.init, &lk);
  if (!p->one && !ini)
    return false;
  p->u0 = p->one ? x.init : lk < 0 ? dir_imm (t, 0) : ini->ops[1 - lk];
  p->lane0 = p->one ? dir_imm (t, 0) : lk < 0 ? x.init : ini->ops[lk];
  /* X's one divisor.  */
  dir_value xv = dir_reg_value (fn, x.reg);
  p->c = dir_value ();
  p->divs.clear ();
  for (dir_insn *i : uses[x.reg])
    if ((i->op == DOP_UDIV || i->op == DOP_UREM) && i->ops[0] == xv
	&& in_loop (l, i->bb))
      {
	if (p->c.kind != dir_value::NONE && i->ops[1] != p->c)
	  return false;
	p->c = i->ops[1];
	p->divs.push_back (i);
      }
  p->in_header = true;
  for (dir_insn *i : p->divs)
    p->in_header &= i->bb == l.header;
  /* Without a division the loop is one segment (no rows).  */
  p->split = !p->divs.empty ();
  if (p->one && (!p->split || !entered_below (fn, pre, x.init, x.bound)))
    return false;
  if (p->split
      && (!divisor_ok (fn, rng, cheap_const, l, pre, x, p->divs[0])
	  || (p->c.imm_p () && (int64_t) p->c.imm < p->vl)
	  || !lane_free (fn, p->c)))
    return false;
  return alone (l, latch, p);
}

bool
aligner::run ()
{
  bool changed = false;
  /* Each rewrite changes the CFG: the loops are found again after it.  */
  for (bool again = true; again;)
    {
      again = false;
      std::vector<dir_loop> loops = find_loops (fn);
      uses = dir_compute_uses (fn);
      for (const dir_loop &l : loops)
	{
	  dir_block *pre, *latch;
	  if (!loop_ok (l, &pre, &latch))
	    continue;
	  for (dir_insn *phi : l.header->phis)
	    {
	      stepped s;
	      row_plan p;
	      if (counted (fn, rng, l, pre, latch, phi, &s)
		  && plan (l, pre, latch, s, &p))
		{
		  row_rewrite (fn, l, pre, latch, s, p).run ();
		  changed = again = true;
		  break;
		}
	    }
	  if (again)
	    break;
	}
    }
  return changed;
}

} // anon namespace

bool
gw_align_rows (dir_func *fn, const gw_pass_context &ctx)
{
  if (!ctx.simd_lanes)
    return false;
  aligner a (fn, ctx.cheap_constant_division);
  return clean_up (fn, a.run ());
}
