/* Aggregate copies of 128 bytes and more are block copies
   (plugin/expand-memory.cc: one copy.mem of the widest aligned units,
   chunks for the bytes after the last one), whatever the size: a
   128-, an 800- and a 2400-byte struct are one copy.mem each, of 16,
   100 and 300 i64s; a 132-byte one (4-byte aligned) of 33 i32s; a
   64-byte one stays 8 loads and 8 stores, which later passes can keep in
   registers.  The cpu image copies them with one memcpy per lane (there
   are no gathers of the words, which made an 800-byte copy take 79 s to
   compile), the ptx code with a loop.  -2.c: block-copy=0.  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-dump=expand,emit -fplugin-arg-gangway-targets=cpu,ptx -fplugin-arg-gangway-keep-temps -fplugin-arg-gangway-isa=x86-64-v4" } */

#define COPY(NAME, T)							\
  void NAME (int n, T *restrict dst, const T *restrict src)		\
  {									\
    _Pragma ("acc parallel loop copyin(src[0:n]) copyout(dst[0:n])")	\
    for (int k = 0; k < n; k++)						\
      dst[k] = src[k];							\
  }

struct s64 { double v[8]; };
struct s128 { double v[16]; };
struct s132 { float v[33]; };
struct s800 { double v[100]; };
struct s2400 { long v[300]; };
COPY (copy64, struct s64)
COPY (copy128, struct s128)
COPY (copy132, struct s132)
COPY (copy800, struct s800)
COPY (copy2400, struct s2400)

/* Two targets: each expand dump twice; the 64-byte copy gathers its 8
   words.  */
/* { dg-final { scan-gangway-dump-times "(?n)copy\\.mem\\.i64 \[^,\]*, %\[0-9\]+, 16$" 2 "" } } */
/* { dg-final { scan-gangway-dump-times "(?n)copy\\.mem\\.i32 \[^,\]*, %\[0-9\]+, 33$" 2 "" } } */
/* { dg-final { scan-gangway-dump-times "(?n)copy\\.mem\\.i64 \[^,\]*, %\[0-9\]+, 100$" 2 "" } } */
/* { dg-final { scan-gangway-dump-times "(?n)copy\\.mem\\.i64 \[^,\]*, %\[0-9\]+, 300$" 2 "" } } */
/* { dg-final { scan-gangway-dump-times "(?n)copy\\.mem\\." 8 "" } } */
/* { dg-final { scan-gangway-dump-times "(?n)store\\.i64 \[^ \]*\\+56\\]" 2 "" } } */
/* { dg-final { scan-cpu-image-times "__builtin_memcpy \\(\\(void \\*\\)" 4 } } */
/* { dg-final { scan-cpu-image-times "= gw_gather_u64x16 \\(" 8 } } */
