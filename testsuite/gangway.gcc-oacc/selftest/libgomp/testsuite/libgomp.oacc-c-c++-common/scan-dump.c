/* Harness self-test: scan-tree-dump sees the host's functions, not
   Gangway's device clones: PASS (device).
   gw-expect pass "\(device\)$" */

/* { dg-additional-options "-fdump-tree-optimized" } */

int
main (void)
{
  int a[64];
#pragma acc parallel loop copyout(a)
  for (int i = 0; i < 64; i++)
    a[i] = i;
  return a[63] != 63;
}

/* { dg-final { scan-tree-dump-times ";; Function main\\._omp_fn\\.0 " 1 "optimized" } } */
/* { dg-final { scan-tree-dump-not "gw_cpu" "optimized" } } */
