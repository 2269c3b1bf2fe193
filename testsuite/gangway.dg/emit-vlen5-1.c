/* vector_length(5) is emitted with 8-lane SIMD types (the next power of
   two) and an entry mask of the first 5 lanes; accesses stay consecutive
   masked vector loads and stores, twice: the whole vectors of 5 lanes
   run in a copy of the loop's body (align-rows).  The dump has the
   function after the expander, the eleven target-independent passes and
   the cpu target's cpu-simplify, cpu-ifconvert, cpu-compact,
   cpu-combine-atomics and cpu-plan.  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-dump -fplugin-arg-gangway-isa=x86-64-v4" } */

void
f (int n, int *restrict a)
{
#pragma acc parallel loop gang vector vector_length(5) copy(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] += 1;
}

/* { dg-final { scan-gangway-dump-times "(?n)^function gw_k0_f__omp_fn_0 host f\\._omp_fn\\.0 dims 0 1 5$" 17 } } */
/* { dg-final { scan-gangway-dump-times "(?n)^;; After emit \\(cpu, x86-64-v4, 8 lanes\\)$" 1 } } */
/* { dg-final { scan-gangway-dump-times "(?n)^  m_\[0-9\]+ = \\(gw_m8\\) \\(gw_lane8 < 5u\\);$" 1 "emit (cpu" } } */
/* { dg-final { scan-gangway-dump-times "(?n)= gw_ld_u32x8 \\(" 2 "emit (cpu" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^  gw_st_u32x8 \\(" 2 "emit (cpu" } } */
