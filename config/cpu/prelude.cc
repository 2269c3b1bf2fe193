/* The cpu target: the C every image source starts with.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   Kernels are written against a small vocabulary, generated here for each
   SIMD width P (lanes) a unit uses:

     gw_mP           a lane mask: int32 lanes, -1 (on) or 0 (off);
     gw_u8xP ...     vectors of P unsigned (integer data is kept unsigned,
     gw_s8xP ...     so that it wraps), signed views, gw_f32xP, gw_f64xP;
     gw_laneP        the lane numbers 0 .. P-1;
     gw_iota_u<W>xP  the same in W-bit lanes;
     gw_splat_<T>xP  every lane a copy of one value;
     gw_anyP/allP    does any/every lane of a mask hold?
     gw_bitsP        a mask's lanes as the bits of an integer;
     gw_wide<W>xP    a mask reshaped for W-bit data;
     gw_blend_<T>xP  m ? a : b, lane by lane (C has no vector ?:);
     gw_lt_<T>xP ... comparisons (eq ne lt le gt ge), one register at a
		     time;
     gw_anyv_s64xP   does any lane of a 64-bit comparison hold?
     gw_sel_<T>xP    the same with a mask of T's own width;
     gw_ld/st_<T>xP   loads and stores at consecutive addresses under a
		     mask: one vector access at lane 0's address when every
		     lane is on, lane by lane at each lane's own address
		     otherwise (a lane that is off may hold a stale one);
     gw_gather/scatter_<T>xP   the same at one address per lane.

   any/all/bits use the ISA's mask tests and moves where the width matches
   a register (kortest and vpmovd2m on AVX-512, vptest and vmovmskps on
   AVX); everything else is plain GCC vector
   code that GCC maps to the ISA the image is built for.

   An image keeps of these only what its code uses (cpu_prelude, at the
   end): the whole vocabulary of one AVX-512 width is some 940 lines, a
   small unit's image needs a tenth of them, and every line is compiled
   at the image's -O level in every unit.  */

#include "cpu.h"
#include "../../libruntime/gangway-abi.h"

#include <algorithm>
#include <cstdarg>
#include <cstring>
#include <set>
#include <vector>

