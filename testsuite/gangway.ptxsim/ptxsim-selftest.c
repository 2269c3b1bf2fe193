/* ptxsim's own tests: hand-written PTX whose results the PTX ISA fixes
   (operand orders, clamped shifts, saturating conversions, NaN rules,
   shuffles, calls and their parameters, recursion, linking, vprintf),
   and the errors the interpreter must report (a shuffle or a barrier
   reached by only some threads, deadlocks, traps, bad accesses, the step
   limit, instructions outside the subset, calls that do not match their
   callee, unresolved or twice-defined functions, a call stack overflow).
   Prints what fails and the number of checks; exit status 0 if
   everything passes.

   PTXSIM_SELFTEST_DUMP=DIR writes the modules of the call, link and
   vprintf tests to DIR/NAME.MODE.ptx, MODE being what CUDA's ptxas must
   say of them: "ok" (ptxas -arch=sm_80 accepts it), "c" (ptxas -c
   -arch=sm_80 accepts it: it calls .extern functions of other modules)
   or "bad" (ptxas rejects it, as ptxsim must), so that they can be
   checked against ptxas:

     cd DIR; for f in *.ptx; do case $f in
       *.ok.ptx) ptxas -arch=sm_80 $f -o /dev/null || echo $f;;
       *.c.ptx) ptxas -c -arch=sm_80 $f -o /dev/null || echo $f;;
       *.bad.ptx) ptxas -c -arch=sm_80 $f -o /dev/null 2>/dev/null \
		    && echo $f;;
     esac; done  */

#include "ptxsim.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int failures, checks;

#define HEADER ".version 7.0\n.target sm_80\n.address_size 64\n"
#define ENTRY(NAME, X, Y)						\
  ".visible .entry " NAME " (.param .u64 gw_data, .param .u64 gw_globals)\n" \
  "\t.reqntid " #X ", " #Y ", 1\n"

/* Load TEXT, run kernel K on GRID x (BX, BY) threads with gw_data = OUT.
   Return the launch's status; the message in ERR.  LOAD_ERR: loading
   fails (then -2).  */

static int
run (const char *text, const char *k, unsigned grid, unsigned bx,
     unsigned by, void *out, char *err, size_t errlen)
{
  ptxsim_module *m = ptxsim_load (text, err, errlen);
  if (!m)
    return -2;
  void *globals = NULL;
  void *params[2] = { &out, &globals };
  int r = ptxsim_launch (m, k, grid, 1, 1, bx, by, 1, params, err, errlen);
  ptxsim_unload (m);
  return r;
}

static void
expect_ok (const char *what, int r, const char *err)
{
  checks++;
  if (r != 0)
    {
      printf ("FAIL %s: %s\n", what, err);
      failures++;
    }
}

static void
expect_error (const char *what, int r, const char *err, const char *needle)
{
  checks++;
  if (r == 0 || !strstr (err, needle))
    {
      printf ("FAIL %s: expected an error with '%s', got %s: %s\n", what,
	      needle, r == 0 ? "success" : "another error", r ? err : "");
      failures++;
    }
}

static void
check64 (const char *what, int i, uint64_t got, uint64_t want)
{
  checks++;
  if (got != want)
    {
      printf ("FAIL %s [%d]: 0x%llx, expected 0x%llx\n", what, i,
	      (unsigned long long) got, (unsigned long long) want);
      failures++;
    }
}

static uint64_t
fbits (float f)
{
  uint32_t u;
  memcpy (&u, &f, 4);
  return u;
}

static uint64_t
dbits (double d)
{
  uint64_t u;
  memcpy (&u, &d, 8);
  return u;
}

/* One thread computes a value per instruction form into out[].  */
static const char scalar_ptx[] =
  HEADER
  ".global .align 4 .b8 k_d0[4] = {1, 2, 3, 4};\n"
  ENTRY ("k", 1, 1)
  "{\n"
  "\t.reg .pred %p<8>;\n\t.reg .b32 %r<40>;\n\t.reg .b64 %rd<40>;\n"
  "\t.reg .f32 %f<20>;\n\t.reg .f64 %fd<20>;\n"
  "\t.local .align 8 .b8 loc[16];\n"
  "\tld.param.u64 %rd1, [gw_data];\n"
  /* 0: shl.b32 by 33 is 0.  */
  "\tmov.b32 %r1, 0x12345678;\n\tshl.b32 %r2, %r1, 33;\n"
  "\tcvt.u64.u32 %rd2, %r2;\n\tst.u64 [%rd1+0], %rd2;\n"
  /* 1: shr.s32 of -8 by 40 is -1.  */
  "\tmov.b32 %r3, -8;\n\tshr.s32 %r4, %r3, 40;\n"
  "\tcvt.s64.s32 %rd3, %r4;\n\tst.u64 [%rd1+8], %rd3;\n"
  /* 2: shf.l.wrap (rotate left) of 0x80000001 by 33 (wraps to 1).  */
  "\tmov.b32 %r5, 0x80000001;\n\tshf.l.wrap.b32 %r6, %r5, %r5, 33;\n"
  "\tcvt.u64.u32 %rd4, %r6;\n\tst.u64 [%rd1+16], %rd4;\n"
  /* 3: shf.r.wrap by 1.  */
  "\tshf.r.wrap.b32 %r7, %r5, %r5, 1;\n"
  "\tcvt.u64.u32 %rd5, %r7;\n\tst.u64 [%rd1+24], %rd5;\n"
  /* 4: prmt 0x11223344, 0, 0x0123 is a byte swap.  */
  "\tmov.b32 %r8, 0x11223344;\n\tprmt.b32 %r9, %r8, 0, 0x0123;\n"
  "\tcvt.u64.u32 %rd6, %r9;\n\tst.u64 [%rd1+32], %rd6;\n"
  /* 5: prmt with sign replication: 0x000080FF, 0x1118.  */
  "\tmov.b32 %r10, 0x000080FF;\n\tprmt.b32 %r11, %r10, 0, 0x1118;\n"
  "\tcvt.u64.u32 %rd7, %r11;\n\tst.u64 [%rd1+40], %rd7;\n"
  /* 6: copysign d, a, b takes a's sign: copysign (-1, 2) = -2.  */
  "\tcopysign.f32 %f1, 0fBF800000, 0f40000000;\n\tst.f32 [%rd1+48], %f1;\n"
  /* 7: selp d, a, b, c is c ? a : b.  */
  "\tsetp.eq.u32 %p1, %r1, %r1;\n\tselp.b32 %r12, 5, 7, %p1;\n"
  "\tcvt.u64.u32 %rd8, %r12;\n\tst.u64 [%rd1+56], %rd8;\n"
  /* 8-10: cvt.rzi.s32.f32 of NaN, 3e9, -3e9: 0, INT_MAX, INT_MIN.  */
  "\tcvt.rzi.s32.f32 %r13, 0f7FC00000;\n\tcvt.s64.s32 %rd9, %r13;\n"
  "\tst.u64 [%rd1+64], %rd9;\n"
  "\tcvt.rzi.s32.f32 %r14, 0f4F32D05E;\n\tcvt.s64.s32 %rd10, %r14;\n"
  "\tst.u64 [%rd1+72], %rd10;\n"
  "\tcvt.rzi.s32.f32 %r15, 0fCF32D05E;\n\tcvt.s64.s32 %rd11, %r15;\n"
  "\tst.u64 [%rd1+80], %rd11;\n"
  /* 11: cvt.rzi.u32.f32 of -5 is 0.  */
  "\tcvt.rzi.u32.f32 %r16, 0fC0A00000;\n\tcvt.u64.u32 %rd12, %r16;\n"
  "\tst.u64 [%rd1+88], %rd12;\n"
  /* 12-14: 2.5 by rni, -2.5 by rmi and rpi: 2, -3, -2.  */
  "\tcvt.rni.s64.f64 %rd13, 0d4004000000000000;\n\tst.u64 [%rd1+96], %rd13;\n"
  "\tcvt.rmi.s64.f64 %rd14, 0dC004000000000000;\n\tst.u64 [%rd1+104], %rd14;\n"
  "\tcvt.rpi.s64.f64 %rd15, 0dC004000000000000;\n\tst.u64 [%rd1+112], %rd15;\n"
  /* 15: cvt.s32.s8 of 0x1FF is -1; 16: cvt.u64.u16 of 0xFFFF1234.  */
  "\tmov.b32 %r17, 0x1FF;\n\tcvt.s32.s8 %r18, %r17;\n"
  "\tcvt.s64.s32 %rd16, %r18;\n\tst.u64 [%rd1+120], %rd16;\n"
  "\tmov.b32 %r19, 0xFFFF1234;\n\tcvt.u64.u16 %rd17, %r19;\n"
  "\tst.u64 [%rd1+128], %rd17;\n"
  /* 17: mad.wide.u32 0xFFFFFFFF * 2 + 1.  */
  "\tmov.b32 %r20, 0xFFFFFFFF;\n\tmad.wide.u32 %rd18, %r20, 2, 1;\n"
  "\tst.u64 [%rd1+136], %rd18;\n"
  /* 18: mul.hi.s32 -2 * 3 is -1; 19: mul.hi.u32 0x80000000 * 4 is 2.  */
  "\tmul.hi.s32 %r21, -2, 3;\n\tcvt.s64.s32 %rd19, %r21;\n"
  "\tst.u64 [%rd1+144], %rd19;\n"
  "\tmul.hi.u32 %r22, 0x80000000, 4;\n\tcvt.u64.u32 %rd20, %r22;\n"
  "\tst.u64 [%rd1+152], %rd20;\n"
  /* 20: float predicates on NaN: ltu, lt, num, nan, and setp.eq.or.  */
  "\tsetp.ltu.f32 %p2, 0f7FC00000, 0f3F800000;\n"
  "\tsetp.lt.f32 %p3, 0f7FC00000, 0f3F800000;\n"
  "\tsetp.num.f32 %p4, 0f7FC00000, 0f3F800000;\n"
  "\tsetp.nan.f64 %p5, 0d7FF8000000000000, 0d0000000000000000;\n"
  "\tsetp.eq.or.u32 %p6, 1, 2, %p1;\n"
  "\tselp.u32 %r23, 1, 0, %p2;\n\tselp.u32 %r24, 2, 0, %p3;\n"
  "\tselp.u32 %r25, 4, 0, %p4;\n\tselp.u32 %r26, 8, 0, %p5;\n"
  "\tselp.u32 %r27, 16, 0, %p6;\n"
  "\tor.b32 %r23, %r23, %r24;\n\tor.b32 %r23, %r23, %r25;\n"
  "\tor.b32 %r23, %r23, %r26;\n\tor.b32 %r23, %r23, %r27;\n"
  "\tcvt.u64.u32 %rd21, %r23;\n\tst.u64 [%rd1+160], %rd21;\n"
  /* 21: min.f32 NaN, 3 is 3.  */
  "\tmin.f32 %f2, 0f7FC00000, 0f40400000;\n\tst.f32 [%rd1+168], %f2;\n"
  /* 22: div.s32 INT_MIN / -1 wraps; 23: rem.s32 -7 % 3 is -1.  */
  "\tdiv.s32 %r28, 0x80000000, -1;\n\tcvt.s64.s32 %rd22, %r28;\n"
  "\tst.u64 [%rd1+176], %rd22;\n"
  "\trem.s32 %r29, -7, 3;\n\tcvt.s64.s32 %rd23, %r29;\n"
  "\tst.u64 [%rd1+184], %rd23;\n"
  /* 24: clz.b32 0 = 32, clz.b64 1 = 63, popc, brev: packed.  */
  "\tclz.b32 %r30, 0;\n\tclz.b64 %r31, 1;\n\tpopc.b64 %r32, -1;\n"
  "\tbrev.b32 %r33, 1;\n"
  "\tadd.u32 %r30, %r30, %r31;\n\tadd.u32 %r30, %r30, %r32;\n"
  "\tadd.u32 %r30, %r30, %r33;\n\tcvt.u64.u32 %rd24, %r30;\n"
  "\tst.u64 [%rd1+192], %rd24;\n"
  /* 25: module data through cvta.global.  */
  "\tcvta.global.u64 %rd25, k_d0;\n\tld.u32 %r34, [%rd25+0];\n"
  "\tcvt.u64.u32 %rd26, %r34;\n\tst.u64 [%rd1+200], %rd26;\n"
  /* 26: .local through its generic address and back.  */
  "\tcvta.local.u64 %rd27, loc;\n\tst.u64 [%rd27+8], %rd18;\n"
  "\tld.local.u64 %rd28, [loc+8];\n\tst.u64 [%rd1+208], %rd28;\n"
  /* 27: mov.b64 {lo, hi} and back, swapped.  */
  "\tmov.b64 {%r35, %r36}, %rd18;\n\tmov.b64 %rd29, {%r36, %r35};\n"
  "\tst.u64 [%rd1+216], %rd29;\n"
  /* 28: neg.f32 of +0 is -0; 29: abs.s32 of INT_MIN is INT_MIN.  */
  "\tneg.f32 %f3, 0f00000000;\n\tst.f32 [%rd1+224], %f3;\n"
  "\tabs.s32 %r37, 0x80000000;\n\tcvt.u64.u32 %rd30, %r37;\n"
  "\tst.u64 [%rd1+232], %rd30;\n"
  /* 30: cvt.rn.f32.f64 rounds to nearest; 31: cvt.rzi.f32.f32 of -2.7.  */
  "\tcvt.rn.f32.f64 %f4, 0d3FF0000010000000;\n\tst.f32 [%rd1+240], %f4;\n"
  "\tcvt.rzi.f32.f32 %f5, 0fC02CCCCD;\n\tst.f32 [%rd1+248], %f5;\n"
  /* 32: sqrt.rn.f64 2; 33: fma.rn.f32 is fused.  */
  "\tsqrt.rn.f64 %fd1, 0d4000000000000000;\n\tst.f64 [%rd1+256], %fd1;\n"
  "\tmov.f32 %f6, 0f3F800001;\n"
  "\tfma.rn.f32 %f7, %f6, %f6, 0fBF800002;\n\tst.f32 [%rd1+264], %f7;\n"
  /* 34, 35: float literals as the bits of .b32 and .b64 moves.  */
  "\tmov.b32 %r38, 0f80000000;\n\tcvt.u64.u32 %rd31, %r38;\n"
  "\tst.u64 [%rd1+272], %rd31;\n"
  "\tmov.b64 %rd32, 0dBFF0000000000000;\n\tst.u64 [%rd1+280], %rd32;\n"
  "\tret;\n"
  "}\n";

