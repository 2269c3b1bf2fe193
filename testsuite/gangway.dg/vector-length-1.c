/* vector_length(100), above the cpu device's limit of 64 lanes, makes
   the compiler warn that it uses the ISA's most SIMD lanes (two
   registers of 4-byte lanes: 32 with AVX-512), and why.  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret -fplugin-arg-gangway-isa=x86-64-v4" } */

int a[1000];

void
f (void)
{
#pragma acc parallel loop gang vector vector_length(100) /* { dg-warning "gangway: using vector_length \\(32\\), ignoring 100: the cpu device.s vectors are at most 64 lanes, and x86-64-v4 code runs 32 at once" } */
  for (int i = 0; i < 1000; i++)
    a[i] = i;

#pragma acc parallel loop gang vector vector_length(32)
  for (int i = 0; i < 1000; i++)
    a[i] += i;
}

/* GCC names the region's function in a context line.  */
