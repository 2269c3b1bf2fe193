/* ptxsim: an interpreter for the PTX that Gangway's ptx target emits.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   How: each module is parsed once into functions (entries and .funcs),
   each an array of compact instructions whose operands are slots of a
   register file per activation: PTX registers, the special registers
   (%tid.x...), the parameters and every immediate or symbol address
   (constants the file is initialized with), so that executing an operand
   is one array access.  A predicate guard is a slot too: unguarded
   instructions test the slot of the constant 1.

   Programs: ptxsim_link loads several modules and links them as the
   CUDA JIT linker does.  Each module keeps its own .global variables and
   function names; a call resolves, at link time, to the function of its
   module of that name, or for an .extern declaration to the one module's
   .visible definition, or to the built-in vprintf.  Calls are checked
   against the callee's declaration as ptxas checks them (the number,
   sizes and kinds of the arguments and the result).

   Calls: every thread has a call stack of activations (frames), each
   with its registers (a slice of the thread's register stack), its
   .params and its .local frame.  A parameter lives in two slots: its
   bytes, and the mask of the bytes st.param has written (ld.param of an
   unwritten byte is an error: an argument the caller did not set, a
   result the callee did not store).  call copies the arguments into the
   callee's parameters, ret copies the return parameter into the call's
   result.  .local frames come from a per-thread arena of chunks that do
   not move (generic addresses of them stay valid while the activation
   lives); their window addresses follow each other with gaps, the
   entry's at 0, so that a window address names one activation: the slots
   holding a .local symbol's address get the frame's window base added
   when the activation starts.  At most MAX_FRAMES activations per thread.

   Threads: the CTAs of a launch run one after another.  Within a CTA,
   threads run one at a time until each is blocked at a synchronization
   or has exited ("forward": in order of linear thread id; "reverse", or
   "random" with random time slices, under PTXSIM_SCHED).  Then every
   synchronization whose participants have all arrived completes, and the
   threads go on.  When none can complete, the launch is an error (a
   deadlock), with where each thread waits.

   - bar.sync A{, B} (bar.sync is barrier.sync.aligned): barrier A (0..15)
     of B threads, or of all threads when B is not given.  Arrival is per
     warp: a warp arrives when all its threads that have not exited wait
     at the barrier, all at the same instruction (else an error: an
     aligned barrier reached divergently).  Exited threads: they neither
     arrive nor are waited for.  Without B the barrier completes when every
     thread of the CTA that has not exited waits at it (what hardware does
     since sm_70 when whole warps exit); with B, when exactly B threads
     wait at it (more is an error: nothing Gangway emits reuses a barrier
     that way).
   - bar.warp.sync M and shfl.sync.{idx,bfly} ..., M: the lanes of M in the
     thread's warp (warps are 32 consecutive linear thread ids, linear id
     tid.x + tid.y * ntid.x + tid.z * ntid.x * ntid.y).  Every lane M names
     must exist and arrive, at the same instruction with the same mask; a
     lane that has exited, or that waits at another synchronization, is an
     error (the synchronization is executed by only some lanes).  A shfl
     reads the source lane's value as it was when the lane arrived.
   "The same instruction" is the same instruction of the same function
   (at any call depth), for bar.sync too.

   Memory: generic addresses are host addresses and are checked for
   alignment, for falling into a mapping of the process (or a .local
   frame), and for not being .local or .shared window addresses.  Window
   addresses (what mov of a .local or .shared symbol gives; cvta turns
   them into generic ones) are bounds-checked on every ld/st of their
   space: a .local one must fall into the frame of a live activation.
   cvta.local gives an address of the generic .local window (LOCAL_GEN
   plus the window offset), which, as on the hardware, names the
   accessing thread's own .local memory: a thread that uses another's
   generic .local address (a pointer to a private variable copied from
   the single thread at a fork) reaches its own copy.  cvta.shared gives
   the CTA's host address.
   The .shared arrays of functions and modules are static (one per CTA),
   at the start of the .shared window, before the entry's own arrays
   (whose addresses the linker moves past them).
   .local and .shared memory and registers start with a poison pattern.
   atom (add, and, or, xor, min, max, exch, cas on 32- and 64-bit values, at
   generic addresses) is indivisible because threads run one at a time.

   vprintf (CUDA's device printf) reads its format and its argument
   buffer through generic addresses, formats each conversion with the
   host's C library, writes the call's text to stdout in one fwrite and
   returns what CUDA's printf does: the number of arguments.

   Everything outside the subset (README.md) is refused at load time, with
   the line.  */

#include "ptxsim.h"

#include <algorithm>
#include <cfenv>
#include <cmath>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <type_traits>
#include <map>
#include <memory>
#include <new>
#include <random>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

/* Window addresses of the .shared and .local state spaces.  */
const uint64_t SHARED_WIN = 0x10000;
const uint64_t LOCAL_WIN = 0x1000000;
/* The generic .local window: LOCAL_GEN + (window address - LOCAL_WIN),
   resolved in the accessing thread's frames.  Far from the host's
   mappings (the executable's at 0x55..., the libraries' at 0x7f...).  */
const uint64_t LOCAL_GEN = 0x100000000000ull;
const uint64_t LOCAL_GEN_SIZE = 1ull << 40;
/* Generic addresses below this are taken for null-pointer accesses.  */
const uint64_t LOW_GUARD = 0x10000;
const uint64_t POISON64 = 0xDEADBEEFDEADBEEFull;
const uint8_t POISON8 = 0xA5;
const int WARP = 32;

/* An error found while loading or linking: MSG, about line LINE of
   module UNIT (-1: the module being loaded; LINE 0: no line).  */

struct load_error
{
  int unit;
  int line;
  std::string msg;
};

/* Throw the load_error of a line of the module being loaded.  */

[[noreturn]] void
fail (int line, const char *fmt, ...)
{
  char buf[512];
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (buf, sizeof buf, fmt, ap);
  va_end (ap);
  throw load_error { -1, line, buf };
}

/* ------------------------------------------------------------------ */
/* Types.  */

enum ty : uint8_t
{
  T_NONE, T_PRED, T_B8, T_B16, T_B32, T_B64, T_U8, T_U16, T_U32, T_U64,
  T_S8, T_S16, T_S32, T_S64, T_F32, T_F64
};

ty
parse_ty (const std::string &s)
{
  static const std::map<std::string, ty> m = {
    { "pred", T_PRED }, { "b8", T_B8 }, { "b16", T_B16 }, { "b32", T_B32 },
    { "b64", T_B64 }, { "u8", T_U8 }, { "u16", T_U16 }, { "u32", T_U32 },
    { "u64", T_U64 }, { "s8", T_S8 }, { "s16", T_S16 }, { "s32", T_S32 },
    { "s64", T_S64 }, { "f32", T_F32 }, { "f64", T_F64 } };
  auto it = m.find (s);
  return it == m.end () ? T_NONE : it->second;
}

/* The PTX name of T, for messages ("u32").  */

const char *
ty_name (ty t)
{
  static const char *const names[] = {
    "none", "pred", "b8", "b16", "b32", "b64", "u8", "u16", "u32", "u64",
    "s8", "s16", "s32", "s64", "f32", "f64" };
  return names[t];
}

/* The number of bits of T.  */

int
ty_bits (ty t)
{
  switch (t)
    {
    case T_PRED: return 1;
    case T_B8: case T_U8: case T_S8: return 8;
    case T_B16: case T_U16: case T_S16: return 16;
    case T_B32: case T_U32: case T_S32: case T_F32: return 32;
    case T_B64: case T_U64: case T_S64: case T_F64: return 64;
    default: return 0;
    }
}

bool ty_signed (ty t) { return t == T_S8 || t == T_S16 || t == T_S32 || t == T_S64; }
bool ty_float (ty t) { return t == T_F32 || t == T_F64; }
bool ty_int (ty t) { return !ty_float (t) && t != T_PRED && t != T_NONE; }

inline float
as_f32 (uint64_t v)
{
  uint32_t u = (uint32_t) v;
  float f;
  memcpy (&f, &u, 4);
  return f;
}

inline double
as_f64 (uint64_t v)
{
  double d;
  memcpy (&d, &v, 8);
  return d;
}

inline uint64_t
f32_bits (float f)
{
  uint32_t u;
  memcpy (&u, &f, 4);
  return u;
}

inline uint64_t
f64_bits (double d)
{
  uint64_t u;
  memcpy (&u, &d, 8);
  return u;
}

/* ------------------------------------------------------------------ */
/* Instructions.  */

enum opcode : uint16_t
{
  OP_NOP, OP_MOV, OP_PACK64, OP_UNPACK64,
  OP_ADD32, OP_ADD64, OP_SUB32, OP_SUB64, OP_MULLO32, OP_MULLO64,
  OP_MULHI_S32, OP_MULHI_U32, OP_MULHI_S64, OP_MULHI_U64,
  OP_MULWIDE_S32, OP_MULWIDE_U32, OP_MADLO32, OP_MADLO64,
  OP_MADWIDE_S32, OP_MADWIDE_U32,
  OP_DIV_S32, OP_DIV_U32, OP_DIV_S64, OP_DIV_U64,
  OP_REM_S32, OP_REM_U32, OP_REM_S64, OP_REM_U64,
  OP_NEG32, OP_NEG64, OP_ABS_S32, OP_ABS_S64,
  OP_MIN_S32, OP_MIN_U32, OP_MIN_S64, OP_MIN_U64,
  OP_MAX_S32, OP_MAX_U32, OP_MAX_S64, OP_MAX_U64,
  OP_AND32, OP_OR32, OP_XOR32, OP_NOT32, OP_AND64, OP_OR64, OP_XOR64,
  OP_NOT64, OP_ANDP, OP_ORP, OP_XORP, OP_NOTP,
  OP_SHL32, OP_SHL64, OP_SHR_U32, OP_SHR_S32, OP_SHR_U64, OP_SHR_S64,
  OP_SHF_L_WRAP, OP_SHF_R_WRAP, OP_SHF_L_CLAMP, OP_SHF_R_CLAMP,
  OP_BREV32, OP_BREV64, OP_CLZ32, OP_CLZ64, OP_POPC32, OP_POPC64, OP_PRMT,
  OP_ADD_F32, OP_SUB_F32, OP_MUL_F32, OP_DIV_F32, OP_FMA_F32, OP_SQRT_F32,
  OP_NEG_F32, OP_ABS_F32, OP_MIN_F32, OP_MAX_F32, OP_COPYSIGN_F32,
  OP_ADD_F64, OP_SUB_F64, OP_MUL_F64, OP_DIV_F64, OP_FMA_F64, OP_SQRT_F64,
  OP_NEG_F64, OP_ABS_F64, OP_MIN_F64, OP_MAX_F64, OP_COPYSIGN_F64,
  OP_SETP_S32, OP_SETP_U32, OP_SETP_S64, OP_SETP_U64, OP_SETP_F32,
  OP_SETP_F64,
  OP_SELP32, OP_SELP64,
  OP_CVT_S64_S32, OP_CVT_U64_U32, OP_CVT_U32_U64, OP_CVT,
  OP_CVTA_LOCAL, OP_CVTA_SHARED,
  /* Loads and stores: generic, .local, .shared.  */
  OP_LDG_U8, OP_LDG_S8, OP_LDG_U16, OP_LDG_S16, OP_LDG_U32, OP_LDG_S32,
  OP_LDG_64, OP_STG_8, OP_STG_16, OP_STG_32, OP_STG_64,
  OP_LDL_U8, OP_LDL_S8, OP_LDL_U16, OP_LDL_S16, OP_LDL_U32, OP_LDL_S32,
  OP_LDL_64, OP_STL_8, OP_STL_16, OP_STL_32, OP_STL_64,
  OP_LDS_U8, OP_LDS_S8, OP_LDS_U16, OP_LDS_S16, OP_LDS_U32, OP_LDS_S32,
  OP_LDS_64, OP_STS_8, OP_STS_16, OP_STS_32, OP_STS_64,
  OP_BRA, OP_EXIT, OP_TRAP, OP_BAR, OP_WARPSYNC, OP_SHFL_IDX, OP_ATOM,
  /* Calls: ret returns to the caller (ends the thread in an entry), exit
     ends the thread; ld.param and st.param of a parameter's bytes.  */
  OP_CALL, OP_RET, OP_LDPARAM, OP_STPARAM,
};

/* The operations of atom (insn::aux).  */
enum atom_op : uint8_t
{
  A_ADD, A_AND, A_OR, A_XOR, A_MIN, A_MAX, A_EXCH, A_CAS
};

/* Conditions of setp.  */
enum cond : uint8_t
{
  C_EQ, C_NE, C_LT, C_LE, C_GT, C_GE, C_EQU, C_NEU, C_LTU, C_LEU, C_GTU,
  C_GEU, C_NUM, C_NAN
};

/* Rounding modifiers.  */
enum rnd : uint8_t { R_NONE, R_RN, R_RZ, R_RM, R_RP, R_RNI, R_RZI, R_RMI, R_RPI };

struct insn
{
  uint16_t op;
  uint8_t neg;		/* Guard negated: skip when (guard & 1) == neg.  */
  uint8_t aux;		/* setp: cond; cvt: rounding; bar: has count;
			   ld/st.param: bytes.  */
  uint8_t aux2;		/* setp: 0 none, 1 and, 2 or, 3 xor (+4 if !c).  */
  uint8_t t1, t2;	/* cvt: dtype, atype.  */
  int32_t guard;	/* Slot of the guard predicate.  */
  int32_t d, a, b, c, e;
  int64_t imm;		/* Address offset, branch target, call site.  */
  uint32_t line;
};

/* ------------------------------------------------------------------ */
/* Parsing.  */

struct stmt
{
  enum kind_t { LABEL, TEXT, OPEN, CLOSE } kind;
  int line;
  std::string text;
};

bool
ident_char (char c)
{
  return isalnum ((unsigned char) c) || c == '_' || c == '$' || c == '%'
	 || c == '.';
}

std::string
trim (const std::string &s)
{
  size_t b = s.find_first_not_of (" \t\r\n");
  if (b == std::string::npos)
    return "";
  size_t e = s.find_last_not_of (" \t\r\n");
  return s.substr (b, e - b + 1);
}

/* Split the module into statements: labels, text up to ';' (or up to the
   '{' that opens an entry's body), and the braces of bodies.  */

std::vector<stmt>
split_statements (const char *p)
{
  std::vector<stmt> out;
  int line = 1;
  while (*p)
    {
      if (*p == '\n')
	{
	  line++;
	  p++;
	  continue;
	}
      if (isspace ((unsigned char) *p))
	{
	  p++;
	  continue;
	}
      if (p[0] == '/' && p[1] == '/')
	{
	  while (*p && *p != '\n')
	    p++;
	  continue;
	}
      if (p[0] == '/' && p[1] == '*')
	{
	  p += 2;
	  while (*p && !(p[0] == '*' && p[1] == '/'))
	    line += *p++ == '\n';
	  if (*p)
	    p += 2;
	  continue;
	}
      if (*p == '{' || *p == '}')
	{
	  out.push_back ({ *p == '{' ? stmt::OPEN : stmt::CLOSE, line, "" });
	  p++;
	  continue;
	}
      /* A label?  */
      const char *q = p;
      while (ident_char (*q) && *q != '%' && *q != '.')
	q++;
      if (q > p && *q == ':')
	{
	  out.push_back ({ stmt::LABEL, line, std::string (p, q) });
	  p = q + 1;
	  continue;
	}
      /* .version, .target and .address_size end at the line's end.  */
      if (!strncmp (p, ".version", 8) || !strncmp (p, ".target", 7)
	  || !strncmp (p, ".address_size", 13))
	{
	  const char *e = p;
	  while (*e && *e != '\n' && !(e[0] == '/' && e[1] == '/'))
	    e++;
	  out.push_back ({ stmt::TEXT, line, trim (std::string (p, e)) });
	  p = e;
	  continue;
	}
      bool header = !strncmp (p, ".visible", 8) || !strncmp (p, ".entry", 6)
		    || !strncmp (p, ".func", 5) || !strncmp (p, ".weak", 5);
      int start = line, depth = 0;
      std::string text;
      while (*p)
	{
	  if (p[0] == '/' && p[1] == '/')
	    {
	      while (*p && *p != '\n')
		p++;
	      continue;
	    }
	  if (p[0] == '/' && p[1] == '*')
	    {
	      p += 2;
	      while (*p && !(p[0] == '*' && p[1] == '/'))
		line += *p++ == '\n';
	      if (*p)
		p += 2;
	      continue;
	    }
	  char c = *p;
	  if (header && c == '{')
	    break;
	  if (c == '{')
	    depth++;
	  else if (c == '}')
	    depth--;
	  else if (c == ';' && depth == 0)
	    {
	      p++;
	      break;
	    }
	  if (c == '\n')
	    {
	      line++;
	      c = ' ';
	    }
	  text += c;
	  p++;
	}
      out.push_back ({ stmt::TEXT, start, trim (text) });
    }
  return out;
}

/* Split S at commas outside brackets and braces.  */

std::vector<std::string>
split_operands (const std::string &s)
{
  std::vector<std::string> out;
  int depth = 0;
  std::string cur;
  for (char c : s)
    {
      if (c == '[' || c == '{' || c == '(')
	depth++;
      else if (c == ']' || c == '}' || c == ')')
	depth--;
      if (c == ',' && depth == 0)
	{
	  out.push_back (trim (cur));
	  cur.clear ();
	}
      else
	cur += c;
    }
  if (!trim (cur).empty () || !out.empty ())
    out.push_back (trim (cur));
  return out;
}

std::vector<std::string>
split_dots (const std::string &s)
{
  std::vector<std::string> out;
  size_t b = 0;
  for (;;)
    {
      size_t e = s.find ('.', b);
      out.push_back (s.substr (b, e == std::string::npos ? e : e - b));
      if (e == std::string::npos)
	return out;
      b = e + 1;
    }
}

/* An integer literal: decimal, 0x hex, 0b binary, octal; optional '-'
   and 'U' suffix.  */

bool
parse_int (const std::string &s0, uint64_t *v)
{
  std::string s = trim (s0);
  bool neg = false;
  size_t i = 0;
  if (i < s.size () && (s[i] == '-' || s[i] == '+'))
    {
      neg = s[i] == '-';
      i++;
    }
  if (i >= s.size () || !isdigit ((unsigned char) s[i]))
    return false;
  if (s.back () == 'U')
    s.pop_back ();
  int base = 10;
  if (s.compare (i, 2, "0x") == 0 || s.compare (i, 2, "0X") == 0)
    base = 16, i += 2;
  else if (s.compare (i, 2, "0b") == 0 || s.compare (i, 2, "0B") == 0)
    base = 2, i += 2;
  else if (s[i] == '0' && i + 1 < s.size ())
    base = 8, i += 1;
  if (i >= s.size ())
    return false;
  uint64_t x = 0;
  for (; i < s.size (); i++)
    {
      int d;
      char c = s[i];
      if (isdigit ((unsigned char) c))
	d = c - '0';
      else if (c >= 'a' && c <= 'f')
	d = c - 'a' + 10;
      else if (c >= 'A' && c <= 'F')
	d = c - 'A' + 10;
      else
	return false;
      if (d >= base)
	return false;
      x = x * base + d;
    }
  *v = neg ? (uint64_t) -x : x;
  return true;
}

/* A float literal 0fXXXXXXXX or 0dXXXXXXXXXXXXXXXX: *BITS is 32 or 64.  */

bool
parse_float_hex (const std::string &s, uint64_t *v, int *bits)
{
  if (s.size () == 10 && s[0] == '0' && (s[1] == 'f' || s[1] == 'F'))
    *bits = 32;
  else if (s.size () == 18 && s[0] == '0' && (s[1] == 'd' || s[1] == 'D'))
    *bits = 64;
  else
    return false;
  uint64_t x = 0;
  for (size_t i = 2; i < s.size (); i++)
    {
      if (!isxdigit ((unsigned char) s[i]))
	return false;
      char c = tolower (s[i]);
      x = x * 16 + (isdigit ((unsigned char) c) ? c - '0' : c - 'a' + 10);
    }
  *v = x;
  return true;
}

/* ------------------------------------------------------------------ */
/* The module.  */

enum space { SP_LOCAL, SP_SHARED, SP_GLOBAL };

struct var
{
  space sp;
  uint64_t off;		/* In its window (local, shared).  */
  uint64_t size;
  uint64_t host;	/* Global: host address.  */
  /* .shared of a .func or of the module: static, in the program's area
     of such arrays (OFF is final), not an entry's own.  */
  bool stat = false;
};

struct reginfo
{
  int slot;
  int bits;		/* 1 (pred), 32, 64.  */
};

/* A parameter: of an entry or a function (formal), a function's return
   parameter, or a call's argument or result (declared in the caller's
   body).  Its bytes live in a register slot; a second slot holds the mask
   of the bytes st.param has written (bit I for byte I), so that reading a
   byte nobody wrote is an error.  */