/* 32 lanes shuffle: from lane 5, then within segments of 8 lanes.  */
static const char shfl_ptx[] =
  HEADER
  ENTRY ("k", 32, 1)
  "{\n"
  "\t.reg .b32 %r<10>;\n\t.reg .b64 %rd<10>;\n"
  "\tld.param.u64 %rd1, [gw_data];\n"
  "\tmov.u32 %r1, %tid.x;\n\tmul.lo.s32 %r2, %r1, 10;\n"
  "\tshfl.sync.idx.b32 %r3, %r2, 5, 31, -1;\n"
  "\tshfl.sync.idx.b32 %r4, %r2, 3, 0x181f, -1;\n"
  "\tbar.warp.sync -1;\n"
  "\tmul.wide.u32 %rd2, %r1, 8;\n\tadd.s64 %rd3, %rd1, %rd2;\n"
  "\tst.u32 [%rd3+0], %r3;\n\tst.u32 [%rd3+4], %r4;\n"
  "\tret;\n"
  "}\n";

/* Threads 16.. exit; the others meet at bar.sync 0 (exited threads are
   not waited for), then two warps at named barriers of their own.  */
static const char bar_ptx[] =
  HEADER
  ENTRY ("k", 64, 1)
  "{\n"
  "\t.reg .pred %p<4>;\n\t.reg .b32 %r<10>;\n\t.reg .b64 %rd<10>;\n"
  "\t.shared .align 4 .b8 buf[256];\n"
  "\tld.param.u64 %rd1, [gw_data];\n"
  "\tmov.u32 %r1, %tid.x;\n"
  "\tmul.wide.u32 %rd2, %r1, 4;\n"
  "\tmov.u64 %rd3, buf;\n\tadd.s64 %rd4, %rd3, %rd2;\n"
  "\tst.shared.u32 [%rd4+0], %r1;\n"
  "\tshr.u32 %r2, %r1, 5;\n\tadd.u32 %r2, %r2, 1;\n"
  "\tbar.sync %r2, 32;\n"
  /* Read the neighbour's word, within the warp.  */
  "\txor.b32 %r3, %r1, 1;\n\tmul.wide.u32 %rd5, %r3, 4;\n"
  "\tadd.s64 %rd6, %rd3, %rd5;\n\tld.shared.u32 %r4, [%rd6+0];\n"
  "\tadd.s64 %rd7, %rd1, %rd2;\n\tst.u32 [%rd7+0], %r4;\n"
  "\tsetp.ge.u32 %p1, %r1, 16;\n\t@%p1 bra $Lexit;\n"
  "\tbar.sync 0;\n"
  "\tst.u32 [%rd7+0], 77;\n"
  "$Lexit:\n"
  "\tret;\n"
  "}\n";

/* Error cases: each kernel and the error it must give.  */
static const struct
{
  const char *what, *ptx;
  unsigned bx, by;
  const char *needle;
} errors[] = {
  { "a shuffle in vector-single code",
    HEADER ENTRY ("k", 32, 1)
    "{\n\t.reg .pred %p<4>;\n\t.reg .b32 %r<10>;\n"
    "\tmov.u32 %r1, %tid.x;\n\tsetp.ne.u32 %p1, %r1, 0;\n"
    "\t@%p1 bra $L1;\n\tshfl.sync.idx.b32 %r2, %r1, 0, 31, -1;\n"
    "$L1:\n\tret;\n}\n", 32, 1, "executed by only some of the lanes" },
  { "a shuffle some lanes skip for a barrier",
    HEADER ENTRY ("k", 32, 2)
    "{\n\t.reg .pred %p<4>;\n\t.reg .b32 %r<10>;\n"
    "\tmov.u32 %r1, %tid.x;\n\tsetp.ne.u32 %p1, %r1, 0;\n"
    "\t@%p1 bra $L1;\n\tshfl.sync.idx.b32 %r2, %r1, 0, 31, -1;\n"
    "$L1:\n\tbar.sync 0;\n\tret;\n}\n", 32, 2, "waits at bar.sync" },
  { "a shuffle in a warp of 16 threads",
    HEADER ENTRY ("k", 16, 1)
    "{\n\t.reg .b32 %r<10>;\n"
    "\tshfl.sync.idx.b32 %r2, %r1, 0, 31, -1;\n\tret;\n}\n", 16, 1,
    "has only 16 threads" },
  { "lanes at different bar.warp.sync",
    HEADER ENTRY ("k", 32, 1)
    "{\n\t.reg .pred %p<4>;\n\t.reg .b32 %r<10>;\n"
    "\tmov.u32 %r1, %tid.x;\n\tsetp.lt.u32 %p1, %r1, 16;\n"
    "\t@%p1 bra $L1;\n\tbar.warp.sync -1;\n\tret;\n"
    "$L1:\n\tbar.warp.sync -1;\n\tret;\n}\n", 32, 1,
    "different warp synchronizations" },
  { "lanes of a warp at different bar.sync",
    HEADER ENTRY ("k", 32, 1)
    "{\n\t.reg .pred %p<4>;\n\t.reg .b32 %r<10>;\n"
    "\tmov.u32 %r1, %tid.x;\n\tsetp.lt.u32 %p1, %r1, 16;\n"
    "\t@%p1 bra $L1;\n\tbar.sync 0;\n\tret;\n"
    "$L1:\n\tbar.sync 0;\n\tret;\n}\n", 32, 1, "different instructions" },
  { "a barrier count nobody reaches",
    HEADER ENTRY ("k", 32, 1)
    "{\n\tbar.sync 1, 64;\n\tret;\n}\n", 32, 1, "deadlock" },
  { "a block other than .reqntid",
    HEADER ENTRY ("k", 32, 1) "{\n\tret;\n}\n", 64, 1, "requires a block" },
  { "trap",
    HEADER ENTRY ("k", 1, 1) "{\n\ttrap;\n}\n", 1, 1, "trap" },
  { "a null pointer",
    HEADER ENTRY ("k", 1, 1)
    "{\n\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<4>;\n"
    "\tmov.u64 %rd1, 0;\n\tld.u32 %r1, [%rd1+8];\n\tret;\n}\n", 1, 1,
    "no host address" },
  { "a wild pointer",
    HEADER ENTRY ("k", 1, 1)
    "{\n\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<4>;\n"
    "\tmov.u64 %rd1, 0x12345678000;\n\tst.u32 [%rd1+8], 1;\n\tret;\n}\n", 1,
    1, "no mapped host memory" },
  { "a misaligned access",
    HEADER ENTRY ("k", 1, 1)
    "{\n\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<4>;\n"
    "\tld.param.u64 %rd1, [gw_data];\n\tld.u32 %r1, [%rd1+2];\n\tret;\n}\n",
    1, 1, "misaligned" },
  { "a .shared access out of bounds",
    HEADER ENTRY ("k", 1, 1)
    "{\n\t.reg .b32 %r<4>;\n\t.shared .align 4 .b8 s[8];\n"
    "\tld.shared.u32 %r1, [s+8];\n\tret;\n}\n", 1, 1, "outside" },
  { "a window address used generically",
    HEADER ENTRY ("k", 1, 1)
    "{\n\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<4>;\n"
    "\t.shared .align 4 .b8 s[8];\n"
    "\tmov.u64 %rd1, s;\n\tld.u32 %r1, [%rd1+0];\n\tret;\n}\n", 1, 1,
    "window address" },
  { "a division by zero",
    HEADER ENTRY ("k", 1, 1)
    "{\n\t.reg .b32 %r<4>;\n\tmov.b32 %r1, 0;\n"
    "\tdiv.u32 %r2, 5, %r1;\n\tret;\n}\n", 1, 1, "division by zero" },
  { "the step limit",
    HEADER ENTRY ("k", 1, 1) "{\n$L0:\n\tbra.uni $L0;\n}\n", 1, 1,
    "step limit" },
  { "an instruction outside the subset",
    HEADER ENTRY ("k", 1, 1)
    "{\n\t.reg .b32 %r<4>;\n\tatom.inc.u32 %r1, [%r2], 1;\n}\n", 1, 1,
    "line 8 'atom.inc.u32 %r1, [%r2], 1;': the instruction 'atom.inc.u32' "
    "is not in the supported subset" },
  { "an undefined label",
    HEADER ENTRY ("k", 1, 1) "{\n\tbra $L9;\n}\n", 1, 1, "not defined" },
  { "a register of the wrong size",
    HEADER ENTRY ("k", 1, 1)
    "{\n\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<4>;\n"
    "\tadd.s32 %r1, %rd1, 1;\n}\n", 1, 1, "32-bit operand" },
};

/* ------------------------------------------------------------------ */
/* Calls, linking, vprintf.  */

/* Write module TEXT for the ptxas check (see the top of the file).  */

static void
dump (const char *name, const char *mode, const char *text)
{
  const char *dir = getenv ("PTXSIM_SELFTEST_DUMP");
  if (!dir)
    return;
  char path[512];
  snprintf (path, sizeof path, "%s/%s.%s.ptx", dir, name, mode);
  FILE *f = fopen (path, "w");
  if (f)
    {
      fputs (text, f);
      fclose (f);
    }
}

/* Link the N modules TEXTS, run kernel K on GRID x (BX, BY) threads with
   gw_data = OUT under schedule SCHED (NULL: the default).  The launch's
   status, -2 if linking fails; the message in ERR.  */

static int
run_linked (const char *const *texts, int n, const char *k, unsigned grid,
	    unsigned bx, unsigned by, void *out, const char *sched,
	    char *err, size_t errlen)
{
  ptxsim_module *m = ptxsim_link (texts, n, err, errlen);
  if (!m)
    return -2;
  void *globals = NULL;
  void *params[2] = { &out, &globals };
  if (sched)
    setenv ("PTXSIM_SCHED", sched, 1);
  int r = ptxsim_launch (m, k, grid, 1, 1, bx, by, 1, params, err, errlen);
  unsetenv ("PTXSIM_SCHED");
  ptxsim_unload (m);
  return r;
}

static const char *const schedules[] = { "forward", "reverse", "random" };

/* fib (n) by recursion, every thread its own n: (tid.x * 7) % 20.  Two
   sibling blocks declare the same .param names; call and call.uni.  */
