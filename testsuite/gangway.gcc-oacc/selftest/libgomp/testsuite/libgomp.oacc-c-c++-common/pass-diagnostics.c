/* Harness self-test: the diagnostics GCC's rules match (a warning, a
   note checked with dg-note, a -fopt-info remark with dg-optimized on a
   dg-line); the plugin's own remarks and its clones' duplicates do not
   count: PASS (device).
   gw-expect pass "\(device\)$" */

/* { dg-additional-options "-fopt-info-all-omp" } */

#warning expected-warning /* { dg-warning "expected-warning" } */

int
main (void)
{
  int a[64];
#pragma acc parallel copyout(a) /* { dg-line l_par } */
  /* { dg-optimized {assigned OpenACC gang vector loop parallelism} "" { target *-*-* } .+1 } */
#pragma acc loop
  for (int i = 0; i < 64; i++)
    a[i] = i;
  /* { dg-bogus "gangway" "the plugin's remarks are its own" { target *-*-* } l_par } */
  return a[63] != 63;
}
