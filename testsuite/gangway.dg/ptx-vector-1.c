/* The ptx target on a vector loop (saxpy): one CTA of 32 threads per gang;
   the vector-single loads run on lane 0 only (one branch on tid.x) and
   reach the other lanes by shfl.sync.idx: four values, two of them
   64-bit pointers (two shuffles each); one bar.warp.sync at the join, as
   the loop stores; no bar.sync, no shared memory.  The loop's branch is
   divergent (each lane has its own trip count): no bra.uni there.  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-targets=ptx -fplugin-arg-gangway-dump" } */

void
saxpy (int n, float a, const float *restrict x, float *restrict y)
{
#pragma acc parallel loop copyin (x[0:n]) copy (y[0:n])
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

/* { dg-final { scan-gangway-dump-times "(?n)^\t\\.reqntid 32, 1, 1$" 1 "emit (ptx" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^\t@!%gw_single4 bra \\\$" 1 "emit (ptx" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^\tshfl\\.sync\\.idx\\.b32 " 6 "emit (ptx" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^\tbar\\.warp\\.sync -1;" 1 "emit (ptx" } } */
/* { dg-final { scan-gangway-dump-times "(?n)bar\\.sync|\\.shared" 0 "emit (ptx" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^\t@!?%p\[0-9\]+ bra\\.uni " 0 "emit (ptx" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^\t@!?%p\[0-9\]+ bra " 2 "emit (ptx" } } */
