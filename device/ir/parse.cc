/* Device RTL: the text form, read.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   device/ir/ir.h.

   Reads the text form of docs/ir.md, the one dir_print writes, back into
   dir_funcs: a small hand-written lexer and a recursive-descent parser,
   one function per grammar rule of the specification.

   The parser checks the syntax, and what the in-memory form cannot hold:
   a register used but never defined (it would have no type), defined
   twice (a register has one definition), a branch to a block that does
   not exist, a phi after an ordinary insn.  Everything else (operand
   counts and types, terminators, SSA dominance, the partition properties)
   is the verifier's business, so that broken functions can be written
   down for verifier tests (testsuite/gangway.opt/verify-*.drtl).

   Registers and blocks may carry any numbers in the input; the parser maps
   them to registers and blocks in order of appearance, and the result is
   compacted (dir_compact), so that a function dir_print wrote reads back
   with the same numbers and prints identically.

   Every error is reported as a message with the line number, through a
   parse_error exception private to this file; nothing on the input can
   make the parser crash or trip an assertion.  */

#include "ir.h"
#include "print.h"

#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdarg>
#include <cstring>
#include <map>

namespace {

/* Thrown to abandon the parse: the message and where.  */
struct parse_error
{
  unsigned line;
  std::string msg;
};

/* Report the error MSG (a printf format and its arguments) at LINE.  */

[[noreturn]] void
fail (unsigned line, const char *fmt, ...)
  __attribute__ ((format (printf, 2, 3)));

void
fail (unsigned line, const char *fmt, ...)
{
  char buf[512];
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (buf, sizeof buf, fmt, ap);
  va_end (ap);
  throw parse_error { line, buf };
}

/* A token of the text form.  Sigils are not part of TEXT: "%12" is a REG
   whose text is "12".  */
struct token
{
  enum kind_t
  {
    EOL,		/* End of a line (comments are skipped).  */
    END,		/* End of the input.  */
    WORD,		/* Mnemonics, types, axes, keywords: [A-Za-z_][\w.]*  */
    NUM,		/* Unsigned numbers: [0-9][\w.]*, with e+/e- inside.  */
    REG,		/* %N  */
    LABEL,		/* @N: a block or a global.  */
    SLOT,		/* $N  */
    STRING,		/* "..." with escapes decoded.  */
    PUNCT		/* One of = , [ ] ( ) { } : + -  */
  } kind;
  std::string text;
  unsigned line;
  size_t start;		/* Offset in the input, to re-read it as a name.  */
};

/* Return a description of token T for messages.  */

std::string
describe (const token &t)
{
  switch (t.kind)
    {
    case token::EOL: return "the end of the line";
    case token::END: return "the end of the input";
    case token::STRING: return "a string";
    case token::REG: return "'%" + t.text + "'";
    case token::LABEL: return "'@" + t.text + "'";
    case token::SLOT: return "'$" + t.text + "'";
    default: return "'" + t.text + "'";
    }
}

/* Can C start a word?  */

bool
word_start_p (char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

/* Is C a decimal digit?  */

bool
digit_p (char c)
{
  return c >= '0' && c <= '9';
}

/* Can C continue a word or a number?  */

bool
word_char_p (char c)
{
  return word_start_p (c) || digit_p (c) || c == '.';
}

/* The lexer: turns the text into tokens on demand.  */
class lexer
{
public:
  lexer (const std::string &text) : s (text) {}
  token next ();
  std::string name ();
  /* Go back to the start of token T, to read it again differently.  */
  void rewind (const token &t) { pos = t.start; line = t.line; }
  unsigned line_no () const { return line; }

private:
  const std::string &s;
  size_t pos = 0;
  unsigned line = 1;

  void skip_blanks ();
  std::string digits (char sigil);
  std::string string_literal ();
};

/* Skip spaces, tabs, carriage returns and a comment up to the end of the
   line.  */

void
lexer::skip_blanks ()
{
  while (pos < s.size ())
    {
      char c = s[pos];
      if (c == ' ' || c == '\t' || c == '\r')
	pos++;
      else if (c == ';')
	while (pos < s.size () && s[pos] != '\n')
	  pos++;
      else
	break;
    }
}

/* Read the digits after the sigil SIGIL at the current position.  */

std::string
lexer::digits (char sigil)
{
  size_t start = pos;
  while (pos < s.size () && digit_p (s[pos]))
    pos++;
  if (pos == start)
    {
      if (pos < s.size () && s[pos] == '?')
	fail (line, "'%c?' is how dumps show a %s outside the function; it "
		    "cannot be read back", sigil,
	      sigil == '%' ? "register" : "block");
      fail (line, "expected digits after '%c'", sigil);
    }
  return s.substr (start, pos - start);
}

/* Read a string literal whose opening quote is at the current position,
   decoding the escapes \\, \" and \OOO (one to three octal digits).  */

std::string
lexer::string_literal ()
{
  std::string r;
  pos++;
  for (;;)
    {
      if (pos >= s.size () || s[pos] == '\n')
	fail (line, "a string without its closing '\"'");
      char c = s[pos++];
      if (c == '"')
	return r;
      if (c != '\\')
	{
	  r += c;
	  continue;
	}
      if (pos >= s.size ())
	fail (line, "a string without its closing '\"'");
      c = s[pos];
      if (c == '\\' || c == '"')
	{
	  r += c;
	  pos++;
	}
      else if (c >= '0' && c <= '7')
	{
	  unsigned v = 0;
	  for (int k = 0; k < 3 && pos < s.size ()
			  && s[pos] >= '0' && s[pos] <= '7'; k++)
	    v = v * 8 + (s[pos++] - '0');
	  if (v > 255)
	    fail (line, "the escape '\\%o' is not a byte", v);
	  r += (char) v;
	}
      else
	fail (line, "unknown escape '\\%c' in a string (use \\\\, \\\" or "
		    "\\OOO)", c);
    }
}

/* Return the next token.  */

token
lexer::next ()
{
  skip_blanks ();
  token t { token::END, "", line, pos };
  if (pos >= s.size ())
    return t;
  char c = s[pos];
  if (c == '\n')
    {
      pos++;
      line++;
      t.kind = token::EOL;
      return t;
    }
  if (word_start_p (c))
    {
      size_t start = pos;
      while (pos < s.size () && word_char_p (s[pos]))
	pos++;
      t.kind = token::WORD;
      t.text = s.substr (start, pos - start);
      return t;
    }
  if (digit_p (c))
    {
      /* A number; the printer's floats ("1e+10", "2.5e-05") have a sign
	 after the exponent letter.  */
      size_t start = pos;
      while (pos < s.size ()
	     && (word_char_p (s[pos])
		 || ((s[pos] == '+' || s[pos] == '-')
		     && (s[pos - 1] == 'e' || s[pos - 1] == 'E'))))
	pos++;
      t.kind = token::NUM;
      t.text = s.substr (start, pos - start);
      return t;
    }
  switch (c)
    {
    case '%':
      pos++;
      t.kind = token::REG;
      t.text = digits ('%');
      return t;
    case '@':
      pos++;
      t.kind = token::LABEL;
      t.text = digits ('@');
      return t;
    case '$':
      pos++;
      t.kind = token::SLOT;
      t.text = digits ('$');
      return t;
    case '"':
      t.kind = token::STRING;
      t.text = string_literal ();
      return t;
    case '=': case ',': case '[': case ']': case '(': case ')':
    case '{': case '}': case ':': case '+': case '-': case '>': case '.':
      pos++;
      t.kind = token::PUNCT;
      t.text = std::string (1, c);
      return t;
    default:
      if ((unsigned char) c < 32 || (unsigned char) c >= 127)
	fail (line, "unexpected byte 0x%02x", (unsigned char) c);
      fail (line, "unexpected character '%c'", c);
    }
}

/* Read a name: a run of characters other than blanks and ';'.  Return ""
   if there is none on the line.  */

std::string
lexer::name ()
{
  skip_blanks ();
  size_t start = pos;
  while (pos < s.size () && s[pos] != ' ' && s[pos] != '\t'
	 && s[pos] != '\r' && s[pos] != '\n' && s[pos] != ';')
    pos++;
  return s.substr (start, pos - start);
}

/* What the parser knows about a register number of the text.  */
struct reg_info
{
  uint32_t reg;			/* The register of the dir_func.  */
  unsigned line;		/* Where it was defined, or first used.  */
  bool defined;
};

/* What the parser knows about a block number of the text.  */
struct label_info
{
  dir_block *block;
  unsigned line;		/* Where it was defined, or first used.  */
  bool defined;
};

/* The parser: one method per rule of the grammar in docs/ir.md.  */
class parser
{
public:
  parser (const std::string &text) : lex (text) {}
  void file (dir_module *mod);

private:
  lexer lex;
  token tok;			/* The lookahead, if HAVE_TOK.  */
  bool have_tok = false;

  /* The function being read, and its numbering maps.  */
  std::unique_ptr<dir_func> fn;
  std::map<uint64_t, reg_info> regs;
  std::map<uint64_t, label_info> labels;
  dir_block *cur = nullptr;	/* The block being filled.  */

  const token &peek ();
  token take ();
  bool accept_punct (char c);
  void expect_punct (char c, const char *where);
  void expect_eol ();
  std::string name (const char *what);
  std::string word (const char *what);
  uint64_t number (const token &t, uint64_t max);
  int64_t integer (int64_t lo, int64_t hi, const char *what);

  std::unique_ptr<dir_func> function (bool routine);
  void header (bool routine);
  dir_level level ();
  dir_signature signature (bool *variadic = nullptr);
  dir_decl declaration ();
  void slot_line ();
  void global_line ();
  void body ();
  void insn (unsigned line);
  void insn_suffix (dir_insn *i, const token &m, std::string suffix,
		    const token *dest);
  void insn_operands (dir_insn *i);
  void finish ();

  dir_type type_name (const std::string &s, unsigned line);
  dir_opcode mnemonic (const token &t, std::string *suffix);
  dir_axis axis ();
  unsigned axes ();
  dir_block *block_ref ();
  uint32_t reg_ref (const token &t);
  dir_value imm (dir_type type);
  dir_value imm_word (dir_type type, const token &w, bool negative);
  dir_value value (const dir_insn *i, size_t k);
  void operands (dir_insn *i);
  void mem_operands (dir_insn *i);
  void branch_operands (dir_insn *i);
  void switch_operands (dir_insn *i);
  void phi_operands (dir_insn *i);
};

/* Return the lookahead token, reading it if needed.  */

const token &
parser::peek ()
{
  if (!have_tok)
    {
      tok = lex.next ();
      have_tok = true;
    }
  return tok;
}

/* Consume and return the lookahead token.  */

token
parser::take ()
{
  peek ();
  have_tok = false;
  return tok;
}

/* If the next token is the punctuation C, consume it and return true.  */

bool
parser::accept_punct (char c)
{
  const token &t = peek ();
  if (t.kind == token::PUNCT && t.text[0] == c)
    {
      take ();
      return true;
    }
  return false;
}

/* Consume the punctuation C, expected WHERE.  */

void
parser::expect_punct (char c, const char *where)
{
  if (!accept_punct (c))
    fail (peek ().line, "expected '%c' %s, found %s", c, where,
	  describe (peek ()).c_str ());
}

/* Consume the end of the line (or of the input).  */

void
parser::expect_eol ()
{
  const token &t = peek ();
  if (t.kind == token::END)
    return;
  if (t.kind != token::EOL)
    fail (t.line, "expected the end of the line, found %s",
	  describe (t).c_str ());
  take ();
}

/* Read a name, WHAT for messages (see lexer::name).  */

std::string
parser::name (const char *what)
{
  if (have_tok)
    {
      /* Names are read with their own rule: read the lookahead again.  */
      lex.rewind (tok);
      have_tok = false;
    }
  std::string n = lex.name ();
  if (n.empty ())
    fail (lex.line_no (), "expected %s", what);
  return n;
}

/* Read a WORD token, WHAT for messages.  */

std::string
parser::word (const char *what)
{
  const token &t = peek ();
  if (t.kind != token::WORD)
    fail (t.line, "expected %s, found %s", what, describe (t).c_str ());
  return take ().text;
}

/* Return the decimal number the NUM, REG, LABEL or SLOT token T spells,
   which must not exceed MAX.  */

uint64_t
parser::number (const token &t, uint64_t max)
{
  uint64_t v = 0;
  if (t.text.empty ())
    fail (t.line, "expected a number, found %s", describe (t).c_str ());
  for (char c : t.text)
    {
      if (!digit_p (c))
	fail (t.line, "'%s' is not a decimal integer", t.text.c_str ());
      unsigned d = c - '0';
      if (d > max || v > (max - d) / 10)
	fail (t.line, "the number %s is too large", t.text.c_str ());
      v = v * 10 + d;
    }
  return v;
}

/* Read an integer, optionally negative, between LO and HI; WHAT for
   messages.  */

int64_t
parser::integer (int64_t lo, int64_t hi, const char *what)
{
  bool negative = accept_punct ('-');
  const token &t = peek ();
  if (t.kind != token::NUM)
    fail (t.line, "expected %s, found %s", what, describe (t).c_str ());
  token n = take ();
  uint64_t mag = number (n, negative ? (uint64_t) INT64_MAX + 1
				     : (uint64_t) INT64_MAX);
  int64_t v = negative ? (int64_t) (0 - mag) : (int64_t) mag;
  if (v < lo || v > hi)
    fail (n.line, "%s %s%s is out of range", what, negative ? "-" : "",
	  n.text.c_str ());
  return v;
}

/* Return the type named S, read at LINE.  */

dir_type
parser::type_name (const std::string &s, unsigned line)
{
  for (int t = 0; t < DT_NUM; t++)
    if (s == dir_type_name ((dir_type) t))
      return (dir_type) t;
  fail (line, "unknown type '%s'", s.c_str ());
}

/* Return the opcode whose mnemonic starts the WORD token T, and set
   *SUFFIX to the rest of the word after the dot ("cmp.lt.i32" is CMP with
   suffix "lt.i32").  The longest mnemonic wins: "br.single" is not "br".  */

dir_opcode
parser::mnemonic (const token &t, std::string *suffix)
{
  int best = -1;
  size_t best_len = 0;
  for (int op = 0; op < DOP_NUM; op++)
    {
      const char *n = dir_op_table[op].name;
      size_t len = strlen (n);
      if (len > best_len && t.text.compare (0, len, n) == 0
	  && (t.text.size () == len || t.text[len] == '.'))
	{
	  best = op;
	  best_len = len;
	}
    }
  if (best < 0)
    fail (t.line, "unknown instruction '%s'", t.text.c_str ());
  *suffix = best_len < t.text.size () ? t.text.substr (best_len + 1) : "";
  return (dir_opcode) best;
}

/* Read an axis name.  */

dir_axis
parser::axis ()
{
  unsigned line = peek ().line;
  std::string w = word ("an axis (gang, worker or vector)");
  for (int a = 0; a < DA_NUM; a++)
    if (w == dir_axis_name ((dir_axis) a))
      return (dir_axis) a;
  fail (line, "unknown axis '%s' (gang, worker or vector)", w.c_str ());
}

/* Read a set of axes, "worker+vector" or "none", as a mask.  */

unsigned
parser::axes ()
{
  const token &t = peek ();
  if (t.kind == token::WORD && t.text == "none")
    {
      take ();
      return 0;
    }
  unsigned mask = 0;
  do
    {
      unsigned line = peek ().line;
      dir_axis a = axis ();
      if (mask & dir_axis_bit (a))
	fail (line, "the axis '%s' twice in a set", dir_axis_name (a));
      mask |= dir_axis_bit (a);
    }
  while (accept_punct ('+'));
  return mask;
}

/* Read a block reference "@N" and return its block, made on first
   mention.  */

dir_block *
parser::block_ref ()
{
  const token &t = peek ();
  if (t.kind != token::LABEL)
    fail (t.line, "expected a block ('@N'), found %s", describe (t).c_str ());
  token l = take ();
  uint64_t n = number (l, UINT64_MAX);
  auto it = labels.find (n);
  if (it != labels.end ())
    return it->second.block;
  fn->block_store.emplace_back (new dir_block);
  dir_block *b = fn->block_store.back ().get ();
  labels[n] = label_info { b, l.line, false };
  return b;
}

/* Return the register the REG token T names, made on first mention.  */

uint32_t
parser::reg_ref (const token &t)
{
  uint64_t n = number (t, UINT64_MAX);
  auto it = regs.find (n);
  if (it != regs.end ())
    return it->second.reg;
  uint32_t r = dir_new_reg (fn.get (), DT_VOID);
  regs[n] = reg_info { r, t.line, false };
  return r;
}

/* Return the immediate of TYPE that the WORD W spells ("nan", "inf"),
   negated if NEGATIVE.  */

dir_value
parser::imm_word (dir_type type, const token &w, bool negative)
{
  if (!dir_type_float_p (type))
    fail (w.line, "expected an integer immediate, found %s",
	  describe (w).c_str ());
  double d;
  if (w.text == "nan")
    d = NAN;
  else if (w.text == "inf")
    d = INFINITY;
  else
    fail (w.line, "expected a floating-point immediate, found %s",
	  describe (w).c_str ());
  if (negative)
    d = -d;
  return type == DT_F32 ? dir_imm_f32 ((float) d) : dir_imm_f64 (d);
}

/* Read an immediate of TYPE: an integer, or for f32/f64 a decimal float,
   "nan" or "inf", each optionally negated.  */

dir_value
parser::imm (dir_type type)
{
  bool negative = accept_punct ('-');
  const token &t = peek ();
  if (t.kind == token::WORD)
    return imm_word (type, take (), negative);
  if (t.kind != token::NUM)
    fail (t.line, "expected an immediate, found %s", describe (t).c_str ());
  token n = take ();

  if (dir_type_float_p (type))
    {
      /* The printer writes enough digits to give back the same bits.  */
      const char *s = n.text.c_str ();
      char *end;
      errno = 0;
      double d;
      if (type == DT_F32)
	d = strtof (s, &end);
      else
	d = strtod (s, &end);
      if (end == s || *end)
	fail (n.line, "'%s' is not a floating-point number", s);
      if (errno == ERANGE && std::isinf (d))
	fail (n.line, "the floating-point number '%s' is out of range", s);
      if (negative)
	d = -d;
      return type == DT_F32 ? dir_imm_f32 ((float) d) : dir_imm_f64 (d);
    }

  /* A b1 is 0 or 1.  */
  if (type == DT_B1)
    {
      if (negative || (n.text != "0" && n.text != "1"))
	fail (n.line, "a b1 immediate is 0 or 1");
      return dir_imm (type, n.text == "1");
    }

  /* Other integers may be written signed or unsigned if they fit TYPE;
     they are held sign-extended (ir.h), so i8:255 reads as -1.  */
  unsigned bits = type == DT_VOID ? 64 : 8 * dir_type_bytes (type);
  uint64_t umax = bits == 64 ? UINT64_MAX : (UINT64_C (1) << bits) - 1;
  uint64_t mag = number (n, UINT64_MAX);
  if (mag > (negative ? UINT64_C (1) << (bits - 1) : umax))
    fail (n.line, "the immediate %s%s does not fit %s", negative ? "-" : "",
	  n.text.c_str (), dir_type_name (type));
  uint64_t u = negative ? 0 - mag : mag;
  if (bits < 64)
    {
      uint64_t sign = UINT64_C (1) << (bits - 1);
      u &= umax;
      u = (u ^ sign) - sign;
    }
  return dir_imm (type, (int64_t) u);
}

/* Read operand K of I: a register, a typed immediate "T:V", or an
   immediate of the type that operand has by default (print.cc).  */

dir_value
parser::value (const dir_insn *i, size_t k)
{
  const token &t = peek ();
  if (t.kind == token::REG)
    {
      token r = take ();
      dir_value v;
      v.kind = dir_value::REG;
      v.reg = reg_ref (r);
      return v;			/* Its type is known at the end.  */
    }
  if (t.kind == token::WORD)
    {
      token w = take ();
      if (accept_punct (':'))
	return imm (type_name (w.text, w.line));
      dir_type dt = dir_default_operand_type (i, k);
      if (dt == DT_VOID)
	fail (w.line, "this immediate must spell its type (f32:%s)",
	      w.text.c_str ());
      return imm_word (dt, w, false);
    }
  if (t.kind == token::NUM || (t.kind == token::PUNCT && t.text == "-"))
    {
      dir_type dt = dir_default_operand_type (i, k);
      if (dt == DT_VOID)
	fail (t.line, "this immediate must spell its type (i32:5)");
      return imm (dt);
    }
  fail (t.line, "expected an operand, found %s", describe (t).c_str ());
}

/* Read the operands of the DOC_VALUE, DOC_CMP or DOC_CALL insn I: values
   separated by commas, up to the end of the line or a ')'.  */

void
parser::operands (dir_insn *i)
{
  const token &t = peek ();
  if (t.kind == token::EOL || t.kind == token::END
      || (t.kind == token::PUNCT && t.text == ")"))
    return;
  do
    i->ops.push_back (value (i, i->ops.size ()));
  while (accept_punct (','));
}

/* Read "[A+D]" for the memory access I, and ", V" for each further value
   operand, then the optional words "volatile", "atomic", "deferred",
   "combined", a memory order and "align N".  */

void
parser::mem_operands (dir_insn *i)
{
  expect_punct ('[', "before the address");
  i->ops.push_back (value (i, 0));
  bool plus = accept_punct ('+');
  if (plus || (peek ().kind == token::PUNCT && peek ().text == "-"))
    {
      int64_t d = integer (plus ? 0 : INT64_MIN, INT64_MAX,
			   "the displacement");
      i->disp = d;
    }
  expect_punct (']', "after the address");
  int nops = dir_op_table[i->op].nops;
  for (int k = 1; nops < 0 || k < nops; k++)
    {
      /* A variable count (atomic): values while a comma follows.  */
      if (nops < 0 && !accept_punct (','))
	break;
      if (nops >= 0)
	expect_punct (',', "before the next value");
      i->ops.push_back (value (i, k));
    }
  for (auto [word, flag] : { std::make_pair ("volatile", DIF_VOLATILE),
			     std::make_pair ("atomic", DIF_ATOMIC),
			     std::make_pair ("deferred", DIF_DEFERRED),
			     std::make_pair ("combined", DIF_COMBINED) })
    if (peek ().kind == token::WORD && peek ().text == word)
      {
	take ();
	i->flags |= flag;
      }
  if (peek ().kind == token::WORD)
    for (int o = 0; o < DMO_NUM; o++)
      if (peek ().text == dir_order_name ((dir_order) o))
	{
	  take ();
	  i->order = (dir_order) o;
	  break;
	}
  if (peek ().kind == token::WORD && peek ().text == "align")
    {
      unsigned line = take ().line;
      int64_t a = integer (1, 4, "an alignment");
      if (a == 3 || (unsigned) a >= dir_type_bytes (i->type))
	fail (line, "an alignment must be 1, 2 or 4 bytes and less than "
	      "the size of the type");
      i->align = a;
    }
}

/* Read the operands of the DOC_BRANCH insn I: values, then blocks, all
   separated by commas ("cbr %3, @1, @2").  The printer ends the values
   with a comma even when no block follows ("cbr %3," for a branch that
   lost its targets); such a comma is accepted.  */

void
parser::branch_operands (dir_insn *i)
{
  const token &t = peek ();
  if (t.kind == token::EOL || t.kind == token::END)
    return;
  do
    {
      token::kind_t k = peek ().kind;
      if (!i->ops.empty () && i->targets.empty ()
	  && (k == token::EOL || k == token::END))
	break;
      if (k == token::LABEL)
	i->targets.push_back (block_ref ());
      else if (!i->targets.empty ())
	fail (peek ().line, "expected a block ('@N'), found %s",
	      describe (peek ()).c_str ());
      else
	i->ops.push_back (value (i, i->ops.size ()));
    }
  while (accept_punct (','));
}

/* Read "V, @default, [K: @b], ..." for the switch I.  */

void
parser::switch_operands (dir_insn *i)
{
  i->ops.push_back (value (i, 0));
  expect_punct (',', "after the switch value");
  i->targets.push_back (block_ref ());
  while (accept_punct (','))
    {
      expect_punct ('[', "before a case");
      i->cases.push_back (integer (INT64_MIN, INT64_MAX, "a case value"));
      expect_punct (':', "after the case value");
      i->targets.push_back (block_ref ());
      expect_punct (']', "after a case");
    }
}

/* Read "[@b: V], ..." for the phi I.  */

void
parser::phi_operands (dir_insn *i)
{
  const token &t = peek ();
  if (t.kind == token::EOL || t.kind == token::END)
    return;
  do
    {
      expect_punct ('[', "before an incoming value");
      i->targets.push_back (block_ref ());
      expect_punct (':', "after the incoming block");
      i->ops.push_back (value (i, i->ops.size ()));
      expect_punct (']', "after an incoming value");
    }
  while (accept_punct (','));
}

/* Read into I the suffix SUFFIX of its mnemonic M: "COND.T" for CMP,
   "T" for the classes that spell a type (DOC_AXIS only with a result,
   the register DEST), nothing for the others.  */

void
parser::insn_suffix (dir_insn *i, const token &m, std::string suffix,
		     const token *dest)
{
  const dir_op_info &info = dir_op_table[i->op];
  bool typed = true;
  /* Take the first word of the suffix ("lt" of "lt.i32") as one of the
     COUNT names NAME_OF (K) gives; its index, or -1.  */
  auto leading = [&] (int count, auto name_of) {
    size_t dot = suffix.find ('.');
    if (dot == std::string::npos)
      return -1;
    std::string word = suffix.substr (0, dot);
    suffix = suffix.substr (dot + 1);
    for (int k = 0; k < count; k++)
      if (word == name_of (k))
	return k;
    return -1;
  };
  switch (info.cls)
    {
    case DOC_CMP:
      {
	int c = leading (DC_NUM, [] (int k) {
	  return dir_cond_name ((dir_cond) k); });
	if (c < 0)
	  fail (m.line, "expected cmp.COND.TYPE, found '%s'", m.text.c_str ());
	i->pred = (dir_cond) c;
	break;
      }
    case DOC_REDUCE: case DOC_ATOMIC:
      {
	int o = leading (DOP_NUM, [] (int k) {
	  return dir_op_name ((dir_opcode) k); });
	if (o < 0)
	  fail (m.line, "expected %s.OP.TYPE, found '%s'", info.name,
		m.text.c_str ());
	i->redop = (dir_opcode) o;
	break;
      }
    case DOC_GLOBAL: case DOC_SLOT:
      typed = false;
      i->type = DT_I64;		/* Addresses.  */
      break;
    case DOC_AXES: case DOC_AXES_BRANCH: case DOC_BRANCH:
      typed = false;
      break;
    case DOC_AXIS:
      /* The printer spells the type only with a result.  */
      typed = dest != nullptr || !suffix.empty ();
      break;
    default:
      break;
    }
  if (typed)
    {
      if (suffix.empty ())
	fail (m.line, "expected %s.TYPE, found '%s'", info.name,
	      m.text.c_str ());
      i->type = type_name (suffix, m.line);
    }
  else if (!suffix.empty ())
    fail (m.line, "'%s' takes no type suffix", info.name);
}

/* Read the operands of I, as its class spells them, up to the end of
   its line.  */

void
parser::insn_operands (dir_insn *i)
{
  const dir_op_info &info = dir_op_table[i->op];
  switch (info.cls)
    {
    case DOC_IMM:
      i->param = integer (0, UINT32_MAX, "a parameter number");
      break;
    case DOC_VALUE:
    case DOC_CMP:
      operands (i);
      if (info.cls == DOC_VALUE && peek ().kind == token::WORD
	  && peek ().text == "nsw")
	{
	  unsigned line = take ().line;
	  if ((i->op != DOP_ADD && i->op != DOP_SUB && i->op != DOP_MUL)
	      || !dir_type_int_p (i->type))
	    fail (line, "'nsw' is for integer add, sub and mul only");
	  i->flags |= DIF_NSW;
	}
      break;
    case DOC_MEM:
    case DOC_ATOMIC:
      mem_operands (i);
      break;
    case DOC_REDUCE:
      i->axes = axes ();
      i->ops.push_back (value (i, 0));
      while (accept_punct (','))
	i->ops.push_back (value (i, i->ops.size ()));
      break;
    case DOC_GLOBAL:
    case DOC_SLOT:
      {
	const token &t = peek ();
	token::kind_t want = info.cls == DOC_GLOBAL ? token::LABEL
			     : token::SLOT;
	if (t.kind != want)
	  fail (t.line, "expected %s, found %s",
		want == token::LABEL ? "a global ('@N')" : "a slot ('$N')",
		describe (t).c_str ());
	uint32_t n = number (take (), UINT32_MAX);
	(info.cls == DOC_GLOBAL ? i->global : i->slot) = n;
	break;
      }
    case DOC_CALL:
    case DOC_DCALL:
      if (info.cls == DOC_DCALL && peek ().kind == token::WORD
	  && peek ().text == "library")
	{
	  take ();
	  i->flags |= DIF_LIBRARY;
	}
      else if (info.cls == DOC_DCALL)
	i->axes = dir_level_axes (level ());
      i->callee = word ("the name of the called function");
      expect_punct ('(', "after the called function");
      operands (i);
      expect_punct (')', "after the arguments");
      break;
    case DOC_AXIS:
      i->axis = axis ();
      break;
    case DOC_AXES:
      i->axes = axes ();
      /* frame.bcast: the slots it broadcasts.  */
      while (i->op == DOP_FRAME_BCAST && peek ().kind == token::SLOT)
	i->slots.push_back (number (take (), UINT32_MAX));
      break;
    case DOC_AXES_VALUE:
      i->axes = axes ();
      i->ops.push_back (value (i, 0));
      break;
    case DOC_AXES_BRANCH:
      i->axes = axes ();
      expect_punct (',', "after the axes");
      i->targets.push_back (block_ref ());
      expect_punct (',', "between the targets");
      i->targets.push_back (block_ref ());
      break;
    case DOC_BRANCH:
      branch_operands (i);
      break;
    case DOC_SWITCH:
      switch_operands (i);
      break;
    case DOC_PHI:
      phi_operands (i);
      break;
    }
}

/* Read one insn, on LINE, into the current block: "[%r =] MNEMONIC
   OPERANDS".  */

void
parser::insn (unsigned line)
{
  const token *dest = nullptr;
  token dest_tok;
  if (peek ().kind == token::REG)
    {
      dest_tok = take ();
      dest = &dest_tok;
      expect_punct ('=', "after the defined register");
    }
  if (peek ().kind != token::WORD)
    fail (peek ().line, "expected an instruction, found %s",
	  describe (peek ()).c_str ());
  token m = take ();
  if (!cur)
    fail (line, "an instruction outside a block (a block starts with "
		"'@N:')");
  std::string suffix;
  dir_opcode op = mnemonic (m, &suffix);
  dir_insn *i = dir_new_insn (fn.get (), op);
  i->loc = 0;

  insn_suffix (i, m, suffix, dest);
  insn_operands (i);
  expect_eol ();

  if (dest)
    {
      uint32_t r = reg_ref (*dest);
      reg_info &ri = regs[number (*dest, UINT64_MAX)];
      if (ri.defined)
	fail (dest->line, "the register %%%s is defined twice (first on line "
			  "%u)", dest->text.c_str (), ri.line);
      ri.defined = true;
      ri.line = dest->line;
      i->dest = r;
      fn->regs[r].type = dir_result_type (i);
      fn->regs[r].def = i;
    }

  if (op == DOP_PHI)
    {
      if (!cur->insns.empty ())
	fail (line, "a phi after the first ordinary instruction of its "
		    "block");
      dir_add_phi (cur, i);
    }
  else
    dir_append (cur, i);
}

/* Read the function body after its '{': blocks and their insns, up to the
   closing '}'.  */

void
parser::body ()
{
  for (;;)
    {
      const token &t = peek ();
      unsigned line = t.line;
      switch (t.kind)
	{
	case token::EOL:
	  take ();
	  continue;
	case token::END:
	  fail (line, "the input ends inside the function; expected '}'");
	case token::PUNCT:
	  if (t.text == "}")
	    {
	      take ();
	      expect_eol ();
	      return;
	    }
	  break;
	case token::LABEL:
	  {
	    token l = t;
	    dir_block *b = block_ref ();
	    expect_punct (':', "after the block label");
	    expect_eol ();
	    label_info &li = labels[number (l, UINT64_MAX)];
	    if (li.defined)
	      fail (line, "the block @%s is defined twice (first on line %u)",
		    l.text.c_str (), li.line);
	    li.defined = true;
	    li.line = line;
	    b->index = fn->blocks.size ();
	    fn->blocks.push_back (b);
	    cur = b;
	    continue;
	  }
	default:
	  break;
	}
      insn (line);
    }
}

/* Read a routine's level: "seq", "vector", "worker" or "gang".  */

dir_level
parser::level ()
{
  unsigned line = peek ().line;
  std::string w = word ("a level ('seq', 'vector', 'worker' or 'gang')");
  for (int l = DL_GANG; l <= DL_SEQ; l++)
    if (w == dir_level_name ((dir_level) l))
      return (dir_level) l;
  fail (line, "expected a level ('seq', 'vector', 'worker' or 'gang'), "
	"found '%s'", w.c_str ());
}

/* Read a signature: "(TYPE, ...) -> TYPE".  */

dir_signature
parser::signature (bool *variadic)
{
  dir_signature sig;
  expect_punct ('(', "before the parameter types");
  if (!accept_punct (')'))
    {
      do
	{
	  unsigned line = peek ().line;
	  if (variadic && accept_punct ('.'))
	    {
	      /* "..." ends a library function's parameters.  */
	      expect_punct ('.', "in '...'");
	      expect_punct ('.', "in '...'");
	      *variadic = true;
	      break;
	    }
	  dir_type t = type_name (word ("a parameter type"), line);
	  if (t == DT_VOID)
	    fail (line, "a parameter of type void");
	  sig.params.push_back (t);
	}
      while (accept_punct (','));
      expect_punct (')', "after the parameter types");
    }
  expect_punct ('-', "before the result type ('-> TYPE')");
  expect_punct ('>', "before the result type ('-> TYPE')");
  unsigned line = peek ().line;
  sig.result = type_name (word ("the result type"), line);
  return sig;
}

/* Read "declare NAME LEVEL (TYPES) -> TYPE [host NAME]" after its
   keyword; LEVEL is "library" for a function of the device's C library,
   whose TYPES may end with "...".  */

dir_decl
parser::declaration ()
{
  dir_decl d;
  d.name = word ("the declared routine's name");
  if (peek ().kind == token::WORD && peek ().text == "library")
    {
      take ();
      d.library = true;
    }
  else
    d.level = level ();
  d.sig = signature (d.library ? &d.variadic : nullptr);
  if (peek ().kind == token::WORD && peek ().text == "host")
    {
      take ();
      d.host_name = name ("the name of the host version");
    }
  expect_eol ();
  return d;
}

/* Read the header line "function NAME [host NAME] dims G W V", or, for a
   ROUTINE, "routine NAME LEVEL [export] (TYPES) -> TYPE [host NAME] dims
   G W V", after its keyword.  */

void
parser::header (bool routine)
{
  if (routine)
    {
      fn->kind = DFK_ROUTINE;
      fn->name = word ("the routine's name");
      fn->level = level ();
      if (peek ().kind == token::WORD && peek ().text == "export")
	{
	  take ();
	  fn->exported = true;
	}
      fn->sig = signature ();
    }
  else
    fn->name = name ("the function's name");
  unsigned line = peek ().line;
  std::string w = word ("'host' or 'dims'");
  if (w == "host")
    {
      fn->host_name = name ("the name of the host version");
      line = peek ().line;
      w = word ("'dims'");
    }
  if (w != "dims")
    fail (line, "expected 'dims', found '%s'", w.c_str ());
  for (int a = 0; a < DA_NUM; a++)
    fn->dims[a] = integer (INT_MIN, INT_MAX, "a dimension");
  expect_eol ();
}

/* Read "slot $N SIZE ALIGN NAME [shared [worker]]" after its keyword.  */

void
parser::slot_line ()
{
  const token &t = peek ();
  if (t.kind != token::SLOT)
    fail (t.line, "expected '$N' after 'slot', found %s",
	  describe (t).c_str ());
  token n = take ();
  if (number (n, UINT64_MAX) != fn->slots.size ())
    fail (n.line, "slot $%s out of order; expected $%zu", n.text.c_str (),
	  fn->slots.size ());
  dir_slot s;
  s.size = integer (0, UINT32_MAX, "a slot size");
  s.align = integer (0, UINT32_MAX, "a slot alignment");
  s.name = name ("the slot's name ('-' if it has none)");
  if (s.name == "-")
    s.name.clear ();
  if (peek ().kind == token::WORD && peek ().text == "shared")
    {
      take ();
      s.shared = true;
      if (peek ().kind == token::WORD && peek ().text == "worker")
	{
	  take ();
	  s.per_worker = true;
	}
    }
  expect_eol ();
  fn->slots.push_back (s);
}

/* Read "global @N host NAME" or "global @N data ALIGN STRING" after its
   keyword.  Host globals are given table indices in order, as the unit
   would; the text form does not carry them.  */

void
parser::global_line ()
{
  const token &t = peek ();
  if (t.kind != token::LABEL)
    fail (t.line, "expected '@N' after 'global', found %s",
	  describe (t).c_str ());
  token n = take ();
  if (number (n, UINT64_MAX) != fn->globals.size ())
    fail (n.line, "global @%s out of order; expected @%zu", n.text.c_str (),
	  fn->globals.size ());
  dir_global g;
  std::string kind = word ("'host' or 'data'");
  if (kind == "host")
    {
      g.kind = dir_global::HOST;
      g.name = name ("the name of the host global");
      int64_t index = 0;
      for (const dir_global &o : fn->globals)
	index += o.kind == dir_global::HOST;
      g.table_index = index;
    }
  else if (kind == "data")
    {
      g.kind = dir_global::DATA;
      g.align = integer (0, UINT32_MAX, "an alignment");
      const token &s = peek ();
      if (s.kind != token::STRING)
	fail (s.line, "expected the data as a string, found %s",
	      describe (s).c_str ());
      g.bytes = take ().text;
    }
  else
    fail (n.line, "expected 'host' or 'data', found '%s'", kind.c_str ());
  expect_eol ();
  fn->globals.push_back (g);
}

/* Check and complete the function read: every block and register used is
   defined; register operands get their registers' types.  */

void
parser::finish ()
{
  /* Report the first undefined name by line.  */
  const char *what = nullptr;
  uint64_t which = 0;
  unsigned line = UINT_MAX;
  for (auto &l : labels)
    if (!l.second.defined && l.second.line < line)
      {
	what = "the block @";
	which = l.first;
	line = l.second.line;
      }
  for (auto &r : regs)
    if (!r.second.defined && r.second.line < line)
      {
	what = "the register %";
	which = r.first;
	line = r.second.line;
      }
  if (what)
    fail (line, "%s%llu is used but not defined", what,
	  (unsigned long long) which);
  auto retype = [&] (dir_insn *i) {
    for (dir_value &v : i->ops)
      if (v.reg_p ())
	v.type = fn->regs[v.reg].type;
  };
  for (dir_block *b : fn->blocks)
    {
      for (dir_insn *i : b->phis)
	retype (i);
      for (dir_insn *i : b->insns)
	retype (i);
    }
  dir_compact (fn.get ());
  dir_fill_cfg (fn.get ());
}

/* Read one function, from after its "function" (or, for a ROUTINE,
   "routine") keyword to its '}'.  */

std::unique_ptr<dir_func>
parser::function (bool routine)
{
  fn.reset (new dir_func);
  regs.clear ();
  labels.clear ();
  cur = nullptr;
  header (routine);
  for (;;)
    {
      const token &t = peek ();
      if (t.kind == token::EOL)
	take ();
      else if (t.kind == token::PUNCT && t.text == "{")
	{
	  take ();
	  expect_eol ();
	  break;
	}
      else if (t.kind == token::WORD && t.text == "slot")
	{
	  take ();
	  slot_line ();
	}
      else if (t.kind == token::WORD && t.text == "global")
	{
	  take ();
	  global_line ();
	}
      else
	fail (t.line, "expected 'slot', 'global' or '{', found %s",
	      describe (t).c_str ());
    }
  body ();
  finish ();
  return std::move (fn);
}

/* Read every function and declaration of the input into MOD.  */

void
parser::file (dir_module *mod)
{
  for (;;)
    {
      const token &t = peek ();
      if (t.kind == token::END)
	return;
      if (t.kind == token::EOL)
	{
	  take ();
	  continue;
	}
      if (t.kind == token::WORD && t.text == "declare")
	{
	  take ();
	  mod->decls.push_back (declaration ());
	  continue;
	}
      if (t.kind != token::WORD
	  || (t.text != "function" && t.text != "routine"))
	fail (t.line, "expected 'function', 'routine' or 'declare', found %s",
	      describe (t).c_str ());
      bool routine = take ().text == "routine";
      mod->funcs.push_back (function (routine));
    }
}

} // anon namespace

/* Read the functions and declarations of TEXT into MOD.  Return false
   and set *ERROR to "FILE:LINE: message" (or "line LINE: message" if
   FILE is null) at the first error.  */

bool
dir_parse_module (const std::string &text, const char *file,
		  dir_module *mod, std::string *error)
{
  parser p (text);
  try
    {
      p.file (mod);
      return true;
    }
  catch (const parse_error &e)
    {
      *error = (file ? std::string (file) + ":" : std::string ("line "))
	       + std::to_string (e.line) + ": " + e.msg;
      return false;
    }
}

/* Read the functions of TEXT into FNS, as dir_parse_module; declarations
   are read and dropped.  */

bool
dir_parse_functions (const std::string &text, const char *file,
		     std::vector<std::unique_ptr<dir_func>> *fns,
		     std::string *error)
{
  dir_module mod;
  if (!dir_parse_module (text, file, &mod, error))
    return false;
  for (auto &f : mod.funcs)
    fns->push_back (std::move (f));
  return true;
}

/* Read the one function of TEXT.  Return null and set *ERROR to "line N:
   message" if TEXT is not a function in the text form.  */

std::unique_ptr<dir_func>
dir_parse (const std::string &text, std::string *error)
{
  std::vector<std::unique_ptr<dir_func>> fns;
  if (!dir_parse_functions (text, nullptr, &fns, error))
    return nullptr;
  if (fns.size () != 1)
    {
      *error = fns.empty () ? "line 1: no function in the input"
	       : "the input holds " + std::to_string (fns.size ())
		 + " functions, not one";
      return nullptr;
    }
  return std::move (fns[0]);
}
