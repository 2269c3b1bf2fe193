/* A sum reduction of a parallel loop: GCC's reduction calls become one
   reduce across the vector lanes and one atomic add of each gang's sum
   into the result; the cpu image reduces 16 lanes in 4 butterfly steps
   and adds with an atomic builtin; the ptx module shuffles 32 lanes in 5
   steps (a 64-bit value: two 32-bit shuffles each) and adds with atom.  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-dump -fplugin-arg-gangway-isa=x86-64-v4 -fplugin-arg-gangway-targets=cpu,ptx" } */

int a[1000];

long
sum (void)
{
  long s = 0;
#pragma acc parallel loop reduction(+:s)
  for (int i = 0; i < 1000; i++)
    s += a[i];
  return s;
}

/* { dg-final { scan-gangway-dump-times "(?n)= reduce\\.add\\.i64 vector %" 1 "expand" } } */
/* { dg-final { scan-gangway-dump-times "(?n)= atomic\\.add\\.i64 .%\\d+., %" 1 "expand" } } */
/* { dg-final { scan-gangway-dump-times "(?n)= reduce\\." 1 "expand" } } */
/* { dg-final { scan-gangway-dump-times "__builtin_shuffle \\(gw_r" 4 "emit (cpu" } } */
/* { dg-final { scan-gangway-dump-times "__atomic_fetch_add \\(" 1 "emit (cpu" } } */
/* { dg-final { scan-gangway-dump-times "(?n)shfl\\.sync\\.bfly\\.b32" 10 "emit (ptx" } } */
/* { dg-final { scan-gangway-dump-times "(?n)atom\\.add\\.u64" 1 "emit (ptx" } } */
