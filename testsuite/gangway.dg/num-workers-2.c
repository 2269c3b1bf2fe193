/* num_workers with a runtime value makes the compiler note, at the
   construct, that the cpu device fixes the number of workers when it
   compiles: with worker loops and no vector loops, one worker per 32-bit
   lane of the ISA's SIMD registers (16 for x86-64-v4).  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret -fplugin-arg-gangway-isa=x86-64-v4" } */

int a[1000];

void
f (int n)
{
#pragma acc parallel loop gang worker num_workers(n) /* { dg-warning "gangway: using num_workers \\(16\\), ignoring runtime setting: the cpu device fixes the number of workers at compile time" } */
  for (int i = 0; i < 1000; i++)
    a[i] = i;
}

/* GCC names the region's function in a context line.  */