struct param
{
  std::string name;
  ty t;
  int bits;
  int slot;
  int def;		/* -1: always defined (an entry's parameters).  */
};

/* The parameter types of a function: what a call and every declaration
   must agree on.  */

struct signature
{
  bool has_ret = false;
  ty ret = T_NONE;
  std::vector<ty> params;
};

/* The callee of a call site that is the built-in vprintf.  */
const int CALLEE_VPRINTF = -2;

/* A call instruction: OP_CALL's imm indexes its function's call sites.  */

struct callsite
{
  std::string callee_name;
  int callee = -1;	/* Index into the program's functions, or
			   CALLEE_VPRINTF; set by the linker.  */
  bool has_result = false;
  param result;		/* In the caller's register file.  */
  std::vector<param> args;
  uint32_t line = 0;
};

/* An entry or a .func with its body, decoded.  */

struct func
{
  std::string name;
  int unit = 0;		/* Its module.  */
  bool entry = false, visible = false;
  int line = 0;		/* Of its header.  */
  unsigned reqntid[3] = { 0, 0, 0 };
  unsigned maxntid[3] = { 0, 0, 0 };
  std::vector<param> params;	/* Formal parameters.  */
  bool has_ret = false;
  param ret;			/* The return parameter of a .func.  */
  std::vector<param> cparams;	/* The .params of its call sites.  */
  std::vector<callsite> calls;
  std::vector<insn> code;
  std::vector<uint64_t> init;	/* Initial register file.  */
  /* Slots holding the window address of a .local symbol: each activation
     adds its frame's window base to them.  */
  std::vector<int> local_addr;
  /* Slots holding the window address of an entry's own .shared array:
     the linker moves them past the program's static .shared area.  */
  std::vector<int> shared_addr;
  /* Slots of the special registers, -1 if unused.  */
  int s_tid[3], s_ntid[3], s_ctaid[3], s_nctaid[3], s_laneid, s_warpid;
  /* SHARED_SIZE: an entry's own .shared arrays; once linked, the whole
     .shared window of its launches (the static area, then its own).  */
  uint64_t local_size = 0, local_align = 16, shared_size = 0;
  signature sig () const
  {
    signature s;
    s.has_ret = has_ret;
    s.ret = has_ret ? ret.t : T_NONE;
    for (const param &p : params)
      s.params.push_back (p.t);
    return s;
  }
};

/* What a module knows of a function name: its declarations (prototypes,
   .extern) and its definition.  */

struct decl
{
  bool entry = false, ext = false, visible = false;
  int def = -1;		/* The definition in this module: its index in
			   the program's functions.  */
  signature sig;
  int line = 0;		/* Of the first declaration.  */
};

/* One module of the program: its text, its .global variables and its
   function names (all private to it but .visible functions and
   entries).  */

struct unit
{
  std::vector<std::string> lines;
  std::map<std::string, var> globals;
  std::vector<std::string> visible_globals;
  std::map<std::string, decl> decls;
};

}  // namespace

/* A linked program: every module's functions and entries.  */

struct ptxsim_module
{
  std::vector<unit> units;
  std::vector<std::unique_ptr<func>> funcs;
  std::map<std::string, func *> entries;
  /* The .shared arrays of functions and modules: one instance per CTA, at
     the start of every launch's .shared window.  */
  uint64_t static_shared = 0, shared_align = 16;
  std::vector<void *> allocs;
  unsigned long long last_steps = 0;
  ~ptxsim_module ()
  {
    for (void *p : allocs)
      free (p);
  }
  func *find (const char *name)
  {
    auto it = entries.find (name);
    return it == entries.end () ? nullptr : it->second;
  }
};

namespace {

/* Where a parameter name was found.  */
enum pkind { PK_FORMAL, PK_RET, PK_CALL };

/* Decoding the body of one entry or function.  */

struct decoder
{
  ptxsim_module *prog;
  unit *u;
  func *k;
  std::unordered_map<std::string, reginfo> regs;
  std::map<std::string, var> vars;	/* .local/.shared of the body.  */
  std::map<std::pair<uint64_t, int>, int> consts;
  std::map<uint64_t, int> local_syms;	/* .local symbol address slots.  */
  std::map<uint64_t, int> shared_syms;	/* An entry's .shared ones.  */
  /* The call-site .params of the body (scopes[0]) and of the { } blocks
     it is in, innermost last: name to index in k->cparams.  */
  std::vector<std::map<std::string, int>> scopes;
  /* Labels are scoped too: the ids of the open scopes, innermost last;
     the labels of each scope (by id) and the branches to resolve, with
     the scopes they were in.  */
  std::vector<int> scope_ids;
  int next_scope = 0;
  std::map<std::pair<int, std::string>, int> labels;
  struct fixup
  {
    size_t insn;
    std::string label;
    std::vector<int> scopes;
  };
  std::vector<fixup> fixups;
  int nslots = 0;
  int one_slot = -1;
  int line = 0;

  int new_slot (uint64_t init)
  {
    k->init.push_back (init);
    return nslots++;
  }

  int constant (uint64_t v, int bits)
  {
    auto key = std::make_pair (v, bits);
    auto it = consts.find (key);
    if (it != consts.end ())
      return it->second;
    int s = new_slot (v);
    consts[key] = s;
    return s;
  }

  void declare_reg (const std::string &name, int bits)
  {
    if (regs.count (name))
      fail (line, "register %s declared twice", name.c_str ());
    regs[name] = { new_slot (bits == 1 ? 0 : POISON64), bits };
  }

  /* A new parameter (value and mask slots).  ALWAYS: an entry's.  */
  param new_param (const std::string &name, ty t, bool always)
  {
    param p;
    p.name = name;
    p.t = t;
    p.bits = ty_bits (t);
    p.slot = new_slot (always ? 0 : POISON64);
    p.def = always ? -1 : new_slot (0);
    return p;
  }

  void declare (const std::string &text);
  void declare_param (const std::vector<std::string> &words);
  void decode (const std::string &text);
  void decode_call (const std::vector<std::string> &m,
		    const std::vector<std::string> &ops, insn &I);
  bool find_param (const std::string &name, param *p, pkind *kind);