static const char fib_ptx[] =
  HEADER
  ".visible .func (.param .b32 gw_ret) gw_r_fib (.param .b64 gw_globals, "
  ".param .b32 gw_p0)\n"
  "{\n"
  "\t.reg .b32 %r<8>;\n\t.reg .b64 %rd<4>;\n\t.reg .pred %p<2>;\n"
  "\tld.param.u64 %rd1, [gw_globals];\n"
  "\tld.param.b32 %r1, [gw_p0];\n"
  "\tsetp.lt.s32 %p1, %r1, 2;\n"
  "\t@%p1 bra $Ldone;\n"
  "\tadd.s32 %r2, %r1, -1;\n"
  "\t{\n"
  "\t.param .b64 gw_a0;\n\t.param .b32 gw_a1;\n\t.param .b32 gw_rv;\n"
  "\tst.param.b64 [gw_a0], %rd1;\n"
  "\tst.param.b32 [gw_a1], %r2;\n"
  "\tcall (gw_rv), gw_r_fib, (gw_a0, gw_a1);\n"
  "\tld.param.b32 %r3, [gw_rv];\n"
  "\t}\n"
  "\tadd.s32 %r2, %r1, -2;\n"
  "\t{\n"
  "\t.param .b64 gw_a0;\n\t.param .b32 gw_a1;\n\t.param .b32 gw_rv;\n"
  "\tst.param.b64 [gw_a0], %rd1;\n"
  "\tst.param.b32 [gw_a1], %r2;\n"
  "\tcall.uni (gw_rv), gw_r_fib, (gw_a0, gw_a1);\n"
  "\tld.param.b32 %r4, [gw_rv];\n"
  "\t}\n"
  "\tadd.s32 %r1, %r3, %r4;\n"
  "$Ldone:\n"
  "\tst.param.b32 [gw_ret], %r1;\n"
  "\tret;\n"
  "}\n"
  ENTRY ("k", 32, 1)
  "{\n"
  "\t.reg .b32 %r<8>;\n\t.reg .b64 %rd<8>;\n"
  "\tld.param.u64 %rd1, [gw_data];\n"
  "\tld.param.u64 %rd2, [gw_globals];\n"
  "\tmov.u32 %r1, %tid.x;\n"
  "\tmul.lo.u32 %r2, %r1, 7;\n\trem.u32 %r2, %r2, 20;\n"
  "\t{\n"
  "\t.param .b64 gw_a0;\n\t.param .b32 gw_a1;\n\t.param .b32 gw_rv;\n"
  "\tst.param.b64 [gw_a0], %rd2;\n"
  "\tst.param.b32 [gw_a1], %r2;\n"
  "\tcall (gw_rv), gw_r_fib, (gw_a0, gw_a1);\n"
  "\tld.param.b32 %r3, [gw_rv];\n"
  "\t}\n"
  "\tmul.wide.u32 %rd3, %r1, 4;\n\tadd.s64 %rd4, %rd1, %rd3;\n"
  "\tst.u32 [%rd4], %r3;\n"
  "\tret;\n"
  "}\n";

/* A recursive function with a .local frame: each activation writes its
   frame (by ld/st.local and through its generic address), adds to the
   entry's .local words through a generic and a window address, recurses,
   and then reads its frame back: aliasing frames would change the sum.
   gw_r_deep (acc, n, win) = sum over k = n..0 of (3k+1) + (k << 32).  */
static const char deep_ptx[] =
  HEADER
  ".visible .func (.param .b64 gw_ret) gw_r_deep (.param .b64 gw_acc, "
  ".param .b32 gw_n, .param .b64 gw_win)\n"
  "{\n"
  "\t.reg .b32 %r<8>;\n\t.reg .b64 %rd<12>;\n\t.reg .pred %p<2>;\n"
  "\t.local .align 8 .b8 fr[16];\n"
  "\tld.param.u64 %rd1, [gw_acc];\n"
  "\tld.param.u32 %r1, [gw_n];\n"
  "\tld.param.u64 %rd9, [gw_win];\n"
  "\tmul.lo.u32 %r2, %r1, 3;\n\tadd.u32 %r2, %r2, 1;\n"
  "\tst.local.u32 [fr], %r2;\n"
  "\tcvta.local.u64 %rd2, fr;\n"
  "\tcvt.u64.u32 %rd3, %r1;\n"
  "\tst.u64 [%rd2+8], %rd3;\n"
  "\tld.u64 %rd4, [%rd1];\n\tcvt.u64.u32 %rd5, %r2;\n"
  "\tadd.u64 %rd4, %rd4, %rd5;\n\tst.u64 [%rd1], %rd4;\n"
  "\tld.local.u32 %r6, [%rd9];\n\tadd.u32 %r6, %r6, 1;\n"
  "\tst.local.u32 [%rd9], %r6;\n"
  "\tmov.u64 %rd10, 0;\n"
  "\tsetp.eq.u32 %p1, %r1, 0;\n"
  "\t@%p1 bra $Lleaf;\n"
  "\tsub.u32 %r3, %r1, 1;\n"
  "\t{\n"
  "\t.param .b64 a0;\n\t.param .b32 a1;\n\t.param .b64 a2;\n"
  "\t.param .b64 rv;\n"
  "\tst.param.b64 [a0], %rd1;\n\tst.param.b32 [a1], %r3;\n"
  "\tst.param.b64 [a2], %rd9;\n"
  "\tcall (rv), gw_r_deep, (a0, a1, a2);\n"
  "\tld.param.b64 %rd10, [rv];\n"
  "\t}\n"
  "$Lleaf:\n"
  "\tld.local.u32 %r4, [fr];\n"
  "\tld.u64 %rd6, [%rd2+8];\n"
  "\tcvt.u64.u32 %rd7, %r4;\n\tadd.u64 %rd10, %rd10, %rd7;\n"
  "\tshl.b64 %rd6, %rd6, 32;\n\tadd.u64 %rd10, %rd10, %rd6;\n"
  "\tst.param.b64 [gw_ret], %rd10;\n"
  "\tret;\n"
  "}\n"
  ENTRY ("k", 32, 1)
  "{\n"
  "\t.reg .b32 %r<8>;\n\t.reg .b64 %rd<12>;\n"
  "\t.local .align 8 .b8 acc[16];\n"
  "\tld.param.u64 %rd1, [gw_data];\n"
  "\tst.local.u64 [acc], 0;\n\tst.local.u32 [acc+8], 0;\n"
  "\tcvta.local.u64 %rd2, acc;\n"
  "\tmov.u64 %rd3, acc;\n\tadd.u64 %rd3, %rd3, 8;\n"
  "\tmov.u32 %r1, %tid.x;\n\tadd.u32 %r2, %r1, 5;\n"
  "\t{\n"
  "\t.param .b64 a0;\n\t.param .b32 a1;\n\t.param .b64 a2;\n"
  "\t.param .b64 rv;\n"
  "\tst.param.b64 [a0], %rd2;\n\tst.param.b32 [a1], %r2;\n"
  "\tst.param.b64 [a2], %rd3;\n"
  "\tcall (rv), gw_r_deep, (a0, a1, a2);\n"
  "\tld.param.b64 %rd4, [rv];\n"
  "\t}\n"
  "\tmul.wide.u32 %rd5, %r1, 24;\n\tadd.s64 %rd6, %rd1, %rd5;\n"
  "\tst.u64 [%rd6], %rd4;\n"
  "\tld.local.u64 %rd7, [acc];\n\tst.u64 [%rd6+8], %rd7;\n"
  "\tld.local.u32 %r3, [acc+8];\n\tst.u32 [%rd6+16], %r3;\n"
  "\tret;\n"
  "}\n";

/* Calls with 0 to 4 arguments of every parameter type, with and without
   a result; narrow ld.param and st.param at offsets, immediates as
   st.param sources, a .param declared outside any block.  One thread
   fills out[] (see test_calls).  */
