/* -fplugin-arg-gangway-block-copy=0: no block copies; a 128-byte struct
   copy is 16 loads and 16 stores of i64 again (block-copy-1.c has it as
   one copy.mem).  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-dump=expand -fplugin-arg-gangway-targets=cpu -fplugin-arg-gangway-block-copy=0" } */

struct s128 { double v[16]; };

void
copy128 (int n, struct s128 *restrict dst, const struct s128 *restrict src)
{
#pragma acc parallel loop copyin(src[0:n]) copyout(dst[0:n])
  for (int k = 0; k < n; k++)
    dst[k] = src[k];
}

/* { dg-final { scan-gangway-dump-times "(?n)copy\\.mem" 0 "" } } */
/* { dg-final { scan-gangway-dump-times "(?n)= load\\.i64 \[^\\n\]*\\+120\\]$" 1 "" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^  store\\.i64 " 16 "" } } */