namespace {


struct elem_type
{
  const char *name;		/* u8 ... f64.  */
  const char *c;		/* The C element type.  */
  unsigned bits;
  const char *bits_view;	/* The unsigned view for bitwise blends.  */
};

const elem_type elems[] = {
  { "u8", "uint8_t", 8, "u8" },
  { "u16", "uint16_t", 16, "u16" },
  { "u32", "uint32_t", 32, "u32" },
  { "u64", "uint64_t", 64, "u64" },
  { "f32", "float", 32, "u32" },
  { "f64", "double", 64, "u64" },
};

/* The body of a consecutive load (LOAD) or store of P elements E at the
   address a under the lane mask m, when some lane is off: the ISA's
   masked accesses where it has them (they do not fault on the lanes that
   are off), lane by lane otherwise.  The load writes r, the store reads
   v.  */

std::string
masked_access (const elem_type &e, unsigned p, const cpu_isa &isa, bool load)
{
  std::string s;
  unsigned es = e.bits / 8, bytes = es * p;
  bool fp = e.name[0] == 'f';
  if (isa.vector_bytes >= 64 && es >= 4 && bytes % 64 == 0)
    {
      /* AVX-512: 64-byte chunks, a k-mask from the chunk's mask lanes
	 (vpmovd2m), then vmovdqu32/64 or vmovups/pd under it.  */
      const char *vec = fp ? (es == 4 ? "gw_v16sf" : "gw_v8df")
			   : (es == 4 ? "gw_v16si" : "gw_v8di");
      const char *ptr = fp ? (es == 4 ? "float" : "double")
			   : (es == 4 ? "int" : "long long");
      const char *op = fp ? (es == 4 ? "ups512" : "upd512")
			  : (es == 4 ? "dqusi512" : "dqudi512");
      dir_appendf (s, "      for (int c = 0; c < %u; c++)\n"
	   "        {\n", bytes / 64);
      if (es == 4)
	dir_appendf (s, "          gw_v16si mi; memcpy (&mi, (const char *) &m + c * 64, 64);\n"
	     "          unsigned short k = __builtin_ia32_cvtd2mask512 (mi);\n");
      else
	dir_appendf (s, "          gw_v8si mi; memcpy (&mi, (const char *) &m + c * 32, 32);\n"
	     "          unsigned char k = __builtin_ia32_cvtd2mask256 (mi);\n");
      if (load)
	dir_appendf (s, "          %s x = __builtin_ia32_load%s_mask ((const %s *) ((const char *) (uintptr_t) a + c * 64), (%s) {}, k);\n"
	     "          memcpy ((char *) &r + c * 64, &x, 64);\n", vec, op, ptr, vec);
      else
	dir_appendf (s, "          %s x; memcpy (&x, (const char *) &v + c * 64, 64);\n"
	     "          __builtin_ia32_store%s_mask ((%s *) ((char *) (uintptr_t) a + c * 64), x, k);\n",
	     vec, op, ptr);
      s += "        }\n";
      return s;
    }
  if (isa.vector_bytes >= 32 && es >= 4 && bytes % 32 == 0)
    {
      /* AVX2: 32-byte chunks; the mask is a vector of the element width
	 whose sign bits select (vpmaskmovd/q, vmaskmovps/pd).  */
      const char *vec = fp ? (es == 4 ? "gw_v8sf" : "gw_v4df")
			   : (es == 4 ? "gw_v8si" : "gw_v4di");
      const char *op = fp ? (es == 4 ? "ps256" : "pd256")
			  : (es == 4 ? "d256" : "q256");
      dir_appendf (s, "      for (int c = 0; c < %u; c++)\n"
	   "        {\n", bytes / 32);
      if (es == 4)
	dir_appendf (s, "          gw_v8si k; memcpy (&k, (const char *) &m + c * 32, 32);\n");
      else
	dir_appendf (s, "          gw_v4si mi; memcpy (&mi, (const char *) &m + c * 16, 16);\n"
	     "          gw_v4di k = __builtin_ia32_pmovsxdq256 (mi);\n");
      if (load)
	dir_appendf (s, "          %s x = __builtin_ia32_maskload%s ((const %s *) ((const char *) (uintptr_t) a + c * 32), k);\n"
	     "          memcpy ((char *) &r + c * 32, &x, 32);\n", vec, op, vec);
      else
	dir_appendf (s, "          %s x; memcpy (&x, (const char *) &v + c * 32, 32);\n"
	     "          __builtin_ia32_maskstore%s ((%s *) ((char *) (uintptr_t) a + c * 32), k, x);\n",
	     vec, op, vec);
      s += "        }\n";
      return s;
    }
  if (load)
    dir_appendf (s, "      for (int l = 0; l < %u; l++) if (m[l]) r[l] = ((const %s *) (uintptr_t) a)[l];\n",
	 p, e.c);
  else
    dir_appendf (s, "      for (int l = 0; l < %u; l++) if (m[l]) ((%s *) (uintptr_t) a)[l] = v[l];\n",
	 p, e.c);
  return s;
}

/* The prelude is a list of pieces, each the definition of one name (a
   type, a constant, a helper) or text every image keeps (the includes,
   the macros, the symbols the runtime looks up).  A piece names only
   what earlier pieces define, as C wants.  */

struct piece
{
  std::string name;		/* What it defines; empty: always kept.  */
  std::string text;
};

bool
ident_char (char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
	 || (c >= '0' && c <= '9') || c == '_';
}

/* The first identifier of S from FROM on that starts with gw_ (and not
   inside a longer name), as [*BEGIN, return value); npos if none.  */

size_t
next_name (const std::string &s, size_t from, size_t *begin)
{
  for (size_t k = s.find ("gw_", from); k != std::string::npos;
       k = s.find ("gw_", k + 1))
    {
      size_t e = k + 3;
      while (e < s.size () && ident_char (s[e]))
	e++;
      if (k == 0 || !ident_char (s[k - 1]))
	{
	  *begin = k;
	  return e;
	}
    }
  return std::string::npos;
}

/* The names the C text S uses: its identifiers that start with gw_.  */

void
collect_names (const std::string &s, std::set<std::string> &names)
{
  size_t k, e = 0;
  while ((e = next_name (s, e, &k)) != std::string::npos)
    names.insert (s.substr (k, e - k));
}

/* Pieces as the generators below write them: keep starts text every
   image keeps, def a definition, more adds to the last piece.  def finds
   the name it defines in its text: the first gw_ identifier followed by
   " (" (a function), " =" (a constant), " {" (a struct), ";" or
   " __attribute__" (a typedef, a variable).  The return type before a
   function's name never is: a space and the name follow it.  */

class prelude_builder
{
public:
  explicit prelude_builder (std::vector<piece> &pieces) : pieces (pieces) {}