static const char args_ptx[] =
  HEADER
  ".global .align 8 .b8 cnt[8];\n"
  ".func f0 ()\n"
  "{\n"
  "\t.reg .b64 %rd<4>;\n"
  "\tcvta.global.u64 %rd1, cnt;\n\tld.u64 %rd2, [%rd1];\n"
  "\tadd.u64 %rd2, %rd2, 17;\n\tst.u64 [%rd1], %rd2;\n"
  "\tret;\n"
  "}\n"
  ".func (.param .b32 r) f0r ()\n"
  "{\n\tst.param.b32 [r], 0x5eed;\n\tret;\n}\n"
  ".func (.param .u64 r) f1 (.param .u64 a)\n"
  "{\n"
  "\t.reg .b64 %rd<4>;\n"
  "\tld.param.u64 %rd1, [a];\n\tadd.u64 %rd1, %rd1, 1;\n"
  "\tst.param.u64 [r], %rd1;\n"
  "\tret;\n"
  "}\n"
  ".func f1v (.param .b64 out)\n"
  "{\n"
  "\t.reg .b64 %rd<2>;\n"
  "\tld.param.b64 %rd1, [out];\n\tst.u32 [%rd1], 99;\n"
  "}\n"
  ".func (.param .f32 r) f2 (.param .f32 a, .param .s32 b)\n"
  "{\n"
  "\t.reg .f32 %f<4>;\n\t.reg .b32 %r<2>;\n"
  "\tld.param.f32 %f1, [a];\n\tld.param.s32 %r1, [b];\n"
  "\tcvt.rn.f32.s32 %f2, %r1;\n\tmul.rn.f32 %f3, %f1, %f2;\n"
  "\tst.param.f32 [r], %f3;\n"
  "\tret;\n"
  "}\n"
  ".func (.param .f64 r) f3 (.param .f64 a, .param .u32 b, .param .s64 c)\n"
  "{\n"
  "\t.reg .f64 %fd<6>;\n\t.reg .b32 %r<2>;\n\t.reg .b64 %rd<2>;\n"
  "\tld.param.f64 %fd1, [a];\n\tld.param.u32 %r1, [b];\n"
  "\tld.param.s64 %rd1, [c];\n"
  "\tcvt.rn.f64.u32 %fd2, %r1;\n\tcvt.rn.f64.s64 %fd3, %rd1;\n"
  "\tadd.rn.f64 %fd4, %fd1, %fd2;\n\tadd.rn.f64 %fd4, %fd4, %fd3;\n"
  "\tst.param.f64 [r], %fd4;\n"
  "\tret;\n"
  "}\n"
  ".func (.param .s64 r) f4 (.param .b32 a, .param .b64 b, .param .f32 c, "
  ".param .f64 d)\n"
  "{\n"
  "\t.reg .b32 %r<2>;\n\t.reg .b64 %rd<6>;\n\t.reg .f32 %f<2>;\n"
  "\t.reg .f64 %fd<2>;\n"
  "\tld.param.b32 %r1, [a];\n\tld.param.b64 %rd1, [b];\n"
  "\tld.param.f32 %f1, [c];\n\tld.param.f64 %fd1, [d];\n"
  "\tcvt.s64.s32 %rd2, %r1;\n\tcvt.rzi.s64.f32 %rd3, %f1;\n"
  "\tcvt.rzi.s64.f64 %rd4, %fd1;\n"
  "\tmad.lo.s64 %rd2, %rd1, 2, %rd2;\n\tmad.lo.s64 %rd2, %rd3, 4, %rd2;\n"
  "\tmad.lo.s64 %rd2, %rd4, 8, %rd2;\n"
  "\tst.param.s64 [r], %rd2;\n"
  "\tret;\n"
  "}\n"
  ".func f4v (.param .b64 out, .param .s32 a, .param .u64 b, .param .f64 c)\n"
  "{\n"
  "\t.reg .b32 %r<2>;\n\t.reg .b64 %rd<3>;\n\t.reg .f64 %fd<2>;\n"
  "\tld.param.b64 %rd1, [out];\n\tld.param.s32 %r1, [a];\n"
  "\tld.param.u64 %rd2, [b];\n\tld.param.f64 %fd1, [c];\n"
  "\tst.u32 [%rd1+0], %r1;\n\tst.u64 [%rd1+8], %rd2;\n"
  "\tst.f64 [%rd1+16], %fd1;\n"
  "\tret;\n"
  "}\n"
  ".func fnarrow (.param .b64 out, .param .b32 a, .param .u32 b)\n"
  "{\n"
  "\t.reg .b32 %r<6>;\n\t.reg .b64 %rd<3>;\n"
  "\tld.param.b64 %rd1, [out];\n"
  "\tld.param.s8 %r1, [a];\n\tld.param.u8 %r2, [a+1];\n"
  "\tld.param.s16 %r3, [b];\n\tld.param.u16 %r4, [b+2];\n"
  "\tld.param.s8 %rd2, [a];\n"
  "\tst.u32 [%rd1+0], %r1;\n\tst.u32 [%rd1+4], %r2;\n"
  "\tst.u32 [%rd1+8], %r3;\n\tst.u32 [%rd1+12], %r4;\n"
  "\tst.u64 [%rd1+16], %rd2;\n"
  "\tret;\n"
  "}\n"
  ENTRY ("k", 1, 1)
  "{\n"
  "\t.reg .b32 %r<8>;\n\t.reg .b64 %rd<12>;\n\t.reg .f32 %f<2>;\n"
  "\t.reg .f64 %fd<2>;\n"
  "\t.param .b32 top;\n"
  "\tld.param.u64 %rd1, [gw_data];\n"
  "\tcall f0, ();\n"
  "\tcall.uni f0;\n"
  "\tcall (top), f0r;\n"
  "\tld.param.b32 %r1, [top];\n\tst.u32 [%rd1+0], %r1;\n"
  "\t{\n"
  "\t.param .b64 a;\n\t.param .u64 rv;\n"
  "\tst.param.b64 [a], 0xFFFFFFFFFF;\n"
  "\tcall (rv), f1, (a);\n"
  "\tld.param.u64 %rd2, [rv];\n"
  "\t}\n"
  "\tst.u64 [%rd1+8], %rd2;\n"
  "\t{\n"
  "\t.param .b64 o;\n"
  "\tadd.u64 %rd3, %rd1, 16;\n\tst.param.b64 [o], %rd3;\n"
  "\tcall f1v, (o);\n"
  "\t}\n"
  "\t{\n"
  "\t.param .f32 a;\n\t.param .s32 b;\n\t.param .f32 rv;\n"
  "\tst.param.f32 [a], 0f3FC00000;\n\tst.param.s32 [b], -3;\n"
  "\tcall (rv), f2, (a, b);\n"
  "\tld.param.f32 %f1, [rv];\n"
  "\t}\n"
  "\tst.f32 [%rd1+20], %f1;\n"
  "\t{\n"
  "\t.param .f64 a;\n\t.param .u32 b;\n\t.param .s64 c;\n\t.param .f64 rv;\n"
  "\tst.param.f64 [a], 0d3FD0000000000000;\n\tst.param.u32 [b], 7;\n"
  "\tmov.u64 %rd4, -10;\n\tst.param.s64 [c], %rd4;\n"
  "\tcall (rv), f3, (a, b, c);\n"
  "\tld.param.f64 %fd1, [rv];\n"
  "\t}\n"
  "\tst.f64 [%rd1+24], %fd1;\n"
  "\t{\n"
  "\t.param .b32 a;\n\t.param .u64 b;\n\t.param .f32 c;\n\t.param .f64 d;\n"
  "\t.param .s64 rv;\n"
  "\tmov.u32 %r2, -5;\n\tst.param.b32 [a], %r2;\n"
  "\tst.param.u64 [b], 100;\n\tst.param.f32 [c], 0f4039999A;\n"
  "\tst.param.f64 [d], 0dC00C000000000000;\n"
  "\tcall (rv), f4, (a, b, c, d);\n"
  "\tld.param.s64 %rd5, [rv];\n"
  "\t}\n"
  "\tst.u64 [%rd1+32], %rd5;\n"
  "\t{\n"
  "\t.param .b64 o;\n\t.param .s32 a;\n\t.param .b64 b;\n\t.param .f64 c;\n"
  "\tadd.u64 %rd6, %rd1, 40;\n\tst.param.b64 [o], %rd6;\n"
  "\tst.param.s32 [a], -7;\n\tst.param.b64 [b], 0x123456789;\n"
  "\tst.param.f64 [c], 0d4019000000000000;\n"
  "\tcall f4v, (o, a, b, c);\n"
  "\t}\n"
  "\t{\n"
  "\t.param .b64 o;\n\t.param .b32 a;\n\t.param .u32 b;\n"
  "\tadd.u64 %rd7, %rd1, 64;\n\tst.param.b64 [o], %rd7;\n"
  "\tst.param.b32 [a], 0x2FF;\n\tst.param.s8 [a+1], -128;\n"
  "\tmov.u32 %r3, 0x18001;\n\tst.param.u16 [b], %r3;\n"
  "\tst.param.u16 [b+2], 0x1234;\n"
  "\tcall fnarrow, (o, a, b);\n"
  "\t}\n"
  "\tcvta.global.u64 %rd8, cnt;\n\tld.u64 %rd9, [%rd8];\n"
  "\tst.u64 [%rd1+88], %rd9;\n"
  "\tret;\n"
  "}\n";

/* Forward declarations: the entry calls a function defined later, which
   calls another defined after it.  */
static const char fwd_ptx[] =
  HEADER
  ".func (.param .b64 gw_ret) gw_s0_helper (.param .b64 gw_globals, "
  ".param .f64 gw_p0);\n"
  ".func (.param .b32 r) gw_s1_twice (.param .b32 x);\n"
  ENTRY ("k", 1, 1)
  "{\n"
  "\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<4>;\n"
  "\tld.param.u64 %rd1, [gw_data];\n"
  "\t{\n"
  "\t.param .b64 a0;\n\t.param .f64 a1;\n\t.param .b64 rv;\n"
  "\tst.param.b64 [a0], 0;\n\tst.param.f64 [a1], 0d4004000000000000;\n"
  "\tcall (rv), gw_s0_helper, (a0, a1);\n"
  "\tld.param.b64 %rd2, [rv];\n"
  "\t}\n"
  "\tst.u64 [%rd1], %rd2;\n"
  "\tret;\n"
  "}\n"
  ".func (.param .b64 gw_ret) gw_s0_helper (.param .b64 gw_globals, "
  ".param .f64 gw_p0)\n"
  "{\n"
  "\t.reg .b32 %r<4>;\n\t.reg .f64 %fd<4>;\n\t.reg .b64 %rd<4>;\n"
  "\tld.param.f64 %fd1, [gw_p0];\n"
  "\tcvt.rzi.s32.f64 %r1, %fd1;\n"
  "\t{\n"
  "\t.param .b32 x;\n\t.param .b32 rv;\n"
  "\tst.param.b32 [x], %r1;\n"
  "\tcall (rv), gw_s1_twice, (x);\n"
  "\tld.param.b32 %r2, [rv];\n"
  "\t}\n"
  "\tcvt.rn.f64.s32 %fd2, %r2;\n\tadd.rn.f64 %fd3, %fd1, %fd2;\n"
  "\tst.param.f64 [gw_ret], %fd3;\n"
  "\tret;\n"
  "}\n"
  ".func (.param .b32 r) gw_s1_twice (.param .b32 x)\n"
  "{\n"
  "\t.reg .b32 %r<3>;\n"
  "\tld.param.b32 %r1, [x];\n\tadd.s32 %r2, %r1, %r1;\n"
  "\tst.param.b32 [r], %r2;\n"
  "\tret;\n"
  "}\n";

/* Labels are scoped by { } blocks: an inner $L1 shadows the outer one,
   sibling blocks both define $L9.  out[0] = 4 outer iterations of 3
   inner ones, out[1] = 1 + 10 + 10.  */
static const char labels_ptx[] =
  HEADER
  ENTRY ("k", 1, 1)
  "{\n"
  "\t.reg .pred %p<4>;\n\t.reg .b32 %r<6>;\n\t.reg .b64 %rd<2>;\n"
  "\tld.param.u64 %rd1, [gw_data];\n"
  "\tmov.u32 %r1, 0;\n\tmov.u32 %r3, 0;\n\tmov.u32 %r4, 0;\n"
  "$L1:\n"
  "\tadd.u32 %r1, %r1, 1;\n"
  "\t{\n"
  "\tmov.u32 %r2, 0;\n"
  "$L1:\n"
  "\tadd.u32 %r2, %r2, 1;\n\tsetp.lt.u32 %p1, %r2, 3;\n"
  "\t@%p1 bra $L1;\n"
  "\tadd.u32 %r3, %r3, %r2;\n"
  "\t}\n"
  "\tsetp.lt.u32 %p2, %r1, 4;\n"
  "\t@%p2 bra $L1;\n"
  "\tsetp.eq.u32 %p3, %r1, 0;\n"
  "\t{\n"
  "\t@%p3 bra $L9;\n\tadd.u32 %r4, %r4, 1;\n"
  "$L9:\n"
  "\tadd.u32 %r4, %r4, 10;\n"
  "\t}\n"
  "\t{\n"
  "\tbra $L9;\n\tadd.u32 %r4, %r4, 100;\n"
  "$L9:\n"
  "\tadd.u32 %r4, %r4, 10;\n"
  "\t}\n"
  "\tst.u32 [%rd1], %r3;\n\tst.u32 [%rd1+4], %r4;\n"
  "\tret;\n"
  "}\n";

/* Warp synchronizations in a function: a butterfly sum of tid.x^2 over
   the warp (k), the function called by lanes 16-31 only (k_some), lanes
   in two copies of the function at the same instruction of each
   (k_two).  */
#define WSUM(NAME)							\
  ".visible .func (.param .b32 r) " NAME " (.param .b64 g, .param .b32 v)\n" \
  "{\n"									\
  "\t.reg .b32 %r<4>;\n"						\
  "\tld.param.b32 %r1, [v];\n"						\
  "\tbar.warp.sync -1;\n"						\
  "\tshfl.sync.bfly.b32 %r2, %r1, 16, 31, -1;\n\tadd.s32 %r1, %r1, %r2;\n" \
  "\tshfl.sync.bfly.b32 %r2, %r1, 8, 31, -1;\n\tadd.s32 %r1, %r1, %r2;\n" \
  "\tshfl.sync.bfly.b32 %r2, %r1, 4, 31, -1;\n\tadd.s32 %r1, %r1, %r2;\n" \
  "\tshfl.sync.bfly.b32 %r2, %r1, 2, 31, -1;\n\tadd.s32 %r1, %r1, %r2;\n" \
  "\tshfl.sync.bfly.b32 %r2, %r1, 1, 31, -1;\n\tadd.s32 %r1, %r1, %r2;\n" \
  "\tst.param.b32 [r], %r1;\n"						\
  "\tret;\n"								\
  "}\n"
#define WSUM_CALL(NAME)							\
  "\t{\n"								\
  "\t.param .b64 a0;\n\t.param .b32 a1;\n\t.param .b32 rv;\n"		\
  "\tst.param.b64 [a0], 0;\n\tst.param.b32 [a1], %r2;\n"		\
  "\tcall (rv), " NAME ", (a0, a1);\n"					\
  "\tld.param.b32 %r3, [rv];\n"						\
  "\t}\n"
static const char warp_ptx[] =
  HEADER
  WSUM ("gw_r_wsum")
  WSUM ("gw_r_wsum2")
  ENTRY ("k", 32, 1)
  "{\n"
  "\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<4>;\n"
  "\tld.param.u64 %rd1, [gw_data];\n"
  "\tmov.u32 %r1, %tid.x;\n\tmul.lo.u32 %r2, %r1, %r1;\n"
  WSUM_CALL ("gw_r_wsum")
  "\tmul.wide.u32 %rd2, %r1, 4;\n\tadd.s64 %rd3, %rd1, %rd2;\n"
  "\tst.u32 [%rd3], %r3;\n"
  "\tret;\n"
  "}\n"
  ENTRY ("k_some", 32, 1)
  "{\n"
  "\t.reg .pred %p<2>;\n\t.reg .b32 %r<4>;\n"
  "\tmov.u32 %r1, %tid.x;\n\tmov.u32 %r2, 1;\n"
  "\tsetp.lt.u32 %p1, %r1, 16;\n"
  "\t@%p1 bra $Lout;\n"
  WSUM_CALL ("gw_r_wsum")
  "$Lout:\n"
  "\tret;\n"
  "}\n"
  ENTRY ("k_two", 32, 1)
  "{\n"
  "\t.reg .pred %p<2>;\n\t.reg .b32 %r<4>;\n"
  "\tmov.u32 %r1, %tid.x;\n\tmov.u32 %r2, 1;\n"
  "\tsetp.lt.u32 %p1, %r1, 16;\n"
  "\t@%p1 bra $Llow;\n"
  WSUM_CALL ("gw_r_wsum2")
  "\tret;\n"
  "$Llow:\n"
  WSUM_CALL ("gw_r_wsum")
  "\tret;\n"
  "}\n";

