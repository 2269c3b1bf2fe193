/* Harness self-test: selector expressions, with the answers of the
   device view; a wrong answer adds an option GCC rejects:
   PASS (device).
   gw-expect pass "\(device\)$" */

/* { dg-additional-options "-fno-such-option-bad1" { target { openacc_host_selected || openacc_nvidia_accel_selected } } } */
/* { dg-additional-options "-fno-such-option-bad2" { target { ! { c && __OPTIMIZE__ } } } } */
/* { dg-additional-options "-fno-such-option-bad3" { target iN-VAl-Id } } */
/* { dg-additional-options "-DGOOD=1" { target { *-*-* && { ! c++ } } } } */

#if !GOOD
#error GOOD should be defined
#endif

int
main (void)
{
  int x = 0;
#pragma acc parallel copy(x)
  x = 1;
  return !x;
}
