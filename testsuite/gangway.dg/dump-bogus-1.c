/* An unknown pass name in -fplugin-arg-gangway-dump is an error that
   lists the device passes, the targets' ones too.  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-dump=nosuch" } */
/* { dg-error "-fplugin-arg-gangway-dump.: unknown device pass .nosuch.; the passes are: expand, recombine-digits, narrow-counters, align-rows, step-divisions, unroll, promote-slots, split-markers, frame-addresses, neuter, propagate, barriers, emit, and the targets. passes cpu-simplify, cpu-ifconvert, cpu-compact, cpu-combine-atomics, cpu-plan, ptx-value-number, ptx-barriers, ptx-compact" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */

int
main (void)
{
  return 0;
}
