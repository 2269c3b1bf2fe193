/* Harness self-test: dg-skip-if on -DACC_MEM_SHARED=1, as GCC's tests for
   separate memory have it: UNSUPPORTED.
   gw-expect unsupported ""
   { dg-skip-if "" { *-*-* } { "-DACC_MEM_SHARED=1" } } */

int
main (void)
{
  return 1;
}