/* bar.sync in a function called by the 64 threads of a CTA: each writes
   its .shared word, then reads the mirror thread's.  */
static const char barfn_ptx[] =
  HEADER
  ".visible .func (.param .b32 r) gw_r_swap (.param .b64 buf, "
  ".param .b32 t)\n"
  "{\n"
  "\t.reg .b32 %r<6>;\n\t.reg .b64 %rd<6>;\n"
  "\tld.param.b64 %rd1, [buf];\n\tld.param.b32 %r1, [t];\n"
  "\tmul.wide.u32 %rd2, %r1, 4;\n\tadd.s64 %rd3, %rd1, %rd2;\n"
  "\tshl.b32 %r2, %r1, 1;\n\tst.u32 [%rd3], %r2;\n"
  "\tbar.sync 0;\n"
  "\tmov.u32 %r3, 63;\n\tsub.u32 %r3, %r3, %r1;\n"
  "\tmul.wide.u32 %rd4, %r3, 4;\n\tadd.s64 %rd5, %rd1, %rd4;\n"
  "\tld.u32 %r4, [%rd5];\n"
  "\tst.param.b32 [r], %r4;\n"
  "\tret;\n"
  "}\n"
  ENTRY ("k", 64, 1)
  "{\n"
  "\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<6>;\n"
  "\t.shared .align 4 .b8 sh[256];\n"
  "\tld.param.u64 %rd1, [gw_data];\n"
  "\tcvta.shared.u64 %rd2, sh;\n"
  "\tmov.u32 %r1, %tid.x;\n"
  "\t{\n"
  "\t.param .b64 a0;\n\t.param .b32 a1;\n\t.param .b32 rv;\n"
  "\tst.param.b64 [a0], %rd2;\n\tst.param.b32 [a1], %r1;\n"
  "\tcall (rv), gw_r_swap, (a0, a1);\n"
  "\tld.param.b32 %r2, [rv];\n"
  "\t}\n"
  "\tmul.wide.u32 %rd3, %r1, 4;\n\tadd.s64 %rd4, %rd1, %rd3;\n"
  "\tst.u32 [%rd4], %r2;\n"
  "\tret;\n"
  "}\n";

/* Static .shared memory: a function's array (a broadcast from thread 0)
   and a module's (a counter), one per CTA, beside the entry's own array,
   which they must not overlap.  out[2t] = 77 + 64, out[2t+1] = t.  */
static const char shfn_ptx[] =
  HEADER
  ".shared .align 4 .b8 cnt[4];\n"
  ".func (.param .b32 r) gw_r_bcast (.param .b32 v)\n"
  "{\n"
  "\t.reg .pred %p<2>;\n\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<2>;\n"
  "\t.shared .align 4 .b8 slot[4];\n"
  "\tld.param.b32 %r1, [v];\n"
  "\tmov.u32 %r2, %tid.x;\n\tsetp.ne.u32 %p1, %r2, 0;\n"
  "\t@%p1 bra $Lwait;\n"
  "\tst.shared.u32 [slot], %r1;\n\tst.shared.u32 [cnt], 0;\n"
  "$Lwait:\n"
  "\tbar.sync 0;\n"
  "\tcvta.shared.u64 %rd1, cnt;\n\tatom.add.u32 %r3, [%rd1], 1;\n"
  "\tbar.sync 0;\n"
  "\tld.shared.u32 %r1, [slot];\n\tld.shared.u32 %r3, [cnt];\n"
  "\tadd.u32 %r1, %r1, %r3;\n"
  "\tbar.sync 0;\n"
  "\tst.param.b32 [r], %r1;\n"
  "\tret;\n"
  "}\n"
  ENTRY ("k", 64, 1)
  "{\n"
  "\t.reg .pred %p<2>;\n\t.reg .b32 %r<8>;\n\t.reg .b64 %rd<8>;\n"
  "\t.shared .align 4 .b8 own[256];\n"
  "\tld.param.u64 %rd1, [gw_data];\n"
  "\tmov.u32 %r1, %tid.x;\n"
  "\tmul.wide.u32 %rd2, %r1, 4;\n\tmov.u64 %rd3, own;\n"
  "\tadd.s64 %rd4, %rd3, %rd2;\n\tst.shared.u32 [%rd4], %r1;\n"
  "\tsetp.eq.u32 %p1, %r1, 0;\n\tselp.u32 %r2, 77, %r1, %p1;\n"
  "\t{\n\t.param .b32 a;\n\t.param .b32 rv;\n\tst.param.b32 [a], %r2;\n"
  "\tcall (rv), gw_r_bcast, (a);\n\tld.param.b32 %r5, [rv];\n\t}\n"
  "\tld.shared.u32 %r6, [%rd4];\n"
  "\tmul.wide.u32 %rd5, %r1, 8;\n\tadd.s64 %rd6, %rd1, %rd5;\n"
  "\tst.u32 [%rd6], %r5;\n\tst.u32 [%rd6+4], %r6;\n"
  "\tret;\n"
  "}\n";

/* Error cases of calls: the module, what ptxas says of it ("ok", or
   "bad" for those ptxas rejects too), the threads, the error.  */
static const struct
{
  const char *what, *mode, *ptx;
  unsigned bx;
  const char *needle;
} call_errors[] = {
  { "a call of an undeclared function", "bad",
    HEADER ENTRY ("k", 1, 1)
    "{\n\tcall gw_r_nowhere;\n\tret;\n}\n", 1,
    "call of 'gw_r_nowhere', which is not declared" },
  { "a prototype without a definition", "bad",
    HEADER ".func gw_r_proto (.param .b64 g);\n"
    ENTRY ("k", 1, 1) "{\n\tret;\n}\n", 1,
    "the function 'gw_r_proto' is declared but not defined" },
  { "too few arguments", "bad",
    HEADER ".func f (.param .b64 a, .param .b32 b)\n{\n\tret;\n}\n"
    ENTRY ("k", 1, 1)
    "{\n\t{\n\t.param .b64 a;\n\tst.param.b64 [a], 0;\n\tcall f, (a);\n"
    "\t}\n\tret;\n}\n", 1, "a call of f with 1 arguments: it takes 2" },
  { "a float argument for an integer parameter", "bad",
    HEADER ".func f (.param .u32 b)\n{\n\tret;\n}\n"
    ENTRY ("k", 1, 1)
    "{\n\t{\n\t.param .f32 a;\n\tst.param.f32 [a], 0f00000000;\n"
    "\tcall f, (a);\n\t}\n\tret;\n}\n", 1,
    "the argument a (.f32) does not match parameter 1 of f (.u32)" },
  { "a 64-bit argument for a 32-bit parameter", "bad",
    HEADER ".func f (.param .b32 b)\n{\n\tret;\n}\n"
    ENTRY ("k", 1, 1)
    "{\n\t{\n\t.param .b64 a;\n\tst.param.b64 [a], 0;\n"
    "\tcall f, (a);\n\t}\n\tret;\n}\n", 1, "does not match parameter 1" },
  { "a call without the callee's result", "bad",
    HEADER ".func (.param .b32 r) f ()\n{\n\tst.param.b32 [r], 1;\n"
    "\tret;\n}\n"
    ENTRY ("k", 1, 1) "{\n\tcall f;\n\tret;\n}\n", 1,
    "the call takes no result, but f has a return parameter" },
  { "a 64-bit result of a 32-bit return parameter", "bad",
    HEADER ".func (.param .b32 r) f ()\n{\n\tst.param.b32 [r], 1;\n"
    "\tret;\n}\n"
    ENTRY ("k", 1, 1)
    "{\n\t{\n\t.param .b64 rv;\n\tcall (rv), f;\n\t}\n\tret;\n}\n", 1,
    "the result rv (.b64) does not match the return parameter of f" },
  { "st.param to an input parameter", "bad",
    HEADER ".func f (.param .b32 x)\n{\n\tst.param.b32 [x], 1;\n"
    "\tret;\n}\n"
    ENTRY ("k", 1, 1) "{\n\tret;\n}\n", 1,
    "st.param to the input parameter x" },
  { "ld.param of the return parameter", "bad",
    HEADER ".func (.param .b32 r) f ()\n{\n\t.reg .b32 %r<2>;\n"
    "\tst.param.b32 [r], 1;\n\tld.param.b32 %r1, [r];\n\tret;\n}\n"
    ENTRY ("k", 1, 1) "{\n\tret;\n}\n", 1,
    "ld.param of the return parameter r" },
  { "a branch to a label of a block it is not in", "bad",
    HEADER ".func f ()\n{\n\tret;\n}\n"
    ENTRY ("k", 1, 1)
    "{\n\t{\n$L1:\n\tcall f;\n\t}\n\tbra $L1;\n}\n", 1,
    "line 15 'bra $L1;': the label '$L1' is not defined" },
  { "inconsistent prototypes", "bad",
    HEADER ".func (.param .b32 r) f (.param .b64 x, .param .b32 y);\n"
    ".func (.param .b32 r) f (.param .b64 x, .param .u32 y)\n"
    "{\n\tst.param.b32 [r], 1;\n\tret;\n}\n"
    ENTRY ("k", 1, 1) "{\n\tret;\n}\n", 1,
    "inconsistent declarations of 'f'" },
  { "an argument the caller did not set", "ok",
    HEADER ".func (.param .b32 r) f (.param .b32 x, .param .b32 y)\n"
    "{\n\t.reg .b32 %r<3>;\n\tld.param.b32 %r1, [x];\n"
    "\tld.param.b32 %r2, [y];\n\tst.param.b32 [r], %r2;\n\tret;\n}\n"
    ENTRY ("k", 1, 1)
    "{\n\t.reg .b32 %r<2>;\n\t{\n\t.param .b32 a;\n\t.param .b32 b;\n"
    "\t.param .b32 rv;\n\tst.param.b32 [a], 1;\n"
    "\tcall (rv), f, (a, b);\n\tld.param.b32 %r1, [rv];\n\t}\n"
    "\tret;\n}\n", 1,
    "function f, line 8 'ld.param.b32 %r2, [y];': ld.param of y, which the "
    "caller did not set: no st.param to argument 2 (b) before the call at "
    "line 21" },
  { "a result the callee did not set", "ok",
    HEADER ".func (.param .b32 r) f ()\n{\n\tret;\n}\n"
    ENTRY ("k", 1, 1)
    "{\n\t.reg .b32 %r<2>;\n\t{\n\t.param .b32 rv;\n"
    "\tcall (rv), f;\n\tld.param.b32 %r1, [rv];\n\t}\n\tret;\n}\n", 1,
    "ld.param of rv, the result of a call of f" },
  { "a call stack overflow", "ok",
    HEADER ".func gw_r_inf (.param .b32 n)\n"
    "{\n\t.reg .b32 %r<2>;\n\tld.param.b32 %r1, [n];\n"
    "\tadd.u32 %r1, %r1, 1;\n"
    "\t{\n\t.param .b32 a;\n\tst.param.b32 [a], %r1;\n"
    "\tcall gw_r_inf, (a);\n\t}\n\tret;\n}\n"
    ENTRY ("k", 2, 1)
    "{\n\t{\n\t.param .b32 a;\n\tst.param.b32 [a], 0;\n"
    "\tcall gw_r_inf, (a);\n\t}\n\tret;\n}\n", 2,
    "call depth 9999, function gw_r_inf, line 12 'call gw_r_inf, (a);': "
    "call stack overflow" },
  { "a trap in a function names it", "ok",
    HEADER ".func gw_r_trap ()\n{\n\ttrap;\n}\n"
    ENTRY ("k", 1, 1) "{\n\tcall gw_r_trap;\n\tret;\n}\n", 1,
    "call depth 1, function gw_r_trap, line 6 'trap;': trap" },
  { "a callee's .local frame used after its return", "ok",
    HEADER ".func (.param .b64 r) gw_r_leak ()\n"
    "{\n\t.reg .b64 %rd<2>;\n\t.local .align 8 .b8 fr[8];\n"
    "\tmov.u64 %rd1, fr;\n\tst.local.u64 [fr], 5;\n"
    "\tst.param.b64 [r], %rd1;\n\tret;\n}\n"
    ENTRY ("k", 1, 1)
    "{\n\t.reg .b64 %rd<3>;\n\t.local .align 8 .b8 mine[8];\n"
    "\tst.local.u64 [mine], 1;\n"
    "\t{\n\t.param .b64 rv;\n\tcall (rv), gw_r_leak;\n"
    "\tld.param.b64 %rd1, [rv];\n\t}\n"
    "\tld.local.u64 %rd2, [%rd1];\n\tret;\n}\n", 1,
    "outside the .local frames of the thread's live activations" },
  { "a shuffle in a function some lanes do not call", "ok", warp_ptx, 32,
    "function gw_r_wsum, line 8 'bar.warp.sync -1;': bar.warp.sync "
    "executed by only some of the lanes its mask 0xffffffff names: lane 0 "
    "(thread (0,0,0)) has exited" },
  { "lanes in two functions at the same instruction of each", "ok",
    warp_ptx, 32, "meet at different warp synchronizations" },
};
/* The kernels of call_errors that are not "k".  */
static const char *
call_error_kernel (unsigned i)
{
  const char *w = call_errors[i].what;
  if (!strcmp (w, "a shuffle in a function some lanes do not call"))
    return "k_some";
  if (!strcmp (w, "lanes in two functions at the same instruction of each"))
    return "k_two";
  return "k";
}