  void keep (const char *fmt, ...) __attribute__ ((format (printf, 2, 3)))
  {
    va_list ap;
    va_start (ap, fmt);
    add (true, fmt, ap);
    va_end (ap);
  }

  void def (const char *fmt, ...) __attribute__ ((format (printf, 2, 3)))
  {
    va_list ap;
    va_start (ap, fmt);
    add (true, fmt, ap);
    va_end (ap);
    pieces.back ().name = defined_name (pieces.back ().text);
    dir_assert (!pieces.back ().name.empty ());
  }

  void more (const char *fmt, ...) __attribute__ ((format (printf, 2, 3)))
  {
    va_list ap;
    va_start (ap, fmt);
    add (false, fmt, ap);
    va_end (ap);
  }

private:
  /* Format FMT into a new piece (FRESH) or the last one.  */
  void
  add (bool fresh, const char *fmt, va_list ap)
  {
    if (fresh)
      pieces.push_back ({ "", "" });
    dir_vappendf (pieces.back ().text, fmt, ap);
  }

  static std::string
  defined_name (const std::string &s)
  {
    static const char *const after[] = { " (", " =", " {", ";",
					 " __attribute__" };
    size_t k, e = 0;
    while ((e = next_name (s, e, &k)) != std::string::npos)
      for (const char *a : after)
	if (s.compare (e, strlen (a), a) == 0)
	  return s.substr (k, e - k);
    return "";
  }

