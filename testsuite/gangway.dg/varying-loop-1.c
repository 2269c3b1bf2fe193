/* An inner loop with a per-lane trip count (k < i % 17) inside a vector
   loop is linearized under masks: no uniform "if" exit test; its sum, read
   after the loop by lanes that left at different iterations, is a vector
   written with blends as lanes leave, while its counter, equal in every
   lane still in the loop, stays a scalar (cf. uniform-loop-1.c).  The
   vector loop over i runs its whole vectors in a copy of its body
   (align-rows), so the inner loop's code appears twice; the only
   uniform "if"s are the three tests of that split (whole vectors left,
   the copy's latch, the tail's).  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-dump -fplugin-arg-gangway-isa=x86-64-v4" } */

void
f (int n, const int *restrict a, int *restrict s)
{
#pragma acc parallel loop copyin(a[0:n]) copyout(s[0:n])
  for (int i = 0; i < n; i++)
    {
      int t = 0;
      for (int k = 0; k < i % 17; k++)
	t += a[i] * k + 1;
      s[i] = t;
    }
}

/* { dg-final { scan-gangway-dump-times "(?n)^  if \\(r\[0-9\]+\\)$" 3 "emit (cpu" } } */
/* k stays a scalar in the loop's phis; t and GCC's induction variable
   for a[i] * k + 1 are vectors.  */
/* { dg-final { scan-gangway-dump-times "(?n)uint32_t gw_p0 = \[^;\]*; gw_u32x16 gw_p1 = \[^;\]*; gw_u32x16 gw_p2 = \[^;\]*; r" 2 "emit (cpu" } } */
/* The loop's latch is a divergent branch: the sources of both its edges
   are read first (gw_et* for the back edge, gw_ef* for the exit), k's
   still as a scalar.  */
/* { dg-final { scan-gangway-dump-times "(?n)^  uint32_t gw_et0 = r\[0-9\]+;$" 2 "emit (cpu" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^  gw_u32x16 gw_et\[12\] = r\[0-9\]+;$" 4 "emit (cpu" } } */
/* The sum after the loop: the lanes that skip the loop (no iteration)
   are the first to reach the block after it in each pass, so their copy
   needs no mask; the lanes that leave the loop later find them waiting
   there and copy with a blend (config/cpu/masking.cc).  */
/* { dg-final { scan-gangway-dump-times "(?n)r\[0-9\]+ = gw_blend_u32x16 \\(gw_f, gw_ef0, " 2 "emit (cpu" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^  gw_u32x16 gw_ef0 = gw_splat_u32x16 \\(\\(\\(uint32_t\\) 0x0u\\)\\);$" 2 "emit (cpu" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^  \\{ r\[0-9\]+ = gw_ef0; \\}$" 2 "emit (cpu" } } */