  int special (const std::string &name, int *bits);
  /* Source operand S of an instruction of type T.  WIDER: a register may
     be wider than T (ld, st, cvt).  */
  int src (const std::string &s, ty t, bool wider = false);
  int dst (const std::string &s, ty t, bool wider = false);
  int pred_src (const std::string &s, bool *negated = nullptr);
  /* An address [base+off]: *SLOT holds the base (a register or the
     symbol's address); *SP the symbol's space if a symbol (99 for a
     parameter), else -1; returns the offset.  */
  int64_t address (const std::string &s, int *slot, int *sp,
		   std::string *sym = nullptr);
  /* The slot holding the address of symbol NAME (its space in *SP).  */
  int symbol_slot (const std::string &name, int *sp);
};

/* The parameter NAME as the body sees it: a call-site .param of the
   innermost block that declares it, else a formal or the return
   parameter.  */

bool
decoder::find_param (const std::string &name, param *p, pkind *kind)
{
  for (size_t i = scopes.size (); i-- > 0;)
    {
      auto it = scopes[i].find (name);
      if (it != scopes[i].end ())
	{
	  *p = k->cparams[it->second];
	  *kind = PK_CALL;
	  return true;
	}
    }
  for (const param &q : k->params)
    if (q.name == name)
      {
	*p = q;
	*kind = PK_FORMAL;
	return true;
      }
  if (k->has_ret && k->ret.name == name)
    {
      *p = k->ret;
      *kind = PK_RET;
      return true;
    }
  return false;
}

int
decoder::special (const std::string &name, int *bits)
{
  static const char *const axes = "xyz";
  *bits = 32;
  for (int i = 0; i < 3; i++)
    {
      std::string x = std::string (".") + axes[i];
      int *s = nullptr;
      if (name == "%tid" + x)
	s = &k->s_tid[i];
      else if (name == "%ntid" + x)
	s = &k->s_ntid[i];
      else if (name == "%ctaid" + x)
	s = &k->s_ctaid[i];
      else if (name == "%nctaid" + x)
	s = &k->s_nctaid[i];
      if (s)
	{
	  if (*s < 0)
	    *s = new_slot (0);
	  return *s;
	}
    }
  if (name == "%laneid")
    {
      if (k->s_laneid < 0)
	k->s_laneid = new_slot (0);
      return k->s_laneid;
    }
  if (name == "%warpid")
    {
      if (k->s_warpid < 0)
	k->s_warpid = new_slot (0);
      return k->s_warpid;
    }
  return -1;
}

/* The slot holding the address of the .local, .shared or .global symbol
   NAME; its space in *SP.  */

int
decoder::symbol_slot (const std::string &name, int *sp)
{
  auto it = vars.find (name);
  if (it != vars.end ())
    {
      *sp = it->second.sp;
      if (it->second.sp == SP_SHARED && it->second.stat)
	return constant (SHARED_WIN + it->second.off, 64);
      if (it->second.sp == SP_SHARED)
	{
	  /* An entry's own array: a slot of its own, which the linker
	     moves past the static .shared area.  */
	  uint64_t v = SHARED_WIN + it->second.off;
	  auto l = shared_syms.find (v);
	  if (l != shared_syms.end ())
	    return l->second;
	  int s = new_slot (v);
	  shared_syms[v] = s;
	  k->shared_addr.push_back (s);
	  return s;
	}
      /* A .local address depends on the activation: a slot of its own,
	 which the frame's window base is added to.  */
      uint64_t v = LOCAL_WIN + it->second.off;
      auto l = local_syms.find (v);
      if (l != local_syms.end ())
	return l->second;
      int s = new_slot (v);
      local_syms[v] = s;
      k->local_addr.push_back (s);
      return s;
    }
  auto g = u->globals.find (name);
  if (g != u->globals.end ())
    {
      *sp = g->second.sp;
      if (g->second.sp == SP_SHARED)
	return constant (SHARED_WIN + g->second.off, 64);
      return constant (g->second.host, 64);
    }
  fail (line, "unknown symbol '%s'", name.c_str ());
}

int
decoder::src (const std::string &s, ty t, bool wider)
{
  int bits = ty_bits (t);
  if (s.empty ())
    fail (line, "a missing operand");
  if (s[0] == '%')
    {
      auto it = regs.find (s);
      int rbits;
      int slot;
      if (it != regs.end ())
	{
	  slot = it->second.slot;
	  rbits = it->second.bits;
	}
      else
	{
	  slot = special (s, &rbits);
	  if (slot < 0)
	    fail (line, "unknown register '%s'", s.c_str ());
	}
      if (t == T_PRED ? rbits != 1
	  : rbits == 1 || (wider ? rbits < bits : rbits != bits))
	fail (line, "register %s (%d bits) used as a %d-bit operand",
	      s.c_str (), rbits, bits);
      return slot;
    }
  uint64_t v;
  int fbits;
  if (parse_float_hex (s, &v, &fbits))
    {
      /* Allowed where the operand is a float or untyped bits of the
	 literal's size (ptxas takes "mov.b32 %r1, 0f80000000").  */
      bool bits_type = t == T_B32 || t == T_B64;
      if ((!ty_float (t) && !bits_type) || fbits != bits)
	fail (line, "the float literal %s in a %d-bit %s operand", s.c_str (),
	      bits, ty_float (t) ? "float" : "integer");
      return constant (v, bits);
    }
  if (parse_int (s, &v))
    {
      if (ty_float (t))
	fail (line, "the integer literal %s as a float operand", s.c_str ());
      if (t == T_PRED)
	{
	  if (v > 1)
	    fail (line, "the predicate literal %s", s.c_str ());
	  return constant (v, 1);
	}
      if (bits < 64)
	v &= (1ull << bits) - 1;
      return constant (v, bits);
    }
  if (isalpha ((unsigned char) s[0]) || s[0] == '_' || s[0] == '$')
    {
      if (bits != 64 || !ty_int (t))
	fail (line, "the symbol %s as a %d-bit operand", s.c_str (), bits);
      int sp;
      return symbol_slot (s, &sp);
    }
  fail (line, "cannot read the operand '%s'", s.c_str ());
}

int
decoder::dst (const std::string &s, ty t, bool wider)
{
  auto it = regs.find (s);
  if (it == regs.end ())
    fail (line, "the destination '%s' is not a declared register",
	  s.c_str ());
  int bits = ty_bits (t), rbits = it->second.bits;
  if (t == T_PRED ? rbits != 1
      : rbits == 1 || (wider ? rbits < bits : rbits != bits))
    fail (line, "register %s (%d bits) used as a %d-bit destination",
	  s.c_str (), rbits, bits);
  return it->second.slot;
}

int
decoder::pred_src (const std::string &s0, bool *negated)
{
  std::string s = s0;
  bool neg = false;
  if (!s.empty () && s[0] == '!')
    {
      if (!negated)
	fail (line, "a negated predicate where none may be");
      neg = true;
      s = trim (s.substr (1));
    }
  if (negated)
    *negated = neg;
  return src (s, T_PRED);
}

int64_t
decoder::address (const std::string &s0, int *slot, int *sp,
		  std::string *sym)
{
  std::string s = trim (s0);
  if (s.size () < 2 || s[0] != '[' || s.back () != ']')
    fail (line, "expected an address, not '%s'", s.c_str ());
  s = trim (s.substr (1, s.size () - 2));
  std::string base = s;
  int64_t off = 0;
  size_t plus = s.find ('+');
  size_t minus = s.find ('-');
  size_t cut = std::min (plus, minus);
  if (cut != std::string::npos)
    {
      base = trim (s.substr (0, cut));
      std::string o = trim (s.substr (cut + (cut == plus ? 1 : 0)));
      uint64_t v;
      if (!parse_int (o, &v))
	fail (line, "cannot read the address offset '%s'", o.c_str ());
      off = (int64_t) v;
    }
  *sp = -1;
  if (sym)
    *sym = "";
  if (!base.empty () && base[0] == '%')
    *slot = src (base, T_U64);
  else
    {
      if (sym)
	*sym = base;
      param p;
      pkind kind;
      if (find_param (base, &p, &kind))
	{
	  *sp = 99;
	  *slot = -1;
	  return off;
	}
      *slot = symbol_slot (base, sp);
    }
  return off;
}

void
decoder::declare (const std::string &text)
{
  /* .reg .TYPE names;  .local/.shared .align N .b8 NAME[SIZE];  */
  std::vector<std::string> words;
  {
    std::string cur;
    for (char c : text)
      if (c == ' ' || c == '\t')
	{
	  if (!cur.empty ())
	    words.push_back (cur);
	  cur.clear ();
	}
      else
	cur += c;
    if (!cur.empty ())
      words.push_back (cur);
  }
  if (words[0] == ".param")
    {
      declare_param (words);
      return;
    }
  if (scopes.size () > 1)
    fail (line, "only .param declarations are supported inside a { } "
	  "block");
  if (words[0] == ".reg")
    {
      if (words.size () < 3 || words[1][0] != '.')
	fail (line, "cannot read the register declaration");
      ty t = parse_ty (words[1].substr (1));
      int bits = ty_bits (t);
      if (bits == 8 || bits == 16)
	fail (line, "8- and 16-bit registers are not supported");
      if (!bits)
	fail (line, "the register type '%s'", words[1].c_str ());
      size_t p = text.find (words[1]) + words[1].size ();
      for (const std::string &n : split_operands (text.substr (p)))
	{
	  size_t lt = n.find ('<');
	  if (lt != std::string::npos)
	    {
	      uint64_t count;
	      if (n.back () != '>'
		  || !parse_int (n.substr (lt + 1, n.size () - lt - 2), &count)
		  || count > 1000000)
		fail (line, "cannot read the register range '%s'", n.c_str ());
	      std::string prefix = n.substr (0, lt);
	      for (uint64_t i = 0; i < count; i++)
		declare_reg (prefix + std::to_string (i), bits);
	    }
	  else if (!n.empty () && n[0] == '%')
	    declare_reg (n, bits);
	  else
	    fail (line, "cannot read the register name '%s'", n.c_str ());
	}
      return;
    }
  if (words[0] == ".local" || words[0] == ".shared")
    {
      space sp = words[0] == ".local" ? SP_LOCAL : SP_SHARED;
      uint64_t align = 1;
      size_t i = 1;
      if (i + 1 < words.size () && words[i] == ".align")
	{
	  if (!parse_int (words[i + 1], &align) || !align
	      || (align & (align - 1)))
	    fail (line, "cannot read the alignment");
	  i += 2;
	}
      if (i + 1 >= words.size () + 0 || words[i] != ".b8")
	fail (line, "only .b8 arrays are supported in .local and .shared");
      std::string rest;
      for (size_t j = i + 1; j < words.size (); j++)
	rest += words[j];
      size_t lb = rest.find ('['), rb = rest.find (']');
      uint64_t size;
      if (lb == std::string::npos || rb != rest.size () - 1
	  || !parse_int (rest.substr (lb + 1, rb - lb - 1), &size))
	fail (line, "cannot read the array '%s' (initializers and scalars "
	      "are not supported here)", rest.c_str ());
      std::string name = rest.substr (0, lb);
      if (vars.count (name))
	fail (line, "'%s' declared twice", name.c_str ());
      if (sp == SP_SHARED)
	prog->shared_align = std::max (prog->shared_align, align);
      if (sp == SP_SHARED && !k->entry)
	{
	  /* Static: one array per CTA, whoever calls the function.  */
	  uint64_t &total = prog->static_shared;
	  total = (total + align - 1) & ~(align - 1);
	  vars[name] = { sp, total, size, 0, true };
	  total += size;
	  return;
	}
      uint64_t &total = sp == SP_LOCAL ? k->local_size : k->shared_size;
      align = std::max<uint64_t> (align, 1);
      total = (total + align - 1) & ~(align - 1);
      vars[name] = { sp, total, size, 0 };
      total += size;
      if (sp == SP_LOCAL)
	k->local_align = std::max (k->local_align, align);
      return;
    }
  fail (line, "the directive '%s' is not supported in a %s body",
	words[0].c_str (), k->entry ? "kernel" : "function");
}

/* ".param .TYPE NAME" in a body: a call's argument or result, in the
   innermost scope.  */

void
decoder::declare_param (const std::vector<std::string> &words)
{
  if (words.size () != 3 || words[1][0] != '.')
    fail (line, "cannot read the parameter declaration (only .param "
	  ".TYPE NAME)");
  ty t = parse_ty (words[1].substr (1));
  if (t == T_NONE || t == T_PRED || ty_bits (t) < 32)
    fail (line, "the parameter type '%s' (.b32, .b64, .u32, .u64, .s32, "
	  ".s64, .f32 or .f64)", words[1].c_str ());
  const std::string &name = words[2];
  if (!isalpha ((unsigned char) name[0]) && name[0] != '_' && name[0] != '$')
    fail (line, "cannot read the parameter name '%s'", name.c_str ());
  if (scopes.back ().count (name))
    fail (line, "the parameter %s is declared twice in this block",
	  name.c_str ());
  if (scopes.size () == 1)
    {
      param p;
      pkind kind;
      if (find_param (name, &p, &kind))
	fail (line, "the parameter %s is declared twice", name.c_str ());
    }
  scopes.back ()[name] = k->cparams.size ();
  k->cparams.push_back (new_param (name, t, false));
}

/* One instruction, appended to the kernel's code.  */

void
decoder::decode (const std::string &text0)
{
  std::string text = text0;
  insn I {};
  I.guard = one_slot;
  I.neg = 0;
  I.d = I.a = I.b = I.c = I.e = -1;
  I.line = line;
  if (text[0] == '@')
    {
      size_t sp = text.find_first_of (" \t");
      if (sp == std::string::npos)
	fail (line, "a guard without an instruction");
      std::string g = text.substr (1, sp - 1);
      bool neg = false;
      I.guard = pred_src (g, &neg);
      I.neg = neg ? 1 : 0;
      text = trim (text.substr (sp));
    }
  size_t sp = text.find_first_of (" \t");
  std::string opc = text.substr (0, sp);
  std::string rest = sp == std::string::npos ? "" : trim (text.substr (sp));
  std::vector<std::string> ops = split_operands (rest);
  std::vector<std::string> m = split_dots (opc);
  std::string name = m[0];
  auto nops = [&] (size_t n) {
    if (ops.size () != n)
      fail (line, "'%s' takes %zu operands, not %zu", opc.c_str (), n,
	    ops.size ());
  };
  auto unsupported = [&] () {
    fail (line, "the instruction '%s' is not in the supported subset",
	  opc.c_str ());
  };
  /* The type: the last modifier.  */
  ty t = m.size () > 1 ? parse_ty (m.back ()) : T_NONE;
  auto mods_are = [&] (std::initializer_list<const char *> allowed) {
    /* Every modifier between the name and the type is in ALLOWED.  */
    for (size_t i = 1; i + 1 < m.size (); i++)
      {
	bool ok = false;
	for (const char *a : allowed)
	  ok |= m[i] == a;
	if (!ok)
	  fail (line, "the modifier '.%s' of '%s' is not supported",
		m[i].c_str (), opc.c_str ());
      }
  };
  auto has_mod = [&] (const char *x) {
    for (size_t i = 1; i < m.size (); i++)
      if (m[i] == x)
	return true;
    return false;
  };
  bool is32 = ty_bits (t) == 32, is64 = ty_bits (t) == 64;

  auto binary = [&] (opcode o) {
    nops (3);
    I.op = o;
    I.d = dst (ops[0], t);
    I.a = src (ops[1], t);
    I.b = src (ops[2], t);
  };
  auto unary = [&] (opcode o) {
    nops (2);
    I.op = o;
    I.d = dst (ops[0], t);
    I.a = src (ops[1], t);
  };
  auto int_pick = [&] (opcode s32, opcode u32, opcode s64, opcode u64) {
    if (!ty_int (t))
      unsupported ();
    bool s = ty_signed (t);
    if (is32)
      return s ? s32 : u32;
    if (is64)
      return s ? s64 : u64;
    unsupported ();
    return OP_NOP;
  };

  if (name == "mov")
    {
      mods_are ({});
      nops (2);
      if (t == T_NONE)
	unsupported ();
      if (ops[0][0] == '{' || ops[1][0] == '{')
	{
	  if (t != T_B64 && t != T_U64 && t != T_S64)
	    fail (line, "a vector mov other than mov.b64 {lo, hi}");
	  bool unpack = ops[0][0] == '{';
	  std::string v = unpack ? ops[0] : ops[1];
	  if (v.back () != '}')
	    fail (line, "cannot read the vector '%s'", v.c_str ());
	  std::vector<std::string> el
	    = split_operands (v.substr (1, v.size () - 2));
	  if (el.size () != 2)
	    fail (line, "mov.b64 with a vector of %zu elements", el.size ());
	  if (unpack)
	    {
	      I.op = OP_UNPACK64;
	      I.d = dst (el[0], T_B32);
	      I.e = dst (el[1], T_B32);
	      I.a = src (ops[1], T_B64);
	    }
	  else
	    {
	      I.op = OP_PACK64;
	      I.d = dst (ops[0], T_B64);
	      I.a = src (el[0], T_B32);
	      I.b = src (el[1], T_B32);
	    }
	}
      else
	{
	  I.op = OP_MOV;
	  I.d = dst (ops[0], t);
	  I.a = src (ops[1], t);
	}
    }
  else if (name == "add" || name == "sub" || name == "mul" || name == "div"
	   || name == "fma" || name == "sqrt")
    {
      if (ty_float (t))
	{
	  /* Correctly rounded forms only (.rn, or no rounding for add, sub
	     and mul, which may then be contracted: never emitted).  */
	  bool rn = has_mod ("rn");
	  mods_are ({ "rn" });
	  if (!rn && (name == "div" || name == "fma" || name == "sqrt"))
	    fail (line, "'%s' without .rn (approximate forms are not "
		  "supported)", opc.c_str ());
	  bool f = t == T_F32;
	  if (name == "fma")
	    {
	      nops (4);
	      I.op = f ? OP_FMA_F32 : OP_FMA_F64;
	      I.d = dst (ops[0], t);
	      I.a = src (ops[1], t);
	      I.b = src (ops[2], t);
	      I.c = src (ops[3], t);
	    }
	  else if (name == "sqrt")
	    unary (f ? OP_SQRT_F32 : OP_SQRT_F64);
	  else
	    binary (name == "add" ? (f ? OP_ADD_F32 : OP_ADD_F64)
		    : name == "sub" ? (f ? OP_SUB_F32 : OP_SUB_F64)
		    : name == "mul" ? (f ? OP_MUL_F32 : OP_MUL_F64)
		    : (f ? OP_DIV_F32 : OP_DIV_F64));
	}
      else if (name == "add" || name == "sub")
	{
	  mods_are ({});
	  if (!ty_int (t) || !(is32 || is64))
	    unsupported ();
	  binary (name == "add" ? (is32 ? OP_ADD32 : OP_ADD64)
		  : (is32 ? OP_SUB32 : OP_SUB64));
	}
      else if (name == "mul")
	{
	  if (!ty_int (t) || m.size () != 3)
	    unsupported ();
	  bool s = ty_signed (t);
	  if (m[1] == "lo" && (is32 || is64))
	    binary (is32 ? OP_MULLO32 : OP_MULLO64);
	  else if (m[1] == "hi" && (is32 || is64))
	    binary (int_pick (OP_MULHI_S32, OP_MULHI_U32, OP_MULHI_S64,
			      OP_MULHI_U64));
	  else if (m[1] == "wide" && is32)
	    {
	      nops (3);
	      I.op = s ? OP_MULWIDE_S32 : OP_MULWIDE_U32;
	      I.d = dst (ops[0], T_B64);
	      I.a = src (ops[1], t);
	      I.b = src (ops[2], t);
	    }
	  else
	    unsupported ();
	}
      else if (name == "div")
	{
	  mods_are ({});
	  binary (int_pick (OP_DIV_S32, OP_DIV_U32, OP_DIV_S64, OP_DIV_U64));
	}
      else
	unsupported ();
    }
  else if (name == "mad")
    {
      if (!ty_int (t) || m.size () != 3)
	unsupported ();
      nops (4);
      bool s = ty_signed (t);
      if (m[1] == "lo" && (is32 || is64))
	{
	  I.op = is32 ? OP_MADLO32 : OP_MADLO64;
	  I.d = dst (ops[0], t);
	  I.c = src (ops[3], t);
	}
      else if (m[1] == "wide" && is32)
	{
	  I.op = s ? OP_MADWIDE_S32 : OP_MADWIDE_U32;
	  ty w = s ? T_S64 : T_U64;
	  I.d = dst (ops[0], w);
	  I.c = src (ops[3], w);
	}
      else
	unsupported ();
      I.a = src (ops[1], t);
      I.b = src (ops[2], t);
    }
  else if (name == "rem")
    {
      mods_are ({});
      binary (int_pick (OP_REM_S32, OP_REM_U32, OP_REM_S64, OP_REM_U64));
    }
  else if (name == "neg" || name == "abs")
    {
      mods_are ({});
      bool n = name == "neg";
      if (t == T_F32)
	unary (n ? OP_NEG_F32 : OP_ABS_F32);
      else if (t == T_F64)
	unary (n ? OP_NEG_F64 : OP_ABS_F64);
      else if ((t == T_S32 || t == T_S64) || (n && ty_int (t)))
	unary (n ? (is32 ? OP_NEG32 : OP_NEG64)
	       : (is32 ? OP_ABS_S32 : OP_ABS_S64));
      else
	unsupported ();
      if (!is32 && !is64)
	unsupported ();
    }
  else if (name == "min" || name == "max")
    {
      mods_are ({});
      bool mn = name == "min";
      if (t == T_F32)
	binary (mn ? OP_MIN_F32 : OP_MAX_F32);
      else if (t == T_F64)
	binary (mn ? OP_MIN_F64 : OP_MAX_F64);
      else if (ty_int (t) && t != T_B32 && t != T_B64)
	binary (mn ? int_pick (OP_MIN_S32, OP_MIN_U32, OP_MIN_S64, OP_MIN_U64)
		: int_pick (OP_MAX_S32, OP_MAX_U32, OP_MAX_S64, OP_MAX_U64));
      else
	unsupported ();
    }
  else if (name == "copysign")
    {
      mods_are ({});
      if (!ty_float (t))
	unsupported ();
      binary (t == T_F32 ? OP_COPYSIGN_F32 : OP_COPYSIGN_F64);
    }
  else if (name == "and" || name == "or" || name == "xor" || name == "not")
    {
      mods_are ({});
      int k3 = name == "and" ? 0 : name == "or" ? 1 : name == "xor" ? 2 : 3;
      if (t == T_PRED)
	{
	  static const opcode p[] = { OP_ANDP, OP_ORP, OP_XORP, OP_NOTP };
	  if (k3 == 3)
	    unary (p[3]);
	  else
	    binary (p[k3]);
	}
      else if (t == T_B32 || t == T_B64)
	{
	  static const opcode o32[] = { OP_AND32, OP_OR32, OP_XOR32, OP_NOT32 };
	  static const opcode o64[] = { OP_AND64, OP_OR64, OP_XOR64, OP_NOT64 };
	  opcode o = (is32 ? o32 : o64)[k3];
	  if (k3 == 3)
	    unary (o);
	  else
	    binary (o);
	}
      else
	unsupported ();
    }
  else if (name == "shl" || name == "shr")
    {
      mods_are ({});
      nops (3);
      if (!ty_int (t) || !(is32 || is64))
	unsupported ();
      if (name == "shl")
	I.op = is32 ? OP_SHL32 : OP_SHL64;
      else
	I.op = int_pick (OP_SHR_S32, OP_SHR_U32, OP_SHR_S64, OP_SHR_U64);
      I.d = dst (ops[0], t);
      I.a = src (ops[1], t);
      I.b = src (ops[2], T_U32);
    }
  else if (name == "shf")
    {
      if (m.size () != 4 || t != T_B32)
	unsupported ();
      bool l = m[1] == "l", w = m[2] == "wrap";
      if ((m[1] != "l" && m[1] != "r") || (m[2] != "wrap" && m[2] != "clamp"))
	unsupported ();
      nops (4);
      I.op = l ? (w ? OP_SHF_L_WRAP : OP_SHF_L_CLAMP)
	     : (w ? OP_SHF_R_WRAP : OP_SHF_R_CLAMP);
      I.d = dst (ops[0], t);
      I.a = src (ops[1], t);
      I.b = src (ops[2], t);
      I.c = src (ops[3], T_U32);
    }
  else if (name == "brev" || name == "clz" || name == "popc")
    {
      mods_are ({});
      if (t != T_B32 && t != T_B64)
	unsupported ();
      nops (2);
      if (name == "brev")
	{
	  I.op = is32 ? OP_BREV32 : OP_BREV64;
	  I.d = dst (ops[0], t);
	}
      else
	{
	  I.op = name == "clz" ? (is32 ? OP_CLZ32 : OP_CLZ64)
		 : (is32 ? OP_POPC32 : OP_POPC64);
	  I.d = dst (ops[0], T_U32);
	}
      I.a = src (ops[1], t);
    }
  else if (name == "prmt")
    {
      if (m.size () != 2 || t != T_B32)
	fail (line, "prmt with a mode is not supported");
      nops (4);
      I.op = OP_PRMT;
      I.d = dst (ops[0], t);
      I.a = src (ops[1], t);
      I.b = src (ops[2], t);
      I.c = src (ops[3], t);
    }
  else if (name == "setp")
    {
      /* setp.CMP{.BOOLOP}.TYPE p, a, b{, {!}c}  */
      if (m.size () != 3 && m.size () != 4)
	unsupported ();
      static const std::map<std::string, cond> conds = {
	{ "eq", C_EQ }, { "ne", C_NE }, { "lt", C_LT }, { "le", C_LE },
	{ "gt", C_GT }, { "ge", C_GE }, { "lo", C_LT }, { "ls", C_LE },
	{ "hi", C_GT }, { "hs", C_GE }, { "equ", C_EQU }, { "neu", C_NEU },
	{ "ltu", C_LTU }, { "leu", C_LEU }, { "gtu", C_GTU }, { "geu", C_GEU },
	{ "num", C_NUM }, { "nan", C_NAN } };
      auto ci = conds.find (m[1]);
      if (ci == conds.end ())
	unsupported ();
      cond c = ci->second;
      bool unsigned_alias = m[1] == "lo" || m[1] == "ls" || m[1] == "hi"
			    || m[1] == "hs";
      if (ty_float (t))
	{
	  if (unsigned_alias)
	    unsupported ();
	  I.op = t == T_F32 ? OP_SETP_F32 : OP_SETP_F64;
	}
      else if (ty_int (t) && (is32 || is64))
	{
	  if (c > C_GE)
	    fail (line, "the float comparison '%s' on integers",
		  m[1].c_str ());
	  bool s = ty_signed (t) && !unsigned_alias;
	  if ((t == T_B32 || t == T_B64) && c != C_EQ && c != C_NE)
	    fail (line, "an ordered comparison of untyped bits");
	  I.op = is32 ? (s ? OP_SETP_S32 : OP_SETP_U32)
		 : (s ? OP_SETP_S64 : OP_SETP_U64);
	}
      else
	unsupported ();
      I.aux = c;
      if (ops[0].find ('|') != std::string::npos)
	fail (line, "setp with two destinations is not supported");
      if (m.size () == 4)
	{
	  int bop = m[2] == "and" ? 1 : m[2] == "or" ? 2 : m[2] == "xor" ? 3
		    : 0;
	  if (!bop)
	    unsupported ();
	  nops (4);
	  bool neg;
	  I.e = pred_src (ops[3], &neg);
	  I.aux2 = bop + (neg ? 4 : 0);
	}
      else
	nops (3);
      I.d = dst (ops[0], T_PRED);
      I.a = src (ops[1], t);
      I.b = src (ops[2], t);
    }
  else if (name == "selp")
    {
      mods_are ({});
      nops (4);
      if (!(is32 || is64) || t == T_PRED)
	unsupported ();
      I.op = is32 ? OP_SELP32 : OP_SELP64;
      I.d = dst (ops[0], t);
      I.a = src (ops[1], t);
      I.b = src (ops[2], t);
      I.c = pred_src (ops[3]);
    }
  else if (name == "cvt")
    {
      /* cvt{.rnd}.dtype.atype  */
      if (m.size () < 3 || m.size () > 4)
	unsupported ();
      ty dt = parse_ty (m[m.size () - 2]), at = parse_ty (m.back ());
      static const std::map<std::string, rnd> rnds = {
	{ "rn", R_RN }, { "rz", R_RZ }, { "rm", R_RM }, { "rp", R_RP },
	{ "rni", R_RNI }, { "rzi", R_RZI }, { "rmi", R_RMI }, { "rpi", R_RPI } };
      rnd r = R_NONE;
      if (m.size () == 4)
	{
	  auto it = rnds.find (m[1]);
	  if (it == rnds.end ())
	    fail (line, "the modifier '.%s' of cvt is not supported",
		  m[1].c_str ());
	  r = it->second;
	}
      if (!dt || !at || dt == T_PRED || at == T_PRED)
	unsupported ();
      if (ty_bits (dt) < 8 || ty_bits (at) < 8)
	unsupported ();
      bool fi = ty_float (dt), fa = ty_float (at);
      /* Which rounding each kind of conversion takes.  */
      if (!fi && !fa)
	{
	  if (r != R_NONE)
	    fail (line, "a rounding modifier on an integer conversion");
	}
      else if (fi && !fa)
	{
	  if (r != R_RN)
	    fail (line, "integer-to-float cvt needs .rn (the only rounding "
		  "supported)");
	}
      else if (!fi && fa)
	{
	  if (r < R_RNI)
	    fail (line, "float-to-integer cvt needs .rni, .rzi, .rmi or .rpi");
	}
      else if (dt == at)
	{
	  if (r < R_RNI)
	    fail (line, "cvt.%s.%s needs an integer rounding", m[m.size () - 2].c_str (), m.back ().c_str ());
	}
      else if (dt == T_F32)
	{
	  if (r != R_RN)
	    fail (line, "cvt.f32.f64 needs .rn (the only rounding supported)");
	}
      else if (r != R_NONE)
	fail (line, "cvt.f64.f32 takes no rounding");
      nops (2);
      I.d = dst (ops[0], dt, true);
      I.a = src (ops[1], at, true);
      I.aux = r;
      I.t1 = dt;
      I.t2 = at;
      if (ty_signed (dt) && dt == T_S64 && at == T_S32)
	I.op = OP_CVT_S64_S32;
      else if (dt == T_U64 && at == T_U32)
	I.op = OP_CVT_U64_U32;
      else if (dt == T_U32 && at == T_U64)
	I.op = OP_CVT_U32_U64;
      else
	I.op = OP_CVT;
    }
  else if (name == "cvta")
    {
      /* cvta.SPACE.u64 d, a: a window address (or symbol) to generic.  */
      if (m.size () != 3 || (t != T_U64 && t != T_B64))
	unsupported ();
      nops (2);
      I.d = dst (ops[0], t);
      I.a = src (ops[1], t);
      if (m[1] == "local")
	I.op = OP_CVTA_LOCAL;
      else if (m[1] == "shared")
	I.op = OP_CVTA_SHARED;
      else if (m[1] == "global")
	I.op = OP_MOV;	/* Global addresses are generic ones.  */
      else
	unsupported ();
    }
  else if (name == "ld" || name == "st")
    {
      bool ld = name == "ld";
      /* ld{.space}{.volatile}.type; st likewise.  */
      std::string spc;
      for (size_t i = 1; i + 1 < m.size (); i++)
	{
	  if (m[i] == "volatile" || m[i] == "relaxed" || m[i] == "gpu")
	    continue;	/* Threads run one at a time: every access is
			   indivisible and in program order.  */
	  if (m[i] == "local" || m[i] == "shared" || m[i] == "param"
	      || m[i] == "global")
	    {
	      if (!spc.empty ())
		unsupported ();
	      spc = m[i];
	      continue;
	    }
	  fail (line, "the modifier '.%s' of '%s' is not supported",
		m[i].c_str (), opc.c_str ());
	}
      int bits = ty_bits (t);
      if (!bits || t == T_PRED)
	unsupported ();
      nops (2);
      int slot, sp;
      std::string sym;
      int64_t off = address (ld ? ops[1] : ops[0], &slot, &sp, &sym);
      if (spc == "param")
	{
	  /* [NAME] or [NAME+OFF]: bytes of a parameter.  */
	  param p;
	  pkind kind;
	  if (sp != 99 || !find_param (sym, &p, &kind))
	    fail (line, "%s.param of %s, which is not a parameter",
		  name.c_str (), (ld ? ops[1] : ops[0]).c_str ());
	  int n = bits / 8;
	  if (off < 0 || off % n || off + n > p.bits / 8)
	    fail (line, "%d bytes at offset %lld of the %d-byte parameter %s",
		  n, (long long) off, p.bits / 8, p.name.c_str ());
	  I.imm = off;
	  I.aux = n;
	  I.t1 = t;
	  if (ld)
	    {
	      if (kind == PK_RET)
		fail (line, "ld.param of the return parameter %s (it may "
		      "only be written)", p.name.c_str ());
	      I.op = OP_LDPARAM;
	      I.d = dst (ops[0], t, !ty_float (t));
	      I.a = p.slot;
	      I.b = p.def;
	    }
	  else
	    {
	      if (kind == PK_FORMAL)
		fail (line, "st.param to the %s parameter %s (only to a "
		      "call's arguments and to the return parameter)",
		      k->entry ? "kernel" : "input", p.name.c_str ());
	      I.op = OP_STPARAM;
	      I.d = p.slot;
	      I.e = p.def;
	      I.b = src (ops[1], t, !ty_float (t));
	    }
	  k->code.push_back (I);
	  return;
	}
      if (sp == 99)
	fail (line, "a parameter accessed other than by ld.param or "
	      "st.param");
      int which = spc.empty () || spc == "global" ? 0 : spc == "local" ? 1 : 2;
      if (spc == "global")
	fail (line, "ld.global/st.global are not supported (Gangway uses "
	      "generic addressing)");
      if (sp >= 0 && !(which == 1 && sp == SP_LOCAL)
	  && !(which == 2 && sp == SP_SHARED) && !(which == 0 && sp == SP_GLOBAL))
	fail (line, "the symbol '%s' is not in the state space of '%s'",
	      sym.c_str (), opc.c_str ());
      I.a = slot;
      I.imm = off;
      static const opcode lds[3][7] = {
	{ OP_LDG_U8, OP_LDG_S8, OP_LDG_U16, OP_LDG_S16, OP_LDG_U32, OP_LDG_S32,
	  OP_LDG_64 },
	{ OP_LDL_U8, OP_LDL_S8, OP_LDL_U16, OP_LDL_S16, OP_LDL_U32, OP_LDL_S32,
	  OP_LDL_64 },
	{ OP_LDS_U8, OP_LDS_S8, OP_LDS_U16, OP_LDS_S16, OP_LDS_U32, OP_LDS_S32,
	  OP_LDS_64 } };
      static const opcode sts[3][4] = {
	{ OP_STG_8, OP_STG_16, OP_STG_32, OP_STG_64 },
	{ OP_STL_8, OP_STL_16, OP_STL_32, OP_STL_64 },
	{ OP_STS_8, OP_STS_16, OP_STS_32, OP_STS_64 } };
      int lg = bits == 8 ? 0 : bits == 16 ? 1 : bits == 32 ? 2 : 3;
      bool narrow_ok = !ty_float (t);
      if (ld)
	{
	  bool s = ty_signed (t);
	  I.op = lg == 3 ? lds[which][6] : lds[which][lg * 2 + (s ? 1 : 0)];
	  I.d = dst (ops[0], t, narrow_ok);
	}
      else
	{
	  I.op = sts[which][lg];
	  I.b = src (ops[1], t, narrow_ok);
	}
    }
  else if (name == "bra")
    {
      if (m.size () > 2 || (m.size () == 2 && m[1] != "uni"))
	unsupported ();
      nops (1);
      I.op = OP_BRA;
      fixups.push_back ({ k->code.size (), ops[0], scope_ids });
    }
  else if (name == "ret" || name == "exit")
    {
      if (m.size () != 1)
	unsupported ();
      nops (0);
      I.op = name == "ret" ? OP_RET : OP_EXIT;
    }
  else if (name == "call")
    decode_call (m, ops, I);
  else if (name == "trap")
    {
      nops (0);
      I.op = OP_TRAP;
    }
  else if (name == "fence")
    {
      /* fence.sc.gpu, fence.acq_rel.gpu: threads run one at a time, in
	 program order.  */
      if (opc != "fence.sc.gpu" && opc != "fence.acq_rel.gpu")
	unsupported ();
      nops (0);
      I.op = OP_NOP;
    }
  else if (name == "bar" || name == "barrier")
    {
      if (opc == "bar.sync" || opc == "barrier.sync.aligned"
	  || opc == "bar.cta.sync")
	{
	  if (ops.size () != 1 && ops.size () != 2)
	    fail (line, "bar.sync takes 1 or 2 operands");
	  I.op = OP_BAR;
	  I.a = src (ops[0], T_U32);
	  if (ops.size () == 2)
	    {
	      I.b = src (ops[1], T_U32);
	      I.aux = 1;
	    }
	}
      else if (opc == "bar.warp.sync")
	{
	  nops (1);
	  I.op = OP_WARPSYNC;
	  I.e = src (ops[0], T_B32);
	}
      else
	unsupported ();
    }
  else if (name == "shfl")
    {
      /* aux: 0 idx, 1 bfly.  */
      if (opc == "shfl.sync.bfly.b32")
	I.aux = 1;
      else if (opc != "shfl.sync.idx.b32")
	unsupported ();
      nops (5);
      if (ops[0].find ('|') != std::string::npos)
	fail (line, "shfl with a predicate destination is not supported");
      I.op = OP_SHFL_IDX;
      I.d = dst (ops[0], T_B32);
      I.a = src (ops[1], T_B32);
      I.b = src (ops[2], T_B32);
      I.c = src (ops[3], T_B32);
      I.e = src (ops[4], T_B32);
    }
  else if (name == "atom")
    {
      /* atom{.op}.type [a+imm], b{, c}: generic addresses only.  */
      static const std::map<std::string, atom_op> ops_of = {
	{ "add", A_ADD }, { "and", A_AND }, { "or", A_OR }, { "xor", A_XOR },
	{ "min", A_MIN }, { "max", A_MAX }, { "exch", A_EXCH },
	{ "cas", A_CAS } };
      if (m.size () != 3 || !ops_of.count (m[1]) || !ty_bits (t)
	  || (ty_bits (t) != 32 && ty_bits (t) != 64))
	unsupported ();
      I.op = OP_ATOM;
      I.aux = ops_of.at (m[1]);
      I.t1 = t;
      bool cas = I.aux == A_CAS;
      nops (cas ? 4 : 3);
      int slot, sp;
      std::string sym;
      I.imm = address (ops[1], &slot, &sp, &sym);
      if (sp >= 0)
	fail (line, "atom on a symbol (Gangway uses generic addresses)");
      I.a = slot;
      I.d = dst (ops[0], t);
      I.b = src (ops[2], t);
      if (cas)
	I.c = src (ops[3], t);
    }
  else
    unsupported ();
  k->code.push_back (I);
}

/* Whether a parameter of type A may be passed for one of type B (or a
   result of type B received in one of type A), as ptxas allows: the same
   size, and both floats or both integers unless one is untyped bits.  */

bool
param_compatible (ty a, ty b)
{
  if (ty_bits (a) != ty_bits (b))
    return false;
  bool bits_a = a == T_B32 || a == T_B64, bits_b = b == T_B32 || b == T_B64;
  return bits_a || bits_b || ty_float (a) == ty_float (b);
}

/* call{.uni} (RESULT), NAME, (ARGS...): a direct call; its result and
   arguments are .params of the body, checked against the callee's
   declaration (which must precede the call, as ptxas requires).  */

void
decoder::decode_call (const std::vector<std::string> &m,
		      const std::vector<std::string> &ops, insn &I)
{
  if (m.size () > 2 || (m.size () == 2 && m[1] != "uni"))
    fail (line, "the call modifier '.%s' is not supported",
	  m.back ().c_str ());
  /* A parenthesized list of names.  */
  auto names = [&] (const std::string &s) {
    if (s.size () < 2 || s[0] != '(' || s.back () != ')')
      fail (line, "cannot read the call operand '%s'", s.c_str ());
    return split_operands (s.substr (1, s.size () - 2));
  };
  callsite cs;
  cs.line = line;
  size_t i = 0;
  std::string result;
  if (i < ops.size () && !ops[i].empty () && ops[i][0] == '(')
    {
      std::vector<std::string> r = names (ops[i++]);
      if (r.size () != 1)
	fail (line, "a call with %zu results (one or none)", r.size ());
      cs.has_result = true;
      result = r[0];
    }
  if (i >= ops.size ())
    fail (line, "a call without a function");
  const std::string &target = ops[i++];
  if (target.empty () || target[0] == '%')
    fail (line, "indirect calls are not supported");
  if (!isalpha ((unsigned char) target[0]) && target[0] != '_'
      && target[0] != '$')
    fail (line, "cannot read the called function '%s'", target.c_str ());
  std::vector<std::string> args;
  if (i < ops.size ())
    args = names (ops[i++]);
  if (i < ops.size ())
    fail (line, "a call with a prototype or target list (indirect calls) "
	  "is not supported");
  auto d = u->decls.find (target);
  if (d == u->decls.end ())
    fail (line, "call of '%s', which is not declared before the call (a "
	  "call needs the callee's prototype)", target.c_str ());
  if (d->second.entry)
    fail (line, "call of the entry '%s' (only a .func can be called)",
	  target.c_str ());
  const signature &sig = d->second.sig;
  if (cs.has_result != sig.has_ret)
    fail (line, "the call takes %s result, but %s has %s return parameter",
	  cs.has_result ? "a" : "no", target.c_str (),
	  sig.has_ret ? "a" : "no");
  if (args.size () != sig.params.size ())
    fail (line, "a call of %s with %zu arguments: it takes %zu",
	  target.c_str (), args.size (), sig.params.size ());
  /* A .param of the body (not a formal parameter).  */
  auto call_param = [&] (const std::string &n, ty want, const char *what,
			 size_t idx) {
    param p;
    pkind kind;
    if (!find_param (n, &p, &kind) || kind != PK_CALL)
      fail (line, "the %s '%s' of the call is not a .param declared in the "
	    "body (registers and constants are not supported as call "
	    "operands)", what, n.c_str ());
    if (!param_compatible (p.t, want))
      fail (line, "the %s %s (.%s) does not match %s of %s (.%s)", what,
	    n.c_str (), ty_name (p.t),
	    idx == (size_t) -1 ? "the return parameter"
	    : ("parameter " + std::to_string (idx + 1)).c_str (),
	    target.c_str (), ty_name (want));
    return p;
  };
  if (cs.has_result)
    cs.result = call_param (result, sig.ret, "result", (size_t) -1);
  for (size_t a = 0; a < args.size (); a++)
    cs.args.push_back (call_param (args[a], sig.params[a], "argument", a));
  cs.callee_name = target;
  I.op = OP_CALL;
  I.imm = k->calls.size ();
  k->calls.push_back (cs);
}

/* The header of an entry or a function: ".visible .entry NAME (PARAMS)
   DIRECTIVES", "{.visible|.extern} .func {(RET)} NAME {(PARAMS)}".  */

struct header
{
  std::string name;
  bool entry = false, ext = false, visible = false;
  std::vector<std::string> names;	/* Of the parameters.  */
  std::string ret_name;
  signature sig;
  unsigned reqntid[3] = { 0, 0, 0 };
  unsigned maxntid[3] = { 0, 0, 0 };
};

/* Split S at white space.  */

std::vector<std::string>
words_of (const std::string &s)
{
  std::vector<std::string> w;
  std::string cur;
  for (char c : s + " ")
    if (isspace ((unsigned char) c))
      {
	if (!cur.empty ())
	  w.push_back (cur);
	cur.clear ();
      }
    else
      cur += c;
  return w;
}

/* A parameter list "(.param .TYPE NAME, ...)" at TEXT[*POS] (the '('),
   into NAMES and TYPES; *POS moves past the ')'.  ENTRY: a kernel's
   (any 32- or 64-bit type), else a function's.  */

void
parse_param_list (const std::string &text, size_t *pos, bool entry,
		  std::vector<std::string> *names, std::vector<ty> *types,
		  int line)
{
  size_t rp = text.find (')', *pos);
  if (rp == std::string::npos)
    fail (line, "unterminated parameter list");
  for (const std::string &p0
       : split_operands (text.substr (*pos + 1, rp - *pos - 1)))
    {
      std::string p = trim (p0);
      if (p.empty ())
	continue;
      /* .param .TYPE NAME  */
      std::vector<std::string> w = words_of (p);
      if (w.size () != 3 || w[0] != ".param" || w[1][0] != '.')
	fail (line, "cannot read the parameter '%s'", p.c_str ());
      ty t = parse_ty (w[1].substr (1));
      if (ty_bits (t) != 32 && ty_bits (t) != 64)
	fail (line, "the parameter type '%s'", w[1].c_str ());
      if (!entry && t != T_B32 && t != T_B64 && t != T_U32 && t != T_U64
	  && t != T_S32 && t != T_S64 && t != T_F32 && t != T_F64)
	fail (line, "the parameter type '%s'", w[1].c_str ());
      names->push_back (w[2]);
      types->push_back (t);
    }
  *pos = rp + 1;
}

/* Parse the header TEXT (of line LINE) of an entry or a function.  */

header
parse_header (const std::string &text, int line)
{
  header h;
  size_t i = 0;
  auto skip = [&] () {
    while (i < text.size () && isspace ((unsigned char) text[i]))
      i++;
  };
  auto word = [&] () {
    skip ();
    size_t b = i;
    while (i < text.size () && !isspace ((unsigned char) text[i])
	   && text[i] != '(')
      i++;
    return text.substr (b, i - b);
  };
  for (;;)
    {
      std::string w = word ();
      if (w == ".visible")
	h.visible = true;
      else if (w == ".extern")
	h.ext = true;
      else if (w == ".entry" || w == ".func")
	{
	  h.entry = w == ".entry";
	  break;
	}
      else
	fail (line, "the module-scope statement '%s' is not supported "
	      "(.weak and other linkages neither)", text.c_str ());
    }
  skip ();
  if (!h.entry && i < text.size () && text[i] == '(')
    {
      std::vector<std::string> n;
      std::vector<ty> t;
      parse_param_list (text, &i, false, &n, &t, line);
      if (n.size () != 1)
	fail (line, "a function with %zu return parameters (one or none)",
	      n.size ());
      h.sig.has_ret = true;
      h.sig.ret = t[0];
      h.ret_name = n[0];
    }
  h.name = word ();
  if (h.name.empty () || (!isalpha ((unsigned char) h.name[0])
			  && h.name[0] != '_' && h.name[0] != '$'))
    fail (line, "cannot read the name of the %s", h.entry ? "entry"
	  : "function");
  skip ();
  if (i < text.size () && text[i] == '(')
    parse_param_list (text, &i, h.entry, &h.names, &h.sig.params, line);
  /* Performance directives.  */
  std::vector<std::string> words;
  std::string cur;
  for (char c : text.substr (i) + " ")
    if (isspace ((unsigned char) c) || c == ',')
      {
	if (!cur.empty ())
	  words.push_back (cur);
	cur.clear ();
      }
    else
      cur += c;
  for (size_t j = 0; j < words.size (); j++)
    {
      if (h.entry && (words[j] == ".reqntid" || words[j] == ".maxntid"))
	{
	  unsigned *d = words[j] == ".reqntid" ? h.reqntid : h.maxntid;
	  int n = 0;
	  size_t w = j;
	  for (size_t l = j + 1; l < words.size () && words[l][0] != '.'; l++)
	    {
	      uint64_t v;
	      if (n >= 3 || !parse_int (words[l], &v) || !v)
		fail (line, "cannot read %s", words[w].c_str ());
	      d[n++] = (unsigned) v;
	      j = l;
	    }
	  if (!n)
	    fail (line, "cannot read %s", words[w].c_str ());
	  for (; n < 3; n++)
	    d[n] = 1;
	}
      else
	fail (line, "the %s directive '%s' is not supported",
	      h.entry ? "entry" : "function", words[j].c_str ());
    }
  return h;
}

/* A module-scope ".shared .align A .b8 NAME[N]": static .shared memory
   of the module's functions, one array per CTA.  */

void
parse_shared (ptxsim_module *prog, unit &u, const std::string &text,
	      int line)
{
  std::vector<std::string> w = words_of (text);
  size_t i = 1;
  uint64_t align = 1, size;
  if (i + 1 < w.size () && w[i] == ".align")
    {
      if (!parse_int (w[i + 1], &align) || !align || (align & (align - 1)))
	fail (line, "cannot read the alignment");
      i += 2;
    }
  if (i + 1 >= w.size () || w[i] != ".b8")
    fail (line, "only .b8 arrays are supported in .shared");
  std::string rest;
  for (size_t j = i + 1; j < w.size (); j++)
    rest += w[j];
  size_t lb = rest.find ('['), rb = rest.find (']');
  if (lb == std::string::npos || rb != rest.size () - 1
      || !parse_int (rest.substr (lb + 1, rb - lb - 1), &size))
    fail (line, "cannot read the array '%s' (initializers are not valid "
	  "in .shared)", rest.c_str ());
  std::string name = rest.substr (0, lb);
  if (u.globals.count (name))
    fail (line, "'%s' declared twice", name.c_str ());
  uint64_t &total = prog->static_shared;
  prog->shared_align = std::max (prog->shared_align, align);
  total = (total + align - 1) & ~(align - 1);
  u.globals[name] = { SP_SHARED, total, size, 0, true };
  total += size;
}

/* A module-scope ".global .align A .b8 NAME[N] = {...}" (or without an
   initializer).  */

void
parse_global (ptxsim_module *prog, unit &u, const std::string &text,
	      int line)
{
  std::string dtext = text, init;
  size_t eq = text.find ('=');
  if (eq != std::string::npos)
    {
      dtext = trim (text.substr (0, eq));
      init = trim (text.substr (eq + 1));
    }
  std::vector<std::string> w;
  std::string cur;
  for (char c : dtext + " ")
    if (isspace ((unsigned char) c))
      {
	if (!cur.empty ())
	  w.push_back (cur);
	cur.clear ();
      }
    else
      cur += c;
  size_t i = 0;
  bool visible = w[i] == ".visible";
  if (visible)
    i++;
  if (i >= w.size () || w[i] != ".global")
    fail (line, "the module-scope declaration '%s' is not supported",
	  text.c_str ());
  i++;
  uint64_t align = 1;
  if (i + 1 < w.size () && w[i] == ".align")
    {
      if (!parse_int (w[i + 1], &align) || !align || (align & (align - 1)))
	fail (line, "cannot read the alignment");
      i += 2;
    }
  if (i + 1 >= w.size () + 0 || w[i] != ".b8")
    fail (line, "only .b8 arrays are supported in .global");
  std::string rest;
  for (size_t j = i + 1; j < w.size (); j++)
    rest += w[j];
  size_t lb = rest.find ('['), rb = rest.find (']');
  uint64_t size;
  if (lb == std::string::npos || rb != rest.size () - 1
      || !parse_int (rest.substr (lb + 1, rb - lb - 1), &size))
    fail (line, "cannot read the array '%s'", rest.c_str ());
  std::string name = rest.substr (0, lb);
  if (u.globals.count (name))
    fail (line, "'%s' declared twice", name.c_str ());
  align = std::max<uint64_t> (align, 16);
  void *p = aligned_alloc (align, (size + align - 1) / align * align + align);
  if (!p)
    fail (line, "out of memory");
  prog->allocs.push_back (p);
  memset (p, 0, size);
  if (!init.empty ())
    {
      if (init[0] != '{' || init.back () != '}')
	fail (line, "cannot read the initializer");
      std::vector<std::string> el
	= split_operands (init.substr (1, init.size () - 2));
      if (el.size () > size)
	fail (line, "more initializers than bytes");
      for (size_t j = 0; j < el.size (); j++)
	{
	  uint64_t v;
	  if (!parse_int (el[j], &v) || v > 255)
	    fail (line, "cannot read the initializer byte '%s'",
		  el[j].c_str ());
	  ((uint8_t *) p)[j] = (uint8_t) v;
	}
    }
  u.globals[name] = { SP_GLOBAL, 0, size, (uint64_t) (uintptr_t) p };
  if (visible)
    u.visible_globals.push_back (name);
}

/* Decode the body of F, the statements ST[FIRST..] after its '{', up to
   its '}': the index of the '}'.  */

size_t
decode_body (ptxsim_module *prog, unit &u, func *f,
	     const std::vector<stmt> &st, size_t first)
{
  decoder D;
  D.prog = prog;
  D.u = &u;
  D.k = f;
  D.line = f->line;
  D.one_slot = D.constant (1, 1);
  D.scopes.emplace_back ();
  D.scope_ids.push_back (D.next_scope++);
  for (int a = 0; a < 3; a++)
    f->s_tid[a] = f->s_ntid[a] = f->s_ctaid[a] = f->s_nctaid[a] = -1;
  f->s_laneid = f->s_warpid = -1;
  for (param &p : f->params)
    {
      param q = D.new_param (p.name, p.t, f->entry);
      p.slot = q.slot;
      p.def = q.def;
    }
  if (f->has_ret)
    f->ret = D.new_param (f->ret.name, f->ret.t, false);
  size_t j = first;
  for (; j < st.size (); j++)
    {
      const stmt &b = st[j];
      D.line = b.line;
      if (b.kind == stmt::CLOSE)
	{
	  if (D.scopes.size () == 1)
	    break;
	  D.scopes.pop_back ();
	  D.scope_ids.pop_back ();
	  continue;
	}
      if (b.kind == stmt::OPEN)
	{
	  D.scopes.emplace_back ();
	  D.scope_ids.push_back (D.next_scope++);
	  continue;
	}
      if (b.kind == stmt::LABEL)
	{
	  auto key = std::make_pair (D.scope_ids.back (), b.text);
	  if (D.labels.count (key))
	    fail (b.line, "the label %s is defined twice", b.text.c_str ());
	  D.labels[key] = f->code.size ();
	  continue;
	}
      if (b.text.empty ())
	continue;
      if (b.text[0] == '.')
	{
	  D.declare (b.text);
	  continue;
	}
      D.decode (b.text);
    }
  if (j >= st.size ())
    fail (f->line, "the body of '%s' is not closed", f->name.c_str ());
  /* Falling off the end is a return.  */
  insn r {};
  r.op = OP_RET;
  r.guard = D.one_slot;
  r.d = r.a = r.b = r.c = r.e = -1;
  r.line = st[j].line;
  f->code.push_back (r);
  /* A branch goes to the label of the innermost scope it is in that
     defines it.  */
  for (auto &fx : D.fixups)
    {
      auto it = D.labels.end ();
      for (size_t l = fx.scopes.size (); l-- > 0 && it == D.labels.end ();)
	it = D.labels.find (std::make_pair (fx.scopes[l], fx.label));
      if (it == D.labels.end ())
	fail (f->code[fx.insn].line, "the label '%s' is not defined (in "
	      "the blocks the branch is in)", fx.label.c_str ());
      f->code[fx.insn].imm = it->second;
    }
  return j;
}

/* Whether two declarations of a function agree, as ptxas wants them to:
   the same types.  */

bool
same_signature (const signature &a, const signature &b)
{
  return a.has_ret == b.has_ret && a.ret == b.ret && a.params == b.params;
}

/* The types of SIG, for messages: "(.b32) (.b64, .f64)".  */

std::string
signature_text (const signature &sig)
{
  std::string s;
  if (sig.has_ret)
    s += std::string ("(.") + ty_name (sig.ret) + ") ";
  s += "(";
  for (size_t i = 0; i < sig.params.size (); i++)
    s += std::string (i ? ", ." : ".") + ty_name (sig.params[i]);
  return s + ")";
}

/* Parse module INDEX of the program, TEXT, into PROG->units[INDEX] and
   PROG->funcs.  */

void
load_unit (ptxsim_module *prog, int index, const char *text)
{
  unit &u = prog->units[index];
  {
    const char *p = text;
    std::string cur;
    for (; *p; p++)
      if (*p == '\n')
	{
	  u.lines.push_back (cur);
	  cur.clear ();
	}
      else
	cur += *p;
    u.lines.push_back (cur);
  }
  std::vector<stmt> st = split_statements (text);
  for (size_t i = 0; i < st.size (); i++)
    {
      const stmt &s = st[i];
      if (s.kind != stmt::TEXT)
	fail (s.line, "unexpected %s at module scope",
	      s.kind == stmt::LABEL ? "label" : "brace");
      const std::string &t = s.text;
      if (!t.compare (0, 8, ".version") || !t.compare (0, 7, ".target")
	  || !t.compare (0, 13, ".address_size"))
	{
	  if (!t.compare (0, 13, ".address_size") && trim (t.substr (13)) != "64")
	    fail (s.line, "only .address_size 64 is supported");
	  continue;
	}
      if (!t.compare (0, 7, ".global") || !t.compare (0, 16, ".visible .global"))
	{
	  parse_global (prog, u, t, s.line);
	  continue;
	}
      if (!t.compare (0, 7, ".shared")
	  && (t.size () == 7 || isspace ((unsigned char) t[7])))
	{
	  parse_shared (prog, u, t, s.line);
	  continue;
	}
      if (t.find (".entry") == std::string::npos
	  && t.find (".func") == std::string::npos)
	fail (s.line, "the module-scope statement '%s' is not supported",
	      t.c_str ());
      header h = parse_header (t, s.line);
      bool body = i + 1 < st.size () && st[i + 1].kind == stmt::OPEN;
      if (h.entry && h.ext)
	fail (s.line, "an .extern entry");
      if (h.entry && !body)
	fail (s.line, "an entry without a body");
      if (h.ext && body)
	fail (s.line, "a definition of '%s' declared .extern",
	      h.name.c_str ());
      auto it = u.decls.find (h.name);
      if (it == u.decls.end ())
	{
	  decl d;
	  d.entry = h.entry;
	  d.ext = h.ext;
	  d.visible = h.visible;
	  d.sig = h.sig;
	  d.line = s.line;
	  it = u.decls.emplace (h.name, d).first;
	}
      else
	{
	  /* Another declaration or the definition of a declared name:
	     the same kind, types and linkage (a later one may leave out
	     .visible, not add it).  */
	  decl &d = it->second;
	  if (d.entry || h.entry)
	    fail (s.line, "the %s '%s' is defined twice (also at line %d)",
		  h.entry ? "entry" : "function", h.name.c_str (), d.line);
	  if (body && d.def >= 0)
	    fail (s.line, "the function '%s' is defined twice (also at line "
		  "%d)", h.name.c_str (), prog->funcs[d.def]->line);
	  if (!same_signature (d.sig, h.sig))
	    fail (s.line, "inconsistent declarations of '%s': %s here, %s at "
		  "line %d", h.name.c_str (), signature_text (h.sig).c_str (),
		  signature_text (d.sig).c_str (), d.line);
	  if (d.ext != h.ext)
	    fail (s.line, "'%s' is declared %s at line %d", h.name.c_str (),
		  d.ext ? ".extern" : "without .extern", d.line);
	  if (h.visible && !d.visible)
	    fail (s.line, "'%s' is declared without .visible at line %d",
		  h.name.c_str (), d.line);
	}
      if (!body)
	continue;
      auto f = std::make_unique<func> ();
      f->name = h.name;
      f->unit = index;
      f->entry = h.entry;
      f->visible = it->second.visible;
      f->line = s.line;
      memcpy (f->reqntid, h.reqntid, sizeof h.reqntid);
      memcpy (f->maxntid, h.maxntid, sizeof h.maxntid);
      for (size_t p = 0; p < h.names.size (); p++)
	{
	  param q;
	  q.name = h.names[p];
	  q.t = h.sig.params[p];
	  q.bits = ty_bits (q.t);
	  q.slot = q.def = -1;
	  f->params.push_back (q);
	}
      for (size_t p = 0; p < h.names.size (); p++)
	for (size_t q = 0; q < p; q++)
	  if (h.names[p] == h.names[q])
	    fail (s.line, "the parameter %s is declared twice",
		  h.names[p].c_str ());
      f->has_ret = h.sig.has_ret;
      if (f->has_ret)
	{
	  f->ret.name = h.ret_name;
	  f->ret.t = h.sig.ret;
	  f->ret.bits = ty_bits (h.sig.ret);
	}
      it->second.def = prog->funcs.size ();
      func *fp = f.get ();
      prog->funcs.push_back (std::move (f));
      i = decode_body (prog, u, fp, st, i + 2);
    }
  /* A prototype without .extern declares a function of this module.  */
  for (auto &d : u.decls)
    if (!d.second.ext && d.second.def < 0)
      fail (d.second.line, "the function '%s' is declared but not defined "
	    "in this module (a function of another module is declared "
	    ".extern)", d.first.c_str ());
}

/* An error of the linker: MSG about module UNIT's line LINE.  */

[[noreturn]] void
link_fail (int unit, int line, const char *fmt, ...)
{
  char buf[512];
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (buf, sizeof buf, fmt, ap);
  va_end (ap);
  throw load_error { unit, line, buf };
}

/* "module N, line L" (just "line L" in a program of one module).  */

std::string
line_name (const ptxsim_module *prog, int unit, int line)
{
  std::string s;
  if (prog->units.size () > 1)
    s = "module " + std::to_string (unit + 1) + ", ";
  return s + "line " + std::to_string (line);
}

/* Link the loaded modules: entries and .visible names are the program's
   (each defined once), every call finds its callee: a function of its
   module, the .visible function of another module that its .extern
   declaration names, or the built-in vprintf.  */

void
link (ptxsim_module *prog)
{
  std::map<std::string, int> visible;
  for (size_t i = 0; i < prog->funcs.size (); i++)
    {
      func *f = prog->funcs[i].get ();
      if (f->entry)
	{
	  auto e = prog->entries.find (f->name);
	  if (e != prog->entries.end ())
	    link_fail (f->unit, f->line, "the entry '%s' is defined twice: "
		       "also at %s", f->name.c_str (),
		       line_name (prog, e->second->unit,
				  e->second->line).c_str ());
	  prog->entries[f->name] = f;
	}
      else if (f->visible)
	{
	  auto v = visible.find (f->name);
	  if (v != visible.end ())
	    {
	      const func *o = prog->funcs[v->second].get ();
	      link_fail (f->unit, f->line, "the function '%s' is defined "
			 ".visible twice: also at %s", f->name.c_str (),
			 line_name (prog, o->unit, o->line).c_str ());
	    }
	  visible[f->name] = i;
	}
    }
  std::map<std::string, int> globals;
  for (size_t u = 0; u < prog->units.size (); u++)
    for (const std::string &g : prog->units[u].visible_globals)
      {
	if (globals.count (g))
	  link_fail (-2, 0, "the .visible .global '%s' is defined in "
		     "module %d and in module %d", g.c_str (), globals[g] + 1,
		     (int) u + 1);
	globals[g] = u;
      }
  for (auto &fp : prog->funcs)
    for (callsite &cs : fp->calls)
      {
	const decl &d = prog->units[fp->unit].decls.at (cs.callee_name);
	if (d.def >= 0)
	  {
	    cs.callee = d.def;
	    continue;
	  }
	auto v = visible.find (cs.callee_name);
	if (v != visible.end ())
	  {
	    /* The definition must take what the .extern declaration
	       passes.  */
	    const func *c = prog->funcs[v->second].get ();
	    signature s = c->sig ();
	    bool ok = s.has_ret == d.sig.has_ret
		      && s.params.size () == d.sig.params.size ()
		      && (!s.has_ret || param_compatible (d.sig.ret, s.ret));
	    for (size_t a = 0; ok && a < s.params.size (); a++)
	      ok = param_compatible (d.sig.params[a], s.params[a]);
	    if (!ok)
	      link_fail (fp->unit, d.line, "the .extern declaration of '%s' "
			 "%s does not match its definition %s at %s",
			 cs.callee_name.c_str (),
			 signature_text (d.sig).c_str (),
			 signature_text (s).c_str (),
			 line_name (prog, c->unit, c->line).c_str ());
	    cs.callee = v->second;
	    continue;
	  }
	if (cs.callee_name == "vprintf")
	  {
	    const signature &s = d.sig;
	    if (!s.has_ret || ty_bits (s.ret) != 32 || ty_float (s.ret)
		|| s.params.size () != 2 || ty_bits (s.params[0]) != 64
		|| ty_float (s.params[0]) || ty_bits (s.params[1]) != 64
		|| ty_float (s.params[1]))
	      link_fail (fp->unit, d.line, "vprintf is declared %s, not "
			 "(.b32) (.b64, .b64)", signature_text (s).c_str ());
	    cs.callee = CALLEE_VPRINTF;
	    continue;
	  }
	link_fail (fp->unit, cs.line, "unresolved extern function '%s': no "
		   "module defines it .visible", cs.callee_name.c_str ());
      }
  /* The .shared window of an entry's launches: the static arrays of the
     program's functions and modules, then the entry's own.  */
  uint64_t a = prog->shared_align;
  uint64_t base = (prog->static_shared + a - 1) & ~(a - 1);
  for (auto &fp : prog->funcs)
    if (fp->entry)
      {
	for (int s : fp->shared_addr)
	  fp->init[s] += base;
	fp->shared_size += base;
      }
}

/* ------------------------------------------------------------------ */
/* Execution.  */

enum tstate : uint8_t { TS_RUN, TS_WAIT, TS_DONE };
enum wkind : uint8_t { W_BAR, W_WARP, W_SHFL };

/* Activations per thread, the entry's included.  */
const size_t MAX_FRAMES = 10000;

/* An activation of a function (the entry's is the first).  */

struct frame
{
  const func *fn;
  size_t regs_off;	/* Its registers in the thread's register stack.  */
  uint32_t ret_pc;	/* Where it resumes after its pending call.  */
  uint32_t call;	/* That call: index into fn->calls.  */
  bool has_local;	/* It has a .local frame (the last of lframes).  */
  size_t chunk, chunk_used;	/* The .local arena before it.  */
};

/* The .local memory of an activation: window offsets WBASE.. WBASE+SIZE
   (from LOCAL_WIN) are host bytes HOST...  The windows of a thread's
   activations follow each other with gaps, so that a window address
   (even one past the end of a frame) names one activation.  */

struct lframe
{
  uint64_t wbase, size;
  uint8_t *host;
};

struct thread
{
  uint64_t *regs;	/* The current activation's registers.  */
  const func *fn;	/* Its function.  */
  uint32_t pc;
  tstate state;
  wkind wk;
  const func *wfn;	/* The function of the sync instruction.  */
  uint32_t wpc;		/* The sync instruction.  */
  uint32_t bar, count;	/* bar.sync: barrier, thread count (0: all).  */
  uint32_t mask;	/* Warp syncs.  */
  uint64_t arrival;
  unsigned tid[3];
  unsigned lin;
  std::vector<uint64_t> regstack;
  std::vector<frame> frames;
  std::vector<lframe> lframes;
  /* .local memory: chunks that never move, used as a stack.  */
  std::vector<std::pair<uint8_t *, size_t>> chunks;
  size_t chunk = 0, chunk_used = 0;
  /* The current activation's .local frame (LSZ 0: none).  */
  uint64_t lwb = 0, lsz = 0;
  uint8_t *lhost = nullptr;
};

enum run_result { RR_BLOCKED, RR_EXITED, RR_SLICE, RR_ERROR };

struct launch
{
  ptxsim_module *prog;
  func *k;
  unsigned grid[3], block[3], cta[3];
  unsigned nthreads;
  std::vector<thread> th;
  uint8_t *shared = nullptr;
  /* The highest .local window offset of any activation so far.  */
  uint64_t local_hwm = 0;
  /* The thread running (run): whose .local the generic window names.  */
  const thread *cur = nullptr;
  uint8_t *local_generic (uint64_t a, uint64_t n);
  uint64_t steps = 0, max_steps = 0;
  uint64_t arrivals = 0;
  int sched = 0;	/* 0 forward, 1 reverse, 2 random.  */
  std::mt19937_64 rng;
  std::string err;
  /* The process's mappings (/proc/self/maps) when the launch started:
     generic accesses elsewhere are errors, not crashes.  */
  struct mapping { uint64_t lo, hi; bool w; };
  std::vector<mapping> maps;
  /* The threads' .local chunks (allocated after the mappings were read):
     start to end.  */
  std::map<uint64_t, uint64_t> chunk_map;