static uint32_t
fib (uint32_t n)
{
  return n < 2 ? n : fib (n - 1) + fib (n - 2);
}

static void
test_calls (void)
{
  char err[2048], what[128];
  dump ("fib", "ok", fib_ptx);
  dump ("deep", "ok", deep_ptx);
  dump ("args", "ok", args_ptx);
  dump ("fwd", "ok", fwd_ptx);
  dump ("warp", "ok", warp_ptx);
  dump ("barfn", "ok", barfn_ptx);
  dump ("shfn", "ok", shfn_ptx);
  for (int s = 0; s < 3; s++)
    {
      uint32_t out[32];
      memset (out, 0, sizeof out);
      int r = run_linked ((const char *const[]) { fib_ptx }, 1, "k", 1, 32,
			  1, out, schedules[s], err, sizeof err);
      snprintf (what, sizeof what, "recursive fib (%s)", schedules[s]);
      expect_ok (what, r, err);
      for (int t = 0; r == 0 && t < 32; t++)
	check64 (what, t, out[t], fib (t * 7 % 20));

      uint64_t deep[32 * 3];
      memset (deep, 0, sizeof deep);
      r = run_linked ((const char *const[]) { deep_ptx }, 1, "k", 1, 32, 1,
		      deep, schedules[s], err, sizeof err);
      snprintf (what, sizeof what, "recursion with .local frames (%s)",
		schedules[s]);
      expect_ok (what, r, err);
      for (int t = 0; r == 0 && t < 32; t++)
	{
	  uint64_t n = t + 5, v = 0, k = 0;
	  for (uint64_t i = 0; i <= n; i++)
	    {
	      v += 3 * i + 1;
	      k += i;
	    }
	  check64 (what, 3 * t, deep[3 * t], v + (k << 32));
	  check64 (what, 3 * t + 1, deep[3 * t + 1], v);
	  check64 (what, 3 * t + 2, (uint32_t) deep[3 * t + 2], n + 1);
	}

      uint32_t ws[32];
      memset (ws, 0, sizeof ws);
      r = run_linked ((const char *const[]) { warp_ptx }, 1, "k", 1, 32, 1,
		      ws, schedules[s], err, sizeof err);
      snprintf (what, sizeof what, "shuffles in a function (%s)",
		schedules[s]);
      expect_ok (what, r, err);
      for (int t = 0; r == 0 && t < 32; t++)
	check64 (what, t, ws[t], 10416);

      uint32_t sf[128];
      memset (sf, 0, sizeof sf);
      r = run_linked ((const char *const[]) { shfn_ptx }, 1, "k", 1, 64, 1,
		      sf, schedules[s], err, sizeof err);
      snprintf (what, sizeof what, "static .shared arrays (%s)",
		schedules[s]);
      expect_ok (what, r, err);
      for (int t = 0; r == 0 && t < 64; t++)
	{
	  check64 (what, 2 * t, sf[2 * t], 77 + 64);
	  check64 (what, 2 * t + 1, sf[2 * t + 1], t);
	}

      uint32_t bs[64];
      memset (bs, 0, sizeof bs);
      r = run_linked ((const char *const[]) { barfn_ptx }, 1, "k", 1, 64, 1,
		      bs, schedules[s], err, sizeof err);
      snprintf (what, sizeof what, "bar.sync in a function (%s)",
		schedules[s]);
      expect_ok (what, r, err);
      for (int t = 0; r == 0 && t < 64; t++)
	check64 (what, t, bs[t], (63 - t) * 2);
    }

  uint64_t out[16];
  memset (out, 0, sizeof out);
  int r = run (args_ptx, "k", 1, 1, 1, out, err, sizeof err);
  expect_ok ("calls of 0 to 4 arguments", r, err);
  if (r == 0)
    {
      uint32_t w[24];
      memcpy (w, out, sizeof w);
      double d;
      float f;
      check64 ("f0r", 0, w[0], 0x5eed);
      check64 ("f1", 0, out[1], 0x10000000000ull);
      check64 ("f1v", 0, w[4], 99);
      memcpy (&f, &w[5], 4);
      check64 ("f2", 0, fbits (f), fbits (-4.5f));
      memcpy (&d, &out[3], 8);
      check64 ("f3", 0, dbits (d), dbits (-2.75));
      check64 ("f4", 0, out[4], 179);
      check64 ("f4v a", 0, w[10], (uint32_t) -7);
      check64 ("f4v b", 0, out[6], 0x123456789ull);
      check64 ("f4v c", 0, out[7], dbits (6.25));
      check64 ("fnarrow ld.param.s8", 0, w[16], 0xFFFFFFFFu);
      check64 ("fnarrow ld.param.u8 [a+1]", 0, w[17], 0x80);
      check64 ("fnarrow ld.param.s16", 0, w[18], 0xFFFF8001u);
      check64 ("fnarrow ld.param.u16 [b+2]", 0, w[19], 0x1234);
      check64 ("fnarrow ld.param.s8 to 64 bits", 0, out[10], (uint64_t) -1);
      check64 ("f0 twice", 0, out[11], 34);
    }

  dump ("labels", "ok", labels_ptx);
  memset (out, 0, sizeof out);
  r = run (labels_ptx, "k", 1, 1, 1, out, err, sizeof err);
  expect_ok ("labels in blocks", r, err);
  if (r == 0)
    {
      check64 ("labels in blocks", 0, (uint32_t) out[0], 12);
      check64 ("labels in blocks", 1, out[0] >> 32, 21);
    }

  memset (out, 0, sizeof out);
  r = run (fwd_ptx, "k", 1, 1, 1, out, err, sizeof err);
  expect_ok ("forward declarations", r, err);
  if (r == 0)
    check64 ("forward declarations", 0, out[0], dbits (2.5 + 4));

  setenv ("PTXSIM_MAX_STEPS", "1000000", 1);
  for (unsigned i = 0; i < sizeof call_errors / sizeof call_errors[0]; i++)
    {
      snprintf (what, sizeof what, "call-error-%u", i);
      if (call_errors[i].ptx != warp_ptx)
	dump (what, call_errors[i].mode, call_errors[i].ptx);
      memset (out, 0, sizeof out);
      r = run (call_errors[i].ptx, call_error_kernel (i), 1,
	       call_errors[i].bx, 1, out, err, sizeof err);
      expect_error (call_errors[i].what, r, err, call_errors[i].needle);
      if (getenv ("PTXSIM_SELFTEST_VERBOSE"))
	printf ("%s: %s\n", call_errors[i].what, err);
    }
  unsetenv ("PTXSIM_MAX_STEPS");
}

/* Linking.  LIB_A defines gw_r_ext (.visible) with a static helper and a
   .global x of its own; MAIN_B calls it through an .extern declaration,
   and has a static helper and an x of the same names.  */
#define HELPER(ADD)							\
  ".func (.param .b32 r) gw_s0_helper (.param .b32 v)\n"		\
  "{\n\t.reg .b32 %r<3>;\n\tld.param.b32 %r1, [v];\n"			\
  "\tadd.s32 %r2, %r1, " #ADD ";\n\tst.param.b32 [r], %r2;\n\tret;\n}\n"
#define EXTERN_EXT							\
  ".extern .func (.param .b32 gw_ret) gw_r_ext (.param .b64 gw_globals, " \
  ".param .b32 gw_p0);\n"
/* Call NAME (0, %r1) into %r2.  */
#define CALL_G(NAME)							\
  "\t{\n\t.param .b64 a0;\n\t.param .b32 a1;\n\t.param .b32 rv;\n"	\
  "\tst.param.b64 [a0], 0;\n\tst.param.b32 [a1], %r1;\n"		\
  "\tcall (rv), " NAME ", (a0, a1);\n\tld.param.b32 %r2, [rv];\n\t}\n"
/* Add the 32-bit .global x to %r2.  */
#define ADD_X								\
  "\tcvta.global.u64 %rd9, x;\n\tld.u32 %r7, [%rd9];\n"			\
  "\tadd.s32 %r2, %r2, %r7;\n"

static const char lib_a_ptx[] =
  HEADER
  ".global .align 4 .b8 x[4] = {1, 0, 0, 0};\n"
  HELPER (100)
  ".visible .func (.param .b32 gw_ret) gw_r_ext (.param .b64 gw_globals, "
  ".param .b32 gw_p0)\n"
  "{\n"
  "\t.reg .b32 %r<8>;\n\t.reg .b64 %rd<10>;\n"
  "\tld.param.b32 %r1, [gw_p0];\n\tmul.lo.s32 %r1, %r1, 10;\n"
  "\t{\n\t.param .b32 a;\n\t.param .b32 rv;\n\tst.param.b32 [a], %r1;\n"
  "\tcall (rv), gw_s0_helper, (a);\n\tld.param.b32 %r2, [rv];\n\t}\n"
  ADD_X
  "\tst.param.b32 [gw_ret], %r2;\n"
  "\tret;\n"
  "}\n";

static const char main_b_ptx[] =
  HEADER
  EXTERN_EXT
  ".global .align 4 .b8 x[4] = {2, 0, 0, 0};\n"
  HELPER (200)
  ENTRY ("k", 1, 1)
  "{\n"
  "\t.reg .b32 %r<8>;\n\t.reg .b64 %rd<10>;\n"
  "\tld.param.u64 %rd1, [gw_data];\n"
  "\tmov.u32 %r1, 5;\n"
  CALL_G ("gw_r_ext")
  "\tst.u32 [%rd1], %r2;\n"
  "\t{\n\t.param .b32 a;\n\t.param .b32 rv;\n\tst.param.b32 [a], %r1;\n"
  "\tcall (rv), gw_s0_helper, (a);\n\tld.param.b32 %r2, [rv];\n\t}\n"
  ADD_X
  "\tst.u32 [%rd1+4], %r2;\n"
  "\tret;\n"
  "}\n";

/* Three modules: D's entry calls C's gw_r_mid, which calls A's gw_r_ext;
   C has an entry too.  */
#define MID_ENTRY(NAME, N, CALLEE)					\
  ENTRY (NAME, 1, 1)							\
  "{\n"									\
  "\t.reg .b32 %r<8>;\n\t.reg .b64 %rd<4>;\n"				\
  "\tld.param.u64 %rd1, [gw_data];\n\tmov.u32 %r1, " #N ";\n"		\
  CALL_G (CALLEE)							\
  "\tst.u32 [%rd1], %r2;\n\tret;\n}\n"
static const char mid_c_ptx[] =
  HEADER
  EXTERN_EXT
  ".visible .func (.param .b32 gw_ret) gw_r_mid (.param .b64 gw_globals, "
  ".param .b32 gw_p0)\n"
  "{\n"
  "\t.reg .b32 %r<4>;\n"
  "\tld.param.b32 %r1, [gw_p0];\n"
  CALL_G ("gw_r_ext")
  "\tadd.s32 %r2, %r2, 1000;\n"
  "\tst.param.b32 [gw_ret], %r2;\n"
  "\tret;\n"
  "}\n"
  MID_ENTRY ("k2", 7, "gw_r_mid");
static const char top_d_ptx[] =
  HEADER
  ".extern .func (.param .b32 gw_ret) gw_r_mid (.param .b64 gw_globals, "
  ".param .b32 gw_p0);\n"
  ".extern .func gw_r_unused (.param .b64 gw_globals);\n"
  MID_ENTRY ("k", 3, "gw_r_mid");
