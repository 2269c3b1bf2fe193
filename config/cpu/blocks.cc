/* The cpu emitter: insns, phi copies, edges and blocks, in scalar code
   and in the linearized SIMD code of vector partitions (see emitter.h).
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.  */

#include "emitter.h"

#include <cinttypes>
#include <map>

namespace gw_cpu {

/* Define the varying register of INSN as EXPR: under the mask if another
   block reads it.  */

void
emitter::assign_varying (const dir_insn *i, const std::string &expr)
{
  note_write (i, nullptr, masked (i), "gw_cur");
  if (masked (i))
    put ("  r%u = %s (gw_cur, %s, r%u);\n", i->dest,
	 helper ("blend", fn->regs[i->dest].type).c_str (), expr.c_str (),
	 i->dest);
  else
    put ("  r%u = %s;\n", i->dest, expr.c_str ());
}

/* Emit INSN in scalar code.  */

void
emitter::scalar_insn (const dir_insn *i)
{
  if (wc.count (i))
    {
      combined_atomic (i, false);
      return;
    }
  guard_access (i, false);
  std::vector<std::string> a;
  for (const dir_value &v : i->ops)
    a.push_back (sval (v));
  switch (i->op)
    {
    case DOP_FORK: case DOP_JOIN: case DOP_BARRIER:
      /* One thread runs the gang's lanes in lockstep: nothing to wait
	 for.  */
      return;
    case DOP_FRAME_BCAST:
      /* Lane 0's slots to every lane's (gw_frame_copy: addresses of lane
	 0's slots become the lane's own).  */
      if (p > 1)
	for (uint32_t sl : i->slots)
	  put ("  for (int gw_l = 1; gw_l < %u; gw_l++)\n"
	       "    gw_frame_copy (gw_frame[gw_l], gw_frame[0], %u, %u, %u);\n",
	       p * chunks, slot_offset[sl], fn->slots[sl].size, frame_size);
      return;
    case DOP_COPY_MEM: case DOP_FILL_MEM:
      put ("  %s\n", block_stmt (i, a[0], a[1]).c_str ());
      return;
    case DOP_STORE:
      if (i->flags & DIF_ATOMIC)
	{
	  put ("  %s\n", atomic_mem (i, a).c_str ());
	  return;
	}
      put ("  *(%s%s *) (uintptr_t) (%s + %" PRId64 ") = %s;\n",
	   i->flags & DIF_VOLATILE ? "volatile " : "", sty (i->type).c_str (),
	   a[0].c_str (), i->disp, a[1].c_str ());
      return;
    case DOP_LOAD:
      if (i->flags & DIF_ATOMIC)
	{
	  put ("  r%u = %s;\n", i->dest, atomic_mem (i, a).c_str ());
	  return;
	}
      put ("  r%u = *(%sconst %s *) (uintptr_t) (%s + %" PRId64 ");\n",
	   i->dest, i->flags & DIF_VOLATILE ? "volatile " : "",
	   sty (i->type).c_str (), a[0].c_str (), i->disp);
      return;
    case DOP_ATOMIC:
      if (i->flags & DIF_DEFERRED)
	{
	  deferred_atomic (i, a);
	  return;
	}
      break;
    case DOP_DCALL:
      {
	/* The single thread calls: in a kernel, worker 0's lane 0.  */
	std::string ctx = fn->kind == DFK_ROUTINE ? "gw_ctx"
	  : "&(const struct gw_ctx) { gw_gang, gw_num_gangs, 0, "
	    + std::to_string (wlen) + ", 0, " + std::to_string (vlen) + " }";
	if (i->axes)
	  throw cannot { std::string ("a call of a ")
			 + dir_level_name (dir_axes_level (i->axes))
			 + " routine" };
	if (i->dest == DIR_NOREG)
	  put ("  %s;\n", dcall_expr (i, a, ctx).c_str ());
	else
	  put ("  r%u = %s;\n", i->dest, dcall_expr (i, a, ctx).c_str ());
	return;
      }
    default:
      break;
    }
  if (i->dest == DIR_NOREG)
    throw cannot { std::string ("the operation ") + dir_op_name (i->op) };
  if (is_vec (i->dest))
    /* Only varying where partitioned.  */
    throw cannot { "a varying value outside a partition" };
  put ("  r%u = %s;\n", i->dest, scalar_expr (i, a).c_str ());
}

/* Emit the call I of a vector, worker or gang routine in SIMD code: the
   threads of the routine's axes make it together, with the single
   thread's arguments (broadcast before the call).  A vector routine is
   called once for each worker whose lanes run here, with the worker's
   first lane's arguments, and its result goes to all the worker's lanes;
   a worker or gang routine is called once for the gang (in the chunk of
   lane 0: it runs all the workers itself), and its result is every
   lane's.  The callee is compiled for this function's workers and vector
   length (gw_call::variant).  */

void
emitter::simd_dcall (const dir_insn *i)
{
  bool vector = !(i->axes & (1u << DA_WORKER));
  std::string W = std::to_string (wlen), V = std::to_string (vlen);
  std::vector<std::string> a;
  for (const dir_value &v : i->ops)
    a.push_back (lval (v));
  std::string ctx = vector
    ? "const struct gw_ctx gw_c = { gw_gang, gw_num_gangs, gw_lane0 / " + V
      + "u + gw_w, " + W + ", 0, " + V + " };"
    : "const struct gw_ctx gw_c = { gw_gang, gw_num_gangs, 0, " + W + ", 0, "
      + V + " };";
  std::string call = dcall_expr (i, a, "&gw_c");
  std::string result;
  if (i->dest != DIR_NOREG)
    {
      std::string T = sty (i->type);
      call = T + " gw_res = " + call;
      std::string v = i->type == DT_B1 ? "-(int32_t) gw_res" : "gw_res";
      if (!is_vec (i->dest))
	{
	  /* Uniform: the workers that call (worker-single code calls on
	     one) all get the same value (divergence.cc), as from a load
	     of one address.  */
	  note_write (i, nullptr, false, "gw_cur");
	  result = "r" + std::to_string (i->dest) + " = gw_res;";
	}
      else
	{
	  note_write (i, nullptr, true, "gw_cur");
	  result = "for (int gw_k = 0; gw_k < "
		   + std::to_string (vector ? vlen : p) + "; gw_k++) r"
		   + std::to_string (i->dest) + "[gw_l + gw_k] = " + v + ";";
	}
    }
  if (vector)
    put ("  for (int gw_w = 0; gw_w < %d; gw_w++)\n"
	 "    {\n"
	 "      int gw_l = gw_w * %d;\n"
	 "      if (gw_cur[gw_l])\n"
	 "\t{\n"
	 "\t  %s\n"
	 "\t  %s;\n"
	 "\t  %s\n"
	 "\t}\n"
	 "    }\n", group, vlen, ctx.c_str (), call.c_str (), result.c_str ());
  else
    put ("  if (gw_lane0 == 0)\n"
	 "    {\n"
	 "      int gw_l = 0;\n"
	 "      %s\n"
	 "      %s;\n"
	 "      %s\n"
	 "    }\n", ctx.c_str (), call.c_str (), result.c_str ());
}

/* Emit the load INSN in SIMD code.  */

/* If the affine address ADDR comes from a guarded sign extension
   (strides.cc, find_guards): set OK to the C condition under which the
   extension's lanes are the sequence its affine value says (lane 0's
   32-bit value plus the last lane's offset does not pass INT32_MAX or
   INT32_MIN), and LANES to the lanes' true addresses otherwise, and
   return true.  */

bool
emitter::guarded (const dir_value &addr, std::string *ok,
		  std::string *lanes) const
{
  if (!addr.reg_p () || !guard_root[addr.reg])
    return false;
  const dir_insn *root = fn->regs[guard_root[addr.reg] - 1].def;
  const dir_value &x = root->ops[0];
  int64_t v = stride[x.reg];
  int64_t k = stride[addr.reg] / v;
  std::string x0 = "(int32_t) " + sval (x);
  std::string last = std::to_string ((int64_t) (p - 1) * v);
  *ok = "__builtin_expect ((int64_t) " + x0 + " + INT64_C (" + last
	+ ") == (int64_t) (int32_t) ((uint32_t) " + x0 + " + (uint32_t) "
	+ "INT64_C (" + last + ")), 1)";
  std::string P = std::to_string (p);
  std::string ext = "(" + helper ("splat", DT_I32) + " ((uint32_t) " + x0
		    + ") + " + helper ("iota", DT_I32) + " * (uint32_t) "
		    + std::to_string (v) + ")";
  ext = "((gw_u64x" + P + ") __builtin_convertvector ((gw_s32x" + P + ") "
	+ ext + ", gw_s64x" + P + "))";
  *lanes = "(" + helper ("splat", DT_I64) + " (" + sval (addr) + ") + ("
	   + ext + " - " + helper ("splat", DT_I64) + " ((uint64_t) (int64_t) "
	   + x0 + ")) * (uint64_t) " + std::to_string (k) + ")";
  return true;
}

void
emitter::simd_load (const dir_insn *i)
{
  const dir_value &addr = i->ops[0];
  std::string P = std::to_string (p);
  /* One lane's read from address A: an atomic or a plain (maybe
     volatile) access.  */
  auto read = [&] (const std::string &a) {
    if (i->flags & DIF_ATOMIC)
      return atomic_mem (i, { a });
    return "*(" + std::string (i->flags & DIF_VOLATILE ? "volatile " : "")
	   + "const " + sty (i->type) + " *) (uintptr_t) (" + a + " + "
	   + disp (i->disp) + ")";
  };
  if (!vary (addr))
    {
      /* All lanes read the same address; the block runs for some lane
	 (an atomic read: all at once, they may see the same value).  */
      std::string e = read (sval (addr));
      if (is_vec (i->dest))
	/* A value kept per lane (masking.cc): every lane running the
	   block gets it.  */
	assign_varying (i, helper ("splat", i->type) + " (" + e + ")");
      else
	{
	  note_write (i, nullptr, false, "gw_cur");
	  put ("  r%u = %s;\n", i->dest, e.c_str ());
	}
      return;
    }
  if (i->flags & (DIF_VOLATILE | DIF_ATOMIC))
    {
      /* Each active lane reads, in lane order.  */
      note_write (i, nullptr, true, "gw_cur");
      put ("  for (int gw_l = 0; gw_l < %s; gw_l++) if (gw_cur[gw_l]) "
	   "r%u[gw_l] = %s;\n", P.c_str (), i->dest,
	   read (lval (addr)).c_str ());
      return;
    }
  std::string e;
  if (lane_stride (addr.reg, i->bb) == (int64_t) dir_type_bytes (i->type))
    /* Consecutive: one vector load from lane 0's address.  */
    e = helper ("ld", i->type) + " ("
	+ sval (addr) + " + " + disp (i->disp) + ", gw_cur)";
  else
    e = helper ("gather", i->type) + " ("
	+ vval (addr) + " + " + disp (i->disp) + ", gw_cur)";
  std::string ok, lanes;
  if (guarded (addr, &ok, &lanes))
    e = "(" + ok + " ? " + e + " : " + helper ("gather", i->type) + " ("
	+ lanes + " + " + disp (i->disp) + ", gw_cur))";
  assign_varying (i, e);
}

/* The C statement of the block copy or fill I (copy.mem, fill.mem) at
   the address DST (plus I's displacement), from the address or of the
   value SRC: a memcpy, or a loop that GCC makes a memset where it
   can.  */

std::string
emitter::block_stmt (const dir_insn *i, const std::string &dst,
		     const std::string &src) const
{
  uint64_t n = i->ops[2].imm;
  std::string d = "(" + dst + " + " + disp (i->disp) + ")";
  if (i->op == DOP_COPY_MEM)
    return "__builtin_memcpy ((void *) (uintptr_t) " + d
	   + ", (const void *) (uintptr_t) " + src + ", "
	   + std::to_string (n * dir_type_bytes (i->type)) + ");";
  std::string t = sty (i->type);
  return "{ " + t + " *gw_p = (" + t + " *) (uintptr_t) " + d
	 + "; for (uint32_t gw_k = 0; gw_k < " + std::to_string (n)
	 + "u; gw_k++) gw_p[gw_k] = " + src + "; }";
}

/* Emit the block copy or fill INSN in SIMD code: once if every lane
   names the same bytes and value, else lane by lane, in lane order.  */

void
emitter::simd_block (const dir_insn *i)
{
  if (!vary (i->ops[0]) && !vary (i->ops[1]))
    {
      put ("  if (gw_any%u (gw_cur))\n    %s\n", p,
	   block_stmt (i, sval (i->ops[0]), sval (i->ops[1])).c_str ());
      return;
    }
  put ("  for (int gw_l = 0; gw_l < %u; gw_l++)\n"
       "    if (gw_cur[gw_l])\n      %s\n", p,
       block_stmt (i, lval (i->ops[0]), lval (i->ops[1])).c_str ());
}

/* Emit the store INSN in SIMD code.  */

void
emitter::simd_store (const dir_insn *i)
{
  const dir_value &addr = i->ops[0], &val = i->ops[1];
  std::string P = std::to_string (p);
  std::string ty = sty (i->type);
  const char *vol = i->flags & DIF_VOLATILE ? "volatile " : "";
  if (i->flags & DIF_ATOMIC)
    {
      /* Every active lane stores, in lane order.  */
      put ("  for (int gw_l = 0; gw_l < %s; gw_l++) if (gw_cur[gw_l]) %s\n",
	   P.c_str (), atomic_mem (i, { lval (addr), lval (val) }).c_str ());
      return;
    }
  if (!vary (addr) && !vary (val))
    {
      put ("  *(%s%s *) (uintptr_t) (%s + %" PRId64 ") = %s;\n", vol,
	   ty.c_str (), sval (addr).c_str (), i->disp, sval (val).c_str ());
      return;
    }
  if (!vary (addr) || (i->flags & DIF_VOLATILE))
    {
      /* Every active lane stores, in lane order.  */
      put ("  for (int gw_l = 0; gw_l < %s; gw_l++) if (gw_cur[gw_l]) "
	   "*(%s%s *) (uintptr_t) (%s + %s) = %s;\n", P.c_str (), vol,
	   ty.c_str (), lval (addr).c_str (), disp (i->disp).c_str (),
	   lval (val).c_str ());
      return;
    }
  std::string ok, lanes;
  if (guarded (addr, &ok, &lanes))
    {
      put ("  if (!%s)\n", ok.c_str ());
      put ("    %s (%s + %s, %s, gw_cur);\n  else\n",
	   helper ("scatter", i->type).c_str (), lanes.c_str (),
	   disp (i->disp).c_str (), vval (val).c_str ());
    }
  if (lane_stride (addr.reg, i->bb) == (int64_t) dir_type_bytes (i->type))
    put ("  %s (%s + %s, %s, gw_cur);\n", helper ("st", i->type).c_str (),
	 sval (addr).c_str (), disp (i->disp).c_str (), vval (val).c_str ());
  else
    put ("  %s (%s + %s, %s, gw_cur);\n", helper ("scatter", i->type).c_str (),
	 vval (addr).c_str (), disp (i->disp).c_str (), vval (val).c_str ());
}

/* Emit INSN in SIMD code.  */

void
emitter::simd_insn (const dir_insn *i)
{
  if (wc.count (i))
    {
      combined_atomic (i, true);
      return;
    }
  guard_access (i, true);
  switch (i->op)
    {
    case DOP_LOAD:
      simd_load (i);
      return;
    case DOP_STORE:
      simd_store (i);
      return;
    case DOP_COPY_MEM: case DOP_FILL_MEM:
      simd_block (i);
      return;
    case DOP_FORK: case DOP_JOIN: case DOP_BARRIER:
      return;
    case DOP_DCALL:
      {
	if (i->axes)
	  {
	    simd_dcall (i);
	    return;
	  }
	/* Each active lane calls, in lane order, with its own context and
	   arguments.  */
	std::vector<std::string> a;
	for (const dir_value &v : i->ops)
	  a.push_back (lval (v));
	std::string call = dcall_expr (i, a, "&gw_c");
	if (i->dest != DIR_NOREG)
	  {
	    if (!is_vec (i->dest))
	      throw cannot { "a uniform result of a call in partitioned "
			     "code" };
	    note_write (i, nullptr, true, "gw_cur");
	    call = "r" + std::to_string (i->dest) + "[gw_l] = "
		   + (i->type == DT_B1 ? "-(int32_t) " : "") + call;
	  }
	/* A library function needs no context.  */
	put ("  for (int gw_l = 0; gw_l < %u; gw_l++)\n"
	     "    if (gw_cur[gw_l])\n"
	     "      {\n"
	     "\t%s\n"
	     "\t%s;\n"
	     "      }\n", p, i->flags & DIF_LIBRARY ? ""
	     : lane_ctx ().c_str (), call.c_str ());
	return;
      }
    case DOP_ATOMIC:
      if (i->redop == DOP_CMULRE)
	throw cannot { "an atomic complex product in SIMD code" };
      if (!vary (i->ops[0]) && is_vec (i->dest))
	{
	  simd_atomic_uniform (i);
	  return;
	}
      break;
    case DOP_FRAME_BCAST:
      /* Each lane that runs it copies its single lane's slots (gang lane
	 numbers: the frames are the gang's).  */
      if (frame_size)
	{
	  std::string w = std::to_string (vlen), src;
	  if ((i->axes & (1u << DA_WORKER)) && chunks > 1)
	    throw cannot { "a frame broadcast across workers inside a "
			   "worker partition" };
	  if ((i->axes & (1u << DA_WORKER)) && (i->axes & (1u << DA_VECTOR)))
	    src = "0";
	  else if (i->axes & (1u << DA_WORKER))
	    src = "gw_l % " + w;
	  else
	    src = "gw_lane0 + gw_l / " + w + " * " + w;
	  for (uint32_t sl : i->slots)
	    put ("  for (int gw_l = 0; gw_l < %u; gw_l++)\n"
		 "    if (gw_cur[gw_l] && gw_lane0 + gw_l != %s)\n"
		 "      gw_frame_copy (gw_frame[gw_lane0 + gw_l], gw_frame[%s], "
		 "%u, %u, %u);\n", p, src.c_str (), src.c_str (),
		 slot_offset[sl], fn->slots[sl].size, frame_size);
	}
      return;
    default:
      break;
    }
  if (i->dest == DIR_NOREG)
    throw cannot { std::string ("the operation ") + dir_op_name (i->op) };
  if (!is_vec (i->dest))
    {
      /* Uniform, or the base of an affine value: computed once, as in
	 scalar code.  */
      note_write (i, nullptr, false, "gw_cur");
      if (i->op == DOP_REDUCE)
	{
	  /* Uniform in the lanes that run it: lane 0's.  */
	  put ("  r%u = %s[0];\n", i->dest, reduce_expr (i).c_str ());
	  return;
	}
      std::vector<std::string> a;
      for (const dir_value &v : i->ops)
	a.push_back (sval (v));
      if (i->op == DOP_DIM_POS && div.varying (i->dest))
	{
	  /* An affine position: lane 0's is 0, or its chunk's first
	     worker.  */
	  if (i->axis == DA_WORKER)
	    put ("  r%u = gw_lane0 / %du;\n", i->dest, vlen);
	  else
	    put ("  r%u = 0;\n", i->dest);
	  return;
	}
      put ("  r%u = %s;\n", i->dest, scalar_expr (i, a).c_str ());
      return;
    }
  std::string e = vector_expr (i);
  if (!e.empty ())
    {
      assign_varying (i, e);
      return;
    }
  /* A loop over the lanes, computing the scalar form in each; guarded by
     the mask where an inactive lane could trap or a lane's old value must
     survive.  */
  std::vector<std::string> a;
  for (const dir_value &v : i->ops)
    a.push_back (lval (v));
  bool guard = masked (i) || dir_op_flag (i->op, DOPF_TRAPS)
	       || i->op == DOP_CALL || i->op == DOP_ATOMIC
	       || i->op == DOP_XCHG || i->op == DOP_CAS;
  std::string value = scalar_expr (i, a);
  note_write (i, nullptr, guard, "gw_cur");
  if (fn->regs[i->dest].type == DT_B1)
    value = "-(int32_t) " + value;
  put ("  for (int gw_l = 0; gw_l < %u; gw_l++) %sr%u[gw_l] = %s;\n", p,
       guard ? "if (gw_cur[gw_l]) " : "", i->dest, value.c_str ());
}

/* The copies of the edge FROM -> TO: each phi of TO with its incoming
   value.  */

std::vector<std::pair<const dir_insn *, dir_value>>
emitter::edge_copies (const dir_block *from, const dir_block *to)
{
  std::vector<std::pair<const dir_insn *, dir_value>> copies;
  for (const dir_insn *phi : to->phis)
    for (size_t k = 0; k < phi->ops.size (); k++)
      if (phi->targets[k] == from
	  /* An affine merge at a neutered region's join takes the
	     region's value; the skipping lanes' undefined one would
	     overwrite its base.  */
	  && !(affine[phi->dest] && skip_edge (from, to)))
	copies.push_back ({ phi, phi->ops[k] });
  return copies;
}

/* The value V that PHI takes, as PHI's register holds it.  */

std::string
emitter::phi_source (const dir_insn *phi, const dir_value &v)
{
  return is_vec (phi->dest) ? vval (v) : sval (v);
}

/* Read the sources of the copies of the SIMD edge FROM -> TO, taken as
   KIND by the lanes MASK, into variables PRE0, PRE1, ... (for
   divergent_edges: an unmasked copy of a uniform phi, say the counter of
   a loop that some lanes leave, must not be read after it is written).  */

void
emitter::phi_sources (const simd_region &r, const dir_block *from,
		      const dir_block *to, simd_edge kind,
		      const std::string &mask, const std::string &pre)
{
  if (kind == SIMD_EDGE_EXIT || !r.contains (to))
    return;
  auto copies = edge_copies (from, to);
  for (size_t k = 0; k < copies.size (); k++)
    {
      check_lanes (copies[k].second, mask, to);
      const dir_insn *phi = copies[k].first;
      put ("  %s %s%zu = %s;\n",
	   (is_vec (phi->dest) ? vty (phi->type) : sty (phi->type)).c_str (),
	   pre.c_str (), k, phi_source (phi, copies[k].second).c_str ());
    }
}

/* Copy the incoming values of TO's phis for the edge from FROM.  MASK is
   the edge's lane mask in SIMD code, null in scalar code.  PRE, if not
   null, names the variables phi_sources read the values into.  */

void
emitter::phi_copies (const dir_block *from, const dir_block *to,
		     const std::string *mask, const std::string *pre)
{
  auto copies = edge_copies (from, to);
  if (copies.empty ())
    return;
  for (auto &c : copies)
    if (!pre)
      check_lanes (c.second, mask ? *mask : std::string (), to);
  /* Parallel copies: read every source before writing any phi.  */
  bool temps = copies.size () > 1 && !pre;
  auto type_of = [&] (const dir_insn *phi) {
    return is_vec (phi->dest) ? vty (phi->type) : sty (phi->type);
  };
  put ("  {");
  for (size_t k = 0; k < copies.size () && temps; k++)
    put (" %s gw_p%zu = %s;", type_of (copies[k].first).c_str (), k,
	 phi_source (copies[k].first, copies[k].second).c_str ());
  for (size_t k = 0; k < copies.size (); k++)
    {
      const dir_insn *phi = copies[k].first;
      std::string v = pre ? *pre + std::to_string (k)
		      : temps ? "gw_p" + std::to_string (k)
		      : phi_source (phi, copies[k].second);
      bool blend = mask && is_vec (phi->dest) && masked_copy (phi, from);
      if (mask)
	note_write (phi, from, blend, *mask);
      if (blend)
	put (" r%u = %s (%s, %s, r%u);", phi->dest,
	     helper ("blend", phi->type).c_str (), mask->c_str (), v.c_str (),
	     phi->dest);
      else
	put (" r%u = %s;", phi->dest, v.c_str ());
    }
  put (" }\n");
}

/* Emit the edge FROM -> TO of scalar code (without the jump).  */

void
emitter::scalar_edge (const dir_block *from, const dir_block *to)
{
  phi_copies (from, to, nullptr);
  if (simd (to))
    enter_region (regions[region_of[to->index]], true);
  else
    put ("  goto b%u;\n", to->index);
}

/* Emit the edge FROM -> TO of the SIMD region R for the lanes MASK, taken
   as KIND.  */

void
emitter::simd_edge_to (const simd_region &r, const dir_block *from,
		       const dir_block *to, const std::string &mask,
		       simd_edge kind, const std::string *pre)
{
  if (kind == SIMD_EDGE_EXIT || !r.contains (to))
    return;
  phi_copies (from, to, &mask, pre);
  put ("  m_%u |= %s;\n", to->index, mask.c_str ());
  if (kind == SIMD_EDGE_GOTO
      && r.pos[to->index] != r.pos[from->index] + 1)
    put ("  goto b%u;\n", to->index);
}

/* The targets of the switch T other than its default, each with the
   case values that lead there, in the order of their first case (the
   emitted code must not depend on where the blocks are in memory).  */

std::vector<std::pair<const dir_block *, std::vector<int64_t>>>
switch_cases (const dir_insn *t)
{
  std::vector<std::pair<const dir_block *, std::vector<int64_t>>> cases;
  for (size_t k = 0; k < t->cases.size (); k++)
    {
      const dir_block *to = t->targets[k + 1];
      if (to == t->targets[0])
	continue;
      size_t j = 0;
      while (j < cases.size () && cases[j].first != to)
	j++;
      if (j == cases.size ())
	cases.push_back ({ to, {} });
      cases[j].second.push_back (t->cases[k]);
    }
  return cases;
}

/* Emit the scalar block B.  */

void
emitter::scalar_block (const dir_block *b)
{
  put ("b%u:;\n", b->index);
  check_block_lanes (b, std::string ());
  const dir_insn *t = b->terminator ();
  for (const dir_insn *i : b->insns)
    if (i != t && !in_prefix.count (i))
      scalar_insn (i);
  switch (t->op)
    {
    case DOP_BR:
    case DOP_BR_SINGLE:
      /* The scalar code is the single thread: it takes br.single's first
	 target.  */
      scalar_edge (b, t->targets[0]);
      break;
    case DOP_CBR:
      put ("  if (%s)\n  {\n", sval (t->ops[0]).c_str ());
      scalar_edge (b, t->targets[0]);
      put ("  }\n");
      scalar_edge (b, t->targets[1]);
      break;
    case DOP_SWITCH:
      {
	put ("  switch (%s)\n  {\n", sval (t->ops[0]).c_str ());
	for (auto &c : switch_cases (t))
	  {
	    for (int64_t v : c.second)
	      put ("  case %s:\n", lit (dir_imm (t->type, v)).c_str ());
	    put ("  {\n");
	    scalar_edge (b, c.first);
	    put ("  }\n");
	  }
	put ("  default:\n  {\n");
	scalar_edge (b, t->targets[0]);
	put ("  }\n  }\n");
      }
      break;
    case DOP_RET:
      if (t->ops.empty ())
	put ("  return;\n");
      else
	put ("  return %s;\n", sval (t->ops[0]).c_str ());
      break;
    case DOP_TRAP:
      put ("  __builtin_trap ();\n");
      break;
    default:
      throw cannot { std::string ("the terminator ") + dir_op_name (t->op) };
    }
}

/* Emit the EDGES of a divergent branch at the end of B, each taken by
   its lanes MASK: the sources of all their phi copies are read first
   (into variables named after each edge's PRE), then each edge copies and
   parks its lanes.  The edges run one after the other, and an edge's
   copies must not read what an earlier edge's copies wrote.  */

void
emitter::divergent_edges (const simd_region &r, const dir_block *b,
			  const std::vector<divergent_edge> &edges)
{
  for (const divergent_edge &e : edges)
    phi_sources (r, b, e.to, SIMD_EDGE_PARK, e.mask, e.pre);
  for (const divergent_edge &e : edges)
    simd_edge_to (r, b, e.to, e.mask, SIMD_EDGE_PARK, &e.pre);
}

/* Emit block K of the order of the SIMD region R.  */

void
emitter::simd_block (const simd_region &r, int k)
{
  const dir_block *b = r.order[k];
  std::string P = std::to_string (p);
  put ("b%u:;\n", b->index);
  if (check[b->index])
    put ("  if (!gw_any%s (m_%u)) goto a%u;\n", P.c_str (), b->index,
	 b->index);
  put ("  gw_cur = m_%u; m_%u = (gw_m%s) {};\n", b->index, b->index,
       P.c_str ());
  check_block_lanes (b, "gw_cur");
  const dir_insn *t = b->terminator ();
  for (const dir_insn *i : b->insns)
    if (i != t && !in_prefix.count (i))
      simd_insn (i);

  switch (t->op)
    {
    case DOP_BR:
      simd_edge_to (r, b, t->targets[0], "gw_cur",
		    r.edge (b, t->targets[0], div));
      break;
    case DOP_CBR:
      if (!div.divergent_branch (b))
	{
	  put ("  if (%s)\n  {\n", sval (t->ops[0]).c_str ());
	  simd_edge_to (r, b, t->targets[0], "gw_cur",
			r.edge (b, t->targets[0], div));
	  put ("  }\n  else\n  {\n");
	  simd_edge_to (r, b, t->targets[1], "gw_cur",
			r.edge (b, t->targets[1], div));
	  put ("  }\n");
	}
      else
	{
	  std::string c = vval (t->ops[0]);
	  put ("  {\n  gw_m%s gw_t = gw_cur & %s, gw_f = gw_cur & ~%s;\n",
	       P.c_str (), c.c_str (), c.c_str ());
	  divergent_edges (r, b, { { t->targets[0], "gw_t", "gw_et" },
				   { t->targets[1], "gw_f", "gw_ef" } });
	  put ("  }\n");
	}
      break;
    case DOP_SWITCH:
      {
	auto cases = switch_cases (t);
	if (!div.divergent_branch (b))
	  {
	    put ("  switch (%s)\n  {\n", sval (t->ops[0]).c_str ());
	    for (auto &c : cases)
	      {
		for (int64_t v : c.second)
		  put ("  case %s:\n", lit (dir_imm (t->type, v)).c_str ());
		put ("  {\n");
		simd_edge_to (r, b, c.first, "gw_cur", r.edge (b, c.first, div));
		put ("  }\n  break;\n");
	      }
	    put ("  default:\n  {\n");
	    simd_edge_to (r, b, t->targets[0], "gw_cur",
			  r.edge (b, t->targets[0], div));
	    put ("  }\n  }\n");
	  }
	else
	  {
	    std::string v = vval (t->ops[0]);
	    /* The lanes of each case (distinct values: disjoint masks), the
	       rest to the default; then every edge's sources, then the
	       edges.  */
	    put ("  {\n  gw_m%s gw_rest = gw_cur;\n", P.c_str ());
	    std::vector<divergent_edge> edges;
	    for (auto &c : cases)
	      {
		std::string m;
		for (int64_t k2 : c.second)
		  m += (m.empty () ? "" : " | ")
		       + mask_of (vcmp ("eq", t->type, false, v,
					vval (dir_imm (t->type, k2))),
				  t->type);
		std::string n = std::to_string (edges.size ());
		put ("  gw_m%s gw_c%s = gw_cur & (%s);\n  gw_rest &= ~gw_c%s;\n",
		     P.c_str (), n.c_str (), m.c_str (), n.c_str ());
		edges.push_back ({ c.first, "gw_c" + n, "gw_e" + n + "_" });
	      }
	    edges.push_back ({ t->targets[0], "gw_rest", "gw_ed_" });
	    divergent_edges (r, b, edges);
	    put ("  }\n");
	  }
      }
      break;
    case DOP_BR_SINGLE:
      /* Lanes split by their position; both sides wait their turn.  */
      put ("  {\n  gw_m%s gw_t = gw_cur & %s, gw_f = gw_cur & ~gw_t;\n",
	   P.c_str (), lane_mask (t->axes, true).c_str ());
      divergent_edges (r, b, { { t->targets[0], "gw_t", "gw_et" },
			       { t->targets[1], "gw_f", "gw_ef" } });
      put ("  }\n");
      break;
    case DOP_TRAP:
      put ("  __builtin_trap ();\n");
      break;
    default:
      throw cannot { std::string ("the terminator ") + dir_op_name (t->op)
		     + " inside a partition" };
    }
  put ("a%u:;\n", b->index);
  for (const simd_component &c : r.comps)
    if (c.last == k && c.check)
      put ("  if (gw_any%s (m_%u)) goto b%u;\n", P.c_str (),
	   r.order[c.head]->index, r.order[c.head]->index);
}

/* Emit the SIMD region R.  */

void
emitter::simd_region_code (const simd_region &r)
{
  put ("  /* %s partition: fork @%u, join @%u */\n",
       dir_axis_name ((dir_axis) r.part->axis), r.part->fork->index,
       r.exit->index);
  for (int k = 0; k < (int) r.order.size (); k++)
    simd_block (r, k);
  if (chunks > 1 && r.part->axis == DA_WORKER)
    enter_region (r, false);
  put ("  goto b%u;\n", r.exit->index);
}

} // namespace gw_cpu
