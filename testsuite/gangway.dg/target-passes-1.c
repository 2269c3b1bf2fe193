/* The targets' own device passes run after the target-independent ones,
   on each target's function, dumped (and verified) like them: the cpu
   target's cpu-simplify, which merges the blocks the reorg leaves and
   here turns the vector neutering of worker-single code into jumps (the
   lanes agree), and the ptx target's ptx-value-number.  Each runs once,
   on its own target's function only.  The vector neutering branches:
   4 in each target's function after barriers, 4 after ptx-value-number,
   none after cpu-simplify.  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-targets=cpu,ptx -fplugin-arg-gangway-dump=barriers,cpu-simplify,ptx-value-number -fplugin-arg-gangway-isa=x86-64-v4" } */

void
f (int n, int *restrict a, int *restrict b)
{
#pragma acc parallel loop gang worker num_workers(4) vector_length(16) copy(a[0:n*16]) copyin(b[0:n]) /* { dg-warning "ptx: using vector_length \\(32\\), ignoring 16" } */
  for (int i = 0; i < n; i++)
    {
      int s = b[i] * 3;
#pragma acc loop vector
      for (int j = 0; j < 16; j++)
	a[i * 16 + j] += s;
    }
}

/* { dg-final { scan-gangway-dump-times "(?n)^;; After cpu-simplify$" 1 } } */
/* { dg-final { scan-gangway-dump-times "(?n)^;; After ptx-value-number$" 1 } } */
/* { dg-final { scan-gangway-dump-times "(?n)^;; After barriers$" 2 } } */
/* { dg-final { scan-gangway-dump-times "(?n)^;; After (neuter|emit)" 0 } } */
/* { dg-final { scan-gangway-dump-times "(?n)^function gw_k0_f__omp_fn_0 host f\\._omp_fn\\.0 dims 0 4 16$" 2 } } */
/* { dg-final { scan-gangway-dump-times "(?n)^function gw_k0_f__omp_fn_0 host f\\._omp_fn\\.0 dims 0 4 32$" 2 } } */
/* { dg-final { scan-gangway-dump-times "(?n)^  br\\.single vector," 12 } } */
/* { dg-final { scan-gangway-dump-times "(?n)^  br\\.single worker\\+vector," 4 } } */
