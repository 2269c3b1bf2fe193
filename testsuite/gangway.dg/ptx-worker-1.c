/* The ptx target's reorg primitives on a gang/worker/vector nest at 4
   workers x 32 lanes (the reorg is that of worker-reorg-1.c): neutering by
   predicated branches on the thread's position (4 regions skipped by all
   but thread (0, 0), 3 by all but lane 0 of a worker); worker broadcasts
   through .shared memory, stored by thread (0, 0) and loaded by everyone
   after a bar.sync (4 values, 4 worker barriers); vector broadcasts by
   shfl.sync.idx (3 values) and vector barriers by bar.warp.sync (2).
   Uniform branches (the gang and worker loops' conditions) are bra.uni;
   the block shape is fixed (.reqntid).  ptxas checks the module.  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-targets=ptx -fplugin-arg-gangway-dump" } */

int once[64], perw[64 * 64], m[64 * 64 * 32];

void
f (void)
{
#pragma acc parallel num_workers (4) copy (once, perw, m)
#pragma acc loop gang
  for (int i = 0; i < 64; i++)
    {
      once[i] += 1;
      int base = once[i] * 100;
#pragma acc loop worker
      for (int j = 0; j < 64; j++)
	{
	  perw[i * 64 + j] += base;
	  int t = perw[i * 64 + j];
#pragma acc loop vector
	  for (int k = 0; k < 32; k++)
	    m[(i * 64 + j) * 32 + k] += t + k;
	}
    }
}

/* { dg-final { scan-gangway-dump-times "(?n)^\t\\.reqntid 32, 4, 1$" 1 "emit (ptx" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^\tsetp\\.eq\\.u32 %gw_single6, %gw_txy, 0;" 1 "emit (ptx" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^\t@!?%gw_single6 bra " 4 "emit (ptx" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^\t@!?%gw_single4 bra " 3 "emit (ptx" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^\t@%gw_single6 st\\.shared\\.u32 \\\[%gw_wb\\+\[0-9\]+\\\], " 4 "emit (ptx" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^\tld\\.shared\\.u32 " 4 "emit (ptx" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^\tbar\\.sync 0;" 4 "emit (ptx" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^\tnot\\.pred %gw_wpar, %gw_wpar;" 3 "emit (ptx" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^\tshfl\\.sync\\.idx\\.b32 " 3 "emit (ptx" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^\tbar\\.warp\\.sync -1;" 2 "emit (ptx" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^\t@!?%p\[0-9\]+ bra\\.uni " 3 "emit (ptx" } } */