  void read_maps ();
  const char *check_generic (uint64_t a, int n, bool wr, uint64_t *lo,
			     uint64_t *len);
  bool read_generic (uint64_t a, int n, uint64_t *v, std::string &why);
  bool read_string (uint64_t a, uint64_t max, std::string &out,
		    std::string &why);
  bool vprintf_call (const callsite &cs, const uint64_t *regs,
		     int32_t *status, std::string &why);

  uint8_t *alloc_local (thread &t, uint64_t size, uint64_t align);
  void push_frame (thread &t, const func *f);
  void pop_frame (thread &t);
  uint8_t *local_at (const thread &t, uint64_t a, uint64_t n);
  std::string unset_param (const thread &t, const insn &I);

  ~launch ()
  {
    free (shared);
    for (thread &t : th)
      for (auto &c : t.chunks)
	free (c.first);
  }

  /* Instruction PC of F: "function F, line N 'text'" (the function left
     out for the entry, the module named in a program of several).  */
  std::string line_text (const func *f, uint32_t pc)
  {
    const insn &I = f->code[pc];
    const unit &u = prog->units[f->unit];
    std::string src = I.line - 1 < u.lines.size ()
		      ? trim (u.lines[I.line - 1]) : "";
    std::string s;
    if (!f->entry)
      s = "function " + f->name + ", ";
    return s + line_name (prog, f->unit, I.line) + " '" + src + "'";
  }

