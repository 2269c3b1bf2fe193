/* Found by gangway-fuzz (seeds 20, 10028 and many others: the most
   common ICE; reduced, then by hand).  At -O0, a sequential loop in
   single code around a partitioned loop: the verifier stops the
   compilation after the neuter pass,

     internal compiler error: gangway: plugin/passes/pipeline.cc:48: the
     device RTL of gw_k0_main__omp_fn_0 is invalid after neuter:
       %3 = phi.i32 [@1: 0], [@14: %20]  ; error: an incoming value whose
       definition does not dominate its edge

   The latch of the sequential loop (its index's increment) is in the
   neutered single code; the phi at the loop head takes it on the back
   edge from the block neuter splits off.  The same with the loop in a
   gang loop's body (worker- or vector-single code), with a vector,
   worker or auto inner loop, empty or not.  At -O1 and above the loop
   compiles (the increment is no longer a separate statement).  */
/* { dg-do run } */
/* { dg-additional-options "-O0" } */

#include <stdlib.h>

int a[3][8];

int
main (void)
{
#pragma acc parallel num_gangs (1) copy (a)
  for (int t = 0; t < 3; t++)
    {
#pragma acc loop vector
      for (int i = 0; i < 8; i++)
	a[t][i] = t + i;
    }
  for (int t = 0; t < 3; t++)
    for (int i = 0; i < 8; i++)
      if (a[t][i] != t + i)
	abort ();
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=1 workers=1 vector=\[0-9\]+" } */