/* An .extern declaration that does not match the definition.  */
static const char bad_e_ptx[] =
  HEADER
  ".extern .func (.param .b32 gw_ret) gw_r_ext (.param .b64 gw_globals, "
  ".param .b64 gw_p0);\n"
  ENTRY ("k", 1, 1)
  "{\n"
  "\t{\n\t.param .b64 a0;\n\t.param .b64 a1;\n\t.param .b32 rv;\n"
  "\tst.param.b64 [a0], 0;\n\tst.param.b64 [a1], 1;\n"
  "\tcall (rv), gw_r_ext, (a0, a1);\n\t}\n"
  "\tret;\n"
  "}\n";

/* A module-scope .shared x in each of two modules: each module's code
   uses its own.  out[0] = 11 (SX_A's), out[1] = 22 (SX_B's).  */
static const char sx_a_ptx[] =
  HEADER
  ".shared .align 4 .b8 x[4];\n"
  ".visible .func (.param .b32 r) gw_r_sx ()\n"
  "{\n\t.reg .b32 %r<2>;\n\tst.shared.u32 [x], 11;\n"
  "\tld.shared.u32 %r1, [x];\n\tst.param.b32 [r], %r1;\n\tret;\n}\n";
static const char sx_b_ptx[] =
  HEADER
  ".extern .func (.param .b32 r) gw_r_sx ();\n"
  ".shared .align 4 .b8 x[4];\n"
  ENTRY ("k", 1, 1)
  "{\n\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<2>;\n"
  "\tld.param.u64 %rd1, [gw_data];\n\tst.shared.u32 [x], 22;\n"
  "\t{\n\t.param .b32 rv;\n\tcall (rv), gw_r_sx;\n"
  "\tld.param.b32 %r1, [rv];\n\t}\n"
  "\tld.shared.u32 %r2, [x];\n"
  "\tst.u32 [%rd1], %r1;\n\tst.u32 [%rd1+4], %r2;\n\tret;\n}\n";

static void
test_link (void)
{
  char err[2048], what[128];
  uint32_t out[4];
  dump ("lib_a", "ok", lib_a_ptx);
  dump ("main_b", "c", main_b_ptx);
  dump ("mid_c", "c", mid_c_ptx);
  dump ("top_d", "c", top_d_ptx);
  dump ("bad_e", "c", bad_e_ptx);
  /* Either order: gw_r_ext (5) is 5 * 10 + 100 + A's x; B's helper (5)
     plus B's x.  */
  const char *const ab[2][2] = { { main_b_ptx, lib_a_ptx },
				 { lib_a_ptx, main_b_ptx } };
  for (int o = 0; o < 2; o++)
    {
      memset (out, 0, sizeof out);
      int r = run_linked (ab[o], 2, "k", 1, 1, 1, out, NULL, err,
			  sizeof err);
      snprintf (what, sizeof what, "two modules linked (order %d)", o);
      expect_ok (what, r, err);
      if (r == 0)
	{
	  check64 (what, 0, out[0], 151);
	  check64 (what, 1, out[1], 207);
	}
    }
  dump ("sx_a", "ok", sx_a_ptx);
  dump ("sx_b", "c", sx_b_ptx);
  const char *const sx[] = { sx_b_ptx, sx_a_ptx };
  memset (out, 0, sizeof out);
  int r = run_linked (sx, 2, "k", 1, 1, 1, out, NULL, err, sizeof err);
  expect_ok ("a .shared array of each module", r, err);
  if (r == 0)
    {
      check64 ("a .shared array of each module", 0, out[0], 11);
      check64 ("a .shared array of each module", 1, out[1], 22);
    }

  const char *const dca[] = { top_d_ptx, mid_c_ptx, lib_a_ptx };
  memset (out, 0, sizeof out);
  r = run_linked (dca, 3, "k", 1, 1, 1, out, NULL, err, sizeof err);
  expect_ok ("three modules linked", r, err);
  if (r == 0)
    check64 ("three modules linked", 0, out[0], 3 * 10 + 101 + 1000);
  memset (out, 0, sizeof out);
  r = run_linked (dca, 3, "k2", 1, 1, 1, out, NULL, err, sizeof err);
  expect_ok ("the entry of the second of three modules", r, err);
  if (r == 0)
    check64 ("the entry of the second of three modules", 0, out[0],
	     7 * 10 + 101 + 1000);

  const char *const aa[] = { lib_a_ptx, main_b_ptx, lib_a_ptx };
  r = run_linked (aa, 3, "k", 1, 1, 1, out, NULL, err, sizeof err);
  expect_error ("a function defined .visible twice", r, err,
		"module 3, line 13 '.visible .func (.param .b32 gw_ret) "
		"gw_r_ext (.param .b64 gw_globals, .param .b32 gw_p0)': the "
		"function 'gw_r_ext' is defined .visible twice: also at "
		"module 1, line 13");
  r = run_linked (ab[0], 1, "k", 1, 1, 1, out, NULL, err, sizeof err);
  expect_error ("an unresolved extern", r, err,
		"line 27 'call (rv), gw_r_ext, (a0, a1);': unresolved extern "
		"function 'gw_r_ext': no module defines it .visible");
  const char *const dc[] = { top_d_ptx, mid_c_ptx };
  r = run_linked (dc, 2, "k", 1, 1, 1, out, NULL, err, sizeof err);
  expect_error ("an unresolved extern in the second module", r, err,
		"module 2, line 15 'call (rv), gw_r_ext, (a0, a1);': "
		"unresolved extern function 'gw_r_ext'");
  const char *const bb[] = { main_b_ptx, lib_a_ptx, main_b_ptx };
  r = run_linked (bb, 3, "k", 1, 1, 1, out, NULL, err, sizeof err);
  expect_error ("an entry defined in two modules", r, err,
		"the entry 'k' is defined twice: also at module 1");
  const char *const ea[] = { bad_e_ptx, lib_a_ptx };
  r = run_linked (ea, 2, "k", 1, 1, 1, out, NULL, err, sizeof err);
  expect_error ("an .extern declaration unlike the definition", r, err,
		"the .extern declaration of 'gw_r_ext' (.b32) (.b64, .b64) "
		"does not match its definition (.b32) (.b64, .b32) at "
		"module 2, line 13");
}

/* vprintf.  The modules are built at run time: format strings become
   .global byte arrays.  */

/* Append the text S to the module being built in BUF (SIZE bytes).  */

static void
cat (char *buf, size_t size, const char *s)
{
  size_t n = strlen (buf);
  snprintf (buf + n, size - n, "%s", s);
}

/* Append to BUF a .global array NAME holding the NUL-terminated S.  */

static void
global_string (char *buf, size_t size, const char *name, const char *s)
{
  char tmp[64];
  snprintf (tmp, sizeof tmp, ".global .align 1 .b8 %s[%u] = {", name,
	    (unsigned) strlen (s) + 1);
  cat (buf, size, tmp);
  for (size_t i = 0; i <= strlen (s); i++)
    {
      snprintf (tmp, sizeof tmp, "%s%u", i ? ", " : "", (unsigned char) s[i]);
      cat (buf, size, tmp);
    }
  cat (buf, size, "};\n");
}

/* Append a call of vprintf (FMT, VALIST) storing its status at
   [%rd1+OUT]: FMT a .global array or "0", VALIST "va" (the .local array,
   through cvta.local), "0", or a register.  */

static void
vprintf_call (char *buf, size_t size, const char *fmt, const char *valist,
	      int out)
{
  char tmp[512];
  if (strcmp (fmt, "0"))
    snprintf (tmp, sizeof tmp, "\tcvta.global.u64 %%rd2, %s;\n", fmt);
  else
    snprintf (tmp, sizeof tmp, "\tmov.u64 %%rd2, 0;\n");
  cat (buf, size, tmp);
  if (!strcmp (valist, "va"))
    cat (buf, size, "\tcvta.local.u64 %rd3, va;\n");
  else
    {
      snprintf (tmp, sizeof tmp, "\tmov.u64 %%rd3, %s;\n", valist);
      cat (buf, size, tmp);
    }
  snprintf (tmp, sizeof tmp,
	    "\t{\n\t.param .b64 f;\n\t.param .b64 v;\n\t.param .b32 st;\n"
	    "\tst.param.b64 [f], %%rd2;\n\tst.param.b64 [v], %%rd3;\n"
	    "\tcall (st), vprintf, (f, v);\n\tld.param.b32 %%r1, [st];\n"
	    "\t}\n\tst.u32 [%%rd1+%d], %%r1;\n", out);
  cat (buf, size, tmp);
}

#define VPRINTF_DECL							\
  ".extern .func (.param .b32 status) vprintf (.param .b64 fmt, "	\
  ".param .b64 valist);\n"
#define VPRINTF_ENTRY							\
  ENTRY ("k", 1, 1)							\
  "{\n"									\
  "\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<8>;\n"				\
  "\t.local .align 8 .b8 va[128];\n"					\
  "\tld.param.u64 %rd1, [gw_data];\n"

/* The conversions, their outputs and statuses.  */
static const char *const vp_formats[] = {
  "d=%d i=%i u=%u x=%x X=%X o=%o c=%c|\n",
  "l: %ld %lld %lu %lx %zu %jd %td %hd %hhd %hu %hhx|\n",
  "%f %F %e %E %g %G %a %A %lf|\n",
  "s=%s n=%s p=%p [%5d] [%-5d] [%05d] [%+d] [% d] [%#x] [%#o] [%.3f] "
  "[%10.2e] [%.2s] [%*d] [%-*d] [%.*f] [%.0s] %%|\n",
  "no arguments\n",
};
/* The argument stores of each format (into va).  */
static const char *const vp_args[] = {
  "\tst.local.s32 [va+0], -42;\n\tst.local.u32 [va+4], 7;\n"
  "\tst.local.u32 [va+8], 4000000000;\n\tst.local.u32 [va+12], 0xbeef;\n"
  "\tst.local.u32 [va+16], 0xbeef;\n\tst.local.u32 [va+20], 8;\n"
  "\tst.local.u32 [va+24], 65;\n",
  "\tst.local.s64 [va+0], -5000000000;\n"
  "\tst.local.u64 [va+8], 1099511627776;\n"
  "\tst.local.u64 [va+16], 0xFFFFFFFFFFFFFFFF;\n"
  "\tst.local.u64 [va+24], 0xdeadbeefcafe;\n"
  "\tst.local.u64 [va+32], 12345678901;\n"
  "\tst.local.s64 [va+40], -1;\n\tst.local.s64 [va+48], -9;\n"
  "\tst.local.u32 [va+56], 0x12345;\n\tst.local.u32 [va+60], 0x1ff;\n"
  "\tst.local.u32 [va+64], 0x18000;\n\tst.local.u32 [va+68], 0x1ab;\n",
  "\tst.local.f64 [va+0], 0d3FF8000000000000;\n"
  "\tst.local.f64 [va+8], 0dC002000000000000;\n"
  "\tst.local.f64 [va+16], 0d40C81CD6C8B43958;\n"
  "\tst.local.f64 [va+24], 0d3F201F31F46ED246;\n"
  "\tst.local.f64 [va+32], 0d40F86A0000000000;\n"
  "\tst.local.f64 [va+40], 0d3EE4F8B588E368F1;\n"
  "\tst.local.f64 [va+48], 0d3FF0000000000000;\n"
  "\tst.local.f64 [va+56], 0dBFE0000000000000;\n"
  "\tst.local.f64 [va+64], 0d4008000000000000;\n",
  "\tcvta.global.u64 %rd4, hello;\n"
  "\tst.local.u64 [va+0], %rd4;\n\tst.local.u64 [va+8], 0;\n"
  "\tst.local.u64 [va+16], 0x1234;\n\tst.local.u32 [va+24], 42;\n"
  "\tst.local.u32 [va+28], 42;\n\tst.local.s32 [va+32], -42;\n"
  "\tst.local.u32 [va+36], 7;\n\tst.local.u32 [va+40], 7;\n"
  "\tst.local.u32 [va+44], 255;\n\tst.local.u32 [va+48], 8;\n"
  "\tst.local.f64 [va+56], 0d400921F9F01B866E;\n"
  "\tst.local.f64 [va+64], 0d40934A0000000000;\n"
  "\tst.local.u64 [va+72], %rd4;\n"
  "\tst.local.u32 [va+80], 6;\n\tst.local.u32 [va+84], 99;\n"
  "\tst.local.u32 [va+88], 4;\n\tst.local.u32 [va+92], 7;\n"
  "\tst.local.u32 [va+96], 2;\n"
  "\tst.local.f64 [va+104], 0d4005BF0995AAF790;\n"
  "\tst.local.u64 [va+112], 1;\n",
  "",
};
static const char vp_expected[] =
  "d=-42 i=7 u=4000000000 x=beef X=BEEF o=10 c=A|\n"
  "l: -5000000000 1099511627776 18446744073709551615 deadbeefcafe "
  "12345678901 -1 -9 9029 -1 32768 ab|\n"
  "1.500000 -2.250000 1.234568e+04 1.230000E-04 100000 1E-05 0x1p+0 "
  "-0X1P-1 3.000000|\n"
  "s=hello n=(null) p=0x1234 [   42] [42   ] [-0042] [+7] [ 7] [0xff] "
  "[010] [3.142] [  1.23e+03] [he] [    99] [7   ] [2.72] [] %|\n"
  "no arguments\n";