  std::string where (const thread &t, uint32_t pc)
  {
    char buf[256];
    snprintf (buf, sizeof buf, "kernel %s, CTA (%u,%u,%u), thread (%u,%u,%u)",
	      k->name.c_str (), cta[0], cta[1], cta[2], t.tid[0], t.tid[1],
	      t.tid[2]);
    std::string s = buf;
    if (t.frames.size () > 1)
      s += ", call depth " + std::to_string (t.frames.size () - 1);
    return s + ", " + line_text (t.fn, pc);
  }

  run_result error (const thread &t, uint32_t pc, const char *fmt, ...)
  {
    char buf[512];
    va_list ap;
    va_start (ap, fmt);
    vsnprintf (buf, sizeof buf, fmt, ap);
    va_end (ap);
    err = where (t, pc) + ": " + buf;
    return RR_ERROR;
  }

  run_result run (thread &t, uint64_t slice);
  bool run_cta ();
  int resolve ();
  std::string deadlock ();
};

void
launch::read_maps ()
{
  maps.clear ();
  FILE *f = fopen ("/proc/self/maps", "r");
  if (!f)
    {
      /* No map: every canonical user address is taken for mapped.  */
      maps.push_back ({ LOW_GUARD, 1ull << 47, true });
      return;
    }
  char line[4096];
  while (fgets (line, sizeof line, f))
    {
      unsigned long long lo, hi;
      char perm[8];
      if (sscanf (line, "%llx-%llx %7s", &lo, &hi, perm) == 3
	  && perm[0] == 'r')
	maps.push_back ({ lo, hi, perm[1] == 'w' });
    }
  fclose (f);
  std::sort (maps.begin (), maps.end (),
	     [] (const mapping &a, const mapping &b) { return a.lo < b.lo; });
}

/* Whether a generic access of N bytes at A may be made: NULL if so (and
   *LO, *LEN are set to the mapping, for the next accesses), else why
   not.  */

const char *
launch::check_generic (uint64_t a, int n, bool wr, uint64_t *lo,
		       uint64_t *len)
{
  if (a < LOW_GUARD)
    return "no host address (a null pointer?)";
  if (a - SHARED_WIN < k->shared_size)
    return "a .shared window address (a missing cvta.shared?)";
  if (a - LOCAL_WIN < local_hwm)
    return "a .local window address (a missing cvta.local?)";
  auto it = std::upper_bound (maps.begin (), maps.end (), a,
			      [] (uint64_t x, const mapping &m) {
				return x < m.lo;
			      });
  if (it == maps.begin () || a + n > (--it)->hi || a < it->lo)
    {
      /* A .local frame's host memory?  */
      auto c = chunk_map.upper_bound (a);
      if (c != chunk_map.begin () && a >= (--c)->first && a + n <= c->second)
	{
	  *lo = c->first;
	  *len = c->second - c->first - 7;
	  return nullptr;
	}
      return "no mapped host memory there (a wild or uninitialized "
	     "pointer?)";
    }
  if (wr && !it->w)
    return "read-only host memory";
  *lo = it->lo;
  *len = it->hi - it->lo - 7;	/* Room for any access from the start.  */
  return nullptr;
}

/* Read the N-byte value at generic address A into *V; false (and why
   not in WHY) if it may not be read.  */

/* The host address of the N bytes at A, an address of the generic .local
   window, in the running thread's frames; NULL if not there.  */

uint8_t *
launch::local_generic (uint64_t a, uint64_t n)
{
  return cur ? local_at (*cur, a - LOCAL_GEN + LOCAL_WIN, n) : nullptr;
}

bool
launch::read_generic (uint64_t a, int n, uint64_t *v, std::string &why)
{
  if (a - LOCAL_GEN < LOCAL_GEN_SIZE)
    {
      const uint8_t *h = local_generic (a, n);
      if (!h)
	{
	  char buf[96];
	  snprintf (buf, sizeof buf, "generic %d-byte load of 0x%llx: not in "
		    "a live .local frame of this thread", n,
		    (unsigned long long) a);
	  why = buf;
	  return false;
	}
      *v = 0;
      memcpy (v, h, n);
      return true;
    }
  uint64_t lo, len;
  const char *e = check_generic (a, n, false, &lo, &len);
  if (e)
    {
      char buf[64];
      snprintf (buf, sizeof buf, "generic %d-byte load of 0x%llx: ", n,
		(unsigned long long) a);
      why = buf + std::string (e);
      return false;
    }
  if (a & (n - 1))
    {
      char buf[64];
      snprintf (buf, sizeof buf, "misaligned %d-byte access to 0x%llx", n,
		(unsigned long long) a);
      why = buf;
      return false;
    }
  *v = 0;
  memcpy (v, (void *) (uintptr_t) a, n);
  return true;
}

/* Read the NUL-terminated string at generic address A into OUT: at most
   MAX bytes (then no NUL is needed), or, MAX being 0, up to its NUL
   within 1 MiB.  False (and why not in WHY) if it may not be read.  */

bool
launch::read_string (uint64_t a, uint64_t max, std::string &out,
		     std::string &why)
{
  const uint64_t limit = max ? max : 1 << 20;
  uint64_t lo = 0, len = 0;
  out.clear ();
  for (uint64_t i = 0; i < limit; i++)
    {
      uint64_t p = a + i;
      if (p - LOCAL_GEN < LOCAL_GEN_SIZE)
	{
	  const uint8_t *h = local_generic (p, 1);
	  if (!h)
	    {
	      why = "a string in no live .local frame of this thread";
	      return false;
	    }
	  if (!*h)
	    return true;
	  out += (char) *h;
	  continue;
	}
      if (p - lo >= len)
	{
	  const char *e = check_generic (p, 1, false, &lo, &len);
	  if (e)
	    {
	      char buf[64];
	      snprintf (buf, sizeof buf, "a string at 0x%llx: ",
			(unsigned long long) a);
	      why = buf + std::string (e);
	      return false;
	    }
	}
      char c = *(const char *) (uintptr_t) p;
      if (!c)
	return true;
      out += c;
    }
  if (max)
    return true;
  char buf[80];
  snprintf (buf, sizeof buf, "the string at 0x%llx has no NUL within 1 MiB",
	    (unsigned long long) a);
  why = buf;
  return false;
}

/* Append to OUT what snprintf (FMT, ...) writes.  */

void
appendf (std::string &out, const char *fmt, ...)
{
  va_list ap, aq;
  va_start (ap, fmt);
  va_copy (aq, ap);
  int n = vsnprintf (nullptr, 0, fmt, ap);
  va_end (ap);
  if (n > 0)
    {
      size_t o = out.size ();
      out.resize (o + n + 1);
      vsnprintf (&out[o], n + 1, fmt, aq);
      out.resize (o + n);
    }
  va_end (aq);
}

/* The built-in vprintf (FMT, VALIST) of call site CS, whose arguments are
   in REGS: CUDA's device printf.  The arguments follow each other at
   VALIST, each aligned to its size: 4 bytes for %d %i %u %x %X %o %c (8
   with l, ll, z, j, t), 8 for the floating conversions (doubles), %s and
   %p (generic addresses); '*' widths and precisions are ints.  The text,
   formatted by the host's C library one conversion at a time, goes to
   stdout in one fwrite.  *STATUS is what CUDA's printf returns: the
   number of arguments read, -1 for a null format.  False, with the
   reason in WHY, for a conversion outside that list, an unreadable
   string or argument, more than 32 arguments.  */

bool
launch::vprintf_call (const callsite &cs, const uint64_t *regs,
		      int32_t *status, std::string &why)
{
  static const char *const names[] = { "fmt", "valist" };
  for (int i = 0; i < 2; i++)
    if ((regs[cs.args[i].def] & 0xff) != 0xff)
      {
	why = "vprintf: its argument " + cs.args[i].name + " (" + names[i]
	      + ") was not set by st.param before the call";
	return false;
      }
  uint64_t fmt = regs[cs.args[0].slot], va = regs[cs.args[1].slot];
  if (!fmt)
    {
      *status = -1;
      return true;
    }
  std::string f;
  if (!read_string (fmt, 0, f, why))
    {
      why = "vprintf: the format: " + why;
      return false;
    }
  std::string out;
  int nargs = 0;
  uint64_t off = 0;
  /* The next argument, of SIZE bytes.  */
  auto arg = [&] (int size, uint64_t *v) {
    if (nargs == 32)
      {
	why = "vprintf: more than 32 arguments (CUDA's printf takes at most "
	      "32)";
	return false;
      }
    off = (off + size - 1) & ~(uint64_t) (size - 1);
    if (!read_generic (va + off, size, v, why))
      {
	why = "vprintf: argument " + std::to_string (nargs + 1) + " (at valist+"
	      + std::to_string (off) + "): " + why;
	return false;
      }
    off += size;
    nargs++;
    return true;
  };
  size_t i = 0;
  /* A width or precision: digits.  */
  auto number = [&] (long *v) {
    *v = 0;
    while (i < f.size () && isdigit ((unsigned char) f[i]))
      {
	*v = *v * 10 + (f[i++] - '0');
	if (*v > 100000)
	  return false;
      }
    return true;
  };
  while (i < f.size ())
    {
      if (f[i] != '%')
	{
	  out += f[i++];
	  continue;
	}
      size_t start = i++;
      if (i < f.size () && f[i] == '%')
	{
	  out += '%';
	  i++;
	  continue;
	}
      std::string flags;
      while (i < f.size () && strchr ("-+ #0", f[i]))
	flags += f[i++];
      long width = -1, prec = -1;
      bool big = false;
      if (i < f.size () && f[i] == '*')
	{
	  uint64_t v;
	  if (!arg (4, &v))
	    return false;
	  long w = (int32_t) v;
	  if (w < 0)
	    {
	      flags += '-';
	      w = -w;
	    }
	  width = w;
	  big |= w > 100000;
	  i++;
	}
      else if (i < f.size () && isdigit ((unsigned char) f[i]))
	big |= !number (&width);
      if (i < f.size () && f[i] == '.')
	{
	  i++;
	  if (i < f.size () && f[i] == '*')
	    {
	      uint64_t v;
	      if (!arg (4, &v))
		return false;
	      long p = (int32_t) v;
	      prec = p < 0 ? -1 : p;
	      big |= p > 100000;
	      i++;
	    }
	  else
	    big |= !number (&prec);
	}
      std::string len;
      if (i < f.size () && (f[i] == 'h' || f[i] == 'l'))
	{
	  len = f[i++];
	  if (i < f.size () && f[i] == len[0])
	    len += f[i++];
	}
      else if (i < f.size () && strchr ("zjtLq", f[i]))
	len = f[i++];
      if (i >= f.size ())
	{
	  why = "vprintf: the format ends in the conversion '"
		+ f.substr (start) + "'";
	  return false;
	}
      char c = f[i++];
      std::string text = f.substr (start, i - start);
      if (big)
	{
	  why = "vprintf: a width or precision over 100000 in '" + text + "'";
	  return false;
	}
      std::string spec = "%" + flags;
      if (width >= 0)
	spec += std::to_string (width);
      if (prec >= 0)
	spec += "." + std::to_string (prec);
      bool bad = false;
      uint64_t v;
      switch (c)
	{
	case 'd': case 'i': case 'u': case 'x': case 'X': case 'o':
	  {
	    bool wide = len == "l" || len == "ll" || len == "z" || len == "j"
			|| len == "t";
	    bool sgn = c == 'd' || c == 'i';
	    if (!wide && !len.empty () && len != "h" && len != "hh")
	      {
		bad = true;
		break;
	      }
	    if (!arg (wide ? 8 : 4, &v))
	      return false;
	    spec += (wide ? std::string ("ll") : len) + c;
	    if (wide && sgn)
	      appendf (out, spec.c_str (), (long long) v);
	    else if (wide)
	      appendf (out, spec.c_str (), (unsigned long long) v);
	    else if (sgn)
	      appendf (out, spec.c_str (), (int) (int32_t) v);
	    else
	      appendf (out, spec.c_str (), (unsigned) v);
	    break;
	  }
	case 'c':
	  if (!len.empty ())
	    {
	      bad = true;
	      break;
	    }
	  if (!arg (4, &v))
	    return false;
	  appendf (out, (spec + c).c_str (), (int) (int32_t) v);
	  break;
	case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a':
	case 'A':
	  {
	    /* %lf is %f; long double is not passed.  */
	    if (!len.empty () && len != "l")
	      {
		bad = true;
		break;
	      }
	    if (!arg (8, &v))
	      return false;
	    double d;
	    memcpy (&d, &v, 8);
	    appendf (out, (spec + c).c_str (), d);
	    break;
	  }
	case 's':
	  {
	    if (!len.empty ())
	      {
		bad = true;
		break;
	      }
	    if (!arg (8, &v))
	      return false;
	    /* At most PREC bytes are read (none for a precision of 0).  */
	    std::string str = v ? "" : "(null)";
	    if (v && prec != 0
		&& !read_string (v, prec > 0 ? prec : 0, str, why))
	      {
		why = "vprintf: argument " + std::to_string (nargs) + " ('"
		      + text + "'): " + why;
		return false;
	      }
	    appendf (out, (spec + c).c_str (), str.c_str ());
	    break;
	  }
	case 'p':
	  if (!len.empty ())
	    {
	      bad = true;
	      break;
	    }
	  if (!arg (8, &v))
	    return false;
	  appendf (out, (spec + c).c_str (), (void *) (uintptr_t) v);
	  break;
	default:
	  bad = true;
	}
      if (bad)
	{
	  why = "vprintf: the conversion '" + text + "' is not supported";
	  return false;
	}
    }
  fwrite (out.data (), 1, out.size (), stdout);
  *status = nargs;
  return true;
}

/* SIZE bytes aligned to ALIGN of thread T's .local arena: host memory
   that does not move while the activation lives.  */

uint8_t *
launch::alloc_local (thread &t, uint64_t size, uint64_t align)
{
  for (;;)
    {
      if (t.chunk < t.chunks.size ())
	{
	  auto &c = t.chunks[t.chunk];
	  uintptr_t base = (uintptr_t) c.first;
	  uintptr_t p = (base + t.chunk_used + align - 1) & ~(uintptr_t) (align - 1);
	  if (p + size <= base + c.second)
	    {
	      t.chunk_used = p + size - base;
	      return (uint8_t *) p;
	    }
	  if (t.chunk + 1 < t.chunks.size ())
	    {
	      t.chunk++;
	      t.chunk_used = 0;
	      continue;
	    }
	}
      size_t prev = t.chunks.empty () ? 0 : t.chunks.back ().second;
      size_t n = std::max<size_t> ({ size + align, prev * 2, 4096 });
      n = (n + 63) & ~(size_t) 63;
      uint8_t *p = (uint8_t *) aligned_alloc (64, n);
      if (!p)
	throw std::bad_alloc ();
      t.chunks.push_back ({ p, n });
      chunk_map[(uintptr_t) p] = (uintptr_t) p + n;
      t.chunk = t.chunks.size () - 1;
      t.chunk_used = 0;
    }
}

/* Start an activation of F in thread T, above the current one: fresh
   registers (its .local symbols' addresses moved to its window), a
   poisoned .local frame, the special registers.  The caller has checked
   the depth; parameters are the caller's to copy.  */

void
launch::push_frame (thread &t, const func *f)
{
  size_t off = 0;
  if (!t.frames.empty ())
    off = t.frames.back ().regs_off + t.frames.back ().fn->init.size ();
  size_t n = f->init.size ();
  if (t.regstack.size () < off + n)
    t.regstack.resize (std::max (off + n, t.regstack.size () * 2));
  uint64_t *regs = t.regstack.data () + off;
  memcpy (regs, f->init.data (), n * sizeof (uint64_t));
  frame fr { f, off, 0, 0, false, t.chunk, t.chunk_used };
  t.lsz = 0;
  t.lwb = 0;
  t.lhost = nullptr;
  if (f->local_size)
    {
      uint64_t align = f->local_align, wbase = 0;
      if (!t.lframes.empty ())
	{
	  const lframe &l = t.lframes.back ();
	  wbase = (l.wbase + l.size + 16 + align - 1) & ~(align - 1);
	}
      uint8_t *host = alloc_local (t, f->local_size, align);
      memset (host, POISON8, f->local_size);
      t.lframes.push_back ({ wbase, f->local_size, host });
      local_hwm = std::max (local_hwm, wbase + f->local_size);
      fr.has_local = true;
      for (int s : f->local_addr)
	regs[s] += wbase;
      t.lwb = wbase;
      t.lsz = f->local_size;
      t.lhost = host;
    }
  for (int a = 0; a < 3; a++)
    {
      if (f->s_tid[a] >= 0)
	regs[f->s_tid[a]] = t.tid[a];
      if (f->s_ntid[a] >= 0)
	regs[f->s_ntid[a]] = block[a];
      if (f->s_ctaid[a] >= 0)
	regs[f->s_ctaid[a]] = cta[a];
      if (f->s_nctaid[a] >= 0)
	regs[f->s_nctaid[a]] = grid[a];
    }
  if (f->s_laneid >= 0)
    regs[f->s_laneid] = t.lin % WARP;
  if (f->s_warpid >= 0)
    regs[f->s_warpid] = t.lin / WARP;
  t.frames.push_back (fr);
  t.fn = f;
  t.regs = regs;
}

/* End thread T's current activation: back to its caller's.  */

void
launch::pop_frame (thread &t)
{
  if (t.frames.back ().has_local)
    {
      t.lframes.pop_back ();
      t.chunk = t.frames.back ().chunk;
      t.chunk_used = t.frames.back ().chunk_used;
    }
  t.frames.pop_back ();
  const frame &c = t.frames.back ();
  t.fn = c.fn;
  t.regs = t.regstack.data () + c.regs_off;
  t.lsz = 0;
  t.lwb = 0;
  t.lhost = nullptr;
  if (c.has_local)
    {
      const lframe &l = t.lframes.back ();
      t.lwb = l.wbase;
      t.lsz = l.size;
      t.lhost = l.host;
    }
}

/* The host address of the N bytes at .local window address A of thread
   T, in one of its live activations' frames (N 0: A may be one past the
   end of one); NULL if there are no such bytes.  */

uint8_t *
launch::local_at (const thread &t, uint64_t a, uint64_t n)
{
  uint64_t o = a - LOCAL_WIN;
  auto it = std::upper_bound (t.lframes.begin (), t.lframes.end (), o,
			      [] (uint64_t x, const lframe &l) {
				return x < l.wbase;
			      });
  if (it == t.lframes.begin ())
    return nullptr;
  --it;
  uint64_t r = o - it->wbase;
  if (r > it->size || it->size - r < n)
    return nullptr;
  return it->host + r;
}

/* Why the ld.param I of thread T's current function reads bytes nobody
   wrote: the message.  */

std::string
launch::unset_param (const thread &t, const insn &I)
{
  const func *f = t.fn;
  for (size_t i = 0; i < f->params.size (); i++)
    if (f->params[i].def == I.b)
      {
	const frame &c = t.frames[t.frames.size () - 2];
	return "ld.param of " + f->params[i].name + ", which the caller did "
	       "not set: no st.param to argument "
	       + std::to_string (i + 1) + " ("
	       + c.fn->calls[c.call].args[i].name + ") before the call at "
	       + line_text (c.fn, c.ret_pc - 1);
      }
  for (const callsite &cs : f->calls)
    if (cs.has_result && cs.result.def == I.b)
      return "ld.param of " + cs.result.name + ", the result of a call of "
	     + cs.callee_name + ", bytes the call did not write (the callee "
	     "stored no return value, or the call has not happened)";
  for (const param &p : f->cparams)
    if (p.def == I.b)
      return "ld.param of " + p.name + ", bytes no st.param has written";
  return "ld.param of bytes no st.param has written";
}

inline uint32_t
brev32 (uint32_t x)
{
  x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
  x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
  x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
  return __builtin_bswap32 (x);
}

template <typename F>
inline bool
fcmp (F a, F b, int c)
{
  bool un = std::isnan (a) || std::isnan (b);
  switch (c)
    {
    case C_EQ: return !un && a == b;
    case C_NE: return !un && a != b;
    case C_LT: return !un && a < b;
    case C_LE: return !un && a <= b;
    case C_GT: return !un && a > b;
    case C_GE: return !un && a >= b;
    case C_EQU: return un || a == b;
    case C_NEU: return un || a != b;
    case C_LTU: return un || a < b;
    case C_LEU: return un || a <= b;
    case C_GTU: return un || a > b;
    case C_GEU: return un || a >= b;
    case C_NUM: return !un;
    default: return un;
    }
}

template <typename T>
inline bool
icmp (T a, T b, int c)
{
  switch (c)
    {
    case C_EQ: return a == b;
    case C_NE: return a != b;
    case C_LT: return a < b;
    case C_LE: return a <= b;
    case C_GT: return a > b;
    default: return a >= b;
    }
}

/* div or rem (DIV) of X by Y into *R; false if Y is 0 (undefined in
   PTX).  The signed minimum divided by -1 wraps, as on the GPU, instead
   of trapping as in C.  */

template <typename T>
inline bool
divrem (T x, T y, bool div, T *r)
{
  if (y == 0)
    return false;
  if (std::numeric_limits<T>::is_signed && y == (T) -1)
    *r = div ? (T) (0 - (typename std::make_unsigned<T>::type) x) : 0;
  else
    *r = div ? x / y : x % y;
  return true;
}

inline bool
combine (bool r, const insn &I, const uint64_t *regs)
{
  if (!I.aux2)
    return r;
  bool c = regs[I.e] & 1;
  if (I.aux2 & 4)
    c = !c;
  switch (I.aux2 & 3)
    {
    case 1: return r && c;
    case 2: return r || c;
    default: return r != c;
    }
}

/* PTX min/max on floats: a NaN operand gives the other one, two give the
   canonical NaN; -0 is below +0.  */

template <typename F>
inline F
fminmax (F a, F b, bool is_max)
{
  if (std::isnan (a) && std::isnan (b))
    return std::numeric_limits<F>::quiet_NaN ();
  if (std::isnan (a))
    return b;
  if (std::isnan (b))
    return a;
  if (a == b)
    return is_max ? (std::signbit (a) ? b : a) : (std::signbit (a) ? a : b);
  return is_max ? (a > b ? a : b) : (a < b ? a : b);
}

/* Float to integer of DT: rounding R, NaN to 0, saturating.  */

uint64_t
cvt_f2i (double v, ty dt, int r)
{
  if (std::isnan (v))
    return 0;
  switch (r)
    {
    case R_RZI: v = std::trunc (v); break;
    case R_RMI: v = std::floor (v); break;
    case R_RPI: v = std::ceil (v); break;
    default: v = std::nearbyint (v); break;
    }
  int bits = ty_bits (dt);
  if (ty_signed (dt))
    {
      double lo = -std::ldexp (1.0, bits - 1), hi = std::ldexp (1.0, bits - 1);
      int64_t x;
      if (v < lo)
	x = bits == 64 ? INT64_MIN : (int64_t) lo;
      else if (v >= hi)
	x = bits == 64 ? INT64_MAX : (int64_t) hi - 1;
      else
	x = (int64_t) v;
      return (uint64_t) x;
    }
  double hi = std::ldexp (1.0, bits);
  if (v <= 0)
    return 0;
  if (v >= hi)
    return bits == 64 ? UINT64_MAX : (uint64_t) hi - 1;
  return (uint64_t) v;
}

/* The integer RAW as AT, sign- or zero-extended to 64 bits.  */

inline uint64_t
int_value (uint64_t raw, ty at)
{
  int bits = ty_bits (at);
  if (bits == 64)
    return raw;
  uint64_t x = raw & ((1ull << bits) - 1);
  if (ty_signed (at) && (x >> (bits - 1)))
    x |= ~0ull << bits;
  return x;
}

bool
do_cvt (const insn &I, uint64_t raw, uint64_t *out)
{
  ty dt = (ty) I.t1, at = (ty) I.t2;
  if (!ty_float (dt) && !ty_float (at))
    {
      *out = int_value (int_value (raw, at), dt);
      return true;
    }
  if (ty_float (dt) && !ty_float (at))
    {
      uint64_t x = int_value (raw, at);
      if (dt == T_F32)
	*out = f32_bits (ty_signed (at) ? (float) (int64_t) x : (float) x);
      else
	*out = f64_bits (ty_signed (at) ? (double) (int64_t) x : (double) x);
      return true;
    }
  if (!ty_float (dt))
    {
      double v = at == T_F32 ? (double) as_f32 (raw) : as_f64 (raw);
      *out = int_value (cvt_f2i (v, dt, I.aux), dt);
      return true;
    }
  if (dt == at)
    {
      if (dt == T_F32)
	{
	  float v = as_f32 (raw);
	  switch (I.aux)
	    {
	    case R_RZI: v = std::trunc (v); break;
	    case R_RMI: v = std::floor (v); break;
	    case R_RPI: v = std::ceil (v); break;
	    default: v = std::nearbyint (v); break;
	    }
	  *out = f32_bits (v);
	}
      else
	{
	  double v = as_f64 (raw);
	  switch (I.aux)
	    {
	    case R_RZI: v = std::trunc (v); break;
	    case R_RMI: v = std::floor (v); break;
	    case R_RPI: v = std::ceil (v); break;
	    default: v = std::nearbyint (v); break;
	    }
	  *out = f64_bits (v);
	}
      return true;
    }
  if (dt == T_F64)
    *out = f64_bits ((double) as_f32 (raw));
  else
    *out = f32_bits ((float) as_f64 (raw));
  return true;
}

run_result
launch::run (thread &t, uint64_t slice)
{
  cur = &t;
  const func *fn = t.fn;
  const insn *code = fn->code.data ();
  uint64_t *regs = t.regs;
  uint32_t pc = t.pc;
  uint64_t left = std::min (slice, max_steps - steps);
  uint64_t start = left;
  const uint64_t shared_size = k->shared_size;
  uint8_t *const sbase = shared;
  /* The current activation's .local frame.  */
  uint64_t lwb = t.lwb, lsz = t.lsz;
  uint8_t *lhost = t.lhost;
  /* The host mappings the last generic load and store hit.  */
  uint64_t rlo = 0, rlen = 0, wlo = 0, wlen = 0;
  run_result res;

#define R(x) regs[I.x]
#define U32(x) ((uint32_t) regs[I.x])
#define S32(x) ((int32_t) (uint32_t) regs[I.x])
#define U64(x) (regs[I.x])
#define S64(x) ((int64_t) regs[I.x])
#define F32(x) as_f32 (regs[I.x])
#define F64(x) as_f64 (regs[I.x])
#define SET32(v) (regs[I.d] = (uint32_t) (v))
#define SET64(v) (regs[I.d] = (uint64_t) (v))
#define SETF32(v) (regs[I.d] = f32_bits (v))
#define SETF64(v) (regs[I.d] = f64_bits (v))
#define FAIL(...) do { t.pc = pc - 1; steps += start - left; \
			return error (t, pc - 1, __VA_ARGS__); } while (0)
  /* Generic address checks; HOST is set to where the N bytes at ADDR
     are (the accessing thread's own for the generic .local window).  */
#define GENERIC(host, addr, n, wr)					\
  do {									\
    uint64_t a_ = (addr);						\
    host = (uint8_t *) (uintptr_t) a_;					\
    if (__builtin_expect (a_ - LOCAL_GEN < LOCAL_GEN_SIZE, 0))		\
      {									\
	host = local_at (t, a_ - LOCAL_GEN + LOCAL_WIN, n);		\
	if (!host)							\
	  FAIL ("generic %d-byte %s of 0x%llx: not in a live .local "	\
		"frame of this thread", (int) (n),			\
		wr ? "store" : "load", (unsigned long long) a_);	\
      }									\
    else if (__builtin_expect (a_ - (wr ? wlo : rlo) >= (wr ? wlen : rlen), 0)) \
      {									\
	const char *why_ = check_generic (a_, n, wr, wr ? &wlo : &rlo,	\
					  wr ? &wlen : &rlen);		\
	if (why_)							\
	  FAIL ("generic %d-byte %s of 0x%llx: %s", (int) (n),		\
		wr ? "store" : "load", (unsigned long long) a_, why_);	\
      }									\
    if (a_ & ((n) - 1))							\
      FAIL ("misaligned %d-byte access to 0x%llx", (int) (n),		\
	    (unsigned long long) a_);					\
  } while (0)
#define WINDOW(var, addr, n, win, size, base, what)			\
  uint8_t *var;								\
  do {									\
    uint64_t o_ = (addr) - (win);					\
    if (o_ > (size) || (size) - o_ < (n))				\
      FAIL ("%s %d-byte access to 0x%llx, outside the %llu bytes of "	\
	    "the window", what, (int) (n), (unsigned long long) (addr),	\
	    (unsigned long long) (size));				\
    if (o_ & ((n) - 1))							\
      FAIL ("misaligned %s %d-byte access to 0x%llx", what, (int) (n),	\
	    (unsigned long long) (addr));				\
    var = (base) + o_;							\
  } while (0)
  /* A .local window address: in the current activation's frame (the
     fast path) or another live one's.  */
#define LOCAL(var, addr, n)						\
  uint8_t *var;								\
  do {									\
    uint64_t a_ = (addr), o_ = a_ - LOCAL_WIN - lwb;			\
    if (__builtin_expect (o_ <= lsz && lsz - o_ >= (n), 1))		\
      var = lhost + o_;							\
    else if (!(var = local_at (t, a_, n)))				\
      FAIL ("a .local %d-byte access to 0x%llx, outside the .local "	\
	    "frames of the thread's live activations", (int) (n),	\
	    (unsigned long long) a_);					\
    if ((a_ - LOCAL_WIN) & ((n) - 1))					\
      FAIL ("misaligned .local %d-byte access to 0x%llx", (int) (n),	\
	    (unsigned long long) a_);					\
  } while (0)
#define LOADL(T, n, ext)						\
  {									\
    LOCAL (p, U64 (a) + I.imm, n);					\
    T v;								\
    memcpy (&v, p, n);							\
    regs[I.d] = (uint64_t) (ext) v;					\
    break;								\
  }
#define STOREL(T, n)							\
  {									\
    LOCAL (p, U64 (a) + I.imm, n);					\
    T v = (T) regs[I.b];						\
    memcpy (p, &v, n);							\
    break;								\
  }
  /* After a call or a return: the new activation's state.  */
#define RELOAD()							\
  do {									\
    fn = t.fn;								\
    code = fn->code.data ();						\
    regs = t.regs;							\
    lwb = t.lwb;							\
    lsz = t.lsz;							\
    lhost = t.lhost;							\
  } while (0)
#define LOADG(T, n, ext)						\
  {									\
    uint64_t a = U64 (a) + I.imm;					\
    uint8_t *h;								\
    GENERIC (h, a, n, false);						\
    T v;								\
    memcpy (&v, h, n);							\
    regs[I.d] = (uint64_t) (ext) v;					\
    break;								\
  }
#define STOREG(T, n)							\
  {									\
    uint64_t a = U64 (a) + I.imm;					\
    uint8_t *h;								\
    GENERIC (h, a, n, true);						\
    T v = (T) regs[I.b];						\
    memcpy (h, &v, n);							\
    break;								\
  }
#define LOADW(T, n, ext, win, size, base, what)				\
  {									\
    WINDOW (p, U64 (a) + I.imm, n, win, size, base, what);		\
    T v;								\
    memcpy (&v, p, n);							\
    regs[I.d] = (uint64_t) (ext) v;					\
    break;								\
  }
#define STOREW(T, n, win, size, base, what)				\
  {									\
    WINDOW (p, U64 (a) + I.imm, n, win, size, base, what);		\
    T v = (T) regs[I.b];						\
    memcpy (p, &v, n);							\
    break;								\
  }

