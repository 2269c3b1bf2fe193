/* Frame broadcasts on the ptx target: a firstprivate array, which the
   single thread copies into its own .local frame, is read in a worker loop
   and a vector loop: thread (0, 0) stores its 4 words to .shared memory and
   every thread loads them into its frame after bar.sync (the worker fork);
   lane 0 of each worker gives them to its lanes by shfl.sync.idx (the
   vector fork).  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-targets=ptx -fplugin-arg-gangway-dump" } */

int out[64 * 32];

void
f (int s)
{
  int bias[4] = { s, 2 * s, 3 * s, 4 * s };
#pragma acc parallel num_workers (2) copyout (out) firstprivate (bias)
#pragma acc loop worker
  for (int j = 0; j < 64; j++)
    {
      int q = bias[j % 4];
#pragma acc loop vector
      for (int k = 0; k < 32; k++)
	out[j * 32 + k] = q + bias[k % 4];
    }
}

/* { dg-final { scan-gangway-dump-times "(?n)^\t\\.local \\.align 16 \\.b8 gw_s0\\\[16\\\];" 1 "emit (ptx" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^\tld\\.local\\.u32 %r\[0-9\]+, \\\[gw_s0\\+\[0-9\]+\\\];\n\t@%gw_single6 st\\.shared\\.u32 " 4 "emit (ptx" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^\tbar\\.sync 0;\n(\tld\\.shared\\.u32 %r\[0-9\]+, \\\[%rd\[0-9\]+\\+\[0-9\]+\\\];\n\tst\\.local\\.u32 \\\[gw_s0\\+\[0-9\]+\\\], %r\[0-9\]+;\n){4}" 1 "emit (ptx" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^\tld\\.local\\.u32 %r\[0-9\]+, \\\[gw_s0\\+\[0-9\]+\\\];\n\tshfl\\.sync\\.idx\\.b32 %r\[0-9\]+, %r\[0-9\]+, 0, 31, -1;\n\tst\\.local\\.u32 " 4 "emit (ptx" } } */
