/* vector_length with a runtime value makes the compiler note that the cpu
   device fixes the vector length at compile time: the ISA's 32-bit lanes
   (8 for x86-64-v3).  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret -fplugin-arg-gangway-isa=x86-64-v3" } */

int a[1000];

void
f (int n)
{
#pragma acc parallel loop gang vector vector_length(n) /* { dg-warning "gangway: using vector_length \\(8\\), ignoring runtime setting: the cpu device fixes the vector length at compile time" } */
  for (int i = 0; i < 1000; i++)
    a[i] = i;
}

/* GCC names the region's function in a context line.  */
