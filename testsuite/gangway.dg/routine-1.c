/* A call of a routine another unit defines becomes a device call of the
   routine's exported symbol, gw_r_ and its assembler name, on both
   targets: the image imports it, and the region has device code.  A seq
   routine of this unit that GCC does not inline is a routine of the
   module, called the same way under a symbol of the module's own.  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-dump=expand,emit -fplugin-arg-gangway-targets=cpu,ptx" } */

#pragma acc routine seq
extern int transform (int);

#pragma acc routine seq
static __attribute__ ((noinline, noclone)) int
twice (int x)
{
  return transform (x) * 2;
}

int a[1000];

void
apply (void)
{
#pragma acc parallel loop
  for (int i = 0; i < 1000; i++)
    a[i] = transform (a[i]) + twice (i);
}

/* { dg-final { scan-gangway-dump-times "(?n)^routine gw_s_twice_gw_(cpu|ptx)_\\d+ seq \\(i32\\) -> i32 host twice dims 1 1 1$"  2 } } */
/* { dg-final { scan-gangway-dump-times "(?n)= dcall\\.i32 seq gw_r_transform\\(%\\d+\\)$" 4 } } */
/* { dg-final { scan-gangway-dump-times "(?n)= dcall\\.i32 seq gw_s_twice_gw_(cpu|ptx)_\\d+\\(%\\d+\\)$"  2 } } */
/* { dg-final { scan-gangway-dump-times "(?n)call \\(gw_rv\\), gw_r_transform, \\(gw_a0, gw_a1\\)" 2 } } */
/* { dg-final { scan-gangway-dump-times "(?n)^\\.func \\(\\.param \\.b32 gw_ret\\) gw_s_twice_gw_ptx_\\d+ \\(\\.param \\.b64 gw_globals, \\.param \\.b32 gw_p0\\)$" 1 } } */
/* { dg-final { scan-gangway-dump-times "(?n)^GW_LOCAL uint32_t$" 1 } } */
