/* A vector of two warps on the ptx target (3 workers x 64 lanes): vector
   broadcasts cannot shuffle across warps, so lane 0 of each worker stores
   them (and the firstprivate array's 4 words) into its worker's part of a
   .shared buffer, and the worker's lanes load them after the worker's own
   barrier (bar.sync 1+tid.y, 64), which also serves as the fork's vector
   barrier.  The join's vector barrier and one more broadcast after it
   (the worker loop's condition) make 3 such barriers: the barriers pass
   places the join's, ptx-barriers the two after the broadcasts (barrier
   vector in the device RTL, which the emitter prints).  No shuffles, no
   warp barriers.  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-targets=ptx -fplugin-arg-gangway-dump" } */

int out[64 * 64];

void
g (int s)
{
  int bias[4] = { s, 2 * s, 3 * s, 4 * s };
#pragma acc parallel num_workers (3) vector_length (64) copyout (out) firstprivate (bias)
#pragma acc loop worker
  for (int j = 0; j < 64; j++)
    {
      int q = bias[j % 4];
#pragma acc loop vector
      for (int k = 0; k < 64; k++)
	out[j * 64 + k] = q + bias[k % 4];
    }
}

/* { dg-final { scan-gangway-dump-times "(?n)^\t\\.reqntid 64, 3, 1$" 1 "emit (ptx" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^\tadd\\.u32 %gw_vbar, %gw_ty, 1;" 1 "emit (ptx" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^\tbar\\.sync %gw_vbar, 64;" 3 "emit (ptx" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^\t@%gw_single4 st\\.shared\\.u32 " 7 "emit (ptx" } } */
/* { dg-final { scan-gangway-dump-times "(?n)shfl|bar\\.warp\\.sync" 0 "emit (ptx" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^  barrier vector$" 1 "barriers" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^  barrier vector$" 3 "ptx-barriers" } } */