  std::vector<piece> &pieces;
};


/* The ISA's part: the includes, the x86 vector types, the symbols the
   runtime looks up, the helpers of every width.  */

void
base_pieces (std::vector<piece> &pieces, const cpu_isa &isa,
	     cpu_image_part part)
{
  prelude_builder b (pieces);
  b.keep ("/* Generated by Gangway for the cpu device (%s).  */\n"
	  "#include <stdint.h>\n"
	  "#include <string.h>\n"
	  "#include <math.h>\n", isa.level.c_str ());
  if (isa.vector_bytes >= 16)
    {
      /* The x86 vector types of GCC's builtins.  The kernels call the
	 few builtins they need (masked accesses, mask tests) directly, as
	 immintrin.h's functions do: parsing that header was most of the
	 time of compiling a small image.  */
      static const struct { const char *c, *name; unsigned bytes; } vt[] = {
	{ "int", "v4si", 16 }, { "float", "v4sf", 16 },
	{ "int", "v8si", 32 }, { "long long", "v4di", 32 },
	{ "float", "v8sf", 32 }, { "double", "v4df", 32 },
	{ "int", "v16si", 64 }, { "long long", "v8di", 64 },
	{ "float", "v16sf", 64 }, { "double", "v8df", 64 } };
      for (auto &t : vt)
	b.def ("typedef %s gw_%s __attribute__ ((vector_size (%u)));\n",
	       t.c, t.name, t.bytes);
    }
  /* The image's own data: defined once, in the first part of an image
     compiled in parts (the others declare it), and the routines that are
     not exported visible to every part (hidden from outside the image
     by -fvisibility=hidden) rather than static to one.  */
  bool defines = part != CPU_IMAGE_OTHER_PART;
  const char *ext = defines ? "" : "extern ";
  b.keep ("#define GW_EXPORT __attribute__ ((visibility (\"default\")))\n"
	  "#define GW_INLINE static inline __attribute__ ((always_inline))\n"
	  "#define GW_OUTLINE static __attribute__ ((noinline, unused))\n"
	  "#define GW_LOCAL%s\n"
	  "GW_EXPORT extern const unsigned int " GW_CPU_IMAGE_VERSION_SYMBOL
	  ";\n", part == CPU_IMAGE_WHOLE ? " static" : "");
  if (defines)
    b.more ("GW_EXPORT const unsigned int " GW_CPU_IMAGE_VERSION_SYMBOL
	    " = %u;\n", (unsigned) GW_CPU_IMAGE_VERSION);
  /* A gang's value of a deferred atomic, a gang reduction (emit.cc): the
     address, the value's bits (a complex product's real part, then its
     imaginary part), whether it has one.  */
  b.def ("struct gw_red_slot { uint64_t addr, bits, bits2; uint32_t set; };\n");
  /* What a routine knows of the thread that calls it (emit.cc): its
     position and the launch's dimensions.  */
  b.def ("struct gw_ctx { uint32_t gang, num_gangs, worker, num_workers, "
	 "vector, vector_length; };\n");
  /* The unit's global table, which the runtime sets when it loads the
     image: routines reach their unit's globals whoever calls them.  */
  b.keep ("GW_EXPORT %svoid *const *" GW_CPU_IMAGE_GLOBALS_SYMBOL ";\n",
	  ext);
  /* The lock of atomic complex products (exprs.cc): the first part of
     an image defines it whichever parts use it.  */
  if (part == CPU_IMAGE_FIRST_PART)
    b.keep ("int gw_cmul_lock __attribute__ ((unused));\n");
  else
    b.def ("%sGW_LOCAL int gw_cmul_lock __attribute__ ((unused));\n", ext);
  /* Do the N bytes at A meet the bytes [LO, HI) a cache of
     write-combined atomics holds (wcombine.cc)?  */
  b.def ("GW_INLINE int gw_wc_meets (uint64_t lo, uint64_t hi, uint64_t a, "
	 "uint64_t n) { return a < hi && lo < a + n; }\n");
  /* Copy the SIZE bytes at OFF of the lane frame SRC to the lane frame
     DST, both of BYTES bytes (frame.bcast, blocks.cc).  A word that holds
     an address inside SRC gets the same place inside DST: a pointer to
     the lane's own slot stays one, as an address in PTX's .local memory
     does.  GCC's lowering makes such pointers at -O0 (Fortran's reduction
     of a dummy argument: the pointer to the private copy is set in single
     code).  */
  b.def ("GW_INLINE void gw_frame_copy (unsigned char *dst, "
	 "const unsigned char *src, unsigned off, unsigned size, "
	 "unsigned bytes)\n"
	 "{\n"
	 "  __builtin_memcpy (dst + off, src + off, size);\n"
	 "  for (unsigned k = (off + 7) & ~7u; k + 8 <= off + size; k += 8)\n"
	 "    {\n"
	 "      uint64_t v;\n"
	 "      __builtin_memcpy (&v, dst + k, 8);\n"
	 "      if (v - (uint64_t) (uintptr_t) src < bytes)\n"
	 "        {\n"
	 "          v += (uint64_t) (uintptr_t) dst - (uint64_t) (uintptr_t) src;\n"
	 "          __builtin_memcpy (dst + k, &v, 8);\n"
	 "        }\n"
	 "    }\n"
	 "}\n");
  /* The lane checker's report (masking.cc).  */
  b.def ("extern int dprintf (int, const char *, ...);\n"
	 "extern void abort (void);\n"
	 "static __attribute__ ((cold, noinline, noreturn, unused)) void\n"
	 "gw_lane_fail (const char *k, unsigned r, unsigned b, "
	 "unsigned long long lanes)\n"
	 "{\n"
	 "  dprintf (2, \"gangway: lane check: %%s reads %%%%%%u at @%%u in "
	 "lanes 0x%%llx, which do not hold their own value of it\\n\", k, r, "
	 "b, lanes);\n"
	 "  abort ();\n"
	 "}\n\n");
}

/* The part of the SIMD width P.  Long for a reason: it is the C text
   of the width's types and helpers, one definition after the other,
   each of which the unit may use or not (prelude_builder).  */

void
width_pieces (std::vector<piece> &pieces, unsigned p, const cpu_isa &isa,
	      bool outline)
{
  prelude_builder b (pieces);
  b.keep ("/* SIMD width %u.  */\n", p);
  b.def ("typedef int32_t gw_m%u __attribute__ ((vector_size (%u)));\n",
       p, 4 * p);
  for (unsigned bits = 8; bits <= 64; bits *= 2)
    {
      b.def ("typedef uint%u_t gw_u%ux%u __attribute__ ((vector_size (%u)));\n",
	   bits, bits, p, bits / 8 * p);
      b.def ("typedef int%u_t gw_s%ux%u __attribute__ ((vector_size (%u)));\n",
	   bits, bits, p, bits / 8 * p);
    }
  b.def ("typedef float gw_f32x%u __attribute__ ((vector_size (%u)));\n",
       p, 4 * p);
  b.def ("typedef double gw_f64x%u __attribute__ ((vector_size (%u)));\n",
       p, 8 * p);

  b.def ("static const gw_u32x%u gw_lane%u = {", p, p);
  for (unsigned l = 0; l < p; l++)
    b.more ("%s%u", l ? ", " : " ", l);
  b.more (" };\n");

  /* Lane numbers in each integer width, for affine values.  */
  for (unsigned bits = 8; bits <= 64; bits *= 2)
    {
      b.def ("static const gw_u%ux%u gw_iota_u%ux%u = {", bits, p, bits, p);
      for (unsigned l = 0; l < p; l++)
	b.more ("%s%u", l ? ", " : " ", l);
      b.more (" };\n");
    }

  /* any / all.  */
  unsigned bytes = 4 * p;
  if (bytes == 64 && isa.vector_bytes >= 64)
    {
      b.def ("GW_INLINE int gw_any%u (gw_m%u m) { return __builtin_ia32_ptestmd512 ((gw_v16si) m, (gw_v16si) m, 0xffff) != 0; }\n", p, p);
      b.def ("GW_INLINE int gw_all%u (gw_m%u m) { return __builtin_ia32_ptestmd512 ((gw_v16si) m, (gw_v16si) m, 0xffff) == 0xffff; }\n", p, p);
    }
  else if (bytes == 32 && isa.vector_bytes >= 32)
    {
      b.def ("GW_INLINE int gw_any%u (gw_m%u m) { return !__builtin_ia32_ptestz256 ((gw_v4di) m, (gw_v4di) m); }\n", p, p);
      b.def ("GW_INLINE int gw_all%u (gw_m%u m) { return __builtin_ia32_movmskps256 ((gw_v8sf) m) == 0xff; }\n", p, p);
    }
  else if (bytes == 16)
    {
      b.def ("GW_INLINE int gw_any%u (gw_m%u m) { return __builtin_ia32_movmskps ((gw_v4sf) m) != 0; }\n", p, p);
      b.def ("GW_INLINE int gw_all%u (gw_m%u m) { return __builtin_ia32_movmskps ((gw_v4sf) m) == 0xf; }\n", p, p);
    }
  else
    {
      b.def ("GW_INLINE int gw_any%u (gw_m%u m) { int32_t r = 0; for (int l = 0; l < %u; l++) r |= m[l]; return r != 0; }\n", p, p, p);
      b.def ("GW_INLINE int gw_all%u (gw_m%u m) { int32_t r = -1; for (int l = 0; l < %u; l++) r &= m[l]; return r != 0; }\n", p, p, p);
    }

  /* The lanes of a mask as the bits of an integer, lane L at bit L (the
     lane checker's report; gathers and scatters).  */
  if (bytes == 64 && isa.vector_bytes >= 64)
    b.def ("GW_INLINE uint64_t gw_bits%u (gw_m%u m) { return __builtin_ia32_cvtd2mask512 ((gw_v16si) m); }\n", p, p);
  else if (bytes == 32 && isa.vector_bytes >= 32)
    b.def ("GW_INLINE uint64_t gw_bits%u (gw_m%u m) { return __builtin_ia32_movmskps256 ((gw_v8sf) m); }\n", p, p);
  else if (bytes == 16)
    b.def ("GW_INLINE uint64_t gw_bits%u (gw_m%u m) { return __builtin_ia32_movmskps ((gw_v4sf) m); }\n", p, p);
  else
    b.def ("GW_INLINE uint64_t gw_bits%u (gw_m%u m) { uint64_t r = 0; for (int l = 0; l < %u; l++) r |= (uint64_t) (m[l] != 0) << l; return r; }\n", p, p, p);

  /* Does any lane of a 64-bit comparison's result hold (-1)?  The
     registers ORed, then one test: no narrowing to a mask first.  */
  {
    unsigned rb = std::max (isa.vector_bytes, 16u), bytes = 8 * p;
    unsigned part = std::min (rb, bytes);
    std::string test;
    if (part == 64 && isa.vector_bytes >= 64)
      test = "__builtin_ia32_ptestmq512 ((gw_v8di) acc, (gw_v8di) acc, 0xff) != 0";
    else if (part == 32 && isa.vector_bytes >= 32)
      test = "!__builtin_ia32_ptestz256 ((gw_v4di) acc, (gw_v4di) acc)";
    else
      test = "({ int64_t r = 0; for (unsigned l = 0; l < sizeof acc / 8; "
	     "l++) r |= acc[l]; r != 0; })";
    b.def ("GW_INLINE int gw_anyv_s64x%u (gw_s64x%u v)\n{\n"
		 "  typedef int64_t gw_h __attribute__ ((vector_size (%u)));\n"
		 "  gw_h acc = {};\n"
		 "  for (unsigned k = 0; k < %u; k++)\n"
		 "    {\n      gw_h x;\n"
		 "      memcpy (&x, (const char *) &v + %u * k, %u);\n"
		 "      acc |= x;\n    }\n"
		 "  return %s;\n}\n", p, p, part, bytes / part, part, part,
		 test.c_str ());
  }

  /* Splats: every lane a copy of a scalar, as a vector constructor GCC
     turns into one broadcast.  */
  std::string xs;
  for (unsigned l = 0; l < p; l++)
    xs += l ? ", x" : "x";
  for (const elem_type &e : elems)
    b.def ("GW_INLINE gw_%sx%u gw_splat_%sx%u (%s x) { return (gw_%sx%u) { %s }; }\n",
	 e.name, p, e.name, p, e.c, e.name, p, xs.c_str ());

  /* Comparisons, lane by lane, as C's vector operators give them (-1 for
     true, in lanes of the operands' width).  GCC 12 compares vectors
     wider than the ISA's registers one element at a time; these compare
     them one register at a time.  */
  static const struct { const char *name, *op; } cmps[] = {
    { "eq", "==" }, { "ne", "!=" }, { "lt", "<" }, { "le", "<=" },
    { "gt", ">" }, { "ge", ">=" } };
  unsigned reg_bytes = std::max (isa.vector_bytes, 16u);
  for (unsigned k = 0; k < 10; k++)
    {
      /* u8 ... u64, s8 ... s64, f32, f64.  */
      const elem_type &e = elems[k < 8 ? k % 4 : k - 4];
      std::string n = k < 4 || k >= 8 ? e.name
		      : "s" + std::to_string (e.bits);
      std::string c = k >= 4 && k < 8 ? "int" + std::to_string (e.bits)
					 + "_t" : e.c;
      unsigned bytes = e.bits / 8 * p;
      for (auto &cm : cmps)
	{
	  b.def ("GW_INLINE gw_s%ux%u gw_%s_%sx%u (gw_%sx%u a, gw_%sx%u b)",
		       e.bits, p, cm.name, n.c_str (), p, n.c_str (), p,
		       n.c_str (), p);
	  if (bytes <= reg_bytes)
	    {
	      b.more (" { return (gw_s%ux%u) (a %s b); }\n", e.bits,
			   p, cm.op);
	      continue;
	    }
	  b.more ("\n{\n"
		       "  typedef %s gw_h __attribute__ ((vector_size (%u)));\n"
		       "  typedef int%u_t gw_hr __attribute__ ((vector_size (%u)));\n"
		       "  gw_s%ux%u r;\n"
		       "  for (int k = 0; k < %u; k++)\n"
		       "    {\n"
		       "      gw_h x, y;\n      gw_hr c;\n"
		       "      memcpy (&x, (const char *) &a + %u * k, %u);\n"
		       "      memcpy (&y, (const char *) &b + %u * k, %u);\n"
		       "      c = (gw_hr) (x %s y);\n"
		       "      memcpy ((char *) &r + %u * k, &c, %u);\n"
		       "    }\n"
		       "  return r;\n}\n", c.c_str (), reg_bytes, e.bits,
		       reg_bytes, e.bits, p, bytes / reg_bytes, reg_bytes,
		       reg_bytes, reg_bytes, reg_bytes, cm.op, reg_bytes,
		       reg_bytes);
	}
    }

  /* Masks reshaped for other element widths (-1 stays -1).  */
  for (unsigned bits = 8; bits <= 64; bits *= 2)
    if (bits == 32)
      b.def ("GW_INLINE gw_u32x%u gw_wide32x%u (gw_m%u m) { return (gw_u32x%u) m; }\n",
	   p, p, p, p);
    else
      b.def ("GW_INLINE gw_u%ux%u gw_wide%ux%u (gw_m%u m) { return (gw_u%ux%u) __builtin_convertvector (m, gw_s%ux%u); }\n",
	   bits, p, bits, p, p, bits, p, bits, p);

  /* Selects on a mask of the data's own width, as vector comparisons
     produce them.  */
  for (const elem_type &e : elems)
    b.def ("GW_INLINE gw_%sx%u gw_sel_%sx%u (gw_u%ux%u k, gw_%sx%u a, gw_%sx%u b) { return (gw_%sx%u) (((gw_%sx%u) a & k) | ((gw_%sx%u) b & ~k)); }\n",
	 e.name, p, e.name, p, e.bits, p, e.name, p, e.name, p, e.name, p,
	 e.bits_view, p, e.bits_view, p);

  /* Blends.  */
  b.def ("GW_INLINE gw_m%u gw_blend_mx%u (gw_m%u m, gw_m%u a, gw_m%u b) { return (a & m) | (b & ~m); }\n",
       p, p, p, p, p);
  for (const elem_type &e : elems)
    {
      b.def ("GW_INLINE gw_%sx%u gw_blend_%sx%u (gw_m%u m, gw_%sx%u a, gw_%sx%u b) { gw_u%ux%u k = gw_wide%ux%u (m); return (gw_%sx%u) (((gw_%sx%u) a & k) | ((gw_%sx%u) b & ~k)); }\n",
	   e.name, p, e.name, p, p, e.name, p, e.name, p, e.bits, p, e.bits, p,
	   e.name, p, e.bits_view, p, e.bits_view, p);
    }

  /* Memory.  */
  std::string all_bits = p == 64 ? "~UINT64_C (0)"
    : "UINT64_C (" + std::to_string ((UINT64_C (1) << p) - 1) + ")";
  /* Are the lanes' addresses consecutive?  The first and last lanes'
     rule most others out at once.  */
  b.def ("GW_INLINE int gw_consecutive%u (gw_u64x%u a, uint64_t size)\n"
	       "{\n"
	       "  if (a[%u] - a[0] != %u * size)\n"
	       "    return 0;\n"
	       "  gw_u64x%u d = a - (gw_splat_u64x%u (a[0]) + gw_iota_u64x%u * size);\n"
	       "  uint64_t z = 0;\n"
	       "  for (int l = 0; l < %u; l++) z |= d[l];\n"
	       "  return z == 0;\n"
	       "}\n", p, p, p - 1, p - 1, p, p, p, p);
  for (const elem_type &e : elems)
    {
      const char *n = e.name, *c = e.c;
      b.def ("GW_INLINE gw_%sx%u gw_ld_%sx%u (uint64_t a, gw_m%u m)\n"
	   "{\n"
	   "  gw_%sx%u r = {};\n"
	   "  if (gw_all%u (m))\n"
	   "    memcpy (&r, (const void *) (uintptr_t) a, sizeof r);\n"
	   "  else\n"
	   "    {\n%s"
	   "    }\n"
	   "  return r;\n"
	   "}\n",
	   n, p, n, p, p, n, p, p, masked_access (e, p, isa, true).c_str ());
      b.def ("GW_INLINE void gw_st_%sx%u (uint64_t a, gw_%sx%u v, gw_m%u m)\n"
	   "{\n"
	   "  if (gw_all%u (m))\n"
	   "    memcpy ((void *) (uintptr_t) a, &v, sizeof v);\n"
	   "  else\n"
	   "    {\n%s"
	   "    }\n"
	   "}\n",
	   n, p, n, p, p, p, masked_access (e, p, isa, false).c_str ());
      /* Lanes whose addresses turn out consecutive (a collapsed nest's
	 row, away from its ends) take the vector load or store.  The
	 others go lane by lane through arrays on the stack: a vector
	 stored once and read an element at a time costs less than taking
	 each element out of the register.  In an image with a big
	 function (OUTLINE) they are functions of their own: inlined at
	 each of hundreds of uses, they made GCC take minutes over a
	 kernel.  */
      const char *mem = outline ? "GW_OUTLINE" : "GW_INLINE";
      b.def (
	   "%s gw_%sx%u gw_gather_%sx%u (gw_u64x%u a, gw_m%u m)\n"
	   "{\n"
	   "  uint64_t aa[%u];\n"
	   "  %s t[%u] = { 0 };\n"
	   "  memcpy (aa, &a, sizeof aa);\n"
	   "  if (gw_consecutive%u (a, sizeof (%s)))\n"
	   "    return gw_ld_%sx%u (aa[0], m);\n"
	   "  uint64_t bits = gw_bits%u (m);\n"
	   "  if (bits == %s)\n"
	   "    for (int l = 0; l < %u; l++) t[l] = *(const %s *) (uintptr_t) aa[l];\n"
	   "  else\n"
	   "    for (int l = 0; l < %u; l++) if (bits >> l & 1) t[l] = *(const %s *) (uintptr_t) aa[l];\n"
	   "  gw_%sx%u r;\n"
	   "  memcpy (&r, t, sizeof r);\n"
	   "  return r;\n"
	   "}\n",
	   mem, n, p, n, p, p, p, p, c, p, p, c, n, p, p,
	   all_bits.c_str (), p, c, p, c, n, p);
      b.def (
	   "%s void gw_scatter_%sx%u (gw_u64x%u a, gw_%sx%u v, gw_m%u m)\n"
	   "{\n"
	   "  uint64_t aa[%u];\n"
	   "  %s t[%u];\n"
	   "  memcpy (aa, &a, sizeof aa);\n"
	   "  if (gw_consecutive%u (a, sizeof (%s)))\n"
	   "    {\n"
	   "      gw_st_%sx%u (aa[0], v, m);\n"
	   "      return;\n"
	   "    }\n"
	   "  memcpy (t, &v, sizeof t);\n"
	   "  uint64_t bits = gw_bits%u (m);\n"
	   "  for (int l = 0; l < %u; l++) if (bits >> l & 1) *(%s *) (uintptr_t) aa[l] = t[l];\n"
	   "}\n",
	   mem, n, p, p, n, p, p, p, c, p, p, c, n, p, p, p, c);
    }
  b.keep ("\n");
}

} // anon namespace

/* The pieces of the ISA and of each width, those that USES or a piece
   kept after them names: one walk from the last piece to the first
   finds them all, since a piece names only earlier ones.  */

std::string
cpu_prelude (const cpu_isa &isa, const std::vector<unsigned> &widths,
	     const std::string &uses, bool outline, cpu_image_part part)
{
  std::vector<piece> pieces;
  base_pieces (pieces, isa, part);
  for (unsigned w : widths)
    width_pieces (pieces, w, isa, outline);

  std::set<std::string> names;
  collect_names (uses, names);
  std::vector<bool> kept (pieces.size ());
  for (size_t k = pieces.size (); k-- > 0;)
    if (pieces[k].name.empty () || names.count (pieces[k].name))
      {
	kept[k] = true;
	collect_names (pieces[k].text, names);
      }
  std::string s;
  for (size_t k = 0; k < pieces.size (); k++)
    if (kept[k])
      s += pieces[k].text;
  return s;
}