  for (;;)
    {
      if (__builtin_expect (left == 0, 0))
	{
	  t.pc = pc;
	  steps += start;
	  if (steps >= max_steps)
	    return error (t, pc, "the step limit (%llu instructions, "
			  "PTXSIM_MAX_STEPS) is reached",
			  (unsigned long long) max_steps);
	  return RR_SLICE;
	}
      left--;
      const insn &I = code[pc++];
      if ((regs[I.guard] & 1) == I.neg)
	continue;
      switch ((opcode) I.op)
	{
	case OP_NOP: break;
	case OP_MOV: R (d) = R (a); break;
	case OP_PACK64: SET64 ((uint64_t) U32 (a) | ((uint64_t) U32 (b) << 32)); break;
	case OP_UNPACK64:
	  {
	    uint64_t v = U64 (a);
	    regs[I.d] = (uint32_t) v;
	    regs[I.e] = (uint32_t) (v >> 32);
	    break;
	  }
	case OP_ADD32: SET32 (U32 (a) + U32 (b)); break;
	case OP_ADD64: SET64 (U64 (a) + U64 (b)); break;
	case OP_SUB32: SET32 (U32 (a) - U32 (b)); break;
	case OP_SUB64: SET64 (U64 (a) - U64 (b)); break;
	case OP_MULLO32: SET32 (U32 (a) * U32 (b)); break;
	case OP_MULLO64: SET64 (U64 (a) * U64 (b)); break;
	case OP_MULHI_S32: SET32 ((uint64_t) ((int64_t) S32 (a) * S32 (b)) >> 32); break;
	case OP_MULHI_U32: SET32 (((uint64_t) U32 (a) * U32 (b)) >> 32); break;
	case OP_MULHI_S64: SET64 ((uint64_t) (((__int128) S64 (a) * S64 (b)) >> 64)); break;
	case OP_MULHI_U64: SET64 ((uint64_t) (((unsigned __int128) U64 (a) * U64 (b)) >> 64)); break;
	case OP_MULWIDE_S32: SET64 ((int64_t) S32 (a) * S32 (b)); break;
	case OP_MULWIDE_U32: SET64 ((uint64_t) U32 (a) * U32 (b)); break;
	case OP_MADLO32: SET32 (U32 (a) * U32 (b) + U32 (c)); break;
	case OP_MADLO64: SET64 (U64 (a) * U64 (b) + U64 (c)); break;
	case OP_MADWIDE_S32: SET64 ((uint64_t) ((int64_t) S32 (a) * S32 (b)) + U64 (c)); break;
	case OP_MADWIDE_U32: SET64 ((uint64_t) U32 (a) * U32 (b) + U64 (c)); break;
	/* Each: the operation, its type, its operands, its setter.  */
#define DIVREM(DIV, REM, T, GET, SET)					\
	case DIV: case REM:						\
	  {								\
	    T r;							\
	    if (!divrem<T> (GET (a), GET (b), I.op == DIV, &r))		\
	      FAIL ("integer division by zero (undefined in PTX)");	\
	    SET (r);							\
	    break;							\
	  }
	DIVREM (OP_DIV_S32, OP_REM_S32, int32_t, S32, SET32)
	DIVREM (OP_DIV_U32, OP_REM_U32, uint32_t, U32, SET32)
	DIVREM (OP_DIV_S64, OP_REM_S64, int64_t, S64, SET64)
	DIVREM (OP_DIV_U64, OP_REM_U64, uint64_t, U64, SET64)
#undef DIVREM
	case OP_NEG32: SET32 (0u - U32 (a)); break;
	case OP_NEG64: SET64 (0ull - U64 (a)); break;
	case OP_ABS_S32: SET32 (S32 (a) < 0 ? 0u - U32 (a) : U32 (a)); break;
	case OP_ABS_S64: SET64 (S64 (a) < 0 ? 0ull - U64 (a) : U64 (a)); break;
	case OP_MIN_S32: SET32 (std::min (S32 (a), S32 (b))); break;
	case OP_MIN_U32: SET32 (std::min (U32 (a), U32 (b))); break;
	case OP_MIN_S64: SET64 (std::min (S64 (a), S64 (b))); break;
	case OP_MIN_U64: SET64 (std::min (U64 (a), U64 (b))); break;
	case OP_MAX_S32: SET32 (std::max (S32 (a), S32 (b))); break;
	case OP_MAX_U32: SET32 (std::max (U32 (a), U32 (b))); break;
	case OP_MAX_S64: SET64 (std::max (S64 (a), S64 (b))); break;
	case OP_MAX_U64: SET64 (std::max (U64 (a), U64 (b))); break;
	case OP_AND32: SET32 (U32 (a) & U32 (b)); break;
	case OP_OR32: SET32 (U32 (a) | U32 (b)); break;
	case OP_XOR32: SET32 (U32 (a) ^ U32 (b)); break;
	case OP_NOT32: SET32 (~U32 (a)); break;
	case OP_AND64: SET64 (U64 (a) & U64 (b)); break;
	case OP_OR64: SET64 (U64 (a) | U64 (b)); break;
	case OP_XOR64: SET64 (U64 (a) ^ U64 (b)); break;
	case OP_NOT64: SET64 (~U64 (a)); break;
	case OP_ANDP: R (d) = R (a) & R (b) & 1; break;
	case OP_ORP: R (d) = (R (a) | R (b)) & 1; break;
	case OP_XORP: R (d) = (R (a) ^ R (b)) & 1; break;
	case OP_NOTP: R (d) = ~R (a) & 1; break;
	/* Shift counts past the width are clamped to it.  */
	case OP_SHL32: SET32 (U32 (b) >= 32 ? 0u : U32 (a) << U32 (b)); break;
	case OP_SHL64: SET64 (U32 (b) >= 64 ? 0ull : U64 (a) << U32 (b)); break;
	case OP_SHR_U32: SET32 (U32 (b) >= 32 ? 0u : U32 (a) >> U32 (b)); break;
	case OP_SHR_S32: SET32 (S32 (a) >> std::min (U32 (b), 31u)); break;
	case OP_SHR_U64: SET64 (U32 (b) >= 64 ? 0ull : U64 (a) >> U32 (b)); break;
	case OP_SHR_S64: SET64 (S64 (a) >> std::min (U32 (b), 63u)); break;
	/* shf: the 64-bit value b:a shifted, the upper (l) or lower (r)
	   32 bits kept.  */
	case OP_SHF_L_WRAP: case OP_SHF_L_CLAMP:
	  {
	    uint32_t n = I.op == OP_SHF_L_WRAP ? U32 (c) & 31
			 : std::min (U32 (c), 32u);
	    uint64_t v = ((uint64_t) U32 (b) << 32) | U32 (a);
	    SET32 ((v << n) >> 32);
	    break;
	  }
	case OP_SHF_R_WRAP: case OP_SHF_R_CLAMP:
	  {
	    uint32_t n = I.op == OP_SHF_R_WRAP ? U32 (c) & 31
			 : std::min (U32 (c), 32u);
	    uint64_t v = ((uint64_t) U32 (b) << 32) | U32 (a);
	    SET32 (v >> n);
	    break;
	  }
	case OP_BREV32: SET32 (brev32 (U32 (a))); break;
	case OP_BREV64:
	  {
	    uint64_t v = U64 (a);
	    SET64 (((uint64_t) brev32 ((uint32_t) v) << 32)
		   | brev32 ((uint32_t) (v >> 32)));
	    break;
	  }
	case OP_CLZ32: SET32 (U32 (a) ? __builtin_clz (U32 (a)) : 32); break;
	case OP_CLZ64: SET32 (U64 (a) ? __builtin_clzll (U64 (a)) : 64); break;
	case OP_POPC32: SET32 (__builtin_popcount (U32 (a))); break;
	case OP_POPC64: SET32 (__builtin_popcountll (U64 (a))); break;
	case OP_PRMT:
	  {
	    /* Bytes 0-3 of a, 4-7 of b; each selector's bit 3 replicates
	       the sign of the chosen byte.  */
	    uint64_t src = ((uint64_t) U32 (b) << 32) | U32 (a);
	    uint32_t ctl = U32 (c), r = 0;
	    for (int i = 0; i < 4; i++)
	      {
		uint32_t sel = (ctl >> (4 * i)) & 0xf;
		uint32_t byte = (src >> (8 * (sel & 7))) & 0xff;
		if (sel & 8)
		  byte = (byte & 0x80) ? 0xff : 0;
		r |= byte << (8 * i);
	      }
	    SET32 (r);
	    break;
	  }
	case OP_ADD_F32: SETF32 (F32 (a) + F32 (b)); break;
	case OP_SUB_F32: SETF32 (F32 (a) - F32 (b)); break;
	case OP_MUL_F32: SETF32 (F32 (a) * F32 (b)); break;
	case OP_DIV_F32: SETF32 (F32 (a) / F32 (b)); break;
	case OP_FMA_F32: SETF32 (std::fma (F32 (a), F32 (b), F32 (c))); break;
	case OP_SQRT_F32: SETF32 (std::sqrt (F32 (a))); break;
	case OP_NEG_F32: SET32 (U32 (a) ^ 0x80000000u); break;
	case OP_ABS_F32: SET32 (U32 (a) & 0x7fffffffu); break;
	case OP_MIN_F32: SETF32 (fminmax (F32 (a), F32 (b), false)); break;
	case OP_MAX_F32: SETF32 (fminmax (F32 (a), F32 (b), true)); break;
	/* copysign d, a, b: b's magnitude with a's sign.  */
	case OP_COPYSIGN_F32: SET32 ((U32 (b) & 0x7fffffffu) | (U32 (a) & 0x80000000u)); break;
	case OP_ADD_F64: SETF64 (F64 (a) + F64 (b)); break;
	case OP_SUB_F64: SETF64 (F64 (a) - F64 (b)); break;
	case OP_MUL_F64: SETF64 (F64 (a) * F64 (b)); break;
	case OP_DIV_F64: SETF64 (F64 (a) / F64 (b)); break;
	case OP_FMA_F64: SETF64 (std::fma (F64 (a), F64 (b), F64 (c))); break;
	case OP_SQRT_F64: SETF64 (std::sqrt (F64 (a))); break;
	case OP_NEG_F64: SET64 (U64 (a) ^ (1ull << 63)); break;
	case OP_ABS_F64: SET64 (U64 (a) & ~(1ull << 63)); break;
	case OP_MIN_F64: SETF64 (fminmax (F64 (a), F64 (b), false)); break;
	case OP_MAX_F64: SETF64 (fminmax (F64 (a), F64 (b), true)); break;
	case OP_COPYSIGN_F64: SET64 ((U64 (b) & ~(1ull << 63)) | (U64 (a) & (1ull << 63))); break;
	case OP_SETP_S32: R (d) = combine (icmp (S32 (a), S32 (b), I.aux), I, regs); break;
	case OP_SETP_U32: R (d) = combine (icmp (U32 (a), U32 (b), I.aux), I, regs); break;
	case OP_SETP_S64: R (d) = combine (icmp (S64 (a), S64 (b), I.aux), I, regs); break;
	case OP_SETP_U64: R (d) = combine (icmp (U64 (a), U64 (b), I.aux), I, regs); break;
	case OP_SETP_F32: R (d) = combine (fcmp (F32 (a), F32 (b), I.aux), I, regs); break;
	case OP_SETP_F64: R (d) = combine (fcmp (F64 (a), F64 (b), I.aux), I, regs); break;
	case OP_SELP32: SET32 ((R (c) & 1) ? U32 (a) : U32 (b)); break;
	case OP_SELP64: SET64 ((R (c) & 1) ? U64 (a) : U64 (b)); break;
	case OP_CVT_S64_S32: SET64 ((int64_t) S32 (a)); break;
	case OP_CVT_U64_U32: SET64 (U32 (a)); break;
	case OP_CVT_U32_U64: SET32 (U64 (a)); break;
	case OP_CVT:
	  {
	    uint64_t v;
	    do_cvt (I, R (a), &v);
	    R (d) = v;
	    break;
	  }
	case OP_CVTA_LOCAL:
	  {
	    uint64_t o = U64 (a) - LOCAL_WIN - lwb;
	    uint8_t *p = o <= lsz ? lhost + o : local_at (t, U64 (a), 0);
	    if (!p)
	      FAIL ("cvta.local of 0x%llx, not a .local window address of a "
		    "live activation", (unsigned long long) U64 (a));
	    SET64 (LOCAL_GEN + (U64 (a) - LOCAL_WIN));
	    break;
	  }
	case OP_CVTA_SHARED:
	  {
	    uint64_t o = U64 (a) - SHARED_WIN;
	    if (o > shared_size)
	      FAIL ("cvta.shared of 0x%llx, not a .shared window address",
		    (unsigned long long) U64 (a));
	    SET64 ((uintptr_t) (sbase + o));
	    break;
	  }
	case OP_LDG_U8: LOADG (uint8_t, 1, uint64_t)
	case OP_LDG_S8: LOADG (int8_t, 1, int64_t)
	case OP_LDG_U16: LOADG (uint16_t, 2, uint64_t)
	case OP_LDG_S16: LOADG (int16_t, 2, int64_t)
	case OP_LDG_U32: LOADG (uint32_t, 4, uint64_t)
	case OP_LDG_S32: LOADG (int32_t, 4, int64_t)
	case OP_LDG_64: LOADG (uint64_t, 8, uint64_t)
	case OP_STG_8: STOREG (uint8_t, 1)
	case OP_STG_16: STOREG (uint16_t, 2)
	case OP_STG_32: STOREG (uint32_t, 4)
	case OP_STG_64: STOREG (uint64_t, 8)
	case OP_LDL_U8: LOADL (uint8_t, 1, uint64_t)
	case OP_LDL_S8: LOADL (int8_t, 1, int64_t)
	case OP_LDL_U16: LOADL (uint16_t, 2, uint64_t)
	case OP_LDL_S16: LOADL (int16_t, 2, int64_t)
	case OP_LDL_U32: LOADL (uint32_t, 4, uint64_t)
	case OP_LDL_S32: LOADL (int32_t, 4, int64_t)
	case OP_LDL_64: LOADL (uint64_t, 8, uint64_t)
	case OP_STL_8: STOREL (uint8_t, 1)
	case OP_STL_16: STOREL (uint16_t, 2)
	case OP_STL_32: STOREL (uint32_t, 4)
	case OP_STL_64: STOREL (uint64_t, 8)
	case OP_LDS_U8: LOADW (uint8_t, 1, uint64_t, SHARED_WIN, shared_size, sbase, "a .shared")
	case OP_LDS_S8: LOADW (int8_t, 1, int64_t, SHARED_WIN, shared_size, sbase, "a .shared")
	case OP_LDS_U16: LOADW (uint16_t, 2, uint64_t, SHARED_WIN, shared_size, sbase, "a .shared")
	case OP_LDS_S16: LOADW (int16_t, 2, int64_t, SHARED_WIN, shared_size, sbase, "a .shared")
	case OP_LDS_U32: LOADW (uint32_t, 4, uint64_t, SHARED_WIN, shared_size, sbase, "a .shared")
	case OP_LDS_S32: LOADW (int32_t, 4, int64_t, SHARED_WIN, shared_size, sbase, "a .shared")
	case OP_LDS_64: LOADW (uint64_t, 8, uint64_t, SHARED_WIN, shared_size, sbase, "a .shared")
	case OP_STS_8: STOREW (uint8_t, 1, SHARED_WIN, shared_size, sbase, "a .shared")
	case OP_STS_16: STOREW (uint16_t, 2, SHARED_WIN, shared_size, sbase, "a .shared")
	case OP_STS_32: STOREW (uint32_t, 4, SHARED_WIN, shared_size, sbase, "a .shared")
	case OP_STS_64: STOREW (uint64_t, 8, SHARED_WIN, shared_size, sbase, "a .shared")
	case OP_BRA: pc = (uint32_t) I.imm; break;
	case OP_RET:
	  if (t.frames.size () > 1)
	    {
	      /* Back to the caller, with the result.  */
	      const frame &c = t.frames[t.frames.size () - 2];
	      const callsite &cs = c.fn->calls[c.call];
	      if (cs.has_result)
		{
		  uint64_t *cr = t.regstack.data () + c.regs_off;
		  cr[cs.result.slot] = regs[fn->ret.slot];
		  cr[cs.result.def] = regs[fn->ret.def];
		}
	      pc = c.ret_pc;
	      pop_frame (t);
	      RELOAD ();
	      break;
	    }
	  /* ret of the entry ends the thread.  */
	  [[fallthrough]];
	case OP_EXIT:
	  t.pc = pc - 1;
	  t.state = TS_DONE;
	  res = RR_EXITED;
	  goto out;
	case OP_CALL:
	  {
	    const callsite &cs = fn->calls[I.imm];
	    if (cs.callee == CALLEE_VPRINTF)
	      {
		int32_t status;
		std::string why;
		if (!vprintf_call (cs, regs, &status, why))
		  FAIL ("%s", why.c_str ());
		regs[cs.result.slot] = (uint32_t) status;
		regs[cs.result.def] = 0xf;
		break;
	      }
	    if (t.frames.size () >= MAX_FRAMES)
	      FAIL ("call stack overflow: a call of %s %zu activations deep "
		    "(the limit)", cs.callee_name.c_str (), t.frames.size ());
	    const func *callee = prog->funcs[cs.callee].get ();
	    frame &c = t.frames.back ();
	    c.ret_pc = pc;
	    c.call = (uint32_t) I.imm;
	    size_t caller = c.regs_off;
	    push_frame (t, callee);
	    /* The arguments, by value, with the masks of their bytes
	       written.  */
	    const uint64_t *cr = t.regstack.data () + caller;
	    for (size_t i = 0; i < cs.args.size (); i++)
	      {
		t.regs[callee->params[i].slot] = cr[cs.args[i].slot];
		t.regs[callee->params[i].def] = cr[cs.args[i].def];
	      }
	    RELOAD ();
	    pc = 0;
	    break;
	  }
	case OP_LDPARAM:
	  {
	    unsigned off = (unsigned) I.imm, n = I.aux;
	    uint64_t need = ((1u << n) - 1) << off;
	    if (I.b >= 0 && (regs[I.b] & need) != need)
	      FAIL ("%s", unset_param (t, I).c_str ());
	    uint64_t v = regs[I.a] >> (8 * off);
	    if (n < 8)
	      {
		v &= (1ull << (8 * n)) - 1;
		if (ty_signed ((ty) I.t1) && (v >> (8 * n - 1)))
		  v |= ~0ull << (8 * n);
	      }
	    regs[I.d] = v;
	    break;
	  }
	case OP_STPARAM:
	  {
	    unsigned off = (unsigned) I.imm, n = I.aux;
	    uint64_t m = n == 8 ? ~0ull : ((1ull << (8 * n)) - 1) << (8 * off);
	    regs[I.d] = (regs[I.d] & ~m) | ((regs[I.b] << (8 * off)) & m);
	    regs[I.e] |= ((1u << n) - 1) << off;
	    break;
	  }
	case OP_TRAP:
	  FAIL ("trap");
	case OP_BAR:
	  {
	    uint32_t b = U32 (a), n = I.aux ? U32 (b) : 0;
	    if (b > 15)
	      FAIL ("barrier %u (there are 16)", b);
	    if (I.aux && (n == 0 || n % WARP))
	      FAIL ("a barrier thread count of %u (a nonzero multiple of "
		    "the warp size)", n);
	    t.wk = W_BAR;
	    t.bar = b;
	    t.count = n;
	    goto block;
	  }
	case OP_WARPSYNC:
	  t.wk = W_WARP;
	  t.mask = U32 (e);
	  goto block;
	case OP_ATOM:
	  {
	    /* Threads run one at a time: the access is indivisible.  */
	    unsigned n = ty_bits ((ty) I.t1) / 8;
	    uint64_t a = U64 (a) + I.imm;
	    uint8_t *h;
	    GENERIC (h, a, n, true);
	    uint64_t old = 0, v = R (b), r;
	    memcpy (&old, h, n);
	    ty t1 = (ty) I.t1;
	    bool s = t1 == T_S32 || t1 == T_S64, f = t1 == T_F32 || t1 == T_F64;
	    auto sx = [&] (uint64_t x) {
	      return n == 4 ? (int64_t) (int32_t) x : (int64_t) x;
	    };
	    auto fx = [&] (uint64_t x) {
	      if (n == 8)
		{
		  double d;
		  memcpy (&d, &x, 8);
		  return d;
		}
	      float fl;
	      uint32_t w = (uint32_t) x;
	      memcpy (&fl, &w, 4);
	      return (double) fl;
	    };
	    auto tofx = [&] (double d) {
	      uint64_t x = 0;
	      if (n == 8)
		memcpy (&x, &d, 8);
	      else
		{
		  float fl = (float) d;
		  uint32_t w;
		  memcpy (&w, &fl, 4);
		  x = w;
		}
	      return x;
	    };
	    uint64_t mask = n == 8 ? ~0ull : 0xffffffffull;
	    old &= mask;
	    v &= mask;
	    switch ((atom_op) I.aux)
	      {
	      case A_ADD:
		r = f ? tofx (fx (old) + fx (v)) : old + v;
		break;
	      case A_AND: r = old & v; break;
	      case A_OR: r = old | v; break;
	      case A_XOR: r = old ^ v; break;
	      case A_MIN: case A_MAX:
		{
		  bool lt = s ? sx (old) < sx (v) : old < v;
		  r = (I.aux == A_MIN) == lt ? old : v;
		  break;
		}
	      case A_EXCH: r = v; break;
	      case A_CAS:
		r = old == v ? R (c) & mask : old;
		break;
	      default:
		FAIL ("internal error: atom operation %d", (int) I.aux);
	      }
	    memcpy (h, &r, n);
	    R (d) = old;
	    break;
	  }
	case OP_SHFL_IDX:
	  t.wk = W_SHFL;
	  t.mask = U32 (e);
	  goto block;
	default:
	  FAIL ("internal error: opcode %d", (int) I.op);
	}
    }
 block:
  t.wfn = fn;
  t.wpc = pc - 1;
  t.pc = pc;
  t.state = TS_WAIT;
  t.arrival = arrivals++;
  res = RR_BLOCKED;
 out:
  steps += start - left;
  return res;
#undef R
#undef FAIL
}

