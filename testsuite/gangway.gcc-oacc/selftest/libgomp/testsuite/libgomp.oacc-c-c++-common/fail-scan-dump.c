/* Harness self-test: a dg-final scan that fails: FAIL.
   gw-expect fail "\(dg-final: scan-tree-dump optimized .no-such-text." */

/* { dg-additional-options "-fdump-tree-optimized" } */

int
main (void)
{
  return 0;
}

/* { dg-final { scan-tree-dump "no-such-text" "optimized" } } */