static const int vp_status[] = { 7, 11, 9, 20, 0, -1 };

/* vprintf in a function, called by 4 threads: each says its tid.  */
static const char vp_func_ptx[] =
  HEADER
  VPRINTF_DECL
  ".global .align 1 .b8 say[6] = {116, 61, 37, 100, 10, 0};\n"
  ".func gw_r_say (.param .b32 n)\n"
  "{\n"
  "\t.reg .b32 %r<2>;\n\t.reg .b64 %rd<4>;\n"
  "\t.local .align 8 .b8 va[8];\n"
  "\tld.param.b32 %r1, [n];\n\tst.local.u32 [va], %r1;\n"
  "\tcvta.global.u64 %rd1, say;\n\tcvta.local.u64 %rd2, va;\n"
  "\t{\n\t.param .b64 f;\n\t.param .b64 v;\n\t.param .b32 st;\n"
  "\tst.param.b64 [f], %rd1;\n\tst.param.b64 [v], %rd2;\n"
  "\tcall (st), vprintf, (f, v);\n\t}\n"
  "\tret;\n"
  "}\n"
  ENTRY ("k", 4, 1)
  "{\n"
  "\t.reg .b32 %r<2>;\n"
  "\tmov.u32 %r1, %tid.x;\n"
  "\t{\n\t.param .b32 a;\n\tst.param.b32 [a], %r1;\n"
  "\tcall gw_r_say, (a);\n\t}\n"
  "\tret;\n"
  "}\n";

/* Redirect stdout to a temporary file: *SAVED keeps the old one.  */

static FILE *
capture_begin (int *saved)
{
  fflush (stdout);
  FILE *tmp = tmpfile ();
  *saved = dup (1);
  if (tmp)
    dup2 (fileno (tmp), 1);
  return tmp;
}

/* Restore stdout; what was written to TMP into BUF (SIZE bytes at most,
   NUL-terminated); its length.  */

static size_t
capture_end (FILE *tmp, int saved, char *buf, size_t size)
{
  fflush (stdout);
  dup2 (saved, 1);
  close (saved);
  size_t n = 0;
  if (tmp)
    {
      rewind (tmp);
      n = fread (buf, 1, size - 1, tmp);
      fclose (tmp);
    }
  buf[n] = 0;
  return n;
}

/* Check that the captured text GOT is WANT.  */

static void
expect_text (const char *what, const char *got, const char *want)
{
  checks++;
  if (strcmp (got, want))
    {
      printf ("FAIL %s: printed\n%s\nexpected\n%s\n", what, got, want);
      failures++;
    }
}

static void
test_vprintf (void)
{
  static char ptx[32768];
  char err[2048], text[4096];
  int saved;
  ptx[0] = 0;
  cat (ptx, sizeof ptx, HEADER VPRINTF_DECL);
  global_string (ptx, sizeof ptx, "hello", "hello");
  for (unsigned i = 0; i < 5; i++)
    {
      char name[16];
      snprintf (name, sizeof name, "fmt%u", i);
      global_string (ptx, sizeof ptx, name, vp_formats[i]);
    }
  cat (ptx, sizeof ptx, VPRINTF_ENTRY);
  for (unsigned i = 0; i < 5; i++)
    {
      char name[16];
      snprintf (name, sizeof name, "fmt%u", i);
      cat (ptx, sizeof ptx, vp_args[i]);
      vprintf_call (ptx, sizeof ptx, name, i == 4 ? "0" : "va", 4 * i);
    }
  vprintf_call (ptx, sizeof ptx, "0", "va", 20);
  cat (ptx, sizeof ptx, "\tret;\n}\n");
  dump ("vprintf", "ok", ptx);

  int32_t out[8];
  memset (out, 0x55, sizeof out);
  FILE *tmp = capture_begin (&saved);
  int r = run (ptx, "k", 1, 1, 1, out, err, sizeof err);
  capture_end (tmp, saved, text, sizeof text);
  expect_ok ("vprintf", r, err);
  if (r == 0)
    {
      expect_text ("vprintf", text, vp_expected);
      for (int i = 0; i < 6; i++)
	check64 ("vprintf status", i, (uint32_t) out[i],
		 (uint32_t) vp_status[i]);
    }

  /* From a function, per thread, in the order of the schedule.  */
  dump ("vprintf_func", "ok", vp_func_ptx);
  static const char *const said[] = { "t=0\nt=1\nt=2\nt=3\n",
				      "t=3\nt=2\nt=1\nt=0\n" };
  for (int s = 0; s < 2; s++)
    {
      tmp = capture_begin (&saved);
      r = run_linked ((const char *const[]) { vp_func_ptx }, 1, "k", 1, 4, 1,
		      out, schedules[s], err, sizeof err);
      capture_end (tmp, saved, text, sizeof text);
      expect_ok ("vprintf in a function", r, err);
      if (r == 0)
	expect_text ("vprintf in a function", text, said[s]);
    }

  /* Errors: conversions ptxsim does not know, which print nothing; a
     window address as the argument list; a wrong declaration.  */
  static const struct
  {
    const char *fmt, *valist, *needle;
  } bad[] = {
    { "abc %y|\n", "va", "vprintf: the conversion '%y' is not supported" },
    { "abc %d %Lf|\n", "va",
      "vprintf: the conversion '%Lf' is not supported" },
    { "abc %n|\n", "va", "vprintf: the conversion '%n' is not supported" },
    { "abc %ls|\n", "va", "vprintf: the conversion '%ls' is not supported" },
    { "abc %'d|\n", "va", "vprintf: the conversion '%'' is not supported" },
    { "abc %5", "va", "vprintf: the format ends in the conversion '%5'" },
    { "abc %d|\n", "%rd5",
      "vprintf: argument 1 (at valist+0): generic 4-byte load of 0x1000000: "
      "a .local window address (a missing cvta.local?)" },
  };
  for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++)
    {
      char what[64];
      ptx[0] = 0;
      cat (ptx, sizeof ptx, HEADER VPRINTF_DECL);
      global_string (ptx, sizeof ptx, "fmt", bad[i].fmt);
      cat (ptx, sizeof ptx, VPRINTF_ENTRY);
      cat (ptx, sizeof ptx, "\tst.local.u32 [va], 1;\n"
	   "\tst.local.f64 [va+8], 0d3FF0000000000000;\n"
	   "\tmov.u64 %rd5, va;\n");
      vprintf_call (ptx, sizeof ptx, "fmt", bad[i].valist, 0);
      cat (ptx, sizeof ptx, "\tret;\n}\n");
      snprintf (what, sizeof what, "vprintf-error-%u", i);
      dump (what, "ok", ptx);
      tmp = capture_begin (&saved);
      r = run (ptx, "k", 1, 1, 1, out, err, sizeof err);
      capture_end (tmp, saved, text, sizeof text);
      snprintf (what, sizeof what, "vprintf of \"%.*s\"",
		(int) strcspn (bad[i].fmt, "|"), bad[i].fmt);
      expect_error (what, r, err, bad[i].needle);
      expect_text (what, text, "");
    }

  static const char wrong_decl[] =
    HEADER
    ".extern .func (.param .b32 status) vprintf (.param .b64 fmt);\n"
    ENTRY ("k", 1, 1)
    "{\n\t{\n\t.param .b64 f;\n\t.param .b32 st;\n\tst.param.b64 [f], 0;\n"
    "\tcall (st), vprintf, (f);\n\t}\n\tret;\n}\n";
  dump ("vprintf_decl", "c", wrong_decl);
  r = run (wrong_decl, "k", 1, 1, 1, out, err, sizeof err);
  expect_error ("vprintf declared wrongly", r, err,
		"line 4 '.extern .func (.param .b32 status) vprintf (.param "
		".b64 fmt);': vprintf is declared (.b32) (.b64), not (.b32) "
		"(.b64, .b64)");
}

int
main (void)
{
  char err[2048];
  uint64_t out[64];
  memset (out, 0, sizeof out);
  int r = run (scalar_ptx, "k", 1, 1, 1, out, err, sizeof err);
  expect_ok ("scalar kernel", r, err);
  if (r == 0)
    {
      const uint64_t want[] = {
	0, (uint64_t) -1, 3, 0xC0000000u, 0x44332211u, 0x808080FFu,
	fbits (-2.0f), 5, 0, 2147483647, (uint64_t) (int64_t) INT32_MIN, 0,
	2, (uint64_t) -3, (uint64_t) -2, (uint64_t) -1, 0x1234,
	0x1FFFFFFFFull, (uint64_t) -1, 2, 1 | 8 | 16, fbits (3.0f),
	(uint64_t) (int64_t) INT32_MIN, (uint64_t) -1,
	32 + 63 + 64 + 0x80000000u, 0x04030201u, 0x1FFFFFFFFull,
	0xFFFFFFFF00000001ull,
	fbits (-0.0f), 0x80000000u, fbits (1.0f), fbits (-2.0f),
	dbits (sqrt (2.0)),
	fbits (fmaf (1.00000012f, 1.00000012f, -1.00000024f)),
	0x80000000u, dbits (-1.0),
      };
      for (unsigned i = 0; i < sizeof want / sizeof want[0]; i++)
	check64 ("scalar", i, out[i], want[i]);
    }

  uint32_t sh[64];
  memset (sh, 0, sizeof sh);
  r = run (shfl_ptx, "k", 1, 32, 1, sh, err, sizeof err);
  expect_ok ("shfl kernel", r, err);
  if (r == 0)
    for (int l = 0; l < 32; l++)
      {
	check64 ("shfl idx 5", l, sh[2 * l], 50);
	check64 ("shfl segments of 8", l, sh[2 * l + 1], ((l & ~7) + 3) * 10);
      }

  uint32_t b[64];
  memset (b, 0, sizeof b);
  r = run (bar_ptx, "k", 2, 64, 1, b, err, sizeof err);
  expect_ok ("barrier kernel", r, err);
  if (r == 0)
    for (int t = 0; t < 64; t++)
      check64 ("barriers", t, b[t], t < 16 ? 77 : (uint32_t) (t ^ 1));

  setenv ("PTXSIM_MAX_STEPS", "100000", 1);
  for (unsigned i = 0; i < sizeof errors / sizeof errors[0]; i++)
    {
      memset (out, 0, sizeof out);
      r = run (errors[i].ptx, "k", 1, errors[i].bx, errors[i].by, out, err,
	       sizeof err);
      expect_error (errors[i].what, r, err, errors[i].needle);
      if (getenv ("PTXSIM_SELFTEST_VERBOSE"))
	printf ("%s: %s\n", errors[i].what, err);
    }
  unsetenv ("PTXSIM_MAX_STEPS");

  /* A store to read-only memory: the kernel's gw_data points to a string
     literal.  */
  static const char ro_ptx[] =
    HEADER ENTRY ("k", 1, 1)
    "{\n\t.reg .b64 %rd<4>;\n\tld.param.u64 %rd1, [gw_data];\n"
    "\tst.u8 [%rd1+0], 0;\n\tret;\n}\n";
  r = run (ro_ptx, "k", 1, 1, 1, (void *) "read-only", err, sizeof err);
  expect_error ("a store to read-only memory", r, err, "read-only");

  test_calls ();
  test_link ();
  test_vprintf ();

  if (failures)
    printf ("ptxsim selftest: %d checks, %d failed\n", checks, failures);
  else
    printf ("ptxsim selftest: %d checks, all passed\n", checks);
  return failures != 0;
}