/* Complete the synchronizations whose participants have all arrived.
   The number completed, or -1 on an error.  */

int
launch::resolve ()
{
  int done = 0;
  unsigned nwarps = (nthreads + WARP - 1) / WARP;
  /* Warp synchronizations.  */
  for (unsigned w = 0; w < nwarps; w++)
    {
      unsigned lo = w * WARP, hi = std::min (nthreads, lo + WARP);
      thread *f = nullptr;
      for (unsigned i = lo; i < hi && !f; i++)
	if (th[i].state == TS_WAIT && th[i].wk != W_BAR)
	  f = &th[i];
      if (!f)
	continue;
      uint32_t mask = f->mask;
      const char *what = f->wk == W_SHFL ? "shfl.sync" : "bar.warp.sync";
      for (unsigned i = lo; i < hi; i++)
	{
	  thread &t = th[i];
	  if (t.state != TS_WAIT || t.wk == W_BAR)
	    continue;
	  if (!(t.mask >> (i - lo) & 1))
	    {
	      error (t, t.wpc, "lane %u executes a warp synchronization whose "
		     "mask 0x%08x does not name it", i - lo, t.mask);
	      return -1;
	    }
	  if (t.mask != mask || t.wk != f->wk || t.wpc != f->wpc
	      || t.wfn != f->wfn)
	    {
	      error (t, t.wpc, "lanes of warp %u meet at different warp "
		     "synchronizations: lane %u here (mask 0x%08x), lane %u at "
		     "%s (mask 0x%08x)", w, i - lo, t.mask, f->lin - lo,
		     line_text (f->wfn, f->wpc).c_str (), f->mask);
	      return -1;
	    }
	}
      bool complete = true;
      for (unsigned l = 0; l < WARP; l++)
	{
	  if (!(mask >> l & 1))
	    continue;
	  unsigned i = lo + l;
	  if (i >= hi)
	    {
	      error (*f, f->wpc, "%s with mask 0x%08x names lane %u, but warp "
		     "%u has only %u threads", what, mask, l, w, hi - lo);
	      return -1;
	    }
	  thread &t = th[i];
	  if (t.state == TS_DONE)
	    {
	      error (*f, f->wpc, "%s executed by only some of the lanes its "
		     "mask 0x%08x names: lane %u (thread (%u,%u,%u)) has "
		     "exited, at %s", what, mask, l, t.tid[0], t.tid[1],
		     t.tid[2], line_text (t.fn, t.pc).c_str ());
	      return -1;
	    }
	  if (t.wk == W_BAR)
	    {
	      error (*f, f->wpc, "%s executed by only some of the lanes its "
		     "mask 0x%08x names: lane %u (thread (%u,%u,%u)) waits at "
		     "bar.sync, %s", what, mask, l, t.tid[0], t.tid[1],
		     t.tid[2], line_text (t.wfn, t.wpc).c_str ());
	      return -1;
	    }
	  if (t.state != TS_WAIT)
	    complete = false;
	}
      if (!complete)
	continue;
      if (f->wk == W_SHFL)
	{
	  const insn &I = f->wfn->code[f->wpc];
	  uint32_t val[WARP];
	  for (unsigned l = 0; l < WARP; l++)
	    {
	      if (!(mask >> l & 1))
		continue;
	      thread &t = th[lo + l];
	      uint32_t b = (uint32_t) t.regs[I.b], c = (uint32_t) t.regs[I.c];
	      uint32_t bval = b & 31, cval = c & 31, seg = (c >> 8) & 31;
	      uint32_t maxl = (l & seg) | (cval & ~seg);
	      uint32_t minl = l & seg;
	      uint32_t j = I.aux == 1 ? l ^ bval : minl | (bval & ~seg);
	      if (j > maxl)
		j = l;
	      if (!(mask >> j & 1))
		{
		  error (t, t.wpc, "shfl.sync reads lane %u, which its mask "
			 "0x%08x does not name", j, mask);
		  return -1;
		}
	      val[l] = (uint32_t) th[lo + j].regs[I.a];
	    }
	  for (unsigned l = 0; l < WARP; l++)
	    if (mask >> l & 1)
	      th[lo + l].regs[I.d] = val[l];
	}
      for (unsigned l = 0; l < WARP; l++)
	if (mask >> l & 1)
	  th[lo + l].state = TS_RUN;
      done++;
    }

  /* Barriers.  */
  for (uint32_t b = 0; b < 16; b++)
    {
      unsigned waiting = 0, live = 0;
      int count = -1;
      thread *first = nullptr;
      for (auto &t : th)
	{
	  if (t.state != TS_DONE)
	    live++;
	  if (t.state == TS_WAIT && t.wk == W_BAR && t.bar == b)
	    {
	      if (!first)
		first = &t;
	      if (count >= 0 && (uint32_t) count != t.count)
		{
		  error (t, t.wpc, "barrier %u with a thread count of %u here "
			 "and %u at %s", b, t.count, count,
			 line_text (first->wfn, first->wpc).c_str ());
		  return -1;
		}
	      count = t.count;
	      waiting++;
	    }
	}
      if (!waiting)
	continue;
      /* Arrival is per warp: every live lane there, at one instruction.  */
      std::vector<char> arrived (nwarps, 0);
      unsigned arrived_threads = 0;
      for (unsigned w = 0; w < nwarps; w++)
	{
	  unsigned lo = w * WARP, hi = std::min (nthreads, lo + WARP);
	  thread *f = nullptr;
	  bool all = true;
	  unsigned n = 0;
	  for (unsigned i = lo; i < hi; i++)
	    {
	      thread &t = th[i];
	      if (t.state == TS_DONE)
		continue;
	      if (t.state == TS_WAIT && t.wk == W_BAR && t.bar == b)
		{
		  if (f && (f->wpc != t.wpc || f->wfn != t.wfn))
		    {
		      error (t, t.wpc, "lanes of warp %u reach barrier %u at "
			     "different instructions (bar.sync is aligned): "
			     "here and lane %u at %s", w, b, f->lin - lo,
			     line_text (f->wfn, f->wpc).c_str ());
		      return -1;
		    }
		  f = &t;
		  n++;
		}
	      else
		all = false;
	    }
	  if (f && all)
	    {
	      arrived[w] = 1;
	      arrived_threads += n;
	    }
	}
      bool complete;
      if (count == 0)
	complete = arrived_threads == live;
      else
	{
	  if (arrived_threads > (unsigned) count)
	    {
	      error (*first, first->wpc, "%u threads arrive at barrier %u, "
		     "whose thread count is %d", arrived_threads, b, count);
	      return -1;
	    }
	  complete = arrived_threads == (unsigned) count;
	}
      if (!complete)
	continue;
      for (unsigned w = 0; w < nwarps; w++)
	if (arrived[w])
	  for (unsigned i = w * WARP; i < std::min (nthreads, w * WARP + WARP);
	       i++)
	    if (th[i].state == TS_WAIT && th[i].wk == W_BAR && th[i].bar == b)
	      th[i].state = TS_RUN;
      done++;
    }
  return done;
}

