/* ptxsim's own tests: hand-written PTX whose results the PTX ISA fixes
   (operand orders, clamped shifts, saturating conversions, NaN rules,
   shuffles), and the errors the interpreter must report (a shuffle or a
   barrier reached by only some threads, deadlocks, traps, bad accesses,
   the step limit, instructions outside the subset).  Prints what fails;
   exit status 0 if everything passes.  */

#include "ptxsim.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

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
  if (r != 0)
    {
      printf ("FAIL %s: %s\n", what, err);
      failures++;
    }
}

static void
expect_error (const char *what, int r, const char *err, const char *needle)
{
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

  if (failures)
    printf ("%d selftest failures\n", failures);
  else
    printf ("ptxsim selftest: all passed\n");
  return failures != 0;
}
