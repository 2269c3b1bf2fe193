/* The atomic construct in each of its forms becomes the device RTL's
   atomic accesses: update of an int by + is atomic.add (GCC's
   __atomic_fetch_add), of a float and by * a compare-and-swap loop (load
   atomic, then cas, GCC's .ATOMIC_COMPARE_EXCHANGE), read a load atomic,
   write a store atomic, the swap capture an xchg; all relaxed.  In the
   cpu image the histogram's lanes each make their own access (their bins
   differ), while the counter that every lane bumps is one access per
   vector, of the lanes' combined values.  The ptx module has one atom per
   access.  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-dump -fplugin-arg-gangway-isa=x86-64-v4 -fplugin-arg-gangway-targets=cpu,ptx" } */

int a[1000], hist[10], count, last, seen;
float f;
long m;

void
atomics (void)
{
#pragma acc parallel loop copy(count, last, seen, f, m)
  for (int i = 0; i < 1000; i++)
    {
#pragma acc atomic update
      hist[a[i] % 10]++;
#pragma acc atomic update
      count += 2;
#pragma acc atomic update
      f += 0.5f;
#pragma acc atomic update
      m *= 3;
      int v;
#pragma acc atomic read
      v = seen;
#pragma acc atomic write
      seen = v + i;
#pragma acc atomic capture
      { v = last; last = i; }
      a[i] = v;
    }
}

/* { dg-final { scan-gangway-dump-times "(?n)= atomic\\.add\\.i32 .%\\d+., 1$" 1 "expand" } } */
/* { dg-final { scan-gangway-dump-times "(?n)= atomic\\.add\\.i32 .%\\d+., 2$" 1 "expand" } } */
/* { dg-final { scan-gangway-dump-times "(?n)= atomic\\." 2 "expand" } } */
/* { dg-final { scan-gangway-dump-times "(?n)= load\\.i32 .%\\d+. atomic$" 2 "expand" } } */
/* { dg-final { scan-gangway-dump-times "(?n)= load\\.i64 .%\\d+. atomic$" 1 "expand" } } */
/* { dg-final { scan-gangway-dump-times "(?n)= cas\\.i32 " 1 "expand" } } */
/* { dg-final { scan-gangway-dump-times "(?n)= cas\\.i64 " 1 "expand" } } */
/* { dg-final { scan-gangway-dump-times "(?n)store\\.i32 .%\\d+., %\\d+ atomic$" 1 "expand" } } */
/* { dg-final { scan-gangway-dump-times "(?n)= xchg\\.i32 " 1 "expand" } } */
/* { dg-final { scan-gangway-dump-times "(?n)(acquire|release|acq_rel|seq_cst)" 0 "expand" } } */
/* { dg-final { scan-gangway-dump-times "__atomic_fetch_add \\(" 2 "emit (cpu" } } */
/* { dg-final { scan-gangway-dump-times "gw_a = gw_n\\+\\+" 1 "emit (cpu" } } */
/* { dg-final { scan-gangway-dump-times "__atomic_compare_exchange \\(" 2 "emit (cpu" } } */
/* { dg-final { scan-gangway-dump-times "__atomic_exchange \\(" 1 "emit (cpu" } } */
/* { dg-final { scan-gangway-dump-times "(?n)atom\\.add\\.u32" 2 "emit (ptx" } } */
/* { dg-final { scan-gangway-dump-times "(?n)atom\\.cas\\.b32" 1 "emit (ptx" } } */
/* { dg-final { scan-gangway-dump-times "(?n)atom\\.cas\\.b64" 1 "emit (ptx" } } */
/* { dg-final { scan-gangway-dump-times "(?n)atom\\.exch\\.b32" 1 "emit (ptx" } } */
/* { dg-final { scan-gangway-dump-times "(?n)ld\\.relaxed\\.gpu\\." 3 "emit (ptx" } } */
/* { dg-final { scan-gangway-dump-times "(?n)st\\.relaxed\\.gpu\\." 1 "emit (ptx" } } */
/* { dg-final { scan-gangway-dump-times "(?n)fence\\." 0 "emit (ptx" } } */