std::string
launch::deadlock ()
{
  /* Group consecutive threads in the same place.  */
  std::string s;
  char buf[512];
  snprintf (buf, sizeof buf, "deadlock in kernel %s, CTA (%u,%u,%u): no "
	    "synchronization can complete;", k->name.c_str (), cta[0], cta[1],
	    cta[2]);
  s = buf;
  unsigned i = 0;
  while (i < nthreads)
    {
      thread &t = th[i];
      unsigned j = i + 1;
      while (j < nthreads && th[j].state == t.state
	     && (t.state == TS_DONE
		 || (th[j].wk == t.wk && th[j].wpc == t.wpc
		     && th[j].wfn == t.wfn)))
	j++;
      const thread &l = th[j - 1];
      snprintf (buf, sizeof buf, " threads (%u,%u,%u)..(%u,%u,%u) %s;",
		t.tid[0], t.tid[1], t.tid[2], l.tid[0], l.tid[1], l.tid[2],
		t.state == TS_DONE ? "have exited"
		: ("wait at " + line_text (t.wfn, t.wpc)).c_str ());
      s += buf;
      i = j;
    }
  return s;
}

bool
launch::run_cta ()
{
  /* Fresh registers, .local and .shared memory: each thread starts an
     activation of the entry.  */
  for (unsigned i = 0; i < nthreads; i++)
    {
      thread &t = th[i];
      t.frames.clear ();
      t.lframes.clear ();
      t.chunk = t.chunk_used = 0;
      t.pc = 0;
      t.state = TS_RUN;
      t.lin = i;
      t.tid[0] = i % block[0];
      t.tid[1] = i / block[0] % block[1];
      t.tid[2] = i / (block[0] * block[1]);
      push_frame (t, k);
    }
  memset (shared, POISON8, k->shared_size);

  std::vector<unsigned> order (nthreads);
  for (unsigned i = 0; i < nthreads; i++)
    order[i] = sched == 1 ? nthreads - 1 - i : i;
  for (;;)
    {
      if (sched == 2)
	{
	  /* Random slices until every thread is blocked or done.  */
	  std::vector<unsigned> runnable;
	  for (;;)
	    {
	      runnable.clear ();
	      for (unsigned i = 0; i < nthreads; i++)
		if (th[i].state == TS_RUN)
		  runnable.push_back (i);
	      if (runnable.empty ())
		break;
	      for (size_t n = 0; n < runnable.size () * 2; n++)
		{
		  thread &t = th[runnable[rng () % runnable.size ()]];
		  if (t.state != TS_RUN)
		    continue;
		  if (run (t, 1 + rng () % 64) == RR_ERROR)
		    return false;
		}
	    }
	}
      else
	for (unsigned i : order)
	  {
	    thread &t = th[i];
	    while (t.state == TS_RUN)
	      if (run (t, UINT64_MAX) == RR_ERROR)
		return false;
	  }
      bool all_done = true;
      for (auto &t : th)
	all_done &= t.state == TS_DONE;
      if (all_done)
	return true;
      int n = resolve ();
      if (n < 0)
	return false;
      if (n == 0)
	{
	  err = deadlock ();
	  return false;
	}
    }
}

void
set_err (char *err, size_t errlen, const std::string &msg)
{
  if (err && errlen)
    snprintf (err, errlen, "%s", msg.c_str ());
}

}  // namespace

/* Load and link a program (ptxsim.h).  */

extern "C" ptxsim_module *
ptxsim_link (const char *const *texts, int n, char *err, size_t errlen)
{
  if (!texts || n < 1)
    {
      set_err (err, errlen, "no module to link");
      return nullptr;
    }
  auto prog = std::make_unique<ptxsim_module> ();
  prog->units.resize (n);
  int cur = -1;
  try
    {
      for (int i = 0; i < n; i++)
	{
	  cur = i;
	  load_unit (prog.get (), i, texts[i]);
	}
      cur = -1;
      link (prog.get ());
    }
  catch (const load_error &e)
    {
      int u = e.unit == -1 ? cur : e.unit;
      std::string msg = e.msg;
      if (u >= 0 && e.line > 0)
	{
	  const std::vector<std::string> &lines = prog->units[u].lines;
	  std::string src = (size_t) e.line <= lines.size ()
			    ? trim (lines[e.line - 1]) : "";
	  msg = line_name (prog.get (), u, e.line) + " '" + src + "': " + msg;
	}
      else if (u >= 0 && n > 1)
	msg = "module " + std::to_string (u + 1) + ": " + msg;
      set_err (err, errlen, msg);
      return nullptr;
    }
  return prog.release ();
}

extern "C" ptxsim_module *
ptxsim_load (const char *ptx_text, char *err, size_t errlen)
{
  return ptxsim_link (&ptx_text, 1, err, errlen);
}

extern "C" void
ptxsim_unload (ptxsim_module *m)
{
  delete m;
}

extern "C" int
ptxsim_has_kernel (ptxsim_module *m, const char *name)
{
  return m->find (name) != nullptr;
}

extern "C" int
ptxsim_global (ptxsim_module *m, const char *name, unsigned long long *addr,
	       size_t *size)
{
  for (const unit &u : m->units)
    for (const std::string &g : u.visible_globals)
      if (g == name)
	{
	  const var &v = u.globals.at (g);
	  *addr = v.host;
	  *size = v.size;
	  return 1;
	}
  return 0;
}

extern "C" int
ptxsim_kernel_reqntid (ptxsim_module *m, const char *name, unsigned dims[3])
{
  func *k = m->find (name);
  for (int i = 0; i < 3; i++)
    dims[i] = k ? k->reqntid[i] : 0;
  return k && k->reqntid[0];
}

extern "C" unsigned long long
ptxsim_last_steps (ptxsim_module *m)
{
  return m->last_steps;
}

extern "C" int
ptxsim_launch (ptxsim_module *m, const char *name, unsigned grid_x,
	       unsigned grid_y, unsigned grid_z, unsigned block_x,
	       unsigned block_y, unsigned block_z, void **params, char *err,
	       size_t errlen)
{
  func *k = m->find (name);
  if (!k)
    {
      set_err (err, errlen, std::string ("no kernel '") + name + "'");
      return -1;
    }
  unsigned block[3] = { block_x, block_y, block_z };
  unsigned grid[3] = { grid_x, grid_y, grid_z };
  char buf[256];
  if (!block_x || !block_y || !block_z || !grid_x || !grid_y || !grid_z)
    {
      set_err (err, errlen, "an empty grid or block");
      return -1;
    }
  if ((uint64_t) block_x * block_y * block_z > 1024)
    {
      set_err (err, errlen, "more than 1024 threads per CTA");
      return -1;
    }
  if (k->reqntid[0]
      && (block_x != k->reqntid[0] || block_y != k->reqntid[1]
	  || block_z != k->reqntid[2]))
    {
      snprintf (buf, sizeof buf, "kernel %s requires a block of %u x %u x %u "
		"threads (.reqntid), not %u x %u x %u", name, k->reqntid[0],
		k->reqntid[1], k->reqntid[2], block_x, block_y, block_z);
      set_err (err, errlen, buf);
      return -1;
    }
  if (k->maxntid[0]
      && (uint64_t) block_x * block_y * block_z
	 > (uint64_t) k->maxntid[0] * k->maxntid[1] * k->maxntid[2])
    {
      set_err (err, errlen, "more threads than .maxntid allows");
      return -1;
    }
  /* The parameters.  */
  for (size_t i = 0; i < k->params.size (); i++)
    {
      if (!params || !params[i])
	{
	  set_err (err, errlen, "a missing kernel parameter");
	  return -1;
	}
      uint64_t v = 0;
      memcpy (&v, params[i], k->params[i].bits / 8);
      k->init[k->params[i].slot] = v;
    }

  launch L;
  L.prog = m;
  L.k = k;
  memcpy (L.grid, grid, sizeof grid);
  memcpy (L.block, block, sizeof block);
  L.nthreads = block_x * block_y * block_z;
  L.th.resize (L.nthreads);
  L.shared = (uint8_t *) aligned_alloc (64, ((k->shared_size + 63) & ~63ull)
						+ 64);
  const char *e = getenv ("PTXSIM_MAX_STEPS");
  L.max_steps = e && *e ? strtoull (e, nullptr, 0) : 2000000000ull;
  const char *s = getenv ("PTXSIM_SCHED");
  if (s && !strcmp (s, "reverse"))
    L.sched = 1;
  else if (s && !strcmp (s, "random"))
    L.sched = 2;
  else if (s && *s && strcmp (s, "forward"))
    {
      set_err (err, errlen, "PTXSIM_SCHED is forward, reverse or random");
      return -1;
    }
  L.read_maps ();
  const char *seed = getenv ("PTXSIM_SEED");
  L.rng.seed (seed && *seed ? strtoull (seed, nullptr, 0) : 1);
  int fround = fegetround ();
  fesetround (FE_TONEAREST);
  bool ok = true;
  try
    {
      for (unsigned z = 0; z < grid_z && ok; z++)
	for (unsigned y = 0; y < grid_y && ok; y++)
	  for (unsigned x = 0; x < grid_x && ok; x++)
	    {
	      L.cta[0] = x;
	      L.cta[1] = y;
	      L.cta[2] = z;
	      ok = L.run_cta ();
	    }
    }
  catch (const std::bad_alloc &)
    {
      /* The threads' register stacks and .local frames grow with their
	 calls.  */
      ok = false;
      L.err = "out of host memory for the threads' call stacks in kernel "
	      + k->name;
    }
  fesetround (fround);
  m->last_steps = L.steps;
  if (!ok)
    {
      set_err (err, errlen, L.err);
      return -1;
    }
  return 0;
}
